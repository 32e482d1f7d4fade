//! Threshold tables: "hit if the modified roll is at most N", N by range (the
//! Missile Range and Results Table, Alesia 8.16 and 9.41).

use serde::Deserialize;
use std::collections::BTreeMap;
use thiserror::Error;

use super::key::TableKey;
use super::nonempty::NonEmpty;
use super::odds::Distribution;
use super::report::Report;
use super::roll::{Drm, ModifiedRoll};
use super::{LoadTable, TableInfo};
use crate::data::Provenance;
use crate::dice::Die;

/// The raw RON form of a [`ThresholdTable`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThresholdTableDef {
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
    /// One column per missile type.
    pub columns: Vec<ThresholdColumnDef>,
}

/// The raw RON form of one column.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThresholdColumnDef {
    /// The column's key, e.g. `"J"`.
    pub column: String,
    /// Notes on this column (its ranges, its sources).
    #[serde(default)]
    pub note: String,
    /// The hit number at each range, shortest range first.
    pub ranges: Vec<RangeEntryDef>,
}

/// The raw RON form of one range of a column.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RangeEntryDef {
    /// The range in hexes (1 = adjacent).
    pub range: i32,
    /// Hit on a modified roll of this number or less (Alesia 8.16).
    pub hit_number: i32,
    /// Where this value comes from.
    pub provenance: Provenance,
    /// Notes on this value.
    #[serde(default)]
    pub note: String,
}

/// One validated range of a column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeEntry {
    /// The range in hexes.
    pub range: u8,
    /// Hit on a modified roll of this number or less (Alesia 8.16).
    pub hit_number: u8,
    /// Where this value comes from.
    pub provenance: Provenance,
    /// Notes on it.
    pub note: String,
}

/// One validated column: contiguous ranges from its shortest to its longest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThresholdColumn {
    entries: NonEmpty<RangeEntry>,
    note: String,
}

impl ThresholdColumn {
    /// The shortest range it may fire at (usually 1).
    #[must_use]
    pub fn min_range(&self) -> u8 {
        self.entries.first().range
    }

    /// The longest range it may fire at: "no fire possible beyond range".
    #[must_use]
    pub fn max_range(&self) -> u8 {
        self.entries.last().range
    }

    /// Every range, shortest first.
    pub fn entries(&self) -> impl Iterator<Item = &RangeEntry> {
        self.entries.iter()
    }

    /// The entry at `range`, if it may fire at all.
    #[must_use]
    pub fn entry(&self, range: u8) -> Option<&RangeEntry> {
        self.entries.iter().find(|e| e.range == range)
    }

    /// Notes on the column.
    #[must_use]
    pub fn note(&self) -> &str {
        &self.note
    }
}

/// Why a missile may not fire (Alesia 8.13, 9.41).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum NoFire {
    /// The table has no such column.
    #[error("{rule}: the table has no column {column}")]
    UnknownColumn {
        /// The table's rule.
        rule: String,
        /// The column asked for.
        column: String,
    },
    /// The target is closer than the column's shortest range (Alesia 8.56: Palintonos
    /// may not fire at an adjacent target).
    #[error("{rule}: {column} may not fire at range {range}; its shortest range is {min}")]
    TooClose {
        /// The table's rule.
        rule: String,
        /// The column.
        column: String,
        /// The range asked for.
        range: u8,
        /// The shortest range.
        min: u8,
    },
    /// The target is beyond the column's longest range.
    #[error("{rule}: no fire possible beyond range {max} for {column} (asked {range})")]
    BeyondRange {
        /// The table's rule.
        rule: String,
        /// The column.
        column: String,
        /// The range asked for.
        range: u8,
        /// The longest range.
        max: u8,
    },
}

/// A table of hit numbers by column and range: a hit when the modified roll is
/// at most the number (Alesia 8.16).
///
/// Validated: each column's ranges are contiguous from its shortest, each hit
/// number is a face of the die, and a shorter range is never harder than a
/// longer one (a larger hit number at a shorter range is never smaller).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ThresholdTable<K> {
    info: TableInfo,
    die: Die,
    columns: BTreeMap<K, ThresholdColumn>,
}

impl<K: TableKey> ThresholdTable<K> {
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

    /// Every column, in key order.
    pub fn columns(&self) -> impl Iterator<Item = (&K, &ThresholdColumn)> {
        self.columns.iter()
    }

    /// The column for `key`.
    #[must_use]
    pub fn column(&self, key: &K) -> Option<&ThresholdColumn> {
        self.columns.get(key)
    }

    /// The longest range of `key`'s column.
    #[must_use]
    pub fn max_range(&self, key: &K) -> Option<u8> {
        self.column(key).map(ThresholdColumn::max_range)
    }

