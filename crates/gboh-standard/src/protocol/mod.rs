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
mod line;
mod orders;
mod reaction;
mod rout;
mod shock;
mod validate;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::{Dice, DiceError};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Rules;
use gboh_core::table::{Chance, Modifiers};
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use line::{LineContext, LineEligibility, overall_commander, spqr_line_eligibility};
pub use reaction::ReactionChoice;
pub use shock::phalanx_defence_flanks;

use crate::command::MomentumOutcome;
use crate::game::{GameEvent, StandardGame};
use crate::movement::StepCost;
use crate::rally::RallyOutcome;
use crate::rule::RuleRef;
use crate::shock::Superiority;
use crate::state::{Field, LeaderState, UnitState};
use crate::tables::{CasualtyEffect, Tables};

/// How the battle ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// A side reached its withdrawal level and lost (SPQR 11.0).
    Withdrawal {
        /// The side that withdrew.
        loser: Side,
    },
    /// Both reached it in the same turn by the same margin.
    Draw,
    /// The last turn ended.
    TurnLimit,
}

/// What a unit was ordered to do this Orders Phase (SPQR 4.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum OrderKind {
    /// Move (and turn).
    Move,
    /// Fire without moving.
    Fire,
    /// Rally.
    Rally,
    /// Remove hits.
    Recover,
}

/// A unit that has an order this phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ordered {
    /// The unit.
    pub unit: usize,
    /// Its order.
    pub kind: OrderKind,
    /// MP left, in halves.
    pub half_mp_left: u16,
    /// It entered at least one hex.
    pub moved: bool,
    /// It entered an enemy ZOC and may move no more (SPQR 7.2).
    pub stopped: bool,
    /// It changed facing in the hex it is in (one facing change a hex).
    pub faced_here: bool,
    /// It fired during its move (once an Orders Phase).
    pub fired: bool,
    /// It entered or left column this phase (once an Orders Phase).
    #[serde(default)]
    pub formed: bool,
}

/// The active leader's Orders Phase.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OrdersPhase {
    /// The leader.
    pub leader: usize,
    /// Individual Orders left.
    pub orders_left: u8,
    /// The leader's own MP left, in halves.
    pub leader_half_mp: u16,
    /// Other leaders he ordered to move, with their MP left (halves).
    #[serde(default)]
    pub moving_leaders: Vec<(usize, u16)>,
    /// A Momentum phase.
    pub momentum: bool,
    /// No Momentum may follow (activated by the die roll of doom, or a Line
    /// Command a game allows only without Momentum).
    pub no_momentum: bool,
    /// Line Commands issued this phase (SPQR 4.3).
    pub lines: u8,
    /// The Elite Commander's extra phase (SPQR 5.5): no Momentum, and the
    /// leader is not Finished by it.
    pub elite: bool,
    /// A Line Command roll failed this phase: Individual Orders only.
    pub line_refused: bool,
    /// The leader began the phase within his OC's Command Range.
    pub started_in_oc_range: bool,
    /// Units ordered, in order.
    pub ordered: Vec<Ordered>,
    /// An Auxiliares Phase of this side, with the leaders who held theirs.
    #[serde(default)]
    pub auxiliares: Option<(Side, Vec<usize>)>,
    /// Activated by a successful Trump: the leader must do something (SPQR 5.4).
    #[serde(default)]
    pub must_act: bool,
}

/// Where the turn stands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The opening of the battle needs dice: a tie for the first activation
    /// (SPQR 5.1) or two Elite OCs (5.5): roll.
    RollOff,
    /// `side`'s leaders may hold their Auxiliares Phases (Caesar 5.6,
    /// Reconstructed); `done` have held theirs.
    Auxiliares {
        /// The side.
        side: Side,
        /// Leaders who held theirs this turn.
        done: Vec<usize>,
    },
    /// `side`'s Elite OC may open the turn with an extra Orders Phase (SPQR 5.5).
    Elite {
        /// The side.
        side: Side,
    },
    /// `side` may try to trump `candidate` (SPQR 5.4).
    Trump {
        /// The side.
        side: Side,
        /// The leader who would activate.
        candidate: usize,
    },
    /// The opponent may trump the successful `trumper` (or the leader whose
    /// Momentum roll succeeded, SPQR 5.4).
    Challenge {
        /// The trumping leader (or the leader with Momentum).
        trumper: usize,
        /// The leader passed over (the same leader after Momentum).
        passed_over: usize,
        /// The challenge follows a successful Momentum roll.
        #[serde(default)]
        after_momentum: bool,
    },
    /// An Orders Phase.
    Orders(OrdersPhase),
    /// An enemy moved next to or near units of the other side, which may react
    /// one at a time (SPQR 6.5, 7.15).
    Reaction {
        /// The phase, resumed when the reactions are done.
        orders: OrdersPhase,
        /// The unit that moved.
        mover: usize,
        /// The units that may react, first first.
        queue: Vec<ReactionChoice>,
    },
    /// The end of an Orders Phase's movement: the active player designates
    /// the shocks that are his choice (SPQR 8.31).
    ShockDesignation {
        /// The phase.
        orders: OrdersPhase,
        /// The optional attackers designated so far.
        designated: Vec<usize>,
    },
    /// `leader` may attempt Momentum.
    Momentum {
        /// The leader.
        leader: usize,
    },
    /// After a die roll of doom, `side` activates any leader (SPQR 5.33).
    DoomActivation {
        /// The side.
        side: Side,
    },
    /// Over.
    Over(Outcome),
}

