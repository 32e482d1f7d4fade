//! Tables read with one unmodified (or clamped) die roll that give an outcome
//! with no "better for the roller" order: the leader casualty tables, the die
//! roll of doom, the Rally Table.

use gboh_core::data::Provenance;
use gboh_core::dice::Die;
use gboh_core::table::{Distribution, LoadTable, Report, TableInfo};
use serde::Deserialize;
use serde::de::DeserializeOwned;

/// The raw RON form of a [`FaceTable`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceTableDef<O> {
    /// The printed name.
    pub name: String,
    /// The defining rule.
    pub rule: String,
    /// Provenance of the whole table.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// The die rolled.
    pub die: Die,
    /// The rows, lowest faces first.
    pub rows: Vec<FaceRowDef<O>>,
}

/// The raw RON form of one row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaceRowDef<O> {
    /// The faces the row covers, inclusive.
    pub faces: (u8, u8),
    /// What those faces give.
    pub outcome: O,
    /// Where the row comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// One validated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaceRow<O> {
    /// The faces, inclusive.
    pub faces: (u8, u8),
    /// The outcome.
    pub outcome: O,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it.
    pub note: String,
}

/// A die roll to an outcome, every face covered exactly once.
///
/// ```
/// use gboh_core::table::LoadTable;
/// use gboh_standard::tables::FaceTable;
/// let t: FaceTable<u8> = FaceTable::from_ron("t.ron", r#"(name: "T", rule: "SPQR 5.33",
///     provenance: Reconstructed, die: D10, rows: [
///     (faces: (0, 4), outcome: 1, provenance: Reconstructed),
///     (faces: (5, 9), outcome: 2, provenance: Reconstructed)])"#).unwrap();
/// assert_eq!(t.outcome(7), &2);
/// assert_eq!(t.outcome(12), &2); // clamped to 9
/// assert_eq!(t.distribution().chance(&1).to_string(), "5/10");
/// let gap = FaceTable::<u8>::from_ron("t.ron", r#"(name: "T", rule: "SPQR 5.33",
///     provenance: Reconstructed, die: D10, rows: [
///     (faces: (0, 4), outcome: 1, provenance: Reconstructed),
///     (faces: (6, 9), outcome: 2, provenance: Reconstructed)])"#).unwrap_err();
/// assert!(gap.to_string().contains("face 5 has no row"), "{gap}");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaceTable<O> {
    info: TableInfo,
    die: Die,
    rows: Vec<FaceRow<O>>,
    /// The row index of each face, lowest face first.
    by_face: Vec<usize>,
    /// The first row (a validated table has one), for lookups that cannot fail.
    first: FaceRow<O>,
}

impl<O> FaceTable<O> {
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

    /// Every row, lowest faces first.
    #[must_use]
    pub fn rows(&self) -> &[FaceRow<O>] {
        &self.rows
    }

    /// The row for `face` (clamped to the die's faces).
    #[must_use]
    pub fn row(&self, face: i32) -> &FaceRow<O> {
        let face = face.clamp(i32::from(self.die.min()), i32::from(self.die.max()));
        let index = usize::try_from(face - i32::from(self.die.min())).unwrap_or(0);
        let row = self.by_face.get(index).copied().unwrap_or(0);
        self.rows.get(row).unwrap_or(&self.first)
    }

    /// The outcome for `face`; a face off the die reads its nearest face.
    #[must_use]
    pub fn outcome(&self, face: i32) -> &O {
        &self.row(face).outcome
    }

    /// The exact distribution of outcomes over the die's faces.
    #[must_use]
    pub fn distribution(&self) -> Distribution<O>
    where
        O: Clone + PartialEq,
    {
        self.distribution_with(0)
    }

    /// The exact distribution with `drm` added to every face (read clamped).
    #[must_use]
    pub fn distribution_with(&self, drm: i32) -> Distribution<O>
    where
        O: Clone + PartialEq,
    {
        Distribution::over_faces(self.die, |f| self.outcome(i32::from(f) + drm).clone())
    }
}

impl<O: DeserializeOwned + Clone> LoadTable for FaceTable<O> {
    type Def = FaceTableDef<O>;

    fn validate(def: FaceTableDef<O>, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let mut next = def.die.min();
        let mut done = false;
        for (i, row) in def.rows.iter().enumerate() {
            let (lo, hi) = row.faces;
            let item = format!("faces {lo}-{hi}");
            if lo > hi || hi > def.die.max() || lo < def.die.min() {
                report.at_field(
                    item,
                    "faces",
                    i,
                    format!("{rule}: faces {lo}-{hi} are not a range of the {:?}", def.die),
                );
                continue;
            }
            if done || lo < next {
                report.at_field(
                    item,
                    "faces",
                    i,
                    format!("{rule}: overlap: face {lo} already has a row"),
                );
            } else if lo > next {
                report.at_field(item, "faces", i, format!("{rule}: gap: face {next} has no row"));
            }
            if hi == def.die.max() {
                done = true;
            } else {
                next = hi + 1;
            }
        }
        if !done {
            report.at_field(
                def.name.clone(),
                "rows",
                0,
                format!("{rule}: face {} and above have no row", next),
            );
        }
        if report.count() > before {
            return None;
        }
        let rows: Vec<FaceRow<O>> = def
            .rows
            .into_iter()
            .map(|r| FaceRow {
                faces: r.faces,
                outcome: r.outcome,
                provenance: r.provenance,
                note: r.note,
            })
            .collect();
        let by_face = def
            .die
            .faces()
            .map(|f| rows.iter().position(|r| (r.faces.0..=r.faces.1).contains(&f)).unwrap_or(0))
            .collect();
        let first = rows.first()?.clone();
        Some(FaceTable {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            rows,
            by_face,
            first,
        })
    }
}
