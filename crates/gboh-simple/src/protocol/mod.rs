//! The protocol: the family's Sequence of Play as the decisions of a
//! [`gboh_core::game::Rules`] state machine, [`Battle`], over any game whose
//! state implements [`BattleRules`].
//!
//! Decision points ([`Pending`]), in the order the protocol asks them:
//!
//! - [`Pending::Over`] once a game says it is won ([`BattleRules::outcome`],
//!   asked after every action, Caesar in Alexandria 4.34) or its last period
//!   ended;
//! - [`Pending::LeaderRetreat`]: a lone leader an enemy unit came next to
//!   chooses where to retreat, or stays (Alesia 4.33);
//! - [`Pending::Combat`]: the combat sequence's decisions (reaction fire,
//!   shock and its steps), for either side ([`crate::rules::combat`]);
//! - [`Pending::Game`]: the game's own decision between activations
//!   ([`BattleRules::decision`]: Caesar in Alexandria 4.33, where a killed
//!   leader comes back), answered with the game's own actions
//!   ([`Action::Game`]); when one follows the end of an activation, play
//!   passes on once it is made;
//! - [`Pending::Seizure`]: before the side to act designates, its opponent
//!   may try to Seize the Turn (Alesia 5.21-5.24, Caesar in Alexandria
//!   4.51-4.53): a roll at or under a leader's Initiative, not in the
//!   first Activation Phase of a period, never twice in a row, once a
//!   window, each try counted against the leader's rating;
//! - [`Pending::ChooseCommand`]: the side to act activates one of its
//!   commands ([`BattleRules::commands`]), or passes when it has none;
//! - [`Pending::Activation`]: the active command's units move
//!   ([`Action::Move`], the family's move search, [`crate::rules::movement`]),
//!   fire, rally, take the game's own actions, then shock begins
//!   ([`CombatAction::BeginShock`](crate::CombatAction::BeginShock)), and the activation ends.
//!
//! Movement reports what it did and the protocol routes it to the rules
//! that react: a unit about to leave a hex in a missile unit's ZOC opens
//! Retire Reaction first (the move waits in [`Turn`]'s activation and is
//! made when the window closes), a unit that entered a hex opens Entry
//! Reaction and threatens the lone leaders next to it.
//!
//! A period ends when both sides pass in a row, or when the game says so
//! ([`BattleRules::period_over`]); the Recovery Phase follows
//! ([`crate::rules::recovery`]), then the game's end of period
//! ([`BattleRules::period_ended`]: a new period or the outcome).

mod active;
mod decision;
mod moves;
pub mod play;
pub mod sequence_of_play;

pub use decision::{Action, Pending, Preview};
pub use play::{ActionOf, ColumnOf, PendingOf};
pub use sequence_of_play::ActivationRoll;

use std::cell::RefCell;
use std::fmt::Debug;
use std::hash::Hash;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::CombatError;
use crate::id::{Lid, Uid};
use crate::rules::effects::Effects;
use crate::rules::fire::FireRules;
use crate::rules::movement::MoveSearch;
use crate::rules::preview::CombatPreview;
use crate::rules::shock_steps::ShockSteps;
use crate::turn::{Outcome, Turn, TurnEvent};

/// A game's state as the protocol plays it: the engine's rule traits
/// ([`ShockSteps`], [`FireRules`]: the combat sequence and active fire, each
/// with the game's hooks) and what the Sequence of Play needs of the game.
///
/// Required: where the state keeps its [`Turn`], the game's commands (what
/// one Activation Phase activates, which units it activates), how a
/// [`TurnEvent`] becomes the game's event, and its first side. Hooks with
/// the family's default: Turn Seizure's leaders (none), rally's limit (one
/// hit), the game's own actions during an activation (none), when a period
/// ends and what follows (both sides pass; the game goes on), instant
/// victory (none).
pub trait BattleRules: ShockSteps + FireRules + Effects<Event: Debug> + Clone {
    /// What one Activation Phase activates (Alesia 5.1: a legion, a chief's
    /// tribes; Caesar in Alexandria 3.0 A: a subordinate leader, the fleet,
    /// all auxiliaries).
    type Command: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;

    /// The game's own actions during an activation, taken as
    /// [`CombatAction::Game`](crate::CombatAction::Game) (Alesia: Flame, fire-fighting, artillery
    /// modes, a new Aquila); `()` for none.
    type Own: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;