/// Who must decide what now.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Pending {
    /// Roll what the opening needs (the Roman player rolls for both).
    RollOff,
    /// Hold an Auxiliares Phase, or end the side's.
    Auxiliares {
        /// The side.
        side: Side,
    },
    /// Take the Elite Commander's extra phase, or not.
    Elite {
        /// The side.
        side: Side,
    },
    /// Trump or not.
    Trump {
        /// The deciding side.
        side: Side,
        /// The leader who would activate.
        candidate: usize,
    },
    /// Trump the trump or not.
    Challenge {
        /// The deciding side.
        side: Side,
        /// The trumper.
        trumper: usize,
    },
    /// Give orders.
    Orders {
        /// The active side.
        side: Side,
        /// The active leader.
        leader: usize,
    },
    /// Momentum or not.
    Momentum {
        /// The side.
        side: Side,
        /// The leader.
        leader: usize,
    },
    /// React to an enemy's move, or not.
    Reaction {
        /// The reacting side.
        side: Side,
        /// The unit that may react (a leader when `leader`).
        unit: usize,
        /// The enemy that moved.
        mover: usize,
        /// The reactor is a leader (SPQR 4.72).
        leader: bool,
    },
    /// Designate the shocks that are the active player's choice.
    ShockDesignation {
        /// The active side.
        side: Side,
        /// The active leader.
        leader: usize,
    },
    /// Choose the leader to activate.
    DoomActivation {
        /// The side.
        side: Side,
    },
    /// The outcome.
    Over(Outcome),
}

/// A decision.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// Roll what the opening of the battle needs (SPQR 5.1, 5.5).
    RollOff,
    /// This leader's Auxiliares Phase (Caesar 5.6, Reconstructed).
    AuxiliaresPhase {
        /// The leader.
        leader: usize,
    },
    /// The Elite Commander's extra Orders Phase for this leader (SPQR 5.5).
    ElitePhase {
        /// The leader.
        leader: usize,
    },
    /// Trump with this leader (SPQR 5.4).
    Trump {
        /// The trumping leader.
        leader: usize,
    },
    /// Trump the trump with this leader.
    Challenge {
        /// The challenging leader.
        leader: usize,
    },
    /// Decline a Trump, a challenge or Momentum.
    Decline,
    /// A unit enters the hex in `dir` (one of its front hexes).
    Step {
        /// The unit.
        unit: usize,
        /// The direction.
        dir: Direction,
    },
    /// A unit changes facing.
    Face {
        /// The unit.
        unit: usize,
        /// The new facing.
        facing: Facing,
    },
    /// A missile unit fires without moving.
    Fire {
        /// The firer.
        unit: usize,
        /// The target.
        target: usize,
    },
    /// The leader attempts to rally a routed unit.
    Rally {
        /// The unit.
        unit: usize,
    },
    /// A unit removes hits.
    Recover {
        /// The unit.
        unit: usize,
    },
    /// The active leader orders the Line that `anchor` belongs to (SPQR 4.3).
    LineCommand {
        /// A unit of the line.
        anchor: usize,
    },
    /// The active leader gives an Individual Order to another leader to move
    /// (SPQR 4.4: the OC's extra; 2 orders if that leader is in an enemy ZOC).
    OrderLeader {
        /// The leader to move.
        leader: usize,
    },
    /// The active leader, or a leader he ordered to move, moves one hex.
    LeaderStep {
        /// The leader.
        leader: usize,
        /// The direction.
        dir: Direction,
    },
    /// End the movement segment: shock, then Momentum.
    EndOrders,
    /// Reaction facing: the unit turns one vertex (SPQR 7.15-7.16).
    ReactFace {
        /// The unit.
        unit: usize,
        /// Its new facing.
        facing: Facing,
    },
    /// Orderly withdrawal: the unit moves this many hexes straight away,
    /// keeping its facing (SPQR 6.5).
    Withdraw {
        /// The unit.
        unit: usize,
        /// Hexes.
        hexes: u8,
    },
    /// The unit enters or leaves column (SPQR 6.27), as part of its move.
    Column {
        /// The unit.
        unit: usize,
    },
    /// A leader an enemy moved next to withdraws this many hexes (SPQR 4.72).
    LeaderWithdraw {
        /// The leader.
        leader: usize,
        /// Hexes, 1-3.
        hexes: u8,
    },
    /// The unit (or leader) does not react.
    NoReaction {
        /// The unit.
        unit: usize,
    },
    /// A unit that may shock will (SPQR 8.31).
    DesignateShock {
        /// The unit.
        unit: usize,
    },
    /// Resolve the Shock segment with the designated units.
    ResolveShocks,
    /// Attempt Momentum.
    Momentum,
    /// Activate this leader (after a die roll of doom).
    Activate {
        /// The leader.
        leader: usize,
    },
}

