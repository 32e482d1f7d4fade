//! The Alexandria map: the hex grid outside the city and, inside it, the
//! Points and Blocks of the board's [`NodeGraph`](gboh_core::board::NodeGraph),
//! with the queries movement and command range will ask (5.2-5.3).
//!
//! No printed map is available: `data/alexandria/map.ron` and
//! `data/alexandria/city.ron` place every hex, Point and Block the extract and
//! the errata name, and fill the rest (docs/data-provenance.md, "Alexandria").
//!
//! ```
//! use gboh_alexandria::map;
//! let alexandria = map::alexandria()?;
//! // 5.22: Point 4-D is adjacent to hexes 2023 and 2024.
//! let d4 = alexandria.place("4-D").unwrap();
//! let next = alexandria.neighbours(d4);
//! assert!(next.contains(&alexandria.place("2023").unwrap()));
//! assert!(next.contains(&alexandria.place("2024").unwrap()));
//! // 5.23: the Palace Block is entered from six Points.
//! let palace = alexandria.palace();
//! assert_eq!(alexandria.block_entries(palace).len(), 6);
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::{Board, HexsideFeature, Location, NodeId, NodeKind};
use gboh_core::data::{DataError, Problems, parse_ron};
use hexx::Hex;
use serde::Deserialize;

/// The name the embedded map reports errors under.
pub const MAP_FILE: &str = "data/alexandria/map.ron";
/// The text of the embedded map.
pub const MAP_RON: &str = include_str!("../data/alexandria/map.ron");
/// The name the embedded city geometry reports errors under.
pub const CITY_FILE: &str = "data/alexandria/city.ron";
/// The text of the embedded city geometry.
pub const CITY_RON: &str = include_str!("../data/alexandria/city.ron");

/// The names of the map's areas, as the rules use them.
pub mod areas {
    /// Hexes under the city and Pharos town: not places (units there stand on
    /// Points and Blocks, 5.2, 5.23).
    pub const CITY: &str = "City";
    /// Sea hexes (5.33).
    pub const SEA: &str = "Sea";
    /// Coastal hexes: land and sea, every unit type may enter (5.33).
    pub const COASTAL: &str = "Coastal";
    /// Shoals (5.28).
    pub const SHOALS: &str = "Shoals";
    /// Slips (5.27).
    pub const SLIPS: &str = "Slips";
    /// Pharos' north shore, 3304-4130 (5.29 with the errata).
    pub const PHAROS_BEACH: &str = "Pharos beach";
    /// The coast west of the city, 1005-1814 (5.29).
    pub const WEST_BEACH: &str = "West beach";
    /// The Heptastadium causeway: hexes that count as Points (5.25).
    pub const CAUSEWAY: &str = "Heptastadium causeway";
    /// The causeway's two overpasses, galleys pass them as sea (5.25).
    pub const OVERPASSES: &str = "Overpasses";
    /// The Lighthouse, 4031 (5.26).
    pub const LIGHTHOUSE: &str = "Lighthouse";
    /// 3931, 3932 and 4032: the Lighthouse's holder may deny them to galleys (5.26).
    pub const LIGHTHOUSE_DENIED: &str = "Lighthouse denied";
    /// Pharos' eastern neck, 4020-4027 (5.33 play note).
    pub const PHAROS_NECK: &str = "Pharos eastern neck";
    /// The island of Pharos.
    pub const PHAROS: &str = "Pharos";
    /// Pharos town: Points (P1-a to P2-c), no Blocks (5.23, fan scenario).
    pub const PHAROS_TOWN: &str = "Pharos town";
    /// The Pharos redoubt, 3119 (main game objective).
    pub const PHAROS_REDOUBT: &str = "Pharos redoubt";
    /// The redoubt at the city end of the Heptastadium (main game objective).
    pub const CITY_REDOUBT: &str = "City redoubt";
    /// The King's Harbor, behind its mole (5.35).
    pub const KINGS_HARBOR: &str = "King's Harbor";
    /// The quays along the city's harbour front.
    pub const QUAYS: &str = "Quays";
    /// Every area the crate needs.
    pub const ALL: [&str; 18] = [
        CITY,
        SEA,
        COASTAL,
        SHOALS,
        SLIPS,
        PHAROS_BEACH,
        WEST_BEACH,
        CAUSEWAY,
        OVERPASSES,
        LIGHTHOUSE,
        LIGHTHOUSE_DENIED,
        PHAROS_NECK,
        PHAROS,
        PHAROS_TOWN,
        PHAROS_REDOUBT,
        CITY_REDOUBT,
        KINGS_HARBOR,
        QUAYS,
    ];
}

