//! 4.3 Leaders and Combat, as decisions of the leader's side: 4.32 a leader
//! with units threatened by Shock may retreat one hex; 10.26 a leader with a
//! retreating unit goes with it or stays; 10.46 a leader with a routing unit
//! routs with it or joins the nearest unit he could command; 4.33 a leader
//! left alone whom an advance, pursuit or retreat brings an enemy unit next
//! to (or into) may retreat up to three hexes.
//!
//! Each choice is a [`Task::Leader`] in the combat queue, answered with
//! [`CombatAction::PlaceLeader`] or, to stay, [`CombatAction::Done`]; a
//! choice with a single answer is taken at once.

use std::collections::VecDeque;

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::leader::{CommandScope, Rank};
use gboh_core::unit::Status;
use gboh_simple::SimpleGame;
use hexx::Hex;

use super::action::{CombatAction, CombatEvent, CombatPending};
use super::state::{AttackStatus, LeaderCase, Task, activation_mut, leaders_of};
use super::terrain::{enemy_in, is_formed, side_of};
use crate::command::Command;
use crate::game::SiegeOfAlesia;
use crate::game::{Battlefield, Lid, Membership, Uid};
use crate::movement::leader as moves;
use crate::protocol::{Alesia, AlesiaEvent};

fn push(events: &mut Vec<Event<AlesiaEvent>>, rule: &'static str, e: CombatEvent) {
    events.push(Event::new(rule, AlesiaEvent::Combat(e)));
}

/// 4.32: queues the choice of each leader stacked with the defenders of
/// attack `k` (before Retreat Before Shock, and before a Continued Shock
/// attack is resolved), once per leader and attack.
pub fn queue_threatened(game: &mut Alesia, k: u8) {
    let Some(a) = super::shock::attack(game, k) else {
        return;
    };
    if a.status != AttackStatus::Designated {
        return;
    }
    let field = &game.field;
    let mut tasks: Vec<Task> = Vec::new();
    for &(u, h) in &a.defenders {
        if field.unit(u).and_then(|s| s.at) != Some(h) {
            continue;
        }
        let Some(side) = side_of(field, u) else { continue };
        for leader in leaders_of(game, h, side) {
            let queued =
                tasks.iter().any(|t| matches!(t, Task::Leader { leader: l, .. } if *l == leader));
            if !queued {
                tasks.push(Task::Leader { leader, from: h, case: LeaderCase::Threatened });
            }
        }
    }
    if let Some(act) = activation_mut(game) {
        act.tasks.extend(tasks);
    }
}

