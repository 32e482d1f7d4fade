//! The combat sequence's state, as plain data (the bottom layer): the
//! activation's combat ([`ActivationCombat`]): the shock sequence under way
//! ([`ShockState`]: its stage and designated attacks), the steps waiting
//! their turn ([`Task`]: shared hits, retreats, advances, leaders'
//! choices), the open reaction window. The rules and the protocol above
//! read and change it; a game keeps it in its turn record. Section numbers
//! in these docs are Alesia's, where the family's rules were first
//! written; each `rule()` is the engine's [`Rule`], which the played game
//! numbers.

use gboh_core::Side;
use gboh_core::table::ShockResult;
use gboh_core::unit::UnitType;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::event::ShotSpec;
use crate::id::{Lid, Uid};
use crate::rule::Rule;

/// Combat during one activation: the shock sequence under way, the steps
/// waiting, the open reaction window, and what the activation's units did
/// that later rules ask about.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ActivationCombat {
    /// Shock, once the active player has ended movement and fire (9.0).
    pub shock: Option<ShockState>,
    /// Steps waiting, first first: decisions (retreat hexes, leftover hits,
    /// routed cohorts' places) and the automatic steps queued behind them.
    pub tasks: Vec<Task>,
    /// An open reaction window for the non-active player (8.6).
    pub reaction: Option<ReactionWindow>,
    /// The hexes each active unit has stood in this activation, in order (8.12:
    /// no fire after moving away from the target). The game's movement records
    /// them.
    pub tracks: Vec<(Uid, Vec<Hex>)>,
    /// Departures for which Retire Reaction (8.61) was already offered.
    pub retire_offered: Vec<(Uid, Hex)>,
    /// Units that retreated this activation: they may not fire at an advancing
    /// unit (8.62).
    pub retreated: Vec<Uid>,
    /// Active units that may not move again this activation: artillery that
    /// fired (8.12), archers and mounted missile units that fired without
    /// declaring a move (8.17), Hit and Run (8.19).
    pub may_not_move: Vec<Uid>,
}

/// Which Reaction Fire a window offers (Alesia 8.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReactionKind {
    /// 8.61: at a unit about to leave a missile unit's ZOC, at range 2.
    Retire,
    /// 8.62: at a unit that entered a missile unit's ZOC, at range 1.
    Entry,
    /// 8.63: back at an active unit that fired.
    Return,
    /// 8.64: a non-active artillery unit's free shot before shock.
    FreeShot,
}

/// An open reaction window: the shots the non-active player may take, one
/// per unit, or decline.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactionWindow {
    /// What triggered it.
    pub kind: ReactionKind,
    /// The shots on offer (re-validated when listed and when taken).
    pub shots: Vec<ShotSpec>,
}

/// Why a unit retreats.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RetreatCause {
    /// A failed Pre-Shock Check ([`Rule::PreShockCheck`]; Alesia 9.23).
    PreShock,
    /// A Shock Table result ([`Rule::ShockRetreat`]; Alesia 10.2).
    Shock,
    /// Its hex was set on fire ([`Rule::FireRetreat`]; Alesia 8.43).
    #[serde(alias = "Flame")]
    Fire,
}

impl RetreatCause {
    /// The rule that makes the unit retreat.
    #[must_use]
    pub const fn rule(self) -> Rule {
        match self {
            RetreatCause::PreShock => Rule::PreShockCheck,
            RetreatCause::Shock => Rule::ShockRetreat,
            RetreatCause::Fire => Rule::FireRetreat,
        }
    }
}

/// Why hits are being spread over units.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitsCause {
    /// 9.25 "#": a Shock Table result.
    Shock,
    /// 9.23: a failed Pre-Shock Check.
    PreShock,
    /// 10.23: a stack that cannot retreat.
    NoRetreat,
}

impl HitsCause {
    /// The rule that gives the hits.
    #[must_use]
    pub const fn rule(self) -> Rule {
        match self {
            HitsCause::Shock => Rule::ShockResolution,
            HitsCause::PreShock => Rule::PreShockCheck,
            HitsCause::NoRetreat => Rule::NoRetreat,
        }
    }
}

/// A step of combat waiting its turn: some need a decision, the others run
/// on their own.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Task {
    /// 6.67, 9.25 "#": spread `hits` evenly over `units` (top units first for
    /// the leftover, chosen by `chooser`).
    Hits {
        /// The units sharing the hits, top of each stack first.
        units: Vec<Uid>,
        /// How many hits.
        hits: u8,
        /// Who places the leftover hits (9.25: the player inflicting them).
        chooser: Side,
        /// Why.
        cause: HitsCause,
    },
    /// A routed unit waits to be placed where the game sends it (Alesia
    /// 10.42: a cohort by its Aquila).
    PlaceRouted {
        /// The cohort.
        unit: Uid,
    },
    /// 10.2, 6.67: the units of a stack retreat, each on its own.
    RetreatStack {
        /// The hex they retreat from.
        hex: Hex,
        /// The units, top first.
        units: Vec<Uid>,
        /// The hexes to retreat away from.
        away: Vec<Hex>,
        /// Why.
        cause: RetreatCause,
        /// 10.24: a Rampart hex attacked from below may stand for one hit.
        rampart_stand: bool,
        /// The attack, for a shock retreat.
        attack: Option<u8>,
    },
    /// 10.2: one unit retreats one hex.
    Retreat {
        /// The unit.
        unit: Uid,
        /// Where it retreats from.
        from: Hex,
        /// The hexes to retreat away from.
        away: Vec<Hex>,
        /// Why.
        cause: RetreatCause,
        /// 10.24: it may stand for one hit instead.
        rampart_stand: bool,
    },
    /// After an attack's hits: tower units, retreats, then [`Task::Vacated`]
    /// (9.27, 10.2).
    AfterShock {
        /// The attack.
        attack: u8,
    },
    /// Records the hexes an attack's defenders vacated (9.31); with
    /// `continued`, the attackers advance at once and attack again (10.3).
    Vacated {
        /// The attack.
        attack: u8,
        /// Continued Shock follows.
        continued: bool,
    },
    /// 9.3 (and 10.3): attackers of `attack` advance into `hex`, one at a time
    /// while stacking allows, keeping their facing for Continued Shock.
    Advance {
        /// The attack.
        attack: u8,
        /// The vacated hex.
        hex: Hex,
        /// 10.3: no change of facing.
        keep_facing: bool,
    },
    /// 10.3: the attackers of `attack` attack again.
    ContinuedShock {
        /// The attack.
        attack: u8,
    },
    /// 8.62: open an Entry Reaction window on a unit that advanced.
    EntryWindow {
        /// The unit.
        unit: Uid,
    },
    /// 4.32, 10.26, 10.46: where a leader goes, his side's decision.
    Leader {
        /// The leader.
        leader: Lid,
        /// The hex he stands in (the decision lapses if he is no longer there).
        from: Hex,
        /// Why he may move.
        case: LeaderCase,
    },
}