/// The raw `city.ron`: the city's geometry and the features the core map
/// format has no words for.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CityDef {
    /// Numbered roads (east-west), each along a grid column.
    pub roads: Vec<RoadDef>,
    /// Lettered streets (north-south), each along a grid row.
    pub streets: Vec<StreetDef>,
    /// Block outlines.
    pub blocks: Vec<BlockShapeDef>,
    /// The Palace Block's name.
    pub palace: String,
    /// The canal's course, (column, row) points.
    pub canal_course: Vec<(f64, f64)>,
    /// (Point, Block) pairs with the canal between them.
    pub canal_blocked: Vec<(String, String)>,
    /// (Point, hex) arrows that cross the canal.
    pub canal_arrows: Vec<(String, String)>,
    /// Hexsides the canal runs along, `"A/B"`.
    pub canal_hexsides: Vec<String>,
    /// Hexsides of the King's Harbor mole, `"A/B"`.
    pub mole: Vec<String>,
    /// All-land hexsides galleys may not cross, `"A/B"`.
    pub all_land_hexsides: Vec<String>,
}

/// A numbered road.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoadDef {
    /// The number, as text ("4").
    pub name: String,
    /// Grid column it runs along.
    pub column: f64,
}

/// A lettered street.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StreetDef {
    /// The letter ("K").
    pub name: String,
    /// Grid row it runs along.
    pub row: f64,
}

/// A Block's outline.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BlockShapeDef {
    /// The Block's name.
    pub name: String,
    /// Corners, (column, row).
    pub corners: Vec<(f64, f64)>,
}

/// A named road or street and the grid column or row it runs along.
pub type Line = (String, f64);

/// Why a land unit may not step from one place to another (5.2-5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// Not a place of this map.
    #[error("not a place of the Alexandria map")]
    NotAPlace,
    /// Not adjacent (no hexside, street or arrow between them).
    #[error("5.22: the places are not adjacent (a hex and a Point are joined only by an arrow)")]
    NotAdjacent,
    /// Block to Block.
    #[error(
        "5.22: a unit may not move from a Block to another Block without first entering a Point"
    )]
    BlockToBlock,
    /// Across the canal between a Point and a Block.
    #[error("5.24: no move between a Point and a Block across the canal")]
    CanalBlock,
    /// Across a wall, not at the Main Gate.
    #[error("5.33: units may not cross walls, except at the Main Gate")]
    Wall,
    /// Into a sea hex (an all-sea hexside).
    #[error("5.33: land units may not cross an all-sea hexside unless carried by a galley")]
    AllSea,
}

/// A legal land step: whether it crosses the canal (+1 MP, 5.24).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LandStep {
    /// Crosses the canal between a Point and a hex or two hexes (+1 MP, 5.24).
    pub across_canal: bool,
    /// Enters a Block: costs the whole printed MA (5.23).
    pub into_block: bool,
}

/// Why a galley may not pass from one hex to the next (5.25, 5.33, 5.35).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum GalleyStepError {
    /// Not adjacent hexes of the map.
    #[error("not two adjacent hexes of the map")]
    NotAdjacent,
    /// Into a land hex (neither sea nor coastal).
    #[error("5.33: galleys may not move across an all-land hexside")]
    Land,
    /// Across the Pharos neck's land hexsides.
    #[error("5.33: a galley may not cross the land of Pharos' eastern neck (4020-4027)")]
    AllLandHexside,
    /// Through the mole.
    #[error("5.35: galleys may not move through the mole guarding the King's Harbor")]
    Mole,
    /// Onto the causeway, except its overpasses.
    #[error("5.25: galleys may enter the Heptastadium only at its two overpasses")]
    Causeway,
}

/// The Alexandria map: the board (hexes, Points, Blocks, arrows) and the city.
#[derive(Debug, Clone)]
pub struct Alexandria {
    board: Board,
    roads: Vec<(String, f64)>,
    streets: Vec<(String, f64)>,
    shapes: Vec<(NodeId, Vec<(f64, f64)>)>,
    palace: NodeId,
    canal_course: Vec<(f64, f64)>,
    canal_blocked: Vec<(NodeId, NodeId)>,
    canal_arrows: Vec<(NodeId, Hex)>,
    canal_sides: Vec<(Hex, Hex)>,
    mole: Vec<(Hex, Hex)>,
    all_land: Vec<(Hex, Hex)>,
}

