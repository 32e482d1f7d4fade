//! Tables as data: single-column roll tables, threshold (missile) tables, column
//! CRTs with shifts, DRM matrices, terrain effects, arrival tables and named die
//! checks, all read from RON and validated.
//!
//! Every table goes through the data layer's two steps ([`crate::data`]): a raw
//! `...Def` type that mirrors the RON file (`deny_unknown_fields`), then
//! [`LoadTable::validate`], which collects *every* problem (gaps and overlaps
//! in roll ranges, duplicated rows, unknown keys, faces off the die, and the
//! monotonicity rule: a higher modified roll is never worse for the roller) with
//! the file, line, column and item of each. Validated tables never panic on a
//! lookup, and give the exact odds of their results over the faces of a die
//! ([`Distribution`]), for `check()` previews.
//!
//! Each table, and each row or value whose source differs, carries a
//! [`Provenance`]: `Printed("9.22")`, `Transcribed(..)` or `Reconstructed`.
//!
//! ```
//! use gboh_core::table::{Drm, LoadTable, RollTable, ShockResult};
//! let text = r#"(
//!     name: "Shock Table", rule: "9.42", provenance: Reconstructed, die: D10,
//!     printed_range: (0, 9),
//!     rows: [
//!         (rolls: (0, 4), result: (attacker_hits: 2, defender_hits: 1), provenance: Reconstructed),
//!         (rolls: (5, 9), result: (attacker_hits: 1, defender_hits: 2), provenance: Reconstructed),
//!     ],
//! )"#;
//! let table: RollTable<ShockResult> = RollTable::from_ron("shock.ron", text).unwrap();
//! assert_eq!(table.resolve(5, Drm(-1)).to_string(), "2/1");
//! assert_eq!(table.resolve(9, Drm(7)).to_string(), "1/2"); // clamped to 9
//! let odds = table.distribution(Drm(-1));
//! assert_eq!(odds.chance(&table.resolve(9, Drm(0)).clone()).to_string(), "4/10");
//!
//! // A gap is reported with its place and item, and nothing panics.
//! let broken = text.replace("(5, 9)", "(6, 9)");
//! let err = RollTable::<ShockResult>::from_ron("shock.ron", &broken).unwrap_err();
//! assert_eq!(err.to_string(), "shock.ron:6:10: rolls 6-9: 9.42: gap: no row for modified roll 5");
//! ```

mod arrival;
mod check;
mod crt;
mod key;
mod matrix;
mod modifier;
mod nonempty;
mod odds;
mod report;
mod result;
mod roll;
mod roll_table;
mod shock;
mod sourced;
pub mod terrain;
mod threshold;

pub use arrival::{Arrival, ArrivalDef, ArrivalRow, ArrivalRowDef, ArrivalTable, ArrivalTableDef};
pub use check::{CheckRoll, CheckRow, CheckRowDef, CheckTable, CheckTableDef, DieCheck};
pub use crt::{ColumnCrt, ColumnCrtDef, CrtColumn, CrtRow, CrtRowDef};
pub use key::{TableKey, UnknownKey};
pub use matrix::{CellSourceDef, DrmCell, DrmMatrix, DrmMatrixDef, DrmRowDef};
pub use modifier::{Modifier, Modifiers};
pub use odds::{Chance, Distribution};
pub use report::Report;
pub use result::TableResult;
pub use roll::{Drm, FaceRange, ModifiedRoll, RollRange};
pub use roll_table::{RollRow, RollRowDef, RollTable, RollTableDef};
pub use shock::ShockResult;
pub use sourced::Sourced;
pub use terrain::{TerrainEffects, TerrainEffectsDef};
pub use threshold::{
    NoFire, RangeEntry, RangeEntryDef, ThresholdColumn, ThresholdColumnDef, ThresholdTable,
    ThresholdTableDef,
};

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::data::{DataError, Provenance, parse_ron};

/// What every table says about itself: its printed name, the rule that
/// defines it, its provenance as a whole, and a free-text note on its sources.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct TableInfo {
    /// The table's printed name ("Shock Table").
    pub name: String,
    /// The rule section that defines it ("9.42").
    pub rule: String,
    /// Provenance of the table as a whole (rows and values may say otherwise).
    pub provenance: Provenance,
    /// How its values were obtained; empty when there is nothing to add.
    pub note: String,
}

/// A table that loads from RON: a raw definition, validated into `Self`.
///
/// `validate` plays the part of STYLE.md's `TryFrom`: it needs the text as well
/// as the definition, to say where each problem is, so it takes a [`Report`].
pub trait LoadTable: Sized {
    /// The raw serde type that mirrors the RON file.
    type Def: DeserializeOwned;

    /// Validates a parsed definition, recording every problem in `report`.
    ///
    /// Returns `Some` exactly when it recorded no problem.
    fn validate(def: Self::Def, report: &mut Report<'_>) -> Option<Self>;

    /// Parses and validates `text`, the contents of `file`.
    ///
    /// # Errors
    /// A [`DataError`] listing every problem (or the syntax error), each with
    /// its file, line, column and item.
    fn from_ron(file: &str, text: &str) -> Result<Self, DataError> {
        Self::from_ron_checked(file, text, |_, _| {})
    }

    /// Like [`LoadTable::from_ron`], then runs a game's own `check` on the
    /// valid table (e.g. "every Entry Area has a row"), reporting into the same
    /// error.
    ///
    /// # Errors
    /// As [`LoadTable::from_ron`], plus whatever `check` reports.
    fn from_ron_checked(
        file: &str,
        text: &str,
        check: impl FnOnce(&Self, &mut Report<'_>),
    ) -> Result<Self, DataError> {
        let def = parse_ron::<Self::Def>(file, text)?;
        let mut report = Report::new(file, text);
        let table = Self::validate(def, &mut report);
        if let Some(t) = &table {
            check(t, &mut report);
        }
        report.finish_option(table)
    }
}
