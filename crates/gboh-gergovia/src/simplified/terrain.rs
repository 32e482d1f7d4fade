//! The Simplified GBoH Terrain Effects Table (5.1: "Only the terrain effects
//! list of this module applies"), rebuilt row by row from the seed's garbled
//! layout (`data/gergovia/simplified-terrain.ron`), each cell printed or
//! reconstructed.

use std::collections::BTreeMap;

use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::table::Sourced;
use gboh_core::unit::UnitType;
use serde::Deserialize;

/// The file, as embedded.
pub const TERRAIN_FILE: &str = "data/gergovia/simplified-terrain.ron";
/// Its text.
pub const TERRAIN_RON: &str = include_str!("../../data/gergovia/simplified-terrain.ron");

/// A row of the table, by what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum TerrainRow {
    /// Open ground.
    Clear,
    /// Woods.
    Woods,
    /// Rocky ground.
    Rough,
    /// The town's streets (not a row of the seed).
    Town,
    /// The Gallic camp hexes before the town wall.
    GallicCamp,
    /// A minor river hexside.
    MinorRiver,
    /// The 1.8 m stone walls.
    StoneWall,
    /// A stone wall knocked down ("Wall Down/Rubble").
    Rubble,
    /// A Roman camp wall hexside.
    CampWall,
    /// A Roman camp gate.
    CampGate,
    /// A tower of the large camp.
    Tower,
    /// The wall of Gergovia.
    TownWall,
    /// A gate of Gergovia.
    TownGate,
    /// Crossing into or out of the sunken road.
    SunkenRoad,
    /// The sunken road's embankment.
    Embankment,
    /// Up one level.
    UpOneLevel,
    /// Down one level.
    DownOneLevel,
    /// Up two levels.
    UpTwoLevels,
}

impl TerrainRow {
    /// Every row the rules read.
    pub const ALL: [TerrainRow; 18] = [
        TerrainRow::Clear,
        TerrainRow::Woods,
        TerrainRow::Rough,
        TerrainRow::Town,
        TerrainRow::GallicCamp,
        TerrainRow::MinorRiver,
        TerrainRow::StoneWall,
        TerrainRow::Rubble,
        TerrainRow::CampWall,
        TerrainRow::CampGate,
        TerrainRow::Tower,
        TerrainRow::TownWall,
        TerrainRow::TownGate,
        TerrainRow::SunkenRoad,
        TerrainRow::Embankment,
        TerrainRow::UpOneLevel,
        TerrainRow::DownOneLevel,
        TerrainRow::UpTwoLevels,
    ];

    /// The row named `name` in the file (its variant's name).
    #[must_use]
    pub fn from_name(name: &str) -> Option<TerrainRow> {
        TerrainRow::ALL.into_iter().find(|r| format!("{r:?}") == name)
    }
}

/// One cell: what a column's movers pay.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Cell {
    /// This many MP (to enter a hex, or extra to cross a hexside).
    Mp(u8),
    /// The seed's "n(h)": n MP, and one more MP or one cohesion hit.
    MpOrHit(u8),
    /// The seed's "+nh"/"+nhh": n MP and this many hits.
    MpHits(u8, u8),
    /// The seed's "P".
    Prohibited,
}

impl Cell {
    /// The MP the engine charges, `None` if prohibited: "(h)" is taken as
    /// the extra MP (the engine's move has no hits for ground).
    #[must_use]
    pub const fn mp(self) -> Option<u8> {
        match self {
            Cell::Mp(n) | Cell::MpHits(n, _) => Some(n),
            Cell::MpOrHit(n) => Some(n.saturating_add(1)),
            Cell::Prohibited => None,
        }
    }
}

/// The column a mover reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Column {
    /// Cohorts.
    Co,
    /// Leaders.
    Leader,
    /// Skirmishers and light infantry.
    Sk,
    /// Barbarian infantry.
    Bi,
    /// Cavalry (not a column of the seed: reconstructed).
    Cavalry,
}

