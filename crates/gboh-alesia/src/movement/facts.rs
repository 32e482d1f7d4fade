//! What the movement search asks about every hex, computed once per search
//! for the moving side: enemy ZOC (7.2), enemy pieces (6.64), hexes next to
//! an enemy combat unit (4.13, 4.31, 6.5), and Tribal Counter hexes (6.22).
//! Dense by board index, in buffers reused from search to search.

use gboh_core::Side;
use gboh_core::facing::Direction;

use super::tether;
use crate::game::Battlefield;
use crate::zoc::ZocMap;

/// Per-hex facts for one moving side.
#[derive(Debug, Clone, Default)]
pub struct SideFacts {
    /// The side they were built for.
    pub side: Option<Side>,
    /// 7.2: the enemy ZOC.
    pub zoc: ZocMap,
    /// 6.64: an enemy combat unit or leader is there.
    enemy: Vec<bool>,
    /// An enemy combat unit is in an adjacent hex (4.13, 4.31, 6.5).
    enemy_adjacent: Vec<bool>,
    /// 6.22: an unflipped Tribal Counter is there.
    counter: Vec<bool>,
}

impl SideFacts {
    /// Recomputes the facts for `side` moving on `field`.
    pub fn build(&mut self, field: &Battlefield, side: Side) {
        self.zoc.build(field, side);
        self.build_pieces(field, side);
    }

    /// The facts about pieces only (enemy hexes, hexes next to an enemy,
    /// Tribal Counters), with an empty ZOC: enough for one step that does
    /// not ask about ZOC ([`step::unit_step`](super::step::unit_step)).
    pub fn build_without_zoc(&mut self, field: &Battlefield, side: Side) {
        self.zoc.clear();
        self.build_pieces(field, side);
    }

    fn build_pieces(&mut self, field: &Battlefield, side: Side) {
        let setup = field.setup();
        let board = &setup.board;
        let n = board.len();
        self.side = Some(side);
        for v in [&mut self.enemy, &mut self.enemy_adjacent, &mut self.counter] {
            v.clear();
            v.resize(n, false);
        }
        for (info, state) in setup.units.iter().zip(field.units()) {
            let Some(at) = state.at else { continue };
            if info.side == side {
                continue;
            }
            let Some(i) = board.index(at) else { continue };
            if let Some(e) = self.enemy.get_mut(i) {
                *e = true;
            }
            for d in Direction::ALL {
                if let Some(j) = board.neighbor_index(i, d)
                    && let Some(a) = self.enemy_adjacent.get_mut(j)
                {
                    *a = true;
                }
            }
        }
        for (leader, state) in setup.leaders.iter().zip(field.leaders()) {
            if leader.side != side
                && !state.dead
                && let Some(i) = state.at.and_then(|h| board.index(h))
                && let Some(e) = self.enemy.get_mut(i)
            {
                *e = true;
            }
        }
        for c in field.counters() {
            if let Some(i) = c.at.and_then(|h| board.index(h))
                && let Some(h) = c.at
                && tether::counter_blocks(field, h)
                && let Some(b) = self.counter.get_mut(i)
            {
                *b = true;
            }
        }
    }

    /// Whether an enemy combat unit or leader is in the hex with index `i`.
    #[must_use]
    pub fn enemy(&self, i: usize) -> bool {
        self.enemy.get(i).copied().unwrap_or(false)
    }

    /// Whether the hex with index `i` is next to an enemy combat unit.
    #[must_use]
    pub fn enemy_adjacent(&self, i: usize) -> bool {
        self.enemy_adjacent.get(i).copied().unwrap_or(false)
    }

    /// Whether a Tribal Counter keeps combat units out of the hex (6.22).
    #[must_use]
    pub fn counter(&self, i: usize) -> bool {
        self.counter.get(i).copied().unwrap_or(false)
    }

    /// Whether the hex is in an enemy ZOC.
    #[must_use]
    pub fn in_zoc(&self, i: usize) -> bool {
        self.zoc.at(i)
    }
}
