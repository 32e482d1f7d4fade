//! Shock combat in the family's order ([`Rule::ShockSequence`]; Alesia 9.2),
//! each step for every attack before the next: designation
//! ([`super::designation`]), Retreat Before Shock and pursuit
//! ([`super::before_shock`]), the Pre-Shock Checks ([`super::pre_shock`]),
//! leader casualties ([`super::casualties`]), resolution in the order the
//! attacker picks ([`super::resolution`], with Continued Shock), advance
//! after combat ([`super::advance`]).
//!
//! [`decision`] says what the stage ([`ShockStage`]) waits for, [`decide`]
//! applies the answer, [`step`] does what needs no decision. The combat
//! steps each stage queues ([`super::tasks`]) run before the next stage.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::unit::UnitType;

use super::before_shock::{self as rbs, BeforeShockRules};
use super::designation::{self, DesignationRules};
use super::effects::{eliminate, report};
use super::hits::sharers;
use super::leaders::retreat_tasks;
use super::resolution::{resolve, weapon_types};
use super::shock::Participants;
use super::{advance, casualties, pre_shock};
use crate::decision::{CombatAction, CombatPending};
use crate::error::CombatError;
use crate::event::SimpleEvent;
use crate::game::{Roster, SimpleGame};
use crate::ground::stacking::joined_facing;
use crate::rule::Rule;
use crate::sequence::{Attack, AttackStatus, ShockStage, ShockState};

/// What a game must give the shock sequence: who attacks and who is active
/// ([`DesignationRules`]), and its moves before shock ([`BeforeShockRules`]).
pub trait ShockSteps: DesignationRules + BeforeShockRules {}

impl<E: DesignationRules + BeforeShockRules + ?Sized> ShockSteps for E {}

fn section<E: ShockSteps + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

fn state<E: ShockSteps + ?Sized>(e: &E) -> Option<&ShockState> {
    e.combat()?.shock.as_ref()
}

fn attack<E: ShockSteps + ?Sized>(e: &E, k: u8) -> Option<&Attack> {
    state(e)?.attacks.get(usize::from(k))
}

fn attack_mut<E: ShockSteps + ?Sized>(e: &mut E, k: u8) -> Option<&mut Attack> {
    e.combat_mut()?.shock.as_mut()?.attacks.get_mut(usize::from(k))
}

fn set_stage<E: ShockSteps + ?Sized>(e: &mut E, stage: ShockStage) {
    if let Some(s) = e.combat_mut().and_then(|c| c.shock.as_mut()) {
        s.stage = stage;
    }
}

/// The attacks waiting for resolution that can still be fought.
fn fightable<E: ShockSteps + ?Sized>(e: &E) -> Vec<u8> {
    let Some(s) = state(e) else {
        return Vec::new();
    };
    s.attacks
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            a.status == AttackStatus::Designated && Participants::of(e.field(), a).fight()
        })
        .filter_map(|(k, _)| u8::try_from(k).ok())
        .collect()
}

/// What the shock waits for, if anything: who decides and every legal answer.
#[must_use]
pub fn decision<E: ShockSteps + ?Sized, X>(e: &E) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    let s = state(e)?;
    let side = e.active_side()?;
    let field = e.field();
    match s.stage {
        ShockStage::Designation => designation::decision(e),
        ShockStage::RetreatBeforeShock { attack: k } => {
            let mut actions = Vec::new();
            for u in rbs::eligible(e, k) {
                let Some(facing) = field.unit(u).map(|s| s.facing) else {
                    continue;
                };
                for (to, _) in rbs::destinations(e, k, u) {
                    // Into friends, with their facing.
                    let facing = joined_facing(field, u, to, facing);
                    actions.push(CombatAction::Place { unit: u, to, facing });
                }
            }
            if actions.is_empty() {
                return None;
            }
            actions.push(CombatAction::Done);
            Some((CombatPending::RetreatBeforeShock { side: side.opponent(), attack: k }, actions))
        }
        ShockStage::Pursuit { attack: k } => {
            let mut actions: Vec<CombatAction<X>> = rbs::pursuits(e, k)
                .into_iter()
                .filter_map(|(u, to)| {
                    field.unit(u).map(|s| CombatAction::Place {
                        unit: u,
                        to,
                        facing: joined_facing(field, u, to, s.facing),
                    })
                })
                .collect();
            if actions.is_empty() {
                return None;
            }
            actions.push(CombatAction::Done);
            Some((CombatPending::Pursuit { side, attack: k }, actions))
        }
        ShockStage::Resolution => {
            let actions: Vec<CombatAction<X>> =
                fightable(e).into_iter().map(|attack| CombatAction::Resolve { attack }).collect();
            (!actions.is_empty()).then_some((CombatPending::ResolutionOrder { side }, actions))
        }
        ShockStage::Weapons { attack: k, attacker } => {
            let p = Participants::of(field, attack(e, k)?);
            let (chooser, types) = match attacker {
                None => (side, weapon_types(field, &p.attackers)),
                Some(_) => (side.opponent(), weapon_types(field, &p.defenders)),
            };
            (types.len() > 1).then(|| {
                (
                    CombatPending::Weapon { side: chooser, attack: k },
                    types.into_iter().map(|unit_type| CombatAction::Weapon { unit_type }).collect(),
                )
            })
        }
        ShockStage::PreShock
        | ShockStage::LeaderCasualties
        | ShockStage::Advance
        | ShockStage::Done => None,
    }
}

