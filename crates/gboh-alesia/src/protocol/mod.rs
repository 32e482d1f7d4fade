//! The Alesia game as a protocol state machine ([`gboh_core::game::Rules`]):
//! decision points, legal actions, previews, events and errors.
//!
//! The Assault Period sequence (3.0): the Gallic player has the first
//! Activation Phase; players then alternate, one command per Activation Phase
//! (5.1). Within an activation the active player moves, fires and shocks with
//! the command's units, then ends the activation.

mod commands;
mod entry;
mod partial;
mod period;
mod planning;
mod redeployment;
mod scenario_rules;
mod turn;
mod victory;

use crate::game::AlesiaField;
pub use entry::Placement;
pub use period::joined_setup;
pub use planning::{Entry, Planning, PlanningStep, Segment, area_name, entry_area};
pub use redeployment::Redeployment;
pub use scenario_rules::{GallicEntryRules, ScenarioRules, ScenarioSource};

pub use turn::{Activation, Outcome, Turn};

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Event, Rules};
use gboh_core::unit::Status;
use serde::{Deserialize, Serialize};

use crate::combat::{self, CombatAction, CombatError, CombatEvent, CombatPending, CombatPreview};
use crate::command::Command;
use crate::game::{Battlefield, BattlefieldSave, Lid, LoadError, Setup, Uid, UnitFlags};
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
    /// 5.21: before the opponent designates its command, `side` may attempt to
    /// Seize the Turn with one of `leaders`, or decline.
    Seizure {
        /// The side that may seize.
        side: Side,
        /// The leaders it may seize with.
        leaders: Vec<Lid>,
    },
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
    /// A combat decision (8.0-10.0): reaction fire, shock, retreats, hits.
    Combat(CombatPending),
    /// 4.33: an enemy combat unit moved next to a lone leader of `side`: he
    /// may retreat up to three hexes to one of `options`, or stay.
    LeaderRetreat {
        /// The leader's side.
        side: Side,
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<hexx::Hex>,
    },
    /// 5.3-5.4 (general rules): the Gallic player assigns tribes to Entry
    /// Areas, makes the Initial Placement, or places the tribes of an entry.
    GallicPlanning(PlanningStep),
    /// 5.5: at the start of an Assault Period after the first, the Roman
    /// player may redeploy his units.
    RomanRedeployment,
    /// The game is over.
    Over(Outcome),
}

/// A decision (DESIGN.md "actions").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 5.21: attempt Turn Seizure with this leader.
    AttemptSeizure(Lid),
    /// 5.21: let the opponent designate its command.
    DeclineSeizure,
    /// 5.25: the Roman Overall Commander uses a Seizure to move himself:
    /// automatically successful, it counts against his Seizure rating.
    SeizeToMove(Lid),
    /// 12.1, 5.45: place a Tribal or Cavalry Counter before activating.
    PlaceCounter(Placement),
    /// 5.31: assign a Tribal or Cavalry Counter to an Entry Area for this
    /// Assault Period (general rules).
    AssignTribe {
        /// The counter.
        counter: crate::game::CounterIdx,
        /// The Entry Area.
        area: crate::tables::EntryArea,
    },
    /// 5.33, 5.42: bring in the tribes assigned to an Entry Area, as the
    /// Gallic Activation Phase's sole action (a roll beyond Area II).
    AttemptEntry(crate::tables::EntryArea),
    /// 5.41, 5.42: end the Initial Placement Segment, or the placement of an
    /// entry (which ends the Activation Phase).
    EndPlacement,
    /// 5.5: redeploy a Roman combat unit to `to` (it faces the open ground
    /// outside, as at deployment).
    Redeploy {
        /// The unit.
        unit: crate::game::Uid,
        /// Where it goes.
        to: hexx::Hex,
    },
    /// 5.5: end the redeployment; legal when it keeps every restriction of the
    /// scenario's initial deployment.
    EndRedeployment,
    /// 5.5: keep the deployment as it was at the start of the period (every
    /// unit moved goes back).
    KeepDeployment,
    /// 5.1: activate a command.
    Activate(Command),
    /// 6.13 (third case): an Overall or Area Commander stacked with an
    /// activated, in-range combat unit that has not yet moved goes with it: he
    /// moves wherever it moves this activation, at its rate.
    RideAlong {
        /// The commander.
        leader: Lid,
        /// The unit he stays stacked with.
        unit: crate::game::Uid,
    },
    /// 4.35, 10.46: a killed leader (or one in the Gallic Camp) is placed on
    /// a unit he could command, to activate his command next.
    ReturnLeader {
        /// The leader.
        leader: Lid,
        /// The hex of the unit he joins.
        to: hexx::Hex,
    },
    /// 4.33: the lone leader retreats to `to`, or stays (`None`).
    RetreatLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes, if he goes.
        to: Option<hexx::Hex>,
    },
    /// 6.0: a movement decision of the active command.
    Move(MoveAction),
    /// 8.0-10.0: a combat decision.
    Combat(CombatAction),
    /// End the current Activation Phase (3.0 C).
    EndActivation,
    /// 3.0: pass the Activation Phase; legal only when the side has no command
    /// it could activate.
    Pass,
}

