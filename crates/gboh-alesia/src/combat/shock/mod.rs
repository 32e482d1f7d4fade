//! 9.0 Shock Combat, in 9.2's order, each step for every attack before the
//! next: designation (9.21), Retreat Before Shock and pursuit (9.22),
//! Pre-Shock Checks (9.23), leader casualties (9.24), resolution in the
//! order the attacker picks (9.25, with Continued Shock, 10.3), advance after
//! combat (9.3).
//!
//! [`decision`] says what the stage waits for, [`decide`] applies the answer,
//! [`step`] does what needs no decision.

pub mod advance;
pub mod designation;
pub mod leader_casualty;
pub mod pre_shock;
pub mod resolution;
pub mod retreat_before_shock;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::unit::UnitType;

use super::action::{CombatAction, CombatError, CombatEvent, CombatPending};
use super::effects::rout;
use super::state::{Attack, AttackStatus, ShockStage, ShockState, activation, activation_mut};
use crate::movement::stacking;
use crate::protocol::{Alesia, AlesiaEvent};

pub use gboh_simple::rules::resolution::preview;
use retreat_before_shock as rbs;

/// The shock under way, if any.
#[must_use]
pub fn state(game: &Alesia) -> Option<&ShockState> {
    activation(game)?.shock.as_ref()
}

/// The shock under way, mutably.
pub fn state_mut(game: &mut Alesia) -> Option<&mut ShockState> {
    activation_mut(game)?.shock.as_mut()
}

/// Attack `k`.
#[must_use]
pub fn attack(game: &Alesia, k: u8) -> Option<&Attack> {
    state(game)?.attacks.get(usize::from(k))
}

/// Attack `k`, mutably.
pub fn attack_mut(game: &mut Alesia, k: u8) -> Option<&mut Attack> {
    state_mut(game)?.attacks.get_mut(usize::from(k))
}

fn set_stage(game: &mut Alesia, stage: ShockStage) {
    if let Some(s) = state_mut(game) {
        s.stage = stage;
    }
}

fn active_side(game: &Alesia) -> Option<Side> {
    game.turn.current.as_ref().map(|a| a.side)
}

/// The attacks waiting for resolution that can still be fought.
fn fightable(game: &Alesia) -> Vec<u8> {
    let Some(s) = state(game) else {
        return Vec::new();
    };
    s.attacks
        .iter()
        .enumerate()
        .filter(|(_, a)| {
            a.status == AttackStatus::Designated && resolution::participants(&game.field, a).fight()
        })
        .filter_map(|(k, _)| u8::try_from(k).ok())
        .collect()
}

