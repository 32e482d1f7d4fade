//! 8.4 Flame: Gallic archers, when activated, may shoot fire arrows at a
//! Rampart or Redoubt hex (8.41); on a hit on the Flame column the hex is On
//! Fire (8.42, 8.43): every unit in it takes a hit and must leave as if in
//! retreat, or take another. A Roman unit may try to put a fire out as its
//! only action, from an adjacent hex on the same level, on 0-5 (8.44). When a
//! Gallic Chief is activated each On Fire hex within five hexes of him burns
//! down to Rubble on a 9, eliminating the units in it (8.45). Fires and Rubble
//! go at the end of the Assault Period (8.46). Roman archers may burn the Fill
//! in a Garden of Death with no Gaul in it (6.49; not the inner Gardens, whose
//! ditch holds water).

use crate::map::{Ring, SiegeWorks, Works};
use gboh_core::Side;
use gboh_core::dice::{Dice, Die};
use gboh_core::facing::Aspect;
use gboh_core::game::Event;
use gboh_core::table::{Distribution, Drm, Modifiers};
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::action::{CombatError, CombatEvent};
use super::effects::{hits, rout};
use super::fire::active_unit;
use super::los::{Trajectory, leaving_by, sight};
use super::missile::{label, zoc_targets};
use super::state::{RetreatCause, Task, activation_mut};
use super::terrain::{height, is_rampart, is_redoubt, side_of};
use crate::game::{Lid, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::{AlesiaCheck, MissileColumn};

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(rule, why)
}

/// A validated flame shot: its hit number and modifiers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FlameShot {
    /// Success on this modified roll or less (8.42).
    pub hit_number: u8,
    /// 8.17's DRMs that apply, each with its rule.
    pub modifiers: Modifiers,
}

impl FlameShot {
    /// The exact chance of success.
    #[must_use]
    pub fn odds(&self) -> Distribution<bool> {
        Distribution::over_faces(Die::D10, |f| {
            self.modifiers.apply(f).0 <= i32::from(self.hit_number)
        })
    }
}

/// Validates flame fire by archer `uid` at `target`.
///
/// # Errors
/// The first rule it breaks.
pub fn check(game: &Alesia, uid: Uid, target: Hex) -> Result<FlameShot, CombatError> {
    active_unit(game, uid)?;
    let field = &game.field;
    let (Some(info), Some(s)) = (game.setup().unit(uid), field.unit(uid)) else {
        return Err(illegal("2.2", "no such unit"));
    };
    let Some(from) = s.at else {
        return Err(illegal("2.2", "not on the map"));
    };
    if info.unit_type() != UnitType::AR {
        return Err(illegal("8.41", "only archers fire Flame"));
    }
    if s.fires >= 1 {
        return Err(illegal("8.12", "each active unit fires once per activation"));
    }
    if field.markers(from).on_fire {
        return Err(illegal("8.43", "no unit in an On Fire hex may fire"));
    }
    let markers = field.markers(target);
    match info.side {
        Side::Adversary => {
            if !(is_rampart(field, target) || is_redoubt(field, target)) {
                return Err(illegal("8.41", "Flame is fired only at Rampart or Redoubt hexes"));
            }
            if markers.on_fire {
                return Err(illegal("8.43", "that hex is already On Fire"));
            }
        }
        Side::Roman => {
            let outer = matches!(
                game.setup().board.siege_works(target),
                Some(Works::GardenOfDeath { ring: Ring::Contravallation })
            );
            let gauls =
                field.stack(target).iter().any(|u| side_of(field, u) == Some(Side::Adversary));
            if !outer || markers.fill == 0 || gauls {
                return Err(illegal(
                    "6.49",
                    "Roman archers burn only the Fill of an outer Garden of Death with no Gaul in it",
                ));
            }
        }
    }
    let range = from.unsigned_distance_to(target);
    let hit_number = game
        .setup()
        .tables
        .missile()
        .hit_number(&MissileColumn::Flame, u8::try_from(range).unwrap_or(u8::MAX))
        .map_err(|e| illegal("9.41", e.to_string()))?;
    if !is_redoubt(field, from)
        && !leaving_by(from, target).iter().any(|&d| s.facing.aspect(d) != Aspect::Rear)
    {
        return Err(illegal("8.13", "missiles go out through the front or flank hexsides only"));
    }
    let zoc = zoc_targets(game, uid);
    if !zoc.is_empty() && !zoc.contains(&target) {
        return Err(illegal("8.13", "an enemy in the firing unit's ZOC must be the target"));
    }
    let trajectory = Trajectory {
        over_closer_units: true,
        flame_at_redoubt: is_redoubt(field, target),
        ..Trajectory::default()
    };
    sight(field, from, target, trajectory).map_err(|b| {
        illegal(
            "8.15",
            format!("line of sight blocked by {} in {}", b.what(), label(game, b.hex())),
        )
    })?;
    let chart = game.setup().tables.terrain();
    let mut m = Modifiers::new();
    if height(field, target) < height(field, from) {
        m.push(
            "8.17",
            "target on a lower elevation",
            chart.elevation().missile_drm_target_lower.value,
        );
    }
    if s.cohesion.hits > 0 {
        m.push(
            "8.17",
            format!("{} hits on the firing unit", s.cohesion.hits),
            Drm(i32::from(s.cohesion.hits)),
        );
    }
    if is_rampart(field, target) && !is_rampart(field, from) {
        m.push("8.17", "target on a Rampart, archery from below", Drm(1));
    }
    if s.flags.has(UnitFlags::MOVED) {
        m.push("8.17", "foot archer moved", Drm(1));
    }
    Ok(FlameShot { hit_number, modifiers: m })
}

