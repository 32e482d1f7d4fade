//! Combat's part of the protocol: its decisions, pending decision points,
//! previews, events and errors.

use gboh_core::table::{ModifiedRoll, Modifiers};
use gboh_simple::SimpleEvent;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::game::{LegionIdx, Lid, Uid};
use crate::tables::MissileColumn;

/// A combat decision: the engine's ([`gboh_simple::CombatAction`]), with
/// Alesia's own in [`SiegeAction`].
pub type CombatAction = gboh_simple::CombatAction<SiegeAction>;

/// What a combat action previews: the engine's preview on Alesia's Missile
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
    /// 10.42, 10.44: a routed unit's new place (`None`: the Gallic Camp).
    Routed {
        /// The unit.
        unit: Uid,
        /// Where it went.
        to: Option<Hex>,
    },
    /// 4.35: a killed leader (or one back from the Gallic Camp, 10.46) was
    /// placed with a unit to activate a command.
    LeaderReturned {
        /// The leader.
        leader: Lid,
        /// Where.
        to: Hex,
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
    /// 10.7: a tribe (or the Alesia Force) was withdrawn.
    Withdrawn {
        /// The Tribal Counter's id, or `"Alesia"`.
        tribe: String,
    },
    /// What the family's rules did (fire, hits, shock, retreat, leaders,
    /// recovery), as the simple-family engine tells it; narrated with
    /// Alesia's sections. Serialized as the engine's event itself.
    #[serde(untagged)]
    Family(SimpleEvent),
}
