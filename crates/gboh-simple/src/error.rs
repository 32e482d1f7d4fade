//! Why a piece could not be placed, and why a saved field does not fit its
//! setup.

use crate::id::{Lid, Uid};
use crate::occupancy::MAX_STACK;

/// Why a piece could not be placed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// No such unit.
    #[error("no unit {0:?}")]
    UnknownUnit(Uid),
    /// No such leader.
    #[error("no leader {0:?}")]
    UnknownLeader(Lid),
    /// The hex is off the map.
    #[error("hex off the map")]
    OffMap,
    /// The hex already holds as many units as a hex can.
    #[error("6.6: hex already holds {MAX_STACK} units")]
    StackFull,
}

/// Why a saved game does not fit its setup.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    /// The saved piece counts differ from the setup's.
    #[error("saved game has {saved} {what}, the setup {setup}")]
    CountMismatch {
        /// Which pieces.
        what: &'static str,
        /// How many the save holds.
        saved: usize,
        /// How many the setup has.
        setup: usize,
    },
    /// A saved position is off the map or overfills a hex.
    #[error("saved game places a piece illegally: {0}")]
    Place(#[from] PlaceError),
    /// A saved unit's position does not fit the map.
    #[error("saved game places unit {unit} illegally: {error}")]
    Unit {
        /// The unit's id (its index when the setup has no such unit).
        unit: String,
        /// What is wrong with its position.
        error: PlaceError,
    },
}

/// Why a combat action was refused. The message cites the played game's
/// section.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    /// The action breaks a rule.
    #[error("{rule}: {why}")]
    Illegal {
        /// The rule section.
        rule: &'static str,
        /// What is wrong, lower-case (borrowed when it is fixed text: a
        /// listing that tries many actions allocates nothing for each refusal).
        why: std::borrow::Cow<'static, str>,
    },
    /// Dice could not be rolled (scripted dice ran out).
    #[error("2.3: {0}")]
    Dice(String),
}

impl CombatError {
    /// An illegal action under `rule`.
    pub fn illegal(
        rule: &'static str,
        why: impl Into<std::borrow::Cow<'static, str>>,
    ) -> CombatError {
        CombatError::Illegal { rule, why: why.into() }
    }
}

impl From<gboh_core::dice::DiceError> for CombatError {
    fn from(e: gboh_core::dice::DiceError) -> Self {
        CombatError::Dice(e.to_string())
    }
}