/// The embedded map, parsed once and cached.
///
/// # Errors
/// The embedded files' problems (only if they were edited into an invalid
/// state; the test suite loads them).
pub fn alexandria() -> Result<&'static Alexandria, DataError> {
    static MAP: OnceLock<Result<Alexandria, DataError>> = OnceLock::new();
    MAP.get_or_init(|| load(MAP_FILE, MAP_RON, CITY_FILE, CITY_RON)).as_ref().map_err(Clone::clone)
}

/// Loads an Alexandria map from its two RON texts.
///
/// # Errors
/// Every problem of the first file that has any, each with
/// `file:line:column: item: message`: the board format's own checks, a
/// missing area, a Point whose name is not `road-street`, a Block without an
/// outline or with an Point-less side, a canal pair that is not a Point and a
/// Block or that is also linked, an arrow that is not one, a hexside that is
/// not two adjacent hexes.
pub fn load(
    map_file: &str,
    map_text: &str,
    city_file: &str,
    city_text: &str,
) -> Result<Alexandria, DataError> {
    let board = Board::from_ron(map_file, map_text)?;
    let mut problems = Problems::new(map_file, map_text);
    for name in areas::ALL {
        if board.area(name).is_none() {
            problems.at(name, "areas", format!("the map needs the area {name:?}"));
        }
    }
    for (id, node) in board.nodes().nodes().iter().enumerate() {
        let id = NodeId(u16::try_from(id).unwrap_or(u16::MAX));
        let here = Location::Node(id);
        let linked: Vec<Location> = board.nodes().linked(here).collect();
        match node.kind {
            NodeKind::Block => {
                for other in &linked {
                    let ok = match other {
                        Location::Node(n) => {
                            board.nodes().node(*n).is_some_and(|m| m.kind == NodeKind::Point)
                        }
                        Location::Hex(_) => false,
                    };
                    if !ok {
                        problems.item(
                            node.name.clone(),
                            "5.22: a Block is joined only to Points (never to a hex or a Block)",
                        );
                    }
                }
                if linked.is_empty() {
                    problems.item(node.name.clone(), "5.23: a Block needs an adjacent Point");
                }
            }
            NodeKind::Point => {
                if linked.is_empty() {
                    problems.item(node.name.clone(), "a Point joined to nothing");
                }
            }
        }
        for other in &linked {
            if let Location::Hex(h) = other
                && board.in_area(areas::CITY, *h)
            {
                problems.item(node.name.clone(), "an arrow leads to a hex under the city");
            }
        }
    }
    problems.finish(())?;
    let def: CityDef = parse_ron(city_file, city_text)?;
    build_city(board, def, city_file, city_text)
}

