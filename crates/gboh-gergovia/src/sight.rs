//! Special Terrain Notes (Stone Walls) on line of sight: "A stone wall
//! blocks line of sight, unless the target stands at the wall", and "Fire
//! over a stone-wall hexside at a target standing at the wall receives a +1
//! modifier to the die roll" (8.71 (b)).
//!
//! The line is the engine's exact one ([`gboh_core::board::los_path`]); the
//! hexsides it crosses are those between consecutive hexes on it, the
//! firer's and the target's included (two adjacent hexes: their common
//! hexside). Along a hexspine (a tie between two hexes) the line crosses a
//! wall only if it must: when the way through either hex beside the spine
//! crosses one (the family's reading, a line along a hexspine is blocked
//! only if both sides block it; a wall on the spine itself is run along,
//! not crossed). Reconstructed where the text is silent:
//!
//! - "the target stands at the wall": its hex has a standing stone-wall
//!   hexside (either of the two walls; the map's two walls never both
//!   border one hex);
//! - the firer standing at the wall is no exception (the text names the
//!   target only);
//! - a hexside knocked down ("Wall Down/Rubble", [`crate::walls`]) is no
//!   wall: it blocks no line of sight and gives no +1 (the line of sight
//!   and the +1 are the stone wall's; the simplified table's rubble row has
//!   no fire modifier).
//!
//! The scorpions' own limit (9.34, "may not fire through walls") is
//! [`crate::scorpions::clear_shot`]'s, which asks [`crosses`] about the
//! standing stone walls.

use gboh_core::board::{Board, HexsideFeature, LosStep, los_path};
use gboh_core::facing::Direction;
use hexx::Hex;

/// What the line of sight cites.
pub const RULE: &str = "Gergovia, Special Terrain Notes (Stone Walls)";

/// What the stone walls do to a line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoneWallSight {
    /// The line crosses no standing stone wall.
    Clear,
    /// It crosses one, and the target stands at the wall: clear, with
    /// 8.71 (b)'s +1.
    OverAtTheWall,
    /// It crosses one and the target does not stand at the wall: blocked.
    Blocked,
}

/// Whether the stone wall on the hexside from `hex` toward `dir` stands:
/// a stone-wall hexside of the map not knocked down (`down`).
pub fn standing(
    board: &Board,
    down: impl Fn(Hex, Direction) -> bool,
) -> impl Fn(Hex, Direction) -> bool {
    move |hex, dir| board.has_hexside(hex, dir, HexsideFeature::StoneWall) && !down(hex, dir)
}

/// Whether the line from `from` to `to` must cross a hexside `wall` says
/// is a wall (see the module's reading of hexspines).
pub fn crosses(from: Hex, to: Hex, wall: impl Fn(Hex, Direction) -> bool) -> bool {
    let side = |a: Hex, b: Hex| Direction::between(a, b).is_some_and(|d| wall(a, d));
    match from.unsigned_distance_to(to) {
        0 => return false,
        1 => return side(from, to),
        _ => {}
    }
    let steps = los_path(from, to);
    let mut previous = Some(from);
    for (i, step) in steps.iter().enumerate() {
        match *step {
            LosStep::Hex(h) => {
                if previous.is_some_and(|p| side(p, h)) {
                    return true;
                }
                previous = Some(h);
            }
            LosStep::Tie(p, q) => {
                let after = match steps.get(i + 1) {
                    None => Some(to),
                    Some(LosStep::Hex(h)) => Some(*h),
                    Some(LosStep::Tie(..)) => None,
                };
                let through = |h: Hex| {
                    previous.is_some_and(|b| side(b, h)) || after.is_some_and(|a| side(h, a))
                };
                if through(p) && through(q) {
                    return true;
                }
                // The hexsides on either side of the tie were looked at.
                previous = None;
            }
        }
    }
    previous.is_some_and(|p| side(p, to))
}

/// Whether `hex` stands at a wall `wall` says stands (one of its six
/// hexsides).
pub fn at_the_wall(hex: Hex, wall: impl Fn(Hex, Direction) -> bool) -> bool {
    Direction::ALL.into_iter().any(|d| wall(hex, d))
}

/// The stone walls on the line of sight from `from` to a target in `to`,
/// those knocked down (`down`) not counted.
#[must_use]
pub fn stone_walls(
    board: &Board,
    from: Hex,
    to: Hex,
    down: impl Fn(Hex, Direction) -> bool,
) -> StoneWallSight {
    let wall = standing(board, down);
    // Cheaply first: every hex the line passes through lies on a shortest
    // path between its ends (its distances to the two ends sum to theirs;
    // one more allows for the hexes beside a hexspine), so a wall whose two
    // hexes are not both such hexes cannot be crossed.
    let span = from.unsigned_distance_to(to);
    let between = |h: Hex| h.unsigned_distance_to(from) + h.unsigned_distance_to(to) <= span + 1;
    let near = crate::walls::hexsides(board)
        .iter()
        .any(|&(h, d)| between(h) && between(d.neighbor(h)) && wall(h, d));
    if !near {
        return StoneWallSight::Clear;
    }
    if !crosses(from, to, &wall) {
        StoneWallSight::Clear
    } else if at_the_wall(to, &wall) {
        StoneWallSight::OverAtTheWall
    } else {
        StoneWallSight::Blocked
    }
}

/// Why the stone walls block the line of sight from `from` to what stands
/// in `to` (the message cites the Special Terrain Notes), those knocked
/// down (`down`) not counted: what Gergovia answers to the engine's every
/// sight ([`gboh_standard::StandardGame::sight_blocked`]: fire, return and
/// retire fire, the leader's sight of his Line).
#[must_use]
pub fn blocked(
    field: &gboh_standard::state::Field,
    from: Hex,
    to: Hex,
    down: impl Fn(Hex, Direction) -> bool,
) -> Option<String> {
    (stone_walls(field.board(), from, to, down) == StoneWallSight::Blocked).then(|| {
        format!(
            "{RULE}: a stone wall blocks the line of sight from {} to {}, which does not stand at the wall",
            field.label(from),
            field.label(to)
        )
    })
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_line_along_a_hexspine_crosses_a_wall_only_if_both_ways_do() {
        // From 0,0 to 2,-1: along the spine between (1,-1) and (1,0).
        let (from, to) = (Hex::ZERO, Hex::new(2, -1));
        let (p, q) = (Hex::new(1, -1), Hex::new(1, 0));
        let wall_before = |x: Hex| {
            move |h: Hex, d: Direction| {
                let o = d.neighbor(h);
                (h == from && o == x) || (o == from && h == x)
            }
        };
        assert!(!crosses(from, to, wall_before(p)));
        assert!(!crosses(from, to, wall_before(q)));
        let both = |h: Hex, d: Direction| wall_before(p)(h, d) || wall_before(q)(h, d);
        assert!(crosses(from, to, both));
        // Adjacent hexes: their common hexside.
        let d = Direction::between(from, p).unwrap();
        assert!(crosses(from, p, |h, x| h == from && x == d));
        assert!(!crosses(from, p, |_, _| false));
    }
}
