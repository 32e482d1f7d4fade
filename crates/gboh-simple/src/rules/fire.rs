//! Missile fire by the active player (Alesia 8.11-8.13, 8.17, 8.19): which
//! active units may fire now, at what, and what firing does to their
//! movement.
//!
//! Each active unit with missiles fires once per activation
//! ([`Rule::FireOncePerActivation`]; a game may change it,
//! [`FireRules::may_fire_again`]: Alesia's artillery fires twice in Fire
//! mode and not after moving), before, during or after its movement, but not
//! after moving away from the target (from the hexes movement records in
//! [`ActivationCombat::tracks`](crate::sequence::ActivationCombat)); at an
//! enemy in its ZOC if there is one ([`Rule::MissileTargets`]). A foot
//! archer or mounted missile unit that has not moved may declare that it
//! will move after firing ([`Rule::MissileModifiers`]: +1); one that fires
//! without declaring it, a Hit and Run ([`FireRules::hit_and_run`]), and
//! whatever the game keeps in place after firing may not move again. The
//! target's units may fire back ([`Rule::ReturnFire`]).

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use super::designation::{DesignationRules, active_units};
use super::missile::{MissileRules, Shot, aim, moving_matters, resolve, zoc_targets};
use super::reaction::return_fire;
use super::reaction_windows;
use crate::decision::CombatAction;
use crate::error::CombatError;
use crate::event::{ShotKind, ShotSpec};
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::ReactionKind;

/// What a game changes about active fire.
pub trait FireRules: DesignationRules {
    /// Whether unit `uid` may fire (again) now, as far as its own limits go.
    /// Default: [`family_may_fire_again`] (once per activation).
    ///
    /// # Errors
    /// The game's rule it breaks.
    fn may_fire_again(field: &Field<Self::Game>, uid: Uid) -> Result<(), CombatError> {
        family_may_fire_again(field, uid)
    }

    /// Whether a shot by `uid` at `target` is a Hit and Run (Alesia 8.19:
    /// javelins at two hexes or more), and if it is, whether it may be made
    /// now. Default: never one.
    fn hit_and_run(&self, uid: Uid, target: Hex) -> Option<Result<(), CombatError>> {
        let _ = (uid, target);
        None
    }

    /// Whether unit `uid`, having fired, may not move again this activation
    /// for a reason of the game's (Alesia 8.12: artillery). Default: no.
    fn stays_after_firing(field: &Field<Self::Game>, uid: Uid) -> bool {
        let _ = (field, uid);
        false
    }
}

fn section<E: FireRules + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

/// The family's limit: one shot per activation.
///
/// # Errors
/// [`Rule::FireOncePerActivation`] once it has fired.
pub fn family_may_fire_again<G: SimpleGame>(field: &Field<G>, uid: Uid) -> Result<(), CombatError> {
    if field.unit(uid).is_some_and(|s| s.fires >= 1) {
        return Err(CombatError::illegal(
            G::section(Rule::FireOncePerActivation),
            "each active unit fires once per activation",
        ));
    }
    Ok(())
}

/// Whether `uid` is a unit of the activation under way, on the map, while
/// movement and fire are not over.
///
/// # Errors
/// Why it may not act.
pub fn active_unit<E: FireRules + ?Sized>(e: &E, uid: Uid) -> Result<(), CombatError> {
    let illegal = |rule: Rule, why: &'static str| CombatError::illegal(section::<E>(rule), why);
    if e.active_side().is_none() {
        return Err(illegal(Rule::Activation, "no activation is under way"));
    }
    if e.combat().is_some_and(|c| c.shock.is_some()) {
        return Err(illegal(Rule::ShockCombat, "movement and fire are over: shock has begun"));
    }
    if !e.is_active(uid) || e.field().unit(uid).and_then(|s| s.at).is_none() {
        return Err(illegal(Rule::ActiveUnits, "that unit is not an active unit on the map"));
    }
    if e.field().unit(uid).is_some_and(|s| s.flags.has(UnitFlags::SOLE_ACTION)) {
        return Err(illegal(Rule::SoleAction, "the unit has used its only action this activation"));
    }
    Ok(())
}