fn build_city(board: Board, def: CityDef, file: &str, text: &str) -> Result<Alexandria, DataError> {
    let mut problems = Problems::new(file, text);
    let graph = board.nodes();
    let roads: Vec<(String, f64)> = def.roads.iter().map(|r| (r.name.clone(), r.column)).collect();
    let streets: Vec<(String, f64)> = def.streets.iter().map(|s| (s.name.clone(), s.row)).collect();
    let kind_of = |name: &str| graph.find(name).and_then(|id| graph.node(id).map(|n| (id, n.kind)));
    let mut shapes = Vec::new();
    for b in &def.blocks {
        match kind_of(&b.name) {
            Some((id, NodeKind::Block)) if b.corners.len() >= 3 => {
                shapes.push((id, b.corners.clone()))
            }
            Some((_, NodeKind::Block)) => {
                problems.item(b.name.clone(), "an outline needs 3 corners")
            }
            _ => problems.item(b.name.clone(), "not a Block of the map"),
        }
    }
    for (id, node) in graph.nodes().iter().enumerate() {
        let id = NodeId(u16::try_from(id).unwrap_or(u16::MAX));
        match node.kind {
            NodeKind::Block if !shapes.iter().any(|(s, _)| *s == id) => {
                problems.at(
                    node.name.clone(),
                    "blocks",
                    format!("Block {} has no outline", node.name),
                );
            }
            NodeKind::Point if point_position(&roads, &streets, &node.name).is_none() => {
                problems.at(
                    node.name.clone(),
                    "roads",
                    format!("Point {} is not named road-street (\"4-K\", \"2/3-K\", \"4-J/K\") after known roads and streets", node.name),
                );
            }
            _ => {}
        }
    }
    let palace = match kind_of(&def.palace) {
        Some((id, NodeKind::Block)) => id,
        _ => {
            problems.item(def.palace.clone(), "5.23: the Palace is a Block of the map");
            NodeId(0)
        }
    };
    let mut canal_blocked = Vec::new();
    for (p, b) in &def.canal_blocked {
        match (kind_of(p), kind_of(b)) {
            (Some((pi, NodeKind::Point)), Some((bi, NodeKind::Block))) => {
                if graph.linked(Location::Node(pi)).any(|l| l == Location::Node(bi)) {
                    problems.at(
                        p.clone(),
                        &pair_text(p, b),
                        format!("5.24: {p} and {b} are across the canal but linked"),
                    );
                }
                canal_blocked.push((pi, bi));
            }
            _ => problems.at(
                p.clone(),
                &pair_text(p, b),
                format!("5.24: ({p}, {b}) is not a Point and a Block"),
            ),
        }
    }
    let mut canal_arrows = Vec::new();
    for (p, h) in &def.canal_arrows {
        let point = kind_of(p).filter(|(_, k)| *k == NodeKind::Point).map(|(id, _)| id);
        let hex = board.hex_of(h);
        match (point, hex) {
            (Some(pi), Some(hx))
                if graph.linked(Location::Node(pi)).any(|l| l == Location::Hex(hx)) =>
            {
                canal_arrows.push((pi, hx));
            }
            _ => problems.at(
                p.clone(),
                &pair_text(p, h),
                format!("5.24: ({p}, {h}) is not an arrow of the map"),
            ),
        }
    }
    let sides = |list: &[String], what: &str, problems: &mut Problems<'_>| {
        let mut out = Vec::new();
        for s in list {
            match s.split_once('/').and_then(|(a, b)| Some((board.hex_of(a)?, board.hex_of(b)?))) {
                Some((a, b)) if a.distance_to(b) == 1 => out.push(ordered(a, b)),
                _ => problems.item(s.clone(), format!("{what}: not two adjacent hexes of the map")),
            }
        }
        out.sort_by_key(|&(a, b)| (a.x, a.y, b.x, b.y));
        out
    };
    let canal_sides = sides(&def.canal_hexsides, "canal", &mut problems);
    let mole = sides(&def.mole, "mole", &mut problems);
    let all_land = sides(&def.all_land_hexsides, "all-land hexside", &mut problems);
    if def.canal_course.len() < 2 {
        problems.at("canal_course", "canal_course", "5.24: the canal's course needs two points");
    }
    let mut board = board;
    let (seats, holes) = seats(&board, &roads, &streets, &shapes);
    if let Err(e) = board.seat_nodes(&seats, &holes) {
        problems.at("blocks", "blocks", format!("the city's places do not fit the grid: {e}"));
    }
    problems.finish(Alexandria {
        board,
        roads,
        streets,
        shapes,
        palace,
        canal_course: def.canal_course,
        canal_blocked,
        canal_arrows,
        canal_sides,
        mole,
        all_land,
    })
}

/// Where each node stands on the grid (docs/architecture.md, "Places"): on
/// the hex under the city nearest its position (a Point's crossing, a
/// Block's centre), the next free one outward where two would share; and the
/// other hexes under the city, which are no place.
fn seats(
    board: &Board,
    roads: &[Line],
    streets: &[Line],
    shapes: &[(NodeId, Vec<(f64, f64)>)],
) -> (Vec<Hex>, Vec<Hex>) {
    let city: Vec<Hex> = board.hexes().filter(|&h| board.in_area(areas::CITY, h)).collect();
    let mut taken = vec![false; city.len()];
    let mut seats = Vec::new();
    for (id, node) in board.nodes().nodes().iter().enumerate() {
        let id = NodeId(u16::try_from(id).unwrap_or(u16::MAX));
        let at = match node.kind {
            NodeKind::Point => point_position(roads, streets, &node.name),
            NodeKind::Block => shapes.iter().find(|(s, _)| *s == id).map(|(_, c)| centre(c)),
        };
        let near = at.and_then(|(c, r)| {
            let label = format!("{:02}{:02}", c.round() as i64, r.round() as i64);
            board.hex_of(&label)
        });
        // The free city hex nearest the position's hex (ties by board order).
        let pick = near.and_then(|n| {
            city.iter()
                .enumerate()
                .filter(|&(k, _)| !taken[k])
                .min_by_key(|&(k, h)| (h.unsigned_distance_to(n), k))
                .map(|(k, &h)| (k, h))
        });
        match pick {
            Some((k, h)) => {
                taken[k] = true;
                seats.push(h);
            }
            None => seats.push(Hex::ZERO), // refused by `seat_nodes`, reported
        }
    }
    let holes = city.iter().zip(&taken).filter(|(_, t)| !**t).map(|(&h, _)| h).collect();
    (seats, holes)
}

