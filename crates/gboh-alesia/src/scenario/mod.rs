//! 12.0 The Scenarios: 12.1 The Final Assault and 12.2 the Historical
//! Scenario, as data; the Roman deployment (generator and validator); and the
//! geometry of Gallic Tribal Counter placement (5.45).
//!
//! ```
//! use gboh_alesia::game::{AlesiaField, Setup};
//! use gboh_alesia::scenario::{Scenario, validate_deployment};
//!
//! let scenario = Scenario::final_assault()?;
//! assert_eq!(scenario.rule, "12.1");
//! assert_eq!(scenario.assault_periods(), 1);
//! let game = scenario.initial_game(Setup::shared()?)?;
//! // The Romans are deployed by every rule of 12.1; the Gauls are off the map.
//! assert!(validate_deployment(&game.field, scenario).is_empty());
//! assert!(game.field.counters().iter().all(|c| c.at.is_none()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! - [`def`]: the raw RON types; [`Scenario::load`] validates them against a
//!   counter mix and a map, collecting every problem (file, line, column, item).
//! - [`Scenario`]: maps, Roman forces, deployment rules, Gallic forces,
//!   special rules and policies, each item with its provenance.
//! - [`ForceChoice`]: which legions, auxiliaries, cavalry and leaders the Roman
//!   player uses; [`Scenario::deploy`] places them by every deployment rule;
//!   [`validate_deployment`] reports every violation with its rule (also for
//!   5.5 redeployment).
//! - [`placement`]: where a Tribal Counter may be placed (5.45).
//! - [`Scenario::roman_may_enter`]: 12.1's "never voluntarily closer than three
//!   hexes to an outside map edge".

pub mod def;
mod deploy;
mod forces;
mod geometry;
mod initial;
mod load;
pub mod placement;
mod violation;
mod violations;

pub use def::{MapEdge, Policy, SpecialRule};
pub use forces::ForceChoice;
pub use geometry::{
    distances_from, edge_distance, edges_of, facing_toward, facing_toward_outside, north_of,
    open_outside, walkway_order,
};
pub use initial::ReliefPool;
pub use violations::{DeploymentViolation, Piece, ViolationKind, validate_deployment};

use crate::map::Board;
use core::fmt;
use core::str::FromStr;
use std::sync::OnceLock;

use gboh_core::data::{DataError, Provenance};
use gboh_core::leader::{LeaderId, Rank};
use gboh_core::unit::UnitType;
use hexx::Hex;

use crate::counters::CounterMix;

/// The name the embedded 12.1 file reports errors under.
pub const FINAL_ASSAULT_FILE: &str = "data/alesia/scenarios/final-assault.ron";
/// The text of the embedded 12.1 file.
pub const FINAL_ASSAULT_RON: &str = include_str!("../../data/alesia/scenarios/final-assault.ron");
/// The name the embedded 12.2 file reports errors under.
pub const HISTORICAL_FILE: &str = "data/alesia/scenarios/historical.ron";
/// The text of the embedded 12.2 file.
pub const HISTORICAL_RON: &str = include_str!("../../data/alesia/scenarios/historical.ron");

/// The maps a scenario may name: only the West map is reconstructed.
pub const KNOWN_MAPS: [&str; 1] = ["West"];

/// One item of a scenario and where it comes from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ScenarioItem<T> {
    /// The value.
    pub value: T,
    /// `Printed("12.1")`, or `Reconstructed` with a note.
    pub provenance: Provenance,
    /// How and why, for anything not printed.
    pub note: Option<String>,
}

/// Which leaders a scenario requires.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum LeaderRequirement {
    /// This leader.
    Named(LeaderId),
    /// This many Roman leaders of a rank, the player's choice.
    Rank(Rank, u8),
}

/// `count` Roman units of a type outside the legions.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct UnitRequirement {
    /// Unit type.
    pub unit_type: UnitType,
    /// How many.
    pub count: u8,
    /// The contingent they come from, when the rule names it.
    pub from: Option<String>,
}

