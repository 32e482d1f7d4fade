//! 5.36 Terrain Effects and Movement Cost Chart (land units), rebuilt, and
//! the land combat tables the extract cuts off (Shock, weapon systems,
//! missiles, leader casualties), reconstructed from the simple family:
//! `data/alexandria/terrain.ron`, `land-*.ron`.

use std::sync::OnceLock;

use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::unit::UnitType;
pub use gboh_simple::tables::{Check, MissileColumn};
use gboh_simple::tables::{CombatFiles, CombatTables, Complete};
use serde::Deserialize;

/// The terrain chart's file.
pub const TERRAIN_FILE: &str = "data/alexandria/terrain.ron";
/// Its text.
pub const TERRAIN_RON: &str = include_str!("../../data/alexandria/terrain.ron");
/// The Shock Table's file.
pub const SHOCK_FILE: &str = "data/alexandria/land-shock.ron";
/// Its text.
pub const SHOCK_RON: &str = include_str!("../../data/alexandria/land-shock.ron");
/// The weapon systems matrix's file.
pub const WEAPONS_FILE: &str = "data/alexandria/land-weapon-systems.ron";
/// Its text.
pub const WEAPONS_RON: &str = include_str!("../../data/alexandria/land-weapon-systems.ron");
/// The missile table's file.
pub const MISSILE_FILE: &str = "data/alexandria/land-missile.ron";
/// Its text.
pub const MISSILE_RON: &str = include_str!("../../data/alexandria/land-missile.ron");
/// The die checks' file.
pub const CHECKS_FILE: &str = "data/alexandria/land-checks.ron";
/// Its text.
pub const CHECKS_RON: &str = include_str!("../../data/alexandria/land-checks.ron");

/// The land game's data files, by path.
pub const FILES: [(&str, &str); 5] = [
    (TERRAIN_FILE, TERRAIN_RON),
    (SHOCK_FILE, SHOCK_RON),
    (WEAPONS_FILE, WEAPONS_RON),
    (MISSILE_FILE, MISSILE_RON),
    (CHECKS_FILE, CHECKS_RON),
];

/// The unit types that shock (8.0): every land type but artillery.
pub const SHOCK_TYPES: [UnitType; 6] =
    [UnitType::CO, UnitType::HI, UnitType::MI, UnitType::LI, UnitType::LC, UnitType::AR];

/// A row of the terrain chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
pub enum Ground {
    /// A hex outside the city (5.21).
    Clear,
    /// A Point inside the city (5.23).
    Point,
    /// A Heptastadium causeway hex, treated as a Point (5.25).
    Causeway,
    /// A Block (5.23).
    Block,
    /// The Lighthouse (5.26).
    Lighthouse,
    /// A redoubt at an end of the Heptastadium (main game).
    Redoubt,
    /// Crossing the canal (5.24).
    Canal,
    /// A wall (5.33).
    Wall,
    /// The Main Gate (5.33).
    MainGate,
    /// An all-sea hexside or a sea hex (5.33).
    Sea,
}

impl Ground {
    /// Every row, in chart order.
    pub const ALL: [Ground; 10] = [
        Ground::Clear,
        Ground::Point,
        Ground::Causeway,
        Ground::Block,
        Ground::Lighthouse,
        Ground::Redoubt,
        Ground::Canal,
        Ground::Wall,
        Ground::MainGate,
        Ground::Sea,
    ];
}

/// What entering or crossing costs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum Cost {
    /// This many MP to enter.
    Mp(u8),
    /// The unit's entire printed MA and its activation (5.23).
    WholeMa,
    /// This many MP more to cross.
    Extra(u8),
    /// Not allowed.
    Prohibited,
}

/// One row of the chart (as in the file).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// Which.
    pub key: Ground,
    /// Movement.
    pub mp: Cost,
    /// The DRM added to the attacker's shock roll against a defender there.
    pub shock: i32,
    /// The DRM added to a missile roll at a target there.
    pub fire: i32,
    /// Where the figures come from.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChartDef {
    name: String,
    rule: String,
    rows: Vec<Row>,
}

/// The validated chart: one row per [`Ground`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainChart {
    rows: Vec<Row>,
}

impl TerrainChart {
    /// `key`'s row.
    #[must_use]
    pub fn row(&self, key: Ground) -> Option<&Row> {
        self.rows.iter().find(|r| r.key == key)
    }

