//! [`Rules`] for [`Alesia`]: the decision pending, its legal actions,
//! checking an action with its preview, and performing it.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};
use gboh_simple::BattleRules;
use gboh_simple::protocol::sequence_of_play;

use super::choice::{asked, not_pending};
use super::{Action, Alesia, AlesiaError, AlesiaEvent, Pending, Preview};
use crate::combat::{self, CombatError};
use crate::movement;

impl Rules for Alesia {
    type Action = Action;
    type Pending = Pending;
    type Preview = Preview;
    type Event = AlesiaEvent;
    type Error = AlesiaError;

    fn pending(&self) -> Pending {
        if let Some(outcome) = &self.turn.play.outcome {
            return Pending::Over(outcome.clone());
        }
        // 4.33: a lone leader an enemy moved next to may retreat first.
        if let Some((leader, options)) = self.turn.play.lone_leaders.first() {
            let side = self.setup().leader(*leader).map_or(Side::Roman, |l| l.side);
            return Pending::LeaderRetreat { side, leader: *leader, options: options.clone() };
        }
        match &self.turn.play.current {
            Some(a) => match combat::pending(self) {
                Some(p) => Pending::Combat(p),
                None => Pending::Activation { side: a.side, command: a.command.clone() },
            },
            None => {
                // 3.0 A-B: Roman Redeployment (5.5), then Gallic Assault
                // Planning (5.3-5.4).
                if let Some((side, decision)) = self.decision() {
                    return Pending::Game { side, decision };
                }
                if let Some((side, leaders)) = sequence_of_play::window(self) {
                    return Pending::Seizure { side, leaders };
                }
                Pending::ChooseCommand { side: self.turn.play.to_act }
            }
        }
    }

    fn decider(&self) -> Option<Side> {
        self.pending().side()
    }

    /// Alesia's own actions ([`BattleRules::choices`]) come first where
    /// it adds any: a command is chosen after the counter placements, entry
    /// attempts and leaders' returns; the Seizure window offers 5.25's
    /// seizure to move before the attempts; an activation lists its riders
    /// after its moves.
    fn legal_actions(&self, out: &mut Vec<Action>) {
        let pending = self.pending();
        let mut choices = Vec::new();
        if !matches!(pending, Pending::Activation { .. }) {
            self.choices(&pending, &mut choices);
        }
        out.extend(choices.into_iter().map(Action::from));
        match pending {
            Pending::Over(_) | Pending::Game { .. } => {}
            Pending::LeaderRetreat { leader, options, .. } => {
                out.extend(
                    options.into_iter().map(|to| Action::RetreatLeader { leader, to: Some(to) }),
                );
                if movement::leader::lone_leader_may_stay(&self.field, leader) {
                    out.push(Action::RetreatLeader { leader, to: None });
                }
            }
            Pending::Seizure { leaders, .. } => {
                out.extend(leaders.into_iter().map(Action::AttemptSeizure));
                out.push(Action::DeclineSeizure);
            }
            Pending::ChooseCommand { side } => {
                let commands = combat::replacement::commands(self, side);
                // 3.0: no pass while a leader may return (4.35), so the
                // returns listed above never stand beside a pass.
                if self.may_pass(side, &commands) {
                    out.push(Action::Pass);
                }
                out.extend(commands.into_iter().map(Action::Activate));
            }
            Pending::Activation { .. } => self.activation_actions(true, out),
            Pending::Combat(_) => {
                let mut answers = Vec::new();
                combat::legal(self, &mut answers);
                out.extend(answers.into_iter().map(Action::Combat));
            }
        }
    }

