//! Nodes seated on the grid: how a board's Points and Blocks become places
//! the engines walk like hexes (docs/architecture.md, "Places").
//!
//! A map with off-grid spaces (*Caesar in Alexandria*'s city) gives each node
//! of its [`NodeGraph`](super::NodeGraph) a *seat*: a hex of the grid, under
//! the city, that stands for it. The engines keep every position as a hex and
//! ask the board who is next to whom; [`Board::seat_nodes`] rewires the
//! board's neighbour table so that the answer follows the graph:
//! - a link between two Points, or an arrow between a Point and a hex
//!   (Alexandria 5.22), gets a direction at each end: the free one nearest to
//!   the map's geometry, the opposite one at the far end where it is free. So
//!   facing, fronts and flanks work at a Point as in a hex (5.32);
//! - a link to a Block is a *side link* ([`Board::side_links`]), without
//!   direction: a Block has no facing and is entered from an adjacent Point
//!   regardless of facing (5.32 play note);
//! - the other hexes under the city are *holes*: nothing is next to them, and
//!   a hex outside loses its neighbours under the city except where an arrow
//!   joins it to a Point.
//!
//! A board without nodes is untouched: its lookups take the plain hex
//! arithmetic, as before.

use hexx::Hex;
use thiserror::Error;

use super::grid::Board;
use super::location::{Location, NodeId, NodeKind};
use super::works::HexWorks;
use crate::facing::Direction;

/// A per-hex mark: a plain hex.
const PLAIN: u16 = u16::MAX;
/// A per-hex mark: a hole under the city.
const HOLE: u16 = u16::MAX - 1;
/// The neighbour table's "none".
const NONE: u32 = u32::MAX;

/// Where a board's nodes stand ([`Board::seat_nodes`]); empty on a board of
/// hexes only.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(crate) struct Seating {
    /// Each node's seat, by [`NodeId`].
    seats: Vec<Hex>,
    /// Per hex index: the node seated there, [`HOLE`] or [`PLAIN`].
    marks: Vec<u16>,
    /// Per hex index: the side links (to or from a Block).
    side: Vec<Vec<u32>>,
}

impl Seating {
    /// Whether no node is seated (every all-hex map).
    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.seats.is_empty()
    }
}

/// Why a board's nodes could not be seated; the board is left as it was.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeatError {
    /// One seat per node is needed.
    #[error("{nodes} nodes need {nodes} seats, {seats} given")]
    Count {
        /// The nodes of the board's graph.
        nodes: usize,
        /// The seats given.
        seats: usize,
    },
    /// A seat or hole off the map.
    #[error("{0}: its seat or hole is not a hex of the map")]
    OffMap(String),
    /// Two nodes on one hex, or a node on a hole.
    #[error("{0}: its seat is taken by another node or a hole")]
    Taken(String),
    /// A place with more than six directional links.
    #[error("{0}: more than six places to link in a direction")]
    Crowded(String),
    /// A link to a hole, or from a node not on the board.
    #[error("a link of {0} leads to no place")]
    Dangling(String),
}

