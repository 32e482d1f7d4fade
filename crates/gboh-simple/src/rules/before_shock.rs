//! Retreat Before Shock and the attackers' pursuit
//! ([`Rule::RetreatBeforeShock`]; Alesia 9.22).
//!
//! Who: a formed defender whose current Movement Allowance
//! ([`GroundRules::movement_allowance`]) is greater than that of every
//! formed attacker that was not in an enemy ZOC at the start of the
//! activation, and that the game lets retreat at all
//! ([`TaskRules::may_retreat`]). It goes up to half its MA (rounded up),
//! each hex farther from the attackers than the last, paying movement costs,
//! stopping on entering an enemy ZOC, keeping its facing. If every defender
//! goes, the attackers may pursue up to half their MA (rounded down), the
//! first hex being the one vacated, never ending next to a defender that
//! went two hexes or more. What a step of either costs and where it may end
//! are the game's ([`BeforeShockRules`]).

use std::collections::BTreeMap;

use gboh_core::game::Event;
use hexx::Hex;

use super::effects::report;
use super::leaders::threaten_lone_leaders;
use super::missile::is_formed;
use super::tasks::TaskRules;
use crate::event::SimpleEvent;
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::stacking::{Mover, check_stack, joined_facing};
use crate::ground::step::step_cost;
use crate::ground::zoc::in_enemy_zoc;
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::sequence::Attack;

/// What a game changes about moves made before shock.
pub trait BeforeShockRules: TaskRules {
    /// What unit `uid` pays to step from `from` into the adjacent `to` in a
    /// retreat before shock or a pursuit (`first`: the pursuit's first step
    /// into the vacated hex), or `None` where it may not. Default:
    /// [`family_forced_step`].
    fn forced_step(
        field: &Field<Self::Game>,
        uid: Uid,
        from: Hex,
        to: Hex,
        first: bool,
    ) -> Option<u8> {
        let _ = first;
        family_forced_step(field, uid, from, to)
    }

    /// Whether such a move may pass through `hex` at all (Alesia 10.22: never
    /// into a Garden of Death). Default: yes.
    fn forced_move_enters(field: &Field<Self::Game>, hex: Hex) -> bool {
        let _ = (field, hex);
        true
    }

    /// Whether unit `uid` may end such a move in `hex`. Default:
    /// [`family_may_end`].
    fn forced_move_ends(field: &Field<Self::Game>, uid: Uid, hex: Hex) -> bool {
        family_may_end(field, uid, hex)
    }

    /// Unit `uid` retreated before shock from `from` to `to`: what follows
    /// in the game before lone enemy leaders are threatened (Alesia: its
    /// Aquila goes with it, 10.8). Default: nothing.
    fn retreated_before(
        &mut self,
        uid: Uid,
        from: Hex,
        to: Hex,
        events: &mut Vec<Event<Self::Event>>,
    ) {
        let _ = (uid, from, to, events);
    }

    /// Attacker `uid` pursued into `to`: what follows in the game before
    /// lone enemy leaders are threatened (Alesia: an Aquila alone there is
    /// captured, 10.8). Default: nothing.
    fn pursued(&mut self, uid: Uid, to: Hex, events: &mut Vec<Event<Self::Event>>) {
        let _ = (uid, to, events);
    }
}

/// The family's step of a forced move: the game's ground cost, into a hex
/// holding no enemy unit.
#[must_use]
pub fn family_forced_step<G: GroundRules>(
    field: &Field<G>,
    uid: Uid,
    from: Hex,
    to: Hex,
) -> Option<u8> {
    let mover = Mover::unit(field, uid)?;
    if field.side_in(to).is_some_and(|s| s != mover.side) || G::closed_to_units(field, to) {
        return None;
    }
    step_cost(field, &mover, from, to).ok()
}

/// The family's end of a forced move: no enemy there and a legal stack.
#[must_use]
pub fn family_may_end<G: GroundRules>(field: &Field<G>, uid: Uid, hex: Hex) -> bool {
    let Some(side) = field.setup().unit_side(uid) else {
        return false;
    };
    if field.side_in(hex).is_some_and(|s| s != side) || !field.setup().board().contains(hex) {
        return false;
    }
    let mut units: Vec<Uid> = field.stack(hex).iter().filter(|&u| u != uid).collect();
    units.push(uid);
    check_stack(field, hex, &units).is_ok()
}

