//! The Alesia game as a protocol state machine ([`gboh_core::game::Rules`]):
//! decision points, legal actions, previews, events and errors.
//!
//! The Assault Period sequence (3.0): the Gallic player has the first
//! Activation Phase; players then alternate, one command per Activation Phase
//! (5.1). Within an activation the active player moves, fires and shocks with
//! the command's units, then ends the activation.

mod turn;

pub use turn::{Activation, Outcome, Turn};

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};
use gboh_core::unit::Status;
use serde::{Deserialize, Serialize};

use crate::command::Command;
use crate::game::{Battlefield, BattlefieldSave, LoadError, Setup, UnitFlags};
use crate::movement::{self, MoveAction, MoveError, MoveEvent, MovePreview};
use crate::zoc;

/// An Alesia game state: the battlefield and the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alesia {
    /// Pieces and markers.
    pub field: Battlefield,
    /// Whose turn, which activation, what is pending.
    pub turn: Turn,
}

/// Who must decide what now (DESIGN.md "pending").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Pending {
    /// `side` chooses the command for its Activation Phase (5.1).
    ChooseCommand {
        /// The deciding side.
        side: Side,
    },
    /// `side` acts with its active command: move, fire, and so on, then ends the
    /// activation.
    Activation {
        /// The deciding side.
        side: Side,
        /// The active command.
        command: Command,
    },
    /// The game is over.
    Over(Outcome),
}

/// A decision (DESIGN.md "actions").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 5.1: activate a command.
    Activate(Command),
    /// 6.0: a movement decision of the active command.
    Move(MoveAction),
    /// End the current Activation Phase (3.0 C).
    EndActivation,
}

/// What [`Rules::check`] previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Preview {
    /// The action is legal and has nothing further to preview.
    Legal,
    /// A movement preview.
    Move(MovePreview),
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum AlesiaEvent {
    /// 5.1: a command was activated.
    Activated {
        /// The side.
        side: Side,
        /// The command.
        command: Command,
    },
    /// A movement event.
    Move(MoveEvent),
    /// 3.0: an Activation Phase ended; `next` acts next.
    ActivationEnded {
        /// Who acts next.
        next: Side,
    },
}

/// Why an action was refused. Each message cites its rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AlesiaError {
    /// The game is over.
    #[error("11.0: the game is over")]
    GameOver,
    /// The action does not answer the pending decision.
    #[error("3.0: that is not the decision pending now ({0})")]
    NotPending(&'static str),
    /// The command belongs to the other side.
    #[error("5.1: that command is not the active player's")]
    WrongSide,
    /// The command has no unit to activate.
    #[error("4.1: that command has no unit on the map to activate")]
    EmptyCommand,
    /// A movement error.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// Dice could not be rolled (scripted dice ran out).
    #[error("2.3: {0}")]
    Dice(String),
}

impl Alesia {
    /// A game on `field` with the Gauls to act first (3.0).
    #[must_use]
    pub fn new(field: Battlefield) -> Alesia {
        Alesia {
            field,
            turn: Turn::new(),
        }
    }

    /// The fixed data.
    #[must_use]
    pub fn setup(&self) -> &Arc<Setup> {
        self.field.setup()
    }

    /// The active command, if an activation is under way.
    #[must_use]
    pub fn active_command(&self) -> Option<&Command> {
        self.turn.current.as_ref().map(|a| &a.command)
    }

    /// Every command `side` could activate now, in a deterministic order.
    pub fn legal_commands(&self, side: Side, out: &mut Vec<Command>) {
        let setup = self.setup();
        match side {
            Side::Roman => {
                for l in 0..setup.legions.len() {
                    if let Ok(i) = u8::try_from(l) {
                        out.push(Command::Legion(crate::game::LegionIdx(i)));
                    }
                }
            }
            Side::Adversary => out.push(Command::AlesiaForce),
        }
        out.retain(|c| self.command_units(c).next().is_some());
    }

