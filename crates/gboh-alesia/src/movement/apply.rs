//! Carrying out a validated movement plan: the only place movement changes
//! the game.

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_core::unit::HitOutcome;

use super::action::MoveEvent;
use super::allowance::Origin;
use super::fill;
use super::leader;
use super::plan::{MovePlan, Plan, REMOVE_DISORDER_MP, SWAP_MP};
use crate::combat;
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

fn push(events: &mut Vec<Event<AlesiaEvent>>, rule: &'static str, what: MoveEvent) {
    events.push(Event::new(rule, AlesiaEvent::Move(what)));
}

/// 6.31: `uid` becomes the moving unit; the previous one's movement is over.
fn begin(game: &mut Alesia, uid: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(a) = game.turn.play.current.as_mut() else {
        return;
    };
    let previous = a.moving.replace(uid);
    if let Some(p) = previous
        && p != uid
        && let Some(s) = game.field.unit_mut(p)
        && !s.flags.has(UnitFlags::DONE_MOVING)
    {
        s.flags.set(UnitFlags::DONE_MOVING, true);
        push(events, "6.31", MoveEvent::MovementOver { unit: p });
    }
}

fn spend(field: &mut Battlefield, uid: Uid, mp: u8) {
    if let Some(s) = field.unit_mut(uid) {
        s.mp_spent = s.mp_spent.saturating_add(mp);
    }
}

/// Carries out `plan`. The plan was validated on this very state.
pub(crate) fn apply(game: &mut Alesia, plan: Plan, events: &mut Vec<Event<AlesiaEvent>>) {
    match plan {
        Plan::Move(m) => apply_move(game, m, events),
        Plan::RapidMarch { unit, hit } => {
            begin(game, unit, events);
            let profile = game.setup().unit(unit).map(|i| i.profile.clone());
            let mut outcome = HitOutcome::Absorbed;
            if let Some(s) = game.field.unit_mut(unit) {
                s.flags.set(UnitFlags::RAPID_MARCHING, true);
                s.flags.set(UnitFlags::RAPID_MARCHED, true);
                if hit && let Some(p) = &profile {
                    outcome = s.cohesion.absorb(p, 1);
                }
            }
            push(events, "6.5", MoveEvent::RapidMarch { unit, hit, outcome });
            match outcome {
                HitOutcome::Absorbed => {}
                HitOutcome::Eliminated => {
                    combat::effects::rout::remove_eliminated(game, unit, "10.14", events);
                }
                HitOutcome::Routed => combat::effects::rout::routed(game, unit, events),
            }
        }
        Plan::Swap { unit, order } => {
            begin(game, unit, events);
            for &u in order.iter().rev() {
                game.field.raise_unit(u);
            }
            spend(&mut game.field, unit, SWAP_MP);
            if let Some(&top) = order.first() {
                push(events, "6.65", MoveEvent::StackSwapped { unit, top });
            }
        }
        Plan::RemoveDisorder { unit } => {
            begin(game, unit, events);
            if let Some(s) = game.field.unit_mut(unit) {
                s.flags.set(UnitFlags::DISORDERED, false);
            }
            // 6.72: the allowance stays one less this activation.
            spend(&mut game.field, unit, REMOVE_DISORDER_MP.saturating_add(1));
            push(events, "6.73", MoveEvent::DisorderRemoved { unit });
        }
        Plan::TakeFill { unit } => {
            // 6.47: the allowance is one less while it carries the Fill
            // (`allowance::unit_allowance`); it has not begun to move.
            if let Some(s) = game.field.unit_mut(unit) {
                s.flags.set(UnitFlags::CARRYING_FILL, true);
            }
            push(events, "6.47", MoveEvent::FillTaken { unit });
        }
        Plan::PlaceFill { unit, placement } => {
            begin(game, unit, events);
            fill::place(&mut game.field, unit, &placement);
            // 6.47: the allowance stays one less this activation.
            spend(&mut game.field, unit, placement.mp.saturating_add(1));
            push(
                events,
                "6.47",
                MoveEvent::FillPlaced {
                    unit,
                    hex: placement.hex,
                    target: placement.target,
                    value: placement.value,
                },
            );
        }
        Plan::Leader { leader: lid, to, mp } => {
            // 6.12: the units' movement is over.
            if let Some(p) = game.turn.play.current.as_mut().and_then(|a| a.moving.take())
                && let Some(s) = game.field.unit_mut(p)
            {
                s.flags.set(UnitFlags::DONE_MOVING, true);
            }
            // 4.21, 6.13: a commander's first move in his own movement
            // activation uses one of his Seizures ("Move (by himself)"),
            // unless a Seizure was already spent to move him (5.25).
            let by_himself =
                matches!(game.active_command(), Some(crate::command::Command::Commanders(_)))
                    && game.turn.seized_to_move != Some(lid);
            if game.field.move_leader(lid, Some(to)).is_ok()
                && let Some(l) = game.field.leader_mut(lid)
            {
                if by_himself && l.mp_spent == 0 {
                    l.seizures_used = l.seizures_used.saturating_add(1);
                }
                l.mp_spent = l.mp_spent.saturating_add(mp);
            }
            push(events, "6.12", MoveEvent::LeaderMoved { leader: lid, to, mp });
        }
    }
}