/// The legions a scenario requires.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LegionRequirement {
    /// How many.
    pub count: u8,
    /// With their Legates.
    pub legates: bool,
    /// With their Scorpiones.
    pub scorpiones: bool,
    /// With their Aquilae (not yet tracked on the battlefield).
    pub aquilae: bool,
}

/// The generator's default picks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DefaultChoice {
    /// Legion ids, laid along the rampart in this order.
    pub legions: Vec<String>,
    /// The legion put in the infantry camp.
    pub camp_legion: Option<String>,
    /// Leader ids for the `Rank` requirements, in order.
    pub leaders: Vec<LeaderId>,
}

/// The Roman side of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RomanForces {
    /// The legions.
    pub legions: ScenarioItem<LegionRequirement>,
    /// Units outside the legions.
    pub units: Vec<ScenarioItem<UnitRequirement>>,
    /// Leaders besides the Legates.
    pub leaders: Vec<ScenarioItem<LeaderRequirement>>,
    /// Reinforcements.
    pub reinforcements: ScenarioItem<Vec<UnitRequirement>>,
    /// The generator's default picks.
    pub default_choice: ScenarioItem<DefaultChoice>,
}

/// A deployment rule, validated against the map.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum DeploymentRule {
    /// 12.1: "all inside the vallations" (6.41); cavalry in its camps excepted.
    InsideVallations,
    /// 12.1: no Roman piece north of these hexes.
    NotNorthOf {
        /// The hexes, as listed.
        hexes: Vec<Hex>,
    },
    /// 12.1: every rampart hex of the area occupied by a Roman combat unit
    /// other than artillery, or adjacent to one.
    RampartCovered {
        /// The map area.
        area: String,
        /// One end of its walkway.
        from: Hex,
        /// The other end.
        to: Hex,
    },
    /// 12.0 clarification, 6.68: no two Roman infantry in adjacent rampart hexes.
    NoAdjacentRampartInfantry,
    /// 12.1: scorpiones within this many hexes of a cohort of their legion.
    ScorpioNearLegion {
        /// The greatest distance.
        hexes: u8,
    },
    /// 12.1: cavalry in the cavalry camps.
    CavalryInCamps {
        /// The camp areas.
        areas: Vec<String>,
    },
    /// 12.1: at least `legions` legions inside the camp area.
    LegionInCamp {
        /// The camp area.
        area: String,
        /// How many legions.
        legions: u8,
        /// Their scorpiones may be placed anywhere.
        scorpio_anywhere: bool,
    },
    /// 6.61 stacking, 6.65 facing, 8.57 one artillery, 6.44 no cavalry in redoubts.
    Stacking,
}

/// Where the Alesia Force waits and enters.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct AlesiaForceEntry {
    /// Its leader.
    pub leader: LeaderId,
    /// The edge it waits beyond.
    pub off_map: MapEdge,
    /// The map area it enters through.
    pub entry: String,
}

/// The Gallic side of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct GallicForces {
    /// Cap on the Relief Force's counters, in Size Points (4.42).
    pub size_points: ScenarioItem<u32>,
    /// Every unit of the tribes taken.
    pub all_units: ScenarioItem<bool>,
    /// Entry Areas the relief may use.
    pub entry_areas: ScenarioItem<Vec<String>>,
    /// Tribal Counters per area per activation (12.1's own entry rule); `None`: the general rules of 5.3-5.4.
    pub counters_per_activation: Option<ScenarioItem<u8>>,
    /// The Alesia Force's entry.
    pub alesia_force: ScenarioItem<AlesiaForceEntry>,
    /// Leaders not used.
    pub unused_leaders: ScenarioItem<Vec<LeaderId>>,
    /// The default relief pool: counter ids.
    pub default_relief: ScenarioItem<Vec<String>>,
}

/// A policy and whether it is optional.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PolicyUse {
    /// The policy.
    pub policy: Policy,
    /// Whether players choose to use it.
    pub optional: bool,
}

/// What a scenario whose printed text is cut short was completed from.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Completion {
    /// The rule section the missing items come from.
    pub rule: String,
    /// The last words printed.
    pub text_ends_after: String,
    /// What was done.
    pub note: String,
}

