//! 5.45 Initial Placement of Gallic Tribes: where a Tribal Counter may be
//! placed, as pure functions of the battlefield.
//!
//! 5.45: "A Tribal Counter may be placed anywhere on the map (obviously
//! outside the walls), as follows:
//! - Within ten (10) hexes of any map edge hex of its assigned Entry Area, but
//!   in a direct line from an Entry Area hex to the Ramparts opposite (not 10
//!   hexes to the left, etc); and
//! - Not closer than three (3) hexes from a Rampart hex (counting the latter),
//!   and/or not closer than two (2) hexes to a Camp Wall.
//!
//! If a Roman unit or its ZOC lies in the path between the Entry hex and its
//! opposite Rampart hex, the Gallic player places the Tribal Counter anywhere
//! in that path between the Entry hex and that unit/ZOC, but not adjacent to
//! any Roman unit. For placement determination purposes, treat hexes W5815,
//! and W5915-W5918 as if they are Rampart hexes."
//!
//! How we read it (the worked example pins the first two points):
//!
//! - The direct line runs from the edge hex straight away from its edge:
//!   east from the west edge (along a column: W3901, W3902, ...), south from
//!   the north edge. Straight south on this map runs along hexspines every
//!   other hex, so there the line passes between two hexes: both are on it
//!   ([`LosStep::Tie`]); it is blocked there only if both are.
//! - "Not closer than three hexes ... counting the latter": at least 3 hexes
//!   from every rampart hex (W3908 is 3 from W3911 and allowed, W3909 is not).
//!   "Not closer than two hexes to a Camp Wall": at least 2 from every hex on
//!   either side of a camp wall hexside (W3604 is 2 from W3606 and allowed).
//! - The line stops at the first hex that is not allowed (too near a rampart
//!   or camp wall, inside the works, a Roman unit, its ZOC, or next to one):
//!   the counter goes "in that path between the Entry hex and" the obstacle.
//! - A corner hex lies on two edges: both its lines count.
//!
//! ```
//! use gboh_alesia::game::{Battlefield, Setup};
//! use gboh_alesia::map::areas;
//! use gboh_alesia::scenario::placement::placement_hexes;
//! let field = Battlefield::new(Setup::shared()?);
//! let board = &field.setup().board;
//! let w3901 = board.hex_of("W3901").unwrap();
//! let hexes = placement_hexes(&field, areas::ENTRY_AREAS[1], w3901)?;
//! let labels: Vec<String> = hexes.iter().map(|&h| board.label(h).unwrap().to_string()).collect();
//! assert_eq!(labels, ["W3901", "W3902", "W3903", "W3904", "W3905", "W3906", "W3907", "W3908"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::map::{Board, Region, SiegeWorks};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use gboh_core::Side;
use gboh_core::board::{HexsideFeature, LosStep, Terrain, los_path};
use gboh_core::unit::Status;
use hexx::Hex;

use super::def::MapEdge;
use super::geometry::edges_of;
use crate::GAULS;
use crate::game::{Battlefield, Setup};
use crate::map::areas;
use crate::zoc;

/// 5.45: how far from its edge hex a Tribal Counter may be placed.
pub const PLACEMENT_RANGE: u32 = 10;
/// 5.45: how close to a rampart hex a Tribal Counter may not be ("not closer
/// than three hexes").
pub const RAMPART_DISTANCE: u32 = 3;
/// 5.45: how close to a camp wall a Tribal Counter may not be.
pub const CAMP_WALL_DISTANCE: u32 = 2;

/// Why a hex cannot take a Tribal Counter (5.45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Blocked {
    /// Off the map.
    OffMap,
    /// Not outside the walls (6.41), or water.
    NotOutside,
    /// Closer than three hexes to a rampart hex (or the Hill line).
    NearRampart,
    /// Closer than two hexes to a camp wall.
    NearCampWall,
    /// A Roman unit is there.
    RomanUnit,
    /// In a Roman unit's ZOC (7.2).
    RomanZoc,
    /// Adjacent to a Roman unit.
    AdjacentRoman,
}

/// Why a placement question cannot be answered.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PlacementError {
    /// The map has no such Entry Area.
    #[error("5.3: the map has no entry area {0:?}")]
    UnknownArea(String),
    /// The hex is not on the map.
    #[error("5.45: that hex is not on the map")]
    OffMap,
    /// The hex is not one of the area's hexes.
    #[error("5.45: {hex} is not a hex of {area}")]
    NotInArea {
        /// The hex's label.
        hex: String,
        /// The area.
        area: String,
    },
    /// The hex is not on a map edge.
    #[error("5.45: {0} is not a map edge hex")]
    NotOnEdge(String),
    /// The target is not in the line from the edge hex.
    #[error(
        "5.45: {target} is not in the line from {edge}, or past a rampart, camp wall or Roman unit"
    )]
    NotInLine {
        /// The edge hex.
        edge: String,
        /// The target hex.
        target: String,
    },
}

