//! The Movement Cost Table as the seed prints it (`data/gergovia/movement.ron`,
//! "Tables for Gergovia"), each cell marked printed or reconstructed, and
//! what one step costs on the Gergovia map under it and 6.72 (the standard
//! version's hook [`gboh_standard::StandardGame::step_cost`]).
//!
//! ```
//! use gboh_gergovia::movement::{self, Class, Row};
//! let t = movement::table().unwrap();
//! // "Gergovia wall [d] +4 2 3 P": +4 MP, 3 hits to a cohort, no cavalry.
//! assert_eq!(t.row(Row::TownWall).unwrap().printed, "+423P");
//! assert_eq!(t.hits(Row::TownWall, Class::Cohort, false), Some(3));
//! assert_eq!(t.hits(Row::TownWall, Class::Cavalry, false), None);
//! // A gate costs +2 MP, +1 in march column.
//! assert_eq!(t.half_mp(Row::TownGate, false), (false, 4));
//! assert_eq!(t.half_mp(Row::TownGate, true), (false, 2));
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::{Board, HexsideFeature, Terrain};
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::facing::Direction;
use gboh_core::unit::UnitType;
use gboh_standard::movement::StepCost;
use gboh_standard::state::Field;
use hexx::Hex;
use serde::Deserialize;

use crate::map::{self, areas};

/// The name the embedded table reports errors under.
pub const MOVEMENT_FILE: &str = "data/gergovia/movement.ron";
/// The embedded table.
pub const MOVEMENT_RON: &str = include_str!("../data/gergovia/movement.ron");

/// A row of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Row {
    /// Open ground.
    OpenGround,
    /// Woods.
    Woods,
    /// Rocky ground.
    RockyGround,
    /// Gallic camp ("treated as open ground").
    GallicCamp,
    /// Minor river (a hexside).
    MinorRiver,
    /// 1.8 m stone wall \[b\] (a hexside).
    StoneWall,
    /// Wall down / rubble.
    WallDown,
    /// Roman camp wall (a hexside).
    CampWall,
    /// Roman camp gate (a hexside).
    CampGate,
    /// Tower \[c\] (a hex).
    Tower,
    /// Gergovia wall \[d\] (a hexside).
    TownWall,
    /// Gergovia gate (a hexside).
    TownGate,
    /// Sunken road \[b\]: crossing into or out of it.
    SunkenRoad,
    /// Embankment (a hexside).
    Embankment,
    /// Up one level.
    UpOneLevel,
    /// Down one level.
    DownOneLevel,
    /// Up two levels.
    UpTwoLevels,
    /// Down two levels.
    DownTwoLevels,
}

impl Row {
    /// Every row, in printed order.
    pub const ALL: [Row; 18] = [
        Row::OpenGround,
        Row::Woods,
        Row::RockyGround,
        Row::GallicCamp,
        Row::MinorRiver,
        Row::StoneWall,
        Row::WallDown,
        Row::CampWall,
        Row::CampGate,
        Row::Tower,
        Row::TownWall,
        Row::TownGate,
        Row::SunkenRoad,
        Row::Embankment,
        Row::UpOneLevel,
        Row::DownOneLevel,
        Row::UpTwoLevels,
        Row::DownTwoLevels,
    ];
}

/// An MP cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Mp {
    /// The cost to enter the hex ("1", "2").
    Enter(u8),
    /// Added to the hex's cost ("+1"; "0" for nothing).
    Plus(u8),
}

impl Mp {
    fn printed(self) -> String {
        match self {
            Mp::Enter(n) | Mp::Plus(n @ 0) => n.to_string(),
            Mp::Plus(n) => format!("+{n}"),
        }
    }
}

/// A cohesion cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Hits {
    /// Hits taken.
    Hits(u8),
    /// "P": prohibited.
    Prohibited,
}

impl Hits {
    fn printed(self) -> String {
        match self {
            Hits::Hits(n) => n.to_string(),
            Hits::Prohibited => "P".to_owned(),
        }
    }
}

