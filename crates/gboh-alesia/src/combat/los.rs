//! 8.15 Line of Sight, and the hexsides a shot leaves and enters by (8.13,
//! 6.66).
//!
//! The path is [`gboh_core::board::los_path`]'s exact one; along a hexspine a
//! stretch is blocked only if the hexes on both sides block it (a
//! [`LosStep::Tie`]). What blocks, per 8.15:
//!
//! - a Rampart or Woods hex between the two (a unit may always fire *into* one);
//! - a Wall, Gate or Redoubt hexside crossed, even next to the firer or the
//!   target, unless it runs beside a Rampart hex ("walls adjacent to a Rampart
//!   hex do not block"); a Redoubt hex between the two;
//! - any hex between whose ground stands higher than both ends (an end on a
//!   rampart counts one level up; a rampart between is the rampart rule's);
//! - combat units between, unless the firer is an archer or a Palintonos and
//!   they are closer to it than the target;
//! - into or out of a Redoubt, unless the unit at the other end is adjacent
//!   and higher (and Flame at a Redoubt, 8.41).
//!
//! Palintonos fire over walls and ramparts, for +1 (8.55); Scorpiones never
//! do, not even over walls beside a rampart (8.55).
//!
//! ```text
//!   firer   W4912   W4913   W4914        8.17's example: an archer in W4911
//!   W4911 -- clear -- GoD -- rampart      sees the rampart W4914 over two
//!                                         clear, level hexes.
//! ```

use gboh_core::board::{HexsideFeature, LosStep, los_path};
use gboh_core::facing::Direction;
use hexx::Hex;

use super::terrain::{height, is_rampart, is_redoubt};
use crate::game::Battlefield;

/// How a firer's missiles fly (8.15, 8.55).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Trajectory {
    /// Archers and Palintonos fire over units closer to them than the target.
    pub over_closer_units: bool,
    /// Palintonos fire over walls, redoubts and ramparts (8.55).
    pub over_works: bool,
    /// Scorpiones may not fire over walls of any kind, not even those beside a
    /// rampart (8.55).
    pub low: bool,
    /// Flame at a Redoubt (8.41): the Redoubt's own walls do not stop it.
    pub flame_at_redoubt: bool,
}

/// What blocks a line of sight, for the error message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocker {
    /// A Rampart hex between.
    Rampart(Hex),
    /// A Woods hex between.
    Woods(Hex),
    /// A Redoubt hex between.
    Redoubt(Hex),
    /// A hex higher than both ends.
    Elevation(Hex),
    /// Combat units between.
    Units(Hex),
    /// A wall, gate or redoubt hexside between two hexes.
    Wall(Hex, Hex),
    /// Fire into or out of a Redoubt from other than an adjacent, higher hex.
    IntoRedoubt(Hex),
}

impl Blocker {
    /// The hex named in a message (a wall names its first hex).
    #[must_use]
    pub const fn hex(self) -> Hex {
        match self {
            Blocker::Rampart(h)
            | Blocker::Woods(h)
            | Blocker::Redoubt(h)
            | Blocker::Elevation(h)
            | Blocker::Units(h)
            | Blocker::Wall(h, _)
            | Blocker::IntoRedoubt(h) => h,
        }
    }

    /// What blocks, lower-case.
    #[must_use]
    pub const fn what(self) -> &'static str {
        match self {
            Blocker::Rampart(_) => "a rampart hex",
            Blocker::Woods(_) => "a woods hex",
            Blocker::Redoubt(_) => "a redoubt",
            Blocker::Elevation(_) => "higher ground",
            Blocker::Units(_) => "combat units",
            Blocker::Wall(..) => "a wall, gate or redoubt hexside",
            Blocker::IntoRedoubt(_) => {
                "a redoubt (only an adjacent, higher unit fires into or out of one)"
            }
        }
    }
}

/// A clear line of sight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sight {
    /// The line crosses walls or ramparts (Palintonos only: +1, 8.55).
    pub over_works: bool,
}

