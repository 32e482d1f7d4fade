//! 9.0 Shock Combat, in 9.2's order, each step for every attack before the
//! next: designation (9.21), Retreat Before Shock and pursuit (9.22),
//! Pre-Shock Checks (9.23), leader casualties (9.24), resolution in the
//! order the attacker picks (9.25, with Continued Shock, 10.3), advance after
//! combat (9.3).
//!
//! The sequence is the engine's ([`gboh_simple::rules::shock_steps`]):
//! [`decision`] says what the stage waits for, [`decide`] applies the answer,
//! [`step`] does what needs no decision. Alesia's part lives in the
//! submodules' hooks.

pub mod advance;
pub mod designation;
pub mod leader_casualty;
pub mod pre_shock;
pub mod resolution;
pub mod retreat_before_shock;

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_simple::rules::shock_steps as steps;

use super::action::{CombatAction, CombatError, CombatPending};
use super::state::{Attack, ShockState, activation, activation_mut};
use crate::protocol::{Alesia, AlesiaEvent};

pub use gboh_simple::rules::resolution::preview;

/// The shock under way, if any.
#[must_use]
pub fn state(game: &Alesia) -> Option<&ShockState> {
    activation(game)?.shock.as_ref()
}

/// The shock under way, mutably.
pub fn state_mut(game: &mut Alesia) -> Option<&mut ShockState> {
    activation_mut(game)?.shock.as_mut()
}

/// Attack `k`.
#[must_use]
pub fn attack(game: &Alesia, k: u8) -> Option<&Attack> {
    state(game)?.attacks.get(usize::from(k))
}

/// Attack `k`, mutably.
pub fn attack_mut(game: &mut Alesia, k: u8) -> Option<&mut Attack> {
    state_mut(game)?.attacks.get_mut(usize::from(k))
}

/// What the shock waits for, if anything: who decides and every legal answer
/// (the engine's [`steps::decision`]).
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    steps::decision(game)
}

/// Applies a decision (one of [`decision`]'s answers; the engine's
/// [`steps::decide`]).
///
/// # Errors
/// If the action does not answer the stage; dice errors.
pub fn decide(
    game: &mut Alesia,
    action: &CombatAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    steps::decide(game, action, dice, events)
}

/// Does what the stage needs no decision for (the engine's [`steps::step`]).
/// Returns whether anything happened.
///
/// # Errors
/// Only when scripted dice run out.
pub fn step(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<bool, CombatError> {
    steps::step(game, dice, events)
}
