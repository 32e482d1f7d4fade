//! 9.24 the Diekplus (Reconstructed). The errata give its number and one
//! ruling: no Diekplus that needs a turn to port or starboard to enter the
//! enemy's bow or stern hex, nor a turn inside it. War Galley's diekplus is
//! the breakthrough: a galley at Attack speed rows through a gap in the
//! enemy line, shearing the oars of a ship it passes, and comes out behind
//! the line.
//!
//! Here: the moving galley, at Attack speed and with way on (it has rowed
//! straight on at least `diekplus.min_forward` hexes since its last turn,
//! so no turn brings it into the gap), rows into its bow hex, the gap, where
//! two enemy galleys lie on opposite sides of it (the gap between them).
//! It pays the hex's MP, and rakes one of the two in passing: a d10 on the
//! rake table with the rake's modifiers (size and crew), at no further MP.
//! An original roll at or under `diekplus.foul_on` catches it between the
//! two: it fouls the galley it raked and stops. It may not turn inside the
//! gap (errata). The gap must be open water (no Slip, Shoals or overpass).
//!
//! ```text
//!        gap      the galley G heads NE with way on; E1 and E2 lie on
//!   E1 [   ] E2   opposite sides of its bow hex: G rows into the gap
//!        G        and rakes E1 or E2 in passing
//! ```

use gboh_core::facing::Direction;

use super::movement;
use super::state::Speed;
use super::tables::{RakeResult, lookup};
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Rolled};
use crate::map::areas;

/// The pairs of enemy galleys on opposite sides of the bow hex (the gap) of
/// `galley`, across its course (never ahead of or behind the gap), in
/// direction order.
pub(crate) fn flanking(game: &FleetGame, galley: GalleyIx) -> Vec<(GalleyIx, GalleyIx)> {
    let Ok(g) = game.galley(galley) else { return Vec::new() };
    let gap = g.bow();
    let enemy = |d: Direction| {
        game.galley_at(d.neighbor(gap))
            .filter(|&k| game.galleys.get(k).is_some_and(|e| e.side != g.side))
    };
    let h = g.heading.index();
    // Across the course: the pairs (h+1, h+4) and (h+2, h+5).
    [1, 2]
        .into_iter()
        .filter_map(|k| {
            let a = Direction::from_index(h + k);
            Some((enemy(a)?, enemy(a.opposite())?))
        })
        .collect()
}

/// The moving galley passes through the gap and rakes `target`.
pub(crate) fn diekplus(
    game: &mut FleetGame,
    cx: &Ctx,
    target: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = game.current.ok_or(FleetError::NoneMoving)?;
    let g = game.galley(i)?;
    if g.done {
        return Err(FleetError::AlreadyMoved);
    }
    let t = game.galley(target).map_err(|_| FleetError::BadTarget)?;
    if t.side == g.side {
        return Err(FleetError::BadTarget);
    }
    if g.speed != Speed::Attack {
        return Err(FleetError::Diekplus("only a galley at Attack speed passes through the line"));
    }
    if g.stopped || g.immobile() {
        return Err(FleetError::Stopped);
    }
    let d = &cx.t.diekplus;
    if i32::from(g.forward) < i32::from(d.min_forward.value) {
        return Err(FleetError::Diekplus(
            "no Diekplus that needs a turn to enter the gap: row straight on first (errata)",
        ));
    }
    let pairs = flanking(game, i);
    if !pairs.iter().any(|&(a, b)| a == target || b == target) {
        return Err(FleetError::Diekplus(
            "the target must be one of two enemy galleys on opposite sides of the bow hex",
        ));
    }
    let gap = g.bow();
    let b = cx.map.board();
    if [areas::SLIPS, areas::SHOALS, areas::OVERPASSES].iter().any(|a| b.in_area(a, gap)) {
        return Err(FleetError::Diekplus(
            "the gap must be open water: no Slip, Shoals or overpass (reconstructed)",
        ));
    }
    if t.in_slip {
        return Err(FleetError::InSlip);
    }
    if t.crippled {
        return Err(FleetError::Diekplus("the target's oars are already gone (crippled)"));
    }
    let cost = movement::entry(game, cx, g.side, g.hex, gap, g.heading)?;
    if g.remaining() < cost {
        return Err(FleetError::NotEnoughMp { left: g.remaining(), cost });
    }
    let size = |c| cx.t.class(c).map_or(0, |c| c.ram_size);
    let modifier = i32::from(size(g.class)) - i32::from(size(t.class))
        + i32::from(cx.t.crew(&g.id))
        - i32::from(cx.t.crew(&t.id));
    let can_foul = g.fouled.is_none() && t.fouled.is_none();
    let from = g.hex;
    let face = game.dice.d10()?.face;
    let total = i32::from(face) + modifier;
    let result =
        lookup(&cx.t.rake.rows, total).ok_or(FleetError::Data("rake table has no row".into()))?;
    let fouled = can_foul && i32::from(face) <= i32::from(d.foul_on.value);
    let g = game.galley_mut(i)?;
    g.hex = gap;
    g.spent += cost;
    g.forward = g.forward.saturating_add(1);
    g.diekplus_gap = Some(gap);
    if fouled {
        g.fouled = Some(target);
        g.stopped = true;
    }
    ev.push(Event::Moved { galley: i, from, to: gap, mp: cost, backwater: false });
    let t = game.galley_mut(target)?;
    match result {
        RakeResult::Missed => {}
        RakeResult::Raked if !t.halved => t.halved = true,
        RakeResult::Raked | RakeResult::Crippled => t.crippled = true,
    }
    if fouled {
        t.fouled = Some(i);
    }
    ev.push(Event::Diekplus {
        galley: i,
        target,
        gap,
        roll: Rolled { face, total },
        result,
        fouled,
    });
    if fouled {
        ev.push(Event::Fouled { a: i, b: target });
    }
    Ok(())
}