/// One cell: its value, and right of the "/" the march column's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Cell<T> {
    /// The value.
    pub value: T,
    /// The march column's value, if printed.
    #[serde(default = "no_column")]
    pub column: Option<T>,
}

const fn no_column<T>() -> Option<T> {
    None
}

impl<T: Copy> Cell<T> {
    /// The value for a unit in march column or not.
    #[must_use]
    pub fn get(&self, in_column: bool) -> T {
        if in_column { self.column.unwrap_or(self.value) } else { self.value }
    }
}

/// One row as the file writes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RowDef {
    /// Which row.
    pub row: Row,
    /// The run of characters the seed prints for it.
    pub printed: String,
    /// Read as another row.
    #[serde(default)]
    pub same_as: Option<Row>,
    /// MP.
    #[serde(default)]
    pub mp: Option<Cell<Mp>>,
    /// SK/LI/BI.
    #[serde(default)]
    pub light: Option<Cell<Hits>>,
    /// CO.
    #[serde(default)]
    pub cohort: Option<Cell<Hits>>,
    /// Cavalry.
    #[serde(default)]
    pub cavalry: Option<Cell<Hits>>,
    /// Cells whose reading is ours, by column name, with the reason.
    #[serde(default)]
    pub reconstructed: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableDef {
    provenance: Provenance,
    rows: Vec<RowDef>,
}

/// A cohesion column of the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// SK/LI/BI (skirmishers, light infantry, barbarian infantry).
    Light,
    /// CO (cohorts).
    Cohort,
    /// Cavalry.
    Cavalry,
    /// \[a\] "Units not listed have no cohesion effect from movement".
    Unlisted,
}

impl Class {
    /// The column a unit type reads.
    #[must_use]
    pub const fn of(t: UnitType) -> Class {
        match t {
            UnitType::SK | UnitType::LI | UnitType::BI | UnitType::AR => Class::Light,
            UnitType::CO | UnitType::LG => Class::Cohort,
            UnitType::HC | UnitType::LN | UnitType::LC | UnitType::GC => Class::Cavalry,
            _ => Class::Unlisted,
        }
    }
}

/// The table, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovementTable {
    /// Where it comes from.
    pub provenance: Provenance,
    rows: Vec<RowDef>,
}

impl MovementTable {
    /// Row `row` as written (a `same_as` row as itself).
    #[must_use]
    pub fn row(&self, row: Row) -> Option<&RowDef> {
        self.rows.iter().find(|r| r.row == row)
    }

    /// The row whose cells `row` reads (following `same_as`).
    fn cells(&self, row: Row) -> Option<&RowDef> {
        let r = self.row(row)?;
        match r.same_as {
            Some(other) => self.row(other),
            None => Some(r),
        }
    }

    /// Cell `column` ("mp", "light", "cohort", "cavalry") of `row`: Printed
    /// (the table's provenance), or Reconstructed where the split of the
    /// printed run is our reading ([`Self::reconstruction`] says why).
    #[must_use]
    pub fn provenance(&self, row: Row, column: &str) -> Provenance {
        if self.reconstruction(row, column).is_some() || self.row(row).is_none() {
            Provenance::Reconstructed
        } else {
            self.provenance.clone()
        }
    }

    /// Why cell `column` of `row` is Reconstructed, if it is.
    #[must_use]
    pub fn reconstruction(&self, row: Row, column: &str) -> Option<&str> {
        self.row(row).and_then(|r| r.reconstructed.get(column)).map(String::as_str)
    }

    /// The MP of `row`: (entering cost or not, half-MP).
    #[must_use]
    pub fn half_mp(&self, row: Row, in_column: bool) -> (bool, u16) {
        match self.cells(row).and_then(|r| r.mp).map(|c| c.get(in_column)) {
            Some(Mp::Enter(n)) => (true, u16::from(n) * 2),
            Some(Mp::Plus(n)) => (false, u16::from(n) * 2),
            None => (false, 0),
        }
    }

