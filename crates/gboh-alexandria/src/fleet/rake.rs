//! The rake (reconstructed): at Attack speed, a galley passes along an
//! enemy's side and shears its oars. The target lies in the raker's bow
//! quarter and the raker beside the target (in one of its quarters); a d10
//! plus the size difference on the rake table: Raked halves the MA (5.42),
//! a second rake or a high roll Cripples. Crew quality modifies the roll as
//! for the ram.

use gboh_core::facing::Direction;

use super::state::{Quarter, Speed};
use super::tables::{RakeResult, lookup};
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Rolled};

/// Rakes `target` with the moving galley.
pub(crate) fn rake(
    game: &mut FleetGame,
    cx: &Ctx,
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
    if g.speed != Speed::Attack {
        return Err(FleetError::NeedAttack);
    }
    if g.stopped || g.immobile() {
        return Err(FleetError::Stopped);
    }
    if t.in_slip {
        return Err(FleetError::InSlip);
    }
    if t.crippled {
        return Err(FleetError::Geometry("the target's oars are already gone (crippled)"));
    }
    let mine = Direction::between(g.hex, t.hex).map(|d| Quarter::of(g.heading, d));
    let theirs = Direction::between(t.hex, g.hex).map(|d| Quarter::of(t.heading, d));
    if mine != Some(Quarter::BowQuarter)
        || !matches!(theirs, Some(Quarter::BowQuarter | Quarter::SternQuarter))
    {
        return Err(FleetError::Geometry(
            "a rake passes alongside: the target in the raker's bow quarter, the raker beside it (reconstructed)",
        ));
    }
    let cost = u8::try_from(cx.t.rake.mp.value.max(0)).unwrap_or(0);
    if g.remaining() < cost {
        return Err(FleetError::NotEnoughMp { left: g.remaining(), cost });
    }
    let size = |c| cx.t.class(c).map_or(0, |c| c.ram_size);
    let modifier = i32::from(size(g.class)) - i32::from(size(t.class))
        + i32::from(cx.t.crew(&g.id))
        - i32::from(cx.t.crew(&t.id));
    let face = game.dice.d10()?.face;
    let total = i32::from(face) + modifier;
    let result =
        lookup(&cx.t.rake.rows, total).ok_or(FleetError::Data("rake table has no row".into()))?;
    game.galley_mut(i)?.spent += cost;
    let t = game.galley_mut(target)?;
    match result {
        RakeResult::Missed => {}
        RakeResult::Raked if !t.halved => t.halved = true,
        RakeResult::Raked | RakeResult::Crippled => t.crippled = true,
    }
    ev.push(Event::Raked { galley: i, target, roll: Rolled { face, total }, result });
    Ok(())
}
