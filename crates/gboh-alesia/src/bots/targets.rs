//! Distance maps the bots steer by: hex steps from a set of target hexes.

use crate::map::{Ring, Works};
use std::sync::Arc;

use gboh_core::facing::Direction;
use hexx::Hex;

use crate::game::Battlefield;

/// Hex steps from the nearest target, dense over the board (`u16::MAX`: none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceMap {
    dist: Vec<u16>,
}

impl DistanceMap {
    /// Breadth-first distances from `targets` over the board's hexes.
    #[must_use]
    pub fn from_targets(field: &Battlefield, targets: impl IntoIterator<Item = Hex>) -> Self {
        let board = &field.setup().board;
        DistanceMap::from_indices(field, targets.into_iter().filter_map(|h| board.index(h)))
    }

    /// Breadth-first distances from the hexes with board indices `targets`.
    #[must_use]
    pub fn from_indices(field: &Battlefield, targets: impl IntoIterator<Item = usize>) -> Self {
        let board = &field.setup().board;
        let mut dist = vec![u16::MAX; board.len()];
        // A queue in a vector: every hex enters it at most once.
        let mut queue = Vec::with_capacity(board.len());
        for i in targets {
            if let Some(d) = dist.get_mut(i)
                && *d != 0
            {
                *d = 0;
                queue.push(i);
            }
        }
        let mut head = 0;
        while let Some(&i) = queue.get(head) {
            head += 1;
            let next = dist.get(i).copied().unwrap_or(u16::MAX).saturating_add(1);
            for dir in Direction::ALL {
                if let Some(j) = board.neighbor_index(i, dir)
                    && let Some(d) = dist.get_mut(j)
                    && *d == u16::MAX
                {
                    *d = next;
                    queue.push(j);
                }
            }
        }
        DistanceMap { dist }
    }

    /// The distances by board index.
    #[must_use]
    pub fn distances(&self) -> &[u16] {
        &self.dist
    }

    /// The distance of `hex` (`u16::MAX` off the map or unreachable).
    #[must_use]
    pub fn get(&self, field: &Battlefield, hex: Hex) -> u16 {
        field.setup().board.index(hex).and_then(|i| self.dist.get(i)).copied().unwrap_or(u16::MAX)
    }
}

/// How near the nearest combat unit of one side is to each hex, in hexes
/// (hex distance), up to a cap: "is a Gaul within two hexes of this rampart?"
/// asked of hundreds of hexes costs one pass over the side's units.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nearness {
    near: Vec<u8>,
    cap: u32,
}

impl Nearness {
    /// The distances from the on-map units of `side`, up to `cap` (at most
    /// 254).
    #[must_use]
    pub fn of(field: &Battlefield, side: gboh_core::Side, cap: u32) -> Self {
        let setup = field.setup();
        let board = &setup.board;
        let cap = cap.min(254);
        let mut near = vec![u8::MAX; board.len()];
        for (info, unit) in setup.units.iter().zip(field.units()) {
            let Some(at) = unit.at.filter(|_| info.side == side) else { continue };
            for h in at.range(cap) {
                if let Some(slot) = board.index(h).and_then(|i| near.get_mut(i)) {
                    let d = u8::try_from(at.unsigned_distance_to(h)).unwrap_or(u8::MAX);
                    *slot = (*slot).min(d);
                }
            }
        }
        Nearness { near, cap }
    }

    /// Whether a unit of the side is within `range` (at most the cap) of the
    /// hex with board index `index`.
    #[must_use]
    pub fn within_at(&self, index: usize, range: u32) -> bool {
        debug_assert!(range <= self.cap, "asked beyond the traced cap");
        self.near.get(index).is_some_and(|&d| u32::from(d) <= range.min(self.cap))
    }

    /// Whether a unit of the side is within `range` (at most the cap) of
    /// `hex`, a hex of the map.
    #[must_use]
    pub fn within(&self, field: &Battlefield, hex: Hex, range: u32) -> bool {
        field.setup().board.index(hex).is_some_and(|i| self.within_at(i, range))
    }
}

/// Distance maps a bot has traced, by their target sets, for one setup: a
/// set seen again (the Romans have not moved, no rampart changed hands) costs
/// a comparison instead of a trace. A cache of derived data: two bots that
/// differ only in what they have traced choose alike, so it compares equal to
/// any other.
#[derive(Debug, Clone, Default)]
pub struct TracedMaps {
    setup: Option<Arc<crate::game::Setup>>,
    maps: Vec<(Vec<usize>, Arc<DistanceMap>)>,
    next: usize,
    /// The rampart hexes of each ring (6.42), by [`Ring`] order.
    ramparts: [Vec<usize>; 2],
}

impl TracedMaps {
    /// How many maps are kept (a Gallic activation steers by up to four).
    const KEPT: usize = 4;

    /// Forgets everything when `field` is on another setup.
    fn sync(&mut self, field: &Battlefield) {
        let setup = field.setup();
        if !self.setup.as_ref().is_some_and(|s| Arc::ptr_eq(s, setup)) {
            self.setup = Some(Arc::clone(setup));
            self.maps.clear();
            self.next = 0;
            let board = &setup.board;
            self.ramparts = [Ring::Circumvallation, Ring::Contravallation].map(|ring| {
                (0..board.len())
                    .filter(|&i| {
                        board.info_at(i).is_some_and(
                            |h| matches!(h.works.works, Works::Rampart { ring: r, .. } if r == ring),
                        )
                    })
                    .collect()
            });
        }
    }

    /// The board indices of the rampart hexes of `ring` (the works do not
    /// move: listed once per setup).
    pub fn ramparts(&mut self, field: &Battlefield, ring: Ring) -> &[usize] {
        self.sync(field);
        let [circumvallation, contravallation] = &self.ramparts;
        match ring {
            Ring::Circumvallation => circumvallation,
            Ring::Contravallation => contravallation,
        }
    }

    /// The map from `targets` (board indices, sorted and without repeats).
    pub fn get(&mut self, field: &Battlefield, targets: Vec<usize>) -> Arc<DistanceMap> {
        self.sync(field);
        if let Some((_, map)) = self.maps.iter().find(|(t, _)| *t == targets) {
            return Arc::clone(map);
        }
        let map = Arc::new(DistanceMap::from_indices(field, targets.iter().copied()));
        if self.maps.len() < Self::KEPT {
            self.maps.push((targets, Arc::clone(&map)));
        } else if let Some(slot) = self.maps.get_mut(self.next) {
            *slot = (targets, Arc::clone(&map));
            self.next = (self.next + 1) % Self::KEPT;
        }
        map
    }
}

impl PartialEq for TracedMaps {
    fn eq(&self, _: &TracedMaps) -> bool {
        true
    }
}
