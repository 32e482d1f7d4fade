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
use gboh_core::table::{DieCheck, Distribution, Drm, Modifiers};
use gboh_core::unit::{MissileType, UnitType};
use gboh_simple::rules::missile::{self as family, MissileRules, Refusal, Sighted};
use hexx::Hex;

use super::action::CombatError;
use super::los::{Trajectory, sight};
use super::terrain::{ground_key, is_rampart};
use crate::game::{Battlefield, SiegeOfAlesia, Uid};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::tables::{AlesiaCheck, MissileColumn};

pub use gboh_simple::rules::missile::{ShotKind, ShotSpec};

/// A checked shot on Alesia's Missile Table (9.41): the engine's
/// [`family::Shot`] over its columns.
pub type Shot = family::Shot<MissileColumn>;

pub use gboh_simple::rules::missile::FireOutcome;

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(rule, why)
}

/// The label of a hex, for messages.
pub(crate) fn label(game: &Alesia, hex: Hex) -> String {
    family::label(&game.field, hex)
}

/// The longest range unit `uid` may fire at on `column`: the table's, or the
/// range printed on an artillery counter if shorter (2.25).
#[must_use]
pub fn max_range(game: &Alesia, uid: Uid, column: MissileColumn) -> u8 {
    <SiegeOfAlesia as MissileRules>::max_range(&game.field, uid, column)
}

/// The table column a unit fires on, if it has missiles (2.21).
#[must_use]
pub fn column_of(game: &Alesia, uid: Uid) -> Option<MissileColumn> {
    <SiegeOfAlesia as MissileRules>::column(&game.field, uid)
}

/// Whether a unit is a foot archer or a mounted missile unit: the units 8.17's
/// "+1 moved/will move" applies to.
#[must_use]
pub fn moving_matters(game: &Alesia, uid: Uid) -> bool {
    family::moving_matters(&game.field, uid)
}

/// Checks `spec` and computes its hit number, modifiers and targets: the
/// engine's [`family::aim`] (2.21, 6.66, 8.13-8.18, 9.41, 10.43) with
/// Alesia's own rules as [`MissileRules`] hooks (8.22, 8.43, 8.5, 8.55,
/// 8.56, the works). Who may fire now (the active command, fires left,
/// reactions left) is the caller's check.
///
/// # Errors
/// The first rule the shot breaks.
pub fn aim(game: &Alesia, spec: &ShotSpec) -> Result<Shot, CombatError> {
    family::aim(&game.field, spec).map_err(|r| illegal(r.section, r.why))
}

/// Alesia's missile rules over the engine's: its Missile Table (9.41) with
/// the range printed on artillery (2.25), and its works.
impl MissileRules for SiegeOfAlesia {
    type Column = MissileColumn;

    fn column(field: &Battlefield, uid: Uid) -> Option<MissileColumn> {
        field.setup().unit(uid).and_then(|i| i.profile.missile).and_then(MissileColumn::for_missile)
    }

    fn max_range(field: &Battlefield, uid: Uid, column: MissileColumn) -> u8 {
        let setup = field.setup();
        let table = setup.tables.missile().max_range(&column).unwrap_or(0);
        let printed = setup.unit(uid).and_then(|i| setup.mix.unit(&i.id)).and_then(|c| c.range);
        printed.map_or(table, |p| p.min(table))
    }

    fn hit_number(field: &Battlefield, column: MissileColumn, read_at: u8) -> Result<u8, String> {
        field.setup().tables.missile().hit_number(&column, read_at).map_err(|e| e.to_string())
    }

    /// 8.14: arrows and stones (and flame) hit every unit in the hex.
    fn hits_whole_hex(column: MissileColumn) -> bool {
        matches!(column, MissileColumn::Arrow | MissileColumn::Palintonos | MissileColumn::Flame)
    }

    /// 8.18: a '0' unmodified, then a '0' for each leader.
    fn leader_casualty_check(field: &Battlefield) -> Option<&DieCheck> {
        field.setup().tables.checks().check(&AlesiaCheck::MissileLeaderCasualty)
    }

