//! The terrain part of each step of Alesia's move search, kept from search
//! to search while the terrain stays ([`TerrainSteps`]): the works, the
//! Gardens' and fires' entry hits, the Fill (6.3, 6.4, 6.45, 8.43, 8.45).

use gboh_core::facing::Direction;
use gboh_core::table::terrain::MoverClass;
use hexx::Hex;

use super::cost::Mover;
use super::garden;
use super::rampart::{self, WorksStep};
use super::step;
use crate::game::Battlefield;

/// The terrain part ([`step::terrain_part`]) of the ordinary step (not the
/// first, not out of a gate in transit) from each hex toward each direction,
/// for each mover class: it depends on the board, the markers and the Fill
/// only (6.3, 6.4, 8.43, 8.45), so it is kept from search to search until
/// they change. Filled lazily; `mark == epoch` means computed.
#[derive(Debug, Clone, Default)]
pub(super) struct TerrainSteps {
    epoch: u32,
    mark: Vec<u32>,
    steps: Vec<TerrainStep>,
    /// Per hex: whether its entry hits were computed (`epoch`), and they.
    hits_mark: Vec<u32>,
    hits: Vec<u8>,
}

/// The terrain part of the ordinary step and of the gate passage (6.42).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct TerrainStep {
    pub(super) ordinary: Option<WorksStep>,
    pub(super) gate: Option<WorksStep>,
}

impl TerrainSteps {
    /// Forgets every step (the terrain changed), sized for `hexes`.
    pub(super) fn clear(&mut self, hexes: usize) {
        let n = hexes * 6 * 2;
        if self.mark.len() != n {
            self.mark = vec![0; n];
            self.steps = vec![TerrainStep::default(); n];
            self.hits_mark = vec![0; hexes];
            self.hits = vec![0; hexes];
            self.epoch = 0;
        }
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.mark.iter_mut().for_each(|m| *m = 0);
            self.hits_mark.iter_mut().for_each(|m| *m = 0);
            self.epoch = 1;
        }
    }

    /// The hits a combat unit takes entering the hex `to` with index `j`
    /// (6.45, 8.43).
    pub(super) fn entry_hits(&mut self, field: &Battlefield, j: usize, to: Hex) -> u8 {
        if self.hits_mark.get(j) == Some(&self.epoch)
            && let Some(&h) = self.hits.get(j)
        {
            return h;
        }
        let h = garden::entry_hits(field, to).total();
        if let (Some(m), Some(cell)) = (self.hits_mark.get_mut(j), self.hits.get_mut(j)) {
            *m = self.epoch;
            *cell = h;
        }
        h
    }

    /// The step from hex `i` (`from`) into `to` toward `d` for `mover`'s
    /// class.
    pub(super) fn get(
        &mut self,
        field: &Battlefield,
        mover: &Mover,
        (i, from): (usize, Hex),
        to: Hex,
        d: Direction,
    ) -> TerrainStep {
        let class = match mover.class {
            MoverClass::Foot => 0,
            MoverClass::Cavalry => 1,
        };
        let slot = (i * 6 + d.index()) * 2 + class;
        if self.mark.get(slot) == Some(&self.epoch)
            && let Some(&t) = self.steps.get(slot)
        {
            return t;
        }
        let works = rampart::works_options(field, mover, from, to, d, false, false);
        let part = |w: WorksStep| step::terrain_part(field, mover, (from, to, d), w).ok();
        let t = TerrainStep {
            ordinary: works.step.ok().and_then(part),
            gate: works.gate.and_then(part),
        };
        if let (Some(m), Some(cell)) = (self.mark.get_mut(slot), self.steps.get_mut(slot)) {
            *m = self.epoch;
            *cell = t;
        }
        t
    }
}
