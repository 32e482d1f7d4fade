//! Why a movement action was refused: one variant per rule, each message
//! citing it.

use gboh_core::facing::Facing;
use hexx::Hex;

use crate::combat::CombatError;
use crate::game::{Lid, Uid};

/// Why a movement action was refused. The game is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// No activation is under way.
    #[error("5.1: no command is active")]
    NoActivation,
    /// No such unit or leader.
    #[error("2.2: no such piece")]
    UnknownPiece,
    /// The unit is not one the active command activated.
    #[error("4.1: that unit is not activated in this command")]
    NotActivated(Uid),
    /// The unit is not on the map (nor atop its Tribal Counter, nor able to
    /// enter).
    #[error("6.1: that unit is not on the map")]
    NotOnMap(Uid),
    /// Eliminated units do not move.
    #[error("10.14: that unit is eliminated")]
    Eliminated(Uid),
    /// Another unit has moved since, or the unit stopped in an enemy ZOC.
    #[error("6.31: that unit's movement is over this activation")]
    MovementOver(Uid),
    /// 6.12: the leader moved, so his units have finished.
    #[error("6.12: the leader has moved; his units may no longer move")]
    LeaderMoved,
    /// The unit shocked, rallied, changed mode or fought fire instead.
    #[error("8.44, 8.52, 9.0, 10.5: that unit may not move after what it did this activation")]
    ActedInstead(Uid),
    /// 8.58: artillery in Fire mode.
    #[error("8.58: artillery in fire mode may not move")]
    FireMode(Uid),
    /// 8.12: artillery that fired.
    #[error("8.12: artillery may move or fire, not both")]
    ArtilleryFired(Uid),
    /// 8.52: tower scorpiones.
    #[error("8.52: scorpiones in rampart hexes cannot move")]
    TowerScorpio(Uid),
    /// 6.65: only the top unit of a stack moves.
    #[error("6.65: only the top unit of a stack may move")]
    NotTop(Uid),
    /// The unit is already there, facing that way.
    #[error("6.1: the unit is already there, facing that way")]
    NoChange,
    /// 6.64.
    #[error("6.64: a unit may never enter a hex containing an enemy combat unit")]
    EnemyHex(Hex),
    /// 6.64 applied to leaders and lone enemy leaders.
    #[error("6.64: a unit may not enter a hex holding an enemy piece")]
    EnemyLeaderHex(Hex),
    /// 6.22.
    #[error("6.22: combat units may not enter a hex occupied by a tribal counter")]
    TribalCounter(Hex),
    /// 6.33.
    #[error("6.33: that hex or hexside is impassable")]
    Impassable(Hex),
    /// 6.36.
    #[error("6.36: no unit may cross a stone crest hexside except through a gate")]
    StoneCrest(Hex),
    /// 6.43.
    #[error("6.43: cavalry may not cross a camp or stone wall; they use the gates")]
    CavalryWall(Hex),
    /// 6.44.
    #[error(
        "6.44: cavalry enter a redoubt only through its gate, only when it is empty, and may not end there"
    )]
    CavalryRedoubt(Hex),
    /// 6.42: two rampart hexes not joined by a walkway.
    #[error("6.42: units move along the ramparts only by the walkways")]
    NoWalkway(Hex),
    /// 6.42: climbing from outside after leaving the start hex.
    #[error("6.42: a unit enters a rampart from outside only when its move starts adjacent to it")]
    ClimbNotAtStart(Hex),
    /// 6.42: Rampart/Gate transit.
    #[error(
        "6.42: a unit passing through a rampart gate must leave it at once for a non-rampart hex"
    )]
    GateTransit(Hex),
    /// 6.61, 6.65, 8.57, 5.64: the stack would be illegal.
    #[error("{rule}: {what}")]
    Stacking {
        /// The rule.
        rule: &'static str,
        /// What was wrong.
        what: &'static str,
    },
    /// 6.63.
    #[error("6.63: no unit may move through an infantry unit in a rampart hex")]
    ThroughRampartInfantry(Hex),
    /// 6.68.
    #[error(
        "6.68: an infantry unit may not voluntarily enter a rampart hex adjacent to a friendly infantry unit on the ramparts"
    )]
    RampartAdjacency(Hex),
    /// 5.49.
    #[error(
        "5.49: combat units may not voluntarily move more than 12 hexes from their tribal counter"
    )]
    Tether(Hex),
    /// 4.13.
    #[error(
        "4.13: a cohort or scorpio out of its legate's range may not move adjacent to an enemy unit"
    )]
    OutOfRange(Hex),
    /// 4.31.
    #[error(
        "4.31: leaders may not move adjacent to an enemy unit unless with or onto a friendly combat unit"
    )]
    LeaderAdjacent(Hex),
    /// A scenario restriction (e.g. 12.1).
    #[error("{rule}: {what}")]
    Restricted {
        /// The rule.
        rule: String,
        /// What it forbids.
        what: String,
    },
    /// 8.43.
    #[error("8.43: no unit may end its movement in a hex on fire")]
    EndOnFire(Hex),
    /// 6.34: not reachable with the MP left.
    #[error("6.34: the unit cannot reach that hex facing {facing:?} with its {mp_left} MP left")]
    Unreachable {
        /// The destination.
        to: Hex,
        /// The requested facing.
        facing: Facing,
        /// MP left.
        mp_left: u8,
    },
    /// 7.13/7.23: entering an enemy ZOC stops the unit; only one vertex.
    #[error("7.13: in an enemy zoc a unit may change facing by one vertex only")]
    ZocFacing(Hex),
    /// 6.5 conditions.
    #[error("6.5: {0}")]
    RapidMarch(&'static str),
    /// 6.65 swap conditions.
    #[error("6.65: {0}")]
    Swap(&'static str),
    /// 6.73 conditions.
    #[error("6.73: {0}")]
    Disorder(&'static str),
    /// 6.46-6.48 conditions.
    #[error("{rule}: {what}")]
    Fill {
        /// The rule.
        rule: &'static str,
        /// What was wrong.
        what: &'static str,
    },
    /// 6.34: not enough MP for a fixed-cost action.
    #[error("6.34: that costs {cost} MP and the unit has {mp_left} left")]
    NotEnoughMp {
        /// The cost.
        cost: u8,
        /// MP left.
        mp_left: u8,
    },
    /// 6.12: only the activated leader moves with his command.
    #[error("6.12: only the activated command's leader may move now")]
    NotActiveLeader(Lid),
    /// 6.13: Overall and Area Commanders.
    #[error(
        "6.13: overall and area commanders move only in an overall commander movement activation, by seizure, or with an activated unit"
    )]
    Commander(Lid),
    /// The combat rules keep the unit in place (9.0 shock begun, 8.12 it
    /// fired, 8.58, 10.5).
    #[error(transparent)]
    Combat(CombatError),
    /// A data error: the Terrain Effects Chart lacks a row.
    #[error("6.8: the terrain effects chart has no row for {0}")]
    MissingTerrainRow(&'static str),
}

impl MoveError {
    /// The section the refusal cites (the start of its message).
    #[must_use]
    pub fn section(&self) -> &'static str {
        use MoveError as E;
        match self {
            E::NoActivation => "5.1",
            E::UnknownPiece => "2.2",
            E::NotActivated(_) => "4.1",
            E::NotOnMap(_) | E::NoChange => "6.1",
            E::Eliminated(_) => "10.14",
            E::MovementOver(_) => "6.31",
            E::LeaderMoved | E::NotActiveLeader(_) => "6.12",
            E::ActedInstead(_) => "8.44, 8.52, 9.0, 10.5",
            E::FireMode(_) => "8.58",
            E::ArtilleryFired(_) => "8.12",
            E::TowerScorpio(_) => "8.52",
            E::NotTop(_) | E::Swap(_) => "6.65",
            E::EnemyHex(_) | E::EnemyLeaderHex(_) => "6.64",
            E::TribalCounter(_) => "6.22",
            E::Impassable(_) => "6.33",
            E::StoneCrest(_) => "6.36",
            E::CavalryWall(_) => "6.43",
            E::CavalryRedoubt(_) => "6.44",
            E::NoWalkway(_) | E::ClimbNotAtStart(_) | E::GateTransit(_) => "6.42",
            E::Stacking { rule, .. } | E::Fill { rule, .. } => rule,
            E::ThroughRampartInfantry(_) => "6.63",
            E::RampartAdjacency(_) => "6.68",
            E::Tether(_) => "5.49",
            E::OutOfRange(_) => "4.13",
            E::LeaderAdjacent(_) => "4.31",
            // The scenarios' movement restrictions are 12.1's and 12.2's.
            E::Restricted { rule, .. } => match rule.as_str() {
                "12.2" => "12.2",
                "12.1" => "12.1",
                _ => "12.0",
            },
            E::EndOnFire(_) => "8.43",
            E::Unreachable { .. } | E::NotEnoughMp { .. } => "6.34",
            E::ZocFacing(_) => "7.13",
            E::RapidMarch(_) => "6.5",
            E::Disorder(_) => "6.73",
            E::Commander(_) => "6.13",
            E::Combat(CombatError::Illegal { rule, .. }) => rule,
            E::Combat(CombatError::Dice(_)) => "2.3",
            E::MissingTerrainRow(_) => "6.8",
        }
    }
}

/// A movement refusal as the engine's protocol reports it: the same
/// section and words.
impl From<MoveError> for CombatError {
    fn from(e: MoveError) -> CombatError {
        if let MoveError::Combat(c) = e {
            return c;
        }
        let rule = e.section();
        let text = e.to_string();
        let why = text.strip_prefix(rule).and_then(|t| t.strip_prefix(": ")).unwrap_or(&text);
        CombatError::illegal(rule, why.to_owned())
    }
}