    /// The MP to enter a place of `key` (`None`: not by MP).
    #[must_use]
    pub fn enter_mp(&self, key: Ground) -> Option<u8> {
        match self.row(key)?.mp {
            Cost::Mp(n) => Some(n),
            _ => None,
        }
    }

    /// The extra MP to cross `key` (`None`: prohibited).
    #[must_use]
    pub fn extra_mp(&self, key: Ground) -> Option<u8> {
        match self.row(key)?.mp {
            Cost::Extra(n) => Some(n),
            _ => None,
        }
    }

    /// The shock DRM for a defender in `key`.
    #[must_use]
    pub fn shock_drm(&self, key: Ground) -> i32 {
        self.row(key).map_or(0, |r| r.shock)
    }

    /// The fire DRM for a target in `key`.
    #[must_use]
    pub fn fire_drm(&self, key: Ground) -> i32 {
        self.row(key).map_or(0, |r| r.fire)
    }
}

/// Loads the terrain chart: every row once, places entered by MP, crossings
/// by extra MP.
///
/// # Errors
/// Every problem, as `file:line:column: item: message`.
pub fn load_terrain(file: &str, text: &str) -> Result<TerrainChart, DataError> {
    let def: ChartDef = parse_ron(file, text)?;
    let mut p = Problems::new(file, text);
    if def.name.is_empty() || def.rule != "5.36" {
        p.at("rule", "rule:", "the chart is 5.36 and has a name");
    }
    for key in Ground::ALL {
        let n = def.rows.iter().filter(|r| r.key == key).count();
        let name = format!("{key:?}");
        if n != 1 {
            p.at(name.clone(), "rows:", format!("5.36: {n} rows for {name}, want one"));
        }
    }
    for r in &def.rows {
        let name = format!("{:?}", r.key);
        let anchor = format!("key: {name},");
        let ok = match r.key {
            Ground::Canal | Ground::MainGate => matches!(r.mp, Cost::Extra(_)),
            Ground::Wall | Ground::Sea => r.mp == Cost::Prohibited,
            Ground::Block => r.mp == Cost::WholeMa,
            _ => matches!(r.mp, Cost::Mp(1..)),
        };
        if !ok {
            p.at(name.clone(), &anchor, format!("5.36: {:?} is not a cost {name} can have", r.mp));
        }
        if r.note.trim().is_empty() {
            p.at(name, &anchor, "every row says why (provenance note)");
        }
    }
    p.finish(TerrainChart { rows: def.rows })
}

/// Every land table: 5.36 and the family's four combat tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// 5.36.
    pub terrain: TerrainChart,
    /// The Shock Table, weapon systems, missile table and leader casualty
    /// checks.
    pub combat: CombatTables,
}

/// What the combat tables must hold: a weapon systems row and column for
/// every type that shocks (8.0), a missile column for each missile (7.0).
const COMPLETE: Complete<'static> =
    Complete { shock_types: &SHOCK_TYPES, weapons_section: "8.0", missile_section: "7.0" };

/// Loads the five files (`(file, text)` in [`FILES`] order).
///
/// # Errors
/// The first file's problems, each `file:line:column: item: message`.
pub fn load_tables(files: [(&str, &str); 5]) -> Result<Tables, DataError> {
    let [terrain, shock, weapons, missile, checks] = files;
    let terrain = load_terrain(terrain.0, terrain.1)?;
    let combat = CombatTables::load(CombatFiles { shock, weapons, missile, checks }, COMPLETE)?;
    Ok(Tables { terrain, combat })
}

/// Loads `text` as the land data file named like `which` (its path or file
/// name), the other four embedded, reporting problems under `file`.
///
/// # Errors
/// The file's problems, or one naming a file that is none of them.
pub fn load_as(which: &str, file: &str, text: &str) -> Result<Tables, DataError> {
    let name = which.rsplit('/').next().unwrap_or(which);
    let mut files = FILES;
    let slot = files.iter_mut().find(|(path, _)| path.rsplit('/').next() == Some(name));
    let Some(slot) = slot else {
        let mut p = Problems::new(file, text);
        p.item(file, "not a data file of the land game");
        return p.finish(tables()?.clone());
    };
    *slot = (file, text);
    load_tables(files)
}

/// The embedded tables, parsed once.
///
/// # Errors
/// The embedded files' problems.
pub fn tables() -> Result<&'static Tables, DataError> {
    static T: OnceLock<Result<Tables, DataError>> = OnceLock::new();
    T.get_or_init(|| load_tables(FILES)).as_ref().map_err(Clone::clone)
}