/// What [`Rules::check`] previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Preview {
    /// The action is legal and has nothing further to preview.
    Legal,
    /// A movement preview.
    Move(MovePreview),
    /// A combat preview: modifiers and exact odds.
    Combat(CombatPreview),
}

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum AlesiaEvent {
    /// 5.21: a Turn Seizure attempt and its result.
    Seizure {
        /// The leader.
        leader: Lid,
        /// The roll, if one was needed.
        roll: Option<u8>,
        /// His Initiative.
        initiative: u8,
        /// Whether the turn was seized.
        seized: bool,
    },
    /// 12.1, 5.45: a counter was placed on the map.
    CounterPlaced(Placement),
    /// 5.63: the Alesia Force's entry roll failed; another command must be
    /// activated.
    AlesiaForceHeld {
        /// The roll.
        roll: u8,
    },
    /// 5.31: a tribe was assigned to an Entry Area.
    TribeAssigned {
        /// The counter.
        counter: crate::game::CounterIdx,
        /// The Entry Area.
        area: crate::tables::EntryArea,
    },
    /// 5.33, 5.34: an entry attempt and whether the tribes arrived.
    EntryAttempt {
        /// The Entry Area.
        area: crate::tables::EntryArea,
        /// The Gallic Entry Arrival Table roll (none for Areas I-II).
        roll: Option<u8>,
        /// Whether they arrived (if not, the Activation Phase is lost).
        arrived: bool,
    },
    /// 5.65: an Alesia Force unit outside both walls at the end of an
    /// Assault Period is from now on part of a relief tribe.
    JoinedTribe {
        /// The unit.
        unit: crate::game::Uid,
        /// The Tribal Counter it now belongs to.
        counter: crate::game::CounterIdx,
    },
    /// 5.5: a Roman unit was redeployed.
    Redeployed {
        /// The unit.
        unit: crate::game::Uid,
        /// Where to.
        to: hexx::Hex,
    },
    /// 5.5: the redeployment is over; `kept` if the old deployment was kept.
    RedeploymentEnded {
        /// Whether the deployment as it was at the start of the period stands.
        kept: bool,
    },
    /// 5.1: a command was activated.
    Activated {
        /// The side.
        side: Side,
        /// The command.
        command: Command,
    },
    /// A movement event.
    Move(MoveEvent),
    /// A combat event.
    Combat(CombatEvent),
    /// 3.1: the Gauls retire; the Activation Phases of the Assault Period are over.
    GaulsRetire {
        /// Size points withdrawn.
        withdrawn: u32,
        /// Size points committed.
        committed: u32,
    },
    /// 3.1 (the engine's reading): no Roman combat unit is left on the map
    /// in formation, so the Assault Period is over.
    NoDefendersLeft,
    /// 6.49: the Assault Period is over and every Fill value dropped by one.
    FillWorn {
        /// How many Fill counters (hexes and hexsides) dropped.
        counters: u32,
    },
    /// 11.0: the game is over.
    GameOver(Outcome),
    /// 6.13: a commander moved with the unit he rides with.
    LeaderRode {
        /// The commander.
        leader: Lid,
        /// Where the unit took him.
        to: hexx::Hex,
    },
    /// 4.33: a lone leader retreated.
    LeaderRetreated {
        /// The leader.
        leader: Lid,
        /// Where to.
        to: hexx::Hex,
    },
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
    /// That counter placement is not allowed now.
    #[error("12.1, 5.41-5.45: that counter may not be placed there now")]
    Placement,
    /// A Gallic Assault Planning action that is not allowed now.
    #[error("{0}")]
    Planning(&'static str),
    /// That leader may not attempt Turn Seizure now.
    #[error("5.21-5.24: that leader may not attempt Turn Seizure now")]
    NoSeizure,
    /// The command has no unit to activate.
    #[error("4.1: that command has no unit on the map to activate")]
    EmptyCommand,
    /// A movement error.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A combat error.
    #[error(transparent)]
    Combat(#[from] CombatError),
    /// Dice could not be rolled (scripted dice ran out).
    #[error("2.3: {0}")]
    Dice(String),
}

impl Alesia {
    /// A game on `field` with the Gauls to act first (3.0).
    #[must_use]
    pub fn new(field: Battlefield) -> Alesia {
        Alesia { field, turn: Turn::new() }
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

    /// The units of `command` on the map and able to act, in [`crate::game::Uid`] order.
    pub fn command_units<'a>(
        &'a self,
        command: &'a Command,
    ) -> impl Iterator<Item = crate::game::Uid> + 'a {
        self.field.units().iter().enumerate().filter_map(move |(i, u)| {
            let uid = crate::game::Uid(u16::try_from(i).ok()?);
            (self.field.position(uid).is_some()
                && u.cohesion.status != Status::Eliminated
                && command.covers(&self.field, uid))
            .then_some(uid)
        })
    }

    fn start_activation(&mut self, command: Command) {
        let side = command.side();
        self.emerge_from_counters(&command);
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
        zoc::mark_enemies_in_zoc(&mut self.field, &members);
        for i in 0..self.field.leaders().len() {
            if let Some(l) = self.field.leader_mut(crate::game::Lid(u8::try_from(i).unwrap_or(0))) {
                l.mp_spent = 0;
            }
        }
        let (units, out_of_range) = self.activated_units(&command);
        self.turn.current = Some(Activation::new(command, units, out_of_range));
    }
}

impl Alesia {
    /// 5.48, 6.21: when a chieftain (or cavalry leader) is activated, the
    /// combat units still inside each of his command's counters are placed atop
    /// it for movement: all of them, which is "at least six ... or all".
    fn emerge_from_counters(&mut self, command: &Command) {
        let setup = self.setup().clone();
        let counters: Vec<crate::game::CounterIdx> = match command {
            Command::Tribes(_, cs) => cs.clone(),
            Command::GallicCavalry(lid) => setup
                .mix
                .cavalry_counters()
                .iter()
                .filter(|c| setup.lid(c.leader.as_ref()) == Some(*lid))
                .filter_map(|c| {
                    setup
                        .counters
                        .iter()
                        .position(|ci| ci.id == c.id)
                        .and_then(|i| u8::try_from(i).ok())
                })
                .map(crate::game::CounterIdx)
                .collect(),
            Command::AlesiaForce => {
                // 12.1: off the map along the eastern edge, they enter through
                // the entry hexes (Battlefield::position), Vercingetorix with them.
                for (i, info) in setup.units.iter().enumerate() {
                    let uid = crate::game::Uid(u16::try_from(i).unwrap_or(u16::MAX));
                    if info.membership == crate::game::Membership::AlesiaForce
                        && let Some(u) = self.field.unit_mut(uid)
                        && u.at.is_none()
                        && u.cohesion.status == Status::Fresh
                    {
                        u.flags.set(UnitFlags::ON_COUNTER, true);
                    }
                }
                if let Some(lid) = command.leader(&self.field)
                    && self.field.leader(lid).is_some_and(|l| l.at.is_none())
                    && let Some(entry) = setup
                        .board
                        .area(crate::map::areas::ALESIA_FORCE_ENTRY)
                        .and_then(|a| a.hexes().first().copied())
                {
                    let _ = self.field.move_leader(lid, Some(entry));
                }
                return;
            }
            _ => return,
        };
        for c in counters {
            let Some(state) = self.field.counter(c).copied() else {
                continue;
            };
            if state.at.is_none() || state.withdrawn {
                continue;
            }
            // Reduced units too: those back from a withdrawal or recovered
            // (10.72, 10.63) wait inside the counter in a later period.
            for &uid in setup.counters.get(c.index()).map(|i| i.units.as_slice()).unwrap_or(&[]) {
                if let Some(u) = self.field.unit_mut(uid)
                    && combat::effects::withdrawal::waits_inside(u)
                {
                    u.flags.set(UnitFlags::ON_COUNTER, true);
                }
            }
        }
    }

    /// 5.47: units that did not move off stay inside their counter; a counter
    /// all of whose units have been placed flips to its "No Units" side.
    fn settle_counters(&mut self) {
        let setup = self.setup().clone();
        for u in 0..self.field.units().len() {
            if let Some(unit) =
                self.field.unit_mut(crate::game::Uid(u16::try_from(u).unwrap_or(u16::MAX)))
            {
                unit.flags.set(UnitFlags::ON_COUNTER, false);
            }
        }
        for (i, info) in setup.counters.iter().enumerate() {
            let all_out = info.units.iter().all(|&uid| {
                self.field.unit(uid).is_some_and(|u| !combat::effects::withdrawal::waits_inside(u))
            });
            if let Some(c) =
                self.field.counter_mut(crate::game::CounterIdx(u8::try_from(i).unwrap_or(u8::MAX)))
                && c.at.is_some()
                && all_out
            {
                c.flipped = true;
            }
        }
    }

    /// 6.13 (third case): (commander, unit) pairs where an Overall or Area
    /// Commander of the active side is stacked with an activated, in-range
    /// combat unit that has not moved yet and that he is not already riding.
    #[must_use]
    pub fn ride_along_options(&self) -> Vec<(Lid, crate::game::Uid)> {
        let Some(a) = self.turn.current.as_ref() else { return Vec::new() };
        if matches!(a.command, Command::Commanders(_)) {
            return Vec::new();
        }
        let setup = self.setup();
        let mut out = Vec::new();
        for (i, leader) in setup.leaders.iter().enumerate() {
            let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
            let commander = leader.is(gboh_core::leader::Rank::AreaCommander)
                || (leader.is(gboh_core::leader::Rank::OverallCommander)
                    && leader.troop_command().is_none());
            if leader.side != a.side || !commander || a.riders.iter().any(|r| r.0 == lid) {
                continue;
            }
            let Some(at) = self.leader_hex(lid) else { continue };
            for &u in &a.units {
                let moved = self.field.unit(u).is_none_or(|s| s.flags.has(UnitFlags::MOVED));
                if !moved && !a.out_of_range.contains(&u) && self.field.position(u) == Some(at) {
                    out.push((lid, u));
                }
            }
        }
        out
    }

    /// 5.25: the seizure candidates that are the Roman Overall Commander (the
    /// rule is the Roman OC's).
    fn seize_to_move_candidates<'a>(
        &'a self,
        side: Side,
        leaders: &'a [Lid],
    ) -> impl Iterator<Item = Lid> + 'a {
        leaders.iter().copied().filter(move |&l| {
            side == Side::Roman
                && self
                    .setup()
                    .leader(l)
                    .is_some_and(|x| x.is(gboh_core::leader::Rank::OverallCommander))
        })
    }

    /// Whether any Alesia Force unit is on the map or has been eliminated.
    #[must_use]
    pub fn alesia_force_in_play(&self) -> bool {
        let setup = self.setup();
        setup.units.iter().zip(self.field.units()).any(|(info, u)| {
            info.membership == crate::game::Membership::AlesiaForce
                && (u.at.is_some() || u.cohesion.status == Status::Eliminated)
        })
    }

    /// 5.21-5.25: a Turn Seizure attempt.
    fn attempt_seizure(
        &mut self,
        lid: Lid,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        let initiative =
            self.setup().leader(lid).and_then(|l| l.initiative()).ok_or(AlesiaError::NoSeizure)?;
        let side = self.turn.to_act.opponent();
        let roll = dice.d10().map_err(|e| AlesiaError::Dice(e.to_string()))?;
        let seized = roll.face <= initiative;
        if let Some(l) = self.field.leader_mut(lid) {
            l.seizures_used = l.seizures_used.saturating_add(1); // 5.21: counts either way
        }
        self.turn.last_seizure_attempt = Some(side);
        self.turn.seizure_attempted = true;
        self.turn.seizure_window_closed = true;
        if seized {
            // 5.21: the opponent's Activation Phase is cancelled; the seizing
            // player activates, then play returns to his opponent.
            self.turn.to_act = side;
            self.turn.seized_by = Some(lid);
        }
        events.push(
            Event::new(
                "5.21",
                AlesiaEvent::Seizure { leader: lid, roll: Some(roll.face), initiative, seized },
            )
            .with_roll(roll),
        );
        Ok(())
    }
}

