//! What the engine's rules report as they change a game (plain data, the
//! bottom layer): each is turned into the played game's own event by
//! [`Effects::event`](crate::rules::effects::Effects::event) and cited by
//! the section of its rulebook, so a game's event stream and narration stay
//! its own.

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::table::{ModifiedRoll, Modifiers, ShockResult};
use gboh_core::unit::{HitOutcome, UnitType};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::id::{Lid, Uid};
use crate::rule::Rule;

/// Something the engine's rules did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum SimpleEvent {
    /// [`Rule::MissileHit`]: a missile shot and whether it hit.
    Fired {
        /// The firer.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// How it was fired.
        kind: ShotKind,
        /// The range read on the table.
        range: u8,
        /// A hit on this modified roll or less.
        hit_number: u8,
        /// The DRMs, each with its rule.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// Whether it hit.
        hit: bool,
    },
    /// A unit took hits (cited by what dealt them).
    Hits {
        /// The unit.
        unit: Uid,
        /// How many.
        hits: u8,
        /// What they made of it.
        outcome: HitOutcome,
    },
    /// A unit left the map for good.
    Eliminated {
        /// The unit.
        unit: Uid,
    },
    /// [`Rule::PreShockCheck`]: a defending stack's check of its top unit's
    /// TQ.
    PreShockCheck {
        /// The defending hex.
        hex: Hex,
        /// The TQ checked.
        tq: u8,
        /// Whether it passed.
        passed: bool,
    },
    /// [`Rule::Retreat`] (or what forced it): a unit retreated.
    Retreated {
        /// The unit.
        unit: Uid,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// [`Rule::RecoveryWithoutRoll`], [`Rule::RecoveryRoll`],
    /// [`Rule::RecoveryDenied`]: a routed unit recovered, or not (then it
    /// was eliminated).
    Recovered {
        /// The unit.
        unit: Uid,
        /// Whether it recovered.
        recovered: bool,
    },
    /// [`Rule::RecoveryHits`], [`Rule::Rally`]: a unit removed hits.
    HitsRemoved {
        /// The unit.
        unit: Uid,
        /// How many.
        removed: u8,
    },
    /// [`Rule::ShockCombat`]: movement and fire are over; shock begins.
    ShockBegun,
    /// [`Rule::ReactionFire`]: the non-active player declined the reaction
    /// window.
    Declined,
    /// [`Rule::ShockResolution`]: a side chose its weapon system.
    WeaponChosen {
        /// By whom.
        side: Side,
        /// The type.
        unit_type: UnitType,
    },
    /// [`Rule::ShockSequence`]: an attack did not take place (no defender or
    /// attacker left).
    AttackVoid {
        /// The attack.
        attack: u8,
    },
    /// [`Rule::ShockSequence`]: shock is over.
    ShockEnded,
    /// [`Rule::ShockResolution`]: an attack was resolved.
    ShockResolved {
        /// The attack.
        attack: u8,
        /// Every DRM with its rule.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// The Shock Table's result.
        result: ShockResult,
    },
    /// [`Rule::ShockDesignation`]: an attack designated, or joined.
    Designated {
        /// The attack.
        attack: u8,
        /// Its attackers now.
        attackers: Vec<Uid>,
        /// Its defending hexes now.
        defenders: Vec<Hex>,
    },
    /// [`Rule::NoRetreat`] (or what forced the retreat): a unit could not
    /// retreat.
    NoRetreat {
        /// The unit.
        unit: Uid,
    },
    /// [`Rule::StandForHit`]: a unit stood instead of retreating.
    Stood {
        /// The unit.
        unit: Uid,
    },
    /// [`Rule::ContinuedShock`]: the attackers of an attack attack again, as
    /// attack `attack`.
    ContinuedShock {
        /// The new attack's index.
        attack: u8,
    },
    /// [`Rule::Advance`], [`Rule::ContinuedShock`]: an attacker advanced
    /// into a vacated hex.
    Advanced {
        /// The unit.
        unit: Uid,
        /// Where.
        to: Hex,
        /// Its facing there.
        facing: Facing,
    },
    /// [`Rule::LeaderThreatened`], [`Rule::LeaderWithRetreat`],
    /// [`Rule::LeaderWithRout`]: a leader moved with his units or away from
    /// the enemy (`to: None`: off the map with his routed unit).
    LeaderMoved {
        /// The leader.
        leader: Lid,
        /// Where.
        to: Option<Hex>,
    },
    /// [`Rule::LeaderThreatened`], [`Rule::LeaderWithRetreat`]: a leader
    /// chose to stay where he is.
    LeaderStayed {
        /// The leader.
        leader: Lid,
    },
    /// [`Rule::LoneLeaderRetreat`]: an enemy combat unit came next to (or
    /// into the hex of) a lone leader: he may retreat to one of `options`.
    LeaderMayRetreat {
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<Hex>,
    },
    /// [`Rule::LoneLeaderRetreat`]: a lone leader who could not retreat was
    /// eliminated.
    LeaderEliminated {
        /// The leader.
        leader: Lid,
    },
    /// [`Rule::Movement`] (or [`Rule::Facing`] for a pivot in place): a unit
    /// moved.
    Moved {
        /// The unit.
        unit: Uid,
        /// Where it started (`None`: from off the map, where a game has
        /// such moves).
        from: Option<Hex>,
        /// Where it ended.
        to: Hex,
        /// Its facing.
        facing: Facing,
        /// MP spent.
        mp: u8,
        /// Whether it entered an enemy ZOC and had to stop
        /// ([`Rule::ZocEntry`]).
        stopped_in_zoc: bool,
    },
    /// [`Rule::MissileLeaderCasualty`], [`Rule::ShockLeaderCasualty`]: a
    /// leader's casualty check.
    LeaderCheck {
        /// The leader.
        leader: Lid,
        /// Whether he was killed.
        killed: bool,
    },
}

