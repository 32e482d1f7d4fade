//! The turn as a state machine (`gboh_core::game::Rules`): [`Battle`] over any
//! [`StandardGame`].
//!
//! Decision points ([`Pending`]): a Trump attempt by the side whose leader
//! would activate (SPQR 5.4), the opponent's trump-the-trump, the Orders
//! Phase of the active leader (Individual Orders: move, turn, fire, rally,
//! recover; SPQR 4.2), the Momentum attempt (5.3), and the leader the opponent
//! activates after a die roll of doom (5.33). Between them the machine runs
//! what no one decides: who activates next (5.1, ties rolled off), the Shock
//! segment (8.3-8.47), routs (10.1), the Rout and Reload Phase and the army
//! withdrawal check (3.0 D-E, 11.0).

mod activation;
mod checks;
mod clash;
mod collapse;
mod combined;
mod decision;
mod depth;
mod entry;
mod event;
mod fifth;
mod fire_checks;
mod game_fire;
mod line;
#[cfg(test)]
mod offmap_tests;
mod orders;
mod phalanx;
mod pursuit;
mod reaction;
mod regroup;
mod replace;
mod rout;
mod shock;
mod stack;
mod terms;
mod validate;
mod words;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Rules;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use decision::{Action, OrderKind, Ordered, OrdersPhase, Outcome, Pending, Phase, Preview};
pub use depth::double_depth_partner;
pub use event::{StandardError, StandardEvent};
pub use line::{
    LineContext, LineEligibility, is_overall, overall_commander, spqr_line_eligibility,
    spqr_line_link,
};
pub use phalanx::{ColumnStep, Pivot, PivotCost, column_step, pivot, wheel_check_hits};
pub use reaction::ReactionChoice;
pub use shock::ShockAftermath;
pub use terms::{CombatTerms, phalanx_defence_flanks};

use crate::game::{GameEvent, StandardGame};
use crate::rule::RuleRef;
use crate::state::{Field, LeaderState, UnitState};
use crate::tables::Tables;

/// A battle of the standard family: the game, its charts, the pieces, and
/// where the turn stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Battle<G: StandardGame> {
    game: G,
    tables: Arc<Tables>,
    field: Field,
    phase: Phase,
    /// SPQR 8.62: the routed units that left the map in the shock being
    /// finished, with the hex each left by; empty between actions.
    left_map: Vec<(usize, hexx::Hex)>,
}

/// A battle's saved form: the scenario by name and what changed.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(serialize = "G: Serialize", deserialize = "G: serde::de::DeserializeOwned"))]
pub struct BattleSave<G> {
    game: G,
    scenario: String,
    units: Vec<UnitState>,
    leaders: Vec<LeaderState>,
    turn: u8,
    rout_points: gboh_core::BySide<u32>,
    #[serde(default)]
    rallies: Vec<(usize, usize)>,
    /// Gergovia 6.73's melees across closed hexsides; left out when none,
    /// so a save of a game without them reads as before.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    melees: Vec<(usize, usize)>,
    /// SPQR 8.62, 8.64: cavalry off the map after a pursuit; left out when
    /// none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    off_map: Vec<crate::offmap::OffMap>,
    /// SPQR 8.64: this Orders Phase is a Regroup and Return; left out when not.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    regrouping: bool,
    phase: Phase,
}

/// Why a battle could not be set up or loaded.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The game's data.
    #[error("{0}")]
    Data(String),
    /// A save that does not fit its scenario.
    #[error("the save does not fit scenario {0}")]
    Mismatch(String),
    /// Setting up failed in the first activation (scripted dice ran out).
    #[error("{0}")]
    Start(#[from] StandardError),
}

impl<G: StandardGame> Battle<G> {
    /// A battle of `game` on scenario `name`, at its first activation, or at
    /// the roll-off for it when the sides tie (so that no die is rolled
    /// outside an action, and seed plus log replay the battle).
    ///
    /// # Errors
    /// The game's tables or scenario do not load.
    pub fn new(game: G, name: &str) -> Result<(Self, Vec<GameEvent<G>>), SetupError> {
        let scenario = G::scenario(name).map_err(|e| SetupError::Data(e.to_string()))?;
        Self::from_scenario(game, &G::scenario_file(name), scenario)
    }

