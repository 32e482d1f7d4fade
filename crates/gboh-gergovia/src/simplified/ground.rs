//! What the simplified version changes about the ground ([`GroundRules`]):
//! 5.1's terrain list (the Simplified GBoH Terrain Effects Table, every
//! step read from it by the mover's column), the town wall and stone walls
//! (crossed only by the special rules' rolls, `special.rs`), the sunken
//! road, and facing costs.

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_simple::field::Field;
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::facing::Pivot;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::ground::step::StepError;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::Simplified;
use super::setup::{hex_row, side_row};
use super::terrain::{Column, TerrainRow};
use crate::map::areas;

/// The stone wall hexsides knocked down ("Wall Down/Rubble"), each as the
/// two hexes' axial coordinates, the smaller first, sorted.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rubble(pub Vec<[i32; 4]>);

impl Rubble {
    fn key(a: Hex, b: Hex) -> [i32; 4] {
        let (p, q) = if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) };
        [p.x, p.y, q.x, q.y]
    }

    /// Whether the hexside between `a` and `b` is rubble.
    #[must_use]
    pub fn has(&self, a: Hex, b: Hex) -> bool {
        self.0.binary_search(&Rubble::key(a, b)).is_ok()
    }

    /// Knocks down the hexside between `a` and `b`.
    pub fn add(&mut self, a: Hex, b: Hex) {
        let k = Rubble::key(a, b);
        if let Err(i) = self.0.binary_search(&k) {
            self.0.insert(i, k);
        }
    }
}

/// How a step from `from` into the adjacent `to` crosses a wall, if it
/// does (a gate is no wall crossing).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WallCrossing {
    /// Over the wall of Gergovia (Special Terrain Notes: a roll first).
    TownWall,
    /// Over a standing stone wall (a roll after).
    StoneWall,
    /// Over a camp wall.
    CampWall,
}

/// The wall the step from `from` toward `dir` crosses, if any.
#[must_use]
pub fn wall_crossing(field: &Field<Simplified>, from: Hex, dir: Direction) -> Option<WallCrossing> {
    let side = field.setup().board.hexside(from, dir);
    if side.contains(HexsideFeature::Gate) {
        return None;
    }
    if side.contains(HexsideFeature::TownWall) {
        Some(WallCrossing::TownWall)
    } else if side.contains(HexsideFeature::StoneWall)
        && !field.hexside_markers().has(from, dir.neighbor(from))
    {
        Some(WallCrossing::StoneWall)
    } else if side.contains(HexsideFeature::CampWall) {
        Some(WallCrossing::CampWall)
    } else {
        None
    }
}

/// Whether `hex` is in the sunken road.
#[must_use]
pub fn in_sunken_road(field: &Field<Simplified>, hex: Hex) -> bool {
    field.setup().board.in_area(areas::SUNKEN_ROAD, hex)
}

/// The Sunken Road: "units may not stand adjacent to one another in it":
/// whether a unit of `side` other than `mover` stands in a road hex next to
/// road hex `hex`.
#[must_use]
pub fn road_neighbour(
    field: &Field<Simplified>,
    hex: Hex,
    side: Side,
    mover: Option<gboh_simple::Uid>,
) -> bool {
    Direction::ALL.into_iter().map(|d| d.neighbor(hex)).any(|n| {
        in_sunken_road(field, n)
            && field
                .stack(n)
                .iter()
                .any(|u| Some(u) != mover && field.setup().unit(u).is_some_and(|i| i.side == side))
    })
}