    /// The units of `command` on the map and able to act, in [`Uid`] order.
    pub fn command_units<'a>(
        &'a self,
        command: &'a Command,
    ) -> impl Iterator<Item = crate::game::Uid> + 'a {
        self.field
            .units()
            .iter()
            .enumerate()
            .filter_map(move |(i, u)| {
                let uid = crate::game::Uid(u16::try_from(i).ok()?);
                (u.at.is_some()
                    && u.cohesion.status != Status::Eliminated
                    && command.covers(&self.field, uid))
                .then_some(uid)
            })
    }

    fn start_activation(&mut self, command: Command) {
        let side = command.side();
        // 8.6: reaction fire is once per enemy Activation Phase; per-activation
        // flags reset for everyone.
        let flags_to_clear = UnitFlags::PER_ACTIVATION;
        let members: Vec<_> = self.command_units(&command).collect();
        for i in 0..self.field.units().len() {
            let uid = crate::game::Uid(u16::try_from(i).unwrap_or(u16::MAX));
            let started_in_zoc = members.contains(&uid)
                && self
                    .field
                    .unit(uid)
                    .and_then(|u| u.at)
                    .is_some_and(|h| zoc::in_enemy_zoc(&self.field, h, side));
            if let Some(u) = self.field.unit_mut(uid) {
                u.flags.0 &= !flags_to_clear;
                u.flags.set(UnitFlags::STARTED_IN_ZOC, started_in_zoc);
                u.mp_spent = 0;
                u.fires = 0;
            }
        }
        for i in 0..self.field.leaders().len() {
            if let Some(l) = self
                .field
                .leader_mut(crate::game::Lid(u8::try_from(i).unwrap_or(0)))
            {
                l.mp_spent = 0;
            }
        }
        self.turn.current = Some(Activation {
            side,
            command,
            moving: None,
        });
    }
}

impl Rules for Alesia {
    type Action = Action;
    type Pending = Pending;
    type Preview = Preview;
    type Event = AlesiaEvent;
    type Error = AlesiaError;

    fn pending(&self) -> Pending {
        if let Some(outcome) = &self.turn.outcome {
            return Pending::Over(outcome.clone());
        }
        match &self.turn.current {
            Some(a) => Pending::Activation {
                side: a.side,
                command: a.command.clone(),
            },
            None => Pending::ChooseCommand {
                side: self.turn.to_act,
            },
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.pending() {
            Pending::Over(_) => {}
            Pending::ChooseCommand { side } => {
                let mut commands = Vec::new();
                self.legal_commands(side, &mut commands);
                out.extend(commands.into_iter().map(Action::Activate));
            }
            Pending::Activation { .. } => {
                let mut moves = Vec::new();
                movement::legal(self, &mut moves);
                out.extend(moves.into_iter().map(Action::Move));
                out.push(Action::EndActivation);
            }
        }
    }

    fn check(&self, action: &Action) -> Result<Preview, AlesiaError> {
        match (self.pending(), action) {
            (Pending::Over(_), _) => Err(AlesiaError::GameOver),
            (Pending::ChooseCommand { side }, Action::Activate(command)) => {
                if command.side() != side {
                    return Err(AlesiaError::WrongSide);
                }
                let mut legal = Vec::new();
                self.legal_commands(side, &mut legal);
                if !legal.contains(command) {
                    return Err(AlesiaError::EmptyCommand);
                }
                Ok(Preview::Legal)
            }
            (Pending::ChooseCommand { .. }, _) => {
                Err(AlesiaError::NotPending("choose a command to activate"))
            }
            (Pending::Activation { .. }, Action::Move(m)) => {
                Ok(Preview::Move(movement::check(self, m)?))
            }
            (Pending::Activation { .. }, Action::EndActivation) => Ok(Preview::Legal),
            (Pending::Activation { .. }, Action::Activate(_)) => Err(AlesiaError::NotPending(
                "act with the active command or end the activation",
            )),
        }
    }

    fn perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        match action {
            Action::Activate(command) => {
                let side = command.side();
                self.start_activation(command.clone());
                events.push(Event::new("5.1", AlesiaEvent::Activated { side, command }));
            }
            Action::Move(m) => movement::perform(self, m, dice, events)?,
            Action::EndActivation => {
                let side = self
                    .turn
                    .current
                    .take()
                    .map_or(self.turn.to_act, |a| a.side);
                self.turn.activations = self.turn.activations.saturating_add(1);
                self.turn.to_act = side.opponent();
                events.push(Event::new(
                    "3.0",
                    AlesiaEvent::ActivationEnded {
                        next: self.turn.to_act,
                    },
                ));
            }
        }
        Ok(())
    }
}

/// The serialized form of an [`Alesia`] game (the setup is not saved: it is
/// supplied again on load).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlesiaSave {
    /// The battlefield.
    pub field: BattlefieldSave,
    /// The turn.
    pub turn: Turn,
}

impl Serialize for Alesia {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        AlesiaSave {
            field: self.field.save(),
            turn: self.turn.clone(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Alesia {
    /// Deserializes over the default [`Setup`]; use [`Alesia::load`] for another.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = AlesiaSave::deserialize(d)?;
        let setup = Setup::shared().map_err(serde::de::Error::custom)?;
        Alesia::load(setup, save).map_err(serde::de::Error::custom)
    }
}

impl Alesia {
    /// Restores a saved game over `setup`.
    ///
    /// # Errors
    /// [`LoadError`] when the save does not fit the setup.
    pub fn load(setup: Arc<Setup>, save: AlesiaSave) -> Result<Alesia, LoadError> {
        Ok(Alesia {
            field: Battlefield::load(setup, save.field)?,
            turn: save.turn,
        })
    }
}
