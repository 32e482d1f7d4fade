//! Alesia's state as the engine's Sequence of Play sees it
//! ([`BattleRules`]): its commands (4.1), the commanders who may seize the
//! turn (5.21), the Alesia Force's entry roll (5.63), the units that come
//! out of their Tribal Counters when their chieftain is activated (5.48),
//! the activation's own record (4.13, 6.13), what ends with an Activation
//! Phase (5.47, 10.71), the end of an Assault Period (3.1, 11.0) and what
//! a new one brings, and how the protocol's events become Alesia's.
//!
//! Alesia's protocol ([`Rules`](gboh_core::game::Rules) for [`Alesia`],
//! `rules.rs`) is the engine's ([`gboh_simple::protocol::play`]) with these
//! hooks: its own decisions and actions (planning, redeployment,
//! placements, entries, returns, riders, its unsearched movement actions:
//! [`AlesiaDecision`], [`AlesiaChoice`]), its move search (`moves`,
//! `check_move`, `perform_move`), its siege actions (`own_actions`), its
//! rally limits, 4.33's retreats, its checks of a command and its words for
//! a refusal, and 11.0's instant win (`outcome`). `Battle<Alesia>` plays
//! the same steps (`tests/battle_plays_alesia.rs`).

use gboh_core::Side;
use gboh_core::dice::{Dice, Die};
use gboh_core::game::Event;
use gboh_simple::protocol::{
    Action as EngineAction, ActionOf, ActivationRoll, ColumnOf, Preview as EnginePreview,
};
use gboh_simple::rules::movement::MoveSearch;
use gboh_simple::{BattleRules, TurnEvent};

use super::{
    Alesia, AlesiaActivation, AlesiaChoice, AlesiaDecision, AlesiaEvent, Outcome, Pending,
    SequenceOfPlay,
};
use crate::combat::{self, CombatError, SiegeAction};
use crate::command::Command;
use crate::game::{Lid, Uid, UnitFlags};
use crate::movement::{self, MoveAction};
use crate::tables::AlesiaCheck;

impl BattleRules for Alesia {
    type Command = Command;
    type Own = SiegeAction;
    type Decision = AlesiaDecision;
    type Choice = AlesiaChoice;
    type Record = AlesiaActivation;

    fn turn(&self) -> &SequenceOfPlay {
        &self.turn.play
    }

    fn turn_mut(&mut self) -> &mut SequenceOfPlay {
        &mut self.turn.play
    }

    /// The protocol's events in Alesia's words where Alesia has its own
    /// (5.21's seizure, 5.1's activation, 5.63's failed entry roll, 3.0's
    /// end of an Activation Phase, 11.0's outcome); the others as the
    /// engine's ([`AlesiaEvent::Turn`]).
    fn turn_event(what: TurnEvent<Command>) -> AlesiaEvent {
        match what {
            TurnEvent::Seizure { leader, roll, initiative, seized } => {
                AlesiaEvent::Seizure { leader, roll: Some(roll), initiative, seized }
            }
            TurnEvent::Activated { side, command } => AlesiaEvent::Activated { side, command },
            TurnEvent::NotActivated { command: Command::AlesiaForce, roll, .. } => {
                AlesiaEvent::AlesiaForceHeld { roll }
            }
            TurnEvent::ActivationEnded { next } => AlesiaEvent::ActivationEnded { next },
            TurnEvent::MovementOver { unit } => {
                AlesiaEvent::Move(crate::movement::MoveEvent::MovementOver { unit })
            }
            TurnEvent::GameOver(gboh_simple::Outcome { winner: Some(winner), reason }) => {
                AlesiaEvent::GameOver(Outcome { winner, reason })
            }
            other => AlesiaEvent::Turn(other),
        }
    }

    /// 4.1, 5.21-5.25, 4.35: [`combat::replacement::commands`].
    fn commands(&self, side: Side, out: &mut Vec<Command>) {
        out.extend(combat::replacement::commands(self, side));
    }

    fn command_side(&self, command: &Command) -> Side {
        command.side()
    }

    /// 5.1: the active player's; 4.1: with a unit on the map to activate;
    /// 4.35: not a command whose leader returns first
    /// ([`combat::replacement::check_command`]). The one command is traced,
    /// not the whole list.
    fn check_command(&self, side: Side, command: &Command) -> Result<(), CombatError> {
        if command.side() != side {
            return Err(CombatError::illegal("5.1", "that command is not the active player's"));
        }
        if !self.is_legal_command(side, command) {
            return Err(CombatError::illegal(
                "4.1",
                "that command has no unit on the map to activate",
            ));
        }
        combat::replacement::check_command(self, command)
    }

