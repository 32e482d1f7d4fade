//! 10.7 Tribal Withdrawal: a tribe whose routed and eliminated units reach its
//! Withdrawal rating is withdrawn at the end of that activation (10.71): its
//! units leave the map, those inside the works routed (or eliminated if
//! already reduced, 10.73). A tribe whose eliminated units reach the rating is
//! gone for later Assault Periods (10.74). The Alesia Force counts as a tribe
//! (5.66: rating 18).
//!
//! Losses are counted from the units' status, so units lost in earlier
//! Assault Periods count (10.71) and recovered units do not. A Cavalry
//! Counter's units are those the counter mix deals it ([`UnitInfo::counter`]).
//! Whether the Gauls retire (3.1) is [`Alesia::gauls_retire`].
//!
//! A withdrawal lasts "for the remainder of the Assault Period" (10.72): when
//! the next one starts ([`start_of_period`]) a withdrawn tribe is back off the
//! map, unplaced, to be assigned and brought in again (5.31, 5.41-5.42),
//! unless its Eliminated units have reached its Withdrawal level (10.74).
//!
//! [`UnitInfo::counter`]: crate::game::UnitInfo::counter

use crate::game::AlesiaField;
use crate::map::{Region, SiegeWorks};
use gboh_core::game::Event;
use gboh_core::unit::Status;

use crate::combat::action::CombatEvent;
use crate::combat::terrain::is_rampart;
use crate::game::{CounterIdx, CounterState, Membership, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};

fn members(game: &Alesia, of: impl Fn(Membership) -> bool) -> Vec<Uid> {
    game.setup()
        .units
        .iter()
        .enumerate()
        .filter(|(_, i)| of(i.membership))
        .map(|(i, _)| Uid(u16::try_from(i).unwrap_or(u16::MAX)))
        .collect()
}

fn tribe_units(game: &Alesia, c: CounterIdx) -> Vec<Uid> {
    game.setup()
        .units
        .iter()
        .enumerate()
        .filter(|(_, i)| i.counter == Some(c))
        .map(|(i, _)| Uid(u16::try_from(i).unwrap_or(u16::MAX)))
        .collect()
}

fn count(game: &Alesia, units: &[Uid], routed_too: bool) -> u8 {
    let n = units
        .iter()
        .filter(|&&u| {
            game.field.unit(u).is_some_and(|s| {
                s.cohesion.status == Status::Eliminated
                    || (routed_too && s.cohesion.status == Status::Routed)
            })
        })
        .count();
    u8::try_from(n).unwrap_or(u8::MAX)
}

/// 10.71: the routed and eliminated units of counter `c`'s tribes (or of a
/// Cavalry Counter's share of the pool).
#[must_use]
pub fn losses(game: &Alesia, c: CounterIdx) -> u8 {
    count(game, &tribe_units(game, c), true)
}

/// 10.74: whether counter `c`'s tribes may be used in the next Assault Period.
#[must_use]
pub fn available_next_period(game: &Alesia, c: CounterIdx) -> bool {
    let rating = game.setup().counters.get(c.index()).map_or(0, |i| i.withdrawal);
    count(game, &tribe_units(game, c), false) < rating
}

/// 10.74 for the Alesia Force.
#[must_use]
pub fn alesia_force_available_next_period(game: &Alesia) -> bool {
    let units = members(game, |m| m == Membership::AlesiaForce);
    count(game, &units, false) < game.setup().mix.alesia_force().withdrawal
}

