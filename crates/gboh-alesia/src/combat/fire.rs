//! 8.11-8.13 Missile Fire by the active player: which active units may fire
//! now, at what, and what firing does to their movement.
//!
//! Each active unit with missiles fires once per activation (8.12),
//! artillery twice in Fire mode and not if it moved (8.12, 8.54); before,
//! during or after its movement, but not after moving away from the target
//! (8.12, from the hexes movement records with [`super::record_step`]); at an
//! enemy in its ZOC if there is one (8.13). A javelin unit's fire at two hexes
//! or more is Hit and Run (8.19). The target's units may fire back (8.63).

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use super::action::{CombatAction, CombatError};
use super::missile::{self, Shot, ShotKind, ShotSpec};
use super::state::{activation, activation_mut};
use super::{hit_and_run, reaction, terrain};
use crate::game::{Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::MissileColumn;

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(rule, why)
}

/// Whether `uid` is a unit of the active command, on the map, in an
/// activation whose movement and fire are not over.
///
/// # Errors
/// Why it may not act.
pub fn active_unit(game: &Alesia, uid: Uid) -> Result<(), CombatError> {
    let Some(cmd) = game.active_command() else {
        return Err(illegal("5.1", "no activation is under way"));
    };
    if activation(game).is_some_and(|a| a.shock.is_some()) {
        return Err(illegal("9.0", "movement and fire are over: shock has begun"));
    }
    if !cmd.covers(&game.field, uid) || game.field.unit(uid).and_then(|s| s.at).is_none() {
        return Err(illegal("4.13", "that unit is not an active unit on the map"));
    }
    if game.field.unit(uid).is_some_and(|s| s.flags.has(UnitFlags::SOLE_ACTION)) {
        return Err(illegal("10.5", "the unit has used its only action this activation"));
    }
    Ok(())
}

/// Validates active fire by `uid` at `target` and aims it.
///
/// # Errors
/// The first rule it breaks.
pub fn check(game: &Alesia, uid: Uid, target: Hex, will_move: bool) -> Result<Shot, CombatError> {
    active_unit(game, uid)?;
    let field = &game.field;
    let (Some(info), Some(s)) = (game.setup().unit(uid), field.unit(uid)) else {
        return Err(illegal("2.2", "no such unit"));
    };
    let Some(from) = s.at else {
        return Err(illegal("2.2", "not on the map"));
    };
    let moved = s.flags.has(UnitFlags::MOVED);
    if info.unit_type().is_artillery() {
        if !s.flags.has(UnitFlags::FIRE_MODE) {
            return Err(illegal("8.54", "artillery fires only in Fire mode"));
        }
        if s.fires >= 2 {
            return Err(illegal("8.54", "artillery fires twice per activation"));
        }
        if moved {
            return Err(illegal("8.12", "artillery may move or fire, not both"));
        }
    } else if s.fires >= 1 {
        return Err(illegal("8.12", "each active unit fires once per activation"));
    }
    if will_move && (moved || !missile::moving_matters(game, uid)) {
        return Err(illegal(
            "8.17",
            "only a foot archer or mounted missile unit that has not moved declares that it will move",
        ));
    }
    if let Some((_, track)) =
        activation(game).and_then(|a| a.tracks.iter().find(|(u, _)| *u == uid))
    {
        let away = track
            .windows(2)
            .any(|w| matches!(w, [a, b] if b.unsigned_distance_to(target) > a.unsigned_distance_to(target)));
        if away {
            return Err(illegal("8.12", "a unit may not fire after moving away from its target"));
        }
    }
    let range = from.unsigned_distance_to(target);
    let column = missile::column_of(game, uid);
    let hit_and_run = column == Some(MissileColumn::Javelin) && range > 1;
    if hit_and_run {
        hit_and_run::check(game, uid, target)?;
    }
    let zoc = missile::zoc_targets(game, uid);
    if !zoc.is_empty() && !zoc.contains(&target) {
        return Err(illegal("8.13", "an enemy in the firing unit's ZOC must be the target"));
    }
    let spec = ShotSpec {
        firer: uid,
        from,
        hits: s.cohesion.hits,
        target,
        only: None,
        kind: if hit_and_run { ShotKind::HitAndRun } else { ShotKind::Active },
        moved: moved || will_move || (hit_and_run && info.unit_type().is_cavalry()),
    };
    missile::aim(game, &spec)
}

/// Every legal active fire, in unit, then target board, order.
pub fn legal(game: &Alesia, out: &mut Vec<CombatAction>) {
    let Some(cmd) = game.active_command() else {
        return;
    };
    let Some(side) = game.turn.current.as_ref().map(|a| a.side) else {
        return;
    };
    let board = &game.setup().board;
    let shooters: Vec<(Uid, MissileColumn, Hex)> = game
        .command_units(cmd)
        .filter_map(|uid| {
            let column = missile::column_of(game, uid)?;
            Some((uid, column, game.field.unit(uid)?.at?))
        })
        .collect();
    if shooters.is_empty() {
        return;
    }
    // The enemy-held hexes in board order.
    let mut enemy: Vec<usize> = game
        .field
        .units()
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            terrain::side_of(&game.field, Uid(u16::try_from(*i).unwrap_or(u16::MAX)))
                == Some(side.opponent())
        })
        .filter_map(|(_, u)| u.at.and_then(|h| board.index(h)))
        .collect();
    enemy.sort_unstable();
    enemy.dedup();
    let enemy_hexes: Vec<Hex> = enemy.into_iter().filter_map(|i| board.hex_at(i)).collect();
    for (uid, column, from) in shooters {
        let reach = u32::from(missile::max_range(game, uid, column)).max(4);
        let declare = missile::moving_matters(game, uid)
            && game.field.unit(uid).is_some_and(|s| !s.flags.has(UnitFlags::MOVED));
        for &target in &enemy_hexes {
            if from.unsigned_distance_to(target) > reach {
                continue;
            }
            for will_move in [false, true] {
                if (will_move && !declare) || check(game, uid, target, will_move).is_err() {
                    continue;
                }
                out.push(CombatAction::Fire { unit: uid, target, will_move });
            }
        }
    }
}

/// Fires (a checked action): resolves the shot, then opens Return Fire (8.63)
/// for the target's units, whose shots are aimed as things stood before it
/// (8.6: simultaneous).
///
/// # Errors
/// Only when scripted dice run out.
pub fn fire(
    game: &mut Alesia,
    uid: Uid,
    target: Hex,
    will_move: bool,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let shot = check(game, uid, target, will_move)?;
    let answers = reaction::return_fire(game, &shot);
    missile::resolve(game, &shot, dice, events)?;
    let artillery = game.setup().unit(uid).is_some_and(|i| i.unit_type().is_artillery());
    let hit_and_run = shot.spec.kind == ShotKind::HitAndRun;
    let stays =
        artillery || hit_and_run || (!shot.spec.moved && missile::moving_matters(game, uid));
    let ma = game.setup().unit(uid).map_or(0, |i| i.profile.ma);
    if let Some(s) = game.field.unit_mut(uid) {
        s.fires = s.fires.saturating_add(1);
        if hit_and_run {
            // 8.19: it takes the unit's entire Movement Allowance.
            s.mp_spent = s.mp_spent.max(ma);
            s.flags.set(UnitFlags::DONE_MOVING, true);
        }
    }
    if stays
        && let Some(a) = activation_mut(game)
        && !a.may_not_move.contains(&uid)
    {
        a.may_not_move.push(uid);
    }
    reaction::open(game, super::state::ReactionKind::Return, answers);
    Ok(())
}
