//! 5.65: what the Alesia Force becomes after an Assault Period.
//!
//! "Alesia Besieged Force units that end an assault Period outside both
//! walls—e.g., W6427, but not W5429 or W5028—are no longer part of the Alesia
//! Besieged Force. They are, for any succeeding Assault Period, part of the
//! Aedui or the Arverni (which includes any escaped Mandubii)."
//!
//! A unit's membership is fixed data of the [`Setup`]; the units that left
//! are recorded in [`super::Turn::joined`] and a game's setup is derived from
//! the default one with them (also when a saved game is loaded).
//!
//! Reading: they join the Arverni (Vercingetorix's own people) if the Arverni
//! are in the relief pool, else the Aedui if they are; with neither in the
//! game they stay with the Alesia Force, having no Tribal Counter to belong to.

use crate::map::{Region, SiegeWorks};
use std::sync::Arc;

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::Status;

use super::{Alesia, AlesiaEvent};
use crate::game::{Battlefield, CounterIdx, Membership, Setup, Uid};

/// `setup` with the units of `joined` made members of their new tribes.
#[must_use]
pub fn joined_setup(setup: &Setup, joined: &[(Uid, CounterIdx)]) -> Setup {
    let mut out = setup.clone();
    for &(uid, c) in joined {
        let Some(first) = out.counters.get(c.index()).and_then(|i| i.units.first().copied()) else {
            continue;
        };
        let Some(model) = out.units.get(first.index()).cloned() else { continue };
        if let Some(u) = out.units.get_mut(uid.index()) {
            u.membership = model.membership;
            u.counter = Some(c);
            u.stack_group = model.stack_group;
        }
        if let Some(info) = out.counters.get_mut(c.index())
            && !info.units.contains(&uid)
        {
            info.units.push(uid);
            info.units.sort_unstable();
        }
    }
    out
}

impl Alesia {
    /// 5.65: the tribe escaped Alesia Force units join.
    fn escape_tribe(&self) -> Option<CounterIdx> {
        let setup = self.setup();
        ["Arverni", "Aedui"].iter().find_map(|id| {
            self.turn
                .rules
                .relief
                .iter()
                .copied()
                .find(|c| setup.counters.get(c.index()).is_some_and(|i| i.id == *id && !i.cavalry))
        })
    }

    /// 5.65, at the end of an Assault Period: Alesia Force units outside both
    /// walls become part of the Arverni (or the Aedui).
    pub(super) fn alesia_force_leaves(&mut self, events: &mut Vec<Event<AlesiaEvent>>) {
        let Some(counter) = self.escape_tribe() else { return };
        let setup = self.setup().clone();
        let leaving: Vec<Uid> = setup
            .units
            .iter()
            .zip(self.field.units())
            .enumerate()
            .filter(|(_, (info, u))| {
                info.side == Side::Adversary
                    && info.membership == Membership::AlesiaForce
                    && u.cohesion.status != Status::Eliminated
                    && u.at.is_some_and(|h| setup.board.region(h) == Some(Region::Outside))
            })
            .filter_map(|(i, _)| u16::try_from(i).ok().map(Uid))
            .collect();
        if leaving.is_empty() {
            return;
        }
        let mut joined = self.turn.joined.clone();
        joined.extend(leaving.iter().map(|&u| (u, counter)));
        let derived = Arc::new(joined_setup(
            &setup,
            &leaving.iter().map(|&u| (u, counter)).collect::<Vec<_>>(),
        ));
        // The pieces stay where they are; only what they belong to changes.
        if let Ok(field) = Battlefield::load(derived, self.field.save()) {
            self.field = field;
            self.turn.joined = joined;
            for unit in leaving {
                events.push(Event::new("5.65", AlesiaEvent::JoinedTribe { unit, counter }));
            }
        }
    }
}
