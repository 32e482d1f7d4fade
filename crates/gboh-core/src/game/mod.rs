//! The game protocol (DESIGN.md, "The game protocol"): a game is a state machine
//! with explicit decision points, in the manner of OpenSpiel.
//!
//! A game crate implements [`Rules`] for its state type; [`Game`] wraps that state
//! with the game's [`Dice`] and the action log and provides what every game needs
//! and no game may change: atomic [`Game::apply`], serialization, and exact
//! replay from a seed plus the action log.
//!
//! - [`Game::pending`]: who must decide what now, or the outcome;
//! - [`Game::legal_actions`]: every legal action now, in a deterministic order;
//! - [`Game::check`]: validates an action without changing anything and returns a
//!   preview (costs, exact odds, the modifiers that apply with their rules);
//! - [`Game::apply`]: performs the action, rolling the dice it needs, and returns
//!   the events, each citing its rule and the dice it rolled; or returns a typed
//!   error citing the rule and leaves the game exactly as it was.
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::{Event, Game, Rules};
//!
//! /// A toy race to 10: each action adds a d10 roll, capped at one step of 9.
//! #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
//! struct Race { total: u32 }
//!
//! impl Rules for Race {
//!     type Action = u8;
//!     type Pending = Option<&'static str>;
//!     type Preview = ();
//!     type Event = u8;
//!     type Error = String;
//!     fn pending(&self) -> Self::Pending { (self.total < 10).then_some("roll") }
//!     fn legal_actions(&self, out: &mut Vec<u8>) { if self.total < 10 { out.push(0) } }
//!     fn check(&self, action: &u8) -> Result<(), String> {
//!         if self.total >= 10 { Err("game over".into()) }
//!         else if *action != 0 { Err("only action 0".into()) } else { Ok(()) }
//!     }
//!     fn perform(&mut self, _: u8, dice: &mut Dice, events: &mut Vec<Event<u8>>)
//!         -> Result<(), String> {
//!         let roll = dice.d10().map_err(|e| e.to_string())?;
//!         self.total += u32::from(roll.face);
//!         events.push(Event::new("2.3", roll.face).with_roll(roll));
//!         Ok(())
//!     }
//! }
//!
//! let mut game = Game::new(Race { total: 0 }, Dice::seeded(1));
//! while game.pending().is_some() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action).unwrap();
//! }
//! assert!(game.state().total >= 10);
//! assert!(game.apply(0).is_err()); // rejected: nothing changes
//! let replayed = Game::replay(Race { total: 0 }, 1, game.log().iter().copied()).unwrap();
//! assert_eq!(replayed.state(), game.state());
//! ```

mod event;

pub use event::Event;

use crate::dice::Dice;
use serde::{Deserialize, Serialize};
use std::fmt::Debug;

/// The rules of one game, implemented by a game crate on its state type.
///
/// Two kinds of items: what a decision point offers ([`Rules::pending`],
/// [`Rules::legal_actions`], [`Rules::check`]) and how an accepted action changes
/// the state ([`Rules::perform`]). The protocol around them (atomicity, the log,
/// replay) lives in [`Game`] and cannot be overridden.
pub trait Rules: Clone {
    /// A decision a player can make.
    type Action: Clone + Debug + PartialEq;
    /// Who must decide what now, or the outcome when the game is over.
    type Pending: Debug;
    /// What [`Rules::check`] tells about an action before it is taken.
    type Preview: Debug;
    /// What happened, without its rule and dice (those are in [`Event`]).
    type Event: Debug;
    /// Why an action was rejected; its message cites the rule.
    type Error: Debug + std::fmt::Display;

    /// Who must decide what now.
    fn pending(&self) -> Self::Pending;

    /// The side that must decide now, or `None` when the game is over (or the
    /// game does not say). Policies use it to know whose turn it is.
    fn decider(&self) -> Option<crate::Side> {
        None
    }

    /// Appends every legal action at this point, in a deterministic order.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// Validates `action` without changing anything and previews it.
    ///
    /// # Errors
    /// Why the action is illegal now, citing the rule.
    fn check(&self, action: &Self::Action) -> Result<Self::Preview, Self::Error>;

    /// Performs an action that [`Rules::check`] accepted, rolling dice as needed
    /// and pushing the events.
    ///
    /// [`Rules::check_and_perform`] calls this only after `check` succeeded
    /// (unless a game's override says otherwise). If it returns an
    /// error anyway (scripted dice ran out), `Game` restores the state it had.
    ///
    /// # Errors
    /// Only when dice cannot be rolled (scripted dice).
    fn perform(
        &mut self,
        action: Self::Action,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), Self::Error>;