    /// The hits of `row` for `class`; `None`: prohibited.
    #[must_use]
    pub fn hits(&self, row: Row, class: Class, in_column: bool) -> Option<u8> {
        if class == Class::Unlisted {
            // [a]: no cohesion effect, but a prohibition is still one.
            return match self.cells(row).and_then(|r| r.cavalry).map(|c| c.get(in_column)) {
                Some(Hits::Prohibited) => None,
                _ => Some(0),
            };
        }
        let r = self.cells(row)?;
        let cell = match class {
            Class::Light => r.light,
            Class::Cohort => r.cohort,
            Class::Cavalry | Class::Unlisted => r.cavalry,
        };
        match cell.map(|c| c.get(in_column)) {
            Some(Hits::Hits(n)) => Some(n),
            Some(Hits::Prohibited) => None,
            None => Some(0),
        }
    }
}

/// The embedded table, parsed once.
///
/// # Errors
/// The embedded file's problems (only if it was edited wrongly).
pub fn table() -> Result<&'static MovementTable, DataError> {
    static T: OnceLock<Result<MovementTable, DataError>> = OnceLock::new();
    T.get_or_init(|| load_table(MOVEMENT_FILE, MOVEMENT_RON)).as_ref().map_err(Clone::clone)
}

/// Loads a Movement Cost Table.
///
/// # Errors
/// Syntax errors; a row missing or listed twice; a row whose cells, written
/// one after the other, do not give back its printed run; a row with no
/// cells and no `same_as`; a `reconstructed` entry naming no column. Each
/// problem names the file, line, column and row.
pub fn load_table(file: &str, text: &str) -> Result<MovementTable, DataError> {
    let def: TableDef = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    for row in Row::ALL {
        let n = def.rows.iter().filter(|r| r.row == row).count();
        if n != 1 {
            problems.at(
                format!("{row:?}"),
                "rows",
                format!("the table has {n} rows {row:?}, not one"),
            );
        }
    }
    for r in &def.rows {
        let item = format!("{:?}", r.row);
        let anchor = format!("row: {item},");
        let cells = [
            r.mp.map(|c| cell_text(c.value.printed(), c.column.map(Mp::printed))),
            r.light.map(|c| cell_text(c.value.printed(), c.column.map(Hits::printed))),
            r.cohort.map(|c| cell_text(c.value.printed(), c.column.map(Hits::printed))),
            r.cavalry.map(|c| cell_text(c.value.printed(), c.column.map(Hits::printed))),
        ];
        match r.same_as {
            Some(other) => {
                if cells.iter().any(Option::is_some) {
                    problems.at(item.clone(), &anchor, "a same_as row has no cells of its own");
                }
                if def.rows.iter().any(|o| o.row == other && o.same_as.is_some()) || other == r.row
                {
                    problems.at(item.clone(), &anchor, "same_as must name a row with cells");
                }
            }
            None => {
                if cells.iter().any(Option::is_none) {
                    problems.at(
                        item.clone(),
                        &anchor,
                        "every row has mp, light, cohort and cavalry cells",
                    );
                } else {
                    let written: String = cells.into_iter().flatten().collect();
                    if written != r.printed {
                        problems.at(
                            item.clone(),
                            &anchor,
                            format!("the cells read {written:?}, the seed prints {:?}", r.printed),
                        );
                    }
                }
            }
        }
        for column in r.reconstructed.keys() {
            if !["mp", "light", "cohort", "cavalry"].contains(&column.as_str()) {
                problems.at(
                    item.clone(),
                    &anchor,
                    format!("no column {column:?} (mp, light, cohort, cavalry)"),
                );
            }
        }
    }
    problems.finish(MovementTable { provenance: def.provenance, rows: def.rows })
}