impl<W: HexWorks> Board<W> {
    /// Seats the board's nodes on the grid: node `i` on `seats[i]`, with
    /// `holes` the other hexes under them that are no place, and rewires the
    /// neighbours (the module's doc says how).
    ///
    /// # Errors
    /// [`SeatError`] naming the node or hex at fault; the board is unchanged.
    pub fn seat_nodes(&mut self, seats: &[Hex], holes: &[Hex]) -> Result<(), SeatError> {
        let nodes = self.nodes.nodes();
        if seats.len() != nodes.len() {
            return Err(SeatError::Count { nodes: nodes.len(), seats: seats.len() });
        }
        let mut marks = vec![PLAIN; self.len()];
        for &h in holes {
            let mark = self.index(h).and_then(|i| marks.get_mut(i));
            *mark.ok_or_else(|| SeatError::OffMap(self.hex_name(h)))? = HOLE;
        }
        for (n, (&h, node)) in seats.iter().zip(nodes).enumerate() {
            let mark = self.index(h).and_then(|i| marks.get_mut(i));
            let mark = mark.ok_or_else(|| SeatError::OffMap(node.name.clone()))?;
            let id = u16::try_from(n).ok().filter(|&id| id < HOLE);
            match (*mark, id) {
                (PLAIN, Some(id)) => *mark = id,
                _ => return Err(SeatError::Taken(node.name.clone())),
            }
        }
        let plain = |i: u32| marks.get(i as usize).is_some_and(|&m| m == PLAIN);
        let mut table = self.neighbors.clone();
        for (i, slots) in table.iter_mut().enumerate() {
            let here = marks.get(i).is_some_and(|&m| m == PLAIN);
            for slot in slots.iter_mut() {
                if !here || (*slot != NONE && !plain(*slot)) {
                    *slot = NONE;
                }
            }
        }
        let mut side = vec![Vec::new(); self.len()];
        for &(a, b) in self.nodes.links() {
            let ends = (self.seat_index(a, seats), self.seat_index(b, seats));
            let (Some(i), Some(j)) = ends else {
                return Err(SeatError::Dangling(self.location_name(a)));
            };
            let hole = |k: usize| marks.get(k).is_some_and(|&m| m == HOLE);
            if hole(i) || hole(j) {
                return Err(SeatError::Dangling(self.location_name(a)));
            }
            let (ii, jj) = (i as u32, j as u32);
            if self.is_block(a) || self.is_block(b) {
                side.get_mut(i).into_iter().for_each(|l| l.push(jj));
                side.get_mut(j).into_iter().for_each(|l| l.push(ii));
                continue;
            }
            let (Some(&from), Some(&to)) = (self.coords.get(i), self.coords.get(j)) else {
                return Err(SeatError::Dangling(self.location_name(a)));
            };
            let there = table
                .get(i)
                .and_then(|slots| nearest_free(slots, from, to, None))
                .ok_or_else(|| SeatError::Crowded(self.location_name(a)))?;
            link(&mut table, i, there, jj);
            let back = table
                .get(j)
                .and_then(|slots| nearest_free(slots, to, from, Some(there.opposite())))
                .ok_or_else(|| SeatError::Crowded(self.location_name(b)))?;
            link(&mut table, j, back, ii);
        }
        self.neighbors = table;
        self.places = Seating { seats: seats.to_vec(), marks, side };
        Ok(())
    }

    /// Whether nodes are seated on this board ([`Board::seat_nodes`]).
    #[inline]
    #[must_use]
    pub fn has_places(&self) -> bool {
        !self.places.is_empty()
    }

    /// The hex node `id` is seated on.
    #[must_use]
    pub fn seat(&self, id: NodeId) -> Option<Hex> {
        self.places.seats.get(usize::from(id.0)).copied()
    }

    /// The node seated on `hex`, if any.
    #[must_use]
    pub fn node_at(&self, hex: Hex) -> Option<NodeId> {
        let mark = *self.places.marks.get(self.index(hex)?)?;
        (mark != PLAIN && mark != HOLE).then_some(NodeId(mark))
    }

    /// Whether `hex` is a hole: under the city and no place.
    #[must_use]
    pub fn is_hole(&self, hex: Hex) -> bool {
        self.index(hex).and_then(|i| self.places.marks.get(i)).is_some_and(|&m| m == HOLE)
    }

    /// Where a piece on `hex` stands: the node seated there, or the hex.
    #[must_use]
    pub fn location(&self, hex: Hex) -> Location {
        self.node_at(hex).map_or(Location::Hex(hex), Location::Node)
    }

    /// The hex a location is played on: the hex itself, or the node's seat.
    #[must_use]
    pub fn location_hex(&self, at: Location) -> Option<Hex> {
        match at {
            Location::Hex(h) => self.contains(h).then_some(h),
            Location::Node(id) => self.seat(id),
        }
    }

    /// The side links (to or from a Block) of the hex with index `index`, as
    /// indices; none on a board without places.
    #[inline]
    #[must_use]
    pub fn side_links(&self, index: usize) -> &[u32] {
        self.places.side.get(index).map_or(&[], Vec::as_slice)
    }