    /// 4.11-4.14: [`Alesia::activated_units`].
    fn command_units(&self, command: &Command) -> Vec<Uid> {
        self.activated_units(command).0
    }

    /// 4.11-4.14, with 4.13's units out of their leader's range recorded in
    /// the activation, from the one trace of the command.
    fn activation_units(&self, command: &Command) -> (Vec<Uid>, AlesiaActivation) {
        let (units, out_of_range) = self.activated_units(command);
        (units, AlesiaActivation { out_of_range, riders: Vec::new() })
    }

    /// 3.0: a side passes only when it has no command to activate and no
    /// killed leader to bring back (4.35).
    fn may_pass(&self, side: Side, commands: &[Command]) -> bool {
        commands.is_empty() && combat::replacement::placements(self, side).is_empty()
    }

    /// 5.63: the Alesia Force, not yet in play, enters on 0-6 (the
    /// tables' [`AlesiaCheck::AlesiaForceEntry`]); on a failure the Gallic
    /// player activates another command (it is not offered again this
    /// Activation Phase).
    fn activation_roll(
        &mut self,
        command: &Command,
        dice: &mut Dice,
        _: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<ActivationRoll, CombatError> {
        if *command != Command::AlesiaForce || self.alesia_force_in_play() {
            return Ok(ActivationRoll::NotNeeded);
        }
        let check = self
            .setup()
            .tables
            .checks()
            .check(&AlesiaCheck::AlesiaForceEntry)
            .cloned()
            .ok_or_else(|| CombatError::illegal("5.63", "the tables have no entry check"))?;
        let rolled = check.roll(Die::D10, dice)?;
        let Some(&roll) = rolled.rolls.last() else {
            return Err(CombatError::illegal("5.63", "the entry check rolled no die"));
        };
        if rolled.success {
            Ok(ActivationRoll::Passed { rule: "5.63", roll })
        } else {
            self.turn.alesia_force_failed = true;
            Ok(ActivationRoll::Failed { rule: "5.63", roll })
        }
    }

    /// 5.48, 6.21, 12.1: the units still inside the command's counters (or
    /// the Alesia Force off the map) come out to move.
    fn activating(&mut self, command: &Command) {
        self.emerge_from_counters(command);
    }

    /// 3.0 A-B: the Roman Redeployment (5.5), then Gallic Assault Planning
    /// (5.3-5.4).
    fn decision(&self) -> Option<(Side, AlesiaDecision)> {
        self.own_decision().map(|d| (d.side(), d))
    }

    /// 5.3-5.5's answers; 12.1/5.45's placements, 5.33/5.42's entry
    /// attempts and 4.35's returns before a command is chosen; 5.25's
    /// seizure to move; 6.13's riders.
    fn choices(&self, pending: &Pending, out: &mut Vec<AlesiaChoice>) {
        self.own_choices(pending, out);
    }

    /// Alesia's words where it says more than the engine: what its own
    /// decision asks for (5.31, 5.41-5.45, 5.5).
    fn refusal(
        &self,
        pending: &Pending,
        action: &ActionOf<Alesia>,
        refused: CombatError,
    ) -> CombatError {
        match (pending, action) {
            (Pending::Game { decision, .. }, a) if !matches!(a, EngineAction::Game(_)) => {
                super::choice::not_pending(super::choice::decision_asks(decision))
            }
            _ => refused,
        }
    }

    fn check_choice(&self, pending: &Pending, choice: &AlesiaChoice) -> Result<(), CombatError> {
        self.check_own_choice(pending, choice)
    }

    fn perform_choice(
        &mut self,
        choice: AlesiaChoice,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        self.perform_own_choice(choice, dice, events)
    }

    /// 4.21-4.23, 5.21: the commanders with Seizure attempts left (the
    /// engine keeps the window, 5.22-5.24).
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        self.seizure_leaders_of(side)
    }

    /// A returned leader's command has now been activated (4.35); the
    /// artillery's free shots are offered (8.64); 8.45: fires within five
    /// hexes of an activated chief may burn down.
    fn activated(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        let Some(command) = self.active_command().cloned() else {
            return Ok(());
        };
        combat::activation_started(self);
        if let Command::Tribes(chief, _) = command {
            combat::flame::burn_down(self, chief, dice, events)?;
        }
        Ok(())
    }

