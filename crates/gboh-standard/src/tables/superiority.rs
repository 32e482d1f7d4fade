//! The Shock Superiority chart (SPQR 8.72), by defender and attacker type.

use std::collections::BTreeMap;

use gboh_core::data::Provenance;
use gboh_core::table::{LoadTable, Report, TableInfo, TableKey};
use serde::{Deserialize, Serialize};

use crate::kinds::ShockClass;

gboh_core::table_key! {
    /// A cell of the Superiority chart.
    #[derive(Serialize, Deserialize)]
    pub enum SuperiorityCell: "unknown superiority cell" {
        /// No superiority.
        None = "-",
        /// Attacker superior.
        AttackSuperior = "AS",
        /// Defender superior.
        DefendSuperior = "DS",
        /// DS, none if the defender has missiles and is Missile No ("DS*").
        DefendSuperiorUnlessMissileNo = "DS*",
        /// As DS*, and none against cataphracts ("DS*#").
        DefendSuperiorUnlessMissileNoOrCataphract = "DS*#",
    }
}

/// The raw RON form of a [`SuperiorityChart`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuperiorityChartDef {
    /// Printed name.
    pub name: String,
    /// The rule.
    pub rule: String,
    /// Provenance of the chart.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
    /// The attacker types, in column order.
    pub attackers: Vec<String>,
    /// One row per defender type.
    pub rows: Vec<SuperiorityRowDef>,
}

/// The raw RON form of one row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuperiorityRowDef {
    /// The defender type.
    pub defender: String,
    /// One cell per attacker, in header order.
    pub cells: Vec<String>,
    /// Where the row comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// The validated Superiority chart: every (defender, attacker) pair of its
/// header and rows has a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SuperiorityChart {
    info: TableInfo,
    cells: BTreeMap<(ShockClass, ShockClass), SuperiorityCell>,
}

impl SuperiorityChart {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The printed cell for `defender` attacked by `attacker`; `None` when the
    /// chart has no such row or column.
    #[must_use]
    pub fn cell(&self, defender: ShockClass, attacker: ShockClass) -> Option<SuperiorityCell> {
        self.cells.get(&(defender, attacker)).copied()
    }
}

impl LoadTable for SuperiorityChart {
    type Def = SuperiorityChartDef;

    fn validate(def: SuperiorityChartDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let mut attackers = Vec::new();
        for (i, a) in def.attackers.iter().enumerate() {
            match ShockClass::parse_key(a) {
                Ok(k) if attackers.contains(&k) => report.at_string_after_field(
                    a.clone(),
                    "attackers",
                    0,
                    a,
                    1,
                    format!("{rule}: attacker {a} listed twice"),
                ),
                Ok(k) => attackers.push(k),
                Err(e) => report.at_string_after_field(
                    a.clone(),
                    "attackers",
                    0,
                    a,
                    0,
                    format!("{rule}: {e} (column {})", i + 1),
                ),
            }
        }
        let mut cells = BTreeMap::new();
        let mut seen = Vec::new();
        for (i, row) in def.rows.iter().enumerate() {
            let Ok(defender) = ShockClass::parse_key(&row.defender).map_err(|e| {
                report.at_field(row.defender.clone(), "defender", i, format!("{rule}: {e}"));
            }) else {
                continue;
            };
            if seen.contains(&defender) {
                report.at_field(
                    row.defender.clone(),
                    "defender",
                    i,
                    format!("{rule}: defender {defender} listed twice"),
                );
                continue;
            }
            seen.push(defender);
            if row.cells.len() != def.attackers.len() {
                report.at_field(
                    row.defender.clone(),
                    "cells",
                    i,
                    format!(
                        "{rule}: {} cells for {} attackers",
                        row.cells.len(),
                        def.attackers.len()
                    ),
                );
                continue;
            }
            for (attacker, text) in attackers.iter().zip(&row.cells) {
                match SuperiorityCell::parse_key(text) {
                    Ok(c) => {
                        cells.insert((defender, *attacker), c);
                    }
                    Err(e) => report.at_field(
                        format!("{defender} vs {attacker}"),
                        "cells",
                        i,
                        format!("{rule}: {e}"),
                    ),
                }
            }
        }
        if report.count() > before {
            return None;
        }
        Some(SuperiorityChart {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            cells,
        })
    }
}
