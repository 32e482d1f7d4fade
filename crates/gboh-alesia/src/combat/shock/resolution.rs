//! 9.25 Resolution: every DRM of the Shock Table roll, each with its rule, the
//! exact odds of each outcome, and the roll itself.
//!
//! ```text
//!   9.22's example, four picked BI from two Gardens of Death at a cohort on
//!   the rampart W3911:
//!     -3 rampart attacked from below (6.8, 9.25 terrain)
//!     +3 unit numbers 4 to 1 (9.25)
//!     +1 TQ differential 7 to 6 (9.25, 6.67)
//!     -2 weapon systems BI against CO (9.43)
//!   a roll of 5 is read as 4: two hits to each side, no retreat.
//! ```
//!
//! The terrain DRM is the publisher's ruling: when a hex is attacked from
//! several hexes only the highest terrain DRM applies (taken here as the one
//! of largest size), while the DRMs of the terrain one attack crosses add up.

use crate::game::AlesiaField;
use std::cell::OnceCell;

use crate::tables::HexsideKey;
use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::dice::{Dice, Die};
use gboh_core::facing::{Aspect, Direction};
use gboh_core::game::Event;
use gboh_core::table::{Distribution, Drm, Modifiers, ShockResult};
use gboh_core::unit::{HitOutcome, UnitType};
use hexx::Hex;
use serde::Serialize;

use crate::combat::action::{CombatError, CombatEvent};
use crate::combat::effects::{hits, retreat};
use crate::combat::odds::{UnitOutcome, preview_hits};
use crate::combat::state::{Attack, AttackStatus, HitsCause, Task, activation_mut};
use crate::combat::terrain::{ground_key, is_formed, is_rampart, is_redoubt, side_of, type_of};
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::SHOCK_TYPES;

/// The units still taking part in an attack when it is resolved.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Participants {
    /// Attackers still formed.
    pub attackers: Vec<Uid>,
    /// Defenders still in the hexes they were attacked in (archers and
    /// artillery included).
    pub defenders: Vec<Uid>,
    /// The hexes that still hold defenders.
    pub defender_hexes: Vec<Hex>,
}

impl Participants {
    /// Whether the attack can be fought.
    #[must_use]
    pub fn fight(&self) -> bool {
        !self.attackers.is_empty() && !self.defenders.is_empty()
    }
}

/// Who still takes part in `attack`: 9.2 (units that retreated before shock or
/// after their Pre-Shock Check are out), 10.3 (a target that retreated is out).
#[must_use]
pub fn participants(field: &Battlefield, attack: &Attack) -> Participants {
    let attackers: Vec<Uid> =
        attack.attackers.iter().copied().filter(|&u| is_formed(field, u)).collect();
    let defenders: Vec<Uid> = attack
        .defenders
        .iter()
        .filter(|&&(u, h)| field.unit(u).is_some_and(|s| s.at == Some(h) && s.cohesion.in_play()))
        .map(|&(u, _)| u)
        .collect();
    let mut defender_hexes: Vec<Hex> = Vec::new();
    for &h in &attack.defender_hexes {
        let held = defenders.iter().any(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)));
        if held && !defender_hexes.contains(&h) {
            defender_hexes.push(h);
        }
    }
    Participants { attackers, defenders, defender_hexes }
}

/// 9.25 Weapon Systems: the types a side may choose from (its infantry and
/// cavalry, 9.27), in [`SHOCK_TYPES`] order.
#[must_use]
pub fn weapon_types(field: &Battlefield, units: &[Uid]) -> Vec<UnitType> {
    SHOCK_TYPES
        .into_iter()
        .filter(|t| units.iter().any(|&u| type_of(field, u) == Some(*t)))
        .collect()
}

/// The DRMs of one attack, and the attackers that gave a positive one (9.33).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShockDrms {
    /// Every DRM with its rule.
    pub modifiers: Modifiers,
    /// Attackers whose presence gave a positive DRM (9.33).
    pub contributors: Vec<Uid>,
}

/// The hexes of a list of units, in first-seen order.
fn hexes_of(field: &Battlefield, units: &[Uid]) -> Vec<Hex> {
    let mut out = Vec::new();
    for &u in units {
        if let Some(h) = field.unit(u).and_then(|s| s.at)
            && !out.contains(&h)
        {
            out.push(h);
        }
    }
    out
}

/// The adjacent (attacker hex, defender hex) pairs of an attack.
fn contacts(field: &Battlefield, p: &Participants) -> Vec<(Hex, Hex)> {
    let mut out = Vec::new();
    for a in hexes_of(field, &p.attackers) {
        for &d in &p.defender_hexes {
            if a.unsigned_distance_to(d) == 1 {
                out.push((a, d));
            }
        }
    }
    out
}

