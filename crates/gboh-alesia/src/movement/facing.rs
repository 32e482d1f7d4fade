//! 7.1 Facing: which hexes a unit may enter (6.32, 7.11, 6.44) and what
//! pivoting costs (7.12, 7.13).
//!
//! ```text
//!          NW /\ NE          Facing::Twelve: the unit may enter NW and NE
//!            |  |            only (7.11). To go east it pivots first:
//!            |  |            1 MP however far (most units), nothing for
//!             \/             Gallic foot and Roman auxiliaries, 1 MP a
//!                            vertex for cavalry (7.12).
//! ```
//!
//! - 6.44: a unit in a Redoubt has all-round front: it may leave in any
//!   direction without pivoting.
//! - 7.12: a unit moving along a rampart walkway pivots for free in the
//!   rampart hex it reached along the walkway ("as if it were a road"). A unit
//!   that climbed onto the rampart pays to rotate (6.35 unit A).
//! - 7.13: entering or in an enemy ZOC, a unit may change facing by one
//!   vertex only.

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

use super::cost::{self, Mover};
use crate::game::Battlefield;

/// 7.12: the MP `mover` pays to pivot from `from` to `to`; `walkway` when it
/// reached its hex along a rampart walkway this move.
#[must_use]
pub fn pivot_cost(mover: &Mover, from: Facing, to: Facing, walkway: bool) -> u8 {
    if from == to || walkway || mover.is_leader() {
        return 0;
    }
    // "Auxiliaries and all Gallic foot units, none of which pay any MP cost".
    if mover.auxiliary || (mover.side == Side::Adversary && mover.is_foot()) {
        return 0;
    }
    if mover.is_cavalry() {
        // "Cavalry, which pay a cost of one movement point for each vertex".
        return from.vertices_to(to);
    }
    1
}

/// 7.13: whether a unit entering or in an enemy ZOC may turn from `from` to
/// `to` (one vertex at most).
#[must_use]
pub fn zoc_pivot_allowed(from: Facing, to: Facing) -> bool {
    from.vertices_to(to) <= 1
}

/// 6.32, 7.11, 6.44: whether a unit in `hex` facing `facing` may move into
/// its neighbour toward `dir`: a front hex, or any from a Redoubt.
#[must_use]
pub fn may_enter_toward(field: &Battlefield, hex: Hex, facing: Facing, dir: Direction) -> bool {
    entry_directions(facing, cost::is_redoubt(field, hex)).contains(&dir)
}

/// 6.32, 7.11, 6.44: the directions a unit facing `facing` may move toward
/// from its hex: its front hexes, or all six from a Redoubt (`in_redoubt`).
#[must_use]
pub fn entry_directions(facing: Facing, in_redoubt: bool) -> &'static [Direction] {
    /// The front directions of each facing, by [`Facing::index`].
    const FRONTS: [[Direction; 2]; 6] = [
        Facing::Twelve.front(),
        Facing::Two.front(),
        Facing::Four.front(),
        Facing::Six.front(),
        Facing::Eight.front(),
        Facing::Ten.front(),
    ];
    if in_redoubt {
        &Direction::ALL
    } else {
        FRONTS.get(facing.index()).map_or(&[], |f| f.as_slice())
    }
}
