//! Arrival tables: for each entry area, whether units arrive automatically or on
//! which die roll (Alesia 5.33 Gallic Entry Arrival Table).

use core::fmt;
use serde::Deserialize;
use std::collections::BTreeMap;

use super::key::TableKey;
use super::odds::Distribution;
use super::report::Report;
use super::roll::FaceRange;
use super::{LoadTable, TableInfo};
use crate::data::Provenance;
use crate::dice::Die;

/// The raw RON form of an [`ArrivalTable`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrivalTableDef {
    /// The printed name.
    pub name: String,
    /// The defining rule section.
    pub rule: String,
    /// Provenance of the table as a whole.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// The die rolled (unmodified).
    pub die: Die,
    /// One row per entry area.
    pub areas: Vec<ArrivalRowDef>,
}

/// The raw RON form of one area's row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrivalRowDef {
    /// The area's key, e.g. `"III"`.
    pub area: String,
    /// `Automatic` or `OnRoll(low, high)`.
    pub arrival: ArrivalDef,
    /// Where this row comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of an arrival.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ArrivalDef {
    /// Arrives without a roll.
    Automatic,
    /// Arrives on an unmodified roll of `low` to `high`.
    OnRoll(i32, i32),
}

/// How units arrive in an area.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Arrival {
    /// Without a roll (Alesia 5.33: Areas I and II).
    Automatic,
    /// On an unmodified roll in this range (Alesia 5.42: "on die roll of 0-8").
    OnRoll(FaceRange),
}

impl Arrival {
    /// Whether a roll of `face` brings the units in.
    #[must_use]
    pub fn arrives(self, face: u8) -> bool {
        match self {
            Arrival::Automatic => true,
            Arrival::OnRoll(faces) => faces.contains(face),
        }
    }
}

impl fmt::Display for Arrival {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arrival::Automatic => f.write_str("automatic"),
            Arrival::OnRoll(faces) => write!(f, "on {faces}"),
        }
    }
}

/// One validated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrivalRow {
    /// How units arrive.
    pub arrival: Arrival,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it.
    pub note: String,
}

/// Arrival by entry area.
///
/// Validated: areas known and not repeated; roll ranges on the die and starting
/// at its lowest face (a lower roll is never worse: "arrives on 0-8").
///
/// ```
/// use gboh_core::table::{ArrivalTable, LoadTable};
/// gboh_core::table_key! {
///     /// A game's kinds of ground (any key type will do for the example).
///     pub enum TerrainKey: "unknown terrain" { Clear = "Clear", Woods = "Woods" }
/// }
/// let text = r#"(name: "Arrival", rule: "5.33", provenance: Reconstructed, die: D10, areas: [
///     (area: "Clear", arrival: Automatic, provenance: Printed("5.33")),
///     (area: "Woods", arrival: OnRoll(0, 8), provenance: Printed("5.42")),
/// ])"#;
/// let t: ArrivalTable<TerrainKey> = ArrivalTable::from_ron("a.ron", text).unwrap();
/// assert_eq!(t.arrives(&TerrainKey::Woods, 9), Some(false));
/// assert_eq!(t.distribution(&TerrainKey::Woods).unwrap().chance(&true).to_string(), "9/10");
/// assert_eq!(t.distribution(&TerrainKey::Clear).unwrap().chance(&true).to_string(), "1/1");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ArrivalTable<A> {
    info: TableInfo,
    die: Die,
    rows: BTreeMap<A, ArrivalRow>,
}

impl<A: TableKey> ArrivalTable<A> {
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

    /// Every row, in key order.
    pub fn rows(&self) -> impl Iterator<Item = (&A, &ArrivalRow)> {
        self.rows.iter()
    }

    /// The row for `area`.
    #[must_use]
    pub fn row(&self, area: &A) -> Option<&ArrivalRow> {
        self.rows.get(area)
    }

    /// How units arrive in `area`.
    #[must_use]
    pub fn arrival(&self, area: &A) -> Option<Arrival> {
        self.row(area).map(|r| r.arrival)
    }

    /// Whether a roll of `face` brings units into `area`.
    #[must_use]
    pub fn arrives(&self, area: &A, face: u8) -> Option<bool> {
        self.arrival(area).map(|a| a.arrives(face))
    }

    /// The exact chance of arriving: certain for automatic areas, else over
    /// the die's faces.
    #[must_use]
    pub fn distribution(&self, area: &A) -> Option<Distribution<bool>> {
        self.arrival(area).map(|a| match a {
            Arrival::Automatic => Distribution::certain(true),
            Arrival::OnRoll(faces) => Distribution::over_faces(self.die, |f| faces.contains(f)),
        })
    }
}

impl<A: TableKey> LoadTable for ArrivalTable<A> {
    type Def = ArrivalTableDef;

    fn validate(def: ArrivalTableDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let mut rows = BTreeMap::new();
        for (i, row) in def.areas.into_iter().enumerate() {
            let item = row.area.clone();
            let key = match A::parse_key(&row.area) {
                Ok(k) if rows.contains_key(&k) => {
                    report.at_field(
                        item.clone(),
                        "area",
                        i,
                        format!("{rule}: duplicated row for area {k}"),
                    );
                    None
                }
                Ok(k) => Some(k),
                Err(e) => {
                    report.at_field(item.clone(), "area", i, format!("{rule}: {e}"));
                    None
                }
            };
            let arrival = match row.arrival {
                ArrivalDef::Automatic => Some(Arrival::Automatic),
                ArrivalDef::OnRoll(low, high) => match FaceRange::new(def.die, low, high) {
                    Ok(faces) if faces.low() != def.die.min() => {
                        report.at_field(
                            item.clone(),
                            "area",
                            i,
                            format!(
                                "{rule}: arrival on {faces} does not start at {}: a lower roll is \
                                 never worse",
                                def.die.min()
                            ),
                        );
                        None
                    }
                    Ok(faces) => Some(Arrival::OnRoll(faces)),
                    Err(e) => {
                        report.at_field(item.clone(), "area", i, format!("{rule}: {e}"));
                        None
                    }
                },
            };
            if let (Some(k), Some(arrival)) = (key, arrival) {
                rows.insert(k, ArrivalRow { arrival, provenance: row.provenance, note: row.note });
            }
        }
        (report.count() == before).then(|| ArrivalTable {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            rows,
        })
    }
}
