//! Alesia's own decisions and actions as the engine's protocol asks them
//! ([`BattleRules::decision`](gboh_simple::BattleRules::decision) and
//! [`BattleRules::choices`](gboh_simple::BattleRules::choices)): its
//! decision points between activations ([`AlesiaDecision`]: 5.3-5.4 Gallic
//! Assault Planning, 5.5 Roman Redeployment) and the actions it adds at the
//! engine's ([`AlesiaChoice`]: 5.25's seizure to move, 12.1/5.45 counter
//! placement, 5.33/5.42 entry attempts, 4.35 a killed leader's return, 6.13
//! a commander riding along, and in an activation its own movement actions:
//! 6.5 Rapid March, 6.65 a stack swap, 6.73 Disorder removed, 6.47 Fill).
//! A move, whichever protocol asks for it, is made by `Alesia::make_move`:
//! Alesia's move search, then 6.13's riders and 4.33's lone leaders.
//!
//! Alesia's [`Action`] is the engine's action in Alesia's words (its saved
//! action logs read as before): `From` turns one into the other.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use gboh_simple::protocol::{Action as EngineAction, ActionOf};

use super::{Action, Alesia, AlesiaEvent, Pending, Placement, PlanningStep};
use crate::combat::{self, CombatError};
use crate::game::{CounterIdx, Lid, Uid};
use crate::movement::{self, MoveAction, MoveError, MoveEvent};
use crate::tables::EntryArea;

/// Alesia's own decision points, asked as the engine's
/// [`Pending::Game`](gboh_simple::protocol::Pending::Game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum AlesiaDecision {
    /// 5.3-5.4 (general rules): the Gallic player assigns tribes to Entry
    /// Areas, makes the Initial Placement, or places the tribes of an entry.
    GallicPlanning(PlanningStep),
    /// 5.5: at the start of an Assault Period after the first, the Roman
    /// player may redeploy his units.
    RomanRedeployment,
}

impl AlesiaDecision {
    /// The side that decides.
    #[must_use]
    pub const fn side(self) -> Side {
        match self {
            AlesiaDecision::GallicPlanning(_) => Side::Adversary,
            AlesiaDecision::RomanRedeployment => Side::Roman,
        }
    }
}

/// Alesia's own actions besides an activation's units' and combat's, taken
/// as the engine's [`Action::Game`](gboh_simple::protocol::Action::Game). Each is one
/// of Alesia's [`Action`]s ([`Action::choice`], `From<AlesiaChoice>`).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AlesiaChoice {
    /// 5.25: [`Action::SeizeToMove`].
    SeizeToMove(Lid),
    /// 12.1, 5.41-5.45: [`Action::PlaceCounter`].
    PlaceCounter(Placement),
    /// 5.31: [`Action::AssignTribe`].
    AssignTribe {
        /// The counter.
        counter: CounterIdx,
        /// The Entry Area.
        area: EntryArea,
    },
    /// 5.33, 5.42: [`Action::AttemptEntry`].
    AttemptEntry(EntryArea),
    /// 5.41, 5.42: [`Action::EndPlacement`].
    EndPlacement,
    /// 5.5: [`Action::Redeploy`].
    Redeploy {
        /// The unit.
        unit: Uid,
        /// Where it goes.
        to: Hex,
    },
    /// 5.5: [`Action::EndRedeployment`].
    EndRedeployment,
    /// 5.5: [`Action::KeepDeployment`].
    KeepDeployment,
    /// 4.35, 10.46: [`Action::ReturnLeader`].
    ReturnLeader {
        /// The leader.
        leader: Lid,
        /// The hex of the unit he joins.
        to: Hex,
    },
    /// 6.13: [`Action::RideAlong`].
    RideAlong {
        /// The commander.
        leader: Lid,
        /// The unit he stays stacked with.
        unit: Uid,
    },
    /// 6.0: one of Alesia's own movement actions in an activation (6.5
    /// Rapid March, 6.65 a stack swap, 6.73 Disorder removed, 6.47 Fill
    /// taken or placed), [`Action::Move`] with that [`MoveAction`]; never a
    /// unit's or a leader's move, which are the engine's
    /// (`Action::Move`, `Action::MoveLeader`).
    Movement(MoveAction),
}

