//! Leaders' own moves in an activation (Alesia 6.12; Caesar in Alexandria
//! 5.12): where a leader can go with the MP he has ([`leader_reach`]) and
//! the move ([`move_leader`]). A leader has no facing and no zone of
//! control, and is not stopped by an enemy's; he pays the ground's cost at
//! the foot column ([`GroundRules::step_cost`] for a leader [`Mover`]) and
//! never enters, nor passes through, a hex holding an enemy piece or next
//! to an enemy combat unit unless friendly combat units are there
//! ([`Rule::LeadersNextToEnemies`], Alesia 4.31).
//!
//! [`Rule::LeadersNextToEnemies`]: crate::Rule::LeadersNextToEnemies

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gboh_core::facing::Direction;
use gboh_core::game::Event;
use hexx::Hex;

use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::entry::family_entry;
use crate::ground::facts::SideFacts;
use crate::ground::stacking::Mover;
use crate::id::Lid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, report};

/// Every hex living leader `lid` can move to with `budget` MP, with its
/// cost: a cheapest-path search over hexes (ties by board index), in board
/// order; his own hex not listed. Empty for a dead leader or one off the
/// map.
#[must_use]
pub fn leader_reach<G: GroundRules>(field: &Field<G>, lid: Lid, budget: u8) -> Vec<(Hex, u8)> {
    let setup = field.setup();
    let (Some(side), Some(state)) = (setup.leader_side(lid), field.leader(lid)) else {
        return Vec::new();
    };
    let Some(from) = state.at.filter(|_| !state.dead) else { return Vec::new() };
    let board = setup.board();
    let Some(start) = board.index(from) else { return Vec::new() };
    let mut facts = SideFacts::default();
    facts.build_without_zoc(field, side);
    let mover = Mover::leader(side);
    let mut best = vec![u16::MAX; board.len()];
    let mut queue = BinaryHeap::new();
    if let Some(b) = best.get_mut(start) {
        *b = 0;
    }
    queue.push(Reverse((0u16, start)));
    while let Some(Reverse((mp, i))) = queue.pop() {
        if best.get(i).is_some_and(|&b| b < mp) {
            continue;
        }
        let Some(hex) = board.hex_at(i) else { continue };
        for d in Direction::ALL {
            let Some(j) = board.neighbor_index(i, d) else { continue };
            let Some(to) = board.hex_at(j) else { continue };
            if family_entry(field, &facts, &mover, to).is_err() {
                continue;
            }
            let Ok(cost) = G::step_cost(field, &mover, hex, to, d) else { continue };
            let total = mp + u16::from(cost);
            if total <= u16::from(budget) && best.get(j).is_some_and(|&b| total < b) {
                if let Some(b) = best.get_mut(j) {
                    *b = total;
                }
                queue.push(Reverse((total, j)));
            }
        }
    }
    (0..board.len())
        .filter(|&i| i != start)
        .filter_map(|i| {
            let mp = u8::try_from(*best.get(i)?).ok()?;
            board.hex_at(i).map(|h| (h, mp))
        })
        .collect()
}

/// Leader `lid` moves to `to` (a hex of [`leader_reach`]) for `mp` MP,
/// reported as [`SimpleEvent::LeaderMoved`] under [`Rule::LeaderMovement`].
pub fn move_leader<E: Effects + ?Sized>(
    e: &mut E,
    lid: Lid,
    to: Hex,
    mp: u8,
    events: &mut Vec<Event<E::Event>>,
) {
    if e.field_mut().move_leader(lid, Some(to)).is_err() {
        return;
    }
    if let Some(l) = e.field_mut().leader_mut(lid) {
        l.mp_spent = l.mp_spent.saturating_add(mp);
    }
    let section = <E::Game as SimpleGame>::section(Rule::LeaderMovement);
    report::<E>(events, section, SimpleEvent::LeaderMoved { leader: lid, to: Some(to) }, &[]);
}
