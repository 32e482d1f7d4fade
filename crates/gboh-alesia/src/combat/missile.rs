//! 8.1 Missile Fire, 8.2 Javelins, 8.3 Archers: aiming a shot (range, arc,
//! line of sight, every 8.17 DRM), which units its hit falls on (8.14, 6.66),
//! its exact odds, and its resolution (8.16, 8.18).
//!
//! A [`ShotSpec`] says who fires at which hex, from where and how; [`aim`]
//! validates it against the rules and the board and returns a [`Shot`] with
//! its hit number and modifiers; [`odds`] enumerates its outcomes and
//! [`resolve`] rolls it. Active fire, Hit and Run and every kind of Reaction
//! Fire go through the same three functions.
//!
//! ```text
//!   8.17's example: archer W4911 -> rampart W4914, range 3, hit number 1.
//!   +1 target in a Rampart hex, archery from below (8.17)
//!   roll 1 -> 2: miss.   roll 0 -> 1: hit, one hit on each unit (8.14).
//! ```

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Aspect;
use gboh_core::game::Event;
use gboh_core::table::{Distribution, Drm, Modifiers};
use gboh_core::unit::{MissileType, UnitType};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::action::{CombatError, CombatEvent};
use super::effects::hits;
use super::los::{Trajectory, entering_by, leaving_by, sight};
use super::odds::{UnitOutcome, leader_losses, preview_hits};
use super::terrain::{ground_key, height, is_rampart, is_redoubt};
use crate::game::{Lid, Uid};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::{AlesiaCheck, MissileColumn};

/// How a shot comes to be fired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShotKind {
    /// 8.11: by an active unit.
    Active,
    /// 8.19: Hit and Run, as if at a range of one hex.
    HitAndRun,
    /// 8.61: Retire Reaction, at a range of two hexes.
    Retire,
    /// 8.62: Entry Reaction, at a range of one hex.
    Entry,
    /// 8.63: Return Fire; `range_one` against Hit and Run (8.19).
    Return {
        /// Read at range 1.
        range_one: bool,
    },
    /// 8.64: a non-active artillery unit's free shot.
    FreeShot,
}

impl ShotKind {
    /// The rule the shot is fired under.
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            ShotKind::Active => "8.11",
            ShotKind::HitAndRun => "8.19",
            ShotKind::Retire => "8.61",
            ShotKind::Entry => "8.62",
            ShotKind::Return { .. } => "8.63",
            ShotKind::FreeShot => "8.64",
        }
    }

    /// Whether the non-active player fires it (8.6).
    #[must_use]
    pub const fn is_reaction(self) -> bool {
        !matches!(self, ShotKind::Active | ShotKind::HitAndRun)
    }
}

/// Who fires at which hex, from where and how: all a shot needs to be aimed
/// again later (a reaction offered now and taken after other reactions).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ShotSpec {
    /// The firing unit.
    pub firer: Uid,
    /// Its hex.
    pub from: Hex,
    /// Its hits (8.17: +1 each), as they stood when the shot was offered:
    /// 8.6 makes a shot and the reaction to it simultaneous.
    pub hits: u8,
    /// The target hex (8.13).
    pub target: Hex,
    /// 8.61: only the unit leaving is fired at.
    pub only: Option<Uid>,
    /// How it is fired.
    pub kind: ShotKind,
    /// 8.17: the firer moved or will move (foot archers, mounted missile units).
    pub moved: bool,
}

/// A validated shot: its table column, ranges, hit number and modifiers, and
/// whom a hit would fall on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shot {
    /// What was aimed.
    pub spec: ShotSpec,
    /// The table column (9.41).
    pub column: MissileColumn,
    /// The distance in hexes.
    pub range: u8,
    /// The range read on the table (1 for Entry Reaction and Hit and Run, 2 for
    /// Retire Reaction).
    pub read_at: u8,
    /// 8.16: a hit on this modified roll or less.
    pub hit_number: u8,
    /// 8.17, 8.55: every DRM, with its rule.
    pub modifiers: Modifiers,
    /// 8.14, 6.66: the units a hit falls on, one hit each.
    pub affected: Vec<Uid>,
    /// 8.18: leaders in the target hex.
    pub leaders: Vec<Lid>,
}

/// The outcome of one shot.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct FireOutcome {
    /// 8.16: whether it hit.
    pub hit: bool,
    /// 8.14: the units hit, and what became of them.
    pub units: Vec<UnitOutcome>,
    /// 8.18: the leaders killed.
    pub leaders_lost: Vec<Lid>,
}

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(rule, why)
}

/// The label of a hex, for messages.
pub(crate) fn label(game: &Alesia, hex: Hex) -> String {
    game.setup().board.label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
}

