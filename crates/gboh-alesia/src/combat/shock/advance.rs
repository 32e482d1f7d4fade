//! 9.3 Advance After Combat.
//!
//! Attackers must advance into every hex their attack's defenders vacated as
//! a result of shock, Pre-Shock Check retreats included (9.31), as stacking
//! allows, one at a time: first those that gave a positive DRM, then the
//! highest TQ, the player choosing between equals (9.33). Each may turn one
//! vertex on arriving (9.32), except in Continued Shock (10.3). Not for
//! attackers on a Rampart whose defenders were not (Rampart Exception #1).
//! Defenders never advance; nor is there an advance after missile fire (9.34).

use gboh_core::facing::{Aspect, Direction};
use gboh_core::game::Event;
use hexx::Hex;

use super::{attack, attack_mut, state, state_mut};
use crate::combat::action::{CombatAction, CombatEvent};
use crate::combat::effects::{aquila, hits};
use crate::combat::state::{AttackStatus, ShockStage, Task, activation_mut};
use crate::combat::terrain::{is_formed, is_rampart, may_stack, side_of};
use crate::game::Uid;
use crate::movement::stacking;
use crate::movement::{MoveError, disorder, garden, step};
use crate::protocol::{Alesia, AlesiaEvent};

/// The advances open into `hex` for attack `k`: a [`CombatAction::Place`] for
/// each unit of the group 9.33 puts first and each facing it may take.
#[must_use]
pub fn options(game: &Alesia, k: u8, hex: Hex, keep_facing: bool) -> Vec<CombatAction> {
    let field = &game.field;
    let Some(a) = attack(game, k) else {
        return Vec::new();
    };
    let mut ranked: Vec<((bool, u8), Uid)> = Vec::new();
    for &u in &a.attackers {
        let Some(s) = field.unit(u) else { continue };
        let Some(at) = s.at else { continue };
        let Some(dir) = Direction::between(at, hex) else {
            continue;
        };
        let front =
            s.facing.aspect(dir) == Aspect::Front || crate::combat::terrain::is_redoubt(field, at);
        let exception = is_rampart(field, at) && !is_rampart(field, hex);
        if a.advanced.contains(&u)
            || !is_formed(field, u)
            || !front
            || exception
            || !enterable(field, u, at, hex)
            || !may_stack(field, u, hex)
            || field.markers(hex).on_fire
        {
            continue;
        }
        let tq = field.setup().unit(u).map_or(0, |i| s.cohesion.current_tq(&i.profile).0);
        ranked.push(((a.contributors.contains(&u), tq), u));
    }
    let Some(best) = ranked.iter().map(|(key, _)| *key).max() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for (_, u) in ranked.into_iter().filter(|(key, _)| *key == best) {
        let Some(f) = field.unit(u).map(|s| s.facing) else {
            continue;
        };
        let facings = if keep_facing { vec![f] } else { vec![f.rotated(-1), f, f.rotated(1)] };
        for facing in facings {
            out.push(CombatAction::Place { unit: u, to: hex, facing });
        }
    }
    out
}

/// Attacker `uid` of attack `k` advances into `to`, facing `facing`: Gardens
/// of Death cost their hits (6.45), an Aquila alone there is captured (10.8),
/// 6.68 may Disorder it, and enemy missile units may fire (8.62).
pub fn advance(
    game: &mut Alesia,
    k: u8,
    uid: Uid,
    to: Hex,
    facing: gboh_core::facing::Facing,
    continued: bool,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let facing = stacking::joined_facing(&game.field, uid, to, facing);
    if game.field.move_unit(uid, to, facing).is_err() {
        return;
    }
    let rule = if continued { "10.3" } else { "9.3" };
    events.push(Event::new(
        rule,
        AlesiaEvent::Combat(CombatEvent::Advanced { unit: uid, to, facing }),
    ));
    if let Some(a) = attack_mut(game, k) {
        a.advanced.push(uid);
    }
    let entry_hits = garden::entry_hits(&game.field, to).garden;
    hits::take(game, uid, entry_hits, "6.45", events);
    if let Some(side) = side_of(&game.field, uid) {
        aquila::entered(game, to, side, events);
    }
    disorder::apply_forced_adjacency(&mut game.field, uid, to, events);
    if let Some(act) = activation_mut(game) {
        act.tasks.insert(0, Task::EntryWindow { unit: uid });
    }
    // 4.33: lone enemy leaders it comes next to, or into whose hex it came.
    if let Some(side) = side_of(&game.field, uid) {
        crate::combat::leaders::threaten_lone_leaders(game, side, to, events);
    }
}

/// Whether an attacker may enter the vacated hex as movement could, 6.68
/// aside: an advance after combat may break it (then Disorder follows).
///
/// The advance is a one-hex move out of the hex the attacker stands in, so it
/// is the first step of that move: a Gaul in a Garden of Death (or any outside
/// hex) next to the rampart may climb onto it, as 6.42 says ("by attacking a
/// Roman occupied hex on the Rampart, and forcing the Roman to leave the hex
/// and thereby advancing thereunto"). The step's MP is not paid (9.31 charges
/// none; the pursuit of 9.22 is the advance that pays).
/// Enemy leaders left alone in the hex (10.26) do not keep the attackers out:
/// they must retreat as 4.33 says once a unit comes in.
fn enterable(field: &crate::game::Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
    let side = side_of(field, uid);
    let lone_enemies: Vec<crate::game::Lid> = field
        .leaders_in(to)
        .filter(|&l| field.setup().leader(l).is_some_and(|x| Some(x.side) != side))
        .collect();
    let ok = |f: &crate::game::Battlefield| {
        matches!(
            step::unit_step(f, uid, from, to, true),
            Ok(_) | Err(MoveError::RampartAdjacency(_))
        )
    };
    if lone_enemies.is_empty() || field.side_in(to).is_some() {
        return ok(field);
    }
    let mut without = field.clone();
    for l in lone_enemies {
        let _ = without.move_leader(l, None);
    }
    ok(&without)
}

/// Step 6 of 9.2: queues the advances of every resolved attack, and moves
/// shock to its last stage.
pub fn queue(game: &mut Alesia) {
    let mut tasks = Vec::new();
    for (k, a) in state(game).map_or(&[][..], |s| s.attacks.as_slice()).iter().enumerate() {
        let Ok(k) = u8::try_from(k) else { break };
        if a.status != AttackStatus::Resolved {
            continue;
        }
        for &hex in &a.vacated {
            tasks.push(Task::Advance { attack: k, hex, keep_facing: false });
        }
    }
    if let Some(act) = activation_mut(game) {
        act.tasks.extend(tasks);
    }
    if let Some(s) = state_mut(game) {
        s.stage = ShockStage::Advance;
    }
}