    /// The entry for `key` at `range`.
    ///
    /// # Errors
    /// [`NoFire`] if there is no such column or the range is out of it.
    pub fn entry(&self, key: &K, range: u8) -> Result<&RangeEntry, NoFire> {
        let rule = || self.info.rule.clone();
        let column = self
            .column(key)
            .ok_or_else(|| NoFire::UnknownColumn { rule: rule(), column: key.to_string() })?;
        if range < column.min_range() {
            return Err(NoFire::TooClose {
                rule: rule(),
                column: key.to_string(),
                range,
                min: column.min_range(),
            });
        }
        column.entry(range).ok_or_else(|| NoFire::BeyondRange {
            rule: rule(),
            column: key.to_string(),
            range,
            max: column.max_range(),
        })
    }

    /// The hit number for `key` at `range`.
    ///
    /// # Errors
    /// As [`ThresholdTable::entry`].
    pub fn hit_number(&self, key: &K, range: u8) -> Result<u8, NoFire> {
        self.entry(key, range).map(|e| e.hit_number)
    }

    /// Alesia 8.16: whether `roll` hits: at most the hit number.
    ///
    /// # Errors
    /// As [`ThresholdTable::entry`].
    pub fn hits(&self, key: &K, range: u8, roll: ModifiedRoll) -> Result<bool, NoFire> {
        self.hit_number(key, range).map(|n| roll.0 <= i32::from(n))
    }

    /// The exact distribution of hit (`true`) and miss over the die's faces.
    ///
    /// # Errors
    /// As [`ThresholdTable::entry`].
    pub fn distribution(&self, key: &K, range: u8, drm: Drm) -> Result<Distribution<bool>, NoFire> {
        let n = i32::from(self.hit_number(key, range)?);
        Ok(Distribution::over_faces(self.die, |face| ModifiedRoll::new(face, drm).0 <= n))
    }
}

impl<K: TableKey> LoadTable for ThresholdTable<K> {
    type Def = ThresholdTableDef;

    fn validate(def: ThresholdTableDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let faces = i32::from(def.die.min())..=i32::from(def.die.max());
        let mut columns = BTreeMap::new();
        let mut entry_index = 0; // the n-th `range` field in the file
        for (c, col) in def.columns.into_iter().enumerate() {
            let key = match K::parse_key(&col.column) {
                Ok(k) => Some(k),
                Err(e) => {
                    report.at_field(col.column.clone(), "column", c, format!("{rule}: {e}"));
                    None
                }
            };
            if let Some(k) = &key
                && columns.contains_key(k)
            {
                report.at_field(
                    col.column.clone(),
                    "column",
                    c,
                    format!("{rule}: duplicated column {k}"),
                );
            }
            if col.ranges.is_empty() {
                report.at_field(
                    col.column.clone(),
                    "column",
                    c,
                    format!("{rule}: column has no ranges"),
                );
            }
            let mut entries = Vec::with_capacity(col.ranges.len());
            let mut previous: Option<(i32, i32)> = None;
            for e in col.ranges {
                let nth = entry_index;
                entry_index += 1;
                let item = format!("{} range {}", col.column, e.range);
                let mut ok = true;
                let range = u8::try_from(e.range).ok().filter(|r| *r >= 1);
                if range.is_none() {
                    report.at_field(
                        item.clone(),
                        "range",
                        nth,
                        format!("{rule}: range {} is not a range in hexes (1 or more)", e.range),
                    );
                    ok = false;
                }
                match previous {
                    Some((p, _)) if e.range == p => {
                        report.at_field(
                            item.clone(),
                            "range",
                            nth,
                            format!("{rule}: duplicated range {p}"),
                        );
                        ok = false;
                    }
                    Some((p, _)) if e.range < p => {
                        report.at_field(
                            item.clone(),
                            "range",
                            nth,
                            format!(
                                "{rule}: range {} listed after range {p}: shortest first",
                                e.range
                            ),
                        );
                        ok = false;
                    }
                    Some((p, _)) if e.range > p.saturating_add(1) => {
                        report.at_field(
                            item.clone(),
                            "range",
                            nth,
                            format!(
                                "{rule}: gap: no hit number for range {}",
                                gap(p.saturating_add(1), e.range.saturating_sub(1))
                            ),
                        );
                        ok = false;
                    }
                    _ => {}
                }
                let hit = u8::try_from(e.hit_number).ok().filter(|_| faces.contains(&e.hit_number));
                if hit.is_none() {
                    report.at_field(
                        item.clone(),
                        "range",
                        nth,
                        format!(
                            "{rule}: hit number {} is out of range: a {:?} reads {}-{}",
                            e.hit_number,
                            def.die,
                            faces.start(),
                            faces.end()
                        ),
                    );
                    ok = false;
                }
                if let Some((p, p_hit)) = previous
                    && ok
                    && e.hit_number > p_hit
                {
                    report.at_field(
                        item.clone(),
                        "range",
                        nth,
                        format!(
                            "{rule}: not monotone: hit number {} at range {} is larger than {p_hit} \
                             at range {p}; a shorter range is never harder",
                            e.hit_number, e.range
                        ),
                    );
                }
                previous = Some((e.range, e.hit_number));
                if let (true, Some(range), Some(hit_number)) = (ok, range, hit) {
                    entries.push(RangeEntry {
                        range,
                        hit_number,
                        provenance: e.provenance,
                        note: e.note,
                    });
                }
            }
            if let (Some(k), Some(entries)) = (key, NonEmpty::from_vec(entries)) {
                columns.entry(k).or_insert(ThresholdColumn { entries, note: col.note });
            }
        }
        if columns.is_empty() && report.count() == before {
            report.at_field(
                def.name.clone(),
                "columns",
                0,
                format!("{rule}: the table has no columns"),
            );
        }
        (report.count() == before).then(|| ThresholdTable {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            columns,
        })
    }
}