    /// 6.0-7.0: Alesia's own move search (siege works, Fill, tethers,
    /// Rapid March; [`crate::movement::legal`]): its units' and leaders'
    /// moves, in its order (its other movement actions are
    /// [`AlesiaChoice::Movement`]); the engine's search is not used.
    /// Alesia's search: each mover's Moves, then the leaders' (its other
    /// movement actions, which need no search, are
    /// [`AlesiaChoice::Movement`]s, listed by `choices`).
    fn moves(&self, _: &mut MoveSearch, out: &mut Vec<ActionOf<Alesia>>) {
        if combat::movement_closed(self) {
            return;
        }
        movement::unit_moves(self, &movement::movers(self), |_, moves| {
            out.extend(moves.iter().filter_map(|m| match *m {
                MoveAction::Move { unit, to, facing } => {
                    Some(EngineAction::Move { unit, to, facing })
                }
                _ => None,
            }));
            std::ops::ControlFlow::Continue(())
        });
        let mut leaders = Vec::new();
        movement::leader_moves(self, &mut leaders);
        out.extend(leaders.into_iter().filter_map(|m| match m {
            MoveAction::MoveLeader { leader, to } => Some(EngineAction::MoveLeader { leader, to }),
            _ => None,
        }));
    }

    /// A move checked by Alesia's search; its preview's MP and the hexes of
    /// its path (the hits on the way are in Alesia's own preview,
    /// [`crate::movement::MovePreview`]).
    fn check_move(
        &self,
        _: &mut MoveSearch,
        action: &ActionOf<Alesia>,
    ) -> Result<EnginePreview<ColumnOf<Alesia>>, CombatError> {
        let preview = self.preview_move(&own_move(action)?)?;
        Ok(EnginePreview::Move { mp: preview.mp, path: preview.path.iter().map(|p| p.0).collect() })
    }

    /// A move made by Alesia's search, with 6.13's riders and 4.33's lone
    /// leaders (`Alesia::make_move`).
    fn perform_move(
        &mut self,
        _: &mut MoveSearch,
        action: ActionOf<Alesia>,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        let m = own_move(&action)?;
        if combat::movement_closed(self) {
            return Err(super::rules::movement_over());
        }
        self.make_move(m, dice, events).map_err(Into::into)
    }

    /// 10.5: a Roman of the active legion, cavalry or light infantry
    /// command; a cohort two hits, cavalry and light infantry one.
    fn rally_limit(&self, uid: Uid) -> Option<u8> {
        combat::effects::rally::limit(self, uid).ok()
    }

    /// 8.4, 8.5, 10.8: Flame, putting out a fire, an artillery mode, a new
    /// Aquila ([`combat::siege_actions`]).
    fn own_actions(&self, out: &mut Vec<SiegeAction>) {
        combat::siege_actions(self, out);
    }

    fn check_own(&self, action: &SiegeAction) -> Result<combat::CombatPreview, CombatError> {
        combat::check_siege(self, action)
    }

    fn perform_own(
        &mut self,
        action: SiegeAction,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        combat::perform_siege(self, action, dice, events)
    }

    /// 4.33: the lone leader retreats up to three hexes (Alesia's
    /// `LeaderRetreated`), or stays (nothing to report).
    fn retreat_lone_leader(
        &mut self,
        leader: Lid,
        to: Option<hexx::Hex>,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        if let Some(to) = to {
            movement::leader::retreat_lone_leader(&mut self.field, leader, to)?;
            events.push(Event::new("4.33", AlesiaEvent::LeaderRetreated { leader, to }));
        }
        Ok(())
    }

    /// 6.13: the commanders riding along with `uid` stay stacked with it.
    fn moved(&mut self, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
        let Some(a) = self.turn.play.current.as_ref() else { return };
        let Some(to) = self.field.position(uid) else { return };
        let riders: Vec<Lid> =
            a.own.riders.iter().filter(|&&(_, unit)| unit == uid).map(|&(l, _)| l).collect();
        for leader in riders {
            if self.field.leader(leader).is_some_and(|l| l.at != Some(to)) {
                let _ = self.field.move_leader(leader, Some(to));
                events.push(Event::new("6.13", AlesiaEvent::LeaderRode { leader, to }));
            }
        }
    }

