//! gboh-simple: the engine of the simple GBoH family (*The Siege of Alesia*,
//! *Gergovia*'s simplified version, *Caesar in Alexandria*), generic over the
//! game being played.
//!
//! A game implements [`SimpleGame`]: what every game must state (its rulebook,
//! its own pieces and hex markers, its roster of units and leaders) and hooks
//! with default bodies for what a game may change. The engine's rules are
//! free functions over a [`Field`], cited by [`Rule`] and rendered in the
//! played game's own section numbers ([`SimpleGame::section`]).
//!
//! Layers, bottom up (nothing imports upward, see docs/architecture.md):
//! `id`, `occupancy`, [`muster`] (the counter mix as one table), `error`, [`Rule`] and the combat [`tables`] (plain data) → [`SimpleGame`] (what a game
//! states) → [`field`] (the pieces as plain data, with the occupancy index)
//! → [`ground`] ([`GroundRules`], what a game changes about the ground, and
//! the queries of the field and the game's charts: zones of control)
//! → [`rules`] → [`protocol`] ([`Battle`], the state machine a game is
//! played through: Turn Seizure, activation, movement, fire, shock,
//! periods) → [`narrate`] and [`bots`]. What the rules and the protocol
//! report is plain data at the bottom too ([`SimpleEvent`], [`TurnEvent`],
//! the combat sequence's state in [`sequence`], the Sequence of Play's in
//! [`turn`]); a game's state lends itself to the rules that change it
//! through [`rules::effects::Effects`] and to the protocol through
//! [`BattleRules`]. The engine's own tests play a whole small game on it
//! ([`doc_game::skirmish`]). Alesia, Gergovia's simplified version and
//! Caesar in Alexandria's land game play on it; Alesia keeps its own action
//! vocabulary for its saved logs and plays the protocol's steps through
//! [`protocol::play`].
//!
//! ```
//! use gboh_simple::{Field, Rule, SimpleGame};
//! # use gboh_simple::doc_game::Tiny;
//! // A game's field starts with every piece off the map.
//! let field: Field<Tiny> = Field::new(Tiny::roster());
//! assert!(field.units().iter().all(|u| u.at.is_none()));
//! // Rules are cited in the played game's numbering.
//! assert_eq!(Tiny::section(Rule::ZonesOfControl), "7.2");
//! ```
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing)]

pub mod bots;
pub mod decision;
mod error;
mod event;
pub mod field;
mod game;
pub mod ground;
mod id;
pub mod muster;
pub mod narrate;
mod occupancy;
pub mod protocol;
mod rule;
pub mod rules;
pub mod sequence;
pub mod tables;
pub mod turn;

#[doc(hidden)]
pub mod doc_game;

pub use decision::{CombatAction, CombatPending};
pub use error::CombatError;
pub use event::{ShotKind, ShotSpec, SimpleEvent};
pub use field::{Field, FieldSave, HexChange, Lid, LoadError, PiecesStamp, PlaceError, Uid};
pub use game::{Roster, SimpleGame};
pub use ground::{GroundRules, family_zoc_extends, family_zoc_extends_across};
pub use muster::{Muster, MusterLeader, MusterUnit};
pub use protocol::{Battle, BattleRules};
pub use rule::Rule;
pub use turn::{BattleEvent, Outcome, Turn, TurnEvent};
