//! Bots: policies over the protocol's legal actions ([`gboh_core::policy`]).
//!
//! - [`GallicAggression`]: the Gallic play that 12.1's "Gallic Aggression" rule
//!   requires: emerging units "must move to attack the nearest, possible Roman
//!   units and/or ramparts, that are not already being so attacked ... as
//!   quickly as possible", which includes archery and filling the Gardens of
//!   Death; the Alesia Force may pick any interior rampart.
//! - [`RomanDefender`]: a Roman player a player would call sensible: reaction
//!   fire whenever offered, rallying when it can, reinforcing threatened
//!   ramparts from the reserve, shocking only when it must or the odds favour
//!   it, seizing the turn when Gauls stand at the walls.
//! - [`gboh_core::policy::UniformRandom`]: any legal action, uniformly.
//!
//! The bots read only `pending()`, `legal_actions()`, the state and `check()`
//! previews: they never see the dice.

mod aggression;
mod defender;
mod targets;

pub use aggression::GallicAggression;
pub use defender::RomanDefender;
pub use targets::DistanceMap;