/// 10.72, 10.74: at the start of a new Assault Period (after the Recovery
/// Phase, 10.6, and 5.65), ends the withdrawals of the period before.
///
/// - A withdrawn Tribal or Cavalry Counter is off the map and unplaced again
///   (5.46 removed it): not withdrawn, not committed (3.1), unassigned (5.31).
///   If 10.74 bars it, [`available_next_period`] keeps it out of planning and
///   entry; otherwise it is assigned and brought in like any other tribe. Its
///   units off the map wait inside it as they are: those that were not routed
///   keep their status (10.72: "keep the Routed units separate"), the routed
///   ones have recovered Reduced or been eliminated (10.63); none is routed
///   any more. Their markers and flags go (the text is silent; they come back
///   in as from a new counter, so 5.49's 12-hex leash holds again).
/// - A counter still on the map that has units waiting in it again (recovered
///   ones, 10.63: "available for use in the next Assault Period") shows its
///   units side (5.47): they come on atop it like any others (5.48).
/// - The Alesia Force's withdrawal likewise lasts one period; it stays out if
///   10.74 bars it (with 10.63 eliminating its routed units, a withdrawn Alesia
///   Force always has its 18 Eliminated by then).
pub fn start_of_period(game: &mut Alesia) {
    let setup = game.setup().clone();
    for (i, info) in setup.counters.iter().enumerate() {
        let c = CounterIdx(u8::try_from(i).unwrap_or(u8::MAX));
        let lost = losses(game, c);
        let waiting = info.units.iter().any(|&u| game.field.unit(u).is_some_and(waits_inside));
        let Some(state) = game.field.counter_mut(c) else {
            continue;
        };
        state.losses = lost;
        if state.withdrawn {
            *state = CounterState { losses: lost, ..CounterState::UNPLACED };
            for &u in &info.units {
                if let Some(s) = game.field.unit_mut(u)
                    && s.at.is_none()
                {
                    s.flags = UnitFlags::EMPTY;
                }
            }
        } else if state.at.is_some() && waiting {
            state.flipped = false;
        }
    }
    game.turn.combat.alesia_force_withdrawn = !alesia_force_available_next_period(game);
}

/// Whether a unit off the map waits inside its Tribal or Cavalry Counter: not
/// routed (in the Gallic Camp, 10.44) nor eliminated. Reduced units do too once
/// they are back from a withdrawal or from Recovery (10.63).
#[must_use]
pub fn waits_inside(unit: &crate::game::UnitState) -> bool {
    unit.at.is_none() && matches!(unit.cohesion.status, Status::Fresh | Status::Reduced)
}

/// 10.71: at the end of an activation, updates each Tribal Counter's losses
/// and withdraws every tribe (and the Alesia Force) at its Withdrawal level.
pub fn end_of_activation(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) {
    let setup = game.setup().clone();
    for (i, info) in setup.counters.iter().enumerate() {
        let c = CounterIdx(u8::try_from(i).unwrap_or(u8::MAX));
        let lost = losses(game, c);
        let Some(state) = game.field.counter_mut(c) else {
            continue;
        };
        state.losses = lost;
        if state.withdrawn || state.at.is_none() || lost < info.withdrawal {
            continue;
        }
        state.withdrawn = true;
        let units = tribe_units(game, c);
        withdraw(game, &units);
        events.push(Event::new(
            "10.71",
            AlesiaEvent::Combat(CombatEvent::Withdrawn { tribe: info.id.clone() }),
        ));
    }
    let force = members(game, |m| m == Membership::AlesiaForce);
    if !game.turn.combat.alesia_force_withdrawn
        && count(game, &force, true) >= setup.mix.alesia_force().withdrawal
    {
        game.turn.combat.alesia_force_withdrawn = true;
        withdraw(game, &force);
        events.push(Event::new(
            "10.71",
            AlesiaEvent::Combat(CombatEvent::Withdrawn { tribe: "Alesia".to_owned() }),
        ));
    }
}

/// 10.72, 10.73: takes `units` off the map; those on a Rampart or inside the
/// works are routed, or eliminated if already reduced (or unable to rout).
fn withdraw(game: &mut Alesia, units: &[Uid]) {
    for &u in units {
        let Some(at) = game.field.unit(u).and_then(|s| s.at) else {
            continue;
        };
        let inside =
            is_rampart(&game.field, at) || game.setup().board.region(at) == Some(Region::Inside);
        let routs =
            game.setup().unit(u).is_some_and(|i| i.profile.routs && i.profile.has_reduced_side());
        if inside && let Some(s) = game.field.unit_mut(u) {
            s.cohesion.status = match s.cohesion.status {
                Status::Fresh if routs => Status::Routed,
                Status::Fresh | Status::Reduced => Status::Eliminated,
                other => other,
            };
        }
        game.field.remove_unit(u);
    }
}
