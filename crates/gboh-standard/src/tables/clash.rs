//! The Clash of Spears and Swords chart (SPQR 8.73): the base column of the
//! Shock CRT by defender type, attacker type and the aspect attacked through.

use std::collections::BTreeMap;

use gboh_core::data::Provenance;
use gboh_core::facing::Aspect;
use gboh_core::table::{CrtColumn, LoadTable, Report, TableInfo, TableKey};
use serde::Deserialize;

use crate::kinds::ShockClass;

/// The raw RON form of a [`ClashChart`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClashChartDef {
    /// Printed name.
    pub name: String,
    /// The rule.
    pub rule: String,
    /// Provenance of the chart.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
    /// Attacker types, in column order.
    pub attackers: Vec<String>,
    /// One block of rows per aspect.
    pub aspects: Vec<ClashAspectDef>,
    /// Cells whose provenance differs from their row's.
    #[serde(default)]
    pub sources: Vec<ClashSourceDef>,
}

/// The raw RON form of one aspect's rows.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClashAspectDef {
    /// Front, flank or rear.
    pub aspect: Aspect,
    /// One row per defender type.
    pub rows: Vec<ClashRowDef>,
}

/// The raw RON form of one row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClashRowDef {
    /// Defender type.
    pub defender: String,
    /// One column number per attacker; 0: not allowed.
    pub columns: Vec<u8>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of one cell's own provenance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClashSourceDef {
    /// `(aspect, defender, attacker)`.
    pub cell: (Aspect, String, String),
    /// Where the value comes from.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
}

/// One validated cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClashCell {
    /// The base column; `None`: the attack is not allowed.
    pub column: Option<CrtColumn>,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// The validated chart: for each aspect, every defender row of the file has
/// a column for every attacker; columns are 0 (not allowed) or 1-13.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClashChart {
    info: TableInfo,
    cells: BTreeMap<(Aspect, ShockClass, ShockClass), ClashCell>,
}

impl ClashChart {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The cell for `defender` attacked by `attacker` through `aspect` (RC
    /// reads as HC); `None` when the chart has no such cell.
    #[must_use]
    pub fn cell(
        &self,
        aspect: Aspect,
        defender: ShockClass,
        attacker: ShockClass,
    ) -> Option<&ClashCell> {
        self.cells.get(&(aspect, defender.clash_key(), attacker.clash_key()))
    }

    /// The base column, or `None` when the attack is not allowed or not on the chart.
    #[must_use]
    pub fn column(
        &self,
        aspect: Aspect,
        defender: ShockClass,
        attacker: ShockClass,
    ) -> Option<CrtColumn> {
        self.cell(aspect, defender, attacker).and_then(|c| c.column)
    }
}

impl LoadTable for ClashChart {
    type Def = ClashChartDef;

    fn validate(def: ClashChartDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let mut attackers = Vec::new();
        for a in &def.attackers {
            match ShockClass::parse_key(a) {
                Ok(k) if !attackers.contains(&k) => attackers.push(k),
                Ok(_) => report.at_string_after_field(
                    a.clone(),
                    "attackers",
                    0,
                    a,
                    1,
                    format!("{rule}: attacker {a} listed twice"),
                ),
                Err(e) => report.at_string_after_field(
                    a.clone(),
                    "attackers",
                    0,
                    a,
                    0,
                    format!("{rule}: {e}"),
                ),
            }
        }
        let mut cells = BTreeMap::new();
        let mut row_index = 0;
        let mut aspects_seen = Vec::new();
        for (k, block) in def.aspects.iter().enumerate() {
            if aspects_seen.contains(&block.aspect) {
                report.at_field(
                    format!("{:?}", block.aspect),
                    "aspect",
                    k,
                    format!("{rule}: aspect {:?} listed twice", block.aspect),
                );
            }
            aspects_seen.push(block.aspect);
            let mut defenders = Vec::new();
            for row in &block.rows {
                let i = row_index;
                row_index += 1;
                let defender = match ShockClass::parse_key(&row.defender) {
                    Ok(d) => d,
                    Err(e) => {
                        report.at_field(
                            row.defender.clone(),
                            "defender",
                            i,
                            format!("{rule}: {e}"),
                        );
                        continue;
                    }
                };
                if defenders.contains(&defender) {
                    report.at_field(
                        row.defender.clone(),
                        "defender",
                        i,
                        format!("{rule}: {:?} defender {defender} listed twice", block.aspect),
                    );
                    continue;
                }
                defenders.push(defender);
                if row.columns.len() != def.attackers.len() {
                    report.at_field(
                        row.defender.clone(),
                        "columns",
                        i,
                        format!(
                            "{rule}: {} columns for {} attackers",
                            row.columns.len(),
                            def.attackers.len()
                        ),
                    );
                    continue;
                }
                for (attacker, &column) in attackers.iter().zip(&row.columns) {
                    if column > 13 {
                        report.at_field(
                            format!("{:?} {defender} vs {attacker}", block.aspect),
                            "columns",
                            i,
                            format!("{rule}: column {column} is not 0 (not allowed) or 1-13"),
                        );
                        continue;
                    }
                    cells.insert(
                        (block.aspect, defender, *attacker),
                        ClashCell {
                            column: (column > 0).then_some(CrtColumn(column)),
                            provenance: row.provenance.clone(),
                        },
                    );
                }
            }
        }
        for (i, source) in def.sources.iter().enumerate() {
            let (aspect, d, a) = &source.cell;
            let key = ShockClass::parse_key(d)
                .and_then(|d| ShockClass::parse_key(a).map(|a| (*aspect, d, a)));
            match key.ok().and_then(|k| cells.get_mut(&k)) {
                Some(cell) => cell.provenance = source.provenance.clone(),
                None => report.at_field(
                    format!("{aspect:?} {d} vs {a}"),
                    "cell",
                    i,
                    format!("{rule}: no such cell in the chart"),
                ),
            }
        }
        if report.count() > before {
            return None;
        }
        Some(ClashChart {
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
