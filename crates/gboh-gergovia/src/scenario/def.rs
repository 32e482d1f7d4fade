//! The raw scenario file: serde definitions that mirror
//! `data/gergovia/scenarios/*.ron` ([`super::load_scenario`] validates
//! them into a [`super::Scenario`]; rules code never reads these).

use gboh_core::Side;
use gboh_core::data::Provenance;
use serde::Deserialize;

/// Which units a placement takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum UnitsDef {
    /// Every unit (and eagle) of these formations.
    Formations(Vec<String>),
    /// At least this many units of a formation.
    AtLeast(String, u8),
    /// The units of a formation that no `AtLeast` takes.
    Rest(String),
    /// No combat unit (a leader alone).
    None,
}

/// Where a placement goes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum ZoneDef {
    /// The listed labels; "A-B" is the row of hexes from A to B in one column.
    Hexes(Vec<String>),
    /// An area of the map.
    Area(String),
    /// Within n hexes of a label.
    Within(u8, String),
    /// In or adjacent to a hex holding a unit of these formations.
    WithOrAdjacent(Vec<String>),
    /// Wooded hexes north of and including hexrow 4300.
    NorthernWoods,
    /// Off the map, entering at this area.
    OffMap(String),
}

/// One placement as written.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementDef {
    /// Name.
    pub name: String,
    /// Whose units.
    pub side: Side,
    /// Which units.
    pub units: UnitsDef,
    /// Which leaders.
    pub leaders: Vec<String>,
    /// Where.
    pub zone: ZoneDef,
    /// Combat units a hex may hold.
    pub per_hex: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// Units and leaders left out.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcludedDef {
    /// Formations left out (with their eagles).
    pub formations: Vec<String>,
    /// Leaders left out.
    pub leaders: Vec<String>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// The earliest turn Vercingetorix's troops may enter, per version.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryTurn {
    /// Standard version.
    pub standard: u8,
    /// Simplified version.
    pub simplified: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// The hidden-placement option (Gallic Starting Deployment \[b\]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenPlacement {
    /// Whether the option exists.
    pub available: bool,
    /// The placements whose positions may be written down secretly.
    pub placements: Vec<String>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// Facing at deployment.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingRule {
    /// Whether units may face in any direction.
    pub any: bool,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Id ("standard").
    pub id: String,
    /// Name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// What is left out.
    pub excluded: ExcludedDef,
    /// Vercingetorix's earliest entry turn.
    pub vercingetorix_entry: EntryTurn,
    /// Hidden placement.
    pub hidden_placement: HiddenPlacement,
    /// Facing.
    pub facing: FacingRule,
    /// The placements.
    pub placements: Vec<PlacementDef>,
}
