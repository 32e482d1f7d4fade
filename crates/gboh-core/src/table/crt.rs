//! Column combat results tables with column shifts (the standard family's Shock
//! CRT: columns 1-13, rows by modified roll 0-9, shifts clamped to the columns).

use core::fmt;
use serde::Deserialize;

use super::nonempty::NonEmpty;
use super::odds::Distribution;
use super::report::Report;
use super::result::TableResult;
use super::roll::{Drm, ModifiedRoll, RollRange, check_tiling};
use super::{LoadTable, TableInfo};
use crate::data::Provenance;
use crate::dice::Die;

/// A CRT column number, as printed (the standard series numbers them 1-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub struct CrtColumn(pub u8);

impl fmt::Display for CrtColumn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}", self.0)
    }
}

/// The raw RON form of a [`ColumnCrt`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColumnCrtDef<R> {
    /// The printed name.
    pub name: String,
    /// The defining rule section.
    pub rule: String,
    /// Provenance of the table as a whole.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// The die rolled.
    pub die: Die,
    /// The first and last column numbers, e.g. `(1, 13)`.
    pub columns: (u8, u8),
    /// The lowest and highest rows as printed; modified rolls are clamped to them.
    pub printed_range: (i32, i32),
    /// The rows, lowest rolls first, each with one result per column.
    pub rows: Vec<CrtRowDef<R>>,
}

/// The raw RON form of one row of a CRT.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtRowDef<R> {
    /// The modified rolls the row covers.
    pub rolls: (i32, i32),
    /// One result per column, first column first.
    pub results: Vec<R>,
    /// Where this row comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// One validated row of a CRT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrtRow<R> {
    rolls: RollRange,
    results: NonEmpty<R>,
    provenance: Provenance,
    note: String,
}

impl<R> CrtRow<R> {
    /// The modified rolls it covers.
    #[must_use]
    pub fn rolls(&self) -> RollRange {
        self.rolls
    }

    /// Its results, first column first.
    pub fn results(&self) -> impl Iterator<Item = &R> {
        self.results.iter()
    }

    /// Where it comes from.
    #[must_use]
    pub fn provenance(&self) -> &Provenance {
        &self.provenance
    }

    /// Notes on it.
    #[must_use]
    pub fn note(&self) -> &str {
        &self.note
    }
}

/// A column CRT: a column (after shifts) and a modified roll give a result.
///
/// Validated: the rows tile the printed range, each has one result per column,
/// and a higher roll, or a column further right, is never worse for the roller.
///
/// ```
/// use gboh_core::table::{ColumnCrt, CrtColumn, Drm, LoadTable, ShockResult};
/// let text = r#"(name: "Shock CRT", rule: "8.47", provenance: Reconstructed, die: D10,
///     columns: (1, 2), printed_range: (0, 9), rows: [
///     (rolls: (0, 4), results: [(attacker_hits: 3, defender_hits: 1), (attacker_hits: 2, defender_hits: 2)], provenance: Reconstructed),
///     (rolls: (5, 9), results: [(attacker_hits: 2, defender_hits: 2), (attacker_hits: 1, defender_hits: 3)], provenance: Reconstructed),
/// ])"#;
/// let crt: ColumnCrt<ShockResult> = ColumnCrt::from_ron("crt.ron", text).unwrap();
/// // Three shifts right from column 1 stop at the last column.
/// assert_eq!(crt.shifted(CrtColumn(1), 3), CrtColumn(2));
/// assert_eq!(crt.resolve(CrtColumn(1), 3, 9, Drm(0)).to_string(), "1/3");
/// assert_eq!(crt.resolve(CrtColumn(2), -5, 0, Drm(-4)).to_string(), "3/1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ColumnCrt<R> {
    info: TableInfo,
    die: Die,
    first: u8,
    last: u8,
    printed: RollRange,
    rows: NonEmpty<CrtRow<R>>,
}

impl<R> ColumnCrt<R> {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The die rolled.
    #[must_use]
    pub fn die(&self) -> Die {
        self.die
    }

    /// The first and last columns.
    #[must_use]
    pub fn columns(&self) -> (CrtColumn, CrtColumn) {
        (CrtColumn(self.first), CrtColumn(self.last))
    }

    /// The printed range of modified rolls.
    #[must_use]
    pub fn printed_range(&self) -> RollRange {
        self.printed
    }

    /// Every row, lowest rolls first.
    pub fn rows(&self) -> impl Iterator<Item = &CrtRow<R>> {
        self.rows.iter()
    }

    /// `column` shifted by `shift` columns (positive: right, toward the
    /// roller), clamped to the first and last columns.
    #[must_use]
    pub fn shifted(&self, column: CrtColumn, shift: i32) -> CrtColumn {
        let c = i32::from(column.0)
            .saturating_add(shift)
            .clamp(i32::from(self.first), i32::from(self.last));
        CrtColumn(u8::try_from(c).unwrap_or(self.last))
    }