impl Column {
    /// The column a unit of `t` reads (`None` for a leader).
    #[must_use]
    pub fn of(t: Option<UnitType>) -> Column {
        match t {
            None => Column::Leader,
            Some(UnitType::CO | UnitType::LG) => Column::Co,
            Some(UnitType::SK | UnitType::LI | UnitType::AR) => Column::Sk,
            Some(t) if t.is_cavalry() => Column::Cavalry,
            Some(_) => Column::Bi,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RowDef {
    key: String,
    co: Sourced<Cell>,
    leader: Sourced<Cell>,
    sk: Sourced<Cell>,
    bi: Sourced<Cell>,
    cavalry: Sourced<Cell>,
    column: Sourced<Cell>,
    melee: Sourced<Option<i32>>,
    fire: Sourced<Option<i32>>,
    #[serde(default)]
    note: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FacingDef {
    co: Sourced<u8>,
    leader: Sourced<u8>,
    sk: Sourced<u8>,
    bi: Sourced<u8>,
    cavalry: Sourced<u8>,
    #[serde(default)]
    note: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct OwnUnitDef {
    co: Sourced<u8>,
    leader: Sourced<u8>,
    sk: Sourced<u8>,
    bi: Sourced<u8>,
    #[serde(default)]
    note: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableDef {
    name: String,
    rule: String,
    provenance: Provenance,
    #[serde(default)]
    note: String,
    rows: Vec<RowDef>,
    facing: FacingDef,
    own_unit: OwnUnitDef,
}

/// One validated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    cells: [Sourced<Cell>; 5],
    /// The march column's cell (kept as printed; the engine has no march
    /// column).
    pub column: Sourced<Cell>,
    /// The melee DRM ("-": none).
    pub melee: Sourced<Option<i32>>,
    /// The fire DRM ("-": none).
    pub fire: Sourced<Option<i32>>,
}

impl Row {
    /// The cell column `c` reads.
    #[must_use]
    pub fn cell(&self, c: Column) -> &Sourced<Cell> {
        let i = match c {
            Column::Co => 0,
            Column::Leader => 1,
            Column::Sk => 2,
            Column::Bi => 3,
            Column::Cavalry => 4,
        };
        &self.cells[i]
    }
}

/// The validated table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainTable {
    /// Its printed name.
    pub name: String,
    /// The section that makes it apply.
    pub rule: String,
    /// Its provenance as a whole.
    pub provenance: Provenance,
    rows: BTreeMap<TerrainRow, Row>,
    facing: [Sourced<u8>; 5],
    own_unit: [Sourced<u8>; 4],
}

impl TerrainTable {
    /// The row for `key` (every row is present: the loader checks).
    #[must_use]
    pub fn row(&self, key: TerrainRow) -> Option<&Row> {
        self.rows.get(&key)
    }

    /// The MP for column `c` in row `key`, `None` if prohibited or absent.
    #[must_use]
    pub fn mp(&self, key: TerrainRow, c: Column) -> Option<u8> {
        self.row(key).and_then(|r| r.cell(c).value.mp())
    }

    /// The melee DRM of row `key` (0 for "-").
    #[must_use]
    pub fn melee_drm(&self, key: TerrainRow) -> i32 {
        self.row(key).and_then(|r| r.melee.value).unwrap_or(0)
    }

    /// The fire DRM of row `key` (0 for "-").
    #[must_use]
    pub fn fire_drm(&self, key: TerrainRow) -> i32 {
        self.row(key).and_then(|r| r.fire.value).unwrap_or(0)
    }

    /// What column `c` pays to turn one corner.
    #[must_use]
    pub fn facing_mp(&self, c: Column) -> u8 {
        let i = match c {
            Column::Co => 0,
            Column::Leader => 1,
            Column::Sk => 2,
            Column::Bi => 3,
            Column::Cavalry => 4,
        };
        self.facing[i].value
    }

    /// What column `c` pays to enter a hex of friends (\[h\]).
    #[must_use]
    pub fn own_unit_mp(&self, c: Column) -> u8 {
        let i = match c {
            Column::Co => 0,
            Column::Leader => 1,
            Column::Sk => 2,
            Column::Bi | Column::Cavalry => 3,
        };
        self.own_unit[i].value
    }
}

/// The embedded table, parsed once.
///
/// # Errors
/// The embedded file's problems.
pub fn terrain_table() -> Result<&'static TerrainTable, DataError> {
    static T: std::sync::OnceLock<Result<TerrainTable, DataError>> = std::sync::OnceLock::new();
    T.get_or_init(|| load_terrain_table(TERRAIN_FILE, TERRAIN_RON)).as_ref().map_err(Clone::clone)
}

/// Loads a Simplified GBoH Terrain Effects Table (a user's own copy).
///
/// # Errors
/// Every problem, with `file:line:column: item: message`: an unknown field,
/// a row listed twice, a row missing.
pub fn load_terrain_table(file: &str, text: &str) -> Result<TerrainTable, DataError> {
    let def: TableDef = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    let mut rows = BTreeMap::new();
    for r in def.rows {
        let _ = &r.note;
        let Some(key) = TerrainRow::from_name(&r.key) else {
            problems.at(r.key.clone(), &format!("key: \"{}\"", r.key), "5.1: no such row");
            continue;
        };
        let row = Row {
            cells: [r.co, r.leader, r.sk, r.bi, r.cavalry],
            column: r.column,
            melee: r.melee,
            fire: r.fire,
        };
        if rows.insert(key, row).is_some() {
            problems.at(format!("{key:?}"), &format!("key: \"{key:?}\""), "5.1: row listed twice");
        }
    }
    for key in TerrainRow::ALL {
        if !rows.contains_key(&key) {
            problems.at(format!("{key:?}"), "rows", format!("5.1: the table has no {key:?} row"));
        }
    }
    let (f, o) = (def.facing, def.own_unit);
    let _ = (&f.note, &o.note, &def.note);
    problems.finish(TerrainTable {
        name: def.name,
        rule: def.rule,
        provenance: def.provenance,
        rows,
        facing: [f.co, f.leader, f.sk, f.bi, f.cavalry],
        own_unit: [o.co, o.leader, o.sk, o.bi],
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn the_embedded_table_loads_with_every_row() {
        let t = terrain_table().unwrap();
        for key in TerrainRow::ALL {
            assert!(t.row(key).is_some(), "{key:?}");
        }
    }

    #[test]
    fn a_missing_row_is_named_with_its_file() {
        let text = TERRAIN_RON.replace("(key: \"Tower\"", "(key: \"Clear\"");
        let err = load_terrain_table("mine.ron", &text).unwrap_err().to_string();
        assert!(err.contains("mine.ron"), "{err}");
        assert!(err.contains("Tower"), "{err}");
        assert!(err.contains("twice"), "{err}");
    }
}
