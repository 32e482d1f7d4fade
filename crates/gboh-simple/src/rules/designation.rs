//! Shock designation (Alesia 9.1, 9.21; [`Rule::ShockDesignation`]).
//!
//! The active player designates attacks one attacking stack at a time:
//! [`CombatAction::Designate`] `{ attacker, join: None }` makes a new attack
//! on every enemy hex in the stack's front not yet attacked; `join: Some(k)`
//! adds the stack to attack `k` (which must hold one of its front hexes),
//! together with its other front hexes not yet attacked. That reaches every
//! designation the rule allows: a stack attacks all its front enemies not
//! attacked by others, never splits, and several stacks may combine. A game
//! may narrow the hexes one designation attacks
//! ([`DesignationRules::attacked_hexes`]; Gergovia's simplified 11.1).
//! [`CombatAction::Done`] ends designation once every unit that must attack
//! ([`Rule::MustAttack`], 9.11) is designated.
//!
//! Who may attack: formed units of the active command other than archers
//! and artillery, that have not shocked yet nor spent the activation on a
//! sole action, into their targets ([`super::targets`]); and of those only a
//! unit that moved (9.11), one that began the activation with an enemy unit
//! in its own ZOC and stayed in its hex ([`Rule::ShockEligibility`], 9.12),
//! or one the game obliges to attack anyway
//! ([`DesignationRules::must_attack_anyway`]; Alesia: a unit on a Rampart).
//! Who must: a unit that moved and has a target, and one the game obliges.

use gboh_core::Side;
use gboh_core::game::Event;
use hexx::Hex;

use super::effects::report;
use super::leaders::queue_threatened;
use super::missile::is_formed;
use super::targets::{defenders_in, targets_of, targets_of_all};
use super::tasks::TaskRules;
use crate::decision::{CombatAction, CombatPending};
use crate::error::CombatError;
use crate::event::SimpleEvent;
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{Attack, AttackStatus, ShockStage, ShockState};

/// What a game states about who attacks.
pub trait DesignationRules: TaskRules {
    /// Whether unit `uid` belongs to the command activated now. Default:
    /// whether [`Effects::activation`](crate::rules::effects::Effects::activation)
    /// lists it.
    fn is_active(&self, uid: Uid) -> bool {
        self.activation().is_some_and(|(_, units)| units.contains(&uid))
    }

    /// Whether unit `uid` must attack whether it moved or not, and may
    /// (Alesia 9.11's last sentence: a unit on a Rampart with an enemy in its
    /// ZOC outside). Default: never.
    fn must_attack_anyway(&self, uid: Uid) -> bool {
        let _ = uid;
        false
    }

    /// The enemy hexes the stack `units` in `hex` attacks, of `fresh` (the
    /// enemy hexes in its front it may attack and no other attack names, in
    /// the order found), when it makes a new attack (`joined` empty) or
    /// joins an attack on the hexes `joined`. The result must be a subset of
    /// `fresh`. Default: all of `fresh` (9.21: a stack attacks every enemy in
    /// its front not attacked by others; every game but Gergovia's
    /// simplified version keeps it: 11.1, an attacker across a wall hexside
    /// attacks no other enemy beyond the wall).
    fn attacked_hexes(&self, hex: Hex, units: &[Uid], fresh: Vec<Hex>, joined: &[Hex]) -> Vec<Hex> {
        let _ = (hex, units, joined);
        fresh
    }

    /// The units of a designation (attackers and new defenders) are now in a
    /// shock: what follows in the game (Alesia 6.47: Fill carriers drop
    /// their Fill). Default: nothing.
    fn designated(&mut self, involved: &[Uid], events: &mut Vec<Event<Self::Event>>) {
        let _ = (involved, events);
    }
}

fn section<E: DesignationRules + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

fn shock<E: DesignationRules + ?Sized>(e: &E) -> Option<&ShockState> {
    e.combat()?.shock.as_ref()
}

/// The active command's units on the field (a unit atop a game's own piece
/// counts, [`Field::position`]), in [`Uid`] order.
#[must_use]
pub fn active_units<E: DesignationRules + ?Sized>(e: &E) -> Vec<Uid> {
    let field: &Field<E::Game> = e.field();
    (0..field.setup().unit_count())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| {
            field.position(u).is_some()
                && field
                    .unit(u)
                    .is_some_and(|s| s.cohesion.status != gboh_core::unit::Status::Eliminated)
                && e.is_active(u)
        })
        .collect()
}

