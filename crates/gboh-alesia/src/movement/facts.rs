//! What the movement search asks about every hex, computed once per search
//! for the moving side: enemy ZOC (7.2), enemy pieces (6.64), hexes next to
//! an enemy combat unit (4.13, 4.31, 6.5), and Tribal Counter hexes (6.22).
//! Dense by board index, in buffers reused from search to search.

use crate::game::AlesiaField;
use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::tether;
use crate::game::{Battlefield, Uid};
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
    /// Built by [`SideFacts::build_at`] for this one hex index only.
    only: Option<usize>,
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
        self.only = None;
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

    /// The facts about pieces (as [`SideFacts::build_without_zoc`]) at the
    /// one hex `to` only; every other hex reads as free. Enough for one step
    /// into `to` ([`step::unit_step`](super::step::unit_step)), without
    /// visiting every piece or clearing whole-board buffers.
    pub fn build_at(&mut self, field: &Battlefield, side: Side, to: Hex) {
        let board = &field.setup().board;
        let n = board.len();
        let sized =
            self.enemy.len() == n && self.enemy_adjacent.len() == n && self.counter.len() == n;
        match self.only {
            // Only the one hex was set: unset it.
            Some(j) if sized => {
                for v in [&mut self.enemy, &mut self.enemy_adjacent, &mut self.counter] {
                    if let Some(b) = v.get_mut(j) {
                        *b = false;
                    }
                }
            }
            _ => {
                for v in [&mut self.enemy, &mut self.enemy_adjacent, &mut self.counter] {
                    v.clear();
                    v.resize(n, false);
                }
            }
        }
        self.zoc.clear();
        self.side = Some(side);
        self.only = None;
        let Some(i) = board.index(to) else { return };
        self.only = Some(i);
        let enemy_unit =
            |h: Hex| field.stack(h).iter().any(|u| setup_side(field, u).is_some_and(|s| s != side));
        // 6.64: an enemy combat unit or a living enemy leader there.
        let enemy =
            enemy_unit(to)
                || field.setup().leaders.iter().zip(field.leaders()).any(|(leader, state)| {
                    leader.side != side && !state.dead && state.at == Some(to)
                });
        // 4.13, 4.31, 6.5: an enemy combat unit next to it.
        let adjacent = Direction::ALL.into_iter().any(|d| {
            board.neighbor_index(i, d).and_then(|j| board.hex_at(j)).is_some_and(enemy_unit)
        });
        // 6.22.
        let counter = tether::counter_blocks(field, to);
        for (v, b) in [
            (&mut self.enemy, enemy),
            (&mut self.enemy_adjacent, adjacent),
            (&mut self.counter, counter),
        ] {
            if let Some(x) = v.get_mut(i) {
                *x = b;
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

/// The side of combat unit `uid`, from the setup.
fn setup_side(field: &Battlefield, uid: Uid) -> Option<Side> {
    field.setup().unit(uid).map(|i| i.side)
}