/// The axial offset of two hexes straight away from an edge (a hexside
/// direction, or two steps along the hexspines for north and south).
fn inward(edge: MapEdge) -> Hex {
    match edge {
        MapEdge::West => Hex::new(0, 2),
        MapEdge::East => Hex::new(0, -2),
        MapEdge::North => Hex::new(-2, 1),
        MapEdge::South => Hex::new(2, -1),
    }
}

/// The direct line from `edge_hex` straight away from `edge`, as steps of one
/// hex or of two hexes either side of a hexspine: step `k` is `k` hexes from
/// the edge hex, for `k` = 0 ..= [`PLACEMENT_RANGE`]. Steps off the map are
/// left out.
#[must_use]
pub fn direct_line(board: &Board, edge_hex: Hex, edge: MapEdge) -> Vec<Vec<Hex>> {
    let end = edge_hex + inward(edge) * (PLACEMENT_RANGE as i32 / 2);
    let mut steps: Vec<Vec<Hex>> = vec![vec![edge_hex]];
    steps.extend(los_path(edge_hex, end).into_iter().map(|s| match s {
        LosStep::Hex(h) => vec![h],
        LosStep::Tie(a, b) => vec![a, b],
    }));
    steps.push(vec![end]);
    steps
        .into_iter()
        .map(|s| s.into_iter().filter(|&h| board.contains(h)).collect::<Vec<_>>())
        .take_while(|s| !s.is_empty())
        .collect()
}

/// The hexes 5.45 treats as rampart hexes: every rampart, and the Hill line.
fn rampart_like(board: &Board) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = board.hexes().filter(|&h| board.is_rampart(h)).collect();
    if let Some(line) = board.area(areas::HILL_RAMPART_LINE) {
        hexes.extend(line.hexes());
    }
    hexes
}

/// Hexes on either side of a camp wall hexside (6.43).
fn camp_wall_hexes(board: &Board) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = board
        .hexsides()
        .filter(|(_, _, f)| f.contains(HexsideFeature::CampWall))
        .flat_map(|(h, d, _)| [h, d.neighbor(h)])
        .filter(|&h| board.contains(h))
        .collect();
    hexes.sort_by_key(|&h| board.index(h));
    hexes.dedup();
    hexes
}

/// The fixed obstacles of a board (the hexes too near a rampart or a camp
/// wall), by board index: computed once per setup and thread, as a bot asks
/// for placements many times a game.
#[derive(Debug)]
struct Obstacles {
    setup: Arc<Setup>,
    near_rampart: Vec<bool>,
    near_wall: Vec<bool>,
}

thread_local! {
    static OBSTACLES: RefCell<Option<Rc<Obstacles>>> = const { RefCell::new(None) };
}

impl Obstacles {
    /// The obstacles of `setup`'s board.
    fn of(setup: &Arc<Setup>) -> Rc<Obstacles> {
        OBSTACLES.with(|cell| {
            let mut kept = cell.borrow_mut();
            match kept.as_ref() {
                Some(o) if Arc::ptr_eq(&o.setup, setup) => Rc::clone(o),
                _ => {
                    let o = Rc::new(Obstacles::new(setup));
                    *kept = Some(Rc::clone(&o));
                    o
                }
            }
        })
    }

    fn new(setup: &Arc<Setup>) -> Self {
        let board = &setup.board;
        // Every hex closer than `d` to one of `set`.
        let near = |set: Vec<Hex>, d: u32| {
            let mut out = vec![false; board.len()];
            for h in set.into_iter().flat_map(|r| r.range(d.saturating_sub(1))) {
                if let Some(slot) = board.index(h).and_then(|i| out.get_mut(i)) {
                    *slot = true;
                }
            }
            out
        };
        Obstacles {
            setup: Arc::clone(setup),
            near_rampart: near(rampart_like(board), RAMPART_DISTANCE),
            near_wall: near(camp_wall_hexes(board), CAMP_WALL_DISTANCE),
        }
    }