    /// 10.71: tribes (and the Alesia Force) that reached their Withdrawal
    /// Level withdraw at the end of the activation.
    fn activation_ended(
        &mut self,
        _: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        combat::end_activation(self, events);
        Ok(())
    }

    /// 5.47: units that did not move off go back inside their counter, and
    /// a counter all of whose units are out flips; 5.3-5.4: the Gallic
    /// Activation Phases are counted for entry; 5.25, 5.63, 12.1: what held
    /// for this Activation Phase only is over.
    fn phase_ending(&mut self, side: Side) {
        self.settle_counters();
        self.planning_end_phase(side);
        let turn = &mut self.turn;
        turn.seized_to_move = None;
        turn.alesia_force_failed = false;
        turn.placed_this_phase = 0;
        turn.chieftain_placed_this_phase = false;
        turn.placing_area = None;
    }

    /// 3.1: the Assault Period's Activation Phases end once the Gauls
    /// retire, or (the engine's reading) when no Roman is left to assault.
    fn period_over(&self) -> bool {
        self.turn.play.outcome.is_none() && (self.gauls_retire() || self.defenders_gone())
    }

    /// 3.1: why the Assault Period is over.
    fn period_end_event(&self) -> AlesiaEvent {
        if self.gauls_retire() {
            let (withdrawn, committed) = self.withdrawn_and_committed();
            AlesiaEvent::GaulsRetire { withdrawn, committed }
        } else {
            AlesiaEvent::NoDefendersLeft
        }
    }

    /// 11.0: four broken legions win for the Gauls; after the scenario's
    /// last Assault Period the Romans win (3.0 E: victory before a new
    /// period's Recovery).
    fn period_decided(&self) -> Option<gboh_simple::Outcome> {
        let last = self.turn.play.period >= u16::from(self.turn.periods);
        self.period_end_outcome(last).map(Into::into)
    }

    /// 3.0 D-E, after the Recovery Phase (10.6): 8.46, fires and rubble
    /// cleared; 6.49, every Fill value drops by one; 5.65, Alesia Force
    /// units outside both walls join a relief tribe; 10.72-10.74, the
    /// withdrawals end with the period; 6.5, the free Rapid March comes
    /// back; then 5.5's Roman Redeployment and the Gallic Assault Planning
    /// (5.3-5.4) of the new period.
    fn period_ended(
        &mut self,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Option<gboh_simple::Outcome> {
        combat::flame::end_of_period(self);
        let worn = crate::movement::fill::end_of_period(&mut self.field);
        if worn > 0 {
            let counters = u32::try_from(worn).unwrap_or(u32::MAX);
            events.push(Event::new("6.49", AlesiaEvent::FillWorn { counters }));
        }
        self.alesia_force_leaves(events);
        combat::effects::withdrawal::start_of_period(self);
        for i in 0..self.field.units().len() {
            let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
            if let Some(u) = self.field.unit_mut(uid)
                && u.flags.has(UnitFlags::RAPID_MARCHED)
            {
                u.flags.set(UnitFlags::RAPID_MARCHED, false);
            }
        }
        self.start_redeployment();
        self.start_planning();
        None
    }

    /// 3.0: the Gauls have the first Activation Phase of each Assault
    /// Period.
    fn first_side(&self) -> Side {
        Side::Adversary
    }

    /// 11.0: "The Gauls win the instant Vercingetorix and at least three
    /// (3) Alesia Force combat units are outside the circumvallation"
    /// ([`Alesia::alesia_force_broke_out`]), asked after every action.
    fn outcome(&self) -> Option<gboh_simple::Outcome> {
        self.alesia_force_broke_out().then(|| {
            Outcome {
                winner: Side::Adversary,
                reason: "11.0: Vercingetorix and at least three Alesia Force units are outside the fortifications".into(),
            }
            .into()
        })
    }
}

/// The engine's move as Alesia's.
fn own_move(action: &ActionOf<Alesia>) -> Result<MoveAction, CombatError> {
    match *action {
        EngineAction::Move { unit, to, facing } => Ok(MoveAction::Move { unit, to, facing }),
        EngineAction::MoveLeader { leader, to } => Ok(MoveAction::MoveLeader { leader, to }),
        _ => Err(CombatError::illegal("6.0", "not a move")),
    }
}