fn cell_text(value: String, column: Option<String>) -> String {
    match column {
        Some(c) => format!("{value}/{c}"),
        None => value,
    }
}

/// The section the wall rolls cite.
pub const SPECIAL_TERRAIN: &str = "Gergovia, Special Terrain Notes";

/// Special Terrain Notes: the roll against TQ a step over this hexside
/// asks: the town wall (not a gate), before crossing ("Before a unit
/// crosses the wall, it must roll. If the die roll is at least the unit's
/// TQ, the unit may not cross and is finished for this command phase"); a
/// stone wall, after ("After crossing, the die is rolled, and the unit is
/// finished for this command phase if the roll is at least the TQ"). The
/// engine rolls a d10 (0-9) and marks a stopped unit as moving no more this
/// Orders Phase.
#[must_use]
pub fn crossing_roll(
    board: &Board,
    from: Hex,
    dir: Direction,
) -> Option<gboh_standard::CrossingRoll> {
    let has = |f| board.has_hexside(from, dir, f);
    if has(HexsideFeature::TownWall) && !has(HexsideFeature::Gate) {
        Some(gboh_standard::CrossingRoll {
            rule: SPECIAL_TERRAIN,
            before: true,
            what: "the town wall".to_owned(),
        })
    } else if has(HexsideFeature::StoneWall) {
        Some(gboh_standard::CrossingRoll {
            rule: SPECIAL_TERRAIN,
            before: false,
            what: "a stone wall".to_owned(),
        })
    } else {
        None
    }
}

/// Which side a fortification belongs to, and whether a hexside of it is a
/// gate (6.71: the town's wall is the Gauls', the camps' walls Rome's).
pub(crate) fn fortification(
    board: &Board,
    from: Hex,
    dir: Direction,
) -> Option<(Side, bool, bool)> {
    let has = |f| board.has_hexside(from, dir, f);
    let gate = has(HexsideFeature::Gate);
    if has(HexsideFeature::TownWall) {
        Some((Side::Adversary, gate, true))
    } else if has(HexsideFeature::CampWall) {
        Some((Side::Roman, gate, false))
    } else {
        None
    }
}

/// Whether the hexside from `from` toward `dir` is fortified (6.72: a camp
/// or town wall, or a gate in one).
#[must_use]
pub fn fortified(board: &Board, from: Hex, dir: Direction) -> bool {
    fortification(board, from, dir).is_some()
}

/// 8.4: the cohesion hits `unit` takes to advance from `from` over a wall
/// or gate into the fortification beyond (the Movement Cost Table's row for
/// that hexside and the unit's class); none for an advance that does not
/// go in over one, or that the table prohibits (the advance is then not
/// made: `melee::may_advance`, 6.72).
#[must_use]
pub fn wall_advance_hits(
    table: &MovementTable,
    field: &Field,
    unit: usize,
    from: Hex,
    dir: Direction,
) -> u8 {
    let board = field.board();
    let (Some((_, gate, town)), Some(def), Some(state)) =
        (fortification(board, from, dir), field.def(unit), field.units.get(unit))
    else {
        return 0;
    };
    if inside(board, town, from) || !inside(board, town, dir.neighbor(from)) {
        return 0;
    }
    let row = match (town, gate) {
        (true, true) => Row::TownGate,
        (true, false) => Row::TownWall,
        (false, true) => Row::CampGate,
        (false, false) => Row::CampWall,
    };
    table.hits(row, Class::of(def.unit_type), state.column).unwrap_or(0)
}

/// Whether `hex` is inside the fortification a wall of `town` (true) or of
/// a camp (false) encloses.
pub(crate) fn inside(board: &Board, town: bool, hex: Hex) -> bool {
    if town { board.in_area(areas::GERGOVIA, hex) } else { map::in_roman_camp(board, hex) }
}