/// What the shock waits for, if anything: who decides and every legal answer.
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    let s = state(game)?;
    let side = active_side(game)?;
    match s.stage {
        ShockStage::Designation => designation::decision(game),
        ShockStage::RetreatBeforeShock { attack: k } => {
            let mut actions = Vec::new();
            for u in rbs::eligible(game, k) {
                let Some(facing) = game.field.unit(u).map(|s| s.facing) else {
                    continue;
                };
                for (to, _) in rbs::destinations(game, k, u) {
                    // 6.65: into friends, with their facing.
                    let facing = stacking::joined_facing(&game.field, u, to, facing);
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
            let mut actions: Vec<CombatAction> = rbs::pursuits(game, k)
                .into_iter()
                .filter_map(|(u, to)| {
                    game.field.unit(u).map(|s| CombatAction::Place {
                        unit: u,
                        to,
                        facing: stacking::joined_facing(&game.field, u, to, s.facing),
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
            let actions: Vec<CombatAction> = fightable(game)
                .into_iter()
                .map(|attack| CombatAction::Resolve { attack })
                .collect();
            (!actions.is_empty()).then_some((CombatPending::ResolutionOrder { side }, actions))
        }
        ShockStage::Weapons { attack: k, attacker } => {
            let p = resolution::participants(&game.field, attack(game, k)?);
            let (chooser, types) = match attacker {
                None => (side, resolution::weapon_types(&game.field, &p.attackers)),
                Some(_) => (side.opponent(), resolution::weapon_types(&game.field, &p.defenders)),
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
/// with units that retreated go with one or stay (10.26); then pursuit if
/// every defender went (the attack is off, 9.2), else the next attack.
fn after_retreats_before(game: &mut Alesia, k: u8) {
    if let Some(a) = attack(game, k) {
        let mut tasks = Vec::new();
        for &h in &a.defender_hexes {
            let units: Vec<_> =
                a.retreated_before.iter().filter(|r| r.1 == h).map(|r| r.0).collect();
            let side = units.first().and_then(|&u| super::terrain::side_of(&game.field, u));
            if let Some(side) = side {
                tasks.extend(super::leaders::retreat_tasks(&game.field, h, side, &units));
            }
        }
        if let Some(act) = activation_mut(game) {
            act.tasks.extend(tasks);
        }
    }
    if rbs::all_gone(game, k) {
        if let Some(a) = attack_mut(game, k) {
            a.status = AttackStatus::Void;
        }
        set_stage(game, ShockStage::Pursuit { attack: k });
    } else {
        set_stage(game, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
    }
}

/// Applies a decision (one of [`decision`]'s answers).
///
/// # Errors
/// If the action does not answer the stage; dice errors.
pub fn decide(
    game: &mut Alesia,
    action: &CombatAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let wrong = || CombatError::illegal("9.2", "that does not answer the shock step pending now");
    let stage = state(game).ok_or_else(wrong)?.stage;
    match (stage, action) {
        (ShockStage::Designation, CombatAction::Designate { attacker, join }) => {
            designation::designate(game, *attacker, *join, events)?;
        }
        (ShockStage::Designation, CombatAction::Done) => designation::finish(game)?,
        (ShockStage::RetreatBeforeShock { attack: k }, CombatAction::Place { unit, to, .. }) => {
            rbs::retreat_before(game, k, *unit, *to, events);
        }
        (ShockStage::RetreatBeforeShock { attack: k }, CombatAction::Done) => {
            after_retreats_before(game, k)
        }
        (ShockStage::Pursuit { attack: k }, CombatAction::Place { unit, to, .. }) => {
            rbs::pursue(game, k, *unit, *to, events);
        }
        (ShockStage::Pursuit { attack: k }, CombatAction::Done) => {
            set_stage(game, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
        }
        (ShockStage::Resolution, CombatAction::Resolve { attack }) => {
            set_stage(game, ShockStage::Weapons { attack: *attack, attacker: None });
        }
        (ShockStage::Weapons { attack, attacker: None }, CombatAction::Weapon { unit_type }) => {
            events.push(Event::new(
                "9.25",
                AlesiaEvent::Combat(CombatEvent::WeaponChosen {
                    side: active_side(game).unwrap_or(Side::Roman),
                    unit_type: *unit_type,
                }),
            ));
            set_stage(game, ShockStage::Weapons { attack, attacker: Some(*unit_type) });
        }
        (ShockStage::Weapons { attack, attacker: Some(a) }, CombatAction::Weapon { unit_type }) => {
            events.push(Event::new(
                "9.25",
                AlesiaEvent::Combat(CombatEvent::WeaponChosen {
                    side: active_side(game).unwrap_or(Side::Roman).opponent(),
                    unit_type: *unit_type,
                }),
            ));
            fight(game, attack, a, *unit_type, dice, events)?;
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

/// Resolves attack `k` with the given weapon systems, back to the
/// resolution stage.
fn fight(
    game: &mut Alesia,
    k: u8,
    attacker: UnitType,
    defender: UnitType,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    set_stage(game, ShockStage::Resolution);
    resolution::resolve(game, k, (attacker, defender), dice, events)
}

/// 9.27: archers and artillery attacked with no infantry in their hex are
/// eliminated; their hexes are vacated. Returns whether infantry or cavalry
/// remain to fight.
fn overrun_towers(game: &mut Alesia, k: u8, events: &mut Vec<Event<AlesiaEvent>>) -> bool {
    let Some(a) = attack(game, k).cloned() else {
        return false;
    };
    let p = resolution::participants(&game.field, &a);
    let mut fighting = false;
    for h in p.defender_hexes {
        let here: Vec<_> = p
            .defenders
            .iter()
            .copied()
            .filter(|&u| game.field.unit(u).is_some_and(|s| s.at == Some(h)))
            .collect();
        if super::effects::hits::sharers(&game.field, &here).is_empty() {
            for u in here {
                rout::eliminate(game, u, "9.27", events);
            }
            if let Some(a) = attack_mut(game, k) {
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
pub fn step(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<bool, CombatError> {
    let Some(s) = state(game) else {
        return Ok(false);
    };
    let n = s.attacks.len();
    match s.stage {
        ShockStage::Designation => Ok(false),
        ShockStage::RetreatBeforeShock { attack: k } => {
            if usize::from(k) >= n {
                set_stage(game, ShockStage::PreShock);
            } else if attack(game, k)
                .is_some_and(|a| a.continued || a.status != AttackStatus::Designated)
            {
                set_stage(game, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
            } else {
                after_retreats_before(game, k);
            }
            Ok(true)
        }
        ShockStage::Pursuit { attack: k } => {
            set_stage(game, ShockStage::RetreatBeforeShock { attack: k.saturating_add(1) });
            Ok(true)
        }
        ShockStage::PreShock => {
            set_stage(game, ShockStage::LeaderCasualties);
            pre_shock::run(game, dice, events)?;
            Ok(true)
        }
        ShockStage::LeaderCasualties => {
            set_stage(game, ShockStage::Resolution);
            leader_casualty::run(game, dice, events)?;
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
                // 9.31: defenders gone after a Pre-Shock Check still leave a
                // hex to advance into.
                let emptied = attack(game, k).is_some_and(|a| !a.vacated.is_empty());
                if let Some(a) = attack_mut(game, k) {
                    a.status = if emptied { AttackStatus::Resolved } else { AttackStatus::Void };
                }
                if !emptied {
                    events.push(Event::new(
                        "9.2",
                        AlesiaEvent::Combat(CombatEvent::AttackVoid { attack: k }),
                    ));
                }
            }
            advance::queue(game);
            Ok(true)
        }
        ShockStage::Weapons { attack: k, attacker } => {
            let fighting = overrun_towers(game, k, events);
            let p = attack(game, k)
                .map(|a| resolution::participants(&game.field, a))
                .unwrap_or_default();
            let ours = resolution::weapon_types(&game.field, &p.attackers);
            let theirs = resolution::weapon_types(&game.field, &p.defenders);
            // 9.25: "the attacker chooses first ..., followed by the
            // defender": an attacker with one type has chosen it; a defender
            // with more than one is then asked.
            if fighting
                && attacker.is_none()
                && theirs.len() > 1
                && let Some(&a) = ours.first()
            {
                set_stage(game, ShockStage::Weapons { attack: k, attacker: Some(a) });
                return Ok(true);
            }
            match (fighting, attacker.or(ours.first().copied()), theirs.first()) {
                (true, Some(a), Some(&d)) => fight(game, k, a, d, dice, events)?,
                _ => {
                    if let Some(x) = attack_mut(game, k) {
                        x.status = if x.vacated.is_empty() {
                            AttackStatus::Void
                        } else {
                            AttackStatus::Resolved
                        };
                    }
                    set_stage(game, ShockStage::Resolution);
                }
            }
            Ok(true)
        }
        ShockStage::Advance => {
            set_stage(game, ShockStage::Done);
            events.push(Event::new("9.2", AlesiaEvent::Combat(CombatEvent::ShockEnded)));
            Ok(true)
        }
        ShockStage::Done => Ok(false),
    }
}
