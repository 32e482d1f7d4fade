//! The family's rules as they stand, with no game's changes: [`Spqr`], the
//! game the engine's own tests play, on a small reconstructed test field.

use gboh_core::data::DataError;
use serde::{Deserialize, Serialize};

use crate::game::StandardGame;
use crate::state::{Field, Scenario};

/// The standard series with no changes (SPQR 4th edition's rules as
/// summarised in reference/standard-family-rules.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct Spqr;

/// The scenarios of [`Spqr`]: `(name, file, text, map file, map text)`.
pub const SCENARIOS: [(&str, &str, &str, &str, &str); 8] = [
    (
        "Skirmish",
        "data/standard/scenarios/skirmish.ron",
        include_str!("../data/standard/scenarios/skirmish.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Stacks",
        "data/standard/scenarios/stacks.ron",
        include_str!("../data/standard/scenarios/stacks.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Duel",
        "data/standard/scenarios/duel.ron",
        include_str!("../data/standard/scenarios/duel.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Replacements",
        "data/standard/scenarios/replacements.ron",
        include_str!("../data/standard/scenarios/replacements.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Phalanx",
        "data/standard/scenarios/phalanx.ron",
        include_str!("../data/standard/scenarios/phalanx.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Depth",
        "data/standard/scenarios/depth.ron",
        include_str!("../data/standard/scenarios/depth.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Tribunes",
        "data/standard/scenarios/tribunes.ron",
        include_str!("../data/standard/scenarios/tribunes.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Proconsuls",
        "data/standard/scenarios/proconsuls.ron",
        include_str!("../data/standard/scenarios/proconsuls.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
];

/// SPQR 9.5: the phalanxes the test scenario "Depth" lists for double depth
/// (Reconstructed, as the scenario is; "eligible units are listed in the
/// scenario specific rules"): `(scenario, unit id)`.
pub const DOUBLE_DEPTH: [(&str, &str); 2] = [("Depth", "PH-1"), ("Depth", "PH-2")];

impl StandardGame for Spqr {
    type Event = ();
    const RULEBOOK: &'static str = "SPQR 4th edition, living rules (Oct 2022)";

    fn double_depth_eligible(&self, field: &Field, unit: usize) -> bool {
        field.def(unit).is_some_and(|d| {
            DOUBLE_DEPTH.iter().any(|&(s, id)| s == field.scenario.name && id == d.id.as_str())
        })
    }

    fn scenario(name: &str) -> Result<Scenario, DataError> {
        match SCENARIOS.iter().find(|s| s.0 == name) {
            Some((_, file, text, map_file, map_text)) => {
                Scenario::from_ron(file, text, map_file, map_text)
            }
            None => Err(DataError {
                file: name.to_owned(),
                problems: vec![gboh_core::data::Problem {
                    pos: None,
                    item: name.to_owned(),
                    message: "no such scenario".to_owned(),
                }],
            }),
        }
    }
}
