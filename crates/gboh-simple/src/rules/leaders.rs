//! Leaders and combat, as decisions of the leader's side (Alesia's
//! numbers): a leader with units threatened by shock may retreat one hex
//! ([`Rule::LeaderThreatened`], 4.32); a leader with a retreating unit goes
//! with it or stays ([`Rule::LeaderWithRetreat`], 10.26); a leader with a
//! routing unit routs with it or joins the nearest unit he could command
//! ([`Rule::LeaderWithRout`], 10.46); a lone leader whom an advance, pursuit
//! or retreat brings an enemy unit next to (or into) may retreat a few hexes
//! ([`Rule::LoneLeaderRetreat`], 4.33).
//!
//! Each choice is a [`Task::Leader`] in the combat queue, answered with
//! [`CombatAction::PlaceLeader`] or, to stay, [`CombatAction::Done`]; a
//! choice with a single answer is taken at once. A game states who could
//! command whom ([`LeaderRules::could_command`]) and where it keeps the lone
//! leaders' open choices; where a leader off the map with his routed unit
//! goes is a hook ([`LeaderRules::leader_left_map`]).

use std::collections::VecDeque;

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::Status;
use hexx::Hex;

use super::effects::{Effects, kill_leader, report};
use super::missile::is_formed;
use crate::decision::{CombatAction, CombatPending};
use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::leaders::{
    leaders_of, lone_leader_retreats, lone_leaders_threatened, threatened_leader_retreats,
};
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::sequence::{AttackStatus, LeaderCase, Task};

/// What a game states about its leaders in combat.
pub trait LeaderRules: Effects<Game: GroundRules> {
    /// Whether leader `lid` could command unit `uid` (10.46: the units a
    /// leader with a routing unit may join instead).
    fn could_command(field: &Field<Self::Game>, lid: Lid, uid: Uid) -> bool;

    /// The lone leaders waiting to choose where to retreat (4.33), each
    /// with his options, first first: the protocol asks his side.
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)>;

    /// Leader `lid` has left the map with his routed unit (10.46). Default:
    /// nothing (Alesia: he is in the Gallic Camp, to come back as a killed
    /// leader does).
    fn leader_left_map(&mut self, lid: Lid) {
        let _ = lid;
    }
}

/// 4.32: queues the choice of each leader stacked with the defenders of
/// attack `k` (before Retreat Before Shock, and before a Continued Shock
/// attack is resolved), once per leader and attack.
pub fn queue_threatened<E: LeaderRules + ?Sized>(e: &mut E, k: u8) {
    let Some(a) =
        e.combat().and_then(|c| c.shock.as_ref()).and_then(|s| s.attacks.get(usize::from(k)))
    else {
        return;
    };
    if a.status != AttackStatus::Designated {
        return;
    }
    let field = e.field();
    let mut tasks: Vec<Task> = Vec::new();
    for &(u, h) in &a.defenders {
        if field.unit(u).and_then(|s| s.at) != Some(h) {
            continue;
        }
        let Some(side) = field.setup().unit_side(u) else { continue };
        for leader in leaders_of(field, h, side) {
            let queued =
                tasks.iter().any(|t| matches!(t, Task::Leader { leader: l, .. } if *l == leader));
            if !queued {
                tasks.push(Task::Leader { leader, from: h, case: LeaderCase::Threatened });
            }
        }
    }
    if let Some(c) = e.combat_mut() {
        c.tasks.extend(tasks);
    }
}

/// 10.26: the choices of the leaders of `side` in `from`, whose `units` are
/// ordered to retreat from there (asked once the units have gone).
#[must_use]
pub fn retreat_tasks<G: GroundRules>(
    field: &Field<G>,
    from: Hex,
    side: Side,
    units: &[Uid],
) -> Vec<Task> {
    leaders_of(field, from, side)
        .into_iter()
        .map(|leader| Task::Leader {
            leader,
            from,
            case: LeaderCase::Retreat { units: units.to_vec() },
        })
        .collect()
}

/// 10.46: the choices of the leaders of `side` in `from`, stacked with
/// `unit`, which routed.
#[must_use]
pub fn rout_tasks<G: GroundRules>(field: &Field<G>, from: Hex, side: Side, unit: Uid) -> Vec<Task> {
    leaders_of(field, from, side)
        .into_iter()
        .map(|leader| Task::Leader { leader, from, case: LeaderCase::Rout { unit } })
        .collect()
}

/// Where leader `lid`, in `from`, may go for `case`, and whether he may stay
/// instead. Nothing if he is no longer in `from`.
///
/// - 4.32: the adjacent hexes of [`threatened_leader_retreats`]; he may stay.
/// - 10.26: the hexes his units retreated into; he may stay.
/// - 10.46: where his unit routed to (`None`: off the map) unless it was
///   eliminated, and the hexes of the nearest units he could command
///   ([`nearest_commandable`]); he may not stay, unless neither exists.
#[must_use]
pub fn options<E: LeaderRules + ?Sized>(
    e: &E,
    lid: Lid,
    from: Hex,
    case: &LeaderCase,
) -> (Vec<Option<Hex>>, bool) {
    let field = e.field();
    if field.leader(lid).is_none_or(|l| l.dead || l.at != Some(from)) {
        return (Vec::new(), false);
    }
    let board = field.setup().board();
    match case {
        LeaderCase::Threatened => {
            (threatened_leader_retreats(field, lid).into_iter().map(Some).collect(), true)
        }
        LeaderCase::Retreat { units } => {
            let mut to: Vec<Hex> = units
                .iter()
                .filter_map(|&u| field.unit(u).and_then(|s| s.at))
                .filter(|&h| h != from)
                .collect();
            to.sort_by_key(|&h| board.index(h));
            to.dedup();
            (to.into_iter().map(Some).collect(), true)
        }
        LeaderCase::Rout { unit } => {
            let mut out: Vec<Option<Hex>> = Vec::new();
            if let Some(s) = field.unit(*unit)
                && s.cohesion.status == Status::Routed
            {
                out.push(s.at);
            }
            for h in nearest_commandable(e, lid, from) {
                if !out.contains(&Some(h)) {
                    out.push(Some(h));
                }
            }
            (out, false)
        }
    }
}

