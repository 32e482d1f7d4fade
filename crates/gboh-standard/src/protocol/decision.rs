//! The decision points, actions and previews of the protocol, and the phase
//! the turn is in: plain data.

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::{Chance, Modifiers};
use serde::{Deserialize, Serialize};

use super::reaction::ReactionChoice;
use super::shock::ShockAftermath;
use crate::movement::StepCost;

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
    /// A side met the game's own victory conditions, which end the battle
    /// at once ([`StandardGame::victor`](crate::StandardGame::victor); e.g.
    /// Gergovia's victory-point thresholds).
    Victory {
        /// The side that won.
        winner: Side,
    },
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
    /// Swap a stack's order (SPQR 6.66).
    Swap,
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
    /// It moved adjacent to an enemy unit from a hex not adjacent to it
    /// (SPQR 7.31): what makes a heavy unit shock, and a light one shock
    /// with a check if it chooses (7.32); a unit that moved without doing so
    /// may shock as one that did not move (7.33). Not written when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub closed: bool,
    /// A phalanx took its fifth MP in this order (SPQR 6.41). Not written
    /// when false.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub fifth: bool,
}

impl Ordered {
    /// Unit `unit` just given an order of `kind`, with `half_mp_left` MP
    /// (in halves) to spend, nothing done yet.
    #[must_use]
    pub const fn new(unit: usize, kind: OrderKind, half_mp_left: u16) -> Ordered {
        Ordered {
            unit,
            kind,
            half_mp_left,
            moved: false,
            stopped: false,
            faced_here: false,
            fired: false,
            formed: false,
            closed: false,
            fifth: false,
        }
    }
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
    /// Double-size phalanxes that re-faced in reaction this phase (Dictator
    /// 9.101: once per Orders Phase).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub refaced: Vec<usize>,
    /// SPQR 6.64: the units the OC ordered, with one Individual Order, to
    /// move with him as one stack (`OrderStack`); they move only by
    /// `StackStep` and `StackFace`, and he with them.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stack: Vec<usize>,
    /// SPQR 8.42 (the living rules' numbering): the attackers the active
    /// player joined to another's combat (`Combine`), as (unit, lead): they
    /// shock together with the lead, their sizes added.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<(usize, usize)>,
    /// SPQR 8.42: the defenders already shocked this Shock segment; a defender
    /// is shocked once a segment.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub shocked: Vec<usize>,
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
        /// A move waiting for its retire reaction fire (SPQR 8.22: the fire
        /// comes before the unit moves): the direction and hexes (1 a step,
        /// 2 passing through a friend).
        #[serde(default)]
        then: Option<(gboh_core::facing::Direction, u8)>,
    },
    /// The defending player picks which of his units' types sets the
    /// column of the shock of the first attacker of `queue` (Gergovia 8.36
    /// #B, [`StandardGame::owner_picks_clash_type`](crate::StandardGame::owner_picks_clash_type));
    /// then the Shock segment goes on with `queue`.
    ClashChoice {
        /// The phase.
        orders: OrdersPhase,
        /// The attackers still to shock, the one waiting first, with whether
        /// they moved.
        queue: Vec<(usize, bool)>,
    },
    /// An attacker shares out its hits on two or more defenders (Dictator
    /// 9.106), one defender at a time, the last taking what is left; then
    /// the Shock segment goes on with `queue`.
    Allocation {
        /// The phase.
        orders: OrdersPhase,
        /// The shock waiting for its allocation.
        aftermath: ShockAftermath,
        /// The attackers still to shock, with whether they moved.
        queue: Vec<(usize, bool)>,
        /// The hits given so far, to the first defenders of
        /// `aftermath.remaining` in order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        shares: Vec<u8>,
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
    /// The defender picks the unit whose type sets the shock's column
    /// (Gergovia 8.36 #B).
    ClashType {
        /// The defending side.
        side: Side,
        /// The attacker.
        attacker: usize,
    },
    /// Share out an attacker's hits on its two defenders.
    Allocation {
        /// The attacking side.
        side: Side,
        /// The attacker.
        attacker: usize,
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
    /// A unit enters the hex in `dir` (one of its front hexes); a double-size
    /// phalanx goes forward in `dir` with both halves (Dictator 9.102).
    Step {
        /// The unit.
        unit: usize,
        /// The direction.
        dir: Direction,
    },
    /// Dictator 9.102 (SPQR 6.43-6.44): a double-size phalanx pivots: the
    /// other half enters the centre front hex while the half it turns about
    /// stays; `clockwise` turns about the right half (the left one moves).
    Pivot {
        /// The phalanx.
        unit: usize,
        /// About the right half (the counter turns a vertex clockwise).
        clockwise: bool,
    },
    /// Dictator 9.102: a double-size phalanx enters column, the In Column
    /// marker on its right (`right`) or left half, which becomes its front
    /// end; its facing does not change. It leaves column by `Column`.
    PhalanxColumn {
        /// The phalanx.
        unit: usize,
        /// The marker on its right half.
        right: bool,
    },
    /// A unit passes through the friend in the hex in `dir` into the hex
    /// beyond (SPQR 6.6).
    PassThrough {
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
    /// Harassment and dispersal: a light unit fires at range 1 as moving fire
    /// without moving (SPQR 8.2).
    Harass {
        /// The harasser.
        unit: usize,
        /// The target.
        target: usize,
    },
    /// The leader attempts to rally a routed unit.
    Rally {
        /// The unit.
        unit: usize,
    },
    /// SPQR 6.66: by an Individual Order of its own, the bottom unit of a
    /// stack goes on top (not as part of a move order or a Line Command).
    SwapStack {
        /// The bottom unit.
        unit: usize,
    },
    /// SPQR 4.74 (4.4 #4): the active OC gives an Individual Order to place
    /// Replacement leader `leader` (a counter the scenario provides) in the
    /// hex of `unit`, one the replacement may command, for a fallen leader;
    /// he is Finished for the turn.
    ReplaceLeader {
        /// The Replacement leader.
        leader: usize,
        /// The unit in whose hex he is placed.
        unit: usize,
    },
    /// SPQR 8.64 (4.4 #6): the active OC gives his whole Orders Phase to
    /// Regroup and Return his army's off-map pursuing cavalry.
    RegroupAndReturn,
    /// SPQR 8.64: in the Regroup and Return, off-map pursuer `unit` re-enters
    /// in `hex` (within 2 hexes of where it left the map) facing `facing`,
    /// with a Move order.
    ReturnPursuer {
        /// The cavalry.
        unit: usize,
        /// The hex.
        hex: hexx::Hex,
        /// Its facing.
        facing: Facing,
    },
    /// SPQR 6.64 (4.4 #5): the active OC gives one Individual Order to
    /// every combat unit in his hex: they and he move together as one
    /// stack (`StackStep`, `StackFace`) and end in one hex.
    OrderStack,
    /// SPQR 6.64: the OC's stack (every unit of his `OrderStack` and the OC)
    /// enters the hex in `dir`, one of its front hexes.
    StackStep {
        /// The direction.
        dir: Direction,
    },
    /// SPQR 6.64: the OC's stack turns to `facing`, every unit of it.
    StackFace {
        /// The new facing.
        facing: Facing,
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
    /// Entry reaction fire: the unit fires at the enemy that moved next to
    /// it (SPQR 8.2).
    ReactFire {
        /// The unit.
        unit: usize,
    },
    /// Orderly withdrawal: the unit moves this many hexes straight away,
    /// keeping its facing (SPQR 6.5).
    Withdraw {
        /// The unit.
        unit: usize,
        /// Hexes.
        hexes: u8,
    },
    /// A phalanx with a Move order raises its MA from 4 to 5 (SPQR 6.41):
    /// a TQ check (1 hit if failed) in its first move of the turn, 1 hit
    /// more than the second move's (2 in all) in a later one.
    FifthMp {
        /// The phalanx.
        unit: usize,
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
    /// Attacker `unit` joins attacker `with`'s combat: the two (or more)
    /// shock together the enemies in their front hexes, their sizes added
    /// (SPQR 8.42, the living rules' combined attack).
    Combine {
        /// The unit joining.
        unit: usize,
        /// The attacker leading the combat (not itself joined to another).
        with: usize,
    },
    /// Resolve the Shock segment with the designated units.
    ResolveShocks,
    /// The attacker gives `first` of its hits to the first defender (in unit
    /// order), the rest to the second (Dictator 9.106).
    Allocate {
        /// Hits to the first defender.
        first: u8,
    },
    /// Attempt Momentum.
    Momentum,
    /// Activate this leader (after a die roll of doom).
    Activate {
        /// The leader.
        leader: usize,
    },
    /// A declaration the game offers the leader in his Orders Phase
    /// ([`StandardGame::declarations`](crate::StandardGame::declarations);
    /// Gergovia 6.8: barbarian impetuosity for one of his tribes): `choice`
    /// is the game's number for it.
    Declare {
        /// The game's number for the declaration.
        choice: u8,
    },
    /// The defender's pick for the shock's column: the type of this unit
    /// (Gergovia 8.36 #B).
    ClashType {
        /// One of the defenders.
        unit: usize,
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