    /// The game's own decision points between activations, asked as
    /// [`Pending::Game`] (Caesar in Alexandria 4.33: where a killed leader
    /// comes back; Alesia 5.5: the Roman Redeployment); `()` for none.
    type Decision: Clone + Eq + Debug + Serialize;

    /// The game's own actions besides those of an activation, taken as
    /// [`Action::Game`]: the answers to its decisions, and what it adds at
    /// the engine's decision points (Alesia 12.1: a Tribal Counter placed
    /// before designating); `()` for none.
    type Choice: Clone + Eq + Hash + Debug + Serialize + DeserializeOwned;

    /// The game's own record of an activation, kept in it
    /// ([`Activation::own`](crate::turn::Activation::own): Alesia 4.13's units
    /// out of their leader's range, 6.13's riders); `()` for none. It starts
    /// empty; the game fills it when the command is activated
    /// ([`BattleRules::activated`]).
    type Record: Clone + Default + PartialEq + Eq + Hash + Debug + Serialize + DeserializeOwned;

    /// The Sequence of Play's state.
    fn turn(&self) -> &Turn<Self::Command, Self::Record>;

    /// The Sequence of Play's state, to change.
    fn turn_mut(&mut self) -> &mut Turn<Self::Command, Self::Record>;

    /// The game's event for the protocol's `what`.
    fn turn_event(what: TurnEvent<Self::Command>) -> Self::Event;

    /// The commands `side` may activate now, in a deterministic order
    /// (`turn().seizure.seized_by` names the leader whose seizure gave this
    /// Activation Phase, when one did: Alesia 5.23 limits the command).
    fn commands(&self, side: Side, out: &mut Vec<Self::Command>);

    /// The side `command` belongs to.
    fn command_side(&self, command: &Self::Command) -> Side;

    /// The units `command` activates (Alesia 4.1: those in its leader's
    /// range), in [`Uid`] order.
    fn command_units(&self, command: &Self::Command) -> Vec<Uid>;

    /// The units `command` activates now, with the game's own record of the
    /// activation, found in the same trace of the command (Alesia 4.13: the
    /// units out of their leader's range): what
    /// [`sequence_of_play::activate`] activates. Default:
    /// [`BattleRules::command_units`] and an empty record.
    fn activation_units(&self, command: &Self::Command) -> (Vec<Uid>, Self::Record) {
        (self.command_units(command), Self::Record::default())
    }

    /// Checks that `side` may activate `command` now. Default: it is one
    /// of [`BattleRules::commands`]. A game may check the one command
    /// without listing them all, and say why not in its own words (Alesia
    /// 4.35: a legion waits for its Legate's return).
    ///
    /// # Errors
    /// Why it may not be activated.
    fn check_command(&self, side: Side, command: &Self::Command) -> Result<(), CombatError> {
        let mut commands = Vec::new();
        self.commands(side, &mut commands);
        if commands.contains(command) {
            Ok(())
        } else {
            Err(illegal::<Self>(
                crate::rule::Rule::Activation,
                "that command may not be activated now",
            ))
        }
    }

    /// Whether `side`, choosing its command, may pass instead, `commands`
    /// being those it may activate. Default: only when it has none (Alesia
    /// 3.0 adds: nor a killed leader to bring back, 4.35).
    fn may_pass(&self, side: Side, commands: &[Self::Command]) -> bool {
        let _ = side;
        commands.is_empty()
    }

    /// The roll, if any, that `command` needs to activate, made when it is
    /// chosen and before anything else happens (Alesia 5.63: the Alesia
    /// Force enters play on 0-6). On [`ActivationRoll::Failed`] nothing is
    /// activated and the side chooses again: the protocol reports it
    /// ([`TurnEvent::NotActivated`]) and the game, having recorded the
    /// failure, keeps the command out of [`BattleRules::commands`] for this
    /// Activation Phase. Default: no roll.
    ///
    /// # Errors
    /// Scripted dice that run out.
    fn activation_roll(
        &mut self,
        command: &Self::Command,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<ActivationRoll, CombatError> {
        let _ = (command, dice, events);
        Ok(ActivationRoll::NotNeeded)
    }

    /// `command` is about to activate, before its units are counted and
    /// marked (Alesia 5.48: the units still inside a chieftain's Tribal
    /// Counters are placed on it). Default: nothing.
    fn activating(&mut self, command: &Self::Command) {
        let _ = command;
    }

    /// The leaders of `side` that may try to Seize the Turn now, with their
    /// Initiative (their ratings' attempts not used up). Default: none.
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        let _ = side;
        Vec::new()
    }

