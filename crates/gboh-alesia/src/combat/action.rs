//! Combat's part of the protocol: its decisions, pending decision points,
//! previews, events and errors.

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::table::{ModifiedRoll, Modifiers, ShockResult};
use gboh_core::unit::{HitOutcome, UnitType};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::missile::ShotKind;
use crate::game::{LegionIdx, Lid, Uid};
use crate::tables::MissileColumn;

/// A combat decision: the engine's ([`gboh_simple::CombatAction`]), with
/// Alesia's own in [`SiegeAction`].
pub type CombatAction = gboh_simple::CombatAction<SiegeAction>;

/// What [`super::check`] previews: the engine's preview on Alesia's Missile
/// Table.
pub type CombatPreview = gboh_simple::rules::preview::CombatPreview<MissileColumn>;

pub use gboh_simple::{CombatError, CombatPending};

/// Alesia's own combat decisions, the active player's during movement
/// (8.4, 8.5, 10.8), carried as [`gboh_simple::CombatAction::Game`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SiegeAction {
    /// 8.41, 6.49: a Gallic archer sets a Rampart or Redoubt On Fire; a Roman
    /// archer burns a Fill.
    Flame {
        /// The archer.
        unit: Uid,
        /// The target hex.
        target: Hex,
    },
    /// 8.44: a Roman unit tries to put out a fire, its only action.
    PutOutFire {
        /// The unit.
        unit: Uid,
        /// The burning hex.
        hex: Hex,
    },
    /// 8.52: an artillery unit changes between Fire and Move mode, its only action.
    ChangeMode {
        /// The artillery unit.
        unit: Uid,
    },
    /// 10.8: the active legion places its new Aquila after a capture.
    PlaceAquila {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
}

/// Something combat did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CombatEvent {
    /// 8.16: a missile shot.
    Fired {
        /// The firer.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// Active or reaction fire.
        kind: ShotKind,
        /// The range read on the table.
        range: u8,
        /// Hit on this modified roll or less.
        hit_number: u8,
        /// The DRMs, each with its rule.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// Whether it hit.
        hit: bool,
    },
    /// 8.41-8.43, 6.49: flame fire.
    Flame {
        /// The archer.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// The DRMs.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// Whether the hex caught fire (or the Fill burnt).
        success: bool,
    },
    /// 10.1: a unit took hits.
    Hits {
        /// The unit.
        unit: Uid,
        /// How many.
        hits: u8,
        /// What they made of it.
        outcome: HitOutcome,
    },
    /// 10.42, 10.44: a routed unit's new place (`None`: the Gallic Camp).
    Routed {
        /// The unit.
        unit: Uid,
        /// Where it went.
        to: Option<Hex>,
    },
    /// A unit left the map for good (10.14, 10.42, 9.27, 8.45, 8.52).
    Eliminated {
        /// The unit.
        unit: Uid,
    },
    /// 8.18, 9.24: a leader's casualty check.
    LeaderCheck {
        /// The leader.
        leader: Lid,
        /// Whether he was killed.
        killed: bool,
    },
    /// A leader retreated one hex (4.32), went with a retreating unit (10.26),
    /// routed with his unit or was placed with the nearest unit he could
    /// command (10.46).
    LeaderMoved {
        /// The leader.
        leader: Lid,
        /// Where (`None`: off the map, to the Gallic Camp).
        to: Option<Hex>,
    },
    /// 4.32, 10.26: a leader chose to stay where he is.
    LeaderStayed {
        /// The leader.
        leader: Lid,
    },
    /// 4.33: an advance or pursuit brought an enemy combat unit next to (or
    /// into the hex of) a leader who is alone: he may retreat up to three
    /// hexes to one of `options`.
    LeaderMayRetreat {
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<Hex>,
    },
    /// 4.33: a lone leader who could not retreat was eliminated.
    LeaderEliminated {
        /// The leader.
        leader: Lid,
    },
    /// 4.35: a killed leader (or one back from the Gallic Camp, 10.46) was
    /// placed with a unit to activate a command.
    LeaderReturned {
        /// The leader.
        leader: Lid,
        /// Where.
        to: Hex,
    },
    /// 10.2, 9.22, 9.23, 8.43: a unit retreated.
    Retreated {
        /// The unit.
        unit: Uid,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// 10.23: a unit could not retreat.
    NoRetreat {
        /// The unit.
        unit: Uid,
    },
    /// 10.24: a unit on a Rampart stood instead of retreating.
    Stood {
        /// The unit.
        unit: Uid,
    },
    /// 6.68: a unit was Disordered.
    Disordered {
        /// The unit.
        unit: Uid,
    },
    /// 8.43: a hex was set On Fire.
    SetOnFire {
        /// The hex.
        hex: Hex,
    },
    /// 8.44: a fire-fighting attempt.
    FireFought {
        /// The hex.
        hex: Hex,
        /// Whether the fire is out.
        out: bool,
    },
    /// 8.45: a burning hex's burn-down roll.
    BurnCheck {
        /// The hex.
        hex: Hex,
        /// Whether it burnt down to Rubble.
        burnt: bool,
    },
    /// 6.49: the Fill in a hex burnt away.
    FillBurnt {
        /// The hex.
        hex: Hex,
    },
    /// 8.52: an artillery unit changed mode.
    ModeChanged {
        /// The unit.
        unit: Uid,
        /// In Fire mode now.
        fire: bool,
    },
    /// 10.5, 10.65: hits removed.
    HitsRemoved {
        /// The unit.
        unit: Uid,
        /// How many.
        removed: u8,
    },
    /// 10.62, 10.63: a routed unit recovered to its reduced side, or not.
    Recovered {
        /// The unit.
        unit: Uid,
        /// Whether it recovered (else eliminated).
        recovered: bool,
    },
    /// 10.8: an Aquila was placed.
    AquilaPlaced {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
    /// 10.8: an Aquila retreated with its unit.
    AquilaMoved {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        to: Hex,
    },
    /// 10.8: an Aquila was captured.
    AquilaCaptured {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
    /// 8.6: the non-active player declined to react.
    Declined,
    /// 9.0: shock began.
    ShockBegun,
    /// 9.21: an attack was designated (or joined).
    Designated {
        /// The attack.
        attack: u8,
        /// Its attackers now.
        attackers: Vec<Uid>,
        /// Its defending hexes now.
        defenders: Vec<Hex>,
    },
    /// 9.23: a Pre-Shock Check.
    PreShockCheck {
        /// The defending hex.
        hex: Hex,
        /// The TQ checked (6.67: the top infantry unit's).
        tq: u8,
        /// Whether it passed.
        passed: bool,
    },
    /// 9.25: a weapon system was chosen.
    WeaponChosen {
        /// By whom.
        side: Side,
        /// The type.
        unit_type: UnitType,
    },
    /// 9.25: an attack was resolved.
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
    /// 9.2, 10.3: an attack did not take place (no defender or attacker left).
    AttackVoid {
        /// The attack.
        attack: u8,
    },
    /// 10.3: Continued Shock: a new attack.
    ContinuedShock {
        /// The new attack.
        attack: u8,
    },
    /// 9.3, 9.22: a unit advanced or pursued.
    Advanced {
        /// The unit.
        unit: Uid,
        /// Where.
        to: Hex,
        /// Its facing.
        facing: Facing,
    },
    /// 9.2: shock is over.
    ShockEnded,
    /// 10.7: a tribe (or the Alesia Force) was withdrawn.
    Withdrawn {
        /// The Tribal Counter's id, or `"Alesia"`.
        tribe: String,
    },
}
