//! DRM matrices: attacker type by defender type gives a die-roll modifier (the
//! Weapon System Matrix, Alesia 9.25 and 9.43).

use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

use super::key::TableKey;
use super::report::Report;
use super::roll::Drm;
use super::{LoadTable, TableInfo};
use crate::data::Provenance;

/// The raw RON form of a [`DrmMatrix`]: a header of defenders, then one row of
/// DRMs per attacker, as the chart is printed.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrmMatrixDef {
    /// The printed name.
    pub name: String,
    /// The defining rule section.
    pub rule: String,
    /// Provenance of the table as a whole.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// The defender types, in column order.
    pub defenders: Vec<String>,
    /// One row per attacker type.
    pub rows: Vec<DrmRowDef>,
    /// Cells whose provenance differs from their row's (a printed figure in a
    /// reconstructed row).
    #[serde(default)]
    pub sources: Vec<CellSourceDef>,
}

/// The raw RON form of one attacker's row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrmRowDef {
    /// The attacker type.
    pub attacker: String,
    /// One DRM per defender, in header order.
    pub drms: Vec<i32>,
    /// Where the row comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of one cell's own provenance.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSourceDef {
    /// `(attacker, defender)`.
    pub cell: (String, String),
    /// Where this cell's value comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// One validated cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrmCell {
    /// The modifier.
    pub drm: Drm,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it (the row's note, or the cell's own).
    pub note: String,
}

/// A DRM for each (attacker, defender) pair.
///
/// Validated: every key is known, no attacker row or defender column is listed
/// twice, every row has one DRM per defender, and every cell source names a cell
/// of the matrix.
///
/// ```
/// use gboh_core::table::{DrmMatrix, Drm, LoadTable};
/// use gboh_core::unit::UnitType::*;
/// let text = r#"(name: "Weapon System Matrix", rule: "9.43", provenance: Reconstructed,
///     defenders: ["CO", "BI"],
///     rows: [
///         (attacker: "CO", drms: [0, 1], provenance: Reconstructed),
///         (attacker: "BI", drms: [-2, 0], provenance: Reconstructed),
///     ],
///     sources: [(cell: ("BI", "CO"), provenance: Printed("9.22"))],
/// )"#;
/// let m = DrmMatrix::from_ron("wsm.ron", text).unwrap();
/// assert_eq!(m.drm(&BI, &CO), Some(Drm(-2)));
/// assert!(m.cell(&BI, &CO).unwrap().provenance.is_printed());
/// assert_eq!(m.drm(&AR, &CO), None);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrmMatrix<A, D> {
    info: TableInfo,
    attackers: Vec<A>,
    defenders: Vec<D>,
    cells: BTreeMap<(A, D), DrmCell>,
}

impl<A: TableKey, D: TableKey> DrmMatrix<A, D> {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The attacker types, in row order.
    #[must_use]
    pub fn attackers(&self) -> &[A] {
        &self.attackers
    }

    /// The defender types, in column order.
    #[must_use]
    pub fn defenders(&self) -> &[D] {
        &self.defenders
    }

    /// The cell for `attacker` against `defender`, if the matrix has one.
    #[must_use]
    pub fn cell(&self, attacker: &A, defender: &D) -> Option<&DrmCell> {
        self.cells.get(&(attacker.clone(), defender.clone()))
    }

    /// The DRM for `attacker` against `defender`, if the matrix has one.
    #[must_use]
    pub fn drm(&self, attacker: &A, defender: &D) -> Option<Drm> {
        self.cell(attacker, defender).map(|c| c.drm)
    }
}

impl<A: TableKey, D: TableKey> LoadTable for DrmMatrix<A, D> {
    type Def = DrmMatrixDef;