/// 8.15: the line of sight from `from` to `to` for missiles flying as
/// `trajectory` flies.
///
/// # Errors
/// The first [`Blocker`] met from the firer's end.
pub fn sight(
    field: &Battlefield,
    from: Hex,
    to: Hex,
    trajectory: Trajectory,
) -> Result<Sight, Blocker> {
    let adjacent = from.unsigned_distance_to(to) == 1;
    let higher = |a: Hex, b: Hex| height(field, a) > height(field, b);
    // Into or out of a Redoubt: only from an adjacent, higher hex.
    let redoubt_exception = adjacent
        && ((is_redoubt(field, to) && higher(from, to))
            || (is_redoubt(field, from) && higher(to, from)));
    if is_redoubt(field, from) && !redoubt_exception {
        return Err(Blocker::IntoRedoubt(from));
    }
    if is_redoubt(field, to) && !redoubt_exception && !trajectory.flame_at_redoubt {
        return Err(Blocker::IntoRedoubt(to));
    }
    let mut over_works = false;
    let ends = height(field, from).max(height(field, to));
    let range = from.unsigned_distance_to(to);
    // A hex between the ends.
    let hex_blocks = |h: Hex, over: &mut bool| -> Option<Blocker> {
        let board = &field.setup().board;
        if board.terrain(h) == Some(gboh_core::board::Terrain::Woods) {
            return Some(Blocker::Woods(h));
        }
        if is_rampart(field, h) || is_redoubt(field, h) {
            if trajectory.over_works {
                *over = true;
            } else if is_rampart(field, h) {
                return Some(Blocker::Rampart(h));
            } else {
                return Some(Blocker::Redoubt(h));
            }
        }
        // A rampart between is the rampart rule's (Palintonos fire over it,
        // 8.55); its ground is what counts as higher ground.
        if board.elevation(h).unwrap_or(0) > ends {
            return Some(Blocker::Elevation(h));
        }
        let units = !field.stack(h).is_empty();
        let closer = from.unsigned_distance_to(h) < range;
        if units && !(trajectory.over_closer_units && closer) {
            return Some(Blocker::Units(h));
        }
        None
    };
    // The hexside between two adjacent hexes on the line.
    let wall_blocks = |a: Hex, b: Hex, over: &mut bool| -> Option<Blocker> {
        let board = &field.setup().board;
        let dir = Direction::between(a, b)?;
        let side = board.hexside(a, dir);
        let wall = side.is_wall() || side.contains(HexsideFeature::Gate);
        if !wall {
            return None;
        }
        let beside_rampart = is_rampart(field, a) || is_rampart(field, b);
        let redoubt_end = redoubt_exception || trajectory.flame_at_redoubt && b == to;
        if redoubt_end && (is_redoubt(field, a) || is_redoubt(field, b)) {
            return None;
        }
        if trajectory.over_works {
            *over = true;
            return None;
        }
        if beside_rampart && !trajectory.low {
            return None;
        }
        Some(Blocker::Wall(a, b))
    };
    let steps = los_path(from, to);
    let hex_at = |i: usize| -> Option<Hex> {
        match steps.get(i) {
            Some(LosStep::Hex(h)) => Some(*h),
            _ => None,
        }
    };
    let mut previous = Some(from);
    for (i, step) in steps.iter().enumerate() {
        match *step {
            LosStep::Hex(h) => {
                if let Some(p) = previous
                    && let Some(b) = wall_blocks(p, h, &mut over_works)
                {
                    return Err(b);
                }
                if let Some(b) = hex_blocks(h, &mut over_works) {
                    return Err(b);
                }
                previous = Some(h);
            }
            LosStep::Tie(p, q) => {
                let before = previous;
                let after = if i + 1 == steps.len() { Some(to) } else { hex_at(i + 1) };
                let side_blocks = |h: Hex, over: &mut bool| -> Option<Blocker> {
                    before
                        .and_then(|b| wall_blocks(b, h, over))
                        .or_else(|| hex_blocks(h, over))
                        .or_else(|| after.and_then(|a| wall_blocks(h, a, over)))
                };
                let (mut over_p, mut over_q) = (false, false);
                let blocked_p = side_blocks(p, &mut over_p);
                let blocked_q = side_blocks(q, &mut over_q);
                match (blocked_p, blocked_q) {
                    (Some(b), Some(_)) => return Err(b),
                    (None, Some(_)) => over_works |= over_p,
                    (Some(_), None) => over_works |= over_q,
                    (None, None) => over_works |= over_p && over_q,
                }
                // The hexsides on either side of a tie were checked with it.
                previous = None;
            }
        }
    }
    if let Some(p) = previous
        && let Some(b) = wall_blocks(p, to, &mut over_works)
    {
        return Err(b);
    }
    Ok(Sight { over_works })
}

/// The hexside(s) a line from `from` to `to` leaves `from` by: one, or the two
/// beside a vertex it leaves through (8.13, 8.15: fire goes out through the
/// front or flank hexsides).
#[must_use]
pub fn leaving_by(from: Hex, to: Hex) -> Vec<Direction> {
    toward_first(from, to, los_path(from, to).first().copied())
}

/// The hexside(s) a line from `from` to `to` enters `to` by, as directions
/// from `to` (6.66: fire through the rear hexsides hits the bottom unit).
#[must_use]
pub fn entering_by(from: Hex, to: Hex) -> Vec<Direction> {
    toward_first(to, from, los_path(from, to).last().copied())
}

fn toward_first(end: Hex, other: Hex, step: Option<LosStep>) -> Vec<Direction> {
    match step {
        None => Direction::between(end, other).into_iter().collect(),
        Some(s) => s.hexes().filter_map(|h| Direction::between(end, h)).collect(),
    }
}
