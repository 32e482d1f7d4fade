//! The rules a scenario sets for the protocol (12.1, 12.2), kept in the game
//! state so that a saved game carries them.

use serde::{Deserialize, Serialize};

use crate::game::CounterIdx;

/// What the scenario decides for the Sequence of Play and the Gallic entry.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioRules {
    /// The scenario's id (`"final-assault"`), or empty for a free setup.
    pub id: String,
    /// The Relief Force counters the Gallic player brings (12.1: at most 80
    /// Size Points), in counter order.
    pub relief: Vec<CounterIdx>,
    /// The Entry Areas the Gauls may use (12.1: III-VI), by map area name.
    pub entry_areas: Vec<String>,
    /// 12.1: "At the start of each Gallic Activation he may place up to 3
    /// Tribal Counters in any one of those Areas" (0 under the general rules).
    pub counters_per_activation: u8,
    /// How the Relief Force's counters come in: the scenario's own rule
    /// (12.1, 12.2) or the general rules of 5.3-5.4.
    #[serde(default, skip_serializing_if = "GallicEntryRules::is_per_activation")]
    pub entry_rules: GallicEntryRules,
    /// The scenario file, carried by a game of more than one Assault Period
    /// so that 5.5 redeployments can be checked against its deployment rules
    /// after a save and a load (left out otherwise).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<ScenarioSource>,
    /// 12.1 special rule 2: routed units are eliminated instead.
    pub routed_are_eliminated: bool,
    /// 12.1: Romans never voluntarily move closer than this to an outside map
    /// edge.
    pub roman_edge_distance: Option<u8>,
    /// Publisher's ruling on 12.1: Roman cavalry stays in its camps.
    pub cavalry_restricted_to_camps: bool,
}

/// A scenario file: its name and its text.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioSource {
    /// The file name errors are reported under.
    pub file: String,
    /// The RON text.
    pub text: String,
}

/// How the Relief Force's Tribal and Cavalry Counters come onto the map.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum GallicEntryRules {
    /// 12.1 (and 12.2, completed from it): no planning; at the start of each
    /// Gallic Activation up to `counters_per_activation` counters in any one
    /// Entry Area, without an arrival roll ([`super::Placement`]).
    #[default]
    PerActivation,
    /// The general rules: Gallic Assault Planning (5.31) assigns every
    /// available tribe to an Entry Area (5.43's caps), an Initial Placement
    /// Segment places up to 8 Control Points in Areas I-II (5.41), then entries
    /// of up to 5 Control Points as a whole Activation Phase, rolled on the
    /// Gallic Entry Arrival Table beyond Area II (5.32-5.35, 5.42).
    AssaultPlanning,
}

impl GallicEntryRules {
    /// Whether this is the scenario's own per-activation rule (the default,
    /// left out of saves so that 12.1 games serialize as before).
    #[must_use]
    pub fn is_per_activation(&self) -> bool {
        *self == GallicEntryRules::PerActivation
    }
}
