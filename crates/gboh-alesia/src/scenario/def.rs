//! Raw definitions: serde types that mirror a scenario file
//! (`data/alesia/scenarios/*.ron`) field for field.
//!
//! Every struct denies unknown fields. Rules code never touches these: they
//! become a validated [`Scenario`](super::Scenario) through
//! [`Scenario::load`](super::Scenario::load), which reports every problem with
//! its file, line, column and item. The files enable RON's `implicit_some`, so
//! an optional `note` is written bare (`note: "..."`) or left out.
//!
//! Every item carries its own `provenance` (`Printed("12.1")` for what the
//! rulebook prints, `Reconstructed` for what we supplied) and, where it helps,
//! a `note` saying how and why.

use crate::leader::Rank;
use gboh_core::data::Provenance;
use serde::{Deserialize, Serialize};

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Short id, as the example's `--scenario` flag spells it (`final-assault`).
    pub id: String,
    /// The scenario's title.
    pub name: String,
    /// The rule section that prints it (`12.1`).
    pub rule: String,
    /// Where the scenario as a whole comes from.
    pub provenance: Provenance,
    /// For a scenario whose printed text is cut short: what it was completed from.
    #[serde(default)]
    pub completed_from: Option<CompletionDef>,
    /// The maps used.
    pub maps: Vec<MapUseDef>,
    /// The Roman forces.
    pub roman: RomanForcesDef,
    /// The deployment rules, in the order the rulebook gives them.
    pub deployment: Vec<DeploymentRuleDef>,
    /// The Gallic forces.
    pub gauls: GallicForcesDef,
    /// Special rules.
    pub special_rules: Vec<SpecialRuleDef>,
    /// Optional play policies the rulebook defines.
    #[serde(default)]
    pub policies: Vec<PolicyDef>,
}

/// 12.2's text ends early: which scenario supplies the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CompletionDef {
    /// The rule section the missing items are taken from (`12.1`).
    pub rule: String,
    /// The last words of the printed text.
    pub text_ends_after: String,
    /// What was done, item by item.
    pub note: String,
}

/// One map a scenario uses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapUseDef {
    /// Map id: `West` (the East map is not reconstructed).
    pub map: String,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// A value with its source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ValueDef<T> {
    /// The value.
    pub value: T,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// The Roman forces and their restrictions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomanForcesDef {
    /// The legions (2.23): how many, with what.
    pub legions: LegionsDef,
    /// Units outside the legions, by type.
    pub units: Vec<UnitCountDef>,
    /// Leaders, by name or by rank.
    pub leaders: Vec<LeaderPickDef>,
    /// Reinforcements (none in 12.1).
    pub reinforcements: ValueDef<Vec<UnitCountDef>>,
    /// The choice the deployment generator makes when the player does not.
    pub default_choice: DefaultChoiceDef,
}

/// "Six Legions (his choice), with Legates, Scorpiones and Aquilae".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegionsDef {
    /// How many legions.
    pub count: u8,
    /// With their Legates (4.24).
    pub legates: bool,
    /// With their Scorpiones (8.51).
    pub scorpiones: bool,
    /// With their Aquilae (10.8).
    pub aquilae: bool,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// `count` units of one type, from one contingent or from any.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCountDef {
    /// Unit type abbreviation (2.22): LI, AR, GC, LC, Palintonos, ...
    #[serde(rename = "type")]
    pub unit_type: String,
    /// How many.
    pub count: u8,
    /// The contingent (`roman.ron`) they come from, if the rule names it.
    #[serde(default)]
    pub from: Option<String>,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// Which leaders: one by name, or a number of one rank.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum LeaderWhoDef {
    /// A named leader (`Named("Caesar")`).
    Named(String),
    /// `count` leaders of a rank, the player's choice (`Rank(AreaCommander, 1)`).
    Rank(Rank, u8),
}

