//! Facing (7.1 in Alesia's numbering): which hexes a unit may enter from its
//! hex, and what pivoting costs.
//!
//! - A unit enters only its two front hexes (6.32, 7.11), or any adjacent
//!   hex where the game gives it an all-round front
//!   ([`GroundRules::all_round_front`]: Alesia's redoubts).
//! - It pivots within its hex; what that costs is the game's [`Pivot`] for
//!   the mover ([`GroundRules::pivot`]): the family's default is 1 MP for
//!   any turn, 1 MP a vertex for cavalry, nothing for leaders (Alesia 7.12;
//!   Gergovia's simplified chart \[f\] makes it a vertex for every infantry
//!   unit but cohorts and skirmishers).
//! - Entering or in an enemy ZOC, a unit turns one vertex at most (7.13).

use gboh_core::facing::{Direction, Facing};

use super::GroundRules;
use super::stacking::Mover;

/// What turning costs a mover (7.12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pivot {
    /// Free, however far.
    Free,
    /// This many MP for any turn, however many vertices.
    AnyTurn(u8),
    /// This many MP a vertex.
    PerVertex(u8),
}

impl Pivot {
    /// The MP to turn from `from` to `to`.
    #[inline]
    #[must_use]
    pub fn cost(self, from: Facing, to: Facing) -> u8 {
        if from == to {
            return 0;
        }
        match self {
            Pivot::Free => 0,
            Pivot::AnyTurn(mp) => mp,
            Pivot::PerVertex(mp) => mp.saturating_mul(from.vertices_to(to)),
        }
    }
}

/// The family's pivot (Alesia 7.12's general case): leaders turn for free,
/// cavalry pay 1 MP a vertex, everyone else 1 MP for any turn.
#[must_use]
pub fn family_pivot(mover: &Mover) -> Pivot {
    if mover.is_leader() {
        Pivot::Free
    } else if mover.is_cavalry() {
        Pivot::PerVertex(1)
    } else {
        Pivot::AnyTurn(1)
    }
}

/// The MP `mover` pays in game `G` to turn from `from` to `to`
/// ([`GroundRules::pivot`]).
#[must_use]
pub fn pivot_cost<G: GroundRules>(mover: &Mover, from: Facing, to: Facing) -> u8 {
    G::pivot(mover).cost(from, to)
}

/// 7.13: whether a unit entering or in an enemy ZOC may turn from `from` to
/// `to` (one vertex at most).
#[inline]
#[must_use]
pub fn zoc_pivot_allowed(from: Facing, to: Facing) -> bool {
    from.vertices_to(to) <= 1
}

/// 6.32, 7.11: the directions a unit facing `facing` may move toward from
/// its hex: its front hexes, or all six with an all-round front.
#[inline]
#[must_use]
pub fn entry_directions(facing: Facing, all_round: bool) -> &'static [Direction] {
    /// The front directions of each facing, by [`Facing::index`].
    const FRONTS: [[Direction; 2]; 6] = [
        Facing::Twelve.front(),
        Facing::Two.front(),
        Facing::Four.front(),
        Facing::Six.front(),
        Facing::Eight.front(),
        Facing::Ten.front(),
    ];
    if all_round {
        &Direction::ALL
    } else {
        FRONTS.get(facing.index()).map_or(&[], |f| f.as_slice())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_7_12_pivots_cost_by_kind() {
        use Facing::{Four, Six, Twelve, Two};
        assert_eq!(Pivot::AnyTurn(1).cost(Twelve, Six), 1, "however far");
        assert_eq!(Pivot::AnyTurn(1).cost(Twelve, Twelve), 0, "no turn");
        assert_eq!(Pivot::PerVertex(1).cost(Twelve, Four), 2);
        assert_eq!(Pivot::PerVertex(1).cost(Two, Twelve), 1);
        assert_eq!(Pivot::Free.cost(Twelve, Six), 0);
    }

    #[test]
    fn rule_7_11_7_13_fronts_and_zoc_turns() {
        assert_eq!(entry_directions(Facing::Twelve, false), [Direction::NW, Direction::NE]);
        assert_eq!(entry_directions(Facing::Twelve, true).len(), 6);
        assert!(zoc_pivot_allowed(Facing::Twelve, Facing::Two));
        assert!(!zoc_pivot_allowed(Facing::Twelve, Facing::Four));
    }
}