/// Whether unit `uid` of the active command is able to shock now, whatever
/// 9.11 and 9.12 say of its reasons: formed, not an archer or artillery, not
/// shocked yet, no sole action taken.
#[must_use]
pub fn able_to_attack<E: DesignationRules + ?Sized>(e: &E, uid: Uid) -> bool {
    let field = e.field();
    let (Some(profile), Some(s)) = (field.setup().unit_profile(uid), field.unit(uid)) else {
        return false;
    };
    let t = profile.unit_type;
    e.is_active(uid)
        && is_formed(field, uid)
        && !t.is_archer()
        && !t.is_artillery()
        && !s.flags.has(UnitFlags::SHOCKED)
        && !s.flags.has(UnitFlags::SOLE_ACTION)
}

/// Whether unit `uid` may shock now: it moved (9.11), or began the
/// activation with an enemy in its ZOC and stayed in its hex (9.12), or the
/// game obliges it; and it is able to ([`able_to_attack`]).
#[must_use]
pub fn may_attack<E: DesignationRules + ?Sized>(e: &E, uid: Uid) -> bool {
    let Some(s) = e.field().unit(uid) else { return false };
    let moved = s.flags.has(UnitFlags::MOVED);
    let voluntary = !moved && s.flags.has(UnitFlags::ENEMY_IN_ZOC_AT_START);
    able_to_attack(e, uid) && (moved || voluntary || e.must_attack_anyway(uid))
}

/// Whether unit `uid` must attack ([`Rule::MustAttack`]).
#[must_use]
pub fn must_attack<E: DesignationRules + ?Sized>(e: &E, uid: Uid) -> bool {
    let Some(s) = e.field().unit(uid) else {
        return false;
    };
    if s.at.is_none() || !able_to_attack(e, uid) || targets_of(e.field(), uid).is_empty() {
        return false;
    }
    s.flags.has(UnitFlags::MOVED) || e.must_attack_anyway(uid)
}

fn designated_attackers<E: DesignationRules + ?Sized>(e: &E) -> Vec<Uid> {
    shock(e).map_or_else(Vec::new, |s| {
        s.attacks.iter().flat_map(|a| a.attackers.iter().copied()).collect()
    })
}

fn designated_hexes<E: DesignationRules + ?Sized>(e: &E) -> Vec<Hex> {
    shock(e).map_or_else(Vec::new, |s| {
        s.attacks
            .iter()
            .filter(|a| !a.continued)
            .flat_map(|a| a.defender_hexes.iter().copied())
            .collect()
    })
}

/// The units in `hex` that would attack if the stack is designated.
#[must_use]
pub fn attackers_at<E: DesignationRules + ?Sized>(e: &E, hex: Hex) -> Vec<Uid> {
    let designated = designated_attackers(e);
    let field = e.field();
    let mut units: Vec<Uid> = field
        .stack(hex)
        .iter()
        .filter(|&u| {
            may_attack(e, u) && !designated.contains(&u) && !targets_of(field, u).is_empty()
        })
        .collect();
    units.sort();
    units
}

/// The hexes of the active command that may still designate, in board order.
fn attacker_hexes<E: DesignationRules + ?Sized>(e: &E) -> Vec<Hex> {
    let field = e.field();
    let board = field.setup().board();
    let mut hexes: Vec<Hex> =
        active_units(e).into_iter().filter_map(|u| field.unit(u).and_then(|s| s.at)).collect();
    hexes.sort_by_key(|&h| board.index(h));
    hexes.dedup();
    hexes.retain(|&h| !attackers_at(e, h).is_empty());
    hexes
}

/// The units that must attack (9.11) and are not yet designated.
#[must_use]
pub fn undesignated_obligations<E: DesignationRules + ?Sized>(e: &E) -> Vec<Uid> {
    let designated = designated_attackers(e);
    active_units(e).into_iter().filter(|&u| must_attack(e, u) && !designated.contains(&u)).collect()
}

/// The designation decision: every [`CombatAction::Designate`] open now, then
/// [`CombatAction::Done`] if no unit that must attack is left out.
#[must_use]
pub fn decision<E: DesignationRules + ?Sized, X>(
    e: &E,
) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    let side = e.active_side()?;
    let taken = designated_hexes(e);
    let attacks = shock(e).map_or(&[][..], |s| s.attacks.as_slice());
    let mut actions = Vec::new();
    for hex in attacker_hexes(e) {
        let units = attackers_at(e, hex);
        let targets: Vec<Hex> = units.iter().flat_map(|&u| targets_of(e.field(), u)).collect();
        let fresh: Vec<Hex> = targets.iter().copied().filter(|h| !taken.contains(h)).collect();
        if !fresh.is_empty() && !e.attacked_hexes(hex, &units, fresh, &[]).is_empty() {
            actions.push(CombatAction::Designate { attacker: hex, join: None });
        }
        for (k, a) in attacks.iter().enumerate() {
            if !a.continued
                && a.status == AttackStatus::Designated
                && targets.iter().any(|h| a.defender_hexes.contains(h))
                && let Ok(k) = u8::try_from(k)
            {
                actions.push(CombatAction::Designate { attacker: hex, join: Some(k) });
            }
        }
    }
    if undesignated_obligations(e).is_empty() {
        actions.push(CombatAction::Done);
    }
    Some((CombatPending::Designation { side }, actions))
}