/// The MP for `mover` to step from `from` into `to` by the table, with the
/// walls' special rules left to the caller: `walls` says whether a town or
/// standing stone wall may be crossed (the special rules' own actions
/// cross them; the move search may not).
///
/// # Errors
/// [`StepError`] where the table or a special rule refuses the step.
pub fn table_step_cost(
    field: &Field<Simplified>,
    mover: &Mover,
    from: Hex,
    to: Hex,
    dir: Direction,
    walls: bool,
) -> Result<u8, StepError> {
    let setup = field.setup();
    let board = &setup.board;
    let t = &setup.terrain;
    let col = Column::of(mover.unit_type);
    let terrain = board.terrain(to).ok_or(StepError::Impassable(to))?;
    let mut row = hex_row(terrain).ok_or(StepError::MissingChartRow("terrain"))?;
    if board.in_area(areas::GALLIC_CAMP, to) {
        row = TerrainRow::GallicCamp;
    }
    if board.in_area(areas::TOWERS, to) {
        row = TerrainRow::Tower;
    }
    let mut mp = t.mp(row, col).ok_or(StepError::Impassable(to))?;
    let side = board.hexside(from, dir);
    let gate = side.contains(HexsideFeature::Gate);
    let crossing = wall_crossing(field, from, dir);
    if let Some(w) = crossing {
        let allowed = match w {
            WallCrossing::CampWall => true,
            WallCrossing::TownWall => {
                // [d]: "Gallic units may not cross a hexside with the town wall."
                walls && mover.side == Side::Roman
            }
            WallCrossing::StoneWall => walls,
        };
        if !allowed {
            let f = match w {
                WallCrossing::TownWall => HexsideFeature::TownWall,
                WallCrossing::StoneWall => HexsideFeature::StoneWall,
                WallCrossing::CampWall => HexsideFeature::CampWall,
            };
            return Err(StepError::Uncrossable(f, to));
        }
    }
    for f in side.iter() {
        let r = if f == HexsideFeature::StoneWall && field.hexside_markers().has(from, to) {
            Some(TerrainRow::Rubble)
        } else if f == HexsideFeature::Gate {
            None
        } else {
            side_row(f, gate)
        };
        if let Some(r) = r {
            let extra = t.mp(r, col).ok_or(StepError::Uncrossable(f, to))?;
            mp = mp.saturating_add(extra);
        }
    }
    // The sunken road: the cost applies to crossing into or out of it, not
    // to using it; "units may not stand adjacent to one another in it".
    let (road_from, road_to) = (in_sunken_road(field, from), in_sunken_road(field, to));
    if road_from != road_to && !side.contains(HexsideFeature::Embankment) {
        mp = mp.saturating_add(t.mp(TerrainRow::SunkenRoad, col).ok_or(StepError::Impassable(to))?);
    }
    if road_to && mover.unit.is_some() && road_neighbour(field, to, mover.side, mover.unit) {
        return Err(StepError::Impassable(to));
    }
    // Levels: "moving over the wall or through a gate incurs no climbing cost".
    let over_town_wall = side.contains(HexsideFeature::TownWall);
    let (hf, ht) = (board.elevation(from).unwrap_or(0), board.elevation(to).unwrap_or(0));
    if !over_town_wall && ht > hf {
        let r = if ht - hf >= 2 { TerrainRow::UpTwoLevels } else { TerrainRow::UpOneLevel };
        mp = mp.saturating_add(t.mp(r, col).ok_or(StepError::Impassable(to))?);
    }
    Ok(mp)
}

/// 5.1: only the module's terrain list applies.
impl GroundRules for Simplified {
    /// The family's allowance, one more for an impetuous tribe's units
    /// (Special Rules, Impetuosity: "movement allowance (MA) increased by
    /// one").
    fn movement_allowance(field: &Field<Simplified>, uid: gboh_simple::Uid) -> u8 {
        let ma = gboh_simple::ground::family_movement_allowance(field, uid);
        if field.pieces().impetuous.contains(&uid) { ma.saturating_add(1) } else { ma }
    }

    /// The table's cost by the mover's column (CO, leader, SK, BI, cavalry);
    /// the town wall and standing stone walls are crossed only by the
    /// special rules' rolls, never by the move search.
    fn step_cost(
        field: &Field<Simplified>,
        mover: &Mover,
        from: Hex,
        to: Hex,
        dir: Direction,
    ) -> Result<u8, StepError> {
        table_step_cost(field, mover, from, to, dir, false)
    }

    /// 10.1: a tower's scorpion fires all round (the scorpions are printed
    /// on the map and never turn).
    fn all_round_front(field: &Field<Simplified>, hex: Hex) -> bool {
        field.setup().board.in_area(areas::TOWERS, hex)
    }

    /// Change of facing \[g\] and the Movement Cost Table \[f\]: cohorts one
    /// MP for any turn, skirmishers and leaders free, the rest per corner.
    fn pivot(mover: &Mover) -> Pivot {
        // The hook has no field to read the table from: the table's facing
        // row holds the same figures (tests/simplified_terrain.rs checks).
        match Column::of(mover.unit_type) {
            Column::Co => Pivot::AnyTurn(1),
            Column::Sk | Column::Leader => Pivot::Free,
            Column::Bi | Column::Cavalry => Pivot::PerVertex(1),
        }
    }
}
