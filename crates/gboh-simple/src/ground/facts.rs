//! What a movement search asks about every hex, computed once per search
//! for the moving side: the enemy ZOC, enemy pieces, hexes next to an enemy
//! combat unit, and hexes the game closes to combat units
//! ([`GroundRules::closed_to_units`]). Dense by board index, in buffers
//! reused from search to search.

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::GroundRules;
use super::zoc::ZocMap;
use crate::field::{Field, Lid, Uid};
use crate::game::Roster;

/// Per-hex facts for one moving side.
#[derive(Debug, Clone, Default)]
pub struct SideFacts {
    /// The side they were built for.
    pub side: Option<Side>,
    /// 7.2: the enemy ZOC.
    pub zoc: ZocMap,
    /// An enemy combat unit or leader is there (Alesia 6.64).
    enemy: Vec<bool>,
    /// An enemy combat unit is in an adjacent hex (Alesia 4.13, 4.31, 6.5).
    enemy_adjacent: Vec<bool>,
    /// The game closes the hex to combat units
    /// ([`GroundRules::closed_to_units`]; Alesia 6.22: an unflipped Tribal
    /// Counter).
    counter: Vec<bool>,
    /// Built by [`SideFacts::build_at`] for this one hex index only.
    only: Option<usize>,
}

impl SideFacts {
    /// Recomputes the facts for `side` moving on `field`.
    pub fn build<G: GroundRules>(&mut self, field: &Field<G>, side: Side) {
        self.zoc.build(field, side);
        self.build_pieces(field, side);
    }

    /// The facts about pieces only (enemy hexes, hexes next to an enemy,
    /// hexes the game closes), with an empty ZOC: enough for one step that
    /// does not ask about ZOC.
    pub fn build_without_zoc<G: GroundRules>(&mut self, field: &Field<G>, side: Side) {
        self.zoc.clear();
        self.build_pieces(field, side);
    }

    fn build_pieces<G: GroundRules>(&mut self, field: &Field<G>, side: Side) {
        let setup = field.setup();
        let board = setup.board();
        let n = board.len();
        self.side = Some(side);
        self.only = None;
        for v in [&mut self.enemy, &mut self.enemy_adjacent, &mut self.counter] {
            v.clear();
            v.resize(n, false);
        }
        for (k, state) in field.units().iter().enumerate() {
            let Some(at) = state.at else { continue };
            let uid = Uid(u16::try_from(k).unwrap_or(u16::MAX));
            if setup.unit_side(uid) == Some(side) {
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
        for (k, state) in field.leaders().iter().enumerate() {
            let lid = Lid(u8::try_from(k).unwrap_or(u8::MAX));
            if setup.leader_side(lid).is_some_and(|s| s != side)
                && !state.dead
                && let Some(i) = state.at.and_then(|h| board.index(h))
                && let Some(e) = self.enemy.get_mut(i)
            {
                *e = true;
            }
        }
        let counter = &mut self.counter;
        G::for_each_closed_hex(field, &mut |h| {
            if let Some(b) = board.index(h).and_then(|i| counter.get_mut(i)) {
                *b = true;
            }
        });
    }

    /// The facts about pieces (as [`SideFacts::build_without_zoc`]) at the
    /// one hex `to` only; every other hex reads as free. Enough for one step
    /// into `to`, without visiting every piece or clearing whole-board
    /// buffers.
    pub fn build_at<G: GroundRules>(&mut self, field: &Field<G>, side: Side, to: Hex) {
        let setup = field.setup();
        let board = setup.board();
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
            |h: Hex| field.stack(h).iter().any(|u| setup.unit_side(u).is_some_and(|s| s != side));
        // An enemy combat unit or a living enemy leader there (Alesia 6.64).
        let enemy = enemy_unit(to)
            || field.leaders().iter().enumerate().any(|(k, state)| {
                let lid = Lid(u8::try_from(k).unwrap_or(u8::MAX));
                setup.leader_side(lid).is_some_and(|s| s != side)
                    && !state.dead
                    && state.at == Some(to)
            });
        // An enemy combat unit next to it (Alesia 4.13, 4.31, 6.5).
        let adjacent = Direction::ALL.into_iter().any(|d| {
            board.neighbor_index(i, d).and_then(|j| board.hex_at(j)).is_some_and(enemy_unit)
        });
        // Alesia 6.22.
        let counter = G::closed_to_units(field, to);
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

    /// Whether the game closes the hex to combat units (Alesia 6.22: a
    /// Tribal Counter).
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