/// A validated scenario (12.0).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Scenario {
    /// Short id (`final-assault`).
    pub id: String,
    /// Title.
    pub name: String,
    /// Rule section (`12.1`).
    pub rule: String,
    /// Where the scenario as a whole comes from.
    pub provenance: Provenance,
    /// Set when the printed text is cut short (12.2).
    pub completed_from: Option<Completion>,
    /// Maps used.
    pub maps: Vec<ScenarioItem<String>>,
    /// Roman forces.
    pub roman: RomanForces,
    /// Deployment rules.
    pub deployment: Vec<ScenarioItem<DeploymentRule>>,
    /// Gallic forces.
    pub gauls: GallicForces,
    /// Special rules.
    pub special_rules: Vec<ScenarioItem<SpecialRule>>,
    /// Optional policies.
    pub policies: Vec<ScenarioItem<PolicyUse>>,
    /// The file it was loaded from (a game of several Assault Periods
    /// carries it, for 5.5).
    pub source: crate::protocol::ScenarioSource,
}

/// Why a scenario could not be loaded, deployed or started.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ScenarioError {
    /// The scenario file has problems.
    #[error("{0}")]
    Data(#[from] DataError),
    /// The default map or counter mix did not load.
    #[error("default data: {0}")]
    DefaultData(String),
    /// The Roman player's choice of forces does not fit the scenario.
    #[error("{rule}: {message}")]
    Choice {
        /// The rule.
        rule: String,
        /// What is wrong.
        message: String,
    },
    /// The generator could not place a piece.
    #[error("{rule}: cannot deploy: {message}")]
    Deploy {
        /// The rule.
        rule: String,
        /// What went wrong.
        message: String,
    },
    /// The finished deployment breaks rules (only with unusual data).
    #[error("the deployment breaks {} rule(s), first: {}", .0.len(), .0.first().map(ToString::to_string).unwrap_or_default())]
    Violations(Vec<DeploymentViolation>),
}

impl Scenario {
    /// Parses and validates a scenario against a counter mix and the map it
    /// will be played on.
    ///
    /// # Errors
    /// Every problem in the file, each with `file:line:column: item: message`:
    /// syntax and unknown fields; unknown maps, unit types, contingents,
    /// legions, leaders, counters, areas and labels; counts the counter mix
    /// cannot supply; a default relief over the Size Point cap; and more.
    pub fn load(
        file: &str,
        text: &str,
        mix: &CounterMix,
        board: &Board,
    ) -> Result<Scenario, DataError> {
        load::load(file, text, mix, board)
    }

    /// Parses and validates a scenario against the default counter mix and
    /// West map (an app's own scenario file).
    ///
    /// # Errors
    /// [`ScenarioError::Data`] with every problem, or
    /// [`ScenarioError::DefaultData`] if the embedded mix or map fail.
    pub fn from_ron(file: &str, text: &str) -> Result<Scenario, ScenarioError> {
        let mix =
            CounterMix::default_mix().map_err(|e| ScenarioError::DefaultData(e.to_string()))?;
        let board =
            crate::map::west_map().map_err(|e| ScenarioError::DefaultData(e.to_string()))?;
        Ok(Scenario::load(file, text, mix, board)?)
    }

    /// 12.1 The Final Assault, embedded, validated once and cached.
    ///
    /// # Errors
    /// The embedded file's problems (a test keeps it clean).
    pub fn final_assault() -> Result<&'static Scenario, ScenarioError> {
        static S: OnceLock<Result<Scenario, ScenarioError>> = OnceLock::new();
        S.get_or_init(|| Scenario::from_ron(FINAL_ASSAULT_FILE, FINAL_ASSAULT_RON))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// 12.2 Historical Scenario (completed from 12.1), embedded and cached.
    ///
    /// # Errors
    /// The embedded file's problems (a test keeps it clean).
    pub fn historical() -> Result<&'static Scenario, ScenarioError> {
        static S: OnceLock<Result<Scenario, ScenarioError>> = OnceLock::new();
        S.get_or_init(|| Scenario::from_ron(HISTORICAL_FILE, HISTORICAL_RON))
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The number of Assault Periods (3.0 E); 1 unless a special rule says.
    #[must_use]
    pub fn assault_periods(&self) -> u8 {
        self.special_rules
            .iter()
            .find_map(|r| match r.value {
                SpecialRule::AssaultPeriods(n) => Some(n),
                _ => None,
            })
            .unwrap_or(1)
    }

