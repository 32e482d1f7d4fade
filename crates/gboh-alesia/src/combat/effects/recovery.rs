//! 10.6 Recovery, in the Recovery Phase after an Assault Period with more to
//! come: routed Roman units flip to their reduced side with no hits (10.62);
//! each routed Gaul rolls, recovering on a roll at or under its printed TQ and
//! eliminated otherwise (10.63), the Alesia Force's routed units eliminated;
//! every unit that did not rout removes half its hits, rounded down (10.65).
//!
//! The lead's period sequence calls [`recovery_phase`].

use gboh_core::Side;
use gboh_core::dice::{Dice, Die};
use gboh_core::game::Event;
use gboh_core::unit::Status;

use super::rout;
use crate::combat::action::{CombatError, CombatEvent};
use crate::game::{Membership, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

/// Runs the Recovery Phase (10.6) over every unit, in [`Uid`] order.
///
/// # Errors
/// Only when scripted dice run out.
pub fn recovery_phase(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let setup = game.setup().clone();
    for (i, info) in setup.units.iter().enumerate() {
        let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        let Some(state) = game.field.unit(uid).copied() else {
            continue;
        };
        match state.cohesion.status {
            Status::Routed => {
                let (recovered, roll) = match (info.side, info.membership) {
                    (Side::Roman, _) => (true, None),
                    (_, Membership::AlesiaForce) => (false, None),
                    _ => {
                        let roll = dice.roll(Die::D10)?;
                        (roll.face <= info.profile.tq.0, Some(roll))
                    }
                };
                if recovered {
                    if let Some(u) = game.field.unit_mut(uid) {
                        u.cohesion.recover(&info.profile);
                    }
                } else {
                    rout::eliminate(game, uid, "10.63", events);
                }
                let mut e = Event::new(
                    if info.side == Side::Roman { "10.62" } else { "10.63" },
                    AlesiaEvent::Combat(CombatEvent::Recovered { unit: uid, recovered }),
                );
                if let Some(r) = roll {
                    e = e.with_roll(r);
                }
                events.push(e);
            }
            Status::Fresh | Status::Reduced if state.cohesion.hits > 0 => {
                if let Some(u) = game.field.unit_mut(uid) {
                    let removed = u.cohesion.remove_hits(state.cohesion.hits / 2);
                    if removed > 0 {
                        events.push(Event::new(
                            "10.65",
                            AlesiaEvent::Combat(CombatEvent::HitsRemoved { unit: uid, removed }),
                        ));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(())
}