impl From<AlesiaChoice> for Action {
    fn from(c: AlesiaChoice) -> Action {
        match c {
            AlesiaChoice::SeizeToMove(l) => Action::SeizeToMove(l),
            AlesiaChoice::PlaceCounter(p) => Action::PlaceCounter(p),
            AlesiaChoice::AssignTribe { counter, area } => Action::AssignTribe { counter, area },
            AlesiaChoice::AttemptEntry(a) => Action::AttemptEntry(a),
            AlesiaChoice::EndPlacement => Action::EndPlacement,
            AlesiaChoice::Redeploy { unit, to } => Action::Redeploy { unit, to },
            AlesiaChoice::EndRedeployment => Action::EndRedeployment,
            AlesiaChoice::KeepDeployment => Action::KeepDeployment,
            AlesiaChoice::ReturnLeader { leader, to } => Action::ReturnLeader { leader, to },
            AlesiaChoice::RideAlong { leader, unit } => Action::RideAlong { leader, unit },
            AlesiaChoice::Movement(m) => Action::Move(m),
        }
    }
}

impl Action {
    /// The action as one of Alesia's own ([`AlesiaChoice`]), if it is one:
    /// the engine takes it as [`Action::Game`](gboh_simple::protocol::Action::Game).
    #[must_use]
    pub fn choice(&self) -> Option<AlesiaChoice> {
        match ActionOf::<Alesia>::from(self.clone()) {
            EngineAction::Game(c) => Some(c),
            _ => None,
        }
    }
}

/// Alesia's action as the engine's: its own ones as
/// [`Action::Game`](gboh_simple::protocol::Action::Game), a unit's or a
/// leader's move as the engine's move.
impl From<Action> for ActionOf<Alesia> {
    fn from(a: Action) -> ActionOf<Alesia> {
        let own = EngineAction::Game;
        match a {
            Action::AttemptSeizure(l) => EngineAction::AttemptSeizure(l),
            Action::DeclineSeizure => EngineAction::DeclineSeizure,
            Action::Activate(c) => EngineAction::Activate(c),
            Action::Pass => EngineAction::Pass,
            Action::Move(MoveAction::Move { unit, to, facing }) => {
                EngineAction::Move { unit, to, facing }
            }
            Action::Move(MoveAction::MoveLeader { leader, to }) => {
                EngineAction::MoveLeader { leader, to }
            }
            Action::Move(m) => own(AlesiaChoice::Movement(m)),
            Action::Combat(c) => EngineAction::Combat(c),
            Action::RetreatLeader { leader, to } => EngineAction::RetreatLeader { leader, to },
            Action::EndActivation => EngineAction::EndActivation,
            Action::SeizeToMove(l) => own(AlesiaChoice::SeizeToMove(l)),
            Action::PlaceCounter(p) => own(AlesiaChoice::PlaceCounter(p)),
            Action::AssignTribe { counter, area } => {
                own(AlesiaChoice::AssignTribe { counter, area })
            }
            Action::AttemptEntry(a) => own(AlesiaChoice::AttemptEntry(a)),
            Action::EndPlacement => own(AlesiaChoice::EndPlacement),
            Action::Redeploy { unit, to } => own(AlesiaChoice::Redeploy { unit, to }),
            Action::EndRedeployment => own(AlesiaChoice::EndRedeployment),
            Action::KeepDeployment => own(AlesiaChoice::KeepDeployment),
            Action::ReturnLeader { leader, to } => own(AlesiaChoice::ReturnLeader { leader, to }),
            Action::RideAlong { leader, unit } => own(AlesiaChoice::RideAlong { leader, unit }),
        }
    }
}

/// The engine's action in Alesia's words (its saved action logs).
impl From<ActionOf<Alesia>> for Action {
    fn from(a: ActionOf<Alesia>) -> Action {
        match a {
            EngineAction::Game(c) => Action::from(c),
            EngineAction::AttemptSeizure(l) => Action::AttemptSeizure(l),
            EngineAction::DeclineSeizure => Action::DeclineSeizure,
            EngineAction::Activate(c) => Action::Activate(c),
            EngineAction::Pass => Action::Pass,
            EngineAction::Move { unit, to, facing } => {
                Action::Move(MoveAction::Move { unit, to, facing })
            }
            EngineAction::MoveLeader { leader, to } => {
                Action::Move(MoveAction::MoveLeader { leader, to })
            }
            EngineAction::Combat(c) => Action::Combat(c),
            EngineAction::RetreatLeader { leader, to } => Action::RetreatLeader { leader, to },
            EngineAction::EndActivation => Action::EndActivation,
        }
    }
}