fn centre(corners: &[(f64, f64)]) -> (f64, f64) {
    let n = corners.len().max(1) as f64;
    (corners.iter().map(|p| p.0).sum::<f64>() / n, corners.iter().map(|p| p.1).sum::<f64>() / n)
}

/// How a pair is written in the file, to locate it.
fn pair_text(a: &str, b: &str) -> String {
    format!("(\"{a}\", \"{b}\")")
}

fn ordered(a: Hex, b: Hex) -> (Hex, Hex) {
    if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) }
}

/// The grid position (column, row) of a Point named `road-street`, `r/s-street`
/// or `road-x/y`.
fn point_position(
    roads: &[(String, f64)],
    streets: &[(String, f64)],
    name: &str,
) -> Option<(f64, f64)> {
    let (road, street) = name.split_once('-')?;
    let mean = |part: &str, list: &[(String, f64)]| -> Option<f64> {
        let mut sum = 0.0;
        let mut n = 0.0;
        for p in part.split('/') {
            sum += list.iter().find(|(k, _)| k == p)?.1;
            n += 1.0;
        }
        (n > 0.0 && n <= 2.0).then(|| sum / n)
    };
    Some((mean(road, roads)?, mean(street, streets)?))
}

impl Alexandria {
    /// The board: hexes, nodes, arrows, areas.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// A place by its printed name: a Point or Block ("4-K", "2/3-K/L") or a
    /// hex label ("2023") that is not under the city.
    #[must_use]
    pub fn place(&self, name: &str) -> Option<Location> {
        if let Some(id) = self.board.nodes().find(name) {
            return Some(Location::Node(id));
        }
        self.board.hex_of(name).filter(|h| !self.under_city(*h)).map(Location::Hex)
    }

    /// The printed name of a place.
    #[must_use]
    pub fn name(&self, place: Location) -> Option<String> {
        match place {
            Location::Hex(h) => self.board.label(h).map(|l| l.to_string()),
            Location::Node(id) => self.board.nodes().node(id).map(|n| n.name.clone()),
        }
    }

    /// The number of place indices: the board's hexes, each node counted
    /// on the hex it is seated on (docs/architecture.md, "Places").
    #[must_use]
    pub fn place_count(&self) -> usize {
        self.board.len()
    }

    /// A place's dense index, the engines' index: a hex's board index, or
    /// that of a node's seat ([`Board::seat`]). The other hexes under the
    /// city have an index but are no place.
    #[must_use]
    pub fn place_index(&self, place: Location) -> Option<usize> {
        self.board.index(self.board.location_hex(place)?)
    }

    /// The place with a dense index ([`Alexandria::place_index`]): the node
    /// seated there, the hex, or `None` for a hole under the city.
    #[must_use]
    pub fn place_at(&self, index: usize) -> Option<Location> {
        let at = self.board.location(self.board.hex_at(index)?);
        self.is_place(at).then_some(at)
    }

    /// The hex the engines play a place on: the hex, or a node's seat.
    #[must_use]
    pub fn seat(&self, place: Location) -> Option<Hex> {
        self.board.location_hex(place)
    }

    /// Whether `place` is a place units can stand on (5.2: a hex outside the
    /// city, a Point or a Block).
    #[must_use]
    pub fn is_place(&self, place: Location) -> bool {
        match place {
            Location::Hex(h) => self.board.contains(h) && !self.under_city(h),
            Location::Node(id) => self.board.nodes().node(id).is_some(),
        }
    }

    fn under_city(&self, hex: Hex) -> bool {
        self.board.in_area(areas::CITY, hex)
    }

