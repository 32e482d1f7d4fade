//! [`Rules`] for [`Alesia`]: the decision pending, its legal actions,
//! checking an action with its preview, and performing it.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};
use gboh_simple::BattleRules;
use gboh_simple::protocol::sequence_of_play;

use super::{Action, Alesia, AlesiaError, AlesiaEvent, Pending, Preview};
use crate::combat::{self, CombatError};
use crate::game::Lid;
use crate::movement::{self, MoveEvent};

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
                // 3.0 A: Roman Redeployment (5.5) comes first.
                if self.turn.redeployment.is_some() {
                    return Pending::RomanRedeployment;
                }
                // 5.3-5.4: assignment, initial placement, an entry's placement.
                if let Some(step) = self.planning_step() {
                    return Pending::GallicPlanning(step);
                }
                if let Some((side, leaders)) = sequence_of_play::window(self) {
                    return Pending::Seizure { side, leaders };
                }
                Pending::ChooseCommand { side: self.turn.play.to_act }
            }
        }
    }

    fn decider(&self) -> Option<Side> {
        match self.pending() {
            Pending::Seizure { side, .. }
            | Pending::ChooseCommand { side }
            | Pending::Activation { side, .. }
            | Pending::LeaderRetreat { side, .. } => Some(side),
            Pending::Combat(p) => Some(p.side()),
            Pending::GallicPlanning(_) => Some(Side::Adversary),
            Pending::RomanRedeployment => Some(Side::Roman),
            Pending::Over(_) => None,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        match self.pending() {
            Pending::Over(_) => {}
            Pending::LeaderRetreat { leader, options, .. } => {
                out.extend(
                    options.into_iter().map(|to| Action::RetreatLeader { leader, to: Some(to) }),
                );
                if movement::leader::lone_leader_may_stay(&self.field, leader) {
                    out.push(Action::RetreatLeader { leader, to: None });
                }
            }
            Pending::Seizure { side, leaders } => {
                out.extend(self.seize_to_move_candidates(side, &leaders).map(Action::SeizeToMove));
                out.extend(leaders.into_iter().map(Action::AttemptSeizure));
                out.push(Action::DeclineSeizure);
            }
            Pending::ChooseCommand { side } => {
                let commands = combat::replacement::commands(self, side);
                let returns = combat::replacement::placements(self, side);
                out.extend(self.legal_placements().into_iter().map(Action::PlaceCounter));
                out.extend(self.entry_attempts().into_iter().map(Action::AttemptEntry));
                if self.may_pass(side, &commands) {
                    out.push(Action::Pass);
                }
                out.extend(
                    returns.into_iter().map(|(leader, to)| Action::ReturnLeader { leader, to }),
                );
                out.extend(commands.into_iter().map(Action::Activate));
            }
            Pending::GallicPlanning(step) => self.planning_actions(&step, out),
            Pending::RomanRedeployment => self.redeployment_actions(out),
            Pending::Activation { .. } => self.activation_actions(true, out),
            Pending::Combat(_) => {
                let mut answers = Vec::new();
                combat::legal(self, &mut answers);
                out.extend(answers.into_iter().map(Action::Combat));
            }
        }
    }

    fn check(&self, action: &Action) -> Result<Preview, AlesiaError> {
        match (self.pending(), action) {
            (Pending::Over(_), _) => Err(AlesiaError::GameOver),
            (
                Pending::LeaderRetreat { leader, options, .. },
                Action::RetreatLeader { leader: l, to },
            ) => {
                let stays =
                    to.is_none() && movement::leader::lone_leader_may_stay(&self.field, leader);
                if *l == leader && (stays || to.is_some_and(|h| options.contains(&h))) {
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
            (Pending::GallicPlanning(step), a) => {
                self.check_planning(&step, a)?;
                Ok(Preview::Legal)
            }
            (_, Action::AssignTribe { .. } | Action::EndPlacement) => Err(AlesiaError::NotPending(
                "5.31, 5.41: no Gallic Assault Planning decision is pending",
            )),
            (Pending::RomanRedeployment, a) => {
                self.check_redeployment(a)?;
                Ok(Preview::Legal)
            }
            (_, Action::Redeploy { .. } | Action::EndRedeployment | Action::KeepDeployment) => {
                Err(AlesiaError::NotPending("5.5: no Roman Redeployment is under way"))
            }
            (Pending::Seizure { leaders, .. }, Action::AttemptSeizure(lid)) => {
                if leaders.contains(lid) { Ok(Preview::Legal) } else { Err(AlesiaError::NoSeizure) }
            }
            (Pending::Seizure { .. }, Action::DeclineSeizure) => Ok(Preview::Legal),
            (Pending::Seizure { side, leaders }, Action::SeizeToMove(lid)) => {
                if self.seize_to_move_candidates(side, &leaders).any(|l| l == *lid) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::NoSeizure)
                }
            }
            (Pending::Seizure { .. }, _) => {
                Err(AlesiaError::NotPending("attempt Turn Seizure or decline"))
            }
            (Pending::ChooseCommand { side }, Action::Activate(command)) => {
                if command.side() != side {
                    return Err(AlesiaError::WrongSide);
                }
                if !self.is_legal_command(side, command) {
                    return Err(AlesiaError::EmptyCommand);
                }
                combat::replacement::check_command(self, command)?;
                Ok(Preview::Legal)
            }
            (Pending::ChooseCommand { .. }, Action::ReturnLeader { leader, to }) => {
                combat::replacement::check(self, *leader, *to)?;
                Ok(Preview::Legal)
            }
            (_, Action::ReturnLeader { .. }) => Err(AlesiaError::NotPending(
                "4.35: a leader returns only while his side chooses its command",
            )),
            (Pending::ChooseCommand { .. }, Action::PlaceCounter(p)) => {
                if self.legal_placements().contains(p) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::Placement)
                }
            }
            (Pending::ChooseCommand { .. }, Action::AttemptEntry(area)) => {
                if self.entry_attempts().contains(area) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::Planning(
                        "5.32-5.35, 5.42: no entry attempt through that area now (areas beyond II from the fourth Gallic Activation Phase, not after Turn Seizure, not in consecutive phases, not while a placed counter holds all its units)",
                    ))
                }
            }
            (Pending::ChooseCommand { side }, Action::Pass) => {
                if self.may_pass(side, &combat::replacement::commands(self, side)) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::NotPending("3.0: a command must be activated"))
                }
            }
            (Pending::ChooseCommand { .. }, _) => {
                Err(AlesiaError::NotPending("choose a command to activate"))
            }
            (Pending::Activation { .. }, Action::Move(m)) => {
                if combat::movement_closed(self) {
                    return Err(
                        CombatError::illegal("9.0", "movement is over: shock has begun").into()
                    );
                }
                Ok(Preview::Move(movement::check(self, m)?))
            }
            (Pending::Activation { .. }, Action::RideAlong { leader, unit }) => {
                if self.ride_along_options().contains(&(*leader, *unit)) {
                    Ok(Preview::Legal)
                } else {
                    Err(AlesiaError::NotPending(
                        "6.13: a commander rides along only with an activated, in-range unit he is stacked with that has not moved",
                    ))
                }
            }
            (Pending::Activation { .. }, Action::EndActivation) => {
                combat::may_end_activation(self)?;
                Ok(Preview::Legal)
            }
            (Pending::Activation { .. } | Pending::Combat(_), Action::Combat(a)) => {
                Ok(Preview::Combat(combat::check(self, a)?))
            }
            (Pending::Combat(_), _) => Err(AlesiaError::NotPending("answer the combat decision")),
            (
                Pending::Activation { .. },
                Action::Activate(_)
                | Action::AttemptSeizure(_)
                | Action::DeclineSeizure
                | Action::SeizeToMove(_)
                | Action::PlaceCounter(_)
                | Action::AttemptEntry(_)
                | Action::Pass,
            ) => Err(AlesiaError::NotPending("act with the active command or end the activation")),
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
        match action {
            Action::AttemptSeizure(lid) => sequence_of_play::attempt(self, lid, dice, events)?,
            Action::SeizeToMove(lid) => {
                let side = self.turn.play.to_act.opponent();
                let initiative = self.setup().leader(lid).and_then(|l| l.initiative()).unwrap_or(0);
                if let Some(l) = self.field.leader_mut(lid) {
                    l.seizures_used = l.seizures_used.saturating_add(1);
                }
                self.turn.play.seizure.last_attempt_by = Some(side);
                self.turn.play.seizure.attempted = true;
                self.turn.play.seizure.window_closed = true;
                self.turn.play.to_act = side;
                self.turn.play.seizure.seized_by = Some(lid);
                self.turn.seized_to_move = Some(lid);
                events.push(Event::new(
                    "5.25",
                    AlesiaEvent::Seizure { leader: lid, roll: None, initiative, seized: true },
                ));
            }
            Action::DeclineSeizure => self.turn.play.seizure.window_closed = true,
            Action::AssignTribe { .. } | Action::EndPlacement => {
                self.perform_planning(action, dice, events)?;
            }
            Action::PlaceCounter(p) if self.turn.planning.is_some() => {
                self.perform_planning(Action::PlaceCounter(p), dice, events)?;
            }
            Action::AttemptEntry(area) => self.attempt_entry(area, dice, events)?,
            Action::Redeploy { unit, to } => {
                self.perform_redeployment(&action)?;
                events.push(Event::new("5.5", AlesiaEvent::Redeployed { unit, to }));
            }
            Action::EndRedeployment | Action::KeepDeployment => {
                self.perform_redeployment(&action)?;
                let kept = action == Action::KeepDeployment;
                events.push(Event::new("5.5", AlesiaEvent::RedeploymentEnded { kept }));
            }
            Action::PlaceCounter(p) => {
                // 5.24 aside, placing is part of designating: the window is over.
                self.turn.play.seizure.window_closed = true;
                self.place_counter(p);
                events.push(Event::new("12.1", AlesiaEvent::CounterPlaced(p)));
            }
            // 5.1; 5.63: the Alesia Force's entry roll may fail.
            Action::Activate(command) => {
                sequence_of_play::activate(self, command, dice, events)?;
            }
            Action::RideAlong { leader, unit } => {
                if let Some(a) = self.turn.play.current.as_mut() {
                    a.own.riders.push((leader, unit));
                }
            }
            Action::Move(m) => {
                let before = events.len();
                movement::perform(self, m, dice, events)?;
                // 6.13: riders stay stacked with their unit.
                let riders: Vec<(Lid, crate::game::Uid)> = self
                    .turn
                    .play
                    .current
                    .as_ref()
                    .map(|a| a.own.riders.clone())
                    .unwrap_or_default();
                for (leader, unit) in riders {
                    let to = self.field.position(unit);
                    if to.is_some() && self.field.leader(leader).is_some_and(|l| l.at != to) {
                        let _ = self.field.move_leader(leader, to);
                        if let Some(to) = to {
                            events.push(Event::new("6.13", AlesiaEvent::LeaderRode { leader, to }));
                        }
                    }
                }
                for e in events.get(before..).unwrap_or(&[]) {
                    if let AlesiaEvent::Move(MoveEvent::LeaderMayRetreat { leader, options }) =
                        &e.what
                        && !options.is_empty()
                    {
                        self.turn.play.lone_leaders.push((*leader, options.clone()));
                    }
                }
                // 10.4: a move's hits may have routed a unit; its steps follow.
                combat::resume(self, dice, events)?;
            }
            Action::RetreatLeader { leader, to } => {
                if let Some(to) = to {
                    movement::leader::retreat_lone_leader(&mut self.field, leader, to)?;
                    events.push(Event::new("4.33", AlesiaEvent::LeaderRetreated { leader, to }));
                }
                if !self.turn.play.lone_leaders.is_empty() {
                    self.turn.play.lone_leaders.remove(0);
                }
                // 4.33 may have paused combat (an advance next to a lone leader).
                combat::resume(self, dice, events)?;
            }
            Action::ReturnLeader { leader, to } => {
                combat::replacement::place(self, leader, to, events);
            }
            Action::Combat(a) => combat::perform(self, a, dice, events)?,
            Action::Pass => sequence_of_play::pass(self, dice, events)?,
            Action::EndActivation => sequence_of_play::end_activation(self, dice, events)?,
        }
        self.check_instant_victory(events);
        Ok(())
    }
}
