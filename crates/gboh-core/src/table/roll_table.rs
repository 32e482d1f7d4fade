//! Single-column tables read by one modified roll (the simple family's Shock
//! Table, Alesia 9.42), clamped to their printed range at both ends.

use serde::Deserialize;

use super::nonempty::NonEmpty;
use super::odds::Distribution;
use super::report::Report;
use super::result::TableResult;
use super::roll::{Drm, ModifiedRoll, RollRange, check_tiling};
use super::{LoadTable, TableInfo};
use crate::data::Provenance;
use crate::dice::Die;

/// The raw RON form of a [`RollTable`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollTableDef<R> {
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
    /// The lowest and highest rows as printed (`(0, 10)` for "0 or less" to
    /// "10 or more"): modified rolls beyond them read the end rows.
    pub printed_range: (i32, i32),
    /// The rows, lowest rolls first.
    pub rows: Vec<RollRowDef<R>>,
}

/// The raw RON form of one row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollRowDef<R> {
    /// The modified rolls the row covers, inclusive: `(4, 4)`, `(7, 8)`.
    pub rolls: (i32, i32),
    /// The result.
    pub result: R,
    /// Where this row comes from.
    pub provenance: Provenance,
    /// Notes on this row.
    #[serde(default)]
    pub note: String,
}

/// One validated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollRow<R> {
    /// The modified rolls it covers.
    pub rolls: RollRange,
    /// The result.
    pub result: R,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it.
    pub note: String,
}

/// A single-column table indexed by a modified roll (Alesia 9.42 Shock Table).
///
/// Validated: its rows tile its printed range exactly, every result is sound,
/// and a higher roll is never worse for the roller ([`TableResult`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollTable<R> {
    info: TableInfo,
    die: Die,
    printed: RollRange,
    rows: NonEmpty<RollRow<R>>,
}

impl<R> RollTable<R> {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The die the table is rolled with.
    #[must_use]
    pub fn die(&self) -> Die {
        self.die
    }

    /// The printed range: rolls below or above it read its end rows.
    #[must_use]
    pub fn printed_range(&self) -> RollRange {
        self.printed
    }

    /// Every row, lowest rolls first.
    pub fn rows(&self) -> impl Iterator<Item = &RollRow<R>> {
        self.rows.iter()
    }

    /// The row for `roll`, clamped to the printed range.
    #[must_use]
    pub fn row(&self, roll: ModifiedRoll) -> &RollRow<R> {
        let roll = self.printed.clamp(roll.0);
        self.rows.iter().find(|r| r.rolls.contains(roll)).unwrap_or_else(|| {
            if roll < self.rows.first().rolls.low() { self.rows.first() } else { self.rows.last() }
        })
    }

    /// The result for `roll`, clamped to the printed range.
    #[must_use]
    pub fn result(&self, roll: ModifiedRoll) -> &R {
        &self.row(roll).result
    }

    /// The result for `face` modified by `drm`.
    #[must_use]
    pub fn resolve(&self, face: u8, drm: Drm) -> &R {
        self.result(ModifiedRoll::new(face, drm))
    }

    /// The exact distribution of results over the die's faces with `drm`.
    #[must_use]
    pub fn distribution(&self, drm: Drm) -> Distribution<R>
    where
        R: Clone + PartialEq,
    {
        Distribution::over_faces(self.die, |face| self.resolve(face, drm).clone())
    }
}

impl<R> LoadTable for RollTable<R>
where
    R: TableResult + for<'de> Deserialize<'de> + core::fmt::Display,
{
    type Def = RollTableDef<R>;

    fn validate(def: RollTableDef<R>, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
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

        let mut previous: Option<(RollRange, &R)> = None;
        for (i, (row, range)) in def.rows.iter().zip(&ranges).enumerate() {
            let Some(range) = *range else { continue };
            let item = format!("rolls {range}");
            for problem in row.result.problems() {
                report.at_field(item.clone(), "rolls", i, problem);
            }
            if let Some((prev_range, prev)) = previous
                && prev_range.high() < range.low()
            {
                let worse = row.result.worse_for_roller_than(prev);
                if !worse.is_empty() {
                    report.at_field(
                        item.clone(),
                        "rolls",
                        i,
                        format!(
                            "{rule}: not monotone: a higher roll is never worse for the roller, \
                             but {} at rolls {range} after {prev} at rolls {prev_range}: {}",
                            row.result,
                            worse.join(", ")
                        ),
                    );
                }
            }
            previous = Some((range, &row.result));
        }
        if report.count() > before {
            return None;
        }
        let rows = def
            .rows
            .into_iter()
            .zip(ranges)
            .filter_map(|(row, range)| {
                Some(RollRow {
                    rolls: range?,
                    result: row.result,
                    provenance: row.provenance,
                    note: row.note,
                })
            })
            .collect();
        Some(RollTable {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            printed: printed?,
            rows: NonEmpty::from_vec(rows)?,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::table::ShockResult;

    fn row(lo: i32, hi: i32, a: u8, d: u8) -> String {
        format!(
            "(rolls: ({lo}, {hi}), result: (attacker_hits: {a}, defender_hits: {d}), provenance: Reconstructed),\n"
        )
    }

    fn table(rows: &str) -> String {
        format!(
            "(name: \"Shock Table\", rule: \"9.42\", provenance: Reconstructed, die: D10,\n\
             printed_range: (0, 9),\nrows: [\n{rows}])"
        )
    }

    #[test]
    fn clamps_at_both_ends_and_enumerates_ten_faces() {
        let t: RollTable<ShockResult> =
            RollTable::from_ron("s.ron", &table(&(row(0, 2, 3, 1) + &row(3, 9, 1, 3)))).unwrap();
        assert_eq!(t.result(ModifiedRoll(-7)).attacker_hits, 3);
        assert_eq!(t.result(ModifiedRoll(40)).attacker_hits, 1);
        let d = t.distribution(Drm(-2));
        assert_eq!(d.total(), 10);
        assert_eq!(
            d.outcomes().iter().map(|(r, n)| (r.attacker_hits, *n)).collect::<Vec<_>>(),
            [(3, 5), (1, 5)]
        );
    }

    #[test]
    fn non_monotone_rows_are_each_reported() {
        let text = table(&(row(0, 2, 1, 1) + &row(3, 5, 2, 1) + &row(6, 9, 1, 0)));
        let err = RollTable::<ShockResult>::from_ron("s.ron", &text).unwrap_err();
        let lines: Vec<String> = err.to_string().lines().map(str::to_owned).collect();
        assert_eq!(lines.len(), 2, "{err}");
        assert!(lines[0].starts_with("s.ron:5:2: rolls 3-5: 9.42: not monotone"), "{err}");
        assert!(lines[0].ends_with("more hits on the attacker (2 after 1)"), "{err}");
        assert!(lines[1].starts_with("s.ron:6:2: rolls 6-9: 9.42: not monotone"), "{err}");
        assert!(lines[1].ends_with("fewer hits on the defender (0 after 1)"), "{err}");
    }

    #[test]
    fn empty_and_backward_tables_are_errors() {
        let err = RollTable::<ShockResult>::from_ron("s.ron", &table("")).unwrap_err();
        assert!(err.to_string().contains("9.42: the table has no rows"), "{err}");
        let backwards =
            table(&row(0, 9, 1, 1)).replace("printed_range: (0, 9)", "printed_range: (9, 0)");
        let err = RollTable::<ShockResult>::from_ron("s.ron", &backwards).unwrap_err();
        assert!(err.to_string().contains("printed range 9-0 runs backwards"), "{err}");
    }
}