    /// Whether `place` is a Block.
    #[must_use]
    pub fn is_block(&self, place: Location) -> bool {
        self.kind(place) == Some(NodeKind::Block)
    }

    /// The node kind of a place (`None` for a hex).
    #[must_use]
    pub fn kind(&self, place: Location) -> Option<NodeKind> {
        match place {
            Location::Node(id) => self.board.nodes().node(id).map(|n| n.kind),
            Location::Hex(_) => None,
        }
    }

    /// 5.25: whether a place counts as a Point (a Point, or a causeway hex).
    #[must_use]
    pub fn counts_as_point(&self, place: Location) -> bool {
        match place {
            Location::Node(_) => self.kind(place) == Some(NodeKind::Point),
            Location::Hex(h) => self.board.in_area(areas::CAUSEWAY, h),
        }
    }

    /// The places adjacent to `place`, as the engines see them (the board's
    /// neighbours, [`Board::seat_nodes`]): a hex's neighbours not under the
    /// city and its arrows (5.22); a Point's streets and arrows, in
    /// directions, then its Blocks; a Block's Points (5.23). Direction then
    /// data order, so deterministic.
    #[must_use]
    pub fn neighbours(&self, place: Location) -> Vec<Location> {
        let Some(h) = self.board.location_hex(place).filter(|_| self.is_place(place)) else {
            return Vec::new();
        };
        let board = &self.board;
        let mut out: Vec<Location> = board
            .neighbors(h)
            .into_iter()
            .flatten()
            .chain(board.side_neighbors(h))
            .map(|n| board.location(n))
            .collect();
        out.dedup();
        out
    }

    /// 5.23: the Points a Block is entered from (empty for a non-Block).
    #[must_use]
    pub fn block_entries(&self, block: NodeId) -> Vec<NodeId> {
        if self.kind(Location::Node(block)) != Some(NodeKind::Block) {
            return Vec::new();
        }
        self.board
            .nodes()
            .linked(Location::Node(block))
            .filter_map(|l| match l {
                Location::Node(id) => Some(id),
                Location::Hex(_) => None,
            })
            .collect()
    }

    /// The Blocks a Point touches (4.41: "any/all of the three adjacent Blocks").
    #[must_use]
    pub fn adjacent_blocks(&self, point: NodeId) -> Vec<NodeId> {
        self.board
            .nodes()
            .linked(Location::Node(point))
            .filter_map(|l| match l {
                Location::Node(id) if self.kind(l) == Some(NodeKind::Block) => Some(id),
                _ => None,
            })
            .collect()
    }

    /// The Palace Block, 2/3-K/L (5.23).
    #[must_use]
    pub fn palace(&self) -> NodeId {
        self.palace
    }

    /// 5.24: whether the canal lies between two places: a Point and a Block on
    /// either side of it, an arrow or a hexside it runs along. A Point-to-Point
    /// move ignores the canal.
    #[must_use]
    pub fn crosses_canal(&self, a: Location, b: Location) -> bool {
        match (a, b) {
            (Location::Node(x), Location::Node(y)) => {
                self.canal_blocked.iter().any(|&(p, k)| (p, k) == (x, y) || (p, k) == (y, x))
            }
            (Location::Node(n), Location::Hex(h)) | (Location::Hex(h), Location::Node(n)) => {
                self.canal_arrows.contains(&(n, h))
            }
            (Location::Hex(x), Location::Hex(y)) => self.canal_sides.contains(&ordered(x, y)),
        }
    }

    /// A land unit's step from `from` to `to`: legal or why not (5.22-5.24,
    /// 5.33). Facing and MP costs are the movement rules'; this says what the
    /// ground allows.
    ///
    /// # Errors
    /// The [`StepError`] naming the rule that forbids the step.
    pub fn land_step(&self, from: Location, to: Location) -> Result<LandStep, StepError> {
        if !self.is_place(from) || !self.is_place(to) {
            return Err(StepError::NotAPlace);
        }
        let (fb, tb) = (self.is_block(from), self.is_block(to));
        if fb && tb {
            return Err(StepError::BlockToBlock);
        }
        if (fb || tb) && self.crosses_canal(from, to) {
            return Err(StepError::CanalBlock);
        }
        if !self.neighbours(from).contains(&to) {
            return Err(StepError::NotAdjacent);
        }
        if let (Location::Hex(a), Location::Hex(b)) = (from, to) {
            let sides = self.board.hexside_between(a, b).unwrap_or_default();
            if sides.contains(HexsideFeature::TownWall) && !sides.contains(HexsideFeature::Gate) {
                return Err(StepError::Wall);
            }
        }
        if let Location::Hex(b) = to
            && self.board.in_area(areas::SEA, b)
        {
            return Err(StepError::AllSea);
        }
        Ok(LandStep { across_canal: self.crosses_canal(from, to), into_block: tb })
    }

