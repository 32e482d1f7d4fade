//! What the deployment validator reports (12.1, 12.0 clarification, 6.61,
//! 6.68): the pieces, the kind of each broken rule, the violation with its
//! section and message.

use core::fmt;

use gboh_core::unit::UnitType;
use hexx::Hex;

use crate::game::{LegionIdx, Lid, Uid};

/// A piece on the map: a combat unit or a leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Piece {
    /// A combat unit.
    Unit(Uid),
    /// A leader.
    Leader(Lid),
}

/// What a deployment violation is about.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// The number of legions used differs from the scenario's.
    LegionCount {
        /// Legions the scenario uses.
        required: usize,
        /// Legions with a unit on the map (or eliminated).
        found: usize,
    },
    /// A legion in use lacks cohorts, its scorpio or its legate.
    LegionIncomplete {
        /// The legion.
        legion: LegionIdx,
    },
    /// The number of units of one kind differs from the scenario's.
    UnitCount {
        /// The kind.
        unit_type: UnitType,
        /// How many the scenario uses.
        required: usize,
        /// How many are on the map (or eliminated).
        found: usize,
    },
    /// A unit the scenario does not use is on the map.
    UnitNotInScenario {
        /// The unit.
        unit: Uid,
    },
    /// A required leader is missing, or one the scenario does not use is on the map.
    Leaders {
        /// The leader, if one is at fault.
        leader: Option<Lid>,
    },
    /// A piece outside the vallations (6.41).
    OutsideVallations {
        /// The piece.
        piece: Piece,
        /// Where.
        hex: Hex,
    },
    /// A piece north of the scenario's line.
    NorthOfLine {
        /// The piece.
        piece: Piece,
        /// Where.
        hex: Hex,
    },
    /// A rampart hex neither occupied by a Roman combat unit other than
    /// artillery nor adjacent to one.
    RampartUncovered {
        /// The hex.
        hex: Hex,
    },
    /// Two Roman infantry units in adjacent rampart hexes (6.68).
    AdjacentRampartInfantry {
        /// The two hexes, in board order.
        hexes: [Hex; 2],
    },
    /// A scorpio too far from every cohort of its legion.
    ScorpioTooFar {
        /// The scorpio.
        scorpio: Uid,
        /// Where.
        hex: Hex,
    },
    /// Cavalry outside the cavalry camps.
    CavalryOutsideCamps {
        /// The unit.
        unit: Uid,
        /// Where.
        hex: Hex,
    },
    /// Too few legions wholly inside the camp.
    LegionNotInCamp {
        /// Legions required there.
        required: usize,
        /// Legions found there.
        found: usize,
    },
    /// An illegal stack (6.61, 8.57, 6.44) or mixed facings (6.65).
    Stacking {
        /// The hex.
        hex: Hex,
    },
    /// The map lacks an area the scenario names.
    MissingArea {
        /// The area.
        area: String,
    },
}

/// One broken deployment rule: what, where, and the rule section.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DeploymentViolation {
    /// The rule section (`12.1`, `6.68`, `6.61`, ...).
    pub rule: String,
    /// What is wrong, with the pieces and hexes concerned.
    pub kind: ViolationKind,
    /// A lower-case message naming hexes by label and units by id.
    pub message: String,
}

impl fmt::Display for DeploymentViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.rule, self.message)
    }
}