/// What an action would do, before it is taken.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Preview {
    /// Nothing to tell.
    Nothing,
    /// What the step or turn costs.
    Cost(StepCost),
    /// The exact chance of each outcome, and the modifiers that apply.
    Odds {
        /// Each outcome described, with its chance.
        outcomes: Vec<(String, Chance)>,
        /// The modifiers.
        modifiers: Modifiers,
    },
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum StandardEvent<E> {
    /// A leader activates for an Orders Phase.
    Activated {
        /// The leader.
        leader: usize,
        /// A Momentum phase.
        momentum: bool,
    },
    /// The two Elite OCs rolled for the extra phase (SPQR 5.5).
    EliteRolled {
        /// The side that has it, if either.
        side: Option<Side>,
    },
    /// A tie for activation was rolled off.
    TieRolled {
        /// The side that goes first.
        first: Side,
    },
    /// A Trump or challenge roll.
    Trump {
        /// The leader trying.
        leader: usize,
        /// It worked.
        success: bool,
    },
    /// A Momentum roll.
    Momentum {
        /// The leader.
        leader: usize,
        /// The outcome.
        outcome: MomentumOutcome,
    },
    /// A leader is Finished.
    Finished {
        /// The leader.
        leader: usize,
    },
    /// A unit entered a hex.
    Moved {
        /// The unit.
        unit: usize,
        /// The hex label.
        to: String,
        /// Hits it took.
        hits: u8,
    },
    /// A unit entered (`true`) or left column.
    Column {
        /// The unit.
        unit: usize,
        /// In column now.
        column: bool,
    },
    /// A unit turned.
    Faced {
        /// The unit.
        unit: usize,
        /// The facing.
        facing: Facing,
        /// Hits it took.
        hits: u8,
    },
    /// A Line Command: its units, or a failed eligibility roll (no units).
    LineCommand {
        /// The leader.
        leader: usize,
        /// The units of the line (empty when the roll failed).
        units: Vec<usize>,
    },
    /// A leader was ordered to move (SPQR 4.4).
    LeaderOrdered {
        /// The leader.
        leader: usize,
        /// Individual Orders it cost.
        orders: u8,
    },
    /// A leader moved.
    LeaderMoved {
        /// The leader.
        leader: usize,
        /// The hex label.
        to: String,
    },
    /// A missile fire.
    Fired {
        /// The firer.
        unit: usize,
        /// The target.
        target: usize,
        /// Hits on the target.
        hits: u8,
    },
    /// A pre-shock TQ check.
    PreShock {
        /// The unit.
        unit: usize,
        /// Hits taken.
        hits: u8,
    },
    /// A phalanx's roll to stand rather than rout.
    PhalanxStands {
        /// The phalanx.
        unit: usize,
        /// It stood.
        stands: bool,
    },
    /// A shock resolved on the CRT.
    Shock {
        /// The attacker.
        attacker: usize,
        /// The defender used for the column.
        defender: usize,
        /// The column after shifts.
        column: u8,
        /// Superiority.
        superiority: Superiority,
        /// Hits on the attacker.
        attacker_hits: u8,
        /// Hits on the defenders.
        defender_hits: u8,
    },
    /// A unit on the brink kept its place (or routed: see `Routed`).
    Brink {
        /// The unit.
        unit: usize,
        /// It stayed.
        stays: bool,
    },
    /// A unit turned to face an enemy that moved next to it.
    ReactionFaced {
        /// The unit.
        unit: usize,
        /// Its facing.
        facing: Facing,
        /// Hits from the roll.
        hits: u8,
    },
    /// A unit withdrew before an enemy.
    Withdrew {
        /// The unit.
        unit: usize,
        /// Where it ended.
        to: String,
        /// Hits it took.
        hits: u8,
    },
    /// Victorious cavalry rolled to pursue (SPQR 8.5).
    Pursuit {
        /// The cavalry.
        unit: usize,
        /// It pursues.
        pursues: bool,
    },
    /// An attacker advanced into a vacated hex.
    Advanced {
        /// The unit.
        unit: usize,
        /// The hex.
        to: String,
    },
    /// A unit routed.
    Routed {
        /// The unit.
        unit: usize,
    },
    /// A routed unit moved.
    RoutMove {
        /// The unit.
        unit: usize,
        /// Where it ended.
        to: String,
    },
    /// A unit was eliminated.
    Eliminated {
        /// The unit.
        unit: usize,
        /// Rout points its side lost.
        rout_points: u32,
    },
    /// A leader casualty roll came up.
    LeaderCasualty {
        /// The leader.
        leader: usize,
        /// The effect.
        effect: CasualtyEffect,
    },
    /// A rally attempt.
    Rally {
        /// The unit.
        unit: usize,
        /// The outcome.
        outcome: RallyOutcome,
    },
    /// Hits removed.
    Recovered {
        /// The unit.
        unit: usize,
        /// Hits removed.
        hits: u8,
    },
    /// A unit's missiles reloaded.
    Reloaded {
        /// The unit.
        unit: usize,
    },
    /// A turn ended.
    TurnEnded {
        /// The turn that ended.
        turn: u8,
    },
    /// The battle ended.
    Over(Outcome),
    /// The game's own event.
    Game(E),
}

