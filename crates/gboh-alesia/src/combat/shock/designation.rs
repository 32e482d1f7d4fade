//! 9.1 Shock and Assault Requirements and 9.21 Shock Designation.
//!
//! The active player designates attacks one attacking stack at a time:
//! [`CombatAction::Designate`] `{ attacker, join: None }` makes a new attack
//! on every enemy hex in the stack's front not yet attacked; `join: Some(k)`
//! adds the stack to attack `k` (which must hold one of its front hexes),
//! together with its other front hexes not yet attacked. That reaches every
//! designation 9.21 allows: a stack attacks all its front enemies not attacked
//! by others, never splits, and several stacks may combine. [`CombatAction::Done`]
//! ends designation once every unit that Must Attack (9.11) is designated.
//!
//! Who may attack (9.11, 9.12, 9.26, 7.11): formed units of the active command
//! other than archers and artillery, into their front hexes (all six from a
//! Redoubt, 6.44), cavalry never onto a Rampart, into a Redoubt or across a
//! wall; and of those only a unit that moved (9.11), one that started the
//! Activation Phase with an enemy unit in its own ZOC and remained in its hex
//! (9.12: a Gaul below a rampart does not, since his ZOC does not reach up,
//! 7.22), or one on a Rampart that must attack (9.11's last sentence).
//! Who must: a unit that moved and ends with an enemy in its front hexes
//! or in an enemy ZOC (the rulebook says "into whose ZOC they have moved";
//! read together with 9.25's flank attacks, a mover that reached an enemy's
//! flank attacks too), and a unit on a Rampart with an enemy in its ZOC in a
//! non-Rampart hex outside the Ramparts: beyond the contravallation or on
//! Alesia's side of the circumvallation (6.41: only the hexes between the two
//! rings, and the ramparts, are inside).

