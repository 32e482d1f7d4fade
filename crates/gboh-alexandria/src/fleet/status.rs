//! 3.0 D, the Fleet Status Phase, in order: 1. disengage fouled galleys
//! (9.44); 2. firefighting (7.32), then fire spreading (7.33), then burning
//! Slips (5.27, reconstructed); 3. rammed
//! galleys sinking (10.42 per the errata; the extract says 9.42). A sinking
//! galley drags down the galleys grappled to it (War Galley). Then the turn
//! passes.

use gboh_core::Side;

use super::state::Loss;
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Phase, fire, harbour};

/// 9.44: the active player tries to free a fouled galley of his.
pub(crate) fn disengage(
    game: &mut FleetGame,
    cx: &Ctx,
    i: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let g = game.galley(i)?;
    if g.side != game.active {
        return Err(FleetError::NotYours);
    }
    let Some(from) = g.fouled else {
        return Err(FleetError::Disengage("only a fouled galley disengages"));
    };
    if game.disengage_tried.contains(&i) || game.disengage_tried.contains(&from) {
        return Err(FleetError::Disengage("one attempt per fouled pair each Fleet Status Phase"));
    }
    let face = game.dice.d10()?.face;
    let success = i32::from(face) <= i32::from(cx.t.disengage_on.value);
    game.disengage_tried.push(i);
    if success {
        game.galley_mut(i)?.fouled = None;
        if let Some(h) = game.galleys.get_mut(from) {
            h.fouled = None;
        }
    }
    ev.push(Event::DisengageAttempt { galley: i, from, face, success });
    Ok(())
}

/// Loses galley `i` (and, War Galley, every galley grappled to it, in
/// index order), with its passengers; cuts its contacts.
pub(crate) fn sink(
    game: &mut FleetGame,
    i: GalleyIx,
    how: Loss,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let mut queue = vec![(i, how)];
    while let Some((k, how)) = queue.pop() {
        let Ok(g) = game.galley_mut(k) else { continue };
        g.lost = Some(how);
        let side: Side = g.side;
        let passengers: Vec<_> = g.aboard.drain(..).collect();
        let mut grappled: Vec<GalleyIx> = g.grappled.drain(..).collect();
        let fouled = g.fouled.take();
        ev.push(Event::Lost { galley: k, how });
        for p in passengers {
            ev.push(Event::UnitLost { unit: p.id.clone(), galley: k });
            game.eliminated.push((p.id, side));
        }
        if let Some(f) = fouled.and_then(|f| game.galleys.get_mut(f))
            && f.fouled == Some(k)
        {
            f.fouled = None;
        }
        for &j in &grappled {
            if let Some(h) = game.galleys.get_mut(j) {
                h.grappled.retain(|&x| x != k);
            }
        }
        grappled.sort_unstable_by(|a, b| b.cmp(a));
        queue.extend(grappled.into_iter().map(|j| (j, Loss::Dragged)));
        if game.current == Some(k) {
            game.current = None;
        }
    }
    Ok(())
}

/// Sinks `i` at once if its hull hits reach its class's hull (reconstructed).
pub(crate) fn check_hull(
    game: &mut FleetGame,
    cx: &Ctx,
    i: GalleyIx,
    how: Loss,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let Ok(g) = game.galley(i) else { return Ok(()) };
    let hull = cx.t.class(g.class).map_or(1, |c| c.hull);
    if g.hits >= hull {
        sink(game, i, how, ev)?;
    }
    Ok(())
}

/// 10.42: every holed galley afloat checks, in index order: a d10 below
/// `per_hole` times its holes sinks it; otherwise the holes are patched.
/// Both sides' holed galleys check (our reading of "his Rammed Galleys":
/// the galleys rammed in this activation).
fn sinking(game: &mut FleetGame, cx: &Ctx, ev: &mut Vec<Event>) -> Result<(), FleetError> {
    for i in 0..game.galleys.len() {
        let holes = match game.galley(i) {
            Ok(g) if g.holes > 0 => g.holes,
            _ => continue,
        };
        let face = game.dice.d10()?.face;
        let sank = i32::from(face) < i32::from(cx.t.sinking.per_hole.value) * i32::from(holes);
        ev.push(Event::SinkingCheck { galley: i, holes, face, sank });
        game.galley_mut(i)?.holes = 0;
        if sank {
            sink(game, i, Loss::Sunk, ev)?;
        }
    }
    Ok(())
}

/// 3.0 D 2-3 after the disengage step, then the next Player Turn.
pub(crate) fn fleet_status(
    game: &mut FleetGame,
    cx: &Ctx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    fire::firefighting(game, cx, ev)?;
    fire::spreading(game, cx, ev)?;
    harbour::slip_fires(game, cx, ev)?;
    sinking(game, cx, ev)?;
    game.active = game.active.opponent();
    game.phase = Phase::Movement;
    game.current = None;
    game.player_turn += 1;
    game.disengage_tried.clear();
    for g in &mut game.galleys {
        g.declared = None;
        g.spent = 0;
        g.forward = 0;
        g.done = false;
        g.stopped = false;
        g.fired = false;
        g.boarded = false;
        g.diekplus_gap = None;
    }
    ev.push(Event::TurnPassed { to: game.active, turn: game.player_turn });
    Ok(())
}
