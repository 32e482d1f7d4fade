//! Map geometry the scenario rules need: "north of" a row of hexes, distance
//! to an outside map edge, the order of a rampart's walkway, and which way
//! "toward the enemy" is.

use crate::map::{Board, Region, SiegeWorks};
use std::collections::VecDeque;

use gboh_core::board::{Area, HexsideFeature, Label};
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

use super::def::MapEdge;
use crate::map::areas;

/// Twice a hex's west-east position on the printed map, in hex widths: the
/// row, plus half a hex in shifted columns.
fn x2(board: &Board, label: Label) -> i32 {
    let shift = i32::from(board.scheme().is_shifted(label.column()));
    2 * i32::from(label.row()) + shift
}

/// 12.1, 11.0: whether `hex` lies north of the row `line` (W5815,
/// W5915-W5918): in a higher column than one of its hexes, within half a hex
/// of it west to east, and not one of them. Columns grow northward on the
/// Alesia map, so "north" is straight up the printed map.
///
/// ```
/// use gboh_alesia::map::west_map;
/// use gboh_alesia::scenario::north_of;
/// let board = west_map().unwrap();
/// let line: Vec<_> = ["W5815", "W5915", "W5916", "W5917", "W5918"]
///     .iter().map(|l| board.hex_of(l).unwrap()).collect();
/// let at = |l: &str| board.hex_of(l).unwrap();
/// assert!(north_of(board, at("W6015"), &line));
/// assert!(!north_of(board, at("W5916"), &line)); // on the line
/// assert!(!north_of(board, at("W5817"), &line)); // south of W5917
/// ```
#[must_use]
pub fn north_of(board: &Board, hex: Hex, line: &[Hex]) -> bool {
    if line.contains(&hex) {
        return false;
    }
    let Some(l) = board.label(hex) else {
        return false;
    };
    let x = x2(board, l);
    line.iter()
        .filter_map(|&h| board.label(h))
        .any(|m| l.column() > m.column() && (x - x2(board, m)).abs() <= 1)
}

/// The map edges a hex lies on (a corner hex lies on two).
#[must_use]
pub fn edges_of(board: &Board, hex: Hex) -> Vec<MapEdge> {
    let Some(l) = board.label(hex) else {
        return Vec::new();
    };
    let scheme = board.scheme();
    let (first_row, last_row) = scheme.rows_of(l.column());
    let (first_col, last_col) = scheme.columns();
    let mut edges = Vec::new();
    if l.row() == first_row {
        edges.push(MapEdge::West);
    }
    if l.row() == last_row {
        edges.push(MapEdge::East);
    }
    if l.column() == first_col {
        edges.push(MapEdge::South);
    }
    if l.column() == last_col {
        edges.push(MapEdge::North);
    }
    edges
}

/// 12.1: the distance from `hex` to the nearest outside map edge hex (a map
/// edge hex outside the fortifications, 6.41); `None` off the map or on a map
/// with no such hex.
#[must_use]
pub fn edge_distance(board: &Board, hex: Hex) -> Option<u32> {
    if !board.contains(hex) {
        return None;
    }
    board
        .hexes()
        .filter(|&h| board.region(h) == Some(Region::Outside) && !edges_of(board, h).is_empty())
        .map(|h| h.unsigned_distance_to(hex))
        .min()
}

/// Distances (in hexes, ignoring terrain) from the nearest hex for which
/// `source` holds, indexed by board index; `u32::MAX` where none is reachable.
#[must_use]
pub fn distances_from(board: &Board, source: impl Fn(Hex) -> bool) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut queue = VecDeque::new();
    for (i, h) in board.hexes().enumerate() {
        if source(h)
            && let Some(d) = dist.get_mut(i)
        {
            *d = 0;
            queue.push_back(i);
        }
    }
    while let Some(i) = queue.pop_front() {
        let here = dist.get(i).copied().unwrap_or(u32::MAX);
        for dir in Direction::ALL {
            if let Some(j) = board.neighbor_index(i, dir)
                && let Some(d) = dist.get_mut(j)
                && *d == u32::MAX
            {
                *d = here.saturating_add(1);
                queue.push_back(j);
            }
        }
    }
    dist
}