/// Why an action was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StandardError {
    /// Not allowed now, under `rule`.
    #[error("{rule}: {what}")]
    Illegal {
        /// The rule's section in the game's rulebook.
        rule: &'static str,
        /// What is wrong, lower-case.
        what: String,
    },
    /// Scripted dice ran out.
    #[error("dice: {0}")]
    Dice(#[from] DiceError),
}

/// A battle of the standard family: the game, its charts, the pieces, and
/// where the turn stands.
#[derive(Debug, Clone, PartialEq)]
pub struct Battle<G: StandardGame> {
    game: G,
    tables: Arc<Tables>,
    field: Field,
    phase: Phase,
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
        let tables = G::load_tables().map_err(|e| {
            SetupError::Data(e.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        })?;
        let scenario = G::scenario(name).map_err(|e| SetupError::Data(e.to_string()))?;
        let field = Field::new(Arc::new(scenario));
        let mut battle = Battle {
            game,
            tables: Arc::new(tables),
            field,
            phase: Phase::Over(Outcome::TurnLimit),
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
            Action::Fire { unit, target } => self.perform_fire(unit, target, dice, events),
            Action::Rally { unit } => self.perform_rally(unit, dice, events),
            Action::Recover { unit } => {
                self.perform_recover(unit, events);
                Ok(())
            }
            Action::EndOrders => self.end_orders(dice, events),
            Action::DesignateShock { unit } => {
                self.perform_designate(unit);
                Ok(())
            }
            Action::ResolveShocks => self.perform_resolve_shocks(dice, events),
            Action::Column { unit } => {
                self.perform_column(unit, events);
                Ok(())
            }
            Action::ReactFace { unit, facing } => {
                self.perform_react_face(unit, facing, dice, events)
            }
            Action::Withdraw { unit, hexes } => self.perform_withdraw(unit, hexes, dice, events),
            Action::LeaderWithdraw { leader, hexes } => {
                self.perform_leader_withdraw(leader, hexes, events);
                Ok(())
            }
            Action::NoReaction { .. } => {
                self.next_reaction();
                Ok(())
            }
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
        };
        Ok(Battle { game: save.game, tables: Arc::new(tables), field, phase: save.phase })
    }
}
