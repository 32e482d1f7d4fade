//! gboh-core: the vocabulary and mechanisms shared by GMT's *Great Battles of
//! History* games.
//!
//! Game crates (`gboh-alesia`, `gboh-gergovia`, `gboh-alexandria`,
//! `gboh-dictator`) build on these types and override only the rules their
//! rulebooks change. The core's types and mechanisms are the games' common
//! ground, not one game's rules: where a doc cites a rule section it says
//! whose (`Alesia 7.11`, `Dictator 4.61`, `SPQR 8.47`), and a bare number in
//! a doc example's data is only sample data.
//!
//! An app drives any game through the same protocol: [`game::Game`] holds a
//! game crate's rules state with seeded [`dice::Dice`] and answers who must
//! decide what (`pending`), every legal action (`legal_actions`), a preview
//! with exact odds (`check`) and the events of an action (`apply`);
//! [`policy::play`] lets two bots play it out. The game crates' docs open
//! with runnable examples (`gboh_alesia`, `gboh_dictator`, `gboh_standard`).
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::facing::{Aspect, Direction, Facing};
//!
//! // Alesia 2.3: a d10 reads 0-9.
//! let mut dice = Dice::seeded(2026);
//! assert!(dice.d10().unwrap().face <= 9);
//!
//! // Alesia 7.11: a unit facing twelve o'clock has NW and NE to its front.
//! assert_eq!(Facing::Twelve.aspect(Direction::NE), Aspect::Front);
//! assert_eq!(Facing::Twelve.aspect(Direction::SE), Aspect::Rear);
//! ```
//!
//! # Feature flags
//! - `proptest`: the `testkit` module, a property-testing kit for any game on the
//!   protocol (random reachable states, protocol invariant checks).

#![forbid(unsafe_code)]
// Library code may not index or slice (a bad index from input would panic);
// `mod tests` may (clippy.toml). See docs/reliability.md.
#![warn(clippy::indexing_slicing)]

pub mod board;
pub mod data;
pub mod dice;
pub mod facing;
pub mod game;
pub mod policy;
pub mod program;
pub mod side;
pub mod table;
#[cfg(feature = "proptest")]
pub mod testkit;
pub mod unit;

pub use side::{BySide, Side};
