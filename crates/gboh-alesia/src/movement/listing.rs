//! The legal-move listing's cache: each unit's Moves from the last listing,
//! kept while nothing they depend on has changed.
//!
//! A bot asks for the legal actions after every action, and a Move changes
//! one unit's hex. A unit's reachable (hex, facing) pairs depend on its own
//! state, the enemy (ZOC, enemy hexes: any enemy change drops every entry),
//! the leaders and Tribal Counters (any change drops every entry), the
//! scenario's movement rules (likewise), and, hex by hex, the markers of the
//! hexes its search examined and of their neighbours, and the friendly
//! stacks of the hexes it examined (6.61, 6.63, 6.65 and 4.31 look at the hex
//! entered) and of the rampart hexes next to the rampart hexes it examined
//! (6.68: entering a rampart hex next to friendly infantry on a rampart).
//! An entry is reused only when its unit's state and start are the same and
//! no changed hex falls in those footprints; everything else is searched
//! again. The
//! `movement_listing_cache` test checks the listing against a fresh
//! generator's, action by action, through whole bot games.

use crate::map::SiegeWorks;
use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

use super::allowance::Origin;
use super::rules::MoveRules;
use crate::game::{Battlefield, HexChange, Uid, UnitState};

/// One unit's listed Moves and what they were derived from.
#[derive(Debug, Clone)]
pub(super) struct Listed {
    pub state: UnitState,
    pub origin: Origin,
    pub out_of_range: bool,
    pub side: Side,
    /// Board indices (a bitset) whose markers the Moves depend on.
    pub footprint: Vec<u64>,
    /// Board indices (a bitset) whose friendly stacks the Moves depend on.
    pub near: Vec<u64>,
    pub moves: Vec<(Hex, Facing)>,
}

impl Listed {
    fn touches(&self, i: usize) -> bool {
        has(&self.footprint, i)
    }

    fn touches_near(&self, i: usize) -> bool {
        has(&self.near, i)
    }
}

fn has(bits: &[u64], i: usize) -> bool {
    bits.get(i / 64).is_some_and(|w| w & (1 << (i % 64)) != 0)
}

/// The cache: entries by [`Uid`], the position and rules they hold for.
#[derive(Debug, Clone, Default)]
pub(super) struct ListingCache {
    position: Option<Battlefield>,
    rules: Option<MoveRules>,
    entries: Vec<Option<Listed>>,
}

impl ListingCache {
    /// Brings the cache to `field` under `rules`: drops every entry the
    /// changes since the last listing may have touched.
    pub fn sync(&mut self, field: &Battlefield, rules: &MoveRules) {
        if self.rules.as_ref() != Some(rules) {
            self.entries.clear();
            self.rules = Some(rules.clone());
        }
        // Nothing changed since the last listing (no change was made since
        // one was cloned from the other).
        if self.position.as_ref().is_some_and(|p| p.same_version(field)) {
            return;
        }
        let setup = field.setup();
        let board = &setup.board;
        // (the changed unit's side, its old and new hex) and changed hexes.
        let mut units: Vec<(Option<Side>, [Option<usize>; 2])> = Vec::new();
        let mut hexes: Vec<(usize, HexChange)> = Vec::new();
        let kept = self.position.as_ref().and_then(|old| {
            field.changes_since(
                old,
                |uid, was, now| {
                    let side = setup.unit(uid).map(|u| u.side);
                    units.push((side, [was.at, now.at].map(|h| h.and_then(|h| board.index(h)))));
                },
                |i, change| hexes.push((i, change)),
            )
        });
        if kept.is_none() {
            self.entries.clear();
        }
        for slot in &mut self.entries {
            let drop = slot.as_ref().is_some_and(|l| {
                units.iter().any(|(side, at)| {
                    *side != Some(l.side) || at.iter().flatten().any(|&i| l.touches_near(i))
                }) || hexes
                    .iter()
                    .any(|&(i, c)| (c.markers && l.touches(i)) || (c.stack && l.touches_near(i)))
            });
            if drop {
                *slot = None;
            }
        }
        match &mut self.position {
            Some(p) => p.clone_from(field),
            None => self.position = Some(field.clone()),
        }
    }

    /// The entry for `unit`, if it still holds for this state and start.
    pub fn get(
        &self,
        unit: Uid,
        state: &UnitState,
        origin: Origin,
        out_of_range: bool,
    ) -> Option<&Listed> {
        self.entries
            .get(usize::from(unit.0))
            .and_then(Option::as_ref)
            .filter(|l| l.state == *state && l.origin == origin && l.out_of_range == out_of_range)
    }

    /// Stores `unit`'s entry.
    pub fn put(&mut self, unit: Uid, listed: Listed) {
        let i = usize::from(unit.0);
        if self.entries.len() <= i {
            self.entries.resize(i + 1, None);
        }
        if let Some(slot) = self.entries.get_mut(i) {
            *slot = Some(listed);
        }
    }
}

/// The footprints of the `examined` board indices: with all their
/// neighbours (`all`, for markers), and with the rampart hexes next to the
/// rampart hexes among them (`near`, for friendly stacks, 6.68).
pub(super) fn footprint(
    field: &Battlefield,
    examined: impl Iterator<Item = usize>,
    all: &mut Vec<u64>,
    near: &mut Vec<u64>,
) {
    let board = &field.setup().board;
    for bits in [&mut *all, &mut *near] {
        bits.clear();
        bits.resize(board.len().div_ceil(64), 0);
    }
    let set = |bits: &mut Vec<u64>, i: usize| {
        if let Some(w) = bits.get_mut(i / 64) {
            *w |= 1 << (i % 64);
        }
    };
    for i in examined {
        set(all, i);
        set(near, i);
        // The works, not their Rubble: a superset of the standing ramparts.
        let rampart = board.hex_at(i).is_some_and(|h| board.is_rampart(h));
        for d in Direction::ALL {
            if let Some(j) = board.neighbor_index(i, d) {
                set(all, j);
                if rampart && board.hex_at(j).is_some_and(|h| board.is_rampart(h)) {
                    set(near, j);
                }
            }
        }
    }
}