    /// The places side-linked to `hex` (a Block's Points, a Point's Blocks).
    pub fn side_neighbors(&self, hex: Hex) -> impl Iterator<Item = Hex> + '_ {
        let links = self.index(hex).map_or(&[][..], |i| self.side_links(i));
        links.iter().filter_map(|&j| self.hex_at(j as usize))
    }

    /// The direction from `from` to `to`, if `to` is next to it in one (on a
    /// board with places, as the neighbour table says; a side link has none).
    #[inline]
    #[must_use]
    pub fn direction(&self, from: Hex, to: Hex) -> Option<Direction> {
        if self.places.is_empty() {
            return Direction::between(from, to);
        }
        let (i, j) = (self.index(from)?, self.index(to)?);
        Direction::ALL.into_iter().find(|&d| self.neighbor_index(i, d) == Some(j))
    }

    /// Whether two places are adjacent: in a direction, or by a side link.
    #[inline]
    #[must_use]
    pub fn adjacent(&self, a: Hex, b: Hex) -> bool {
        if self.places.is_empty() {
            return a.unsigned_distance_to(b) == 1;
        }
        self.direction(a, b).is_some()
            || self.index(a).is_some_and(|i| {
                self.index(b).is_some_and(|j| self.side_links(i).contains(&(j as u32)))
            })
    }

    fn seat_index(&self, at: Location, seats: &[Hex]) -> Option<usize> {
        match at {
            Location::Hex(h) => self.index(h),
            Location::Node(id) => self.index(*seats.get(usize::from(id.0))?),
        }
    }

    fn is_block(&self, at: Location) -> bool {
        matches!(at, Location::Node(id) if self.nodes.node(id).is_some_and(|n| n.kind == NodeKind::Block))
    }

    fn location_name(&self, at: Location) -> String {
        match at {
            Location::Hex(h) => self.hex_name(h),
            Location::Node(id) => {
                self.nodes.node(id).map_or_else(|| format!("node {}", id.0), |n| n.name.clone())
            }
        }
    }

    fn hex_name(&self, h: Hex) -> String {
        self.label(h).map_or_else(|| format!("({}, {})", h.x, h.y), |l| l.to_string())
    }
}

/// Sets slot `dir` of place `i` to `j`.
fn link(table: &mut [[u32; 6]], i: usize, dir: Direction, j: u32) {
    if let Some(slot) = table.get_mut(i).and_then(|slots| slots.get_mut(dir.index())) {
        *slot = j;
    }
}

/// The free slot of `slots` nearest the direction from `from` to `to` on the
/// map (by the cosine of the angle between them), `prefer` first if free.
fn nearest_free(
    slots: &[u32; 6],
    from: Hex,
    to: Hex,
    prefer: Option<Direction>,
) -> Option<Direction> {
    let free = |d: Direction| slots.get(d.index()) == Some(&NONE);
    if let Some(p) = prefer.filter(|&p| free(p)) {
        return Some(p);
    }
    let (vx, vy) = position(to - from);
    let mut best: Option<(f64, Direction)> = None;
    for d in Direction::ALL {
        if !free(d) {
            continue;
        }
        let (dx, dy) = position(d.offset());
        let cos = (vx * dx + vy * dy) / (vx.hypot(vy) * dx.hypot(dy)).max(f64::EPSILON);
        if best.is_none_or(|(c, _)| cos > c) {
            best = Some((cos, d));
        }
    }
    best.map(|(_, d)| d)
}

