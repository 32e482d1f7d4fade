//! gboh-standard: the standard GBoH series rules (the family of SPQR, *Caesar:
//! Conquest of Gaul*, *Caesar: Civil Wars*) as an engine generic over the game
//! being played.
//!
//! A game implements [`StandardGame`] (its rulebook, its events, its scenarios,
//! and the hooks for what its rules change); [`Battle`] is then the whole turn
//! as a `gboh_core::game::Rules` state machine: what must be decided now, every
//! legal action, a preview with exact odds, and atomic, replayable actions whose
//! events cite the game's own sections. [`Spqr`] is the family with no changes.
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::facing::Aspect;
//! use gboh_core::game::Game;
//! use gboh_core::policy::{play, Limits};
//! use gboh_standard::bots::Advance;
//! use gboh_standard::kinds::ShockClass;
//! use gboh_standard::tables::Tables;
//! use gboh_standard::{narrate, Battle, Pending, Spqr};
//!
//! // The charts: SPQR 8.73, legionaries attacking barbarian infantry frontally read column 6.
//! let tables = Tables::spqr().unwrap();
//! assert_eq!(tables.clash.column(Aspect::Front, ShockClass::BI, ShockClass::LG).unwrap().0, 6);
//!
//! // A battle: the lowest Initiative activates first, and his side may try a Trump.
//! let (battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
//! let mut game = Game::new(battle, Dice::seeded(1));
//! assert!(matches!(game.pending(), Pending::Trump { .. }));
//! let events = game.apply(game.legal_actions()[0]).unwrap();
//! println!("{}", narrate::line(game.state().field(), &events[0]));
//!
//! // Two bots play it to the end.
//! let result = play(&mut game, &mut Advance, &mut Advance, Limits { max_actions: 20_000 }).unwrap();
//! assert!(result.finished && matches!(game.pending(), Pending::Over(_)));
//! ```
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing)]

pub mod bots;
pub mod check;
pub mod command;
pub mod game;
pub mod kinds;
pub mod missile;
pub mod movement;
pub mod narrate;
pub mod offmap;
pub mod protocol;
pub mod rally;
pub mod rank;
pub mod roman;
pub mod rule;
mod scenario;
pub mod shock;
pub mod spqr;
pub mod state;
pub mod tables;

pub use game::{CrossingRoll, Entry, GameEvent, GameShot, StandardGame};
pub use protocol::{Action, Battle, Pending, StandardError, StandardEvent};
pub use rank::Rank;
pub use rule::RuleRef;
pub use spqr::Spqr;