    /// The leaders who may move in this activation, with their Movement
    /// Allowance (Alesia 6.12: the activated Legate, Prefect or Chieftain,
    /// 9 MP; 6.13: the Overall Commander's 30). Default: none.
    fn leader_moves(&self) -> Vec<(Lid, u8)> {
        Vec::new()
    }

    /// Unit `uid` of the active command has just moved (its hexes entered,
    /// before the reactions the protocol offers): what follows it in the
    /// game (Alesia 6.13: the commanders riding along with it stay stacked
    /// with it). Default: nothing.
    fn moved(&mut self, uid: Uid, events: &mut Vec<Event<Self::Event>>) {
        let _ = (uid, events);
    }

    /// Appends the moves the active command's units and leaders may make
    /// now ([`Action::Move`], [`Action::MoveLeader`]), in a deterministic
    /// order; `search` is [`Battle`]'s scratch state for the family's move
    /// search. Default: the family's search, unit by unit in [`Uid`] order,
    /// then the leaders ([`BattleRules::leader_moves`]). A game with its own
    /// search (Alesia: siege works, Fill, tethers, Rapid March) lists its
    /// own, and checks and makes them in [`BattleRules::check_move`] and
    /// [`BattleRules::perform_move`].
    fn moves(&self, search: &mut MoveSearch, out: &mut Vec<ActionOf<Self>>) {
        moves::legal(self, search, out);
        moves::legal_leaders(self, out);
    }

    /// Checks a move ([`Action::Move`] or [`Action::MoveLeader`]) and
    /// previews its cost and path.
    ///
    /// # Errors
    /// Why it may not be made now. Default: the family's search.
    fn check_move(
        &self,
        search: &mut MoveSearch,
        action: &ActionOf<Self>,
    ) -> Result<Preview<ColumnOf<Self>>, CombatError> {
        match *action {
            Action::Move { unit, to, facing } => moves::check(self, search, unit, to, facing),
            Action::MoveLeader { leader, to } => moves::check_leader(self, leader, to),
            _ => Err(illegal::<Self>(crate::rule::Rule::Movement, "not a move")),
        }
    }

    /// Makes a move ([`Action::Move`] or [`Action::MoveLeader`]) and routes
    /// what it did to the rules that react (Retire and Entry Reaction,
    /// 4.33's lone leaders, [`BattleRules::moved`]). It checks the move
    /// itself, refusing what [`BattleRules::check_move`] refuses before it
    /// changes anything: the protocol does not check a move first
    /// ([`play::check_and_perform`]), so that it is searched once.
    ///
    /// # Errors
    /// Why it may not be made now. Default: the family's search.
    fn perform_move(
        &mut self,
        search: &mut MoveSearch,
        action: ActionOf<Self>,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let _ = dice;
        match action {
            Action::Move { unit, to, facing } => {
                moves::perform(self, search, unit, to, facing, events)
            }
            Action::MoveLeader { leader, to } => moves::perform_leader(self, leader, to, events),
            _ => Err(illegal::<Self>(crate::rule::Rule::Movement, "not a move")),
        }
    }

    /// A lone leader an enemy unit came next to retreats to `to`, or stays
    /// (`None`), checked against the options the protocol offered (Alesia
    /// 4.33, Caesar in Alexandria 4.32). Default: the family's move and
    /// report ([`SimpleEvent::LeaderMoved`](crate::SimpleEvent::LeaderMoved),
    /// [`SimpleEvent::LeaderStayed`](crate::SimpleEvent::LeaderStayed)).
    ///
    /// # Errors
    /// Why the leader may not go there.
    fn retreat_lone_leader(
        &mut self,
        leader: Lid,
        to: Option<hexx::Hex>,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let rule = section::<Self>(crate::rule::Rule::LoneLeaderRetreat);
        match to {
            Some(_) => crate::rules::leaders::place(self, leader, to, rule, events),
            None => crate::rules::leaders::stay::<Self>(leader, rule, events),
        }
        Ok(())
    }

    /// How many hits unit `uid` of the active command may remove by
    /// rallying, `None` if it may not rally (Alesia 10.5: Roman cohorts 2,
    /// cavalry and light infantry 1, no Gaul). Default: one hit.
    fn rally_limit(&self, uid: Uid) -> Option<u8> {
        let _ = uid;
        Some(1)
    }