/// Where a hex lies on the plane, in hex widths: the grid's axes are the
/// directions NE (`x`) and E (`y`), 60 degrees apart.
fn position(h: Hex) -> (f64, f64) {
    let (x, y) = (f64::from(h.x), f64::from(h.y));
    (0.5 * x + y, 0.866_025_403_784_438_6 * x)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{HexInfo, LabelScheme, Node, NodeGraph, ShiftedColumns, Terrain};

    /// A 6x6 board whose middle hexes are a tiny city: Points P (on 0303)
    /// and Q (on 0305), Block B (on 0404), P joined by an arrow to 0203.
    fn city() -> Board {
        let scheme = LabelScheme::new(None, (1, 6), (1, 6), (1, 6), ShiftedColumns::Odd).unwrap();
        let mut board = Board::filled("city", scheme, HexInfo::plain(Terrain::Clear, 0));
        let p = |n: u16| Location::Node(NodeId(n));
        let arrow = board.hex_of("0203").unwrap();
        board.nodes = NodeGraph::new(
            vec![
                Node { name: "P".into(), kind: NodeKind::Point },
                Node { name: "Q".into(), kind: NodeKind::Point },
                Node { name: "B".into(), kind: NodeKind::Block },
            ],
            vec![(p(0), p(1)), (p(0), p(2)), (p(1), p(2)), (Location::Hex(arrow), p(0))],
        );
        board
    }

    fn hexes(board: &Board, labels: &[&str]) -> Vec<Hex> {
        labels.iter().map(|l| board.hex_of(l).unwrap()).collect()
    }

    #[test]
    fn seated_nodes_are_next_to_what_they_are_linked_to_and_nothing_else() {
        let mut board = city();
        let seats = hexes(&board, &["0303", "0305", "0404"]);
        let holes = hexes(&board, &["0304", "0403", "0405"]);
        board.seat_nodes(&seats, &holes).unwrap();
        let [p, q, b] = [seats[0], seats[1], seats[2]];
        let arrow = board.hex_of("0203").unwrap();
        // P and Q are two hexes apart on the grid, next to each other here.
        assert!(p.unsigned_distance_to(q) > 1);
        assert!(board.adjacent(p, q) && board.adjacent(q, p));
        let d = board.direction(p, q).unwrap();
        assert_eq!(board.neighbor(p, d), Some(q));
        assert_eq!(board.direction(q, p), Some(d.opposite()));
        // The Block by side links only, with no direction.
        assert!(board.adjacent(p, b) && board.adjacent(b, q));
        assert_eq!(board.direction(p, b), None);
        assert_eq!(board.side_neighbors(b).collect::<Vec<_>>(), vec![p, q]);
        // The arrow: the hex outside and P are neighbours both ways.
        assert!(board.direction(arrow, p).is_some() && board.direction(p, arrow).is_some());
        // Holes have no neighbours, and no hex has a hole for one.
        for h in &holes {
            assert!(board.is_hole(*h));
            assert_eq!(board.neighbors(*h), [None; 6]);
        }
        for h in board.hexes() {
            assert!(board.neighbors(h).into_iter().flatten().all(|n| !board.is_hole(n)));
        }
        assert_eq!(board.location(q), Location::Node(NodeId(1)));
        assert_eq!(board.location_hex(Location::Node(NodeId(2))), Some(b));
    }

    #[test]
    fn a_board_without_places_answers_by_hex_arithmetic() {
        let board = city();
        let a = board.hex_of("0303").unwrap();
        for d in Direction::ALL {
            let n = d.neighbor(a);
            assert_eq!(board.direction(a, n), Some(d));
            assert!(board.adjacent(a, n));
        }
        assert!(!board.has_places());
        assert!(board.side_links(0).is_empty());
    }

    #[test]
    fn bad_seats_are_refused_and_change_nothing() {
        let mut board = city();
        let before = board.clone();
        let one = hexes(&board, &["0303"]);
        assert_eq!(board.seat_nodes(&one, &[]), Err(SeatError::Count { nodes: 3, seats: 1 }));
        let twice = hexes(&board, &["0303", "0303", "0404"]);
        assert_eq!(board.seat_nodes(&twice, &[]), Err(SeatError::Taken("Q".into())));
        let on_hole = hexes(&board, &["0303", "0305", "0404"]);
        let hole = hexes(&board, &["0203"]);
        assert!(matches!(board.seat_nodes(&on_hole, &hole), Err(SeatError::Dangling(_))));
        assert_eq!(board, before);
    }
}
