//! 9.22 Retreat Before Shock, and the attackers' pursuit.
//!
//! Who: a defender whose current Movement Allowance is greater than that of
//! every attacker that was not in an enemy ZOC at the start of the Activation
//! Phase (the rulebook's sentence read as written; archers too, 8.3). It goes
//! up to half its MA (rounded up), each hex farther from the attackers than
//! the last, paying movement costs, stopping on entering an enemy ZOC,
//! keeping its facing. Gardens of Death are not entered (10.22 read into the
//! retreat). If every defender goes, the attackers may pursue up to half their
//! MA (rounded down), the first hex being the one vacated, never ending next
//! to a defender that went two hexes or more. No fire during either (9.22).

use std::collections::BTreeMap;

use gboh_core::game::Event;
use hexx::Hex;

use super::{attack, attack_mut};
use crate::combat::action::CombatEvent;
use crate::combat::effects::aquila;
use crate::combat::state::activation_mut;
use crate::combat::terrain::{
    first_step_cost, is_formed, is_garden_of_death, is_rampart, may_stack, side_of, step_cost,
};
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::movement::stacking;
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

/// A unit's current Movement Allowance (6.11): printed, one less when
/// Disordered (6.72) or carrying Fill (6.47), doubled on a Rapid March (6.5).
#[must_use]
pub fn current_ma(field: &Battlefield, uid: Uid) -> u8 {
    let (Some(info), Some(s)) = (field.setup().unit(uid), field.unit(uid)) else {
        return 0;
    };
    let mut ma = info.profile.ma;
    if s.flags.has(UnitFlags::RAPID_MARCHING) {
        ma = ma.saturating_mul(2);
    }
    if s.flags.has(UnitFlags::DISORDERED) {
        ma = ma.saturating_sub(1);
    }
    if s.flags.has(UnitFlags::CARRYING_FILL) {
        ma = ma.saturating_sub(1);
    }
    ma
}

fn attacker_hexes(field: &Battlefield, units: &[Uid]) -> Vec<Hex> {
    let mut out: Vec<Hex> =
        units.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
    out.sort_by_key(|&h| field.setup().board.index(h));
    out.dedup();
    out
}

fn nearest(h: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|&t| h.unsigned_distance_to(t)).min().unwrap_or(u32::MAX)
}

/// The defenders of attack `k` that may retreat before shock now.
#[must_use]
pub fn eligible(game: &Alesia, k: u8) -> Vec<Uid> {
    let field = &game.field;
    let Some(a) = attack(game, k) else {
        return Vec::new();
    };
    let fastest = a
        .attackers
        .iter()
        .filter(|&&u| {
            is_formed(field, u)
                && field.unit(u).is_some_and(|s| !s.flags.has(UnitFlags::STARTED_IN_ZOC))
        })
        .map(|&u| current_ma(field, u))
        .max()
        .unwrap_or(0);
    a.defenders
        .iter()
        .filter(|&&(u, h)| {
            let scorpio_in_tower = field
                .setup()
                .unit(u)
                .is_some_and(|i| i.unit_type() == gboh_core::unit::UnitType::Scorpio)
                && is_rampart(field, h);
            field.unit(u).is_some_and(|s| s.at == Some(h))
                && is_formed(field, u)
                && !scorpio_in_tower
                && current_ma(field, u) > fastest
                && !destinations(game, k, u).is_empty()
        })
        .map(|&(u, _)| u)
        .collect()
}

/// Where defender `uid` of attack `k` may retreat before shock, with the
/// hexes it takes to get there, in board order.
#[must_use]
pub fn destinations(game: &Alesia, k: u8, uid: Uid) -> Vec<(Hex, u8)> {
    let field = &game.field;
    let (Some(a), Some(from), Some(side)) =
        (attack(game, k), field.unit(uid).and_then(|s| s.at), side_of(field, uid))
    else {
        return Vec::new();
    };
    let away = attacker_hexes(field, &a.attackers);
    let budget = current_ma(field, uid).div_ceil(2);
    let mut best: BTreeMap<usize, (Hex, u8)> = BTreeMap::new();
    // (hex, MP spent, hexes entered); each step farther from the attackers.
    let mut stack = vec![(from, 0u8, 0u8)];
    while let Some((h, spent, steps)) = stack.pop() {
        for n in field.setup().board.neighbors(h).into_iter().flatten() {
            if nearest(n, &away) <= nearest(h, &away) || is_garden_of_death(field, n) {
                continue;
            }
            let Ok(cost) = step_cost(field, uid, h, n) else {
                continue;
            };
            let total = spent.saturating_add(cost);
            if total > budget {
                continue;
            }
            if may_stack(field, uid, n)
                && !field.markers(n).on_fire
                && let Some(i) = field.setup().board.index(n)
            {
                best.entry(i).and_modify(|e| e.1 = e.1.min(steps + 1)).or_insert((n, steps + 1));
            }
            if !zoc::in_enemy_zoc(field, n, side) {
                stack.push((n, total, steps + 1));
            }
        }
    }
    best.into_values().collect()
}

