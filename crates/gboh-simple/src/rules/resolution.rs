//! Shock resolution's choices and roll ([`Rule::ShockResolution`]; Alesia
//! 9.25): the weapon systems each side may choose (its infantry and cavalry
//! types, [`ShockRules::SHOCK_TYPES`]), the pair a side would choose for the
//! modifier alone (for previews), the preview of an attack (its DRMs and
//! exact odds, [`super::shock`]), and the roll: the Shock Table's result,
//! every participant marked as having shocked, and the effects queued as
//! combat steps (each side's hits, the leftover placed by the player
//! inflicting them, then [`Task::AfterShock`]).

use gboh_core::Side;
use gboh_core::dice::{Dice, Die};
use gboh_core::game::Event;
use gboh_core::table::{Distribution, Drm, Modifiers};
use gboh_core::unit::UnitType;

use super::effects::report;
use super::hits::sharers;
use super::shock::{Participants, ShockOutcome, ShockRules, drms, odds};
use super::tasks::TaskRules;
use crate::error::CombatError;
use crate::event::SimpleEvent;
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{AttackStatus, HitsCause, Task};

/// The family's shock types, in the Weapon Systems chart's order (Alesia
/// 9.43): cohorts, barbarian infantry, light infantry, lancers, light and
/// Gallic cavalry.
pub const FAMILY_SHOCK_TYPES: [UnitType; 6] =
    [UnitType::CO, UnitType::BI, UnitType::LI, UnitType::LN, UnitType::LC, UnitType::GC];

/// The weapon systems a side with `units` may choose from: its shock types
/// present, in [`ShockRules::SHOCK_TYPES`] order.
#[must_use]
pub fn weapon_types<G: ShockRules>(field: &Field<G>, units: &[Uid]) -> Vec<UnitType> {
    let setup = field.setup();
    G::SHOCK_TYPES
        .iter()
        .copied()
        .filter(|t| units.iter().any(|&u| setup.unit_profile(u).is_some_and(|p| p.unit_type == *t)))
        .collect()
}

/// The weapon systems each side would choose if both played for the
/// modifier alone: the attacker the highest DRM (or `attacker`, chosen
/// already), then the defender the lowest (ties: the first in
/// [`ShockRules::SHOCK_TYPES`] order).
#[must_use]
pub fn best_weapons<G: ShockRules>(
    field: &Field<G>,
    p: &Participants,
    attacker: Option<UnitType>,
) -> Option<(UnitType, UnitType)> {
    let ours = weapon_types(field, &p.attackers);
    let theirs = weapon_types(field, &p.defenders);
    let drm = |a: UnitType, d: UnitType| G::weapon_systems_drm(field, a, d);
    let reply = |a: UnitType| theirs.iter().copied().min_by_key(|&d| drm(a, d));
    let a = match attacker {
        Some(a) => a,
        None => ours
            .iter()
            .copied()
            .max_by_key(|&a| (reply(a).map_or(Drm::ZERO, |d| drm(a, d)), core::cmp::Reverse(a)))?,
    };
    Some((a, reply(a)?))
}

/// The preview of resolving attack `k`: its DRMs and exact odds, with the
/// weapon systems given or, where a choice is still open, the ones that give
/// the best DRM to whoever chooses ([`best_weapons`]). `None` if no such
/// attack or nobody left to fight.
#[must_use]
pub fn preview<E: TaskRules + ?Sized>(
    e: &E,
    k: u8,
    attacker: Option<UnitType>,
    defender: Option<UnitType>,
) -> Option<(Modifiers, Distribution<ShockOutcome>)> {
    let a = e.combat()?.shock.as_ref()?.attacks.get(usize::from(k))?;
    let field = e.field();
    let p = Participants::of(field, a);
    let weapons = match (attacker, defender) {
        (Some(x), Some(y)) => (x, y),
        (x, _) => best_weapons(field, &p, x)?,
    };
    let d = drms(field, &p, a.moving, weapons);
    let outcomes = odds(field, &p, &d.modifiers);
    Some((d.modifiers, outcomes))
}

/// Rolls attack `index` with the chosen weapon systems and queues its
/// effects: each side's hits (the player inflicting them places any
/// leftover), then [`Task::AfterShock`].
///
/// # Errors
/// No such attack; scripted dice that run out.
pub fn resolve<E: TaskRules + ?Sized>(
    e: &mut E,
    index: u8,
    weapons: (UnitType, UnitType),
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let rule = <E::Game as SimpleGame>::section(Rule::ShockResolution);
    let Some(attack) =
        e.combat().and_then(|c| c.shock.as_ref()).and_then(|s| s.attacks.get(usize::from(index)))
    else {
        return Err(CombatError::illegal(rule, "no such attack"));
    };
    let field = e.field();
    let p = Participants::of(field, attack);
    let d = drms(field, &p, attack.moving, weapons);
    let roll = dice.roll(Die::D10)?;
    let modified = d.modifiers.apply(roll.face);
    let result = *<E::Game as ShockRules>::shock_table(field).result(modified);
    let what = SimpleEvent::ShockResolved {
        attack: index,
        modifiers: d.modifiers.clone(),
        modified,
        result,
    };
    report::<E>(events, rule, what, &[roll]);
    let attacking_side =
        p.attackers.first().and_then(|&u| field.setup().unit_side(u)).unwrap_or(Side::Roman);
    let tasks = vec![
        Task::Hits {
            units: sharers(field, &p.attackers),
            hits: result.attacker_hits,
            chooser: attacking_side.opponent(),
            cause: HitsCause::Shock,
        },
        Task::Hits {
            units: sharers(field, &p.defenders),
            hits: result.defender_hits,
            chooser: attacking_side,
            cause: HitsCause::Shock,
        },
        Task::AfterShock { attack: index },
    ];
    for &u in p.attackers.iter().chain(&p.defenders) {
        if let Some(s) = e.field_mut().unit_mut(u) {
            s.flags.set(UnitFlags::SHOCKED, true);
        }
    }
    if let Some(c) = e.combat_mut() {
        if let Some(a) = c.shock.as_mut().and_then(|s| s.attacks.get_mut(usize::from(index))) {
            a.status = AttackStatus::Resolved;
            a.contributors = d.contributors;
            a.result = Some(result);
        }
        c.tasks.splice(0..0, tasks);
    }
    Ok(())
}
