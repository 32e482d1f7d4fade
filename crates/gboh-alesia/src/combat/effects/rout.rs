//! 10.4 Rout: routed cohorts go to their Aquila or are eliminated (10.42),
//! routed Gallic BI go to the Gallic Camp (10.44), leaders with a routing unit
//! rout with it or join the nearest unit they could command, their side's
//! choice (10.46, [`crate::combat::leaders`]); and elimination.
//!
//! The Gallic Camp is off the map: a Gallic unit that is routed and off the
//! map is in the camp until the end of the Assault Period ([`in_gallic_camp`]).

use std::collections::VecDeque;

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::{Status, UnitType};
use gboh_simple::rules::effects::{self, Effects};
use hexx::Hex;

use super::aquila;
use crate::combat::action::CombatEvent;
use crate::combat::state::{Task, activation_mut};
use crate::combat::terrain::{side_of, step_cost};
use crate::game::{Lid, Membership, Uid};
use crate::movement::stacking;
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

fn push(events: &mut Vec<Event<AlesiaEvent>>, rule: &'static str, e: CombatEvent) {
    events.push(Event::new(rule, AlesiaEvent::Combat(e)));
}

/// 10.44: whether a Gallic unit is in the Gallic Camp (routed, off the map).
#[must_use]
pub fn in_gallic_camp(game: &Alesia, uid: Uid) -> bool {
    side_of(&game.field, uid) == Some(Side::Adversary)
        && game
            .field
            .unit(uid)
            .is_some_and(|u| u.at.is_none() && u.cohesion.status == Status::Routed)
}

/// A unit whose hits just routed it (10.41): 12.1's "routed units are
/// eliminated" if in force; a cohort waits to be placed by its Aquila (10.42);
/// a Relief Force BI goes to the Gallic Camp (10.44); then its leaders choose
/// (10.46).
pub fn routed(game: &mut Alesia, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(from) = game.field.unit(uid).and_then(|u| u.at) else {
        return;
    };
    if game.turn.combat.routed_units_eliminated {
        eliminate(game, uid, "12.1", events);
        return;
    }
    let Some(info) = game.setup().unit(uid).cloned() else {
        return;
    };
    match info.membership {
        Membership::Legion(_) if info.unit_type() == UnitType::CO => {
            let mut tasks = vec![Task::PlaceRouted { unit: uid }];
            tasks.extend(crate::combat::leaders::rout_tasks(&game.field, from, info.side, uid));
            if let Some(a) = activation_mut(game) {
                a.tasks.splice(0..0, tasks);
            }
        }
        Membership::Tribe { .. } => {
            game.field.remove_unit(uid);
            push(events, "10.44", CombatEvent::Routed { unit: uid, to: None });
            let tasks = crate::combat::leaders::rout_tasks(&game.field, from, info.side, uid);
            if let Some(a) = activation_mut(game) {
                a.tasks.splice(0..0, tasks);
            }
        }
        _ => eliminate(game, uid, "10.14", events),
    }
}

/// 10.42: where routed cohort `uid` may be placed: its Aquila's hex or a hex
/// next to it, if a path of hexes free of enemy units and enemy ZOC leads
/// from the cohort to the Aquila. Empty: it is eliminated. In board order.
#[must_use]
pub fn placements(game: &Alesia, uid: Uid) -> Vec<Hex> {
    let field = &game.field;
    let board = &game.setup().board;
    let (Some(from), Some(side)) = (field.unit(uid).and_then(|u| u.at), side_of(field, uid)) else {
        return Vec::new();
    };
    let Some(aquila) = aquila::legion_of(field, uid).and_then(|l| aquila::at(game, l)) else {
        return Vec::new();
    };
    let free = |h: Hex| {
        !crate::combat::terrain::enemy_in(field, h, side) && !zoc::in_enemy_zoc(field, h, side)
    };
    // Breadth-first over passable hexes (6.33, 6.36) free of enemies and their ZOC.
    let mut seen = vec![false; board.len()];
    let mut queue = VecDeque::from([from]);
    if let Some(s) = board.index(from).and_then(|i| seen.get_mut(i)) {
        *s = true;
    }
    let mut reached = from == aquila;
    while let Some(h) = queue.pop_front() {
        if h == aquila {
            reached = true;
            break;
        }
        for n in board.neighbors(h).into_iter().flatten() {
            let Some(s) = board.index(n).and_then(|i| seen.get_mut(i)) else { continue };
            if *s || !free(n) || step_cost(field, uid, h, n).is_err() {
                continue;
            }
            *s = true;
            queue.push_back(n);
        }
    }
    if !reached {
        return Vec::new();
    }
    let mut out: Vec<Hex> = core::iter::once(aquila)
        .chain(board.neighbors(aquila).into_iter().flatten())
        .filter(|&h| {
            h == from
                || (!crate::combat::terrain::is_garden_of_death(field, h)
                    && !field.markers(h).on_fire
                    && board.terrain(h) != Some(gboh_core::board::Terrain::Water)
                    && crate::combat::terrain::may_stack(field, uid, h))
        })
        .collect();
    out.sort_by_key(|&h| board.index(h));
    out.dedup();
    out
}

/// 10.42: places routed cohort `uid` in `to` (its facing unchanged); its
/// leaders then choose (10.46).
pub fn place(game: &mut Alesia, uid: Uid, to: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(state) = game.field.unit(uid).copied() else {
        return;
    };
    if state.at.is_none() {
        return;
    }
    let facing = stacking::joined_facing(&game.field, uid, to, state.facing);
    if game.field.move_unit(uid, to, facing).is_ok() {
        push(events, "10.42", CombatEvent::Routed { unit: uid, to: Some(to) });
    }
}

/// Eliminates unit `uid` under `rule` (9.27, 8.45, 8.52, 10.42): off the map
/// for good (the engine's [`effects::eliminate`]).
pub fn eliminate(
    game: &mut Alesia,
    uid: Uid,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    effects::eliminate(game, uid, rule, events);
}

/// Takes an eliminated unit off the map; a Fill it carried in a Garden of
/// Death stays there (6.47).
pub fn remove_eliminated(
    game: &mut Alesia,
    uid: Uid,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    <Alesia as Effects>::remove_eliminated(game, uid, rule, events);
}

/// A leader killed (8.18, 9.24): off the map; 4.35 says who replaces him.
pub fn kill_leader(game: &mut Alesia, lid: Lid) {
    effects::kill_leader(&mut game.field, lid);
}
