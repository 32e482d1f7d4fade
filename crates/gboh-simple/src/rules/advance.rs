//! Advance after combat ([`Rule::Advance`]; Alesia 9.3).
//!
//! Attackers must advance into every hex their attack's defenders vacated as
//! a result of shock, Pre-Shock Check retreats included (9.31), as stacking
//! allows, one at a time: first those that gave a positive DRM, then the
//! highest TQ, the player choosing between equals (9.33). Each may turn one
//! vertex on arriving (9.32), except in Continued Shock
//! ([`Rule::ContinuedShock`], 10.3). Only formed attackers advance, only
//! into a front hex (all round where the game says,
//! [`GroundRules::all_round_front`]), each once, where the game lets them
//! ([`AdvanceRules::may_advance`]; Alesia: not off a Rampart, Rampart
//! Exception #1). Defenders never advance; nor is there an advance after
//! missile fire (9.34).

use gboh_core::facing::{Aspect, Facing};
use gboh_core::game::Event;
use hexx::Hex;

use super::effects::report;
use super::leaders::{LeaderRules, threaten_lone_leaders};
use super::missile::is_formed;
use crate::decision::CombatAction;
use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::stacking::{Mover, check_stack, joined_facing};
use crate::ground::step::step_cost;
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{Attack, AttackStatus, ShockStage, Task};

/// What a game changes about advancing after combat.
pub trait AdvanceRules: LeaderRules {
    /// Whether attacker `uid` in `from` may advance into the vacated,
    /// adjacent `to`, as far as the ground and stacking go (the engine checks
    /// that it is formed, faces `to` and has not advanced yet). Default:
    /// [`family_may_advance`].
    fn may_advance(field: &Field<Self::Game>, uid: Uid, from: Hex, to: Hex) -> bool {
        family_may_advance(field, uid, from, to)
    }

    /// Unit `uid` has just advanced into `to`: what entering it does in the
    /// game, before the engine opens the Entry Reaction window and threatens
    /// lone enemy leaders (Alesia: a Garden of Death's hits 6.45, an Aquila
    /// captured 10.8, 6.68's Disorder). Default: nothing.
    fn advanced(&mut self, uid: Uid, to: Hex, events: &mut Vec<Event<Self::Event>>) {
        let _ = (uid, to, events);
    }
}

/// The family's ground for an advance: a step movement could make from
/// `from` into `to` (the game's [`GroundRules::step_cost`]; the step's MP
/// is not paid), no enemy combat unit there, a hex the game does not close
/// to units, and a legal stack once there.
#[must_use]
pub fn family_may_advance<G: GroundRules>(field: &Field<G>, uid: Uid, from: Hex, to: Hex) -> bool {
    let Some(mover) = Mover::unit(field, uid) else {
        return false;
    };
    if field.side_in(to).is_some_and(|s| s != mover.side) || G::closed_to_units(field, to) {
        return false;
    }
    if step_cost(field, &mover, from, to).is_err() {
        return false;
    }
    let mut units: Vec<Uid> = field.stack(to).iter().filter(|&u| u != uid).collect();
    units.push(uid);
    check_stack(field, to, &units).is_ok()
}

/// Attack `k` of the shock under way.
fn attack<E: AdvanceRules + ?Sized>(e: &E, k: u8) -> Option<&Attack> {
    e.combat()?.shock.as_ref()?.attacks.get(usize::from(k))
}

/// The advances open into `hex` for attack `k`: a [`CombatAction::Place`] for
/// each unit of the group 9.33 puts first and each facing it may take (its
/// own only with `keep_facing`, Continued Shock).
#[must_use]
pub fn options<E: AdvanceRules + ?Sized, X>(
    e: &E,
    k: u8,
    hex: Hex,
    keep_facing: bool,
) -> Vec<CombatAction<X>> {
    let field = e.field();
    let Some(a) = attack(e, k) else {
        return Vec::new();
    };
    let mut ranked: Vec<((bool, u8), Uid)> = Vec::new();
    for &u in &a.attackers {
        let Some(s) = field.unit(u) else { continue };
        let Some(at) = s.at else { continue };
        let Some(dir) = field.setup().board().direction(at, hex) else {
            continue;
        };
        let front = s.facing.aspect(dir) == Aspect::Front || E::Game::all_round_front(field, at);
        if a.advanced.contains(&u)
            || !is_formed(field, u)
            || !front
            || !E::may_advance(field, u, at, hex)
        {
            continue;
        }
        let tq = field.setup().unit_profile(u).map_or(0, |p| s.cohesion.current_tq(p).0);
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

/// Attacker `uid` of attack `k` advances into `to`, facing `facing` (or its
/// friends' there): reported under [`Rule::Advance`] (or
/// [`Rule::ContinuedShock`] when `continued`), then the game's
/// [`AdvanceRules::advanced`], then enemy missile units may fire at it
/// (the Entry Reaction window, queued first) and lone enemy leaders it
/// comes next to may retreat ([`Rule::LoneLeaderRetreat`]).
pub fn advance<E: AdvanceRules + ?Sized>(
    e: &mut E,
    k: u8,
    uid: Uid,
    to: Hex,
    facing: Facing,
    continued: bool,
    events: &mut Vec<Event<E::Event>>,
) {
    let facing = joined_facing(e.field(), uid, to, facing);
    if e.field_mut().move_unit(uid, to, facing).is_err() {
        return;
    }
    let rule = if continued { Rule::ContinuedShock } else { Rule::Advance };
    let section = <E::Game as SimpleGame>::section(rule);
    report::<E>(events, section, SimpleEvent::Advanced { unit: uid, to, facing }, &[]);
    if let Some(a) = e
        .combat_mut()
        .and_then(|c| c.shock.as_mut())
        .and_then(|s| s.attacks.get_mut(usize::from(k)))
    {
        a.advanced.push(uid);
    }
    e.advanced(uid, to, events);
    if let Some(c) = e.combat_mut() {
        c.tasks.insert(0, Task::EntryWindow { unit: uid });
    }
    if let Some(side) = e.field().setup().unit_side(uid) {
        threaten_lone_leaders(e, side, to, events);
    }
}

/// Step 6 of the shock sequence (Alesia 9.2): queues the advances of every
/// resolved attack into the hexes its defenders vacated, and moves shock to
/// its last stage.
pub fn queue<E: AdvanceRules + ?Sized>(e: &mut E) {
    let Some(c) = e.combat_mut() else { return };
    let mut tasks = Vec::new();
    if let Some(s) = &c.shock {
        for (k, a) in s.attacks.iter().enumerate() {
            let Ok(k) = u8::try_from(k) else { break };
            if a.status != AttackStatus::Resolved {
                continue;
            }
            for &hex in &a.vacated {
                tasks.push(Task::Advance { attack: k, hex, keep_facing: false });
            }
        }
    }
    c.tasks.extend(tasks);
    if let Some(s) = c.shock.as_mut() {
        s.stage = ShockStage::Advance;
    }
}
