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
    /// Tribal Counters in any one of those Areas".
    pub counters_per_activation: u8,
    /// 12.1 special rule 2: routed units are eliminated instead.
    pub routed_are_eliminated: bool,
    /// 12.1: Romans never voluntarily move closer than this to an outside map
    /// edge.
    pub roman_edge_distance: Option<u8>,
    /// Publisher's ruling on 12.1: Roman cavalry stays in its camps.
    pub cavalry_restricted_to_camps: bool,
}