    /// 8.43: no fire from an On Fire hex; 8.22: Roman javelins on a rampart
    /// only as Entry Reaction; 8.56: no Palintonos at an adjacent target.
    fn refuse_shot(
        field: &Battlefield,
        spec: &ShotSpec,
        column: MissileColumn,
        range: u8,
    ) -> Option<Refusal> {
        let refuse = |section, why: &str| Some(Refusal { section, why: why.to_string() });
        if field.markers(spec.from).on_fire {
            return refuse("8.43", "no unit in an On Fire hex may fire");
        }
        let roman = field.setup().unit(spec.firer).is_some_and(|i| i.side == Side::Roman);
        if roman
            && is_rampart(field, spec.from)
            && column == MissileColumn::Javelin
            && spec.kind != ShotKind::Entry
        {
            return refuse(
                "8.22",
                "Roman units on a Rampart throw javelins only as Entry Reaction Fire",
            );
        }
        if column == MissileColumn::Palintonos && range == 1 {
            return refuse("8.56", "Palintonos may not fire at an adjacent target");
        }
        None
    }

    /// 6.66: units on a rampart fire from anywhere in the stack, and so does
    /// artillery (8.57).
    fn fires_from_within_stack(field: &Battlefield, uid: Uid, hex: Hex) -> bool {
        is_rampart(field, hex)
            || super::terrain::type_of(field, uid).is_some_and(|t| t.is_artillery())
    }

    /// 8.15 with the works (`combat::los`), 8.55's trajectories.
    fn line_of_sight(
        field: &Battlefield,
        spec: &ShotSpec,
        _: MissileColumn,
    ) -> Result<Sighted, Refusal> {
        let t = super::terrain::type_of(field, spec.firer);
        let trajectory = Trajectory {
            over_closer_units: t == Some(UnitType::AR) || t == Some(UnitType::Palintonos),
            over_works: t == Some(UnitType::Palintonos),
            low: t == Some(UnitType::Scorpio),
            flame_at_redoubt: false,
        };
        sight(field, spec.from, spec.target, trajectory)
            .map(|seen| Sighted { over: seen.over_works })
            .map_err(|b| Refusal {
                section: "8.15",
                why: format!(
                    "line of sight blocked by {} in {}",
                    b.what(),
                    family::label(field, b.hex())
                ),
            })
    }

    fn shot_modifiers(
        field: &Battlefield,
        spec: &ShotSpec,
        column: MissileColumn,
        range: u8,
        sighted: Sighted,
    ) -> Modifiers {
        modifiers(field, spec, column, range, sighted.over)
    }
}

/// 8.17 and 8.55: the shot's DRMs, each with its rule: the engine's
/// (lower target, hits on the firer, firer moved, archers at archers) with
/// Alesia's works between them.
fn modifiers(
    field: &Battlefield,
    spec: &ShotSpec,
    column: MissileColumn,
    range: u8,
    over_works: bool,
) -> Modifiers {
    let setup = field.setup();
    let chart = setup.tables.terrain();
    let mut m = Modifiers::new();
    let archery = super::terrain::type_of(field, spec.firer) == Some(UnitType::AR);
    for (what, drm) in
        [family::target_lower(field, spec), family::firer_hits(spec)].into_iter().flatten()
    {
        m.push("8.17", what, drm);
    }
    // The target's row of the chart, works included (a rampart, a Garden).
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
    if let Some((what, drm)) = family::firer_moved(field, spec) {
        m.push("8.17", what, drm);
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
    if let Some((what, drm)) = family::archers_at_lone_archers(field, spec) {
        m.push("8.3", what, drm);
    }
    if over_works {
        m.push("8.55", "Palintonos over walls or ramparts", Drm(1));
    }
    m
}

/// The exact distribution of a shot's outcomes: the engine's
/// [`family::odds`] (8.16 hit or miss on each face, each affected unit's
/// fate by 10.1, 8.18's leader casualties: the unmodified '0', then a second
/// roll per leader).
///
/// # Errors
/// Only if the chained rolls are too many to count (never with Alesia's
/// leaders).
pub fn odds(game: &Alesia, shot: &Shot) -> Result<Distribution<FireOutcome>, CombatError> {
    if <SiegeOfAlesia as MissileRules>::leader_casualty_check(&game.field).is_none() {
        return Err(illegal("8.18", "the leader casualty check is missing from the tables"));
    }
    family::odds(&game.field, shot).map_err(|r| illegal(r.section, r.why))
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
    Ok(family::resolve(game, shot, dice, events)?)
}

/// 8.13: the enemy-occupied hexes in unit `uid`'s ZOC; if any, one of them
/// must be its target.
#[must_use]
pub fn zoc_targets(game: &Alesia, uid: Uid) -> Vec<Hex> {
    family::zoc_targets(&game.field, uid)
}

/// Whether a unit fires missiles of a type that hits every unit in a hex
/// (8.14): archers and Palintonos.
#[must_use]
pub const fn hits_whole_hex(missile: MissileType) -> bool {
    matches!(missile, MissileType::Arrow | MissileType::Palintonos)
}
