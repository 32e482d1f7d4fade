//! 9.24 Leader Casualties: every leader stacked with an attacking or
//! defending unit rolls; a 0, then 0-4 on a second roll, kills him.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::table::Distribution;
use gboh_simple::rules::casualties;

use crate::combat::action::CombatError;
use crate::game::Lid;
use crate::protocol::{Alesia, AlesiaEvent};

/// The leaders stacked with units of the attacks still to be fought (not
/// Continued Shock, 10.3), in [`Lid`] order (the engine's
/// [`casualties::leaders_involved`]).
#[must_use]
pub fn leaders_involved(game: &Alesia) -> Vec<Lid> {
    casualties::leaders_involved(game)
}

/// The exact chance one leader is killed (1 in 10, then 5 in 10).
#[must_use]
pub fn odds(game: &Alesia) -> Option<Distribution<bool>> {
    casualties::odds(&game.field)
}

/// Rolls for every leader involved (the engine's [`casualties::roll`]).
///
/// # Errors
/// Only when scripted dice run out.
pub fn run(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    Ok(casualties::roll(game, dice, events)?)
}
