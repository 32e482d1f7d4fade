//! gboh-standard: the standard GBoH series rules (the family of SPQR, *Caesar:
//! Conquest of Gaul*, *Caesar: Civil Wars*) as an engine generic over the game
//! being played.
//!
//! ```
//! use gboh_core::facing::Aspect;
//! use gboh_standard::kinds::ShockClass;
//! use gboh_standard::tables::Tables;
//!
//! let tables = Tables::spqr().unwrap();
//! // SPQR 8.73: legionaries attacking barbarian infantry frontally read column 6.
//! let column = tables.clash.column(Aspect::Front, ShockClass::BI, ShockClass::LG).unwrap();
//! assert_eq!(column.0, 6);
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
pub mod protocol;
pub mod rally;
pub mod rule;
pub mod shock;
pub mod spqr;
pub mod state;
pub mod tables;

pub use game::{GameEvent, StandardGame};
pub use protocol::{Action, Battle, Pending, StandardError, StandardEvent};
pub use rule::RuleRef;
pub use spqr::Spqr;