/// Why a leader may move during combat.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaderCase {
    /// 4.32: stacked with combat units threatened by Shock, he may retreat one
    /// hex, or stay.
    Threatened,
    /// 10.26: stacked with `units`, which retreated: he may go with one of
    /// them, or stay.
    Retreat {
        /// The units that were ordered to retreat from his hex.
        units: Vec<Uid>,
    },
    /// 10.46: stacked with `unit`, which routed: he routs with it, or is placed
    /// with the nearest unit he could command.
    Rout {
        /// The routing unit.
        unit: Uid,
    },
}

impl LeaderCase {
    /// The rule that gives the leader his choice.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        match self {
            LeaderCase::Threatened => Rule::LeaderThreatened,
            LeaderCase::Retreat { .. } => Rule::LeaderWithRetreat,
            LeaderCase::Rout { .. } => Rule::LeaderWithRout,
        }
    }
}

/// Shock combat under way (9.2).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShockState {
    /// Where in 9.2's sequence.
    pub stage: ShockStage,
    /// The designated attacks, in designation order (Continued Shock attacks
    /// are appended, 10.3).
    pub attacks: Vec<Attack>,
}

/// The steps of 9.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShockStage {
    /// 9.21: the active player designates attacks.
    Designation,
    /// 9.22: the defenders of an attack may retreat before shock.
    RetreatBeforeShock {
        /// The attack.
        attack: u8,
    },
    /// 9.22: every defender retreated; the attackers may pursue.
    Pursuit {
        /// The attack.
        attack: u8,
    },
    /// 9.23: Pre-Shock Checks (no decisions but the retreats they cause).
    PreShock,
    /// 9.24: leader casualties (no decisions).
    LeaderCasualties,
    /// 9.25: the active player picks the next attack to resolve.
    Resolution,
    /// 9.25 Weapon Systems: the attacker, then the defender, pick a type.
    Weapons {
        /// The attack.
        attack: u8,
        /// The attacker's pick, once made.
        attacker: Option<UnitType>,
    },
    /// 9.3: advance after combat (the advances are queued as tasks).
    Advance,
    /// Shock is over; the active player may end the activation.
    Done,
}

/// One designated attack (9.21).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attack {
    /// The attacking units (whole stacks, 9.21), in [`Uid`] order.
    pub attackers: Vec<Uid>,
    /// The attacked hexes, in designation order.
    pub defender_hexes: Vec<Hex>,
    /// The defending units and the hexes they were attacked in.
    pub defenders: Vec<(Uid, Hex)>,
    /// Whether an attacker Must Attack (9.11): the defenders take the
    /// Pre-Shock Check (9.23).
    pub mandatory: bool,
    /// A Continued Shock attack (10.3): resolution only.
    pub continued: bool,
    /// A Continued Shock attack after an advance is a Moving Attack (10.3).
    pub moving: bool,
    /// Units that retreated before shock from this attack (9.22), with the
    /// hexes they left and how far they went.
    pub retreated_before: Vec<(Uid, Hex, u8)>,
    /// Hexes its defenders vacated as a result of shock (9.31).
    pub vacated: Vec<Hex>,
    /// Attackers whose presence gave a positive DRM (9.33).
    pub contributors: Vec<Uid>,
    /// Attackers that have advanced (9.3).
    pub advanced: Vec<Uid>,
    /// The Shock Table's result, once resolved.
    pub result: Option<ShockResult>,
    /// Where it stands.
    pub status: AttackStatus,
}

impl Attack {
    /// A newly designated attack by `attackers` on the enemy `defenders`
    /// (each with its hex) in `defender_hexes`: nothing rolled, moved or
    /// vacated yet.
    #[must_use]
    pub fn designated(
        attackers: Vec<Uid>,
        defender_hexes: Vec<Hex>,
        defenders: Vec<(Uid, Hex)>,
        mandatory: bool,
    ) -> Attack {
        Attack {
            attackers,
            defender_hexes,
            defenders,
            mandatory,
            continued: false,
            moving: false,
            retreated_before: Vec::new(),
            vacated: Vec::new(),
            contributors: Vec::new(),
            advanced: Vec::new(),
            result: None,
            status: AttackStatus::Designated,
        }
    }
}

/// Where an attack stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackStatus {
    /// Waiting for resolution.
    Designated,
    /// Not resolved: no defender (or no attacker) left (9.2, 10.3).
    Void,
    /// Resolved.
    Resolved,
}
