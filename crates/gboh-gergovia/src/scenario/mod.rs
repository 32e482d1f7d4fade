//! The two deployments of "Units and Deployment": the standard one and the
//! alternative one (XI and Caninius out, Vercingetorix later), with hidden
//! placement as an option.
//!
//! A [`Scenario`] is the printed deployment as zones ([`Zone`]) for groups of
//! units and leaders ([`Placement`]). [`Scenario::default_deployment`] puts
//! every piece somewhere legal, deterministically, and [`Scenario::check`]
//! lists everything wrong with any [`Deployment`] (a player's own).
//!
//! ```
//! use gboh_gergovia::scenario::{self, Position, ScenarioId};
//! use gboh_gergovia::{counters, map};
//! let (board, mix) = (map::board()?, counters::counters()?);
//! let alt = scenario::scenario(ScenarioId::Alternative)?;
//! let mut deployment = alt.default_deployment(board, mix)?;
//! assert!(!deployment.units.contains_key("XI-1"), "XI is left out");
//! assert_eq!(alt.vercingetorix_entry.simplified, 3);
//! // Move a cohort of Legion VIII out of its printed rows: one violation.
//! deployment.units.insert("VIII-2".into(), Position::Hex(board.hex_of("2412").unwrap()));
//! assert_eq!(alt.check(board, mix, &deployment).len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::{Board, Label};
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::unit::UnitId;
use hexx::Hex;
use thiserror::Error;

use crate::counters::{self, Counters};
use crate::map;

/// The name the embedded standard deployment reports errors under.
pub const STANDARD_FILE: &str = "data/gergovia/scenarios/standard.ron";
/// The embedded standard deployment.
pub const STANDARD_RON: &str = include_str!("../../data/gergovia/scenarios/standard.ron");
/// The name the embedded alternative deployment reports errors under.
pub const ALTERNATIVE_FILE: &str = "data/gergovia/scenarios/alternative.ron";
/// The embedded alternative deployment.
pub const ALTERNATIVE_RON: &str = include_str!("../../data/gergovia/scenarios/alternative.ron");

/// The two printed deployments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScenarioId {
    /// "Roman / Gallic Starting Deployment".
    Standard,
    /// "Alternative Deployment".
    Alternative,
}

impl ScenarioId {
    /// Both, standard first.
    pub const ALL: [ScenarioId; 2] = [ScenarioId::Standard, ScenarioId::Alternative];

    /// The embedded file: name and text.
    #[must_use]
    pub const fn file(self) -> (&'static str, &'static str) {
        match self {
            ScenarioId::Standard => (STANDARD_FILE, STANDARD_RON),
            ScenarioId::Alternative => (ALTERNATIVE_FILE, ALTERNATIVE_RON),
        }
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScenarioId::Standard => "standard",
            ScenarioId::Alternative => "alternative",
        })
    }
}

/// A name that is not a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("no Gergovia scenario {0:?} (standard, alternative)")]
pub struct UnknownScenario(pub String);

impl FromStr for ScenarioId {
    type Err = UnknownScenario;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ScenarioId::ALL
            .into_iter()
            .find(|id| id.to_string() == s)
            .ok_or_else(|| UnknownScenario(s.to_owned()))
    }
}

// ---------------------------------------------------------------- raw file

mod def;
mod deploy;
mod load;

pub use def::{
    EntryTurn, ExcludedDef, FacingRule, HiddenPlacement, PlacementDef, ScenarioDef, UnitsDef,
    ZoneDef,
};
pub use load::load_scenario;

// ---------------------------------------------------------------- validated

/// Where a placement goes, resolved on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Zone {
    /// These hexes (deployment order).
    Hexes(Vec<Hex>),
    /// In or adjacent to a hex holding a unit of these formations.
    WithOrAdjacent(Vec<String>),
    /// Off the map, to enter at these hexes.
    OffMap(Vec<Hex>),
}

/// Which units a placement takes, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Units {
    /// Every unit and eagle of these formations.
    Formations(Vec<String>),
    /// At least `n` units of the formation.
    AtLeast(String, u8),
    /// The rest of the formation.
    Rest(String),
    /// None.
    None,
}