impl Alesia {
    /// 5.22: a side that let an opportunity to seize pass may seize again.
    fn close_seizure_window(&mut self, acting: Side) {
        let opponent = acting.opponent();
        if !self.turn.seizure_attempted && self.turn.last_seizure_attempt == Some(opponent) {
            self.turn.last_seizure_attempt = None;
        }
    }

    /// 3.0: the Activation Phase of `side` ends; play passes to the opponent.
    fn end_phase(
        &mut self,
        side: Side,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        self.settle_counters();
        self.planning_end_phase(side);
        self.turn.activations = self.turn.activations.saturating_add(1);
        self.turn.to_act = side.opponent();
        self.turn.seizure_window_closed = false;
        self.turn.seizure_attempted = false;
        self.turn.seized_to_move = None;
        self.turn.alesia_force_failed = false;
        self.turn.placed_this_phase = 0;
        self.turn.chieftain_placed_this_phase = false;
        self.turn.placing_area = None;
        events.push(Event::new("3.0", AlesiaEvent::ActivationEnded { next: self.turn.to_act }));
        self.check_period_end(dice, events)
    }

    /// 11.0: the instant win, checked after every action.
    fn check_instant_victory(&mut self, events: &mut Vec<Event<AlesiaEvent>>) {
        if self.turn.outcome.is_none() && self.alesia_force_broke_out() {
            let outcome = Outcome {
                winner: Side::Adversary,
                reason: "11.0: Vercingetorix and at least three Alesia Force units are outside the fortifications".into(),
            };
            self.turn.outcome = Some(outcome.clone());
            events.push(Event::new("11.0", AlesiaEvent::GameOver(outcome)));
        }
    }