/// The Movement Cost Table's row for a hex of natural terrain `terrain`
/// (the town's hexes have no row: open ground, Reconstructed).
///
/// # Errors
/// A terrain the table has no row for.
pub fn ground_row(terrain: Terrain) -> Result<Row, String> {
    match terrain {
        Terrain::Clear | Terrain::Town => Ok(Row::OpenGround),
        Terrain::Woods => Ok(Row::Woods),
        Terrain::Rough => Ok(Row::RockyGround),
        other => Err(format!("6.72: the Movement Cost Table has no row for {other:?}")),
    }
}

/// The Movement Cost Table's rows a step from `from` into the hex in `dir`
/// crosses besides the hex it enters, in order: the fortification's wall or
/// gate (6.72), a stone wall ("Wall down / rubble" when `rubble`,
/// [`crate::walls`]), the embankment, a minor river, the sunken road's edge
/// (\[e\]: entering or leaving the road from or to a hex off it, not when
/// entering or leaving a camp) and the levels climbed (none over the town
/// wall or through its gates, Special Terrain Notes). Units' steps
/// ([`step_cost_with`]) and leaders' ([`crate::leader_moves`]) read the
/// same rows.
///
/// # Errors
/// A climb the table has no row for (more than two levels in one step).
pub fn step_rows(
    board: &Board,
    from: Hex,
    dir: Direction,
    rubble: bool,
) -> Result<Vec<Row>, String> {
    let to = dir.neighbor(from);
    let fort = fortification(board, from, dir);
    let road = |h: Hex| board.in_area(areas::SUNKEN_ROAD, h);
    let mut rows = Vec::new();
    if let Some((_, gate, town)) = fort {
        rows.push(match (town, gate) {
            (true, true) => Row::TownGate,
            (true, false) => Row::TownWall,
            (false, true) => Row::CampGate,
            (false, false) => Row::CampWall,
        });
    }
    let has = |f| board.has_hexside(from, dir, f);
    if has(HexsideFeature::StoneWall) {
        rows.push(if rubble { Row::WallDown } else { Row::StoneWall });
    }
    if has(HexsideFeature::Embankment) {
        rows.push(Row::Embankment);
    }
    if has(HexsideFeature::MinorRiver) {
        rows.push(Row::MinorRiver);
    }
    if road(from) != road(to) && fort.is_none() {
        rows.push(Row::SunkenRoad);
    }
    let town_crossing = fort.is_some_and(|(_, _, town)| town);
    if !town_crossing {
        let climb = i16::from(board.elevation(to).unwrap_or(0))
            - i16::from(board.elevation(from).unwrap_or(0));
        match climb {
            0 => {}
            1 => rows.push(Row::UpOneLevel),
            2 => rows.push(Row::UpTwoLevels),
            -1 => rows.push(Row::DownOneLevel),
            -2 => rows.push(Row::DownTwoLevels),
            other => {
                return Err(format!(
                    "6.72: the Movement Cost Table has no row for {other} levels in one step"
                ));
            }
        }
    }
    Ok(rows)
}

/// What unit `unit` pays to step from `from` into the hex in `dir` on the
/// Gergovia map: the Movement Cost Table's rows for the hex entered, every
/// hexside feature crossed and the levels climbed (none over the town wall
/// or through its gates, Special Terrain Notes), with 6.72's limits; along
/// the sunken road, open ground ("the road counts as flat terrain").
///
/// # Errors
/// Why the step is not allowed, citing the section: prohibited to the unit's
/// class ("P"), an enemy gate entered from outside (6.72), the town wall by a
/// Gallic unit (\[d\]), the town wall by a unit adjacent to an enemy or into a
/// hex of the town its own side holds (Special Terrain Notes), off the map.
pub fn step_cost(
    table: &MovementTable,
    field: &Field,
    unit: usize,
    from: Hex,
    dir: Direction,
) -> Result<StepCost, String> {
    step_cost_with(table, field, unit, from, dir, false)
}

