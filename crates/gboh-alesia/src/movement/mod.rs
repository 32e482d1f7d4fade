//! 6.0 Movement (stub: replaced by the movement work).

use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::game::Uid;
use crate::protocol::Alesia;

/// A movement decision.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MoveAction {
    /// Move `unit` to `to`, ending with `facing`.
    Move {
        /// The unit.
        unit: Uid,
        /// Destination.
        to: Hex,
        /// Final facing.
        facing: Facing,
    },
}

/// What a move will cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovePreview {
    /// MP spent.
    pub mp: u8,
}

/// What a move did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum MoveEvent {
    /// A unit moved.
    Moved {
        /// The unit.
        unit: Uid,
        /// Where to.
        to: Hex,
    },
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not implemented yet.
    #[error("6.0: movement is not implemented yet")]
    NotImplemented,
}

/// Appends every legal movement action for the active command.
pub fn legal(_game: &Alesia, _out: &mut Vec<MoveAction>) {}

/// Validates a movement action.
///
/// # Errors
/// Why it is illegal.
pub fn check(_game: &Alesia, _action: &MoveAction) -> Result<MovePreview, MoveError> {
    Err(MoveError::NotImplemented)
}

/// Performs a checked movement action.
///
/// # Errors
/// Why it is illegal.
pub fn perform(
    _game: &mut Alesia,
    _action: MoveAction,
    _dice: &mut Dice,
    _events: &mut Vec<Event<crate::protocol::AlesiaEvent>>,
) -> Result<(), MoveError> {
    Err(MoveError::NotImplemented)
}