/// A copy of `field` with leaders `lone` taken off the map.
fn without_leaders<G: SimpleGame>(field: &Field<G>, lone: &[Lid]) -> Field<G> {
    let mut f = field.clone();
    for &l in lone {
        let _ = f.move_leader(l, None);
    }
    f
}

fn attack<E: BeforeShockRules + ?Sized>(e: &E, k: u8) -> Option<&Attack> {
    e.combat()?.shock.as_ref()?.attacks.get(usize::from(k))
}

fn attack_mut<E: BeforeShockRules + ?Sized>(e: &mut E, k: u8) -> Option<&mut Attack> {
    e.combat_mut()?.shock.as_mut()?.attacks.get_mut(usize::from(k))
}

fn attacker_hexes<G: SimpleGame>(field: &Field<G>, units: &[Uid]) -> Vec<Hex> {
    let mut out: Vec<Hex> =
        units.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
    out.sort_by_key(|&h| field.setup().board().index(h));
    out.dedup();
    out
}

fn nearest(h: Hex, to: &[Hex]) -> u32 {
    to.iter().map(|&t| h.unsigned_distance_to(t)).min().unwrap_or(u32::MAX)
}

/// The defenders of attack `k` that may retreat before shock now.
#[must_use]
pub fn eligible<E: BeforeShockRules + ?Sized>(e: &E, k: u8) -> Vec<Uid> {
    let field = e.field();
    let Some(a) = attack(e, k) else {
        return Vec::new();
    };
    let fastest = a
        .attackers
        .iter()
        .filter(|&&u| {
            is_formed(field, u)
                && field.unit(u).is_some_and(|s| !s.flags.has(UnitFlags::STARTED_IN_ZOC))
        })
        .map(|&u| E::Game::movement_allowance(field, u))
        .max()
        .unwrap_or(0);
    a.defenders
        .iter()
        .filter(|&&(u, h)| {
            field.unit(u).is_some_and(|s| s.at == Some(h))
                && is_formed(field, u)
                && E::may_retreat(field, u, h)
                && E::Game::movement_allowance(field, u) > fastest
                && !destinations(e, k, u).is_empty()
        })
        .map(|&(u, _)| u)
        .collect()
}

/// Where defender `uid` of attack `k` may retreat before shock, with the
/// hexes it takes to get there, in board order.
#[must_use]
pub fn destinations<E: BeforeShockRules + ?Sized>(e: &E, k: u8, uid: Uid) -> Vec<(Hex, u8)> {
    let field = e.field();
    let setup = field.setup();
    let (Some(a), Some(from), Some(side)) =
        (attack(e, k), field.unit(uid).and_then(|s| s.at), setup.unit_side(uid))
    else {
        return Vec::new();
    };
    let board = setup.board();
    let away = attacker_hexes(field, &a.attackers);
    let budget = E::Game::movement_allowance(field, uid).div_ceil(2);
    let mut best: BTreeMap<usize, (Hex, u8)> = BTreeMap::new();
    // (hex, MP spent, hexes entered); each step farther from the attackers.
    let mut stack = vec![(from, 0u8, 0u8)];
    while let Some((h, spent, steps)) = stack.pop() {
        for n in board.neighbors(h).into_iter().flatten() {
            if nearest(n, &away) <= nearest(h, &away) || !E::forced_move_enters(field, n) {
                continue;
            }
            let Some(cost) = E::forced_step(field, uid, h, n, false) else {
                continue;
            };
            let total = spent.saturating_add(cost);
            if total > budget {
                continue;
            }
            if E::forced_move_ends(field, uid, n)
                && let Some(i) = board.index(n)
            {
                best.entry(i).and_modify(|e| e.1 = e.1.min(steps + 1)).or_insert((n, steps + 1));
            }
            if !in_enemy_zoc(field, n, side) {
                stack.push((n, total, steps + 1));
            }
        }
    }
    best.into_values().collect()
}

/// Defender `uid` of attack `k` retreats before shock to `to`, keeping its
/// facing (or taking its friends' there).
pub fn retreat_before<E: BeforeShockRules + ?Sized>(
    e: &mut E,
    k: u8,
    uid: Uid,
    to: Hex,
    events: &mut Vec<Event<E::Event>>,
) {
    let Some(state) = e.field().unit(uid).copied() else {
        return;
    };
    let Some(from) = state.at else { return };
    let steps = destinations(e, k, uid).into_iter().find(|&(h, _)| h == to).map_or(1, |(_, s)| s);
    let facing = joined_facing(e.field(), uid, to, state.facing);
    if e.field_mut().move_unit(uid, to, facing).is_err() {
        return;
    }
    let rule = <E::Game as SimpleGame>::section(Rule::RetreatBeforeShock);
    report::<E>(events, rule, SimpleEvent::Retreated { unit: uid, from, to }, &[]);
    if let Some(a) = attack_mut(e, k) {
        a.retreated_before.push((uid, from, steps));
    }
    if let Some(c) = e.combat_mut()
        && !c.retreated.contains(&uid)
    {
        c.retreated.push(uid);
    }
    e.retreated_before(uid, from, to, events);
    if let Some(side) = e.field().setup().unit_side(uid) {
        threaten_lone_leaders(e, side, to, events);
    }
}