/// The facing whose two front hexes are nearest, by `dist` (from
/// [`distances_from`]), to what the unit must face; ties go to the facing
/// whose flanks are nearer, then to the first facing clockwise from Twelve.
#[must_use]
pub fn facing_toward(board: &Board, dist: &[u32], hex: Hex) -> Facing {
    let far = u64::from(u32::MAX);
    let d = |dir: Direction| -> u64 {
        board
            .neighbor(hex, dir)
            .and_then(|n| board.index(n))
            .and_then(|i| dist.get(i))
            .map_or(far, |&v| u64::from(v))
    };
    Facing::ALL
        .into_iter()
        .min_by_key(|f| {
            let [a, b] = f.front();
            let [c, e] = f.flank();
            (d(a) + d(b), d(c) + d(e), f.index())
        })
        .unwrap_or(Facing::Twelve)
}

/// Whether a hex is open ground outside the works: outside (6.41) and not in
/// a cavalry camp. What Roman units face at deployment.
#[must_use]
pub fn open_outside(board: &Board, hex: Hex) -> bool {
    board.region(hex) == Some(Region::Outside)
        && !areas::CAVALRY_CAMPS.iter().any(|a| board.in_area(a, hex))
}

/// "Facing toward the enemy" for a Roman unit at deployment: toward the
/// nearest open ground outside the works ([`facing_toward`]).
#[must_use]
pub fn facing_toward_outside(board: &Board, hex: Hex) -> Facing {
    let dist = distances_from(board, |h| open_outside(board, h));
    facing_toward(board, &dist, hex)
}

/// The hexes of `area` in walkway order (6.42) from `from`: each next hex is
/// the unvisited area hex joined to the last by a walkway (the lowest board
/// index if several); hexes the walk does not reach follow in board order.
#[must_use]
pub fn walkway_order(board: &Board, area: &Area, from: Hex) -> Vec<Hex> {
    let in_area = |h: Hex| board.index(h).is_some_and(|i| area.contains_index(i));
    let mut order: Vec<Hex> = Vec::with_capacity(area.len());
    let mut current = in_area(from).then_some(from);
    while let Some(h) = current {
        order.push(h);
        current = Direction::ALL
            .into_iter()
            .filter(|&d| board.has_hexside(h, d, HexsideFeature::Walkway))
            .filter_map(|d| board.neighbor(h, d))
            .filter(|&n| in_area(n) && !order.contains(&n))
            .min_by_key(|&n| board.index(n));
    }
    for &h in area.hexes() {
        if !order.contains(&h) {
            order.push(h);
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::west_map;

    #[test]
    fn the_outside_rampart_walks_from_w5714_to_w1832() {
        let board = west_map().unwrap();
        let area = board.area(areas::OUTSIDE_RAMPART).unwrap();
        let from = board.hex_of("W5714").unwrap();
        let order = walkway_order(board, area, from);
        assert_eq!(order.len(), 54);
        let labels: Vec<String> =
            order.iter().map(|&h| board.label(h).unwrap().to_string()).collect();
        assert_eq!(labels.first().map(String::as_str), Some("W5714"));
        assert_eq!(labels.last().map(String::as_str), Some("W1832"));
        for pair in order.windows(2) {
            assert_eq!(pair[0].unsigned_distance_to(pair[1]), 1, "{labels:?}");
        }
    }

    #[test]
    fn edge_distance_counts_only_outside_edges() {
        let board = west_map().unwrap();
        let at = |l: &str| board.hex_of(l).unwrap();
        assert_eq!(edge_distance(board, at("W3901")), Some(0));
        assert_eq!(edge_distance(board, at("W3904")), Some(3));
        // The east edge inside the works is not an outside edge.
        let inner_edge = at("W3034");
        assert_ne!(board.region(inner_edge), Some(Region::Outside));
        assert!(edge_distance(board, inner_edge).unwrap() > 0);
    }

    #[test]
    fn rampart_units_face_the_gardens_of_death() {
        let board = west_map().unwrap();
        let w3911 = board.hex_of("W3911").unwrap();
        let facing = facing_toward_outside(board, w3911);
        for dir in facing.front() {
            let n = board.neighbor(w3911, dir).unwrap();
            assert_eq!(board.region(n), Some(Region::Outside));
        }
    }
}