/// Validates active fire by `uid` at `target` and aims it.
///
/// # Errors
/// The first rule it breaks.
pub fn check<E: FireRules + ?Sized>(
    e: &E,
    uid: Uid,
    target: Hex,
    will_move: bool,
) -> Result<Shot<<E::Game as MissileRules>::Column>, CombatError> {
    active_unit(e, uid)?;
    let field = e.field();
    let no_unit = || CombatError::illegal(section::<E>(Rule::CombatUnits), "no such unit");
    let (Some(profile), Some(s)) = (field.setup().unit_profile(uid), field.unit(uid)) else {
        return Err(no_unit());
    };
    let Some(from) = s.at else {
        return Err(CombatError::illegal(section::<E>(Rule::CombatUnits), "not on the map"));
    };
    let moved = s.flags.has(UnitFlags::MOVED);
    E::may_fire_again(field, uid)?;
    if will_move && (moved || !moving_matters(field, uid)) {
        return Err(CombatError::illegal(
            section::<E>(Rule::MissileModifiers),
            "only a foot archer or mounted missile unit that has not moved declares that it will move",
        ));
    }
    if let Some((_, track)) = e.combat().and_then(|c| c.tracks.iter().find(|(u, _)| *u == uid)) {
        let away = track.windows(2).any(|w| {
            matches!(w, [a, b] if b.unsigned_distance_to(target) > a.unsigned_distance_to(target))
        });
        if away {
            return Err(CombatError::illegal(
                section::<E>(Rule::FireOncePerActivation),
                "a unit may not fire after moving away from its target",
            ));
        }
    }
    let hit_and_run = match e.hit_and_run(uid, target) {
        Some(allowed) => {
            allowed?;
            true
        }
        None => false,
    };
    let zoc = zoc_targets(field, uid);
    if !zoc.is_empty() && !zoc.contains(&target) {
        return Err(CombatError::illegal(
            section::<E>(Rule::MissileTargets),
            "an enemy in the firing unit's ZOC must be the target",
        ));
    }
    let spec = ShotSpec {
        firer: uid,
        from,
        hits: s.cohesion.hits,
        target,
        only: None,
        kind: if hit_and_run { ShotKind::HitAndRun } else { ShotKind::Active },
        moved: moved || will_move || (hit_and_run && profile.unit_type.is_cavalry()),
    };
    aim(field, &spec).map_err(|r| CombatError::illegal(r.section, r.why))
}

/// Every legal active fire, in unit, then target board, order (targets
/// within the unit's longest range, and at least four hexes: a Hit and Run
/// may reach farther than the table's range).
pub fn legal<E: FireRules + ?Sized, X>(e: &E, out: &mut Vec<CombatAction<X>>) {
    let Some(side) = e.active_side() else {
        return;
    };
    let field = e.field();
    let setup = field.setup();
    let board = setup.board();
    let shooters: Vec<(Uid, Hex, u32)> = active_units(e)
        .into_iter()
        .filter_map(|uid| {
            let column = <E::Game as MissileRules>::column(field, uid)?;
            let reach = u32::from(<E::Game as MissileRules>::max_range(field, uid, column)).max(4);
            Some((uid, field.unit(uid)?.at?, reach))
        })
        .collect();
    if shooters.is_empty() {
        return;
    }
    // The enemy-held hexes in board order.
    let mut enemy: Vec<usize> = field
        .units()
        .iter()
        .enumerate()
        .filter(|(i, _)| {
            u16::try_from(*i).is_ok_and(|i| setup.unit_side(Uid(i)) == Some(side.opponent()))
        })
        .filter_map(|(_, u)| u.at.and_then(|h| board.index(h)))
        .collect();
    enemy.sort_unstable();
    enemy.dedup();
    let enemy_hexes: Vec<Hex> = enemy.into_iter().filter_map(|i| board.hex_at(i)).collect();
    for (uid, from, reach) in shooters {
        let declare = moving_matters(field, uid)
            && field.unit(uid).is_some_and(|s| !s.flags.has(UnitFlags::MOVED));
        for &target in &enemy_hexes {
            if from.unsigned_distance_to(target) > reach {
                continue;
            }
            for will_move in [false, true] {
                if (will_move && !declare) || check(e, uid, target, will_move).is_err() {
                    continue;
                }
                out.push(CombatAction::Fire { unit: uid, target, will_move });
            }
        }
    }
}

/// Fires (a checked action): resolves the shot, then opens Return Fire for
/// the target's units, whose shots are aimed as things stood before it
/// (simultaneous). A Hit and Run takes the unit's whole Movement Allowance.
///
/// # Errors
/// [`check`]'s refusals (nothing changes then); scripted dice that run out.
pub fn fire<E: FireRules + ?Sized>(
    e: &mut E,
    uid: Uid,
    target: Hex,
    will_move: bool,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let shot = check(e, uid, target, will_move)?;
    let answers = return_fire(e.field(), &shot);
    resolve(e, &shot, dice, events)?;
    let hit_and_run = shot.spec.kind == ShotKind::HitAndRun;
    let stays = E::stays_after_firing(e.field(), uid)
        || hit_and_run
        || (!shot.spec.moved && moving_matters(e.field(), uid));
    let ma = e.field().setup().unit_profile(uid).map_or(0, |p| p.ma);
    if let Some(s) = e.field_mut().unit_mut(uid) {
        s.fires = s.fires.saturating_add(1);
        if hit_and_run {
            s.mp_spent = s.mp_spent.max(ma);
            s.flags.set(UnitFlags::DONE_MOVING, true);
        }
    }
    if stays
        && let Some(c) = e.combat_mut()
        && !c.may_not_move.contains(&uid)
    {
        c.may_not_move.push(uid);
    }
    reaction_windows::open(e, ReactionKind::Return, answers);
    Ok(())
}