/// "3.0: that is not the decision pending now (`what`)".
pub(super) fn not_pending(what: &str) -> CombatError {
    CombatError::illegal("3.0", format!("that is not the decision pending now ({what})"))
}

/// 12.1, 5.41-5.45: a counter placement not offered now.
pub(super) fn placement_refused() -> CombatError {
    CombatError::illegal("12.1, 5.41-5.45", "that counter may not be placed there now")
}

/// What Alesia's own decision `d` asks for, when an action does not
/// answer it.
pub(super) const fn decision_asks(d: &AlesiaDecision) -> &'static str {
    match d {
        AlesiaDecision::GallicPlanning(PlanningStep::Assign { .. }) => {
            "5.31: every available tribe must be assigned to an Entry Area first"
        }
        AlesiaDecision::GallicPlanning(PlanningStep::InitialPlacement { .. }) => {
            "5.41: place counters in Areas I-II or end the Initial Placement Segment"
        }
        AlesiaDecision::GallicPlanning(PlanningStep::Entry { .. }) => {
            "5.42: placing the arrived counters is the whole Activation Phase"
        }
        AlesiaDecision::RomanRedeployment => {
            "5.5: redeploy a unit, end the redeployment, or keep the deployment"
        }
    }
}

/// What the pending decision asks for, when an action does not answer it.
pub(super) const fn asked(pending: &Pending) -> &'static str {
    match pending {
        Pending::Over(_) => "the game is over",
        Pending::Seizure { .. } => "attempt Turn Seizure or decline",
        Pending::ChooseCommand { .. } => "choose a command to activate",
        Pending::Activation { .. } => "act with the active command or end the activation",
        Pending::Combat(_) => "answer the combat decision",
        Pending::LeaderRetreat { .. } => "4.33: the lone leader's retreat is pending",
        Pending::Game { decision, .. } => decision_asks(decision),
    }
}

impl Alesia {
    /// Alesia's own decision pending now: 3.0 A, the Roman Redeployment
    /// (5.5) first, then Gallic Assault Planning (5.3-5.4: assignment,
    /// initial placement, an entry's placement).
    pub(super) fn own_decision(&self) -> Option<AlesiaDecision> {
        if self.turn.redeployment.is_some() {
            return Some(AlesiaDecision::RomanRedeployment);
        }
        self.planning_step().map(AlesiaDecision::GallicPlanning)
    }

    /// Appends Alesia's own actions legal at `pending`, in the order its
    /// listing has always had: the planning and redeployment answers; before
    /// a command is chosen, counter placements, entry attempts, then killed
    /// leaders' returns; in the Seizure window, the Roman Overall
    /// Commander's seizure to move; in an activation, the riders.
    pub(super) fn own_choices(&self, pending: &Pending, out: &mut Vec<AlesiaChoice>) {
        match pending {
            Pending::Game { decision: AlesiaDecision::GallicPlanning(step), .. } => {
                self.planning_choices(step, out);
            }
            Pending::Game { decision: AlesiaDecision::RomanRedeployment, .. } => {
                self.redeployment_choices(out);
            }
            Pending::Seizure { side, leaders } => {
                out.extend(
                    self.seize_to_move_candidates(*side, leaders).map(AlesiaChoice::SeizeToMove),
                );
            }
            Pending::ChooseCommand { side } => {
                out.extend(self.legal_placements().into_iter().map(AlesiaChoice::PlaceCounter));
                out.extend(self.entry_attempts().into_iter().map(AlesiaChoice::AttemptEntry));
                out.extend(
                    combat::replacement::placements(self, *side)
                        .into_iter()
                        .map(|(leader, to)| AlesiaChoice::ReturnLeader { leader, to }),
                );
            }
            Pending::Activation { .. } => {
                if !combat::movement_closed(self) {
                    let mut own = Vec::new();
                    movement::legal_unsearched(self, &mut own);
                    out.extend(
                        own.into_iter()
                            .filter(|m| {
                                !matches!(
                                    m,
                                    MoveAction::Move { .. } | MoveAction::MoveLeader { .. }
                                )
                            })
                            .map(AlesiaChoice::Movement),
                    );
                }
                out.extend(self.riders());
            }
            Pending::Combat(_) | Pending::LeaderRetreat { .. } | Pending::Over(_) => {}
        }
    }

