//! [`Rules`] for [`Alesia`]: the engine's protocol
//! ([`gboh_simple::protocol::play`], what `Battle<Alesia>` plays) in
//! Alesia's action vocabulary. Every decision, listing, check and action is
//! the engine's, with Alesia's hooks ([`gboh_simple::BattleRules`]); an
//! [`Action`] is the engine's action in Alesia's words (`From` both ways),
//! so its saved action logs read as before. Alesia adds one thing: a move's
//! preview with its hits on the way, its Reaction Fire and the rules that
//! shaped it ([`crate::movement::MovePreview`]), where the engine's has the
//! MP and the path.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};
use gboh_simple::protocol::{Preview as EnginePreview, play};
use gboh_simple::rules::movement::MoveSearch;

use super::{Action, Alesia, AlesiaError, AlesiaEvent, Pending, Preview};
use crate::combat::{self, CombatError};
use crate::movement::{self, MoveAction, MovePreview};

impl Rules for Alesia {
    type Action = Action;
    type Pending = Pending;
    type Preview = Preview;
    type Event = AlesiaEvent;
    type Error = AlesiaError;

    fn pending(&self) -> Pending {
        play::pending(self)
    }

    fn decider(&self) -> Option<Side> {
        self.pending().side()
    }

    /// The engine's listing: Alesia's own actions first (placements, entry
    /// attempts, returns, seizure to move; in an activation its unsearched
    /// movement actions and riders), then the engine's.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        let mut actions = Vec::new();
        play::legal_actions(self, &mut MoveSearch::new(), &mut actions);
        out.extend(actions.into_iter().map(Action::from));
    }

    fn check(&self, action: &Action) -> Result<Preview, AlesiaError> {
        if let Action::Move(m) = action
            && matches!(self.pending(), Pending::Activation { .. })
        {
            return Ok(Preview::Move(self.preview_move(m)?));
        }
        // Only a move previews a move, and Alesia previews its own above.
        match play::check(self, &mut MoveSearch::new(), &action.clone().into())? {
            EnginePreview::Combat(c) => Ok(Preview::Combat(c)),
            EnginePreview::Legal | EnginePreview::Move { .. } => Ok(Preview::Legal),
        }
    }

    /// A move in an activation is validated once, by the search that makes
    /// it ([`play::check_and_perform`]).
    fn check_and_perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        play::check_and_perform(self, &mut MoveSearch::new(), action.into(), dice, events)
    }

    fn perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        play::perform(self, &mut MoveSearch::new(), action.into(), dice, events)
    }
}

impl Alesia {
    /// Checks one of the active command's movement actions with Alesia's
    /// search and previews it ([`movement::check`]): refused once shock has
    /// begun (9.0), and with the refusal the move's performance gives.
    pub(super) fn preview_move(&self, m: &MoveAction) -> Result<MovePreview, CombatError> {
        if combat::movement_closed(self) {
            return Err(movement_over());
        }
        Ok(movement::check(self, m)?)
    }
}

/// 9.0: shock has begun; the activation's movement is over.
pub(super) fn movement_over() -> CombatError {
    CombatError::illegal("9.0", "movement is over: shock has begun")
}