/// 10.26: the choices of the leaders of `side` in `from`, whose `units` are
/// ordered to retreat from there (asked once the units have gone).
#[must_use]
pub fn retreat_tasks(game: &Alesia, from: Hex, side: Side, units: &[Uid]) -> Vec<Task> {
    leaders_of(game, from, side)
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
pub fn rout_tasks(game: &Alesia, from: Hex, side: Side, unit: Uid) -> Vec<Task> {
    leaders_of(game, from, side)
        .into_iter()
        .map(|leader| Task::Leader { leader, from, case: LeaderCase::Rout { unit } })
        .collect()
}

/// Where leader `lid`, in `from`, may go for `case`, and whether he may stay
/// instead. Nothing if he is no longer in `from`.
///
/// - 4.32: the adjacent hexes of [`moves::threatened_leader_retreats`]; he
///   may stay.
/// - 10.26: the hexes his units retreated into; he may stay.
/// - 10.46: where his unit routed to (`None`: the Gallic Camp, 10.44) unless
///   it was eliminated, and the hexes of the nearest units he could command
///   ([`nearest_commandable`]); he may not stay, unless neither exists.
#[must_use]
pub fn options(game: &Alesia, lid: Lid, from: Hex, case: &LeaderCase) -> (Vec<Option<Hex>>, bool) {
    let field = &game.field;
    if field.leader(lid).is_none_or(|l| l.dead || l.at != Some(from)) {
        return (Vec::new(), false);
    }
    let board = &field.setup().board;
    match case {
        LeaderCase::Threatened => {
            (moves::threatened_leader_retreats(field, lid).into_iter().map(Some).collect(), true)
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
            for h in nearest_commandable(field, lid, from) {
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
pub fn decision(
    game: &Alesia,
    leader: Lid,
    from: Hex,
    case: &LeaderCase,
) -> Option<(CombatPending, Vec<CombatAction>)> {
    let (places, may_stay) = options(game, leader, from, case);
    if places.is_empty() {
        return None;
    }
    let mut actions: Vec<CombatAction> =
        places.into_iter().map(|to| CombatAction::PlaceLeader { leader, to }).collect();
    if may_stay {
        actions.push(CombatAction::Done);
    }
    let side = game.setup().leader(leader)?.side;
    (actions.len() > 1).then_some((
        CombatPending::Leader { side, leader, rule: SiegeOfAlesia::section(case.rule()) },
        actions,
    ))
}

/// The single answer of a [`Task::Leader`] without a decision: a 10.46
/// leader with one place to go goes there; otherwise he stays.
pub fn settle(
    game: &mut Alesia,
    leader: Lid,
    from: Hex,
    case: &LeaderCase,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    if let (places, false) = options(game, leader, from, case)
        && let [to] = places.as_slice()
    {
        place(game, leader, *to, SiegeOfAlesia::section(case.rule()), events);
    }
}

/// Moves leader `lid` to `to` under `rule` (`None`: to the Gallic Camp with
/// his routed unit).
pub fn place(
    game: &mut Alesia,
    lid: Lid,
    to: Option<Hex>,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    if game.field.move_leader(lid, to).is_err() {
        return;
    }
    if to.is_none() && !game.turn.combat.leaders_in_camp.contains(&lid) {
        game.turn.combat.leaders_in_camp.push(lid);
    }
    push(events, rule, CombatEvent::LeaderMoved { leader: lid, to });
}

/// 4.32, 10.26: the leader stays where he is.
pub fn stay(lid: Lid, rule: &'static str, events: &mut Vec<Event<AlesiaEvent>>) {
    push(events, rule, CombatEvent::LeaderStayed { leader: lid });
}

/// 10.46: whether leader `lid` could command unit `uid`: a Legate his
/// legion; an Area Commander the auxiliaries and Palintonos; a Cavalry
/// Prefect the Roman cavalry; Caesar (the army) the legions and the cavalry
/// (5.21); a Chieftain the tribes within his Control (4.12, 4.24); a Gallic
/// Cavalry Leader the Gallic cavalry and LI; Vercingetorix (or Critognatus)
/// the Alesia Force.
#[must_use]
pub fn could_command(field: &Battlefield, lid: Lid, uid: Uid) -> bool {
    let setup = field.setup();
    let (Some(leader), Some(info)) = (setup.leader(lid), setup.unit(uid)) else {
        return false;
    };
    if leader.side != info.side {
        return false;
    }
    leader.roles.iter().any(|role| match (&role.scope, info.membership) {
        (CommandScope::Army, Membership::Legion(_)) => true,
        (CommandScope::Army, Membership::Roman) => info.unit_type().is_cavalry(),
        (CommandScope::Legion(id), Membership::Legion(l)) => {
            setup.mix.legions().get(l.index()).is_some_and(|x| &x.id == id)
        }
        (CommandScope::Auxiliaries, _) => Command::Auxiliaries(lid).covers(field, uid),
        (CommandScope::Cavalry, _) => Command::RomanCavalry(lid).covers(field, uid),
        (CommandScope::CavalryAndLightInfantry, _) => {
            Command::GallicCavalry(lid).covers(field, uid)
        }
        (CommandScope::Force(id), Membership::AlesiaForce) => *id == setup.mix.alesia_force().id,
        (CommandScope::Tribes, Membership::Tribe { counter, .. }) => {
            role.rank == Rank::TribalChieftain
                && setup
                    .counters
                    .get(counter.index())
                    .is_some_and(|c| !c.cavalry && leader.can_control([c.control]))
        }
        _ => false,
    })
}

/// 10.46: the hexes of the nearest formed units leader `lid` could command,
/// counting hexes from `from` (his own hex first) along paths that enter no
/// hex of enemy units; every hex at the least distance, in board order.
#[must_use]
pub fn nearest_commandable(field: &Battlefield, lid: Lid, from: Hex) -> Vec<Hex> {
    let Some(side) = field.setup().leader(lid).map(|l| l.side) else {
        return Vec::new();
    };
    let board = &field.setup().board;
    let holds =
        |h: Hex| field.stack(h).iter().any(|u| is_formed(field, u) && could_command(field, lid, u));
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
                if *s || enemy_in(field, n, side) {
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
/// up to three hexes, the protocol asking his side
/// ([`crate::protocol::Pending::LeaderRetreat`]); with nowhere to go he is
/// eliminated.
pub fn threaten_lone_leaders(
    game: &mut Alesia,
    side: Side,
    hex: Hex,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let field = &game.field;
    let mut threatened = moves::lone_leaders_threatened(field, side, hex);
    threatened.extend(
        field.leaders_in(hex).filter(|&l| field.setup().leader(l).is_some_and(|x| x.side != side)),
    );
    threatened.sort();
    threatened.dedup();
    for lid in threatened {
        if game.turn.leader_retreats.iter().any(|(l, _)| *l == lid) {
            continue;
        }
        let options = moves::lone_leader_retreats(&game.field, lid);
        if options.is_empty() {
            super::effects::rout::kill_leader(game, lid);
            push(events, "4.33", CombatEvent::LeaderEliminated { leader: lid });
        } else {
            game.turn.leader_retreats.push((lid, options.clone()));
            push(events, "4.33", CombatEvent::LeaderMayRetreat { leader: lid, options });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Setup;

    #[test]
    fn rule_10_46_who_could_command_whom() {
        let setup = Setup::shared().expect("setup");
        let field = Battlefield::new(setup.clone());
        let lid = |id: &str| setup.lid(id).expect(id);
        let uid = |id: &str| setup.uid(id).expect(id);
        let legate = Command::Legion(match setup.unit(uid("X-1")).expect("X-1").membership {
            Membership::Legion(l) => l,
            _ => unreachable!(),
        })
        .leader(&field)
        .expect("a legate");
        assert!(could_command(&field, legate, uid("X-1")));
        assert!(could_command(&field, legate, uid("X-Scorpio")));
        assert!(!could_command(&field, legate, uid("Archers-1")), "an auxiliary");
        assert!(could_command(&field, lid("Labienus"), uid("Archers-1")));
        assert!(could_command(&field, lid("Caesar"), uid("X-1")));
        assert!(!could_command(&field, lid("Caesar"), uid("Archers-1")));
        assert!(could_command(&field, lid("Viridomarus"), uid("Aedui-1")));
        assert!(!could_command(&field, lid("Viridomarus"), uid("GallicCavalry-1")));
        assert!(could_command(&field, lid("CavalryLeader-1"), uid("GallicCavalry-1")));
        assert!(could_command(&field, lid("Vercingetorix"), uid("Alesia-1")));
        assert!(!could_command(&field, lid("Vercingetorix"), uid("Aedui-1")));
        assert!(!could_command(&field, lid("Viridomarus"), uid("X-1")), "an enemy");
    }
}
