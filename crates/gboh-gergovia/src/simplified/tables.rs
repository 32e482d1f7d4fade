//! The simplified version's combat tables, none printed by the seed: the
//! Shock Table, the weapon systems matrix, the missile table and the leader
//! casualty checks, each a RON file in `data/gergovia/` reconstructed from
//! Alesia's (the simple family's nearest published mechanism), with the
//! towers' printed scorpion range (10.1).

use gboh_core::data::DataError;
use gboh_core::unit::UnitType;
pub use gboh_simple::tables::{Check, CombatTables as Tables, MissileColumn};
use gboh_simple::tables::{CombatFiles, Complete};

/// The Shock Table's file.
pub const SHOCK_FILE: &str = "data/gergovia/simplified-shock.ron";
/// Its text.
pub const SHOCK_RON: &str = include_str!("../../data/gergovia/simplified-shock.ron");
/// The weapon systems matrix's file.
pub const WEAPONS_FILE: &str = "data/gergovia/simplified-weapon-systems.ron";
/// Its text.
pub const WEAPONS_RON: &str = include_str!("../../data/gergovia/simplified-weapon-systems.ron");
/// The missile table's file.
pub const MISSILE_FILE: &str = "data/gergovia/simplified-missile.ron";
/// Its text.
pub const MISSILE_RON: &str = include_str!("../../data/gergovia/simplified-missile.ron");
/// The die checks' file.
pub const CHECKS_FILE: &str = "data/gergovia/simplified-checks.ron";
/// Its text.
pub const CHECKS_RON: &str = include_str!("../../data/gergovia/simplified-checks.ron");

/// The types that shock in the simplified version (Gergovia's counters).
pub const SHOCK_TYPES: [UnitType; 5] =
    [UnitType::CO, UnitType::BI, UnitType::LI, UnitType::LN, UnitType::SK];

/// The embedded files.
const FILES: CombatFiles<'static> = CombatFiles {
    shock: (SHOCK_FILE, SHOCK_RON),
    weapons: (WEAPONS_FILE, WEAPONS_RON),
    missile: (MISSILE_FILE, MISSILE_RON),
    checks: (CHECKS_FILE, CHECKS_RON),
};

/// What the tables must hold: a weapon systems row and column for every
/// type that shocks (7.3), a missile column for each missile (10.1: the
/// scorpions').
const COMPLETE: Complete<'static> =
    Complete { shock_types: &SHOCK_TYPES, weapons_section: "7.3", missile_section: "10.1" };

/// Loads the four tables from their texts (`(file, text)` pairs, shock,
/// weapons, missile, checks).
///
/// # Errors
/// The first file's problems, each with `file:line:column: item: message`.
pub fn load_tables(
    shock: (&str, &str),
    weapons: (&str, &str),
    missile: (&str, &str),
    checks: (&str, &str),
) -> Result<Tables, DataError> {
    Tables::load(CombatFiles { shock, weapons, missile, checks }, COMPLETE)
}

/// Loads one of the simplified version's data files by its path (a
/// checker's entry point: `data/gergovia/simplified-*.ron`).
///
/// # Errors
/// The file's problems, or an error naming a path that is none of them.
pub fn load_file(file: &str, text: &str) -> Result<(), DataError> {
    load_as(file, file, text)
}

/// Loads `text` as the simplified version's data file `which` (its path
/// under `data/`, or its file name), reporting problems under `file` (what
/// the user calls it: an edited copy elsewhere, `... (embedded)`).
///
/// # Errors
/// The file's problems, or an error naming a path that is none of them.
pub fn load_as(which: &str, file: &str, text: &str) -> Result<(), DataError> {
    if let Some(files) = FILES.replacing(which, file, text) {
        Tables::load(files, COMPLETE).map(|_| ())
    } else if super::terrain::TERRAIN_FILE.rsplit('/').next() == which.rsplit('/').next() {
        super::terrain::load_terrain_table(file, text).map(|_| ())
    } else {
        let mut p = gboh_core::data::Problems::new(file, text);
        p.item(file, "not a data file of the simplified version");
        p.finish(())
    }
}

/// The embedded tables, parsed once.
///
/// # Errors
/// The embedded files' problems.
pub fn tables() -> Result<&'static Tables, DataError> {
    static T: std::sync::OnceLock<Result<Tables, DataError>> = std::sync::OnceLock::new();
    T.get_or_init(|| Tables::load(FILES, COMPLETE)).as_ref().map_err(Clone::clone)
}
