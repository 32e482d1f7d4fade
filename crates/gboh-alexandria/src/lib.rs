//! gboh-alexandria: *Caesar in Alexandria* (GBoH volume IX): the board, the
//! counters and the scenarios as data, with queries and a picture.
//!
//! ```
//! use gboh_alexandria::{counters, map, scenario};
//! let alexandria = map::alexandria()?;
//! let mix = counters::counters()?;
//! // 4.52 example: Ganymedes may try to seize the turn five times, on 0-3.
//! let ganymedes = mix.leader("Ganymedes").unwrap();
//! assert_eq!((ganymedes.seizure, ganymedes.initiative), (Some(5), 3));
//! // Every scenario deploys legally on the map.
//! for id in scenario::ScenarioId::ALL {
//!     let s = scenario::scenario(id)?;
//!     assert!(s.check(alexandria, mix).is_empty());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate holds, as validated RON with provenance on every value
//! (docs/data-provenance.md, "Alexandria"):
//! - [`map`]: the reconstructed map, hexes outside the city and the city's
//!   Points and Blocks as nodes of the core board's graph, with the place
//!   graph's queries (`data/alexandria/map.ron`, `city.ron`);
//! - [`counters`]: leaders, land units and galleys (`data/alexandria/counters.ron`);
//! - [`scenario`]: the three scenarios' deployments and victory conditions
//!   (`data/alexandria/scenarios.ron`);
//! - [`picture`]: an SVG of the map that draws the city as a city.
//! - [`fleet`]: the galleys (5.4x movement, reconstructed ram, rake, grapple,
//!   boarding and fire, the Fleet Status Phase) with `actions`/`apply`, a bot
//!   and the Naval Battle driver (`data/alexandria/fleet.ron`).
//!
//! - [`play`]: the land game on the simple-family engine (activation,
//!   Command Range, Turn Seizure, movement through Points and Blocks, land
//!   combat, the main game's victory and exhaustion, bots, narration).
//!
//! Galleys are the fleet's (issue 17, under way).
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

pub mod counters;
pub mod fleet;
pub mod map;
pub mod picture;
pub mod play;
pub mod scenario;

/// The rulebook this crate implements.
pub const RULEBOOK: &str = "Caesar in Alexandria (extract)";

/// The embedded data files, by path (for tests and tools that check them all).
pub const DATA_FILES: [(&str, &str); 5] = [
    (map::MAP_FILE, map::MAP_RON),
    (map::CITY_FILE, map::CITY_RON),
    (counters::COUNTERS_FILE, counters::COUNTERS_RON),
    (scenario::SCENARIOS_FILE, scenario::SCENARIOS_RON),
    (fleet::tables::FLEET_FILE, fleet::tables::FLEET_RON),
];