    /// Whether a special rule is in force.
    #[must_use]
    pub fn has_special_rule(&self, rule: SpecialRule) -> bool {
        self.special_rules.iter().any(|r| r.value == rule)
    }

    /// 12.1 special rule 2: routed units are eliminated instead.
    #[must_use]
    pub fn routed_are_eliminated(&self) -> bool {
        self.has_special_rule(SpecialRule::RoutedEliminated)
    }

    /// Publisher's ruling on 12.1: Roman cavalry stays in its camps.
    #[must_use]
    pub fn cavalry_restricted_to_camps(&self) -> bool {
        self.has_special_rule(SpecialRule::CavalryRestrictedToCamps)
    }

    /// 12.1: how close to an outside map edge Roman units may never
    /// voluntarily move, if the scenario says.
    #[must_use]
    pub fn roman_edge_distance(&self) -> Option<u8> {
        self.special_rules.iter().find_map(|r| match r.value {
            SpecialRule::RomanEdgeDistance(n) => Some(n),
            _ => None,
        })
    }

    /// 12.1: whether a Roman unit may voluntarily move from `from` into `to`:
    /// not closer than [`Scenario::roman_edge_distance`] hexes to an outside
    /// map edge ([`edge_distance`]). A unit already that close (the north
    /// cavalry camp lies there) may still move, if it does not come closer.
    #[must_use]
    pub fn roman_may_enter(&self, board: &Board, from: Hex, to: Hex) -> bool {
        let Some(limit) = self.roman_edge_distance() else {
            return true;
        };
        let limit = u32::from(limit);
        match (edge_distance(board, to), edge_distance(board, from)) {
            (None, _) => true,
            (Some(d), _) if d >= limit => true,
            (Some(d), Some(before)) => d >= before,
            (Some(_), None) => false,
        }
    }

    /// Whether the scenario offers `policy` (12.1 Gallic Aggression).
    #[must_use]
    pub fn offers(&self, policy: Policy) -> bool {
        self.policies.iter().any(|p| p.value.policy == policy)
    }

    /// The deployment rules' values, in data order.
    pub fn deployment_rules(&self) -> impl Iterator<Item = &DeploymentRule> {
        self.deployment.iter().map(|r| &r.value)
    }

    /// The rule section a deployment item cites: the printed section, or the
    /// section it was completed from, or the scenario's own.
    #[must_use]
    pub fn cite<T>(&self, item: &ScenarioItem<T>) -> String {
        match &item.provenance {
            Provenance::Printed(s) => s.clone(),
            _ => self.completed_from.as_ref().map_or_else(|| self.rule.clone(), |c| c.rule.clone()),
        }
    }
}

/// The scenarios of the rulebook (12.1, 12.2): pick one at run time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScenarioId {
    /// 12.1 The Final Assault.
    FinalAssault,
    /// 12.2 Historical Scenario.
    Historical,
}

impl ScenarioId {
    /// Every scenario, in rulebook order.
    pub const ALL: [ScenarioId; 2] = [ScenarioId::FinalAssault, ScenarioId::Historical];

    /// The id as the data file and command lines spell it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ScenarioId::FinalAssault => "final-assault",
            ScenarioId::Historical => "historical",
        }
    }

    /// The embedded scenario.
    ///
    /// # Errors
    /// The embedded file's problems.
    pub fn scenario(self) -> Result<&'static Scenario, ScenarioError> {
        match self {
            ScenarioId::FinalAssault => Scenario::final_assault(),
            ScenarioId::Historical => Scenario::historical(),
        }
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A scenario id no scenario has.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("12.0: unknown scenario {0:?} (final-assault, historical)")]
pub struct UnknownScenario(pub String);

impl FromStr for ScenarioId {
    type Err = UnknownScenario;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ScenarioId::ALL
            .into_iter()
            .find(|id| id.as_str() == s)
            .ok_or_else(|| UnknownScenario(s.to_owned()))
    }
}