    /// A battle of `game` on `scenario` (read from `file`), as [`Self::new`].
    ///
    /// # Errors
    /// The game's tables do not load, or the scenario breaks the game's own
    /// rules ([`StandardGame::scenario_problems`]): one line a problem,
    /// `file: item: problem`.
    pub fn from_scenario(
        game: G,
        file: &str,
        scenario: crate::state::Scenario,
    ) -> Result<(Self, Vec<GameEvent<G>>), SetupError> {
        let tables = G::load_tables().map_err(|e| {
            SetupError::Data(e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        })?;
        let mut field = Field::new(Arc::new(scenario));
        let problems = game.scenario_problems(&field);
        if !problems.is_empty() {
            let lines: Vec<String> =
                problems.iter().map(|(item, what)| format!("{file}: {item}: {what}")).collect();
            return Err(SetupError::Data(lines.join("\n")));
        }
        // A game's reinforcements wait off the map (StandardGame::held_off_map).
        for u in game.held_off_map(&field) {
            if let Some(s) = field.units.get_mut(u) {
                s.status = crate::state::UnitStatus::Eliminated;
            }
        }
        let mut battle = Battle {
            game,
            tables: Arc::new(tables),
            field,
            phase: Phase::Over(Outcome::TurnLimit),
            left_map: Vec::new(),
        };
        let mut events = Vec::new();
        if battle.opening_tie() || battle.elite_roll_needed() {
            battle.phase = Phase::RollOff;
        } else {
            // No die is needed: an empty script proves none is rolled.
            battle.begin_turn(&mut Dice::scripted([]), &mut events)?;
        }
        Ok((battle, events))
    }

    /// The game (its own state).
    #[must_use]
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The pieces.
    #[must_use]
    pub fn field(&self) -> &Field {
        &self.field
    }

    /// The charts.
    #[must_use]
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// Where the turn stands.
    #[must_use]
    pub fn phase(&self) -> &Phase {
        &self.phase
    }

    /// An event under `rule`, cited in the game's rulebook.
    fn event(rule: RuleRef, what: StandardEvent<G::Event>) -> GameEvent<G> {
        gboh_core::game::Event::new(G::section(rule), what)
    }

    /// An error under `rule`.
    fn illegal(rule: RuleRef, what: impl Into<String>) -> StandardError {
        StandardError::Illegal { rule: G::section(rule), what: what.into() }
    }

    /// Unit `u`'s MA now: the game's, +1 in column (SPQR 6.27).
    fn ma(&self, u: usize) -> u8 {
        let ma = self.game.movement_allowance(&self.field, u);
        if self.field.units.get(u).is_some_and(|s| s.column) {
            ma.saturating_add(self.tables.movement.facing().column_ma_bonus.value)
        } else {
            ma
        }
    }

    /// Unit `u`'s TQ now (the game's hook).
    fn tq(&self, u: usize) -> u8 {
        self.game.troop_quality(&self.field, u)
    }

    fn leader_side(&self, l: usize) -> Option<Side> {
        self.field.leader_def(l).map(|d| d.side)
    }
}

impl<G: StandardGame> Rules for Battle<G> {
    type Action = Action;
    type Pending = Pending;
    type Preview = Preview;
    type Event = StandardEvent<G::Event>;
    type Error = StandardError;

    fn pending(&self) -> Pending {
        let side = |l: usize| self.leader_side(l).unwrap_or(Side::Roman);
        match &self.phase {
            Phase::RollOff => Pending::RollOff,
            Phase::Elite { side } => Pending::Elite { side: *side },
            Phase::Auxiliares { side, .. } => Pending::Auxiliares { side: *side },
            Phase::Trump { side, candidate } => {
                Pending::Trump { side: *side, candidate: *candidate }
            }
            Phase::Challenge { trumper, .. } => {
                Pending::Challenge { side: side(*trumper).opponent(), trumper: *trumper }
            }
            Phase::Orders(o) => Pending::Orders { side: side(o.leader), leader: o.leader },
            Phase::Reaction { mover, queue, .. } => {
                let first = queue.first().copied();
                let unit = first.map_or(*mover, |c| c.unit);
                let leader = first.is_some_and(|c| c.leader);
                let side = if leader { self.leader_side(unit) } else { self.field.side(unit) };
                Pending::Reaction { side: side.unwrap_or(Side::Roman), unit, mover: *mover, leader }
            }
            Phase::ClashChoice { queue, .. } => {
                let attacker = queue.first().map_or(0, |q| q.0);
                let side = self.field.side(attacker).unwrap_or(Side::Roman).opponent();
                Pending::ClashType { side, attacker }
            }
            Phase::Allocation { aftermath, .. } => {
                let side = self.field.side(aftermath.attacker).unwrap_or(Side::Roman);
                Pending::Allocation { side, attacker: aftermath.attacker }
            }
            Phase::ShockDesignation { orders, .. } => {
                Pending::ShockDesignation { side: side(orders.leader), leader: orders.leader }
            }
            Phase::Momentum { leader } => {
                Pending::Momentum { side: side(*leader), leader: *leader }
            }
            Phase::DoomActivation { side } => Pending::DoomActivation { side: *side },
            Phase::Over(o) => Pending::Over(*o),
        }
    }

