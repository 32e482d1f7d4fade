//! Loading each Alesia table from RON, with the checks that are Alesia's own:
//! every key the rules use has a row, and 5.33's automatic areas are automatic.

use crate::tables::{HexsideKey, MoveKey, TerrainKey};
use gboh_core::data::DataError;
use gboh_core::table::{
    Arrival, ArrivalTable, CheckTable, DrmMatrix, LoadTable, RollTable, ShockResult, ThresholdTable,
};
use gboh_core::unit::UnitType;

use super::keys::{AlesiaCheck, EntryArea, MissileColumn};

/// The unit types that shock or are shocked in Alesia (9.26, 9.27): the rows
/// and columns the Weapon System Matrix must have.
pub const SHOCK_TYPES: [UnitType; 6] = gboh_simple::rules::resolution::FAMILY_SHOCK_TYPES;

/// Loads a Missile Range and Results Table (9.41) with every column of
/// [`MissileColumn`].
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_missile(file: &str, text: &str) -> Result<ThresholdTable<MissileColumn>, DataError> {
    ThresholdTable::from_ron_checked(file, text, |t, report| {
        for k in MissileColumn::ALL.iter().filter(|&k| t.column(k).is_none()) {
            report.at_field(k.to_string(), "columns", 0, format!("9.41: no column for {k}"));
        }
    })
}

/// Loads a Shock Table (9.42).
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_shock(file: &str, text: &str) -> Result<RollTable<ShockResult>, DataError> {
    RollTable::from_ron(file, text)
}

/// Loads a Weapon System Matrix (9.43) with a row and a column for each of
/// [`SHOCK_TYPES`].
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_weapon_systems(
    file: &str,
    text: &str,
) -> Result<DrmMatrix<UnitType, UnitType>, DataError> {
    DrmMatrix::from_ron_checked(file, text, |m, report| {
        for t in SHOCK_TYPES {
            if !m.attackers().contains(&t) {
                report.at_field(t.to_string(), "rows", 0, format!("9.43: no row for attacker {t}"));
            }
            if !m.defenders().contains(&t) {
                report.at_field(
                    t.to_string(),
                    "defenders",
                    0,
                    format!("9.43: no column for defender {t}"),
                );
            }
        }
    })
}

/// Loads a Terrain Effects Chart (6.8) with a row for every terrain, hexside
/// and movement key.
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_terrain(file: &str, text: &str) -> Result<super::TerrainChart, DataError> {
    super::TerrainChart::from_ron_checked(file, text, |t, report| {
        t.report_missing(TerrainKey::ALL, HexsideKey::ALL, MoveKey::ALL, report);
    })
}

/// Loads a Gallic Entry Arrival Table (5.33) with a row for every Entry Area,
/// Areas I and II automatic and III-XVI on a roll (5.33).
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_arrival(file: &str, text: &str) -> Result<ArrivalTable<EntryArea>, DataError> {
    ArrivalTable::from_ron_checked(file, text, |t, report| {
        for area in EntryArea::ALL {
            let name = area.as_str();
            match (t.arrival(area), area.arrives_automatically()) {
                (None, _) => {
                    report.at_field(
                        name,
                        "areas",
                        0,
                        format!("5.33: no row for Entry Area {area}"),
                    );
                }
                (Some(Arrival::OnRoll(_)), true) => report.at_string_after_field(
                    name,
                    "areas",
                    0,
                    name,
                    0,
                    format!("5.33: arrival in Area {area} is automatic"),
                ),
                (Some(Arrival::Automatic), false) => report.at_string_after_field(
                    name,
                    "areas",
                    0,
                    name,
                    0,
                    format!("5.33: arrival in Area {area} is not automatic: it needs a roll"),
                ),
                _ => {}
            }
        }
    })
}

/// Loads Alesia's die checks, with a row for every [`AlesiaCheck`].
///
/// # Errors
/// Every problem in the file, each with its file, line, column and item.
pub fn load_checks(file: &str, text: &str) -> Result<CheckTable<AlesiaCheck>, DataError> {
    CheckTable::from_ron_checked(file, text, |t, report| {
        for k in AlesiaCheck::ALL.iter().filter(|&k| t.check(k).is_none()) {
            report.at_field(
                k.to_string(),
                "checks",
                0,
                format!("{}: no row for check {k}", k.rule()),
            );
        }
    })
}