/// Fires Flame (a checked action). The archer may not move afterwards.
///
/// # Errors
/// Only when scripted dice run out.
pub fn flame(
    game: &mut Alesia,
    uid: Uid,
    target: Hex,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let shot = check(game, uid, target)?;
    let side = side_of(&game.field, uid).unwrap_or(Side::Adversary);
    let from = game.field.unit(uid).and_then(|s| s.at);
    let roll = dice.roll(Die::D10)?;
    let modified = shot.modifiers.apply(roll.face);
    let success = modified.0 <= i32::from(shot.hit_number);
    events.push(
        Event::new(
            "8.42",
            AlesiaEvent::Combat(CombatEvent::Flame {
                unit: uid,
                target,
                modifiers: shot.modifiers,
                modified,
                success,
            }),
        )
        .with_roll(roll),
    );
    if let Some(s) = game.field.unit_mut(uid) {
        s.fires = s.fires.saturating_add(1);
    }
    if let Some(a) = activation_mut(game)
        && !a.may_not_move.contains(&uid)
    {
        a.may_not_move.push(uid);
    }
    if !success {
        return Ok(());
    }
    if side == Side::Roman {
        if let Some(m) = game.field.markers_mut(target) {
            m.fill = 0;
        }
        events
            .push(Event::new("6.49", AlesiaEvent::Combat(CombatEvent::FillBurnt { hex: target })));
        return Ok(());
    }
    if let Some(m) = game.field.markers_mut(target) {
        m.on_fire = true;
    }
    events.push(Event::new("8.43", AlesiaEvent::Combat(CombatEvent::SetOnFire { hex: target })));
    let units: Vec<Uid> = game.field.stack(target).iter().collect();
    for &u in &units {
        // 8.5: artillery units "are not affected by Missile Fire nor do they
        // accumulate Hits in any way"; they still must leave (8.52).
        if game.setup().unit(u).is_some_and(|i| i.unit_type().is_artillery()) {
            continue;
        }
        hits::take(game, u, 1, "8.43", events);
    }
    let left: Vec<Uid> = units
        .into_iter()
        .filter(|&u| game.field.unit(u).is_some_and(|s| s.at == Some(target)))
        .collect();
    if !left.is_empty()
        && let Some(a) = activation_mut(game)
    {
        a.tasks.push(Task::RetreatStack {
            hex: target,
            units: left,
            away: from.into_iter().collect(),
            cause: RetreatCause::Fire,
            rampart_stand: false,
            attack: None,
        });
    }
    Ok(())
}

