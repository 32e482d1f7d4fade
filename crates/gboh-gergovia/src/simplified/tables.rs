//! The simplified version's combat tables, none printed by the seed: the
//! Shock Table, the weapon systems matrix, the missile table and the leader
//! casualty checks, each a RON file in `data/gergovia/` reconstructed from
//! Alesia's (the simple family's nearest published mechanism), with the
//! towers' printed scorpion range (10.1).

use gboh_core::data::DataError;
use gboh_core::table::{CheckTable, DrmMatrix, LoadTable, RollTable, ShockResult, ThresholdTable};
use gboh_core::unit::UnitType;

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

gboh_core::table_key! {
    /// A column of the missile table.
    pub enum MissileColumn: "unknown missile column" {
        /// Arrows.
        Arrow = "A",
        /// Javelins (pila, darts).
        Javelin = "J",
        /// The towers' scorpions (10.1).
        Scorpio = "Scorpio",
    }
}

gboh_core::table_key! {
    /// The simplified version's die checks.
    pub enum Check: "unknown check" {
        /// A leader stacked with a unit in shock.
        ShockLeaderCasualty = "ShockLeaderCasualty",
        /// A leader in a hex fired at.
        MissileLeaderCasualty = "MissileLeaderCasualty",
    }
}

/// Every table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// The Shock Table.
    pub shock: RollTable<ShockResult>,
    /// The weapon systems matrix.
    pub weapons: DrmMatrix<UnitType, UnitType>,
    /// The missile table.
    pub missile: ThresholdTable<MissileColumn>,
    /// The leader casualty checks.
    pub checks: CheckTable<Check>,
}

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
    let shock = RollTable::from_ron(shock.0, shock.1)?;
    let weapons = DrmMatrix::from_ron_checked(weapons.0, weapons.1, |m, report| {
        for t in SHOCK_TYPES {
            if !m.attackers().contains(&t) {
                report.at_field(t.to_string(), "rows", 0, format!("7.3: no row for attacker {t}"));
            }
            if !m.defenders().contains(&t) {
                report.at_field(t.to_string(), "defenders", 0, format!("7.3: no column for {t}"));
            }
        }
    })?;
    let missile = ThresholdTable::from_ron_checked(missile.0, missile.1, |t, report| {
        for k in MissileColumn::ALL.iter().filter(|&k| t.column(k).is_none()) {
            report.at_field(k.to_string(), "columns", 0, format!("10.1: no column for {k}"));
        }
    })?;
    let checks = CheckTable::from_ron(checks.0, checks.1)?;
    Ok(Tables { shock, weapons, missile, checks })
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
    let name = which.rsplit('/').next().unwrap_or(which);
    let named = |path: &str| path.rsplit('/').next() == Some(name);
    if named(SHOCK_FILE) {
        RollTable::<ShockResult>::from_ron(file, text).map(|_| ())
    } else if named(WEAPONS_FILE) {
        load_tables(
            (SHOCK_FILE, SHOCK_RON),
            (file, text),
            (MISSILE_FILE, MISSILE_RON),
            (CHECKS_FILE, CHECKS_RON),
        )
        .map(|_| ())
    } else if named(MISSILE_FILE) {
        load_tables(
            (SHOCK_FILE, SHOCK_RON),
            (WEAPONS_FILE, WEAPONS_RON),
            (file, text),
            (CHECKS_FILE, CHECKS_RON),
        )
        .map(|_| ())
    } else if named(CHECKS_FILE) {
        CheckTable::<Check>::from_ron(file, text).map(|_| ())
    } else if named(super::terrain::TERRAIN_FILE) {
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
    T.get_or_init(|| {
        load_tables(
            (SHOCK_FILE, SHOCK_RON),
            (WEAPONS_FILE, WEAPONS_RON),
            (MISSILE_FILE, MISSILE_RON),
            (CHECKS_FILE, CHECKS_RON),
        )
    })
    .as_ref()
    .map_err(Clone::clone)
}
