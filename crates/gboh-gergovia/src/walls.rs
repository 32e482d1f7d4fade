//! Knocking down a stone wall (Special Terrain Notes, Stone Walls): "To
//! knock down a stone wall, a unit must spend all of its movement points at
//! the wall, outside enemy ZOC. The marker 'Wall Down/Rubble' is then placed
//! at the point of the breach."
//!
//! A decision of the active leader in his Orders Phase, made as one of the
//! game's declarations (`Action::Declare`, choice [`FIRST_CHOICE`] + the
//! hexside's number in [`hexsides`]). Reconstructed where the text is
//! silent:
//! - the unit is one the leader may order (his side's, in his Command
//!   Range), in good order, standing in one of the two hexes of that wall
//!   hexside, outside any enemy ZOC, that has not moved this turn (it must
//!   spend *all* its movement points); if both hexes hold one, the first by
//!   index does it;
//! - it then does nothing else this turn (no leader may order it again);
//! - in the standard family a unit does nothing in an Orders Phase but by
//!   an order: the declaration is one of the leader's Individual Orders
//!   (SPQR 4.2) given to that unit, which spends all of its MP at the wall
//!   (the engine's hook `StandardGame::declared_order`: refused with no
//!   Individual Order left, or to a unit ordered already this phase);
//! - the breach is that one hexside; from then on it is "Wall down /
//!   rubble": the Movement Cost Table's row for it (+1 MP, cavalry 1 hit)
//!   in place of the stone wall's, no roll after crossing, no wall for the
//!   line of sight and no +1 to fire over it ([`crate::sight`], 8.71 (b)),
//!   no wall for the scorpions' line (9.34, [`crate::scorpions`]) and none
//!   for 8.32.

use std::sync::OnceLock;

use gboh_core::board::{Board, HexsideFeature};
use gboh_core::facing::Direction;
use gboh_standard::state::Field;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// What the knock-down cites.
pub const RULE: &str = "Gergovia, Special Terrain Notes (Stone Walls)";

/// The declaration numbers: the n-th stone-wall hexside is `FIRST_CHOICE + n`
/// (clear of 6.8's tribes and the Gallic Reinforcements' entries).
pub const FIRST_CHOICE: u8 = 150;

/// Every stone-wall hexside of the map, once each, in board order.
#[must_use]
pub fn hexsides(board: &Board) -> &'static [(Hex, Direction)] {
    static SIDES: OnceLock<Vec<(Hex, Direction)>> = OnceLock::new();
    SIDES.get_or_init(|| {
        let mut out: Vec<(Hex, Direction)> = Vec::new();
        for (h, d, f) in board.hexsides() {
            let other = (d.neighbor(h), d.opposite());
            if f.contains(HexsideFeature::StoneWall)
                && !out.contains(&(h, d))
                && !out.contains(&other)
            {
                out.push((h, d));
            }
        }
        out
    })
}

/// The hexside's name, its two hexes' labels ("3001/3101").
#[must_use]
pub fn label(field: &Field, side: (Hex, Direction)) -> String {
    format!("{}/{}", field.label(side.0), field.label(side.1.neighbor(side.0)))
}

/// The breaches made so far, and the units that made them.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Walls {
    /// The hexsides knocked down, by number in [`hexsides`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    down: Vec<u8>,
    /// (turn, unit): the units that spent their turn at a wall.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    breakers: Vec<(u8, usize)>,
}

impl Walls {
    /// Whether the stone wall on the hexside from `from` toward `dir` is
    /// down (rubble).
    #[must_use]
    pub fn is_down(&self, board: &Board, from: Hex, dir: Direction) -> bool {
        let other = (dir.neighbor(from), dir.opposite());
        self.down.iter().any(|&i| {
            hexsides(board).get(usize::from(i)).is_some_and(|&s| s == (from, dir) || s == other)
        })
    }

    /// The hexsides knocked down so far.
    #[must_use]
    pub fn down(&self, board: &Board) -> Vec<(Hex, Direction)> {
        self.down.iter().filter_map(|&i| hexsides(board).get(usize::from(i)).copied()).collect()
    }

    /// Whether `unit` spent this turn knocking a wall down.
    #[must_use]
    pub fn spent(&self, field: &Field, unit: usize) -> bool {
        self.breakers.contains(&(field.turn, unit))
    }

    /// The unit that would knock down wall hexside `choice` for `leader`,
    /// if one may (`may_order`: the leader may order it, in range).
    #[must_use]
    pub fn breaker(
        &self,
        field: &Field,
        choice: u8,
        may_order: impl Fn(usize) -> bool,
    ) -> Option<usize> {
        let i = choice.checked_sub(FIRST_CHOICE)?;
        let &(h, d) = hexsides(field.board()).get(usize::from(i))?;
        if self.down.contains(&i) {
            return None;
        }
        let hexes = [h, d.neighbor(h)];
        (0..field.units.len()).find(|&u| {
            field.units.get(u).is_some_and(|s| {
                s.in_play() && hexes.contains(&s.hex) && s.moves_this_turn == 0 && !s.spent
            }) && field.side(u).is_some_and(|side| {
                let hex = field.units.get(u).map_or(h, |s| s.hex);
                !field.in_enemy_zoc(hex, side)
            }) && !self.spent(field, u)
                && may_order(u)
        })
    }

    /// The knock-downs `leader` may declare now, given who he may order.
    #[must_use]
    pub fn declarable(&self, field: &Field, may_order: impl Fn(usize) -> bool) -> Vec<u8> {
        (0..hexsides(field.board()).len())
            .filter_map(|i| u8::try_from(i).ok()?.checked_add(FIRST_CHOICE))
            .filter(|&c| self.breaker(field, c, &may_order).is_some())
            .collect()
    }

    /// Records the breach of hexside `choice` by `unit`.
    pub fn knock_down(&mut self, field: &Field, choice: u8, unit: usize) {
        if let Some(i) = choice.checked_sub(FIRST_CHOICE)
            && !self.down.contains(&i)
        {
            self.down.push(i);
            self.breakers.push((field.turn, unit));
        }
    }
}