/// Validates 8.44 fire-fighting by Roman unit `uid` at `hex`.
///
/// # Errors
/// The first rule it breaks.
pub fn check_put_out(game: &Alesia, uid: Uid, hex: Hex) -> Result<Distribution<bool>, CombatError> {
    active_unit(game, uid)?;
    let field = &game.field;
    let (Some(info), Some(s)) = (game.setup().unit(uid), field.unit(uid)) else {
        return Err(illegal("2.2", "no such unit"));
    };
    let Some(at) = s.at else {
        return Err(illegal("2.2", "not on the map"));
    };
    if info.side != Side::Roman {
        return Err(illegal("8.44", "only Roman units put out fires"));
    }
    if !field.markers(hex).on_fire {
        return Err(illegal("8.44", "that hex is not On Fire"));
    }
    if at.unsigned_distance_to(hex) != 1 || height(field, at) != height(field, hex) {
        return Err(illegal("8.44", "the unit must be adjacent to the fire and on its level"));
    }
    if s.flags.has(UnitFlags::MOVED) || s.fires > 0 {
        return Err(illegal(
            "8.44",
            "putting out a fire is the unit's only action, from where it started",
        ));
    }
    let check = game
        .setup()
        .tables
        .checks()
        .distribution(&AlesiaCheck::FirePutOut)
        .ok_or_else(|| illegal("8.44", "the fire check is missing from the tables"))?;
    Ok(check)
}

/// Tries to put out a fire (a checked action).
///
/// # Errors
/// Only when scripted dice run out.
pub fn put_out(
    game: &mut Alesia,
    uid: Uid,
    hex: Hex,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    check_put_out(game, uid, hex)?;
    let Some(check) = game.setup().tables.checks().check(&AlesiaCheck::FirePutOut).cloned() else {
        return Ok(());
    };
    let roll = check.roll(Die::D10, dice)?;
    if roll.success
        && let Some(m) = game.field.markers_mut(hex)
    {
        m.on_fire = false;
    }
    if let Some(s) = game.field.unit_mut(uid) {
        s.flags.set(UnitFlags::SOLE_ACTION, true);
    }
    let mut e =
        Event::new("8.44", AlesiaEvent::Combat(CombatEvent::FireFought { hex, out: roll.success }));
    for r in roll.rolls {
        e = e.with_roll(r);
    }
    events.push(e);
    Ok(())
}

/// 8.45: when Gallic Chief `chief` is activated, each On Fire hex within five
/// hexes of him burns down to Rubble on a 9, eliminating its units. The
/// command work calls this on activation.
///
/// # Errors
/// Only when scripted dice run out.
pub fn burn_down(
    game: &mut Alesia,
    chief: Lid,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let Some(at) = game.field.leader(chief).and_then(|l| l.at) else {
        return Ok(());
    };
    let Some(check) = game.setup().tables.checks().check(&AlesiaCheck::BurnDown).cloned() else {
        return Ok(());
    };
    let burning: Vec<Hex> = game
        .setup()
        .board
        .hexes()
        .filter(|&h| game.field.markers(h).on_fire && h.unsigned_distance_to(at) <= 5)
        .collect();
    for hex in burning {
        let roll = check.roll(Die::D10, dice)?;
        let mut e = Event::new(
            "8.45",
            AlesiaEvent::Combat(CombatEvent::BurnCheck { hex, burnt: roll.success }),
        );
        for r in &roll.rolls {
            e = e.with_roll(*r);
        }
        events.push(e);
        if roll.success {
            if let Some(m) = game.field.markers_mut(hex) {
                m.on_fire = false;
                m.rubble = true;
            }
            let units: Vec<Uid> = game.field.stack(hex).iter().collect();
            for u in units {
                rout::eliminate(game, u, "8.45", events);
            }
        }
    }
    Ok(())
}

/// 8.46: at the end of an Assault Period every fire goes out and every Rubble
/// hex is repaired.
pub fn end_of_period(game: &mut Alesia) {
    let hexes: Vec<Hex> = game.setup().board.hexes().collect();
    for h in hexes {
        if let Some(m) = game.field.markers_mut(h) {
            m.on_fire = false;
            m.rubble = false;
        }
    }
}