/// The hexside features an attack from `a` into `d` crosses.
fn crossing(field: &Battlefield, a: Hex, d: Hex) -> gboh_core::board::HexsideFeatures {
    Direction::between(a, d)
        .map_or_else(Default::default, |dir| field.setup().board.hexside(a, dir))
}

/// Whether the attack from `a` into `d` is across a man-made defensive
/// structure (9.25 Moving Attack): up onto a Rampart, into a Redoubt, or over
/// a wall or gate hexside.
fn across_works(field: &Battlefield, a: Hex, d: Hex) -> bool {
    let side = crossing(field, a, d);
    (is_rampart(field, d) && !is_rampart(field, a))
        || is_redoubt(field, d)
        || side.is_wall()
        || side.contains(HexsideFeature::Gate)
}

/// 9.25 Terrain for one attacking hex: the defender's hex, from below if it is
/// a Rampart attacked from a non-Rampart hex, the hexsides crossed and the
/// climb, all added (publisher's ruling). Returns the DRM and what it is for.
fn terrain_drm(field: &Battlefield, a: Hex, d: Hex) -> (Drm, String) {
    let setup = field.setup();
    let chart = setup.tables.terrain();
    let mut total = Drm::ZERO;
    let mut parts: Vec<String> = Vec::new();
    if let Some(key) = ground_key(field, d)
        && let Some(row) = chart.hex(key)
    {
        if row.shock_drm.value != Drm::ZERO {
            total += row.shock_drm.value;
            parts.push(format!("{key} {}", row.shock_drm.value));
        }
        if is_rampart(field, d)
            && !is_rampart(field, a)
            && row.shock_drm_from_below.value != Drm::ZERO
        {
            total += row.shock_drm_from_below.value;
            parts.push(format!("{key} attacked from below {}", row.shock_drm_from_below.value));
        }
    }
    let side = crossing(field, a, d);
    let dir = Direction::between(a, d);
    let fill = dir.map_or(0, |dir| field.hexside_fill(a, dir));
    let gate = side.contains(HexsideFeature::Gate);
    for f in side.iter() {
        let key = match f {
            HexsideFeature::CampWall if !gate => Some(HexsideKey::CampWall),
            HexsideFeature::StoneWall if !gate => Some(HexsideKey::StoneWall),
            HexsideFeature::RedoubtWall if !gate => Some(HexsideKey::RedoubtWall),
            HexsideFeature::Gate => Some(HexsideKey::Gate),
            HexsideFeature::CrestGate => Some(HexsideKey::CrestGate),
            HexsideFeature::MinorRiver if fill < 4 => Some(HexsideKey::MinorRiver),
            HexsideFeature::Stream if fill < 3 => Some(HexsideKey::Stream),
            _ => None,
        };
        if let Some(row) = key.and_then(|k| chart.hexside(k).map(|r| (k, r))) {
            let (k, row) = row;
            if row.shock_drm.value != Drm::ZERO {
                total += row.shock_drm.value;
                parts.push(format!("across {k} {}", row.shock_drm.value));
            }
        }
    }
    let board = &setup.board;
    if board.elevation(d) > board.elevation(a) {
        let up = chart.elevation().shock_drm_uphill.value;
        if up != Drm::ZERO {
            total += up;
            parts.push(format!("uphill {up}"));
        }
    }
    (total, parts.join(", "))
}

/// 4.34, 9.25: whether a living leader of `side` with Charisma is in the hex
/// of one of `units` or next to it.
fn charisma_near(game: &Alesia, units: &[Uid], side: Side) -> bool {
    let setup = game.setup();
    let hexes = hexes_of(&game.field, units);
    game.field.leaders().iter().enumerate().any(|(i, l)| {
        let lid = crate::game::Lid(u8::try_from(i).unwrap_or(u8::MAX));
        !l.dead
            && setup.leader(lid).is_some_and(|x| x.side == side && x.charisma() > 0)
            && l.at.is_some_and(|h| hexes.iter().any(|&u| u.unsigned_distance_to(h) <= 1))
    })
}