    /// The game's own actions the active command may take now. Default:
    /// none.
    fn own_actions(&self, out: &mut Vec<Self::Own>) {
        let _ = out;
    }

    /// Checks one of the game's own actions and previews it.
    ///
    /// # Errors
    /// Why it is illegal now. Default: every one is.
    fn check_own(
        &self,
        action: &Self::Own,
    ) -> Result<
        CombatPreview<<Self::Game as crate::rules::missile::MissileRules>::Column>,
        CombatError,
    > {
        let _ = action;
        Err(CombatError::illegal(
            <Self::Game as crate::game::SimpleGame>::section(crate::rule::Rule::SequenceOfPlay),
            "the game has no such action",
        ))
    }

    /// Performs one of the game's own actions that [`BattleRules::check_own`]
    /// accepted.
    ///
    /// # Errors
    /// Scripted dice that run out. Default: nothing to perform.
    fn perform_own(
        &mut self,
        action: Self::Own,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let _ = (action, dice, events);
        Ok(())
    }

    /// The game's own decision pending now, with the side that makes it,
    /// asked when no activation is under way and no lone leader or combat
    /// decision waits, before Turn Seizure and the choice of a command.
    /// While one is pending after an activation ended, play passes on only
    /// once it is made (Caesar in Alexandria 4.33: "at the end of the
    /// Activation in question"). Default: none.
    fn decision(&self) -> Option<(Side, Self::Decision)> {
        None
    }

    /// Appends the game's own actions legal at `pending`: every answer to
    /// its own decision, and any it adds at the engine's decision points,
    /// in a deterministic order. Default: none.
    fn choices(
        &self,
        pending: &Pending<Self::Command, Self::Decision>,
        out: &mut Vec<Self::Choice>,
    ) {
        let _ = (pending, out);
    }

    /// The refusal of `action` at `pending` in the game's own words, given
    /// the engine's (`refused`): a game may say more of why (Alesia 5.31:
    /// every tribe is assigned first). Default: the engine's.
    fn refusal(
        &self,
        pending: &Pending<Self::Command, Self::Decision>,
        action: &ActionOf<Self>,
        refused: CombatError,
    ) -> CombatError {
        let _ = (pending, action);
        refused
    }

    /// Checks one of the game's own actions at `pending`.
    ///
    /// # Errors
    /// Why it is illegal now. Default: legal when [`BattleRules::choices`]
    /// lists it.
    fn check_choice(
        &self,
        pending: &Pending<Self::Command, Self::Decision>,
        choice: &Self::Choice,
    ) -> Result<(), CombatError> {
        let mut listed = Vec::new();
        self.choices(pending, &mut listed);
        if listed.contains(choice) {
            Ok(())
        } else {
            Err(CombatError::illegal(
                <Self::Game as crate::game::SimpleGame>::section(crate::rule::Rule::SequenceOfPlay),
                "not one of the choices open now",
            ))
        }
    }

    /// Performs one of the game's own actions that
    /// [`BattleRules::check_choice`] accepted.
    ///
    /// # Errors
    /// Scripted dice that run out. Default: the game has no such action.
    fn perform_choice(
        &mut self,
        choice: Self::Choice,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let _ = (choice, dice, events);
        Err(CombatError::illegal(
            <Self::Game as crate::game::SimpleGame>::section(crate::rule::Rule::SequenceOfPlay),
            "the game has no such action",
        ))
    }

    /// A command was activated: what follows in the game (Alesia 8.45:
    /// fires near an activated chief may burn down). Default: nothing.
    ///
    /// # Errors
    /// Scripted dice that run out.
    fn activated(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let _ = (dice, events);
        Ok(())
    }

    /// The activation under way has just ended, before play passes on
    /// (Caesar in Alexandria 4.33: "at the end of the Activation in
    /// question", killed leaders are to be replaced, a decision the
    /// protocol then asks through [`BattleRules::decision`]; 3.0 D: a Fleet
    /// activation's Fleet Status Phase rolls its dice). Default: nothing.
    ///
    /// # Errors
    /// Scripted dice that run out.
    fn activation_ended(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<Event<Self::Event>>,
    ) -> Result<(), CombatError> {
        let _ = (dice, events);
        Ok(())
    }