/// How a shot comes to be fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShotKind {
    /// By an active unit ([`Rule::ActiveFire`]).
    Active,
    /// Hit and Run, as if at a range of one hex ([`Rule::HitAndRun`]).
    HitAndRun,
    /// Retire Reaction, at a range of two hexes ([`Rule::RetireReaction`]).
    Retire,
    /// Entry Reaction, at a range of one hex ([`Rule::EntryReaction`]).
    Entry,
    /// Return Fire ([`Rule::ReturnFire`]); `range_one` against Hit and Run.
    Return {
        /// Read at range 1.
        range_one: bool,
    },
    /// A non-active artillery unit's free shot ([`Rule::ArtilleryFreeShot`]).
    FreeShot,
}

impl ShotKind {
    /// The rule the shot is fired under.
    #[must_use]
    pub const fn rule(self) -> Rule {
        match self {
            ShotKind::Active => Rule::ActiveFire,
            ShotKind::HitAndRun => Rule::HitAndRun,
            ShotKind::Retire => Rule::RetireReaction,
            ShotKind::Entry => Rule::EntryReaction,
            ShotKind::Return { .. } => Rule::ReturnFire,
            ShotKind::FreeShot => Rule::ArtilleryFreeShot,
        }
    }

    /// Whether the non-active player fires it (reaction fire).
    #[must_use]
    pub const fn is_reaction(self) -> bool {
        !matches!(self, ShotKind::Active | ShotKind::HitAndRun)
    }

    /// The range the table is read at for a target `range` hexes away: 1 for
    /// Entry Reaction, Hit and Run and Return Fire against it, 2 for Retire
    /// Reaction, the range itself otherwise.
    #[must_use]
    pub const fn read_at(self, range: u8) -> u8 {
        match self {
            ShotKind::Active | ShotKind::FreeShot | ShotKind::Return { range_one: false } => range,
            ShotKind::Retire => 2,
            ShotKind::Entry | ShotKind::HitAndRun | ShotKind::Return { range_one: true } => 1,
        }
    }
}

/// Who fires at which hex, from where and how: all a shot needs to be aimed
/// again later (a reaction offered now and taken after other reactions).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShotSpec {
    /// The firing unit.
    pub firer: Uid,
    /// Its hex.
    pub from: Hex,
    /// Its hits (+1 each), as they stood when the shot was offered: a shot
    /// and the reaction to it are simultaneous.
    pub hits: u8,
    /// The target hex.
    pub target: Hex,
    /// Retire Reaction: only the unit leaving is fired at.
    pub only: Option<Uid>,
    /// How it is fired.
    pub kind: ShotKind,
    /// The firer moved or will move (foot archers, mounted missile units).
    pub moved: bool,
}
