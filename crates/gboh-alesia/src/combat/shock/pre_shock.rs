//! 9.23 Pre-Shock Check: when an attacker Must Attack (9.11), each defending
//! stack checks the TQ of its top infantry unit (6.67): a roll above it costs
//! one hit and a retreat of one hex, or two more hits if it cannot retreat.
//! Not for a Rampart hex attacked from below, nor for voluntary attacks
//! (9.12); attackers never check.

use gboh_core::dice::{Dice, Die};
use gboh_core::game::Event;
use gboh_core::table::Distribution;
use hexx::Hex;

use super::{resolution, state};
use crate::combat::action::{CombatError, CombatEvent};
use crate::combat::effects::hits;
use crate::combat::state::{AttackStatus, HitsCause, RetreatCause, Task, activation_mut};
use crate::combat::terrain::side_of;
use crate::game::Uid;
use crate::protocol::{Alesia, AlesiaEvent};
use gboh_simple::rules::shock;

/// The defending hexes of attack `k` that take the check, with the TQ they
/// check against.
#[must_use]
pub fn checks(game: &Alesia, k: u8) -> Vec<(Hex, u8)> {
    let field = &game.field;
    let Some(a) = super::attack(game, k) else {
        return Vec::new();
    };
    if !a.mandatory || a.continued || a.status != AttackStatus::Designated {
        return Vec::new();
    }
    let p = resolution::participants(field, a);
    shock::pre_shock_checks(field, &p)
}

/// The exact chance a stack with `tq` passes (a roll at or under its TQ).
#[must_use]
pub fn odds(tq: u8) -> Distribution<bool> {
    shock::pre_shock_odds(tq)
}

/// Rolls every Pre-Shock Check, queueing the hits and retreats of those that
/// fail.
///
/// # Errors
/// Only when scripted dice run out.
pub fn run(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let n = state(game).map_or(0, |s| s.attacks.len());
    let mut tasks = Vec::new();
    for k in 0..n {
        let Ok(k) = u8::try_from(k) else { break };
        let Some(a) = super::attack(game, k).cloned() else {
            continue;
        };
        let p = resolution::participants(&game.field, &a);
        let mut away: Vec<Hex> =
            p.attackers.iter().filter_map(|&u| game.field.unit(u).and_then(|s| s.at)).collect();
        away.dedup();
        let mut failed = false;
        for (hex, tq) in checks(game, k) {
            let roll = dice.roll(Die::D10)?;
            let passed = roll.face <= tq;
            events.push(
                Event::new(
                    "9.23",
                    AlesiaEvent::Combat(CombatEvent::PreShockCheck { hex, tq, passed }),
                )
                .with_roll(roll),
            );
            if passed {
                continue;
            }
            failed = true;
            let here: Vec<Uid> = p
                .defenders
                .iter()
                .copied()
                .filter(|&u| game.field.unit(u).is_some_and(|s| s.at == Some(hex)))
                .collect();
            let sharers = hits::sharers(&game.field, &here);
            let side = sharers.first().and_then(|&u| side_of(&game.field, u));
            let mut ordered = sharers.clone();
            ordered.extend(here.iter().copied().filter(|u| !sharers.contains(u)));
            tasks.push(Task::Hits {
                units: sharers,
                hits: 1,
                chooser: side.map_or(gboh_core::Side::Roman, |s| s.opponent()),
                cause: HitsCause::PreShock,
            });
            tasks.push(Task::RetreatStack {
                hex,
                units: ordered,
                away: away.clone(),
                cause: RetreatCause::PreShock,
                rampart_stand: false,
                attack: Some(k),
            });
        }
        if failed {
            tasks.push(Task::Vacated { attack: k, continued: false });
        }
    }
    if let Some(act) = activation_mut(game) {
        act.tasks.extend(tasks);
    }
    Ok(())
}
