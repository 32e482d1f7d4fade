//! Boarding combat (3.0 C; reconstructed, self-contained here): between
//! grappled galleys, a shock-like fight on deck. Each side's strength is
//! its marines plus half the TQ of each land unit aboard; the attacker rolls
//! a d10 plus the difference on the boarding table. The loser of a decided
//! fight loses a land unit aboard; a defender with none left is captured
//! (its MA halved, 5.42).

use gboh_core::Side;

use super::state::GalleyState;
use super::tables::{BoardingResult, FleetTables, lookup};
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Rolled};

/// A galley's boarding strength: marines plus TQ / divisor per land unit.
#[must_use]
pub(crate) fn strength(t: &FleetTables, g: &GalleyState) -> i32 {
    let div = i32::from(t.boarding.tq_divisor.value.max(1));
    let marines = t.class(g.class).map_or(0, |c| i32::from(c.marines));
    marines + g.troops().map(|p| i32::from(p.tq) / div).sum::<i32>()
}

/// Removes the weakest land unit aboard `i` (ties: the last listed), if any.
fn lose_troop(game: &mut FleetGame, i: GalleyIx, ev: &mut Vec<Event>) -> Result<bool, FleetError> {
    let g = game.galley_mut(i)?;
    let k = g
        .aboard
        .iter()
        .enumerate()
        .filter(|(_, p)| !p.leader)
        .min_by_key(|(k, p)| (p.tq, usize::MAX - k))
        .map(|(k, _)| k);
    let Some(k) = k else { return Ok(false) };
    let p = g.aboard.remove(k);
    let side = g.side;
    ev.push(Event::UnitLost { unit: p.id.clone(), galley: i });
    game.eliminated.push((p.id, side));
    Ok(true)
}

/// Boarding combat from `i` against the grappled `target`.
pub(crate) fn board(
    game: &mut FleetGame,
    cx: &Ctx,
    i: GalleyIx,
    target: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let g = game.galley(i)?;
    if g.side != game.active {
        return Err(FleetError::NotYours);
    }
    if g.boarded {
        return Err(FleetError::Boarding("a galley boards once per activation"));
    }
    if !g.grappled.contains(&target) {
        return Err(FleetError::Boarding("boarding needs the two galleys grappled"));
    }
    let t = game.galley(target)?;
    if t.side == g.side {
        return Err(FleetError::Boarding("not a friendly galley"));
    }
    let (a, d) = (strength(cx.t, g), strength(cx.t, t));
    let face = game.dice.d10()?.face;
    let total = i32::from(face) + a - d;
    let result = lookup(&cx.t.boarding.rows, total)
        .ok_or(FleetError::Data("boarding table has no row".into()))?;
    game.galley_mut(i)?.boarded = true;
    ev.push(Event::Boarding {
        galley: i,
        target,
        strengths: (a, d),
        roll: Rolled { face, total },
        result,
    });
    let max = u8::try_from(cx.t.movement.max_fatigue.value.max(0)).unwrap_or(0);
    match result {
        BoardingResult::Melee => {}
        BoardingResult::Repulsed => {
            if !lose_troop(game, i, ev)? {
                let g = game.galley_mut(i)?;
                g.fatigue = (g.fatigue + 1).min(max);
                ev.push(Event::Tired { galley: i, fatigue: g.fatigue });
            }
        }
        BoardingResult::Carried => {
            if !lose_troop(game, target, ev)? {
                capture(game, i, target, ev)?;
            }
        }
    }
    Ok(())
}

/// The defender is captured: its leaders are lost, grapples and fouls cut,
/// it changes side with its MA halved (5.42).
fn capture(
    game: &mut FleetGame,
    by: GalleyIx,
    target: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let side: Side = game.galley(by)?.side;
    let t = game.galley_mut(target)?;
    let old = t.side;
    let leaders: Vec<_> = t.aboard.drain(..).collect();
    let partners: Vec<GalleyIx> = t.grappled.drain(..).chain(t.fouled.take()).collect();
    t.side = side;
    t.captured = true;
    t.declared = Some(0);
    t.done = true;
    for p in leaders {
        ev.push(Event::UnitLost { unit: p.id.clone(), galley: target });
        game.eliminated.push((p.id, old));
    }
    for j in partners {
        if let Some(h) = game.galleys.get_mut(j) {
            h.grappled.retain(|&x| x != target);
            if h.fouled == Some(target) {
                h.fouled = None;
            }
        }
    }
    ev.push(Event::Captured { galley: target, by: side });
    Ok(())
}
