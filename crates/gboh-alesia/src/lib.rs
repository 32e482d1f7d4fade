//! gboh-alesia: *The Siege of Alesia* (GMT, 2008), on the simple GBoH family.
//!
//! What an app does with it: set up a scenario, let the reference bots (or a
//! player) choose among the legal actions, preview an attack's exact odds
//! before committing to it, and swap in its own copy of a table.
//!
//! ```
//! use std::sync::Arc;
//!
//! use gboh_alesia::combat::CombatPreview;
//! use gboh_alesia::game::Setup;
//! use gboh_alesia::playthrough::Playthrough;
//! use gboh_alesia::protocol::{Action, Preview};
//! use gboh_alesia::scenario::ScenarioId;
//! use gboh_alesia::tables::{AlesiaCheck, AlesiaTable};
//! use gboh_alesia::narrate;
//! use gboh_core::dice::Dice;
//! use gboh_core::game::Game;
//!
//! // 12.1 The Final Assault, the reference bots playing both sides from seed 7.
//! let mut play = Playthrough::new(ScenarioId::FinalAssault, 7)?;
//! println!("{:?} to decide: {:?}", play.game.decider(), play.game.pending());
//!
//! // The bots play until an attack with dice is offered; `check` previews it
//! // with every modifier and the exact odds, and changes nothing.
//! let mut events = Vec::new();
//! let (attack, odds) = loop {
//!     let mut combat = play.game.legal_actions();
//!     combat.retain(|action| matches!(action, Action::Combat(_)));
//!     let offered = combat.into_iter().find_map(|action| {
//!         match play.game.check(&action).ok()? {
//!             Preview::Combat(CombatPreview::Check { odds, .. }) => Some((action, odds)),
//!             _ => None,
//!         }
//!     });
//!     if let Some(found) = offered {
//!         break found;
//!     }
//!     assert!(play.step(&mut events)? && play.game.log().len() < 100);
//! };
//! // 8.41: a flaming arrow sets a palisade alight on a 0 or 1.
//! assert_eq!(odds.chance(&true).to_string(), "2/10");
//!
//! // Apply it: the events say what happened, with the rule and the dice.
//! for event in play.game.apply(attack)? {
//!     println!("{}", narrate::line(play.game.state(), &event));
//! }
//!
//! // An app's own copy of a table (here 5.63: the Alesia Force always comes
//! // out): a new setup, then the same scenario on it.
//! let default = Setup::shared()?;
//! let mine = AlesiaTable::DieChecks
//!     .default_text()
//!     .replace("stages: [(0, 6)], provenance: Printed(\"5.63\")", "stages: [(0, 9)], provenance: Reconstructed");
//! let tables = default.tables.clone().with(AlesiaTable::DieChecks, "my-die-checks.ron", &mine)?;
//! let setup = Arc::new(Setup::new(default.board.clone(), tables, default.mix.clone())?);
//! let state = ScenarioId::FinalAssault.scenario()?.initial_game(setup)?;
//! let mut play = Playthrough::resume(Game::new(state, Dice::seeded(7)), 7);
//! let entry = play.game.state().setup().tables.checks().distribution(&AlesiaCheck::AlesiaForceEntry);
//! assert_eq!(entry.map(|d| d.chance(&true).to_string()), Some("10/10".to_owned()));
//! play.run(20)?; // a few bot actions on the new tables
//! assert_eq!(play.game.log().len(), 20);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! `Playthrough::run` plays a whole game (about 700-1,400 actions); the
//! examples `alesia_final_assault` and `alesia_historical` narrate one.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]
// Library code may not index or slice (a bad index from input would panic);
// `mod tests` may (clippy.toml). See docs/reliability.md.
#![warn(clippy::indexing_slicing)]

use gboh_core::Side;

/// The Gallic side (the adversary in the core's terms).
pub const GAULS: Side = Side::Adversary;
/// The Roman side.
pub const ROMANS: Side = Side::Roman;

pub mod bots;
pub mod combat;
pub mod command;
pub mod counters;
pub mod game;
pub mod leader;
pub mod map;
pub mod movement;
pub mod narrate;
pub mod picture;
pub mod playthrough;
pub mod protocol;
pub mod scenario;
pub mod tables;
pub mod zoc;
