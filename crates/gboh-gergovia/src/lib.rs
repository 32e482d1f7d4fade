//! gboh-gergovia: *Gergovia* (GBoH module for *Caesar: Conquest of Gaul*):
//! the data both versions of the battle share.
//!
//! ```
//! use gboh_gergovia::{counters, map, scenario, victory};
//! let board = map::board()?;
//! let mix = counters::counters()?;
//! let standard = scenario::scenario(scenario::ScenarioId::Standard)?;
//! // Every unit placed as "Units and Deployment" prints, legally.
//! let deployment = standard.default_deployment(board, mix)?;
//! assert!(standard.check(board, mix, &deployment).is_empty());
//! // Nothing has happened yet: no victory points.
//! let vp = victory::victory()?;
//! let tally = vp.count(victory::Version::Standard, board, mix, &victory::Situation::default())?;
//! assert_eq!((tally.rome.total, tally.gaul.total), (0, 0));
//! assert_eq!((vp.standard.rome.threshold.value, vp.standard.gaul.threshold.value), (35, 25));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The rulebook offers two ways to play the same battle: the standard
//! version on the rules of *Caesar: Conquest of Gaul* and the "Simplified
//! GBoH Version". This crate holds what both share, as validated RON with
//! provenance on every value (docs/data-provenance.md):
//! - [`map`]: the reconstructed map (`data/gergovia/map.ron`);
//! - [`counters`]: the combat units and leaders (`data/gergovia/counters/`);
//! - [`scenario`]: the standard and the alternative deployment, with hidden
//!   placement as an option (`data/gergovia/scenarios/`);
//! - [`victory`]: the victory points as printed, counted from a
//!   [`Situation`](victory::Situation) (`data/gergovia/victory.ron`);
//! - [`fortifications`]: the printed figures of the camps, towers and town
//!   wall (`data/gergovia/fortifications.ron`);
//! - [`picture`]: an SVG of the map with a deployment, and of a battle as
//!   one side is shown it ([`picture::battle_for`]).
//!
//! The standard version is played on the standard-family engine
//! ([`gboh_standard`]): [`battle`] turns the data above into the engine's
//! battle, [`standard::Gergovia`] is the game with the hooks the module's
//! rules change (what is written and what is not: docs/rules-coverage.md,
//! "Gergovia"); [`hidden`] is Gallic Starting Deployment \[b\]'s hidden
//! placement, an option of that game.
//!
//! The simplified version is played on the simple-family engine
//! ([`gboh_simple`]): [`simplified`] (its terrain table, formation tables,
//! special rules and state, `gboh_simple::Battle<simplified::GergoviaSimplified>`).
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

pub mod auxiliaries;
pub mod battle;
pub mod camp;
pub mod commands;
pub mod counters;
pub mod eagles;
pub mod fire;
pub mod fortifications;
pub mod hidden;
pub mod impetuosity;
pub mod leader_moves;
pub mod map;
pub mod melee;
pub mod movement;
pub mod picture;
pub mod reinforcements;
pub mod rout;
pub mod scenario;
pub mod scorpions;
pub mod sight;
pub mod simplified;
pub mod standard;
pub mod tournament;
pub mod victory;
pub mod walls;

/// The rulebook this crate implements.
pub const RULEBOOK: &str = "Gergovia (GBoH module)";

/// The embedded data files, by path (for tests and tools that check them all).
pub const DATA_FILES: [(&str, &str); 14] = [
    (map::MAP_FILE, map::MAP_RON),
    (counters::ROMAN_FILE, counters::ROMAN_RON),
    (counters::GALLIC_FILE, counters::GALLIC_RON),
    (counters::LEADERS_FILE, counters::LEADERS_RON),
    (scenario::STANDARD_FILE, scenario::STANDARD_RON),
    (scenario::ALTERNATIVE_FILE, scenario::ALTERNATIVE_RON),
    (victory::VICTORY_FILE, victory::VICTORY_RON),
    (fortifications::FORTIFICATIONS_FILE, fortifications::FORTIFICATIONS_RON),
    (movement::MOVEMENT_FILE, movement::MOVEMENT_RON),
    (simplified::terrain::TERRAIN_FILE, simplified::terrain::TERRAIN_RON),
    (simplified::tables::SHOCK_FILE, simplified::tables::SHOCK_RON),
    (simplified::tables::WEAPONS_FILE, simplified::tables::WEAPONS_RON),
    (simplified::tables::MISSILE_FILE, simplified::tables::MISSILE_RON),
    (simplified::tables::CHECKS_FILE, simplified::tables::CHECKS_RON),
];