    /// The result in `column` shifted by `shift`, for `roll` clamped to the
    /// printed range.
    #[must_use]
    pub fn result(&self, column: CrtColumn, shift: i32, roll: ModifiedRoll) -> &R {
        let column = self.shifted(column, shift);
        let roll = self.printed.clamp(roll.0);
        let row = self.rows.iter().find(|r| r.rolls.contains(roll)).unwrap_or_else(|| {
            if roll < self.rows.first().rolls.low() { self.rows.first() } else { self.rows.last() }
        });
        let index = usize::from(column.0.saturating_sub(self.first));
        row.results.get(index).unwrap_or_else(|| row.results.last())
    }

    /// The result for `face` modified by `drm`, in `column` shifted by `shift`.
    #[must_use]
    pub fn resolve(&self, column: CrtColumn, shift: i32, face: u8, drm: Drm) -> &R {
        self.result(column, shift, ModifiedRoll::new(face, drm))
    }

    /// The exact distribution of results over the die's faces.
    #[must_use]
    pub fn distribution(&self, column: CrtColumn, shift: i32, drm: Drm) -> Distribution<R>
    where
        R: Clone + PartialEq,
    {
        Distribution::over_faces(self.die, |face| self.resolve(column, shift, face, drm).clone())
    }
}

impl<R> LoadTable for ColumnCrt<R>
where
    R: TableResult + for<'de> Deserialize<'de> + fmt::Display,
{
    type Def = ColumnCrtDef<R>;

    fn validate(def: ColumnCrtDef<R>, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let (first, last) = def.columns;
        if first == 0 || first > last {
            report.at_field(
                def.name.clone(),
                "columns",
                0,
                format!("{rule}: columns {first}-{last} must run upward from 1 or more"),
            );
        }
        let width = usize::from(last.saturating_sub(first)) + 1;
        let (lo, hi) = def.printed_range;
        let printed = RollRange::new(lo, hi);
        if printed.is_none() {
            report.at_field(
                def.name.clone(),
                "printed_range",
                0,
                format!("{rule}: printed range {lo}-{hi} runs backwards"),
            );
        }
        if def.rows.is_empty() {
            report.at_field(def.name.clone(), "rows", 0, format!("{rule}: the table has no rows"));
        }
        let spans: Vec<(i32, i32)> = def.rows.iter().map(|r| r.rolls).collect();
        let ranges = check_tiling(report, &rule, printed, &spans, "rolls", 0);

        let mut previous: Option<(RollRange, &[R])> = None;
        for (i, (row, range)) in def.rows.iter().zip(&ranges).enumerate() {
            let Some(range) = *range else { continue };
            let item = format!("rolls {range}");
            if row.results.len() != width {
                report.at_field(
                    item.clone(),
                    "rolls",
                    i,
                    format!(
                        "{rule}: {} results for {width} columns {first}-{last}",
                        row.results.len()
                    ),
                );
                continue;
            }
            for (j, r) in row.results.iter().enumerate() {
                let column = usize::from(first) + j;
                for problem in r.problems() {
                    report.at_field(format!("{item}, column {column}"), "rolls", i, problem);
                }
                if let Some(left) = j.checked_sub(1).and_then(|l| row.results.get(l)) {
                    let worse = r.worse_for_roller_than(left);
                    if !worse.is_empty() {
                        report.at_field(
                            format!("{item}, column {column}"),
                            "rolls",
                            i,
                            format!(
                                "{rule}: not monotone: a column further right is never worse for the \
                                 roller, but {r} after {left}: {}",
                                worse.join(", ")
                            ),
                        );
                    }
                }
                if let Some((prev_range, prev)) = previous
                    && let Some(above) = prev.get(j).filter(|_| prev_range.high() < range.low())
                {
                    let worse = r.worse_for_roller_than(above);
                    if !worse.is_empty() {
                        report.at_field(
                            format!("{item}, column {column}"),
                            "rolls",
                            i,
                            format!(
                                "{rule}: not monotone: a higher roll is never worse for the roller, \
                                 but {r} at rolls {range} after {above} at rolls {prev_range}: {}",
                                worse.join(", ")
                            ),
                        );
                    }
                }
            }
            previous = Some((range, &row.results));
        }
        if report.count() > before {
            return None;
        }
        let rows = def
            .rows
            .into_iter()
            .zip(ranges)
            .filter_map(|(row, range)| {
                Some(CrtRow {
                    rolls: range?,
                    results: NonEmpty::from_vec(row.results)?,
                    provenance: row.provenance,
                    note: row.note,
                })
            })
            .collect();
        Some(ColumnCrt {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            first,
            last,
            printed: printed?,
            rows: NonEmpty::from_vec(rows)?,
        })
    }
}