/// [`step_cost`], with the stone wall on this hexside knocked down when
/// `rubble` (Special Terrain Notes, Stone Walls: the "Wall down / rubble"
/// row in place of the stone wall's, [`crate::walls`]).
///
/// # Errors
/// As [`step_cost`].
pub fn step_cost_with(
    table: &MovementTable,
    field: &Field,
    unit: usize,
    from: Hex,
    dir: Direction,
    rubble: bool,
) -> Result<StepCost, String> {
    let board = field.board();
    let to = dir.neighbor(from);
    let (Some(def), Some(state)) = (field.def(unit), field.units.get(unit)) else {
        return Err("no such unit".to_owned());
    };
    let class = Class::of(def.unit_type);
    let col = state.column;
    let terrain = board.terrain(to).ok_or_else(|| "off the map".to_owned())?;
    let hex_row = if board.in_area(areas::TOWERS, to) {
        Row::Tower
    } else if board.in_area(areas::GALLIC_CAMP, to) {
        Row::GallicCamp
    } else {
        ground_row(terrain)?
    };
    let fort = fortification(board, from, dir);
    // Special Terrain Notes: "The road counts as flat terrain for movement
    // purposes": along the sunken road, open ground and nothing else.
    let road = |h: Hex| board.in_area(areas::SUNKEN_ROAD, h);
    // Special Terrain Notes: "units may not stand adjacent to one another in
    // it, since the road was narrow": no step into a hex of the road next to
    // another unit in the road (any side's: "units").
    if road(to)
        && let Some(other) = Direction::ALL
            .into_iter()
            .map(|d| d.neighbor(to))
            .filter(|&h| road(h))
            .flat_map(|h| field.units_at(h))
            .find(|&u| u != unit)
    {
        return Err(format!(
            "{SPECIAL_TERRAIN}: units may not stand adjacent to one another in the sunken road ({} stands at {})",
            field.def(other).map_or_else(String::new, |d| d.id.to_string()),
            field.units.get(other).map_or_else(String::new, |s| field.label(s.hex)),
        ));
    }
    if road(from) && road(to) && fort.is_none() {
        let (_, half_mp) = table.half_mp(Row::OpenGround, col);
        let hits = table.hits(Row::OpenGround, class, col).unwrap_or(0);
        return Ok(StepCost { half_mp, hits });
    }
    if let Some((owner, gate, town)) = fort {
        let inward = inside(board, town, to) && !inside(board, town, from);
        if gate && inward && def.side != owner {
            return Err(format!(
                "6.72: the gates of the opponent let units out, not in: {} may not enter {} through its gate",
                def.id,
                field.label(to)
            ));
        }
        if town && !gate {
            if def.side == Side::Adversary {
                return Err(format!(
                    "6.72 [d]: Gallic units may not cross a hexside with the town wall ({})",
                    def.id
                ));
            }
            if field.enemy_adjacent(from, def.side) {
                return Err(format!(
                    "Special Terrain Notes (Gergovia): {} may not attempt the wall next to an enemy",
                    def.id
                ));
            }
            if field.units_at(to).iter().any(|&u| field.side(u) == Some(def.side)) {
                return Err(format!(
                    "Special Terrain Notes (Gergovia): {} may not go over the wall into {}, held by its own side",
                    def.id,
                    field.label(to)
                ));
            }
        }
    }
    let mut rows = vec![hex_row];
    rows.extend(step_rows(board, from, dir, rubble)?);
    let mut cost = StepCost::default();
    for row in rows {
        let (enter, half) = table.half_mp(row, col);
        // A hex's entering cost; a hexside's or a climb's is added.
        cost.half_mp =
            if enter { cost.half_mp.max(half) } else { cost.half_mp.saturating_add(half) };
        match table.hits(row, class, col) {
            Some(h) => cost.hits = cost.hits.saturating_add(h),
            None => {
                return Err(format!(
                    "6.72, Movement Cost Table: {row:?} is prohibited (P) to {} ({})",
                    def.id, def.unit_type
                ));
            }
        }
    }
    Ok(cost)
}
