//! 10.6 Recovery, in the Recovery Phase after an Assault Period with more to
//! come: routed Roman units flip to their reduced side with no hits (10.62);
//! each routed Gaul rolls, recovering on a roll at or under its printed TQ and
//! eliminated otherwise (10.63), the Alesia Force's routed units eliminated;
//! every unit that did not rout removes half its hits, rounded down (10.65).
//!
//! The lead's period sequence calls [`recovery_phase`].

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_simple::rules::recovery;

use crate::combat::action::CombatError;
use crate::protocol::{Alesia, AlesiaEvent};

/// Runs the Recovery Phase (10.6) over every unit, in [`Uid`](crate::game::Uid)
/// order: the engine's phase ([`recovery::recovery_phase`]) with Alesia's
/// routed units' fates (`Effects::routed_recovery` on [`Alesia`]: 10.62,
/// 10.63).
///
/// # Errors
/// Only when scripted dice run out.
pub fn recovery_phase(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    recovery::recovery_phase(game, dice, events)?;
    Ok(())
}
