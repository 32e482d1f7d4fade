//! 12.1 (with 5.41-5.45): placing Tribal and Cavalry Counters at the start of
//! a Gallic Activation Phase.
//!
//! "At the start of each Gallic Activation he may place up to 3 Tribal
//! Counters in any one of those Areas, as per the rules for such" (12.1):
//! placement follows 5.45 ([`crate::scenario::placement`]); "One Tribal
//! Chieftain must be placed (if available) if any Tribal Counters (exclusive of
//! Cavalry) are placed", unless the counter lands within the command range of
//! a chieftain already on the map (5.42): one for the Activation Phase's
//! placements, with the first counter that needs him, however far apart the
//! later counters land; "A Cavalry leader must be placed with his Cavalry
//! counter" (5.41, 5.42).

use crate::game::AlesiaField;
use crate::leader::Rank;
use gboh_core::Side;
use hexx::Hex;

use super::Alesia;
use crate::combat::effects::withdrawal::available_next_period;
use crate::game::{CounterIdx, Lid};
use crate::scenario::placement::area_placement_hexes;

/// One legal counter placement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Placement {
    /// The counter.
    pub counter: CounterIdx,
    /// Where it goes.
    pub hex: Hex,
    /// The chieftain placed with it (5.42), if one must be.
    pub chieftain: Option<Lid>,
}

impl Alesia {
    /// The counters of the relief pool still off the map, not withdrawn, and
    /// not kept out of a later period by 10.74.
    #[must_use]
    pub fn unplaced_counters(&self) -> Vec<CounterIdx> {
        self.turn
            .rules
            .relief
            .iter()
            .copied()
            .filter(|&c| self.field.counter(c).is_some_and(|s| s.at.is_none() && !s.withdrawn))
            .filter(|&c| available_next_period(self, c))
            .collect()
    }

    /// The Entry Areas a placement may use now: all the scenario's, or the one
    /// already used this Activation Phase.
    fn open_areas(&self) -> Vec<String> {
        match &self.turn.placing_area {
            Some(a) => vec![a.clone()],
            None => self.turn.rules.entry_areas.clone(),
        }
    }

    /// Every counter placement legal now, in a deterministic order (counter,
    /// area, hex, chieftain).
    #[must_use]
    pub fn legal_placements(&self) -> Vec<Placement> {
        let rules = &self.turn.rules;
        // Under the general rules, 5.41-5.42 place counters ([`Alesia::planned_placements`]).
        if self.plays_assault_planning()
            || self.turn.play.to_act != Side::Adversary
            || self.turn.play.current.is_some()
            || self.turn.placed_this_phase >= rules.counters_per_activation
        {
            return Vec::new();
        }
        let counters = self.unplaced_counters();
        if counters.is_empty() {
            return Vec::new();
        }
        let (covered, available) = self.chieftain_cover();
        let setup = self.setup();
        let mut out = Vec::new();
        let mut hexes: Vec<Hex> = Vec::new();
        for area in self.open_areas() {
            if let Ok(h) = area_placement_hexes(&self.field, &area) {
                hexes.extend(h);
            }
        }
        hexes.sort_by_key(|&h| setup.board.index(h));
        hexes.dedup();
        for &counter in &counters {
            let cavalry = setup.counters.get(counter.index()).is_none_or(|c| c.cavalry);
            for &hex in &hexes {
                let is_covered =
                    setup.board.index(hex).and_then(|i| covered.get(i)).copied().unwrap_or(false);
                let one_came = self.turn.chieftain_placed_this_phase;
                if cavalry || is_covered || one_came || available.is_empty() {
                    out.push(Placement { counter, hex, chieftain: None });
                } else {
                    for &lid in &available {
                        out.push(Placement { counter, hex, chieftain: Some(lid) });
                    }
                }
            }
        }
        out
    }

    /// 5.41, 5.42: the hexes within range of a chieftain already on the map
    /// (a counter placed there needs no chieftain of its own), and the live
    /// chieftains still off the map.
    pub(super) fn chieftain_cover(&self) -> (Vec<bool>, Vec<Lid>) {
        let setup = self.setup();
        let mut covered = vec![false; setup.board.len()];
        let mut available = Vec::new();
        for (i, leader) in setup.leaders.iter().enumerate() {
            let Ok(lid) = u8::try_from(i).map(Lid) else {
                continue;
            };
            if leader.side != Side::Adversary
                || !leader.is(Rank::TribalChieftain)
                || leader.control().is_none()
            {
                continue;
            }
            let Some(state) = self.field.leader(lid) else {
                continue;
            };
            if state.dead {
                continue;
            }
            if state.at.is_some() {
                if let Some(map) = self.command_range_map(lid) {
                    for (c, d) in covered.iter_mut().zip(map) {
                        *c |= d != u8::MAX;
                    }
                }
            } else {
                available.push(lid);
            }
        }
        (covered, available)
    }

    /// Performs a checked placement: the counter, its chieftain or cavalry
    /// leader, and the area lock for the rest of this Activation Phase.
    pub(super) fn place_counter(&mut self, p: Placement) {
        let setup = self.setup().clone();
        self.put_counter(p);
        let area = self
            .open_areas()
            .into_iter()
            .find(|a| setup.board.in_area(a, p.hex) || self.area_reaches(a, p.hex));
        if self.turn.placing_area.is_none() {
            self.turn.placing_area = area;
        }
        self.turn.placed_this_phase = self.turn.placed_this_phase.saturating_add(1);
        self.turn.chieftain_placed_this_phase |= p.chieftain.is_some();
    }

    /// Puts a counter on the map with its chieftain, if any, and (5.41, 5.42)
    /// its Cavalry Leader if it is a Cavalry Counter.
    pub(super) fn put_counter(&mut self, p: Placement) {
        let setup = self.setup().clone();
        if let Some(state) = self.field.counter_mut(p.counter) {
            state.at = Some(p.hex);
        }
        if let Some(lid) = p.chieftain {
            let _ = self.field.move_leader(lid, Some(p.hex));
        }
        // 5.41: a Cavalry leader is placed with his Cavalry Counter.
        if let Some(info) = setup.counters.get(p.counter.index())
            && info.cavalry
            && let Some(cav) = setup.mix.cavalry_counters().iter().find(|c| c.id == info.id)
            && let Some(lid) = setup.lid(cav.leader.as_ref())
            && self.field.leader(lid).is_some_and(|l| l.at.is_none() && !l.dead)
        {
            let _ = self.field.move_leader(lid, Some(p.hex));
        }
    }

    fn area_reaches(&self, area: &str, hex: Hex) -> bool {
        area_placement_hexes(&self.field, area).is_ok_and(|h| h.contains(&hex))
    }
}
