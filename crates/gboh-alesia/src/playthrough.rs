//! The reference match-up: a scenario played from its start by the reference
//! bots, [`RomanDefender`] against [`GallicAggression`], all from one seed.
//!
//! The examples (`alesia_final_assault`, `alesia_historical`) and the golden
//! playthrough tests use it, so that "seed 7 of 12.1" means the same game
//! everywhere.
//!
//! ```no_run
//! use gboh_alesia::playthrough::Playthrough;
//! use gboh_alesia::scenario::ScenarioId;
//!
//! let mut play = Playthrough::new(ScenarioId::FinalAssault, 7)?;
//! let mut events = Vec::new();
//! while play.step(&mut events)? {
//!     events.clear();
//! }
//! println!("{:?}", play.game.pending());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Game};
use gboh_core::policy::{self, Policy};

use crate::bots::{GallicAggression, RomanDefender};
use crate::game::Setup;
use crate::protocol::{Action, Alesia, AlesiaEvent};
use crate::scenario::{ScenarioError, ScenarioId};

/// Why a playthrough could not start or go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlaythroughError {
    /// The scenario did not load or deploy (12.0).
    #[error(transparent)]
    Scenario(#[from] ScenarioError),
    /// The default setup did not load.
    #[error("2.0: default data: {0}")]
    Setup(String),
    /// A bot chose an action the rules then rejected: a bug, since listed
    /// actions must apply.
    #[error("action {index} ({action}) was listed as legal but rejected: {error}")]
    Rejected {
        /// Its position in the log.
        index: usize,
        /// The action, as debug text.
        action: String,
        /// The rejection, citing its rule.
        error: String,
    },
}

/// A game and the two reference bots playing it.
#[derive(Debug, Clone)]
pub struct Playthrough {
    /// The game: state, dice and action log.
    pub game: Game<Alesia>,
    /// The Roman bot.
    pub romans: RomanDefender,
    /// The Gallic bot.
    pub gauls: GallicAggression,
    legal: Vec<Action>,
}

impl Playthrough {
    /// The game at the start of `scenario` with the default choices, its dice
    /// seeded with `seed`, the Roman bot with `seed` and the Gallic bot with
    /// `seed + 1`.
    ///
    /// # Errors
    /// [`PlaythroughError::Scenario`] or [`PlaythroughError::Setup`] when the
    /// embedded data fails.
    pub fn new(scenario: ScenarioId, seed: u64) -> Result<Playthrough, PlaythroughError> {
        let state = Playthrough::initial(scenario)?;
        Ok(Playthrough::resume(Game::new(state, Dice::seeded(seed)), seed))
    }

    /// The scenario's initial state (the default Roman choices deployed).
    ///
    /// # Errors
    /// As [`Playthrough::new`].
    pub fn initial(scenario: ScenarioId) -> Result<Alesia, PlaythroughError> {
        let setup = Setup::shared().map_err(|e| PlaythroughError::Setup(e.to_string()))?;
        Ok(scenario.scenario()?.initial_game(setup)?)
    }

    /// Fresh bots seeded as [`Playthrough::new`] seeds them, taking over
    /// `game`.
    #[must_use]
    pub fn resume(game: Game<Alesia>, seed: u64) -> Playthrough {
        Playthrough {
            game,
            romans: RomanDefender::seeded(seed),
            gauls: GallicAggression::seeded(seed.wrapping_add(1)),
            legal: Vec::new(),
        }
    }

    /// The same bots, as they are now, going on with `game` instead (a game
    /// saved and loaded again: the bots' memory is theirs, not the game's).
    #[must_use]
    pub fn with_game(self, game: Game<Alesia>) -> Playthrough {
        Playthrough { game, ..self }
    }

    /// Lets the deciding side's bot choose one action and applies it,
    /// appending its events to `events`. Returns `false` (and does nothing)
    /// when no action is legal: the game is over.
    ///
    /// # Errors
    /// [`PlaythroughError::Rejected`] if the rules reject an action they listed.
    pub fn step(&mut self, events: &mut Vec<Event<AlesiaEvent>>) -> Result<bool, PlaythroughError> {
        let policy: &mut dyn Policy<Alesia> = match self.game.decider() {
            Some(Side::Adversary) => &mut self.gauls,
            _ => &mut self.romans,
        };
        // The bots choose directly where they can (an activation's moves are
        // searched only for the units that could be chosen), from the full
        // list elsewhere: the same choice either way (`Policy::choose_directly`).
        let Some(action) = policy::choose(&self.game, policy, &mut self.legal) else {
            return Ok(false);
        };
        let index = self.game.log().len();
        self.game.apply_into(action.clone(), events).map_err(|e| PlaythroughError::Rejected {
            index,
            action: format!("{action:?}"),
            error: e.to_string(),
        })?;
        Ok(true)
    }

    /// Plays until the game is over or the log holds `max_actions` actions;
    /// returns whether the game is over.
    ///
    /// # Errors
    /// As [`Playthrough::step`].
    pub fn run(&mut self, max_actions: usize) -> Result<bool, PlaythroughError> {
        let mut events = Vec::new();
        while self.game.log().len() < max_actions {
            events.clear();
            if !self.step(&mut events)? {
                return Ok(true);
            }
        }
        self.legal.clear();
        self.game.legal_actions_into(&mut self.legal);
        Ok(self.legal.is_empty())
    }
}