    fn decider(&self) -> Option<Side> {
        match self.pending() {
            Pending::Trump { side, .. }
            | Pending::Challenge { side, .. }
            | Pending::Orders { side, .. }
            | Pending::Momentum { side, .. }
            | Pending::ShockDesignation { side, .. }
            | Pending::Allocation { side, .. }
            | Pending::ClashType { side, .. }
            | Pending::Reaction { side, .. }
            | Pending::DoomActivation { side } => Some(side),
            Pending::RollOff => Some(Side::Roman),
            Pending::Elite { side } | Pending::Auxiliares { side } => Some(side),
            Pending::Over(_) => None,
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        let mut candidates = Vec::new();
        self.candidate_actions(&mut candidates);
        out.extend(candidates.into_iter().filter(|a| self.check(a).is_ok()));
    }

    fn check(&self, action: &Action) -> Result<Preview, StandardError> {
        self.validate(action)
    }

    fn perform(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let done = self.perform_action(action, dice, events);
        // SPQR 8.62: what a shock's routs left for its pursuit lasts no longer.
        self.left_map.clear();
        done?;
        // A game's own victory ends the battle at once (StandardGame::victor).
        if !matches!(self.phase, Phase::Over(_))
            && let Some(winner) = self.game.victor(&self.field)
        {
            let outcome = Outcome::Victory { winner };
            events.push(Self::event(RuleRef::Victory, StandardEvent::Over(outcome)));
            self.phase = Phase::Over(outcome);
        }
        Ok(())
    }
}

impl<G: StandardGame> Battle<G> {
    /// [`Rules::perform`] without the game's victory check.
    fn perform_action(
        &mut self,
        action: Action,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        match action {
            Action::RollOff => self.begin_turn(dice, events),
            Action::AuxiliaresPhase { leader } => {
                self.start_auxiliares(leader, events);
                Ok(())
            }
            Action::ElitePhase { leader } => {
                self.start_elite(leader, events);
                Ok(())
            }
            Action::Trump { leader } => self.perform_trump(leader, dice, events),
            Action::Challenge { leader } => self.perform_challenge(leader, dice, events),
            Action::Decline => self.perform_decline(dice, events),
            Action::Momentum => self.perform_momentum(dice, events),
            Action::Activate { leader } => {
                self.start_orders(leader, false, true, events);
                Ok(())
            }
            Action::Step { unit, dir } => self.perform_step(unit, dir, dice, events),
            Action::PassThrough { unit, dir } => self.perform_pass(unit, dir, dice, events),
            Action::Pivot { unit, clockwise } => self.perform_pivot(unit, clockwise, dice, events),
            Action::PhalanxColumn { unit, right } => {
                self.perform_phalanx_column(unit, right, events);
                Ok(())
            }
            Action::Face { unit, facing } => self.perform_face(unit, facing, dice, events),
            Action::LineCommand { anchor } => self.perform_line(anchor, dice, events),
            Action::LeaderStep { leader, dir } => {
                self.perform_leader_step(leader, dir, events);
                Ok(())
            }
            Action::OrderLeader { leader } => {
                self.perform_order_leader(leader, events);
                Ok(())
            }
            Action::Declare { choice } => {
                if let Phase::Orders(o) = &self.phase {
                    let leader = o.leader;
                    let entry = self.game.declared_entry(&self.field, leader, choice);
                    // SPQR 4.2: a declaration that sets a unit to work in
                    // place is one Individual Order, all its MP spent.
                    if let Some(u) = self.game.declared_order(&self.field, leader, choice)
                        && let Some(x) = self.order(u, OrderKind::Move)
                    {
                        x.half_mp_left = 0;
                        x.stopped = true;
                        x.faced_here = true;
                        x.fired = true;
                    }
                    self.game.declare(&self.field, leader, choice, events);
                    if let Some(entry) = entry {
                        self.perform_entry(entry, dice, events)?;
                    }
                }
                Ok(())
            }
            Action::Fire { unit, target } => self.perform_fire(unit, target, false, dice, events),
            Action::Harass { unit, target } => self.perform_fire(unit, target, true, dice, events),
            Action::Rally { unit } => self.perform_rally(unit, dice, events),
            Action::SwapStack { unit } => {
                self.perform_swap(unit, events);
                Ok(())
            }
            Action::ReplaceLeader { leader, unit } => self.perform_replace(leader, unit, events),
            Action::OrderStack => self.perform_order_stack(events),
            Action::RegroupAndReturn => self.perform_regroup(events),
            Action::ReturnPursuer { unit, hex, facing } => {
                self.perform_return_pursuer(unit, hex, facing, events)
            }
            Action::StackStep { dir } => self.perform_stack_step(dir, dice, events),
            Action::StackFace { facing } => self.perform_stack_face(facing, dice, events),
            Action::Recover { unit } => {
                self.perform_recover(unit, events);
                Ok(())
            }
            Action::EndOrders => self.end_orders(dice, events),
            Action::DesignateShock { unit } => {
                self.perform_designate(unit);
                Ok(())
            }
            Action::Combine { unit, with } => {
                self.perform_combine(unit, with);
                Ok(())
            }
            Action::ResolveShocks => self.perform_resolve_shocks(dice, events),
            Action::Allocate { first } => self.perform_allocate(first, dice, events),
            Action::ClashType { unit } => self.perform_clash_type(unit, dice, events),
            Action::Column { unit } => {
                self.perform_column(unit, events);
                Ok(())
            }
            Action::FifthMp { unit } => self.perform_fifth_mp(unit, dice, events),
            Action::ReactFace { unit, facing } => {
                self.perform_react_face(unit, facing, dice, events)
            }
            Action::ReactFire { unit } => self.perform_react_fire(unit, dice, events),
            Action::Withdraw { unit, hexes } => self.perform_withdraw(unit, hexes, dice, events),
            Action::LeaderWithdraw { leader, hexes } => {
                self.perform_leader_withdraw(leader, hexes, dice, events)
            }
            Action::NoReaction { .. } => self.finish_reaction(dice, events),
        }
    }
}

impl<G: StandardGame> Serialize for Battle<G> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        BattleSave {
            game: self.game.clone(),
            scenario: self.field.scenario.name.clone(),
            units: self.field.units.clone(),
            leaders: self.field.leaders.clone(),
            turn: self.field.turn,
            rout_points: self.field.rout_points,
            rallies: self.field.rallies.clone(),
            melees: self.field.melees.clone(),
            off_map: self.field.off_map.clone(),
            regrouping: self.field.regrouping,
            phase: self.phase.clone(),
        }
        .serialize(s)
    }
}