/// A leader requirement.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderPickDef {
    /// Who.
    pub who: LeaderWhoDef,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// The generator's default picks among the player's choices.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefaultChoiceDef {
    /// The legions, ids from `roman.ron`, in the order the generator lays them
    /// along the rampart (first at its first end).
    pub legions: Vec<String>,
    /// The legion the generator puts in the infantry camp, if the scenario asks
    /// for one.
    #[serde(default)]
    pub camp_legion: Option<String>,
    /// Leader ids for every `Rank` requirement, in the order of `leaders`.
    pub leaders: Vec<String>,
    /// Source (the player chooses, so `Reconstructed`).
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// One deployment rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeploymentRuleDef {
    /// The rule.
    pub rule: DeploymentRuleKindDef,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// The kinds of deployment rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum DeploymentRuleKindDef {
    /// Every Roman piece inside the vallations (6.41), cavalry in its camps excepted.
    InsideVallations,
    /// No Roman piece north of these hexes: labels (`W5815`) or straight rows
    /// (`W5915-W5918`).
    NotNorthOf(Vec<String>),
    /// Every rampart hex of `area` (the walkway from `from` to `to`) holds a
    /// Roman combat unit other than artillery, or is adjacent to one.
    RampartCovered {
        /// The map area.
        area: String,
        /// First end, a label.
        from: String,
        /// Last end, a label.
        to: String,
    },
    /// 6.68 at deployment: no two Roman infantry in adjacent rampart hexes.
    NoAdjacentRampartInfantry,
    /// A legion's scorpio within this many hexes of a cohort of its legion.
    ScorpioNearLegion(u8),
    /// Roman cavalry only in these areas (the cavalry camps).
    CavalryInCamps(Vec<String>),
    /// At least `legions` legions with every cohort inside `area`.
    LegionInCamp {
        /// The map area.
        area: String,
        /// A label the rule names the camp by (`c.W5022`), inside the area.
        near: String,
        /// How many legions.
        legions: u8,
        /// Whether those legions' scorpiones may be placed anywhere.
        scorpio_anywhere: bool,
    },
    /// 6.61 stacking (and 6.65 facing in a stack, 8.57, 6.44) at deployment.
    Stacking,
}

/// The edge of the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MapEdge {
    /// Row 01.
    West,
    /// The last row of each column.
    East,
    /// Column 01.
    South,
    /// The last column.
    North,
}

/// The Gallic forces.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GallicForcesDef {
    /// The cap on the Relief Force's Tribal and Cavalry Counters, in Size Points.
    pub size_points: ValueDef<u32>,
    /// Whether the Gauls get every unit of the tribes they take.
    pub all_units: ValueDef<bool>,
    /// The Entry Areas the relief may use (map area names).
    pub entry_areas: ValueDef<Vec<String>>,
    /// How many Tribal Counters may be placed in one area per activation
    /// (12.1's own entry rule). Absent: the general rules of Gallic Assault
    /// Planning and Placement (5.3-5.4).
    #[serde(default)]
    pub counters_per_activation: Option<ValueDef<u8>>,
    /// Where and with whom the Alesia Force comes in.
    pub alesia_force: ValueDef<AlesiaForceDef>,
    /// Leaders not used.
    pub unused_leaders: ValueDef<Vec<String>>,
    /// The counters the generator puts in the relief pool when the Gallic
    /// player does not choose (ids from `gallic.ron`).
    pub default_relief: ValueDef<Vec<String>>,
}

/// The Alesia Force's entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlesiaForceDef {
    /// Its leader.
    pub leader: String,
    /// Where it waits, off the map.
    pub off_map: MapEdge,
    /// The map area it enters through.
    pub entry: String,
}

/// A special rule of a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialRuleDef {
    /// The rule.
    pub rule: SpecialRule,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// The special rules a scenario may set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum SpecialRule {
    /// The number of Assault Periods (3.0 E).
    AssaultPeriods(u8),
    /// Routed units are eliminated instead (12.1 special rule 2).
    RoutedEliminated,
    /// Roman units may never voluntarily move closer than this many hexes to
    /// an outside map edge (12.1).
    RomanEdgeDistance(u8),
    /// Roman cavalry stays in its camps (publisher's ruling on 12.1).
    CavalryRestrictedToCamps,
}

/// An optional play policy the rulebook defines.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PolicyDef {
    /// The policy.
    pub policy: Policy,
    /// Whether players choose to use it ("we suggest").
    pub optional: bool,
    /// Source.
    pub provenance: Provenance,
    /// Explanation.
    #[serde(default)]
    pub note: Option<String>,
}

/// Policies a scenario offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Policy {
    /// 12.1 Gallic Aggression: emerging BI must attack the nearest Roman units
    /// or ramparts not already attacked, as quickly as possible.
    GallicAggression,
}