    fn check(&self, field: &Battlefield, hex: Hex) -> Result<(), Blocked> {
        let board = &field.setup().board;
        let Some(info) = board.info(hex) else {
            return Err(Blocked::OffMap);
        };
        if info.works.region != Region::Outside || info.terrain == Terrain::Water {
            return Err(Blocked::NotOutside);
        }
        let i = board.index(hex);
        let near = |set: &[bool]| i.and_then(|i| set.get(i)).copied().unwrap_or(false);
        if near(&self.near_rampart) {
            return Err(Blocked::NearRampart);
        }
        if near(&self.near_wall) {
            return Err(Blocked::NearCampWall);
        }
        let roman_in = |h: Hex| {
            field.stack(h).iter().any(|u| {
                field.setup().unit(u).is_some_and(|i| i.side == Side::Roman)
                    && field.unit(u).is_some_and(|s| s.cohesion.status != Status::Eliminated)
            })
        };
        if roman_in(hex) {
            return Err(Blocked::RomanUnit);
        }
        if zoc::in_enemy_zoc(field, hex, GAULS) {
            return Err(Blocked::RomanZoc);
        }
        if board.neighbors(hex).into_iter().flatten().any(roman_in) {
            return Err(Blocked::AdjacentRoman);
        }
        Ok(())
    }
}

/// Whether a Tribal Counter may stand in `hex` by 5.45's distance and
/// Roman-unit conditions (not the line condition: see [`placement_hexes`]).
///
/// # Errors
/// Why not.
pub fn placeable(field: &Battlefield, hex: Hex) -> Result<(), Blocked> {
    Obstacles::of(field.setup()).check(field, hex)
}

/// 5.45: the hexes a Tribal Counter assigned to `area` may be placed in from
/// the edge hex `edge_hex`, nearest the edge first (hexes beside a hexspine
/// in board order).
///
/// # Errors
/// [`PlacementError`] if the map has no such area, or `edge_hex` is not a map
/// edge hex of it.
pub fn placement_hexes(
    field: &Battlefield,
    area: &str,
    edge_hex: Hex,
) -> Result<Vec<Hex>, PlacementError> {
    let board = &field.setup().board;
    let label = board.label(edge_hex).ok_or(PlacementError::OffMap)?.to_string();
    if board.area(area).is_none() {
        return Err(PlacementError::UnknownArea(area.to_owned()));
    }
    if !board.in_area(area, edge_hex) {
        return Err(PlacementError::NotInArea { hex: label, area: area.to_owned() });
    }
    let edges = edges_of(board, edge_hex);
    if edges.is_empty() {
        return Err(PlacementError::NotOnEdge(label));
    }
    Ok(lines_from_edge(field, edge_hex, edges, &Obstacles::of(field.setup())))
}

/// The open hexes of the direct lines from `edge_hex` across `edges`.
fn lines_from_edge(
    field: &Battlefield,
    edge_hex: Hex,
    edges: Vec<MapEdge>,
    obstacles: &Obstacles,
) -> Vec<Hex> {
    let board = &field.setup().board;
    let mut out: Vec<Hex> = Vec::new();
    for edge in edges {
        for step in direct_line(board, edge_hex, edge) {
            let mut open: Vec<Hex> =
                step.into_iter().filter(|&h| obstacles.check(field, h).is_ok()).collect();
            if open.is_empty() {
                break;
            }
            open.sort_by_key(|&h| board.index(h));
            for h in open {
                if !out.contains(&h) {
                    out.push(h);
                }
            }
        }
    }
    out
}

/// 5.45: every hex a Tribal Counter assigned to `area` may be placed in, from
/// any of its map edge hexes, in board order.
///
/// # Errors
/// [`PlacementError::UnknownArea`].
pub fn area_placement_hexes(field: &Battlefield, area: &str) -> Result<Vec<Hex>, PlacementError> {
    let board = &field.setup().board;
    let hexes = board
        .area(area)
        .ok_or_else(|| PlacementError::UnknownArea(area.to_owned()))?
        .hexes()
        .to_vec();
    let obstacles = Obstacles::of(field.setup());
    let mut out: Vec<Hex> = Vec::new();
    for h in hexes {
        let edges = edges_of(board, h);
        if edges.is_empty() {
            continue;
        }
        out.extend(lines_from_edge(field, h, edges, &obstacles));
    }
    out.sort_by_key(|&h| board.index(h));
    out.dedup();
    Ok(out)
}

/// 5.45: checks one placement: a counter assigned to `area`, placed from
/// `edge_hex` in `target`.
///
/// # Errors
/// [`PlacementError`] saying why not.
pub fn check_placement(
    field: &Battlefield,
    area: &str,
    edge_hex: Hex,
    target: Hex,
) -> Result<(), PlacementError> {
    if placement_hexes(field, area, edge_hex)?.contains(&target) {
        return Ok(());
    }
    let board = &field.setup().board;
    let name = |h: Hex| board.label(h).map_or_else(|| format!("{h:?}"), |l| l.to_string());
    Err(PlacementError::NotInLine { edge: name(edge_hex), target: name(target) })
}