impl<'de, G: StandardGame> Deserialize<'de> for Battle<G> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = BattleSave::<G>::deserialize(d)?;
        Battle::load(save).map_err(serde::de::Error::custom)
    }
}

impl<G: StandardGame> Battle<G> {
    /// Restores a saved battle, reattaching its scenario and the game's charts.
    ///
    /// # Errors
    /// The scenario or charts do not load, or the save does not fit them.
    pub fn load(save: BattleSave<G>) -> Result<Self, SetupError> {
        let tables = G::load_tables().map_err(|e| {
            SetupError::Data(e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        })?;
        let scenario = G::scenario(&save.scenario).map_err(|e| SetupError::Data(e.to_string()))?;
        if scenario.units.len() != save.units.len() || scenario.leaders.len() != save.leaders.len()
        {
            return Err(SetupError::Mismatch(save.scenario));
        }
        let field = Field {
            scenario: Arc::new(scenario),
            units: save.units,
            leaders: save.leaders,
            turn: save.turn,
            rout_points: save.rout_points,
            rallies: save.rallies,
            melees: save.melees,
            off_map: save.off_map,
            regrouping: save.regrouping,
        };
        Ok(Battle {
            game: save.game,
            tables: Arc::new(tables),
            field,
            phase: save.phase,
            left_map: Vec::new(),
        })
    }
}
