//! Fire on galleys: missile fire with fire arrows (reconstructed: the
//! marines' bows and fire pots), setting galleys On Fire; 7.32 the
//! firefighting check and 7.33 the spread to grappled or fouled galleys, in
//! the Fleet Status Phase (3.0 D 2).

use super::state::Loss;
use super::tables::{ArrowResult, FirefightResult, lookup};
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, status};

/// The moving galley looses fire arrows at `target`.
pub(crate) fn arrows(
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
    if g.fired {
        return Err(FleetError::AlreadyFired);
    }
    if g.grappled.contains(&target) || g.fouled == Some(target) {
        return Err(FleetError::Geometry(
            "fire arrows are not loosed at a galley grappled or fouled to the shooter (reconstructed)",
        ));
    }
    let range = cx.t.fire_arrows.range.value;
    if i64::from(g.hex.unsigned_distance_to(t.hex)) > i64::from(range) {
        return Err(FleetError::OutOfRange(range));
    }
    let face = game.dice.d10()?.face;
    let result = lookup(&cx.t.fire_arrows.rows, i32::from(face))
        .ok_or(FleetError::Data("fire-arrow table has no row".into()))?;
    game.galley_mut(i)?.fired = true;
    ev.push(Event::FireArrows { galley: i, target, face, result });
    let max = u8::try_from(cx.t.movement.max_fatigue.value.max(0)).unwrap_or(0);
    let t = game.galley_mut(target)?;
    match result {
        ArrowResult::SetAfire if !t.on_fire => {
            t.on_fire = true;
            ev.push(Event::CaughtFire { galley: target, from: None });
        }
        ArrowResult::Casualties => {
            t.fatigue = (t.fatigue + 1).min(max);
            ev.push(Event::Tired { galley: target, fatigue: t.fatigue });
        }
        _ => {}
    }
    Ok(())
}

/// 7.32: every burning galley of the active player checks, in index order.
pub(crate) fn firefighting(
    game: &mut FleetGame,
    cx: &Ctx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    for i in 0..game.galleys.len() {
        let burning = game.galley(i).is_ok_and(|g| g.on_fire && g.side == game.active);
        if !burning {
            continue;
        }
        let face = game.dice.d10()?.face;
        let result = lookup(&cx.t.firefighting.rows, i32::from(face))
            .ok_or(FleetError::Data("firefighting table has no row".into()))?;
        ev.push(Event::Firefighting { galley: i, face, result });
        match result {
            FirefightResult::Extinguished => game.galley_mut(i)?.on_fire = false,
            FirefightResult::Burning => {
                let g = game.galley_mut(i)?;
                g.hits = g.hits.saturating_add(1);
                status::check_hull(game, cx, i, Loss::Burned, ev)?;
            }
            FirefightResult::Burned => status::sink(game, i, Loss::Burned, ev)?,
        }
    }
    Ok(())
}

/// 7.33: from each of the active player's galleys still burning, the fire
/// may spread to each galley grappled or fouled to it.
pub(crate) fn spreading(
    game: &mut FleetGame,
    cx: &Ctx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let burning: Vec<GalleyIx> = (0..game.galleys.len())
        .filter(|&i| game.galley(i).is_ok_and(|g| g.on_fire && g.side == game.active))
        .collect();
    for from in burning {
        let Ok(g) = game.galley(from) else { continue };
        let mut near: Vec<GalleyIx> = g.grappled.iter().copied().chain(g.fouled).collect();
        near.sort_unstable();
        near.dedup();
        for to in near {
            if game.galley(to).map_or(true, |t| t.on_fire) {
                continue;
            }
            let face = game.dice.d10()?.face;
            ev.push(Event::SpreadCheck { from, to, face });
            if i32::from(face) <= i32::from(cx.t.spread_on.value) {
                game.galley_mut(to)?.on_fire = true;
                ev.push(Event::CaughtFire { galley: to, from: Some(from) });
            }
        }
    }
    Ok(())
}