    /// Checks one of Alesia's own actions at `pending`.
    ///
    /// # Errors
    /// Why it is illegal now, citing its rule.
    pub(super) fn check_own_choice(
        &self,
        pending: &Pending,
        choice: &AlesiaChoice,
    ) -> Result<(), CombatError> {
        use AlesiaChoice as C;
        match (pending, choice) {
            (Pending::Over(_), _) => Err(CombatError::illegal("11.0", "the game is over")),
            (Pending::LeaderRetreat { .. }, _) => Err(not_pending(asked(pending))),
            (Pending::Game { decision: AlesiaDecision::GallicPlanning(step), .. }, c) => {
                self.check_planning(step, c)
            }
            (_, C::AssignTribe { .. } | C::EndPlacement) => {
                Err(not_pending("5.31, 5.41: no Gallic Assault Planning decision is pending"))
            }
            (Pending::Game { decision: AlesiaDecision::RomanRedeployment, .. }, c) => {
                self.check_redeployment(c)
            }
            (_, C::Redeploy { .. } | C::EndRedeployment | C::KeepDeployment) => {
                Err(not_pending("5.5: no Roman Redeployment is under way"))
            }
            (Pending::Seizure { side, leaders }, C::SeizeToMove(lid)) => {
                if self.seize_to_move_candidates(*side, leaders).any(|l| l == *lid) {
                    Ok(())
                } else {
                    Err(CombatError::illegal(
                        "5.21-5.24",
                        "that leader may not attempt Turn Seizure now",
                    ))
                }
            }
            (Pending::ChooseCommand { .. }, C::ReturnLeader { leader, to }) => {
                combat::replacement::check(self, *leader, *to)
            }
            (_, C::ReturnLeader { .. }) => {
                Err(not_pending("4.35: a leader returns only while his side chooses its command"))
            }
            (Pending::ChooseCommand { .. }, C::PlaceCounter(p)) => {
                if self.legal_placements().contains(p) { Ok(()) } else { Err(placement_refused()) }
            }
            (Pending::ChooseCommand { .. }, C::AttemptEntry(area)) => {
                if self.entry_attempts().contains(area) {
                    Ok(())
                } else {
                    Err(CombatError::illegal(
                        "5.32-5.35, 5.42",
                        "no entry attempt through that area now (areas beyond II from the fourth Gallic Activation Phase, not after Turn Seizure, not in consecutive phases, not while a placed counter holds all its units)",
                    ))
                }
            }
            (Pending::Activation { .. }, C::RideAlong { leader, unit }) => {
                if self.ride_along_options().contains(&(*leader, *unit)) {
                    Ok(())
                } else {
                    Err(not_pending(
                        "6.13: a commander rides along only with an activated, in-range unit he is stacked with that has not moved",
                    ))
                }
            }
            (Pending::Activation { .. }, C::Movement(m)) => {
                if matches!(m, MoveAction::Move { .. } | MoveAction::MoveLeader { .. }) {
                    return Err(CombatError::illegal(
                        "6.0",
                        "a unit's or a leader's move is the protocol's Move or MoveLeader",
                    ));
                }
                self.preview_move(m).map(|_| ())
            }
            (
                _,
                C::SeizeToMove(_)
                | C::PlaceCounter(_)
                | C::AttemptEntry(_)
                | C::RideAlong { .. }
                | C::Movement(_),
            ) => Err(not_pending(asked(pending))),
        }
    }