/// Designates the stack in `hex`, as a new attack or joining attack `join`.
///
/// # Errors
/// If the stack cannot attack, or `join` names no attack it can join;
/// nothing changes then.
pub fn designate<E: DesignationRules + ?Sized>(
    e: &mut E,
    hex: Hex,
    join: Option<u8>,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let rule = section::<E>(Rule::ShockDesignation);
    let units = attackers_at(e, hex);
    if units.is_empty() {
        return Err(CombatError::illegal(rule, "no unit there may attack"));
    }
    let taken = designated_hexes(e);
    let field = e.field();
    let setup = field.setup();
    let side = units.first().and_then(|&u| setup.unit_side(u)).unwrap_or(Side::Roman);
    let targets = targets_of_all(field, &units);
    let fresh: Vec<Hex> = targets.iter().copied().filter(|h| !taken.contains(h)).collect();
    let joined: Vec<Hex> = join
        .and_then(|k| shock(e).and_then(|s| s.attacks.get(usize::from(k))))
        .map_or_else(Vec::new, |a| a.defender_hexes.clone());
    let mut fresh = e.attacked_hexes(hex, &units, fresh, &joined);
    fresh.retain(|h| targets.contains(h) && !taken.contains(h));
    let field = e.field();
    let mandatory = units.iter().any(|&u| must_attack(e, u));
    let new_defenders = defenders_in(field, &fresh, side);
    let involved: Vec<Uid> =
        units.iter().copied().chain(new_defenders.iter().map(|&(u, _)| u)).collect();
    let index = match join {
        None => {
            if fresh.is_empty() {
                return Err(CombatError::illegal(
                    rule,
                    "every enemy in its front is already attacked: join that attack",
                ));
            }
            let shock = e.combat_mut().and_then(|c| c.shock.as_mut()).ok_or_else(|| {
                CombatError::illegal(section::<E>(Rule::ShockCombat), "shock has not begun")
            })?;
            shock.attacks.push(Attack::designated(
                units.clone(),
                fresh.clone(),
                new_defenders,
                mandatory,
            ));
            u8::try_from(shock.attacks.len() - 1).unwrap_or(u8::MAX)
        }
        Some(k) => {
            let a = e
                .combat_mut()
                .and_then(|c| c.shock.as_mut())
                .and_then(|s| s.attacks.get_mut(usize::from(k)))
                .ok_or_else(|| CombatError::illegal(rule, "no such attack"))?;
            if a.continued
                || a.status != AttackStatus::Designated
                || !targets.iter().any(|h| a.defender_hexes.contains(h))
            {
                return Err(CombatError::illegal(
                    rule,
                    "the stack has no enemy of that attack in its front",
                ));
            }
            a.attackers.extend(&units);
            a.attackers.sort();
            a.defender_hexes.extend(&fresh);
            a.defenders.extend(new_defenders);
            a.mandatory |= mandatory;
            k
        }
    };
    if let Some(a) = shock(e).and_then(|s| s.attacks.get(usize::from(index))) {
        let what = SimpleEvent::Designated {
            attack: index,
            attackers: a.attackers.clone(),
            defenders: a.defender_hexes.clone(),
        };
        report::<E>(events, rule, what, &[]);
    }
    e.designated(&involved, events);
    Ok(())
}

/// Ends designation (a checked [`CombatAction::Done`]): shock moves on to
/// the first attack's retreat before shock, and the defenders' leaders may
/// step away first ([`Rule::LeaderThreatened`]).
///
/// # Errors
/// [`Rule::MustAttack`] when a unit that must attack is not designated;
/// nothing changes then.
pub fn finish<E: DesignationRules + ?Sized>(e: &mut E) -> Result<(), CombatError> {
    if let Some(&u) = undesignated_obligations(e).first() {
        let name = e.field().setup().unit_name(u).unwrap_or_default().to_owned();
        return Err(CombatError::illegal(
            section::<E>(Rule::MustAttack),
            format!("{name} must attack"),
        ));
    }
    let Some(s) = e.combat_mut().and_then(|c| c.shock.as_mut()) else {
        return Ok(());
    };
    s.stage = ShockStage::RetreatBeforeShock { attack: 0 };
    let attacks = s.attacks.len();
    for k in 0..attacks {
        if let Ok(k) = u8::try_from(k) {
            queue_threatened(e, k);
        }
    }
    Ok(())
}