/// The decision of a [`Task::Leader`]: `None` when he has one answer or none.
#[must_use]
pub fn decision<E: LeaderRules + ?Sized, X>(
    e: &E,
    leader: Lid,
    from: Hex,
    case: &LeaderCase,
) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    let (places, may_stay) = options(e, leader, from, case);
    if places.is_empty() {
        return None;
    }
    let mut actions: Vec<CombatAction<X>> =
        places.into_iter().map(|to| CombatAction::PlaceLeader { leader, to }).collect();
    if may_stay {
        actions.push(CombatAction::Done);
    }
    let side = e.field().setup().leader_side(leader)?;
    (actions.len() > 1).then(|| {
        let rule = <E::Game as SimpleGame>::section(case.rule());
        (CombatPending::Leader { side, leader, rule }, actions)
    })
}

/// The single answer of a [`Task::Leader`] without a decision: a 10.46
/// leader with one place to go goes there; otherwise he stays.
pub fn settle<E: LeaderRules + ?Sized>(
    e: &mut E,
    leader: Lid,
    from: Hex,
    case: &LeaderCase,
    events: &mut Vec<Event<E::Event>>,
) {
    if let (places, false) = options(e, leader, from, case)
        && let [to] = places.as_slice()
    {
        place(e, leader, *to, <E::Game as SimpleGame>::section(case.rule()), events);
    }
}

/// Moves leader `lid` to `to` under `rule` (`None`: off the map with his
/// routed unit, [`LeaderRules::leader_left_map`]).
pub fn place<E: LeaderRules + ?Sized>(
    e: &mut E,
    lid: Lid,
    to: Option<Hex>,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) {
    if e.field_mut().move_leader(lid, to).is_err() {
        return;
    }
    if to.is_none() {
        e.leader_left_map(lid);
    }
    report::<E>(events, rule, SimpleEvent::LeaderMoved { leader: lid, to }, &[]);
}

/// 4.32, 10.26: the leader stays where he is.
pub fn stay<E: LeaderRules + ?Sized>(
    lid: Lid,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) {
    report::<E>(events, rule, SimpleEvent::LeaderStayed { leader: lid }, &[]);
}

/// 10.46: the hexes of the nearest formed units leader `lid` could command
/// ([`LeaderRules::could_command`]), counting hexes from `from` (his own hex
/// first) along paths that enter no hex of enemy units; every hex at the
/// least distance, in board order.
#[must_use]
pub fn nearest_commandable<E: LeaderRules + ?Sized>(e: &E, lid: Lid, from: Hex) -> Vec<Hex> {
    let field = e.field();
    let Some(side) = field.setup().leader_side(lid) else {
        return Vec::new();
    };
    let board = field.setup().board();
    let holds = |h: Hex| {
        field.stack(h).iter().any(|u| is_formed(field, u) && E::could_command(field, lid, u))
    };
    let mut seen = vec![false; board.len()];
    if let Some(s) = board.index(from).and_then(|i| seen.get_mut(i)) {
        *s = true;
    }
    let mut level = vec![from];
    let mut queue: VecDeque<Hex> = VecDeque::new();
    while !level.is_empty() {
        let mut found: Vec<Hex> = level.iter().copied().filter(|&h| holds(h)).collect();
        if !found.is_empty() {
            found.sort_by_key(|&h| board.index(h));
            return found;
        }
        for &h in &level {
            for n in board.neighbors(h).into_iter().flatten() {
                let Some(s) = board.index(n).and_then(|i| seen.get_mut(i)) else { continue };
                if *s || field.side_in(n).is_some_and(|s| s != side) {
                    continue;
                }
                *s = true;
                queue.push_back(n);
            }
        }
        level = queue.drain(..).collect();
    }
    Vec::new()
}

/// 4.33: a combat unit of `side` has entered `hex` (an advance, a pursuit, a
/// retreat): every enemy leader alone in that hex or next to it may retreat
/// ([`lone_leader_retreats`]), his side choosing where
/// ([`LeaderRules::lone_leader_choices`]); with nowhere to go he is
/// eliminated.
pub fn threaten_lone_leaders<E: LeaderRules + ?Sized>(
    e: &mut E,
    side: Side,
    hex: Hex,
    events: &mut Vec<Event<E::Event>>,
) {
    let field = e.field();
    let mut threatened = lone_leaders_threatened(field, side, hex);
    threatened.extend(
        field.leaders_in(hex).filter(|&l| field.setup().leader_side(l).is_some_and(|s| s != side)),
    );
    threatened.sort();
    threatened.dedup();
    let rule = <E::Game as SimpleGame>::section(Rule::LoneLeaderRetreat);
    for lid in threatened {
        if e.lone_leader_choices().iter().any(|(l, _)| *l == lid) {
            continue;
        }
        let options = lone_leader_retreats(e.field(), lid);
        if options.is_empty() {
            kill_leader(e.field_mut(), lid);
            report::<E>(events, rule, SimpleEvent::LeaderEliminated { leader: lid }, &[]);
        } else {
            e.lone_leader_choices().push((lid, options.clone()));
            report::<E>(events, rule, SimpleEvent::LeaderMayRetreat { leader: lid, options }, &[]);
        }
    }
}
