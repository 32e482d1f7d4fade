//! What checking a combat decision shows before it is made: its modifiers
//! and the exact odds of each outcome.

use gboh_core::table::{Distribution, Modifiers};

use super::missile::{FireOutcome, Shot};
use super::shock::ShockOutcome;

/// What checking a combat action previews, with `C` the game's missile
/// table column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatPreview<C> {
    /// Legal; nothing to roll.
    Legal,
    /// A missile shot: its modifiers and the exact odds of each outcome.
    Shot {
        /// The shot, with every DRM and its rule.
        shot: Shot<C>,
        /// The exact distribution of outcomes.
        odds: Distribution<FireOutcome>,
    },
    /// A roll that succeeds or fails (a game's own: Alesia's 8.41 Flame,
    /// 8.44 putting out a fire).
    Check {
        /// The modifiers, each with its rule.
        modifiers: Modifiers,
        /// The exact chance of success.
        odds: Distribution<bool>,
    },
    /// A shock attack: its modifiers and the exact odds of each outcome.
    Shock {
        /// Every DRM, with its rule.
        modifiers: Modifiers,
        /// The exact distribution of outcomes.
        odds: Distribution<ShockOutcome>,
    },
}