/// The longest range unit `uid` may fire at on `column`: the table's, or the
/// range printed on an artillery counter if shorter (2.25).
#[must_use]
pub fn max_range(game: &Alesia, uid: Uid, column: MissileColumn) -> u8 {
    let setup = game.setup();
    let table = setup.tables.missile().max_range(&column).unwrap_or(0);
    let printed = setup.unit(uid).and_then(|i| setup.mix.unit(&i.id)).and_then(|c| c.range);
    printed.map_or(table, |p| p.min(table))
}

/// The table column a unit fires on, if it has missiles (2.21).
#[must_use]
pub fn column_of(game: &Alesia, uid: Uid) -> Option<MissileColumn> {
    game.setup().unit(uid).and_then(|i| i.profile.missile).and_then(MissileColumn::for_missile)
}

/// Whether a unit is a foot archer or a mounted missile unit: the units 8.17's
/// "+1 moved/will move" applies to.
#[must_use]
pub fn moving_matters(game: &Alesia, uid: Uid) -> bool {
    game.setup().unit(uid).is_some_and(|i| {
        let t = i.unit_type();
        t == UnitType::AR || (t.is_cavalry() && i.profile.missile.is_some())
    })
}

/// Validates `spec` and computes its hit number, modifiers and targets: 2.21,
/// 6.66, 8.13-8.18, 8.22, 8.43, 8.5, 9.41, 10.43. Who may fire now (the
/// active command, fires left, reactions left) is the caller's check.
///
/// # Errors
/// The first rule the shot breaks.
pub fn aim(game: &Alesia, spec: &ShotSpec) -> Result<Shot, CombatError> {
    let field = &game.field;
    let setup = game.setup();
    let info = setup.unit(spec.firer).ok_or_else(|| illegal("2.2", "no such unit"))?;
    let state = field.unit(spec.firer).ok_or_else(|| illegal("2.2", "no such unit"))?;
    let simultaneous = matches!(spec.kind, ShotKind::Return { .. });
    if !simultaneous {
        if state.at != Some(spec.from) {
            return Err(illegal("8.13", format!("{} is not in that hex", info.id)));
        }
        if !super::terrain::is_formed(field, spec.firer) {
            return Err(illegal("10.43", format!("{} is routed and may only move", info.id)));
        }
    }
    let column = info
        .profile
        .missile
        .and_then(MissileColumn::for_missile)
        .ok_or_else(|| illegal("2.21", format!("{} has no missile capability", info.id)))?;
    let t = info.unit_type();
    if field.markers(spec.from).on_fire {
        return Err(illegal("8.43", "no unit in an On Fire hex may fire"));
    }
    let on_rampart = is_rampart(field, spec.from);
    if !simultaneous
        && !on_rampart
        && !t.is_artillery()
        && field.stack(spec.from).top() != Some(spec.firer)
    {
        return Err(illegal("6.66", "only the top unit of a stack may fire"));
    }
    if info.side == Side::Roman
        && on_rampart
        && column == MissileColumn::Javelin
        && spec.kind != ShotKind::Entry
    {
        return Err(illegal(
            "8.22",
            "Roman units on a Rampart throw javelins only as Entry Reaction Fire",
        ));
    }
    // 8.13, 8.18, 8.5: an enemy combat unit that missiles can hurt.
    let enemies: Vec<Uid> = field
        .stack(spec.target)
        .iter()
        .filter(|&u| {
            setup.unit(u).is_some_and(|i| i.side != info.side && !i.unit_type().is_artillery())
        })
        .collect();
    if enemies.is_empty() {
        return Err(illegal(
            "8.18",
            format!("no enemy combat unit that missiles can hit in {}", label(game, spec.target)),
        ));
    }
    if let Some(only) = spec.only
        && !enemies.contains(&only)
    {
        return Err(illegal("8.61", "the unit fired at is not in the target hex"));
    }
    let range = u8::try_from(spec.from.unsigned_distance_to(spec.target)).unwrap_or(u8::MAX);
    if range == 0 {
        return Err(illegal("8.13", "a unit does not fire at its own hex"));
    }
    if column == MissileColumn::Palintonos && range == 1 {
        return Err(illegal("8.56", "Palintonos may not fire at an adjacent target"));
    }
    let read_at = match spec.kind {
        ShotKind::Active | ShotKind::FreeShot | ShotKind::Return { range_one: false } => range,
        ShotKind::Retire => 2,
        ShotKind::Entry | ShotKind::HitAndRun | ShotKind::Return { range_one: true } => 1,
    };
    let longest = max_range(game, spec.firer, column);
    if spec.kind == ShotKind::Retire && longest < 2 {
        return Err(illegal("8.61", "only units that fire two hexes or more use Retire Reaction"));
    }
    if read_at > longest {
        return Err(illegal(
            "9.41",
            format!("no fire possible beyond range {longest} for {} (range {read_at})", column),
        ));
    }
    let hit_number = setup
        .tables
        .missile()
        .hit_number(&column, read_at)
        .map_err(|e| illegal("9.41", e.to_string()))?;
    // 8.13, 8.15: out through the front or flank hexsides (a Redoubt faces all round, 6.44).
    if !is_redoubt(field, spec.from) {
        let facing = state.facing;
        let out = leaving_by(spec.from, spec.target);
        if !out.iter().any(|&d| facing.aspect(d) != Aspect::Rear) {
            return Err(illegal(
                "8.13",
                "missiles go out through the front or flank hexsides only",
            ));
        }
    }
    let trajectory = Trajectory {
        over_closer_units: t == UnitType::AR || t == UnitType::Palintonos,
        over_works: t == UnitType::Palintonos,
        low: t == UnitType::Scorpio,
        flame_at_redoubt: false,
    };
    let seen = sight(field, spec.from, spec.target, trajectory).map_err(|b| {
        illegal(
            "8.15",
            format!("line of sight blocked by {} in {}", b.what(), label(game, b.hex())),
        )
    })?;
    let modifiers = modifiers(game, spec, column, range, seen.over_works);
    let affected = affected(game, spec, column, &enemies);
    let leaders = super::state::leaders_of(game, spec.target, info.side.opponent());
    Ok(Shot {
        spec: spec.clone(),
        column,
        range,
        read_at,
        hit_number,
        modifiers,
        affected,
        leaders,
    })
}