fn apply_move(game: &mut Alesia, m: MovePlan, events: &mut Vec<Event<AlesiaEvent>>) {
    let unit = m.unit;
    begin(game, unit, events);
    let Some(info) = game.setup().unit(unit).cloned() else {
        return;
    };
    let side = info.side;
    let from = m.origin.hex();
    let start_hex = m.path.first().map(|s| s.hex);
    let leaves = match m.origin {
        Origin::Hex(h) => m.path.iter().any(|s| s.hex != h),
        Origin::Counter(_) | Origin::Entry => false,
    };
    // 8.61: Retire Reaction before the unit leaves its hex; the move waits.
    if leaves && combat::reaction::open_retire(game, unit) {
        push(events, "8.61", MoveEvent::AwaitingReaction { unit });
        return;
    }
    // Walk the path: each hex entered is recorded (8.12), may capture an
    // Aquila (10.8), and may cost hits (6.45, 8.43).
    let mut stop = m.path.len().saturating_sub(1);
    let mut outcome = HitOutcome::Absorbed;
    let mut previous = if m.origin == Origin::Entry { None } else { start_hex };
    for (k, step) in m.path.iter().enumerate() {
        let entered = match previous {
            Some(p) => p != step.hex,
            None => true,
        };
        if !entered {
            continue;
        }
        combat::record_step(game, unit, previous.unwrap_or(step.hex), step.hex);
        combat::effects::aquila::entered(game, step.hex, side, events);
        previous = Some(step.hex);
        let (garden, fire) = m.hits.get(k).copied().unwrap_or((0, 0));
        let total = garden.saturating_add(fire);
        if total == 0 {
            continue;
        }
        if let Some(s) = game.field.unit_mut(unit) {
            outcome = s.cohesion.absorb(&info.profile, total);
        }
        let removed = match outcome {
            HitOutcome::Absorbed => false,
            HitOutcome::Eliminated => true,
            HitOutcome::Routed => side == Side::Adversary,
        };
        push(
            events,
            if garden > 0 { "6.45" } else { "8.43" },
            MoveEvent::Hits { unit, hex: step.hex, hits: total, outcome, removed },
        );
        if outcome != HitOutcome::Absorbed {
            stop = k;
            break;
        }
    }
    let Some(end) = m.path.get(stop).copied() else {
        return;
    };
    let facing = if stop + 1 >= m.path.len() { m.facing } else { end.facing };
    let mp = end.mp;
    let changed_hex = m.origin == Origin::Entry || start_hex != Some(end.hex);
    let _ = game.field.move_unit(unit, end.hex, facing);
    let in_zoc = zoc::in_enemy_zoc(&game.field, end.hex, side);
    if let Some(s) = game.field.unit_mut(unit) {
        s.flags.set(UnitFlags::ON_COUNTER, false);
        s.mp_spent = s.mp_spent.saturating_add(mp);
        if changed_hex {
            s.flags.set(UnitFlags::MOVED, true);
        }
        // 7.23: entering an enemy ZOC ends the movement; 7.13: so does a
        // pivot in place in one.
        if in_zoc || outcome != HitOutcome::Absorbed {
            s.flags.set(UnitFlags::DONE_MOVING, true);
        }
        if m.frees && !s.flags.has(UnitFlags::UNTETHERED) {
            s.flags.set(UnitFlags::UNTETHERED, true);
            push(events, "5.49", MoveEvent::Untethered { unit });
        }
    }
    push(
        events,
        if changed_hex { "6.31" } else { "7.12" },
        MoveEvent::Moved {
            unit,
            from,
            to: end.hex,
            facing,
            mp,
            stopped_in_zoc: in_zoc && changed_hex,
        },
    );
    match outcome {
        HitOutcome::Absorbed => {}
        HitOutcome::Eliminated => {
            // (6.47: a carrier eliminated in a Garden leaves its Fill there;
            // `remove_eliminated` sees to it, whatever eliminated the unit.)
            combat::effects::rout::remove_eliminated(game, unit, "10.14", events);
        }
        // 10.42, 10.44 (and 12.1's "routed units are eliminated"): the
        // combat rules' rout.
        HitOutcome::Routed => combat::effects::rout::routed(game, unit, events),
    }
    if outcome == HitOutcome::Absorbed && changed_hex {
        // 8.62: Entry Reaction after the unit entered its last hex.
        combat::reaction::open_entry(game, unit);
    }
    // 4.33: lone enemy leaders the unit moved next to.
    if game.field.unit(unit).is_some_and(|s| s.at.is_some()) {
        let mut threatened = Vec::new();
        for s in m.path.iter().take(stop + 1) {
            if Some(s.hex) == start_hex && m.origin != Origin::Entry {
                continue;
            }
            for l in leader::lone_leaders_threatened(&game.field, side, s.hex) {
                if !threatened.contains(&l) {
                    threatened.push(l);
                }
            }
        }
        threatened.sort();
        for lid in threatened {
            let options = leader::lone_leader_retreats(&game.field, lid);
            if options.is_empty() {
                if let Some(l) = game.field.leader_mut(lid) {
                    l.dead = true;
                    l.at = None;
                }
                push(events, "4.33", MoveEvent::LeaderEliminated { leader: lid });
            } else {
                push(events, "4.33", MoveEvent::LeaderMayRetreat { leader: lid, options });
            }
        }
    }
}