    /// Validates and performs `action`: [`Rules::check`], then
    /// [`Rules::perform`]. [`Game::apply`] calls this.
    ///
    /// Override it where `perform` validates some actions by itself, so that
    /// a costly check (a movement search) is not done twice. An override must
    /// reject exactly what `check` rejects, with the same error, and change
    /// nothing when it rejects.
    ///
    /// # Errors
    /// Why the action is illegal now; or, as [`Rules::perform`], dice that
    /// cannot be rolled.
    fn check_and_perform(
        &mut self,
        action: Self::Action,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), Self::Error> {
        self.check(&action)?;
        self.perform(action, dice, events)
    }
}

/// A game in progress: the rules' state, the dice, and every action applied.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(bound(
    serialize = "R: Serialize, R::Action: Serialize",
    deserialize = "R: Deserialize<'de>, R::Action: Deserialize<'de>"
))]
#[serde(deny_unknown_fields)]
pub struct Game<R: Rules> {
    state: R,
    dice: Dice,
    log: Vec<R::Action>,
}

/// A replay that did not reproduce: the action at `index` was rejected.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("replay diverged at action {index}: {error}")]
pub struct ReplayError {
    /// 0-based position of the rejected action in the log.
    pub index: usize,
    /// The rejection, formatted.
    pub error: String,
}

impl<R: Rules> Game<R> {
    /// A game starting from `state`, rolling `dice`.
    pub fn new(state: R, dice: Dice) -> Self {
        Game { state, dice, log: Vec::new() }
    }

    /// The rules' state.
    pub fn state(&self) -> &R {
        &self.state
    }

    /// The dice (how many rolls made, and their position).
    pub fn dice(&self) -> &Dice {
        &self.dice
    }

    /// Every action applied so far, in order.
    pub fn log(&self) -> &[R::Action] {
        &self.log
    }

    /// Who must decide what now.
    pub fn pending(&self) -> R::Pending {
        self.state.pending()
    }

    /// The side that must decide now (see [`Rules::decider`]).
    pub fn decider(&self) -> Option<crate::Side> {
        self.state.decider()
    }

    /// Every legal action now, in a deterministic order.
    pub fn legal_actions(&self) -> Vec<R::Action> {
        let mut out = Vec::new();
        self.state.legal_actions(&mut out);
        out
    }

    /// Appends every legal action to `out` (reuses the caller's buffer).
    pub fn legal_actions_into(&self, out: &mut Vec<R::Action>) {
        self.state.legal_actions(out);
    }

    /// Validates `action` without changing anything and previews it.
    ///
    /// # Errors
    /// Why the action is illegal now, citing the rule.
    pub fn check(&self, action: &R::Action) -> Result<R::Preview, R::Error> {
        self.state.check(action)
    }

    /// Applies `action` atomically: performs it and returns its events, or
    /// returns the error and leaves the game exactly as it was.
    ///
    /// # Errors
    /// Why the action is illegal now, citing the rule.
    pub fn apply(&mut self, action: R::Action) -> Result<Vec<Event<R::Event>>, R::Error> {
        let mut events = Vec::new();
        self.apply_into(action, &mut events)?;
        Ok(events)
    }

    /// As [`Game::apply`], appending the events to `events` (reuses the buffer).
    ///
    /// # Errors
    /// Why the action is illegal now, citing the rule; `events` is then unchanged.
    pub fn apply_into(
        &mut self,
        action: R::Action,
        events: &mut Vec<Event<R::Event>>,
    ) -> Result<(), R::Error> {
        let before = events.len();
        // Seeded dice cannot fail, so only scripted games pay for a snapshot.
        let snapshot = self.dice.is_scripted().then(|| (self.state.clone(), self.dice.clone()));
        match self.state.check_and_perform(action.clone(), &mut self.dice, events) {
            Ok(()) => {
                self.log.push(action);
                Ok(())
            }
            Err(e) => {
                if let Some((state, dice)) = snapshot {
                    self.state = state;
                    self.dice = dice;
                }
                events.truncate(before);
                Err(e)
            }
        }
    }

    /// Replays `actions` from `initial` with seeded dice: the same seed and log
    /// give the same game.
    ///
    /// # Errors
    /// The first action the replay rejects.
    pub fn replay(
        initial: R,
        seed: u64,
        actions: impl IntoIterator<Item = R::Action>,
    ) -> Result<Self, ReplayError> {
        let mut game = Game::new(initial, Dice::seeded(seed));
        let mut events = Vec::new();
        for (index, action) in actions.into_iter().enumerate() {
            events.clear();
            game.apply_into(action, &mut events)
                .map_err(|e| ReplayError { index, error: e.to_string() })?;
        }
        Ok(game)
    }

    /// Consumes the game, returning the rules' state.
    pub fn into_state(self) -> R {
        self.state
    }
}

/// A 64-bit fingerprint of a serializable value (FNV-1a over its RON text):
/// the same game state always gives the same fingerprint, so golden tests and
/// replays can compare states cheaply.
///
/// # Errors
/// If the value cannot be serialized to RON.
pub fn fingerprint<T: Serialize>(value: &T) -> Result<u64, String> {
    let text = ron::to_string(value).map_err(|e| e.to_string())?;
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in text.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    Ok(hash)
}