/// The TQ a side fights with: 6.67 the top infantry (or cavalry) unit of each
/// stack, 9.25 the highest of them; and the units that have it.
fn top_tq(field: &Battlefield, units: &[Uid]) -> (u8, Vec<Uid>) {
    let sharers = hits::sharers(field, units);
    let mut best = 0u8;
    let mut who = Vec::new();
    for h in hexes_of(field, &sharers) {
        let Some(top) = field.stack(h).iter().find(|u| sharers.contains(u)) else {
            continue;
        };
        let tq = match (field.setup().unit(top), field.unit(top)) {
            (Some(i), Some(s)) => s.cohesion.current_tq(&i.profile).0,
            _ => 0,
        };
        if tq > best {
            best = tq;
            who.clear();
        }
        if tq == best {
            who.push(top);
        }
    }
    (best, who)
}

/// Every 9.25 DRM of `attack` fought with the given weapon systems.
#[must_use]
pub fn drms(
    game: &Alesia,
    attack: &Attack,
    p: &Participants,
    weapons: (UnitType, UnitType),
) -> ShockDrms {
    let field = &game.field;
    let setup = game.setup();
    let mut m = Modifiers::new();
    let mut contributors: Vec<Uid> = Vec::new();
    let attacking_side =
        p.attackers.first().and_then(|&u| side_of(field, u)).unwrap_or(Side::Roman);
    let defending_side = attacking_side.opponent();
    let contacts = contacts(field, p);

    // Disorder (6.72).
    let disordered = |units: &[Uid]| {
        units.iter().any(|&u| field.unit(u).is_some_and(|s| s.flags.has(UnitFlags::DISORDERED)))
    };
    if disordered(&p.attackers) {
        m.push("9.25", "an attacking unit is Disordered", Drm(-1));
    }
    if disordered(&p.defenders) {
        m.push("9.25", "a defending unit is Disordered", Drm(1));
    }
    // Leader Charisma (4.34).
    if charisma_near(game, &p.attackers, attacking_side) {
        m.push("4.34", "a leader with Charisma with or next to the attackers", Drm(1));
    }
    if charisma_near(game, &p.defenders, defending_side) {
        m.push("4.34", "a leader with Charisma with or next to the defenders", Drm(-1));
    }
    // Moving Attack.
    let movers: Vec<Uid> = p
        .attackers
        .iter()
        .copied()
        .filter(|&u| attack.moving || field.unit(u).is_some_and(|s| s.flags.has(UnitFlags::MOVED)))
        .collect();
    let over_works = contacts.iter().any(|&(a, d)| across_works(field, a, d));
    if !movers.is_empty() && !over_works {
        m.push("9.25", "moving attack", Drm(1));
        contributors.extend(&movers);
    }
    // Position Superiority (with Rampart Exception #1).
    let mut superiority: Option<(Drm, &'static str, Vec<Uid>)> = None;
    for &(a, d) in &contacts {
        let Some(facing) = field.stack(d).top().and_then(|u| field.unit(u)).map(|s| s.facing)
        else {
            continue;
        };
        if is_redoubt(field, d) {
            continue; // 6.44: all-round front.
        }
        let Some(dir) = Direction::between(d, a) else {
            continue;
        };
        let aspect = facing.aspect(dir);
        let counts = match aspect {
            Aspect::Rear => true,
            // Rampart Exception #1: from below, the flank does not count.
            Aspect::Flank => !is_rampart(field, d) || is_rampart(field, a),
            Aspect::Front => false,
        };
        if !counts {
            continue;
        }
        for u in field.stack(a).iter().filter(|u| p.attackers.contains(u)) {
            let t = type_of(field, u);
            let drm = match t {
                Some(t) if t.is_cavalry() || t == UnitType::CO || t == UnitType::BI => Drm(3),
                Some(UnitType::LI) => Drm(1),
                _ => continue,
            };
            let what = if aspect == Aspect::Rear { "rear" } else { "flank" };
            match &mut superiority {
                Some((best, _, who)) if *best == drm => who.push(u),
                Some((best, _, _)) if *best > drm => {}
                _ => superiority = Some((drm, what, vec![u])),
            }
        }
    }
    if let Some((drm, what, who)) = superiority {
        m.push("9.25", format!("position superiority: through the defender's {what}"), drm);
        contributors.extend(who);
    }
    // Terrain: the highest of the attacking hexes' (publisher's ruling).
    let terrain = contacts
        .iter()
        .map(|&(a, d)| terrain_drm(field, a, d))
        .filter(|(drm, _)| *drm != Drm::ZERO)
        .min_by_key(|(drm, _)| (-drm.0.abs(), drm.0));
    if let Some((drm, what)) = terrain {
        m.push("9.25", format!("terrain: {what}"), drm);
    }
    // TQ differential (6.67: top units), capped at 3.
    let (att_tq, att_top) = top_tq(field, &p.attackers);
    let (def_tq, _) = top_tq(field, &p.defenders);
    let diff = (i32::from(att_tq) - i32::from(def_tq)).clamp(-3, 3);
    if diff != 0 {
        m.push("9.25", format!("TQ differential {att_tq} to {def_tq}"), Drm(diff));
        if diff > 0 {
            contributors.extend(att_top);
        }
    }
    // Unit numbers (archers and artillery ignored).
    let (na, nd) =
        (hits::sharers(field, &p.attackers).len(), hits::sharers(field, &p.defenders).len());
    let numbers = i32::try_from(na).unwrap_or(0) - i32::try_from(nd).unwrap_or(0);
    if numbers != 0 {
        m.push("9.25", format!("unit numbers {na} to {nd}"), Drm(numbers));
    }
    // Weapon systems (9.43).
    let (aw, dw) = weapons;
    let wsm = setup.tables.weapon_systems().drm(&aw, &dw).unwrap_or(Drm::ZERO);
    if wsm != Drm::ZERO {
        m.push("9.43", format!("weapon systems {aw} against {dw}"), wsm);
        // 9.33: the chosen type gave it only if not every attacker has it.
        let chosen: Vec<Uid> =
            p.attackers.iter().copied().filter(|&u| type_of(field, u) == Some(aw)).collect();
        if wsm.0 > 0 && chosen.len() < p.attackers.len() {
            contributors.extend(chosen);
        }
    }
    contributors.sort();
    contributors.dedup();
    ShockDrms { modifiers: m, contributors }
}

/// The weapon systems each side would choose if both played for the
/// modifier alone: the attacker the highest DRM, then the defender the
/// lowest (ties: the first in [`SHOCK_TYPES`] order).
#[must_use]
pub fn best_weapons(
    game: &Alesia,
    p: &Participants,
    attacker: Option<UnitType>,
) -> Option<(UnitType, UnitType)> {
    let field = &game.field;
    let wsm = game.setup().tables.weapon_systems();
    let ours = weapon_types(field, &p.attackers);
    let theirs = weapon_types(field, &p.defenders);
    let reply =
        |a: UnitType| theirs.iter().copied().min_by_key(|d| wsm.drm(&a, d).unwrap_or(Drm::ZERO));
    let a = match attacker {
        Some(a) => a,
        None => ours.iter().copied().max_by_key(|&a| {
            (reply(a).and_then(|d| wsm.drm(&a, &d)).unwrap_or(Drm::ZERO), core::cmp::Reverse(a))
        })?,
    };
    Some((a, reply(a)?))
}

/// What one Shock Table result does to every unit of an attack.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct ShockOutcome {
    /// The Shock Table's row.
    pub result: ShockResult,
    /// Each unit's hits (9.25 "#", with the leftover hits on the first legal
    /// choice, and 10.23's two hits for a stack with nowhere to retreat) and
    /// what they make of it.
    pub units: Vec<UnitOutcome>,
}