/// Whether every defender of attack `k` has left its hex.
#[must_use]
pub fn all_gone<E: BeforeShockRules + ?Sized>(e: &E, k: u8) -> bool {
    attack(e, k).is_some_and(|a| {
        !a.retreated_before.is_empty()
            && a.defenders.iter().all(|&(u, h)| e.field().unit(u).is_none_or(|s| s.at != Some(h)))
    })
}

/// The pursuit moves open to the attackers of attack `k`: (unit, hex), in
/// unit then board order.
#[must_use]
pub fn pursuits<E: BeforeShockRules + ?Sized>(e: &E, k: u8) -> Vec<(Uid, Hex)> {
    let Some(a) = attack(e, k) else {
        return Vec::new();
    };
    let field = e.field();
    // Leaders who stayed behind alone (10.26) do not stop the pursuit: 4.33
    // follows when the pursuers come in.
    let lone: Vec<Lid> = a
        .defender_hexes
        .iter()
        .filter(|&&h| field.stack(h).is_empty())
        .flat_map(|&h| field.leaders_in(h).collect::<Vec<_>>())
        .collect();
    let without;
    let field = if lone.is_empty() {
        field
    } else {
        without = without_leaders(field, &lone);
        &without
    };
    let board = field.setup().board();
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
        let (Some(at), Some(side)) = (field.unit(u).and_then(|s| s.at), field.setup().unit_side(u))
        else {
            continue;
        };
        let budget = E::Game::movement_allowance(field, u) / 2;
        let mut best: BTreeMap<usize, (Hex, u8)> = BTreeMap::new();
        let mut frontier: Vec<(Hex, u8)> = Vec::new();
        for &v in &vacated {
            if board.adjacent(v, at)
                && let Some(c) = E::forced_step(field, u, at, v, true)
                && c <= budget
            {
                frontier.push((v, c));
            }
        }
        while let Some((h, spent)) = frontier.pop() {
            let Some(i) = board.index(h) else {
                continue;
            };
            if best.get(&i).is_some_and(|&(_, s)| s <= spent) {
                continue;
            }
            best.insert(i, (h, spent));
            if in_enemy_zoc(field, h, side) {
                continue;
            }
            for n in board.neighbors(h).into_iter().flatten() {
                if n == at || !E::forced_move_enters(field, n) {
                    continue;
                }
                if let Some(c) = E::forced_step(field, u, h, n, false)
                    && spent.saturating_add(c) <= budget
                {
                    frontier.push((n, spent.saturating_add(c)));
                }
            }
        }
        for (h, _) in best.into_values() {
            let next_to_far = far.iter().any(|&f| f == h || board.adjacent(f, h));
            if E::forced_move_ends(field, u, h) && !next_to_far {
                out.push((u, h));
            }
        }
    }
    out
}

/// Attacker `uid` of attack `k` pursues to `to` (its facing unchanged, or its
/// friends' there).
pub fn pursue<E: BeforeShockRules + ?Sized>(
    e: &mut E,
    k: u8,
    uid: Uid,
    to: Hex,
    events: &mut Vec<Event<E::Event>>,
) {
    let Some(state) = e.field().unit(uid).copied() else {
        return;
    };
    let facing = joined_facing(e.field(), uid, to, state.facing);
    if e.field_mut().move_unit(uid, to, facing).is_err() {
        return;
    }
    let rule = <E::Game as SimpleGame>::section(Rule::RetreatBeforeShock);
    report::<E>(events, rule, SimpleEvent::Advanced { unit: uid, to, facing }, &[]);
    if let Some(a) = attack_mut(e, k) {
        a.advanced.push(uid);
    }
    e.pursued(uid, to, events);
    if let Some(side) = e.field().setup().unit_side(uid) {
        threaten_lone_leaders(e, side, to, events);
    }
}