    /// `side`'s Activation Phase (an activation or a pass) is ending,
    /// before play passes on (Alesia 5.47: units that did not move off go
    /// back inside their Tribal Counter; 12.1: this phase's placements are
    /// over). Default: nothing.
    fn phase_ending(&mut self, side: Side) {
        let _ = side;
    }

    /// Whether the period is over now, after an Activation Phase. Default:
    /// the last two Activation Phases were both passed.
    fn period_over(&self) -> bool {
        self.turn().passes >= 2
    }

    /// The event that says the period is over, asked once
    /// [`BattleRules::period_over`] says so (Alesia 3.1: the Gauls retire).
    /// Default: [`TurnEvent::PeriodEnded`].
    fn period_end_event(&self) -> Self::Event {
        Self::turn_event(TurnEvent::PeriodEnded { period: self.turn().period })
    }

    /// The outcome decided as the period ends, before its Recovery Phase,
    /// reported under [`Rule::Victory`](crate::Rule::Victory) (Alesia 11.0:
    /// four legions broken, or the last Assault Period over); then no
    /// Recovery Phase is played. Default: none (the outcome, if any, comes
    /// after recovery, [`BattleRules::period_ended`]).
    fn period_decided(&self) -> Option<Outcome> {
        None
    }

    /// The period is over and its Recovery Phase done: the outcome, or
    /// `None` to play a new period (the protocol then starts it with
    /// [`BattleRules::first_side`] to act). Default: the game goes on.
    fn period_ended(&mut self, events: &mut Vec<Event<Self::Event>>) -> Option<Outcome> {
        let _ = events;
        None
    }

    /// The side that acts first in a period.
    fn first_side(&self) -> Side;

    /// An instant win, asked after every action and reported under
    /// [`Rule::Victory`](crate::Rule::Victory) (Alesia 11.0: Vercingetorix
    /// and three Alesia Force units outside the fortifications; Caesar in
    /// Alexandria 4.34: Caesar killed). Default: none.
    fn outcome(&self) -> Option<Outcome> {
        None
    }
}

/// The state machine over a game's state `S`: what
/// [`gboh_core::game::Game`] plays. It keeps the move search's buffers as
/// explicit scratch state (a bot searches thousands of times a game; the
/// search allocates nothing per step), never saved and never compared.
#[derive(Debug)]
pub struct Battle<S: BattleRules> {
    state: S,
    search: RefCell<MoveSearch>,
}

impl<S: BattleRules> Battle<S> {
    /// A battle from `state`.
    pub fn new(state: S) -> Battle<S> {
        Battle { state, search: RefCell::new(MoveSearch::new()) }
    }

    /// The game's state.
    pub fn state(&self) -> &S {
        &self.state
    }

    /// The game's state, to change (setting up a position; the protocol's
    /// checks assume the changes keep it legal).
    pub fn state_mut(&mut self) -> &mut S {
        &mut self.state
    }

    /// The game's state, taken back.
    pub fn into_state(self) -> S {
        self.state
    }
}

impl<S: BattleRules> Clone for Battle<S> {
    fn clone(&self) -> Self {
        Battle::new(self.state.clone())
    }
}

impl<S: BattleRules + PartialEq> PartialEq for Battle<S> {
    fn eq(&self, other: &Self) -> bool {
        self.state == other.state
    }
}

impl<S: BattleRules + Serialize> Serialize for Battle<S> {
    fn serialize<Z: serde::Serializer>(&self, serializer: Z) -> Result<Z::Ok, Z::Error> {
        self.state.serialize(serializer)
    }
}

impl<'de, S: BattleRules + serde::Deserialize<'de>> serde::Deserialize<'de> for Battle<S> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        S::deserialize(deserializer).map(Battle::new)
    }
}

/// The section of the played game's rulebook for `rule`.
fn section<S: BattleRules>(rule: crate::rule::Rule) -> &'static str {
    <S::Game as crate::game::SimpleGame>::section(rule)
}

/// A refusal under `rule`.
fn illegal<S: BattleRules>(
    rule: crate::rule::Rule,
    why: impl Into<std::borrow::Cow<'static, str>>,
) -> CombatError {
    CombatError::illegal(section::<S>(rule), why)
}

/// The protocol's own event, reported under `rule`.
fn report<S: BattleRules>(
    events: &mut Vec<Event<S::Event>>,
    rule: crate::rule::Rule,
    what: TurnEvent<S::Command>,
) {
    events.push(Event::new(section::<S>(rule), S::turn_event(what)));
}