/// One validated placement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Name.
    pub name: String,
    /// Whose.
    pub side: Side,
    /// Which units.
    pub units: Units,
    /// Which leaders.
    pub leaders: Vec<String>,
    /// Where.
    pub zone: Zone,
    /// Combat units per hex.
    pub per_hex: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// A validated scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Which one.
    pub id: ScenarioId,
    /// Name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Formations left out.
    pub excluded_formations: Vec<String>,
    /// Leaders left out.
    pub excluded_leaders: Vec<String>,
    /// Vercingetorix's earliest entry turn.
    pub vercingetorix_entry: EntryTurn,
    /// Hidden placement.
    pub hidden_placement: HiddenPlacement,
    /// Facing.
    pub facing: FacingRule,
    /// Placements, in printed order.
    pub placements: Vec<Placement>,
}

/// Where a piece is at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Position {
    /// On the map.
    Hex(Hex),
    /// Off the map (Vercingetorix's troops).
    OffMap,
}

/// Every piece's starting position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deployment {
    /// Combat units.
    pub units: BTreeMap<UnitId, Position>,
    /// Eagles (standard version).
    pub eagles: BTreeMap<UnitId, Position>,
    /// Leaders.
    pub leaders: BTreeMap<String, Position>,
}

/// Something wrong with a deployment.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// A piece of the scenario is not deployed.
    #[error("units and deployment: {0} is not deployed")]
    Missing(String),
    /// A piece is deployed that the scenario does not use.
    #[error("units and deployment: {0} does not take part in this scenario")]
    NotInScenario(String),
    /// A piece is outside its placement's zone.
    #[error("units and deployment: {piece} at {at} is outside its zone ({placement}: {note})")]
    OutOfZone {
        /// The piece.
        piece: String,
        /// Where it is.
        at: String,
        /// Its placement.
        placement: String,
        /// The printed words.
        note: String,
    },
    /// Too many combat units in a hex.
    #[error(
        "units and deployment: {at} holds {count} units, more than {limit} (the limits on units per hex)"
    )]
    Overstacked {
        /// The hex.
        at: String,
        /// Units there.
        count: usize,
        /// The limit.
        limit: u8,
    },
    /// Fewer units than a placement's minimum.
    #[error("units and deployment: {placement} has {count} units, fewer than {needed}")]
    TooFew {
        /// The placement.
        placement: String,
        /// Units placed.
        count: usize,
        /// The printed minimum.
        needed: u8,
    },
    /// An eagle not stacked with a unit of its legion.
    #[error("units and deployment: {0} is not with a cohort of its legion")]
    EagleAlone(String),
}

/// Why a scenario could not be loaded or deployed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScenarioError {
    /// A data file's problems.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A zone too small for its placement's units.
    #[error("units and deployment: {placement} has {units} units for {capacity} places")]
    ZoneTooSmall {
        /// The placement.
        placement: String,
        /// Units to place.
        units: usize,
        /// Places in the zone.
        capacity: usize,
    },
}

/// An embedded scenario, loaded once on the embedded map and counters.
///
/// # Errors
/// The embedded files' problems (only if one was edited wrongly).
pub fn scenario(id: ScenarioId) -> Result<&'static Scenario, ScenarioError> {
    static S: [OnceLock<Result<Scenario, ScenarioError>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match id {
        ScenarioId::Standard => &S[0],
        ScenarioId::Alternative => &S[1],
    };
    slot.get_or_init(|| {
        let board = map::board()?;
        let mix = counters::counters()?;
        let (file, text) = id.file();
        load_scenario(file, text, board, mix)
    })
    .as_ref()
    .map_err(Clone::clone)
}

impl Deployment {
    /// The same deployment for the simplified version, which deploys "as in
    /// the standard version of the module, but without the Aquilae".
    #[must_use]
    pub fn without_eagles(&self) -> Deployment {
        Deployment { eagles: BTreeMap::new(), ..self.clone() }
    }

    /// The combat units on the map, for [`crate::victory::Situation::on_map`].
    #[must_use]
    pub fn on_map(&self) -> Vec<(UnitId, Hex)> {
        self.units
            .iter()
            .filter_map(|(id, p)| match p {
                Position::Hex(h) => Some((id.clone(), *h)),
                Position::OffMap => None,
            })
            .collect()
    }
}
