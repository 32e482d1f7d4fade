//! The Recovery Phase between two periods of play: each routed unit comes
//! back on its reduced side with no hits, or is eliminated; each unit that
//! did not rout removes half its hits, rounded down (Alesia 10.6).
//!
//! The game says how a routed unit comes back ([`Effects::routed_recovery`]:
//! by the family's roll at or under its printed TQ unless the game says
//! otherwise; Alesia's Romans flip without a roll, 10.62, and its Alesia
//! Force's routed units are eliminated, 10.63).
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::facing::Facing;
//! use gboh_simple::doc_game::TinyBattle;
//! use gboh_simple::rules::effects::take_hits;
//! use gboh_simple::rules::recovery::recovery_phase;
//! use gboh_simple::{SimpleEvent, Uid};
//! let mut battle = TinyBattle::new();
//! let hex = battle.field.setup().board.hex_of("T0303").unwrap();
//! battle.field.move_unit(Uid(1), hex, Facing::Twelve).unwrap();
//! let mut events = Vec::new();
//! take_hits(&mut battle, Uid(1), 3, "8.14", &mut events);
//! events.clear();
//! // No unit is routed: no die is rolled; 3 hits, half removed (1).
//! recovery_phase(&mut battle, &mut Dice::scripted([]), &mut events).unwrap();
//! assert!(matches!(events[0].what, SimpleEvent::HitsRemoved { unit: Uid(1), removed: 1 }));
//! ```

use std::sync::Arc;

use gboh_core::dice::{Dice, DiceError, Die};
use gboh_core::game::Event;
use gboh_core::unit::Status;

use crate::event::SimpleEvent;
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, eliminate, report};

/// How a routed unit fares in the Recovery Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoutedRecovery {
    /// It flips to its reduced side with no hits, without a roll
    /// ([`Rule::RecoveryWithoutRoll`]; Alesia 10.62, the Romans).
    Recovers,
    /// It rolls a die: at or under its printed TQ it recovers, above it is
    /// eliminated ([`Rule::RecoveryRoll`]; Alesia 10.63, the Gauls).
    Rolls,
    /// It is eliminated without a roll ([`Rule::RecoveryDenied`]; Alesia
    /// 10.63, the Alesia Force).
    Eliminated,
}

/// Runs the Recovery Phase over every unit, in [`Uid`] order: routed units
/// recover or are eliminated as the game says ([`Effects::routed_recovery`]),
/// reported as [`SimpleEvent::Recovered`] with the roll if there was one;
/// every other unit in play with hits removes half of them
/// ([`Rule::RecoveryHits`], [`SimpleEvent::HitsRemoved`]).
///
/// # Errors
/// Only when scripted dice run out.
pub fn recovery_phase<E: Effects + ?Sized>(
    e: &mut E,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), DiceError> {
    let setup = Arc::clone(e.field().setup());
    for i in 0..setup.unit_count() {
        let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        let (Some(state), Some(profile)) = (e.field().unit(uid).copied(), setup.unit_profile(uid))
        else {
            continue;
        };
        match state.cohesion.status {
            Status::Routed => {
                let how = e.routed_recovery(uid);
                let (recovered, roll, rule) = match how {
                    RoutedRecovery::Recovers => (true, None, Rule::RecoveryWithoutRoll),
                    RoutedRecovery::Eliminated => (false, None, Rule::RecoveryDenied),
                    RoutedRecovery::Rolls => {
                        let roll = dice.roll(Die::D10)?;
                        (roll.face <= profile.tq.0, Some(roll), Rule::RecoveryRoll)
                    }
                };
                let section = <E::Game as SimpleGame>::section(rule);
                if recovered {
                    if let Some(u) = e.field_mut().unit_mut(uid) {
                        u.cohesion.recover(profile);
                    }
                } else {
                    eliminate(e, uid, section, events);
                }
                let rolls: Vec<_> = roll.into_iter().collect();
                report::<E>(
                    events,
                    section,
                    SimpleEvent::Recovered { unit: uid, recovered },
                    &rolls,
                );
            }
            Status::Fresh | Status::Reduced if state.cohesion.hits > 0 => {
                let removed = e
                    .field_mut()
                    .unit_mut(uid)
                    .map_or(0, |u| u.cohesion.remove_hits(state.cohesion.hits / 2));
                if removed > 0 {
                    let section = <E::Game as SimpleGame>::section(Rule::RecoveryHits);
                    report::<E>(
                        events,
                        section,
                        SimpleEvent::HitsRemoved { unit: uid, removed },
                        &[],
                    );
                }
            }
            _ => {}
        }
    }
    Ok(())
}