    /// 3.1: once the Gauls retire, the Assault Period's Activation Phases end;
    /// 3.0 D-E: recovery and victory determination follow.
    fn check_period_end(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), AlesiaError> {
        if self.turn.outcome.is_some() {
            return Ok(());
        }
        if self.gauls_retire() {
            let (withdrawn, committed) = self.withdrawn_and_committed();
            events.push(Event::new("3.1", AlesiaEvent::GaulsRetire { withdrawn, committed }));
        } else if self.defenders_gone() {
            events.push(Event::new("3.1", AlesiaEvent::NoDefendersLeft));
        } else {
            return Ok(());
        }
        let last = self.turn.period >= self.turn.periods;
        if let Some(outcome) = self.period_end_outcome(last) {
            self.turn.outcome = Some(outcome.clone());
            events.push(Event::new("11.0", AlesiaEvent::GameOver(outcome)));
        } else {
            // 3.0 D: Recovery (10.6); 8.46: fires and rubble cleared; then 3.0 E:
            // a new Assault Period.
            combat::effects::recovery::recovery_phase(self, dice, events)?;
            combat::flame::end_of_period(self);
            // 6.49: "all Fill values are reduced by one for the next Period".
            let worn = crate::movement::fill::end_of_period(&mut self.field);
            if worn > 0 {
                let counters = u32::try_from(worn).unwrap_or(u32::MAX);
                events.push(Event::new("6.49", AlesiaEvent::FillWorn { counters }));
            }
            // 5.65: Alesia Force units outside both walls join a relief tribe.
            self.alesia_force_leaves(events);
            // 10.72: withdrawals end with the period; 10.74 keeps out the
            // tribes (and the Alesia Force) at their level in Eliminated units.
            combat::effects::withdrawal::start_of_period(self);
            // 6.5: "Each Roman unit may freely use Rapid Movement once during
            // an Assault Period": the free use comes back.
            for i in 0..self.field.units().len() {
                let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
                if self.field.unit(uid).is_some_and(|u| u.flags.has(UnitFlags::RAPID_MARCHED))
                    && let Some(u) = self.field.unit_mut(uid)
                {
                    u.flags.set(UnitFlags::RAPID_MARCHED, false);
                }
            }
            self.turn.period = self.turn.period.saturating_add(1);
            self.turn.activations = 0;
            self.turn.to_act = Side::Adversary;
            self.turn.last_seizure_attempt = None;
            for i in 0..self.field.leaders().len() {
                if let Some(l) = self.field.leader_mut(Lid(u8::try_from(i).unwrap_or(u8::MAX))) {
                    l.seizures_used = 0;
                }
            }
            // 3.0 A: Roman Redeployment (5.5); B: the Gallic Assault Planning
            // Phase (general rules).
            self.start_redeployment();
            self.start_planning();
        }
        Ok(())
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
        // 4.33: a lone leader an enemy moved next to may retreat first.
        if let Some((leader, options)) = self.turn.leader_retreats.first() {
            let side = self.setup().leader(*leader).map_or(Side::Roman, |l| l.side);
            return Pending::LeaderRetreat { side, leader: *leader, options: options.clone() };
        }
        match &self.turn.current {
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
                let seizer = self.turn.to_act.opponent();
                if !self.turn.seizure_window_closed {
                    let leaders = self.seizure_candidates(seizer);
                    if !leaders.is_empty() {
                        return Pending::Seizure { side: seizer, leaders };
                    }
                }
                Pending::ChooseCommand { side: self.turn.to_act }
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
                if commands.is_empty() && returns.is_empty() {
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
                let legal = combat::replacement::commands(self, side);
                if legal.is_empty() && combat::replacement::placements(self, side).is_empty() {
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
            Action::AttemptSeizure(lid) => self.attempt_seizure(lid, dice, events)?,
            Action::SeizeToMove(lid) => {
                let side = self.turn.to_act.opponent();
                let initiative = self.setup().leader(lid).and_then(|l| l.initiative()).unwrap_or(0);
                if let Some(l) = self.field.leader_mut(lid) {
                    l.seizures_used = l.seizures_used.saturating_add(1);
                }
                self.turn.last_seizure_attempt = Some(side);
                self.turn.seizure_attempted = true;
                self.turn.seizure_window_closed = true;
                self.turn.to_act = side;
                self.turn.seized_by = Some(lid);
                self.turn.seized_to_move = Some(lid);
                events.push(Event::new(
                    "5.25",
                    AlesiaEvent::Seizure { leader: lid, roll: None, initiative, seized: true },
                ));
            }
            Action::DeclineSeizure => self.turn.seizure_window_closed = true,
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
                self.turn.seizure_window_closed = true;
                self.place_counter(p);
                events.push(Event::new("12.1", AlesiaEvent::CounterPlaced(p)));
            }
            Action::Activate(Command::AlesiaForce) if !self.alesia_force_in_play() => {
                // 5.63: the Alesia Force enters play on 0-6; if it fails the
                // Gallic player must activate another command.
                let roll = dice.d10().map_err(|e| AlesiaError::Dice(e.to_string()))?;
                if roll.face <= 6 {
                    self.turn.seized_by = None;
                    self.start_activation(Command::AlesiaForce);
                    combat::activation_started(self);
                    events.push(
                        Event::new(
                            "5.63",
                            AlesiaEvent::Activated {
                                side: Side::Adversary,
                                command: Command::AlesiaForce,
                            },
                        )
                        .with_roll(roll),
                    );
                } else {
                    self.turn.alesia_force_failed = true;
                    events.push(
                        Event::new("5.63", AlesiaEvent::AlesiaForceHeld { roll: roll.face })
                            .with_roll(roll),
                    );
                }
            }
            Action::Activate(command) => {
                let side = command.side();
                self.close_seizure_window(side);
                self.turn.seized_by = None;
                self.start_activation(command.clone());
                combat::activation_started(self);
                events.push(Event::new(
                    "5.1",
                    AlesiaEvent::Activated { side, command: command.clone() },
                ));
                // 8.45: when a Gallic Chief is activated, each On Fire hex within
                // 5 hexes of him may burn down.
                if let Command::Tribes(chief, _) = command {
                    combat::flame::burn_down(self, chief, dice, events)?;
                }
            }
            Action::RideAlong { leader, unit } => {
                if let Some(a) = self.turn.current.as_mut() {
                    a.riders.push((leader, unit));
                }
            }
            Action::Move(m) => {
                let before = events.len();
                movement::perform(self, m, dice, events)?;
                // 6.13: riders stay stacked with their unit.
                let riders: Vec<(Lid, crate::game::Uid)> =
                    self.turn.current.as_ref().map(|a| a.riders.clone()).unwrap_or_default();
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
                        self.turn.leader_retreats.push((*leader, options.clone()));
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
                if !self.turn.leader_retreats.is_empty() {
                    self.turn.leader_retreats.remove(0);
                }
                // 4.33 may have paused combat (an advance next to a lone leader).
                combat::resume(self, dice, events)?;
            }
            Action::ReturnLeader { leader, to } => {
                combat::replacement::place(self, leader, to, events);
            }
            Action::Combat(a) => combat::perform(self, a, dice, events)?,
            Action::Pass => {
                let side = self.turn.to_act;
                self.close_seizure_window(side);
                self.turn.seized_by = None;
                self.end_phase(side, dice, events)?;
            }
            Action::EndActivation => {
                combat::end_activation(self, events);
                let side = self.turn.current.take().map_or(self.turn.to_act, |a| a.side);
                self.end_phase(side, dice, events)?;
            }
        }
        self.check_instant_victory(events);
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
        AlesiaSave { field: self.field.save(), turn: self.turn.clone() }.serialize(s)
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
        // 5.65: units that left the Alesia Force belong to their new tribe.
        let setup = if save.turn.joined.is_empty() {
            setup
        } else {
            Arc::new(joined_setup(&setup, &save.turn.joined))
        };
        Ok(Alesia { field: Battlefield::load(setup, save.field)?, turn: save.turn })
    }
}