/// The hits each unit of a side takes from `n` shock hits, with the leftover
/// on the first legal choice (9.25 "#").
fn shares(field: &Battlefield, units: &[Uid], n: u8) -> Vec<(Uid, u8)> {
    shares_among(field, &hits::sharers(field, units), n).collect()
}

/// [`shares`] with the sharers (6.67, 9.27) already found.
fn shares_among<'a>(
    field: &'a Battlefield,
    sharers: &'a [Uid],
    n: u8,
) -> impl Iterator<Item = (Uid, u8)> + 'a {
    let (each, left) = hits::split(n, sharers.len());
    sharers
        .iter()
        .zip(hits::first_leftover_choice(field, sharers, left))
        .map(move |(&u, extra)| (u, each.saturating_add(u8::from(extra))))
}

/// The exact distribution of an attack's outcomes over the ten faces, with
/// the given DRMs.
#[must_use]
pub fn odds(game: &Alesia, p: &Participants, modifiers: &Modifiers) -> Distribution<ShockOutcome> {
    let field = &game.field;
    let table = game.setup().tables.shock();
    let attacker_hexes = hexes_of(field, &p.attackers);
    let defender_hexes = p.defender_hexes.clone();
    let stuck = |units: &[Uid], away: &[Hex], stand: bool| -> Vec<(Uid, u8)> {
        // 10.23 (10.24 on a Rampart from below): a stack with nowhere to go.
        let mut out = Vec::new();
        for h in hexes_of(field, units) {
            let here: Vec<Uid> = units
                .iter()
                .copied()
                .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)))
                .collect();
            let sharers = hits::sharers(field, &here);
            let Some(&top) = sharers.first() else {
                continue;
            };
            if !retreat::can_retreat(field, top, h, away) {
                let extra = if stand && is_rampart(field, h) { 1 } else { 2 };
                out.extend(shares(field, &sharers, extra));
            }
        }
        out
    };
    let from_below = !attacker_hexes.iter().any(|&h| is_rampart(field, h));
    // Nothing below depends on the face but the Shock Table's row: the
    // sharers (6.67, 9.27) and the stacks with nowhere to retreat (10.23) are
    // found once, and each row's outcome once for all the faces that read it.
    let (attacker_sharers, defender_sharers) =
        (hits::sharers(field, &p.attackers), hits::sharers(field, &p.defenders));
    let attackers_stuck = OnceCell::new();
    let defenders_stuck = OnceCell::new();
    let drm = modifiers.total();
    // Each row's outcome is distinct (it holds the row), so mapping the rows'
    // distribution keeps the faces' order and counts.
    Distribution::over_faces(Die::D10, |face| *table.resolve(face, drm)).map(|result| {
        let mut units: Vec<UnitOutcome> = Vec::with_capacity(p.attackers.len() + p.defenders.len());
        let no_stuck: &[(Uid, u8)] = &[];
        let attackers_stuck = if result.attacker_retreats {
            attackers_stuck.get_or_init(|| stuck(&p.attackers, &defender_hexes, false)).as_slice()
        } else {
            no_stuck
        };
        let defenders_stuck = if result.defender_retreats {
            defenders_stuck
                .get_or_init(|| stuck(&p.defenders, &attacker_hexes, from_below))
                .as_slice()
        } else {
            no_stuck
        };
        let per = shares_among(field, &attacker_sharers, result.attacker_hits)
            .chain(shares_among(field, &defender_sharers, result.defender_hits))
            .chain(attackers_stuck.iter().copied())
            .chain(defenders_stuck.iter().copied());
        for (u, n) in per {
            match units.iter_mut().find(|o| o.unit == u) {
                Some(o) => o.hits = o.hits.saturating_add(n),
                None => units.push(UnitOutcome { unit: u, hits: n, fate: HitOutcome::Absorbed }),
            }
        }
        for o in &mut units {
            o.fate = preview_hits(field, o.unit, o.hits).fate;
        }
        units.retain(|o| o.hits > 0);
        ShockOutcome { result, units }
    })
}