/// 8.17 and 8.55: the shot's DRMs, each with its rule.
fn modifiers(
    game: &Alesia,
    spec: &ShotSpec,
    column: MissileColumn,
    range: u8,
    over_works: bool,
) -> Modifiers {
    let field = &game.field;
    let setup = game.setup();
    let chart = setup.tables.terrain();
    let mut m = Modifiers::new();
    let firer_type = setup.unit(spec.firer).map(|i| i.unit_type());
    let archery = firer_type == Some(UnitType::AR);
    if height(field, spec.target) < height(field, spec.from) {
        m.push(
            "8.17",
            "target on a lower elevation",
            chart.elevation().missile_drm_target_lower.value,
        );
    }
    if spec.hits > 0 {
        m.push("8.17", format!("{} hits on the firing unit", spec.hits), Drm(i32::from(spec.hits)));
    }
    if let Some(drm) = ground_key(field, spec.target)
        .and_then(|k| chart.hex(k))
        .map(|row| row.missile_drm.value)
        .filter(|d| *d != Drm::ZERO)
    {
        let what =
            ground_key(field, spec.target).map_or_else(String::new, |k| format!("target in {k}"));
        m.push("8.17", what, drm);
    }
    let from_below = is_rampart(field, spec.target) && !is_rampart(field, spec.from);
    if from_below && archery {
        m.push("8.17", "target on a Rampart, archery from below", Drm(1));
    }
    if from_below && column == MissileColumn::Javelin {
        m.push("8.17", "target on a Rampart, javelins from below", Drm(4));
    }
    if spec.moved && moving_matters(game, spec.firer) {
        m.push("8.17", "foot archer or mounted missile unit moved or will move", Drm(1));
    }
    if archery && range == 1 && !from_below {
        let cohort_faces_firer = field.stack(spec.target).iter().any(|u| {
            setup.unit(u).is_some_and(|i| i.unit_type() == UnitType::CO)
                && field.unit(u).is_some_and(|s| {
                    gboh_core::facing::Direction::between(spec.target, spec.from)
                        .is_some_and(|d| s.facing.aspect(d) == Aspect::Front)
                })
        });
        if cohort_faces_firer {
            m.push("8.17", "archers at a cohort through its front, adjacent", Drm(1));
        }
    }
    if archery {
        let units: Vec<Uid> = field.stack(spec.target).iter().collect();
        if let [only] = units.as_slice()
            && setup.unit(*only).is_some_and(|i| i.unit_type() == UnitType::AR)
        {
            m.push("8.3", "archers at a lone archer unit", Drm(1));
        }
    }
    if over_works {
        m.push("8.55", "Palintonos over walls or ramparts", Drm(1));
    }
    m
}

/// 8.14, 6.66: arrows and stones hit every unit in the hex (artillery is not
/// affected, 8.5); javelins and scorpiones the top unit, or the bottom one
/// through the rear hexsides.
fn affected(game: &Alesia, spec: &ShotSpec, column: MissileColumn, enemies: &[Uid]) -> Vec<Uid> {
    if let Some(only) = spec.only {
        return vec![only];
    }
    match column {
        MissileColumn::Arrow | MissileColumn::Palintonos | MissileColumn::Flame => enemies.to_vec(),
        MissileColumn::Javelin | MissileColumn::Scorpio => {
            let facing = enemies.first().and_then(|&u| game.field.unit(u)).map(|s| s.facing);
            let through_rear = facing.is_some_and(|f| {
                let dirs = entering_by(spec.from, spec.target);
                !dirs.is_empty() && dirs.iter().all(|&d| f.aspect(d) == Aspect::Rear)
            });
            let pick = if through_rear { enemies.last() } else { enemies.first() };
            pick.copied().into_iter().collect()
        }
    }
}