/// After the Retreat Before Shock choices of attack `k`: the leaders stacked
/// with units that retreated go with one or stay ([`Rule::LeaderWithRetreat`]);
/// then pursuit if every defender went (the attack is off), else the next
/// attack.
fn after_retreats_before<E: ShockSteps + ?Sized>(e: &mut E, k: u8) {
    if let Some(a) = attack(e, k) {
        let field = e.field();
        let mut tasks = Vec::new();
        for &h in &a.defender_hexes {
            let units: Vec<_> =
                a.retreated_before.iter().filter(|r| r.1 == h).map(|r| r.0).collect();
            if let Some(side) = units.first().and_then(|&u| field.setup().unit_side(u)) {
                tasks.extend(retreat_tasks(field, h, side, &units));
            }
        }
        if let Some(c) = e.combat_mut() {
            c.tasks.extend(tasks);
        }
    }
    if rbs::all_gone(e, k) {
        if let Some(a) = attack_mut(e, k) {
            a.status = AttackStatus::Void;
        }
        set_stage(e, ShockStage::Pursuit { attack: k });
    } else {
        set_stage(e, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
    }
}

/// Applies a decision (one of [`decision`]'s answers).
///
/// # Errors
/// If the action does not answer the stage; dice errors. Nothing changes
/// then.
pub fn decide<E: ShockSteps + ?Sized, X>(
    e: &mut E,
    action: &CombatAction<X>,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let wrong = || {
        CombatError::illegal(
            section::<E>(Rule::ShockSequence),
            "that does not answer the shock step pending now",
        )
    };
    let stage = state(e).ok_or_else(wrong)?.stage;
    let active = e.active_side().unwrap_or(Side::Roman);
    match (stage, action) {
        (ShockStage::Designation, CombatAction::Designate { attacker, join }) => {
            designation::designate(e, *attacker, *join, events)?;
        }
        (ShockStage::Designation, CombatAction::Done) => designation::finish(e)?,
        (ShockStage::RetreatBeforeShock { attack: k }, CombatAction::Place { unit, to, .. }) => {
            rbs::retreat_before(e, k, *unit, *to, events);
        }
        (ShockStage::RetreatBeforeShock { attack: k }, CombatAction::Done) => {
            after_retreats_before(e, k);
        }
        (ShockStage::Pursuit { attack: k }, CombatAction::Place { unit, to, .. }) => {
            rbs::pursue(e, k, *unit, *to, events);
        }
        (ShockStage::Pursuit { attack: k }, CombatAction::Done) => {
            set_stage(e, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
        }
        (ShockStage::Resolution, CombatAction::Resolve { attack }) => {
            set_stage(e, ShockStage::Weapons { attack: *attack, attacker: None });
        }
        (ShockStage::Weapons { attack, attacker: None }, CombatAction::Weapon { unit_type }) => {
            let what = SimpleEvent::WeaponChosen { side: active, unit_type: *unit_type };
            report::<E>(events, section::<E>(Rule::ShockResolution), what, &[]);
            set_stage(e, ShockStage::Weapons { attack, attacker: Some(*unit_type) });
        }
        (ShockStage::Weapons { attack, attacker: Some(a) }, CombatAction::Weapon { unit_type }) => {
            let what = SimpleEvent::WeaponChosen { side: active.opponent(), unit_type: *unit_type };
            report::<E>(events, section::<E>(Rule::ShockResolution), what, &[]);
            fight(e, attack, a, *unit_type, dice, events)?;
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

/// Resolves attack `k` with the given weapon systems, back to the
/// resolution stage.
fn fight<E: ShockSteps + ?Sized>(
    e: &mut E,
    k: u8,
    attacker: UnitType,
    defender: UnitType,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    set_stage(e, ShockStage::Resolution);
    resolve(e, k, (attacker, defender), dice, events)
}

/// Archers and artillery attacked with no infantry in their hex are
/// eliminated ([`Rule::MissileUnitsShocked`]); their hexes are vacated.
/// Returns whether infantry or cavalry remain to fight.
fn overrun_missile_units<E: ShockSteps + ?Sized>(
    e: &mut E,
    k: u8,
    events: &mut Vec<Event<E::Event>>,
) -> bool {
    let Some(a) = attack(e, k).cloned() else {
        return false;
    };
    let p = Participants::of(e.field(), &a);
    let rule = section::<E>(Rule::MissileUnitsShocked);
    let mut fighting = false;
    for h in p.defender_hexes {
        let here: Vec<_> = p
            .defenders
            .iter()
            .copied()
            .filter(|&u| e.field().unit(u).is_some_and(|s| s.at == Some(h)))
            .collect();
        if sharers(e.field(), &here).is_empty() {
            for u in here {
                eliminate(e, u, rule, events);
            }
            if let Some(a) = attack_mut(e, k) {
                a.vacated.push(h);
            }
        } else {
            fighting = true;
        }
    }
    fighting
}

/// Does what the stage needs no decision for. Returns whether anything
/// happened.
///
/// # Errors
/// Only when scripted dice run out.
pub fn step<E: ShockSteps + ?Sized>(
    e: &mut E,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<bool, CombatError> {
    let Some(s) = state(e) else {
        return Ok(false);
    };
    let n = s.attacks.len();
    match s.stage {
        ShockStage::Designation | ShockStage::Done => Ok(false),
        ShockStage::RetreatBeforeShock { attack: k } => {
            if usize::from(k) >= n {
                set_stage(e, ShockStage::PreShock);
            } else if attack(e, k)
                .is_some_and(|a| a.continued || a.status != AttackStatus::Designated)
            {
                set_stage(e, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
            } else {
                after_retreats_before(e, k);
            }
            Ok(true)
        }
        ShockStage::Pursuit { attack: k } => {
            set_stage(e, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
            Ok(true)
        }
        ShockStage::PreShock => {
            set_stage(e, ShockStage::LeaderCasualties);
            pre_shock::roll_checks(e, dice, events)?;
            Ok(true)
        }
        ShockStage::LeaderCasualties => {
            set_stage(e, ShockStage::Resolution);
            casualties::roll(e, dice, events)?;
            Ok(true)
        }
        ShockStage::Resolution => {
            // Nothing left to fight: void what remains, then advance.
            let left: Vec<u8> = s
                .attacks
                .iter()
                .enumerate()
                .filter(|(_, a)| a.status == AttackStatus::Designated)
                .filter_map(|(k, _)| u8::try_from(k).ok())
                .collect();
            for k in left {
                // Defenders gone after a Pre-Shock Check still leave a hex
                // to advance into.
                let emptied = attack(e, k).is_some_and(|a| !a.vacated.is_empty());
                if let Some(a) = attack_mut(e, k) {
                    a.status = if emptied { AttackStatus::Resolved } else { AttackStatus::Void };
                }
                if !emptied {
                    let rule = section::<E>(Rule::ShockSequence);
                    report::<E>(events, rule, SimpleEvent::AttackVoid { attack: k }, &[]);
                }
            }
            advance::queue(e);
            Ok(true)
        }
        ShockStage::Weapons { attack: k, attacker } => {
            let fighting = overrun_missile_units(e, k, events);
            let field = e.field();
            let p = attack(e, k).map(|a| Participants::of(field, a)).unwrap_or_default();
            let ours = weapon_types(field, &p.attackers);
            let theirs = weapon_types(field, &p.defenders);
            // "The attacker chooses first ..., followed by the defender": an
            // attacker with one type has chosen it; a defender with more
            // than one is then asked.
            if fighting
                && attacker.is_none()
                && theirs.len() > 1
                && let Some(&a) = ours.first()
            {
                set_stage(e, ShockStage::Weapons { attack: k, attacker: Some(a) });
                return Ok(true);
            }
            match (fighting, attacker.or(ours.first().copied()), theirs.first()) {
                (true, Some(a), Some(&d)) => fight(e, k, a, d, dice, events)?,
                _ => {
                    if let Some(x) = attack_mut(e, k) {
                        x.status = if x.vacated.is_empty() {
                            AttackStatus::Void
                        } else {
                            AttackStatus::Resolved
                        };
                    }
                    set_stage(e, ShockStage::Resolution);
                }
            }
            Ok(true)
        }
        ShockStage::Advance => {
            set_stage(e, ShockStage::Done);
            report::<E>(events, section::<E>(Rule::ShockSequence), SimpleEvent::ShockEnded, &[]);
            Ok(true)
        }
    }
}