fn gap(low: i32, high: i32) -> String {
    if low == high { format!("{low}") } else { format!("{low}-{high}") }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    crate::table_key! {
        /// Test columns.
        enum Col: "test column" {
            /// Arrows.
            A = "A",
            /// Javelins.
            J = "J",
        }
    }

    const TEXT: &str = r#"(
    name: "Missile Range and Results Table", rule: "9.41", provenance: Reconstructed, die: D10,
    columns: [
        (column: "A", ranges: [
            (range: 1, hit_number: 5, provenance: Reconstructed),
            (range: 2, hit_number: 3, provenance: Reconstructed),
            (range: 3, hit_number: 1, provenance: Printed("8.17")),
        ]),
        (column: "J", ranges: [(range: 1, hit_number: 5, provenance: Reconstructed)]),
    ],
)"#;

    #[test]
    fn rule_8_16_hit_at_or_under_the_number_and_no_fire_beyond_range() {
        let t: ThresholdTable<Col> = ThresholdTable::from_ron("m.ron", TEXT).unwrap();
        assert_eq!(t.hits(&Col::A, 3, ModifiedRoll(1)), Ok(true));
        assert_eq!(t.hits(&Col::A, 3, ModifiedRoll(2)), Ok(false));
        assert_eq!(t.hits(&Col::A, 3, ModifiedRoll(-3)), Ok(true));
        let err = t.hits(&Col::J, 2, ModifiedRoll(0)).unwrap_err();
        assert_eq!(err.to_string(), "9.41: no fire possible beyond range 1 for J (asked 2)");
        assert!(matches!(t.hit_number(&Col::J, 0), Err(NoFire::TooClose { min: 1, .. })));
        assert_eq!(t.distribution(&Col::A, 1, Drm(-1)).unwrap().chance(&true).to_string(), "7/10");
    }

    #[test]
    fn every_column_problem_is_reported_in_file_order() {
        let bad = TEXT.replace("(range: 2, hit_number: 3", "(range: 2, hit_number: 7").replace(
            "(column: \"J\", ranges: [(range: 1, hit_number: 5",
            "(column: \"X\", ranges: [(range: 2, hit_number: 10",
        );
        let err = ThresholdTable::<Col>::from_ron("m.ron", &bad).unwrap_err();
        let lines: Vec<String> = err.to_string().lines().map(str::to_owned).collect();
        assert_eq!(lines.len(), 3, "{err}");
        assert!(lines[0].starts_with("m.ron:6:14: A range 2: 9.41: not monotone: hit number 7 at range 2 is larger than 5"), "{err}");
        assert!(lines[1].starts_with("m.ron:9:10: X: 9.41: test column \"X\""), "{err}");
        assert!(
            lines[2].starts_with("m.ron:9:33: X range 2: 9.41: hit number 10 is out of range"),
            "{err}"
        );
    }

    #[test]
    fn gaps_and_duplicates_in_ranges() {
        let gap = TEXT.replace("(range: 2, hit_number: 3", "(range: 4, hit_number: 3");
        let err = ThresholdTable::<Col>::from_ron("m.ron", &gap).unwrap_err();
        assert!(
            err.to_string().contains("A range 4: 9.41: gap: no hit number for range 2-3"),
            "{err}"
        );
        let extreme = TEXT
            .replace("(range: 1, hit_number: 5", "(range: 2147483647, hit_number: 5")
            .replace("(range: 2, hit_number: 3", "(range: -2147483648, hit_number: 3");
        let err = ThresholdTable::<Col>::from_ron("m.ron", &extreme).unwrap_err();
        assert!(err.to_string().contains("range 2147483647 is not a range in hexes"), "{err}");
        let dup = TEXT.replace("(range: 2, hit_number: 3", "(range: 1, hit_number: 3");
        let err = ThresholdTable::<Col>::from_ron("m.ron", &dup).unwrap_err();
        assert!(err.to_string().contains("A range 1: 9.41: duplicated range 1"), "{err}");
    }
}