use crate::map::{Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::game::Event;
use gboh_core::table::terrain::{Cost, MoverClass};
use hexx::Hex;

use super::{attack_mut, state, state_mut};
use crate::combat::action::{CombatAction, CombatError, CombatEvent, CombatPending};
use crate::combat::state::{Attack, AttackStatus, ShockStage};
use crate::combat::terrain::{enemy_in, ground_key, is_formed, is_rampart, is_redoubt, side_of};
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

pub use gboh_simple::rules::targets::{front_hexes, targets_of};

/// 9.26: whether unit `uid` in `from` may shock into `to`: cavalry not onto a
/// Rampart, into a Redoubt, across a wall, or into terrain it could not enter.
#[must_use]
pub fn may_attack_into(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
    let Some(info) = field.setup().unit(uid) else {
        return false;
    };
    if !info.unit_type().is_cavalry() {
        return true;
    }
    let side = Direction::between(from, to).map(|d| field.setup().board.hexside(from, d));
    let wall = side.is_some_and(|s| s.is_wall() && !s.contains(HexsideFeature::Gate));
    let enterable = ground_key(field, to)
        .and_then(|k| field.setup().tables.terrain().enter_cost(k, MoverClass::Cavalry))
        .is_some_and(|c| matches!(c, Cost::Mp(_)));
    !is_rampart(field, to) && !is_redoubt(field, to) && !wall && enterable
}

/// Whether unit `uid` of the active command may shock now: it moved (9.11),
/// or started the Activation Phase with an enemy in its ZOC and stayed in
/// its hex (9.12), or must attack from a Rampart (9.11); and it is able to
/// (see [`able_to_attack`]).
#[must_use]
pub fn may_attack(game: &Alesia, uid: Uid) -> bool {
    let Some(s) = game.field.unit(uid) else { return false };
    let moved = s.flags.has(UnitFlags::MOVED);
    let voluntary = !moved && s.flags.has(UnitFlags::ENEMY_IN_ZOC_AT_START);
    able_to_attack(game, uid) && (moved || voluntary || rampart_obligation(game, uid))
}

/// 9.11's last sentence: unit `uid` stands on a Rampart with an enemy unit in
/// its ZOC in a non-Rampart hex outside the Ramparts (6.41: anywhere but
/// between the two rings, the inner Gardens of Alesia's side included).
fn rampart_obligation(game: &Alesia, uid: Uid) -> bool {
    let field = &game.field;
    let (Some(at), Some(side)) = (field.unit(uid).and_then(|s| s.at), side_of(field, uid)) else {
        return false;
    };
    let board = &game.setup().board;
    is_rampart(field, at)
        && Direction::ALL.into_iter().any(|d| {
            zoc::zoc_toward(field, uid, d)
                && board.neighbor(at, d).is_some_and(|n| {
                    enemy_in(field, n, side)
                        && !is_rampart(field, n)
                        && board.region(n) != Some(Region::Inside)
                })
        })
}

/// Whether unit `uid` of the active command is able to shock now, whatever
/// 9.11 and 9.12 say of its reasons (9.26, 10.43, 9.21 once per activation,
/// 8.44/8.52/10.5 sole actions).
#[must_use]
pub fn able_to_attack(game: &Alesia, uid: Uid) -> bool {
    let field = &game.field;
    let (Some(info), Some(s), Some(cmd)) =
        (game.setup().unit(uid), field.unit(uid), game.active_command())
    else {
        return false;
    };
    let t = info.unit_type();
    cmd.covers(field, uid)
        && is_formed(field, uid)
        && !t.is_archer()
        && !t.is_artillery()
        && !s.flags.has(UnitFlags::SHOCKED)
        && !s.flags.has(UnitFlags::SOLE_ACTION)
}

/// 9.11: whether unit `uid` Must Attack.
#[must_use]
pub fn must_attack(game: &Alesia, uid: Uid) -> bool {
    let Some(s) = game.field.unit(uid) else {
        return false;
    };
    if s.at.is_none() || !able_to_attack(game, uid) || targets_of(&game.field, uid).is_empty() {
        return false;
    }
    s.flags.has(UnitFlags::MOVED) || rampart_obligation(game, uid)
}

/// The units in `hex` that would attack if the stack is designated.
#[must_use]
pub fn attackers_at(game: &Alesia, hex: Hex) -> Vec<Uid> {
    let designated = designated_attackers(game);
    let mut units: Vec<Uid> = game
        .field
        .stack(hex)
        .iter()
        .filter(|&u| {
            may_attack(game, u)
                && !designated.contains(&u)
                && !targets_of(&game.field, u).is_empty()
        })
        .collect();
    units.sort();
    units
}

fn designated_attackers(game: &Alesia) -> Vec<Uid> {
    state(game).map_or_else(Vec::new, |s| {
        s.attacks.iter().flat_map(|a| a.attackers.iter().copied()).collect()
    })
}

fn designated_hexes(game: &Alesia) -> Vec<Hex> {
    state(game).map_or_else(Vec::new, |s| {
        s.attacks
            .iter()
            .filter(|a| !a.continued)
            .flat_map(|a| a.defender_hexes.iter().copied())
            .collect()
    })
}

/// The hexes of the active command that may still designate, in board order.
fn attacker_hexes(game: &Alesia) -> Vec<Hex> {
    let Some(cmd) = game.active_command() else {
        return Vec::new();
    };
    let board = &game.setup().board;
    let mut hexes: Vec<Hex> =
        game.command_units(cmd).filter_map(|u| game.field.unit(u).and_then(|s| s.at)).collect();
    hexes.sort_by_key(|&h| board.index(h));
    hexes.dedup();
    hexes.retain(|&h| !attackers_at(game, h).is_empty());
    hexes
}

/// The units that Must Attack (9.11) and are not yet designated.
#[must_use]
pub fn undesignated_obligations(game: &Alesia) -> Vec<Uid> {
    let designated = designated_attackers(game);
    let Some(cmd) = game.active_command() else {
        return Vec::new();
    };
    game.command_units(cmd).filter(|&u| must_attack(game, u) && !designated.contains(&u)).collect()
}

/// The designation decision: every [`CombatAction::Designate`] open now, then
/// [`CombatAction::Done`] if no unit that Must Attack is left out.
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    let side = game.turn.current.as_ref()?.side;
    let taken = designated_hexes(game);
    let attacks = state(game).map_or(&[][..], |s| s.attacks.as_slice());
    let mut actions = Vec::new();
    for hex in attacker_hexes(game) {
        let units = attackers_at(game, hex);
        let targets: Vec<Hex> = units.iter().flat_map(|&u| targets_of(&game.field, u)).collect();
        if targets.iter().any(|h| !taken.contains(h)) {
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
    if undesignated_obligations(game).is_empty() {
        actions.push(CombatAction::Done);
    }
    Some((CombatPending::Designation { side }, actions))
}

/// 9.21: designates the stack in `hex` (a checked action).
///
/// # Errors
/// If the stack cannot attack, or `join` names no attack it can join.
pub fn designate(
    game: &mut Alesia,
    hex: Hex,
    join: Option<u8>,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let units = attackers_at(game, hex);
    if units.is_empty() {
        return Err(CombatError::illegal("9.21", "no unit there may attack"));
    }
    let taken = designated_hexes(game);
    let side = units.first().and_then(|&u| side_of(&game.field, u)).unwrap_or(Side::Roman);
    let mut targets: Vec<Hex> = Vec::new();
    for &u in &units {
        for h in targets_of(&game.field, u) {
            if !targets.contains(&h) {
                targets.push(h);
            }
        }
    }
    let fresh: Vec<Hex> = targets.iter().copied().filter(|h| !taken.contains(h)).collect();
    let mandatory = units.iter().any(|&u| must_attack(game, u));
    let defenders_in = |game: &Alesia, hexes: &[Hex]| -> Vec<(Uid, Hex)> {
        hexes
            .iter()
            .flat_map(|&h| {
                game.field
                    .stack(h)
                    .iter()
                    .filter(|&u| side_of(&game.field, u) != Some(side))
                    .map(move |u| (u, h))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let new_defenders = defenders_in(game, &fresh);
    let involved: Vec<Uid> =
        units.iter().copied().chain(new_defenders.iter().map(|&(u, _)| u)).collect();
    let index = match join {
        None => {
            if fresh.is_empty() {
                return Err(CombatError::illegal(
                    "9.21",
                    "every enemy in its front is already attacked: join that attack",
                ));
            }
            let shock = state_mut(game)
                .ok_or_else(|| CombatError::illegal("9.0", "shock has not begun"))?;
            shock.attacks.push(Attack {
                attackers: units.clone(),
                defender_hexes: fresh.clone(),
                defenders: new_defenders,
                mandatory,
                continued: false,
                moving: false,
                retreated_before: Vec::new(),
                vacated: Vec::new(),
                contributors: Vec::new(),
                advanced: Vec::new(),
                result: None,
                status: AttackStatus::Designated,
            });
            u8::try_from(shock.attacks.len() - 1).unwrap_or(u8::MAX)
        }
        Some(k) => {
            let a = attack_mut(game, k)
                .ok_or_else(|| CombatError::illegal("9.21", "no such attack"))?;
            if a.continued
                || a.status != AttackStatus::Designated
                || !targets.iter().any(|h| a.defender_hexes.contains(h))
            {
                return Err(CombatError::illegal(
                    "9.21",
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
    if let Some(a) = super::attack(game, index) {
        events.push(Event::new(
            "9.21",
            AlesiaEvent::Combat(CombatEvent::Designated {
                attack: index,
                attackers: a.attackers.clone(),
                defenders: a.defender_hexes.clone(),
            }),
        ));
    }
    // 6.47: Fill carriers now involved in shock leave their Fill in the
    // Garden of Death they stand in.
    for u in involved {
        crate::movement::fill::drop_in_garden_with_event(&mut game.field, u, events);
    }
    Ok(())
}

/// Ends designation (a checked [`CombatAction::Done`]).
///
/// # Errors
/// 9.11 when a unit that Must Attack is not designated.
pub fn finish(game: &mut Alesia) -> Result<(), CombatError> {
    let missing = undesignated_obligations(game);
    if let Some(&u) = missing.first() {
        let id = game.setup().unit(u).map_or_else(String::new, |i| i.id.clone());
        return Err(CombatError::illegal("9.11", format!("{id} must attack")));
    }
    if let Some(s) = state_mut(game) {
        s.stage = ShockStage::RetreatBeforeShock { attack: 0 };
    }
    // 4.32: the defenders' leaders may retreat one hex before anything else.
    let attacks = state(game).map_or(0, |s| s.attacks.len());
    for k in 0..attacks {
        if let Ok(k) = u8::try_from(k) {
            crate::combat::leaders::queue_threatened(game, k);
        }
    }
    Ok(())
}