/// Defender `uid` of attack `k` retreats before shock to `to`.
pub fn retreat_before(
    game: &mut Alesia,
    k: u8,
    uid: Uid,
    to: Hex,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let Some(state) = game.field.unit(uid).copied() else {
        return;
    };
    let Some(from) = state.at else { return };
    let steps =
        destinations(game, k, uid).into_iter().find(|&(h, _)| h == to).map_or(1, |(_, s)| s);
    let facing = stacking::joined_facing(&game.field, uid, to, state.facing);
    if game.field.move_unit(uid, to, facing).is_err() {
        return;
    }
    events.push(Event::new(
        "9.22",
        AlesiaEvent::Combat(CombatEvent::Retreated { unit: uid, from, to }),
    ));
    if let Some(a) = attack_mut(game, k) {
        a.retreated_before.push((uid, from, steps));
    }
    if let Some(a) = activation_mut(game)
        && !a.retreated.contains(&uid)
    {
        a.retreated.push(uid);
    }
    aquila::follow(game, uid, from, to, events);
    if let Some(side) = side_of(&game.field, uid) {
        aquila::entered(game, to, side, events);
        crate::combat::leaders::threaten_lone_leaders(game, side, to, events);
    }
}

/// Whether every defender of attack `k` has left its hex.
#[must_use]
pub fn all_gone(game: &Alesia, k: u8) -> bool {
    attack(game, k).is_some_and(|a| {
        !a.retreated_before.is_empty()
            && a.defenders.iter().all(|&(u, h)| game.field.unit(u).is_none_or(|s| s.at != Some(h)))
    })
}

/// The pursuit moves open to the attackers of attack `k`: (unit, hex), in
/// unit then board order.
#[must_use]
pub fn pursuits(game: &Alesia, k: u8) -> Vec<(Uid, Hex)> {
    let Some(a) = attack(game, k) else {
        return Vec::new();
    };
    // Leaders who stayed behind alone (10.26) do not stop the pursuit: 4.33
    // follows when the pursuers come in.
    let lone: Vec<crate::game::Lid> = a
        .defender_hexes
        .iter()
        .filter(|&&h| game.field.stack(h).is_empty())
        .flat_map(|&h| game.field.leaders_in(h).collect::<Vec<_>>())
        .collect();
    let without;
    let field = if lone.is_empty() {
        &game.field
    } else {
        let mut f = game.field.clone();
        for l in lone {
            let _ = f.move_leader(l, None);
        }
        without = f;
        &without
    };
    let far: Vec<Hex> = a
        .retreated_before
        .iter()
        .filter(|&&(_, _, steps)| steps >= 2)
        .filter_map(|&(u, _, _)| field.unit(u).and_then(|s| s.at))
        .collect();
    let vacated: Vec<Hex> =
        a.defender_hexes.iter().copied().filter(|&h| field.stack(h).is_empty()).collect();
    let mut out = Vec::new();
    for &u in &a.attackers {
        if a.advanced.contains(&u) || !is_formed(field, u) {
            continue;
        }
        let (Some(at), Some(side)) = (field.unit(u).and_then(|s| s.at), side_of(field, u)) else {
            continue;
        };
        let budget = current_ma(field, u) / 2;
        let mut best: BTreeMap<usize, (Hex, u8)> = BTreeMap::new();
        let mut frontier: Vec<(Hex, u8)> = Vec::new();
        for &v in &vacated {
            if v.unsigned_distance_to(at) == 1
                && let Ok(c) = first_step_cost(field, u, at, v)
                && c <= budget
            {
                frontier.push((v, c));
            }
        }
        while let Some((h, spent)) = frontier.pop() {
            let Some(i) = field.setup().board.index(h) else {
                continue;
            };
            if best.get(&i).is_some_and(|&(_, s)| s <= spent) {
                continue;
            }
            best.insert(i, (h, spent));
            if zoc::in_enemy_zoc(field, h, side) {
                continue;
            }
            for n in field.setup().board.neighbors(h).into_iter().flatten() {
                if n == at || is_garden_of_death(field, n) {
                    continue;
                }
                if let Ok(c) = step_cost(field, u, h, n)
                    && spent.saturating_add(c) <= budget
                {
                    frontier.push((n, spent.saturating_add(c)));
                }
            }
        }
        for (h, _) in best.into_values() {
            let next_to_far = far.iter().any(|&f| f.unsigned_distance_to(h) <= 1);
            if may_stack(field, u, h) && !field.markers(h).on_fire && !next_to_far {
                out.push((u, h));
            }
        }
    }
    out
}

/// Attacker `uid` of attack `k` pursues to `to` (its facing unchanged).
pub fn pursue(game: &mut Alesia, k: u8, uid: Uid, to: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(state) = game.field.unit(uid).copied() else {
        return;
    };
    let facing = stacking::joined_facing(&game.field, uid, to, state.facing);
    if game.field.move_unit(uid, to, facing).is_err() {
        return;
    }
    events.push(Event::new(
        "9.22",
        AlesiaEvent::Combat(CombatEvent::Advanced { unit: uid, to, facing }),
    ));
    if let Some(a) = attack_mut(game, k) {
        a.advanced.push(uid);
    }
    if let Some(side) = side_of(&game.field, uid) {
        aquila::entered(game, to, side, events);
        crate::combat::leaders::threaten_lone_leaders(game, side, to, events);
    }
}
