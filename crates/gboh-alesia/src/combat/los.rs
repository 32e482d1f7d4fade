//! 8.15 Line of Sight, and the hexsides a shot leaves and enters by (8.13,
//! 6.66).
//!
//! The engine walks the path ([`gboh_simple::ground::los::walk`]:
//! [`gboh_core::board::los_path`]'s exact one; along a hexspine a stretch is
//! blocked only if the hexes on both sides block it) and judges higher
//! ground and units between; this module holds Alesia's own works. What
//! blocks, per 8.15:
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

use gboh_core::facing::Direction;
use gboh_simple::ground::los::{higher_ground, units_between, walk};
use hexx::Hex;

pub use gboh_simple::ground::los::{entering_by, leaving_by};

use super::terrain::{height, is_rampart, is_redoubt};
use crate::game::{Battlefield, SiegeOfAlesia};
use gboh_simple::GroundRules;

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
    let ends = height(field, from).max(height(field, to));
    let range = from.unsigned_distance_to(to);
    // A hex between the ends.
    let hex_blocks = |h: Hex, over: &mut bool| -> Option<Blocker> {
        if <SiegeOfAlesia as GroundRules>::blocks_sight(field, h) {
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
        if higher_ground(field, h, ends) {
            return Some(Blocker::Elevation(h));
        }
        if units_between(field, from, h, range, trajectory.over_closer_units) {
            return Some(Blocker::Units(h));
        }
        None
    };
    // The hexside between two adjacent hexes on the line.
    let wall_blocks = |a: Hex, b: Hex, over: &mut bool| -> Option<Blocker> {
        let board = &field.setup().board;
        let dir = Direction::between(a, b)?;
        let side = board.hexside(a, dir);
        // 8.15: a Wall, Gate or Redoubt hexside (the chart's `sight` column).
        if !field.setup().sight_barriers().stops(side) {
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
    walk(from, to, hex_blocks, wall_blocks).map(|over_works| Sight { over_works })
}
