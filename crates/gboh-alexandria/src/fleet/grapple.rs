//! The grapple (reconstructed): at either speed, grapnels at an adjacent
//! enemy galley (one in a Slip too, 5.27); a d10 at or under the grapple
//! number holds the two together for boarding. The attempt ends the
//! grappler's movement (a 5.43 exception, like the ram). The grappler's crew
//! quality is added to the grapple number and the target's taken away.

use super::tables::GrappleTable;
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx};
use crate::map::areas;

/// The grapple target number for marines `mine` against `theirs`.
fn need(t: &GrappleTable, mine: u8, theirs: u8) -> i32 {
    i32::from(t.base.value) + if mine > theirs { i32::from(t.marines_edge.value) } else { 0 }
}

/// Grapples `target` from the moving galley.
pub(crate) fn grapple(
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
    if g.stopped {
        return Err(FleetError::Stopped);
    }
    if g.hex.unsigned_distance_to(t.hex) != 1 {
        return Err(FleetError::Geometry("grapnels reach an adjacent galley"));
    }
    if g.grappled.contains(&target) {
        return Err(FleetError::Geometry("already grappled to that galley"));
    }
    let b = cx.map.board();
    if b.in_area(areas::OVERPASSES, g.hex) || b.in_area(areas::OVERPASSES, t.hex) {
        return Err(FleetError::Overpass);
    }
    let marines = |c| cx.t.class(c).map_or(0, |c| c.marines);
    let need = need(&cx.t.grapple, marines(g.class), marines(t.class))
        + i32::from(cx.t.crew(&g.id))
        - i32::from(cx.t.crew(&t.id));
    let cost = u8::try_from(cx.t.grapple.mp.value.max(0)).unwrap_or(0).min(g.remaining());
    let face = game.dice.d10()?.face;
    let success = i32::from(face) <= need;
    let g = game.galley_mut(i)?;
    g.spent += cost;
    g.stopped = true;
    if success {
        g.grappled.push(target);
        g.grappled.sort_unstable();
        let t = game.galley_mut(target)?;
        t.grappled.push(i);
        t.grappled.sort_unstable();
    }
    ev.push(Event::Grappled { galley: i, target, face, need, success });
    Ok(())
}