/// The exact distribution of a shot's outcomes: hit or miss on each face
/// (8.16), each affected unit's fate (10.1), and 8.18's leader casualties
/// (the unmodified '0', then a second roll per leader).
///
/// # Errors
/// Only if the chained rolls are too many to count (never with Alesia's
/// leaders).
pub fn odds(game: &Alesia, shot: &Shot) -> Result<Distribution<FireOutcome>, CombatError> {
    let check =
        game.setup().tables.checks().check(&AlesiaCheck::MissileLeaderCasualty).ok_or_else(
            || illegal("8.18", "the leader casualty check is missing from the tables"),
        )?;
    let on_hit: Vec<UnitOutcome> =
        shot.affected.iter().map(|&u| preview_hits(&game.field, u, 1)).collect();
    let faces = Distribution::over_faces(gboh_core::dice::Die::D10, |face| face);
    faces
        .and_then(|&face| {
            let hit = shot.modifiers.apply(face).0 <= i32::from(shot.hit_number);
            let units = if hit { on_hit.clone() } else { Vec::new() };
            let lost = if check.passes(0, face) && !shot.leaders.is_empty() {
                leader_losses(&shot.leaders, check, true)
            } else {
                Distribution::certain(Vec::new())
            };
            lost.map(|leaders_lost| FireOutcome { hit, units: units.clone(), leaders_lost })
        })
        .ok_or_else(|| illegal("8.18", "too many chained rolls to enumerate"))
}

/// Rolls a shot and applies it: 8.16 hit or miss, 8.14 one hit on each
/// affected unit (10.1; routs and eliminations follow, 10.4), 8.18 leader
/// casualties. Returns what happened.
///
/// # Errors
/// Only when scripted dice run out.
pub fn resolve(
    game: &mut Alesia,
    shot: &Shot,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<FireOutcome, CombatError> {
    let roll = dice.d10()?;
    let modified = shot.modifiers.apply(roll.face);
    let hit = modified.0 <= i32::from(shot.hit_number);
    events.push(
        Event::new(
            "8.16",
            AlesiaEvent::Combat(CombatEvent::Fired {
                unit: shot.spec.firer,
                target: shot.spec.target,
                kind: shot.spec.kind,
                range: shot.read_at,
                hit_number: shot.hit_number,
                modifiers: shot.modifiers.clone(),
                modified,
                hit,
            }),
        )
        .with_roll(roll),
    );
    let mut units = Vec::new();
    if hit {
        for &u in &shot.affected {
            let fate = hits::take(game, u, 1, "8.14", events);
            units.push(UnitOutcome { unit: u, hits: 1, fate });
        }
    }
    let mut leaders_lost = Vec::new();
    let check = game.setup().tables.checks().check(&AlesiaCheck::MissileLeaderCasualty).cloned();
    if let Some(check) = check
        && check.passes(0, roll.face)
    {
        for &lid in &shot.leaders {
            let second = dice.d10()?;
            let killed = check.passes(1, second.face);
            if killed {
                super::effects::rout::kill_leader(game, lid);
                leaders_lost.push(lid);
            }
            events.push(
                Event::new(
                    "8.18",
                    AlesiaEvent::Combat(CombatEvent::LeaderCheck { leader: lid, killed }),
                )
                .with_roll(second),
            );
        }
    }
    Ok(FireOutcome { hit, units, leaders_lost })
}

/// 8.13: the enemy-occupied hexes in unit `uid`'s ZOC; if any, one of them
/// must be its target.
#[must_use]
pub fn zoc_targets(game: &Alesia, uid: Uid) -> Vec<Hex> {
    let field = &game.field;
    let Some(at) = field.unit(uid).and_then(|u| u.at) else {
        return Vec::new();
    };
    let Some(side) = super::terrain::side_of(field, uid) else {
        return Vec::new();
    };
    let board = &game.setup().board;
    gboh_core::facing::Direction::ALL
        .into_iter()
        .filter(|&d| crate::zoc::zoc_toward(field, uid, d))
        .filter_map(|d| board.neighbor(at, d))
        .filter(|&h| super::terrain::enemy_in(field, h, side))
        .collect()
}

/// Whether a unit fires missiles of a type that hits every unit in a hex
/// (8.14): archers and Palintonos.
#[must_use]
pub const fn hits_whole_hex(missile: MissileType) -> bool {
    matches!(missile, MissileType::Arrow | MissileType::Palintonos)
}
