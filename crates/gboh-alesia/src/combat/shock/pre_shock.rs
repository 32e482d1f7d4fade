//! 9.23 Pre-Shock Check: when an attacker Must Attack (9.11), each defending
//! stack checks the TQ of its top infantry unit (6.67): a roll above it costs
//! one hit and a retreat of one hex, or two more hits if it cannot retreat.
//! Not for a Rampart hex attacked from below, nor for voluntary attacks
//! (9.12); attackers never check.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::table::Distribution;
use gboh_simple::rules::{pre_shock, shock};
use hexx::Hex;

use crate::combat::action::CombatError;
use crate::protocol::{Alesia, AlesiaEvent};

/// The defending hexes of attack `k` that take the check, with the TQ they
/// check against (the engine's [`pre_shock::checks`]).
#[must_use]
pub fn checks(game: &Alesia, k: u8) -> Vec<(Hex, u8)> {
    pre_shock::checks(game, k)
}

/// The exact chance a stack with `tq` passes (a roll at or under its TQ).
#[must_use]
pub fn odds(tq: u8) -> Distribution<bool> {
    shock::pre_shock_odds(tq)
}

/// Rolls every Pre-Shock Check, queueing the hits and retreats of those that
/// fail (the engine's [`pre_shock::roll_checks`]).
///
/// # Errors
/// Only when scripted dice run out.
pub fn run(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    Ok(pre_shock::roll_checks(game, dice, events)?)
}
