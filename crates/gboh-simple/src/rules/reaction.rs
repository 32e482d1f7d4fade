//! Reaction fire's eligibility: which of the non-active player's missile
//! units may fire in reaction to a unit leaving a hex
//! ([`Rule::RetireReaction`]), entering one ([`Rule::EntryReaction`]), or
//! firing at them ([`Rule::ReturnFire`]), each once per enemy activation
//! (the unit's [`UnitFlags::REACTED`], or [`UnitFlags::FREE_SHOT`] for a
//! game's free artillery shot). The active player never reacts. Each shot
//! on offer is a [`ShotSpec`] aimed through the game's [`MissileRules`];
//! when a game offers them (its protocol's reaction windows) is its own.
//!
//! ```text
//!      .  W  .      W: a missile unit of the non-active side, facing down.
//!       M  .        M, the active unit next to it in its ZOC, may be fired
//!                   at as it leaves (Retire) or once it has entered (Entry).
//! ```

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use crate::field::{Field, UnitFlags};
use crate::game::Roster;
use crate::ground::zoc::{enemy_zoc, in_enemy_zoc, zoc_toward};
use crate::id::Uid;
#[cfg(doc)]
use crate::rule::Rule;
use crate::rules::missile::{MissileRules, Shot, ShotKind, ShotSpec, aim, is_formed, zoc_targets};

/// Whether unit `uid` has used the reaction a shot of `kind` needs this
/// enemy activation (its free shot for [`ShotKind::FreeShot`], its one
/// reaction otherwise); a unit not in the counter mix has.
#[must_use]
pub fn spent<G: MissileRules>(field: &Field<G>, uid: Uid, kind: ShotKind) -> bool {
    field.unit(uid).is_none_or(|s| {
        s.flags.has(if kind == ShotKind::FreeShot {
            UnitFlags::FREE_SHOT
        } else {
            UnitFlags::REACTED
        })
    })
}

/// The shot unit `firer` would take at `target` as things stand (its hex
/// and hits now), `only` at one unit there (Retire Reaction); `None` off
/// the map.
#[must_use]
pub fn spec<G: MissileRules>(
    field: &Field<G>,
    firer: Uid,
    target: Hex,
    only: Option<Uid>,
    kind: ShotKind,
) -> Option<ShotSpec> {
    let s = field.unit(firer)?;
    Some(ShotSpec { firer, from: s.at?, hits: s.cohesion.hits, target, only, kind, moved: false })
}

/// The missile units of `mover_side`'s enemy next to `hex` whose ZOC covers
/// it, in [`Uid`] order.
#[must_use]
pub fn watchers<G: MissileRules>(field: &Field<G>, hex: Hex, mover_side: Side) -> Vec<Uid> {
    let board = field.setup().board();
    let mut out: Vec<Uid> = Direction::ALL
        .into_iter()
        .filter_map(|d| board.neighbor(hex, d).map(|n| (d, n)))
        .flat_map(|(d, n)| {
            field
                .stack(n)
                .iter()
                .filter(move |&u| {
                    field.setup().unit_side(u) == Some(mover_side.opponent())
                        && G::column(field, u).is_some()
                        && zoc_toward(field, u, d.opposite())
                })
                .collect::<Vec<_>>()
        })
        .collect();
    out.sort();
    out
}

/// [`Rule::RetireReaction`]: the shots on offer as active unit `mover` is
/// about to leave its hex, at it alone.
#[must_use]
pub fn retire_candidates<G: MissileRules>(field: &Field<G>, mover: Uid) -> Vec<ShotSpec> {
    let (Some(at), Some(side)) =
        (field.unit(mover).and_then(|s| s.at), field.setup().unit_side(mover))
    else {
        return Vec::new();
    };
    watchers(field, at, side)
        .into_iter()
        .filter(|&u| !spent(field, u, ShotKind::Retire))
        .filter_map(|u| spec(field, u, at, Some(mover), ShotKind::Retire))
        .filter(|s| aim(field, s).is_ok())
        .collect()
}

/// [`Rule::EntryReaction`]: the shots on offer after active unit `mover`
/// entered its hex: from missile units whose ZOC it entered, that are not
/// in the ZOC of another enemy unit and are not among `retreated` (units
/// that retreated this activation).
#[must_use]
pub fn entry_candidates<G: MissileRules>(
    field: &Field<G>,
    mover: Uid,
    retreated: &[Uid],
) -> Vec<ShotSpec> {
    let (Some(at), Some(side)) =
        (field.unit(mover).and_then(|s| s.at), field.setup().unit_side(mover))
    else {
        return Vec::new();
    };
    watchers(field, at, side)
        .into_iter()
        .filter(|&u| !spent(field, u, ShotKind::Entry) && !retreated.contains(&u))
        .filter(|&u| {
            let Some(h) = field.unit(u).and_then(|s| s.at) else {
                return false;
            };
            // Not in the ZOC of another enemy unit.
            !enemy_zoc(field, h, side.opponent())
                .any(|e| field.unit(e).and_then(|s| s.at) != Some(at))
        })
        .filter_map(|u| spec(field, u, at, None, ShotKind::Entry))
        .filter(|s| aim(field, s).is_ok())
        .collect()
}

/// [`Rule::ReturnFire`]: the Return Fire on offer against an active `shot`,
/// aimed now, before the shot is resolved (the two are simultaneous): from
/// the formed units in the target hex that have not fired or reacted; a
/// unit in an enemy ZOC only at a firer in its own ZOC; against Hit and Run,
/// read at range one.
#[must_use]
pub fn return_fire<G: MissileRules>(field: &Field<G>, shot: &Shot<G::Column>) -> Vec<ShotSpec> {
    let Some(side) = field.setup().unit_side(shot.spec.firer) else {
        return Vec::new();
    };
    let range_one = shot.spec.kind == ShotKind::HitAndRun;
    let in_zoc = in_enemy_zoc(field, shot.spec.target, side.opponent());
    field
        .stack(shot.spec.target)
        .iter()
        .filter(|&u| {
            field.setup().unit_side(u) == Some(side.opponent())
                && is_formed(field, u)
                && !spent(field, u, ShotKind::Active)
        })
        .filter(|&u| !in_zoc || zoc_targets(field, u).contains(&shot.spec.from))
        .filter_map(|u| spec(field, u, shot.spec.from, None, ShotKind::Return { range_one }))
        .filter(|s| aim(field, s).is_ok())
        .collect()
}