    /// Performs one of Alesia's own actions that
    /// [`Alesia::check_own_choice`] accepted.
    ///
    /// # Errors
    /// Scripted dice that run out; a redeployed unit that cannot be placed.
    pub(super) fn perform_own_choice(
        &mut self,
        choice: AlesiaChoice,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        match choice {
            AlesiaChoice::SeizeToMove(lid) => self.seize_to_move(lid, events),
            AlesiaChoice::AssignTribe { .. } | AlesiaChoice::EndPlacement => {
                self.perform_planning(choice, dice, events)?;
            }
            AlesiaChoice::PlaceCounter(_) if self.turn.planning.is_some() => {
                self.perform_planning(choice, dice, events)?;
            }
            AlesiaChoice::PlaceCounter(p) => {
                // 5.24 aside, placing is part of designating: the window is over.
                self.turn.play.seizure.window_closed = true;
                self.place_counter(p);
                events.push(Event::new("12.1", AlesiaEvent::CounterPlaced(p)));
            }
            AlesiaChoice::AttemptEntry(area) => self.attempt_entry(area, dice, events)?,
            AlesiaChoice::Redeploy { unit, to } => {
                self.perform_redeployment(choice)?;
                events.push(Event::new("5.5", AlesiaEvent::Redeployed { unit, to }));
            }
            AlesiaChoice::EndRedeployment | AlesiaChoice::KeepDeployment => {
                let kept = choice == AlesiaChoice::KeepDeployment;
                self.perform_redeployment(choice)?;
                events.push(Event::new("5.5", AlesiaEvent::RedeploymentEnded { kept }));
            }
            AlesiaChoice::ReturnLeader { leader, to } => {
                combat::replacement::place(self, leader, to, events);
            }
            AlesiaChoice::RideAlong { leader, unit } => {
                if let Some(a) = self.turn.play.current.as_mut() {
                    a.own.riders.push((leader, unit));
                }
            }
            AlesiaChoice::Movement(m) => self.make_move(m, dice, events)?,
        }
        Ok(())
    }

    /// Makes a movement action with Alesia's move search (checked there
    /// first; on a refusal nothing changes), then what follows it: the
    /// commanders riding along follow their unit (6.13,
    /// [`BattleRules::moved`](gboh_simple::BattleRules::moved)) and the lone
    /// leaders an enemy came next to are offered their retreat (4.33). The
    /// combat it may start (10.4: a rout from a move's hits) runs on after.
    ///
    /// # Errors
    /// Why the move is illegal now, citing its rule.
    pub(super) fn make_move(
        &mut self,
        m: MoveAction,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), MoveError> {
        let before = events.len();
        let unit = m.unit();
        movement::perform(self, m, dice, events)?;
        if let Some(unit) = unit {
            gboh_simple::BattleRules::moved(self, unit, events);
        }
        for e in events.get(before..).unwrap_or(&[]) {
            if let AlesiaEvent::Move(MoveEvent::LeaderMayRetreat { leader, options }) = &e.what
                && !options.is_empty()
            {
                self.turn.play.lone_leaders.push((*leader, options.clone()));
            }
        }
        Ok(())
    }

    /// 6.13: the commanders who may ride along now, with their units.
    pub(super) fn riders(&self) -> impl Iterator<Item = AlesiaChoice> {
        self.ride_along_options()
            .into_iter()
            .map(|(leader, unit)| AlesiaChoice::RideAlong { leader, unit })
    }

    /// 5.25: the Roman Overall Commander uses a Seizure to move himself: it
    /// succeeds without a roll and counts against his Seizure rating.
    fn seize_to_move(&mut self, lid: Lid, events: &mut Vec<Event<AlesiaEvent>>) {
        let side = self.turn.play.to_act.opponent();
        let initiative = self.setup().leader(lid).and_then(|l| l.initiative()).unwrap_or(0);
        if let Some(l) = self.field.leader_mut(lid) {
            l.seizures_used = l.seizures_used.saturating_add(1);
        }
        let seizure = &mut self.turn.play.seizure;
        seizure.last_attempt_by = Some(side);
        seizure.attempted = true;
        seizure.window_closed = true;
        seizure.seized_by = Some(lid);
        self.turn.play.to_act = side;
        self.turn.seized_to_move = Some(lid);
        events.push(Event::new(
            "5.25",
            AlesiaEvent::Seizure { leader: lid, roll: None, initiative, seized: true },
        ));
    }
}
