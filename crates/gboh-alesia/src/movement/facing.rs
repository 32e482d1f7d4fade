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

use gboh_core::facing::{Direction, Facing};
pub use gboh_simple::ground::facing::{entry_directions, zoc_pivot_allowed};
use hexx::Hex;

use super::cost::{self, Mover};
use crate::game::{Battlefield, SiegeOfAlesia};

/// 7.12: the MP `mover` pays to pivot from `from` to `to`; `walkway` when it
/// reached its hex along a rampart walkway this move (free). The rest is the
/// family's rule with Alesia's exceptions ([`SiegeOfAlesia`]'s
/// `GroundRules::pivot`).
#[must_use]
pub fn pivot_cost(mover: &Mover, from: Facing, to: Facing, walkway: bool) -> u8 {
    if walkway {
        return 0;
    }
    gboh_simple::ground::facing::pivot_cost::<SiegeOfAlesia>(mover, from, to)
}

/// 6.32, 7.11, 6.44: whether a unit in `hex` facing `facing` may move into
/// its neighbour toward `dir`: a front hex, or any from a Redoubt.
#[must_use]
pub fn may_enter_toward(field: &Battlefield, hex: Hex, facing: Facing, dir: Direction) -> bool {
    entry_directions(facing, cost::is_redoubt(field, hex)).contains(&dir)
}