/// Rolls attack `index` with the chosen weapon systems and queues its
/// effects: each side's hits (the player inflicting them places any
/// leftover, 9.25 "#"), then [`Task::AfterShock`].
///
/// # Errors
/// Only when scripted dice run out.
pub fn resolve(
    game: &mut Alesia,
    index: u8,
    weapons: (UnitType, UnitType),
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let Some(attack) = crate::combat::shock::attack(game, index).cloned() else {
        return Err(CombatError::illegal("9.25", "no such attack"));
    };
    let p = participants(&game.field, &attack);
    let d = drms(game, &attack, &p, weapons);
    let roll = dice.roll(Die::D10)?;
    let modified = d.modifiers.apply(roll.face);
    let result = *game.setup().tables.shock().result(modified);
    events.push(
        Event::new(
            "9.25",
            AlesiaEvent::Combat(CombatEvent::ShockResolved {
                attack: index,
                modifiers: d.modifiers.clone(),
                modified,
                result,
            }),
        )
        .with_roll(roll),
    );
    let attacking_side =
        p.attackers.first().and_then(|&u| side_of(&game.field, u)).unwrap_or(Side::Roman);
    for &u in p.attackers.iter().chain(&p.defenders) {
        if let Some(s) = game.field.unit_mut(u) {
            s.flags.set(UnitFlags::SHOCKED, true);
        }
    }
    if let Some(a) = crate::combat::shock::attack_mut(game, index) {
        a.status = AttackStatus::Resolved;
        a.contributors = d.contributors;
        a.result = Some(result);
    }
    let tasks = vec![
        Task::Hits {
            units: hits::sharers(&game.field, &p.attackers),
            hits: result.attacker_hits,
            chooser: attacking_side.opponent(),
            cause: HitsCause::Shock,
        },
        Task::Hits {
            units: hits::sharers(&game.field, &p.defenders),
            hits: result.defender_hits,
            chooser: attacking_side,
            cause: HitsCause::Shock,
        },
        Task::AfterShock { attack: index },
    ];
    if let Some(a) = activation_mut(game) {
        a.tasks.splice(0..0, tasks);
    }
    Ok(())
}
