//! Collision (reconstructed): 5.43 lets a galley stop short of its
//! announced MP when it "collides with another ship", and 5.42 names
//! Movement Allowances "reduced to half through Collision"; the rule itself
//! is lost. Here a galley at Cruise speed (at Attack speed it rams) may row
//! into the enemy galley in its bow hex: it stops, the two foul if both are
//! free, and both have their MA halved (5.42). No die is rolled.

use super::state::Speed;
use super::{Event, FleetError, FleetGame, GalleyIx};

/// The moving galley collides with `target`.
pub(crate) fn collide(
    game: &mut FleetGame,
    target: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = game.current.ok_or(FleetError::NoneMoving)?;
    let g = game.galley(i)?;
    let t = game.galley(target).map_err(|_| FleetError::BadTarget)?;
    if g.done {
        return Err(FleetError::AlreadyMoved);
    }
    if t.side == g.side {
        return Err(FleetError::BadTarget);
    }
    if g.speed != Speed::Cruise {
        return Err(FleetError::Geometry(
            "at Attack speed a galley rams; collisions are at Cruise",
        ));
    }
    if g.stopped || g.immobile() {
        return Err(FleetError::Stopped);
    }
    if g.bow() != t.hex {
        return Err(FleetError::Geometry("a galley collides with the galley in its bow hex"));
    }
    if t.in_slip {
        return Err(FleetError::InSlip);
    }
    if g.remaining() == 0 {
        return Err(FleetError::NotEnoughMp { left: 0, cost: 1 });
    }
    let free = g.fouled.is_none() && t.fouled.is_none();
    for (k, partner) in [(i, target), (target, i)] {
        let x = game.galley_mut(k)?;
        x.halved = true;
        if free {
            x.fouled = Some(partner);
        }
    }
    let g = game.galley_mut(i)?;
    g.stopped = true;
    ev.push(Event::Collided { galley: i, target, fouled: free });
    Ok(())
}