    fn validate(def: DrmMatrixDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();

        let mut defenders = Vec::with_capacity(def.defenders.len());
        for (i, text) in def.defenders.iter().enumerate() {
            let occurrence = def.defenders.iter().take(i).filter(|t| *t == text).count();
            let mut problem = |message: String| {
                report.at_string_after_field(
                    text.clone(),
                    "defenders",
                    0,
                    text,
                    occurrence,
                    message,
                );
            };
            match D::parse_key(text) {
                Ok(d) if defenders.contains(&d) => {
                    problem(format!("{rule}: duplicated defender column {d}"));
                }
                Ok(d) => defenders.push(d),
                Err(e) => problem(format!("{rule}: {e}")),
            }
        }
        if def.defenders.is_empty() {
            report.at_field(
                def.name.clone(),
                "defenders",
                0,
                format!("{rule}: no defender columns"),
            );
        }
        if def.rows.is_empty() {
            report.at_field(def.name.clone(), "rows", 0, format!("{rule}: no attacker rows"));
        }

        let mut attackers: Vec<A> = Vec::with_capacity(def.rows.len());
        let mut cells = BTreeMap::new();
        for (i, row) in def.rows.into_iter().enumerate() {
            let attacker = match A::parse_key(&row.attacker) {
                Ok(a) if attackers.contains(&a) => {
                    report.at_field(
                        row.attacker.clone(),
                        "attacker",
                        i,
                        format!("{rule}: duplicated row for attacker {a}"),
                    );
                    None
                }
                Ok(a) => Some(a),
                Err(e) => {
                    report.at_field(row.attacker.clone(), "attacker", i, format!("{rule}: {e}"));
                    None
                }
            };
            if row.drms.len() != def.defenders.len() {
                report.at_field(
                    row.attacker.clone(),
                    "attacker",
                    i,
                    format!(
                        "{rule}: {} DRMs for {} defender columns",
                        row.drms.len(),
                        def.defenders.len()
                    ),
                );
            }
            if let Some(a) = attacker {
                for (d, drm) in defenders.iter().zip(&row.drms) {
                    cells.insert(
                        (a.clone(), d.clone()),
                        DrmCell {
                            drm: Drm(*drm),
                            provenance: row.provenance.clone(),
                            note: row.note.clone(),
                        },
                    );
                }
                attackers.push(a);
            }
        }

        let mut seen = BTreeSet::new();
        for (i, source) in def.sources.into_iter().enumerate() {
            let (a_text, d_text) = &source.cell;
            let item = format!("{a_text} against {d_text}");
            let a = A::parse_key(a_text);
            let d = D::parse_key(d_text);
            match (a, d) {
                (Ok(a), Ok(d)) => {
                    let key = (a, d);
                    if !seen.insert(key.clone()) {
                        report.at_field(
                            item,
                            "cell",
                            i,
                            format!("{rule}: duplicated source for this cell"),
                        );
                    } else if let Some(cell) = cells.get_mut(&key) {
                        cell.provenance = source.provenance;
                        if !source.note.is_empty() {
                            cell.note = source.note;
                        }
                    } else if attackers.contains(&key.0) && defenders.contains(&key.1) {
                        // The cell is missing because its row was short: already reported.
                    } else {
                        report.at_field(
                            item,
                            "cell",
                            i,
                            format!("{rule}: no such cell in the matrix"),
                        );
                    }
                }
                (a, d) => {
                    for e in [a.err(), d.err()].into_iter().flatten() {
                        report.at_field(item.clone(), "cell", i, format!("{rule}: {e}"));
                    }
                }
            }
        }

        (report.count() == before).then(|| DrmMatrix {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            attackers,
            defenders,
            cells,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::unit::UnitType;

    const TEXT: &str = r#"(name: "Weapon System Matrix", rule: "9.43", provenance: Reconstructed,
    defenders: ["CO", "BI"],
    rows: [
        (attacker: "CO", drms: [0, 1], provenance: Reconstructed),
        (attacker: "BI", drms: [-2, 0], provenance: Reconstructed),
    ],
)"#;

    fn load(text: &str) -> Result<DrmMatrix<UnitType, UnitType>, crate::data::DataError> {
        DrmMatrix::from_ron("w.ron", text)
    }

    #[test]
    fn reports_unknown_duplicated_and_short_rows_together() {
        let bad = TEXT
            .replace("[\"CO\", \"BI\"]", "[\"CO\", \"XX\"]")
            .replace("(attacker: \"BI\", drms: [-2, 0]", "(attacker: \"CO\", drms: [-2]");
        let err = load(&bad).unwrap_err();
        let lines: Vec<String> = err.to_string().lines().map(str::to_owned).collect();
        assert_eq!(
            lines,
            [
                "w.ron:2:23: XX: 9.43: 2.22: unknown unit type \"XX\"",
                "w.ron:5:10: CO: 9.43: duplicated row for attacker CO",
                "w.ron:5:10: CO: 9.43: 1 DRMs for 2 defender columns",
            ]
        );
    }

    #[test]
    fn cell_sources_must_name_a_cell() {
        let bad = TEXT.replace(
            "],\n)",
            "],\nsources: [(cell: (\"LI\", \"CO\"), provenance: Printed(\"x\")), (cell: (\"CO\", \"QQ\"), provenance: Reconstructed)],\n)",
        );
        let err = load(&bad).unwrap_err();
        let text = err.to_string();
        assert!(
            text.contains("w.ron:7:12: LI against CO: 9.43: no such cell in the matrix"),
            "{text}"
        );
        assert!(text.contains("CO against QQ: 9.43: 2.22: unknown unit type \"QQ\""), "{text}");
    }
}