    /// A galley's step from hex `a` to hex `b`: legal or why not (5.25, 5.33,
    /// 5.35). The Lighthouse's denial depends on who holds it: see
    /// [`Alexandria::lighthouse_denied`].
    ///
    /// # Errors
    /// The [`GalleyStepError`] naming the rule that forbids it.
    pub fn galley_step(&self, a: Hex, b: Hex) -> Result<(), GalleyStepError> {
        if !self.board.contains(a) || !self.board.contains(b) || a.distance_to(b) != 1 {
            return Err(GalleyStepError::NotAdjacent);
        }
        let side = ordered(a, b);
        if self.mole.contains(&side) {
            return Err(GalleyStepError::Mole);
        }
        if self.all_land.contains(&side) {
            return Err(GalleyStepError::AllLandHexside);
        }
        let in_area = |area: &str| self.board.in_area(area, b);
        if in_area(areas::CAUSEWAY) && !in_area(areas::OVERPASSES) {
            return Err(GalleyStepError::Causeway);
        }
        if !(in_area(areas::SEA) || in_area(areas::COASTAL) || in_area(areas::OVERPASSES)) {
            return Err(GalleyStepError::Land);
        }
        Ok(())
    }

    /// 5.26: the hexes the Lighthouse's holder may deny to galleys (3931,
    /// 3932, 4032).
    #[must_use]
    pub fn lighthouse_denied(&self) -> &[Hex] {
        self.board.area(areas::LIGHTHOUSE_DENIED).map_or(&[], |a| a.hexes())
    }

    /// 5.26: whether the player holding the Lighthouse (`holder`: the side
    /// with a combat unit in 4031, if any) may deny `hex` to a galley of
    /// `side`: 3931, 3932 and 4032, to the other side's galleys.
    #[must_use]
    pub fn lighthouse_denies(&self, hex: Hex, side: Side, holder: Option<Side>) -> bool {
        holder.is_some_and(|h| h != side) && self.lighthouse_denied().contains(&hex)
    }

    /// 5.29: whether a galley may beach in `hex` (Pharos' north shore
    /// 3304-4130, the coast west of the city 1005-1814).
    #[must_use]
    pub fn is_beach(&self, hex: Hex) -> bool {
        self.board.in_area(areas::PHAROS_BEACH, hex) || self.board.in_area(areas::WEST_BEACH, hex)
    }

    /// The grid position (column, row) of a node: a Point from its name, a
    /// Block at the centre of its outline (for pictures).
    #[must_use]
    pub fn node_position(&self, id: NodeId) -> Option<(f64, f64)> {
        let node = self.board.nodes().node(id)?;
        match node.kind {
            NodeKind::Point => point_position(&self.roads, &self.streets, &node.name),
            NodeKind::Block => {
                let corners = self.block_outline(id)?;
                let n = corners.len() as f64;
                let c = corners.iter().map(|p| p.0).sum::<f64>() / n;
                let r = corners.iter().map(|p| p.1).sum::<f64>() / n;
                Some((c, r))
            }
        }
    }

    /// A Block's outline, (column, row) corners.
    #[must_use]
    pub fn block_outline(&self, id: NodeId) -> Option<&[(f64, f64)]> {
        self.shapes.iter().find(|(s, _)| *s == id).map(|(_, c)| c.as_slice())
    }

    /// The roads (number, grid column) and streets (letter, grid row).
    #[must_use]
    pub fn streets(&self) -> (&[Line], &[Line]) {
        (&self.roads, &self.streets)
    }

    /// The canal's course, (column, row) points.
    #[must_use]
    pub fn canal_course(&self) -> &[(f64, f64)] {
        &self.canal_course
    }

    /// The mole's hexsides.
    #[must_use]
    pub fn mole(&self) -> &[(Hex, Hex)] {
        &self.mole
    }

    /// The canal's hexsides.
    #[must_use]
    pub fn canal_hexsides(&self) -> &[(Hex, Hex)] {
        &self.canal_sides
    }
}