    fn check(&self, action: &Action) -> Result<Preview, AlesiaError> {
        let pending = self.pending();
        match (&pending, action) {
            (Pending::Over(_), _) => Err(AlesiaError::GameOver),
            (
                Pending::LeaderRetreat { leader, options, .. },
                Action::RetreatLeader { leader: l, to },
            ) => {
                let stays =
                    to.is_none() && movement::leader::lone_leader_may_stay(&self.field, *leader);
                if l == leader && (stays || to.is_some_and(|h| options.contains(&h))) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::NotPending(
                        "4.33: retreat the lone leader to one of the offered hexes, or stay",
                    ))
                }
            }
            (Pending::LeaderRetreat { .. }, _) => {
                Err(AlesiaError::NotPending("4.33: the lone leader's retreat is pending"))
            }
            (_, Action::RetreatLeader { .. }) => {
                Err(AlesiaError::NotPending("4.33: no lone leader may retreat now"))
            }
            (_, a) => match a.choice() {
                Some(choice) => {
                    self.check_choice(&pending, &choice)?;
                    Ok(Preview::Legal)
                }
                None => self.check_engine_action(&pending, a),
            },
        }
    }

    /// A Move in an activation is validated once, by the movement search
    /// that also performs it ([`movement::perform`] plans before it changes
    /// anything, with [`movement::check`]'s errors); every other action is
    /// checked, then performed.
    fn check_and_perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        let plain_move = matches!(action, Action::Move(_))
            && matches!(self.pending(), Pending::Activation { .. })
            && !combat::movement_closed(self);
        if !plain_move {
            self.check(&action)?;
        }
        self.perform(action, dice, events)
    }

    fn perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        if let Some(choice) = action.choice() {
            self.perform_choice(choice, dice, events)?;
            self.check_instant_victory(events);
            return Ok(());
        }
        match action {
            Action::AttemptSeizure(lid) => sequence_of_play::attempt(self, lid, dice, events)?,
            Action::DeclineSeizure => self.turn.play.seizure.window_closed = true,
            // 5.1; 5.63: the Alesia Force's entry roll may fail.
            Action::Activate(command) => {
                sequence_of_play::activate(self, command, dice, events)?;
            }
            Action::Move(m) => {
                self.make_move(m, dice, events)?;
                // 10.4: a move's hits may have routed a unit; its steps follow.
                combat::resume(self, dice, events)?;
            }
            Action::RetreatLeader { leader, to } => {
                self.retreat_lone_leader(leader, to, events)?;
                if !self.turn.play.lone_leaders.is_empty() {
                    self.turn.play.lone_leaders.remove(0);
                }
                // 4.33 may have paused combat (an advance next to a lone leader).
                combat::resume(self, dice, events)?;
            }
            Action::Combat(a) => combat::perform(self, a, dice, events)?,
            Action::Pass => sequence_of_play::pass(self, dice, events)?,
            Action::EndActivation => sequence_of_play::end_activation(self, dice, events)?,
            Action::SeizeToMove(_)
            | Action::PlaceCounter(_)
            | Action::AssignTribe { .. }
            | Action::AttemptEntry(_)
            | Action::EndPlacement
            | Action::Redeploy { .. }
            | Action::EndRedeployment
            | Action::KeepDeployment
            | Action::RideAlong { .. }
            | Action::ReturnLeader { .. } => {}
        }
        self.check_instant_victory(events);
        Ok(())
    }
}

impl Alesia {
    /// Checks an action of the engine's own kinds (not one of Alesia's
    /// [`AlesiaChoice`](super::AlesiaChoice)s) against `pending`.
    fn check_engine_action(
        &self,
        pending: &Pending,
        action: &Action,
    ) -> Result<Preview, AlesiaError> {
        match (pending, action) {
            (Pending::Over(_), _) => Err(AlesiaError::GameOver),
            (Pending::Seizure { leaders, .. }, Action::AttemptSeizure(lid)) => {
                if leaders.contains(lid) { Ok(Preview::Legal) } else { Err(AlesiaError::NoSeizure) }
            }
            (Pending::Seizure { .. }, Action::DeclineSeizure) => Ok(Preview::Legal),
            (Pending::ChooseCommand { side }, Action::Activate(command)) => {
                if command.side() != *side {
                    return Err(AlesiaError::WrongSide);
                }
                if !self.is_legal_command(*side, command) {
                    return Err(AlesiaError::EmptyCommand);
                }
                combat::replacement::check_command(self, command)?;
                Ok(Preview::Legal)
            }
            (Pending::ChooseCommand { side }, Action::Pass) => {
                if self.may_pass(*side, &combat::replacement::commands(self, *side)) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::NotPending("3.0: a command must be activated"))
                }
            }
            (Pending::Activation { .. }, Action::Move(m)) => {
                if combat::movement_closed(self) {
                    return Err(
                        CombatError::illegal("9.0", "movement is over: shock has begun").into()
                    );
                }
                Ok(Preview::Move(movement::check(self, m)?))
            }
            (Pending::Activation { .. }, Action::EndActivation) => {
                combat::may_end_activation(self)?;
                Ok(Preview::Legal)
            }
            (Pending::Activation { .. } | Pending::Combat(_), Action::Combat(a)) => {
                Ok(Preview::Combat(combat::check(self, a)?))
            }
            _ => Err(not_pending(asked(pending)).into()),
        }
    }
}
