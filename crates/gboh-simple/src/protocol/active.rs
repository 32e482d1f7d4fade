//! The active player's own combat actions during an activation, besides
//! movement: missile fire ([`crate::rules::fire`]), rally
//! ([`crate::rules::rally`], up to the game's limit), the game's own actions
//! ([`BattleRules::own_actions`]) and the start of shock.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use super::{BattleRules, illegal};
use crate::decision::CombatAction;
use crate::error::CombatError;
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::combat;
use crate::rules::fire;
use crate::rules::missile::{MissileRules, odds};
use crate::rules::preview::CombatPreview;
use crate::rules::rally;

/// The preview of a combat action in the game `S`.
pub(super) type PreviewOf<S> =
    CombatPreview<<<S as crate::rules::effects::Effects>::Game as MissileRules>::Column>;

/// Whether movement and fire are over: shock has begun.
pub(super) fn movement_closed<S: BattleRules>(s: &S) -> bool {
    s.turn().current.as_ref().is_some_and(|a| a.combat.shock.is_some())
}

/// The hexes of the active command's units on the map.
fn active_hexes<S: BattleRules>(s: &S) -> Vec<Hex> {
    let field = s.field();
    s.turn()
        .current
        .as_ref()
        .map(|a| a.units.iter().filter_map(|&u| field.unit(u).and_then(|st| st.at)).collect())
        .unwrap_or_default()
}

/// The game's free shots at the active units (Alesia 8.64), offered as the
/// activation begins and again before shock.
pub(super) fn free_shots<S: BattleRules>(s: &S) -> Vec<crate::event::ShotSpec> {
    s.free_shots_at(&active_hexes(s))
}

/// Appends the active player's own combat actions now: each unit's shots,
/// rallies and the game's own actions, then the start of shock.
pub(super) fn legal<S: BattleRules>(s: &S, out: &mut Vec<CombatAction<S::Own>>) {
    if s.turn().current.is_none() || movement_closed(s) {
        return;
    }
    fire::legal(s, out);
    let units = s.turn().current.as_ref().map(|a| a.units.clone()).unwrap_or_default();
    for u in units {
        if rally_check(s, u).is_ok() {
            out.push(CombatAction::Rally { unit: u });
        }
    }
    let mut own = Vec::new();
    s.own_actions(&mut own);
    out.extend(own.into_iter().map(CombatAction::Game));
    out.push(CombatAction::BeginShock);
}

/// How many hits `uid` would remove by rallying now.
fn rally_check<S: BattleRules>(s: &S, uid: Uid) -> Result<u8, CombatError> {
    if !s.is_active(uid) {
        return Err(illegal::<S>(Rule::ActiveUnits, "the unit is not in the active command"));
    }
    let most =
        s.rally_limit(uid).ok_or_else(|| illegal::<S>(Rule::Rally, "the unit may not rally"))?;
    rally::check(s.field(), uid, most).map_err(|r| illegal::<S>(Rule::Rally, r.why()))
}

/// Checks one of the active player's own combat actions and previews it.
///
/// # Errors
/// The first rule it breaks.
pub(super) fn check<S: BattleRules>(
    s: &S,
    action: &CombatAction<S::Own>,
) -> Result<PreviewOf<S>, CombatError> {
    if s.turn().current.is_none() {
        return Err(illegal::<S>(Rule::Activation, "no activation is under way"));
    }
    if movement_closed(s) {
        return Err(illegal::<S>(Rule::ShockCombat, "shock has already begun"));
    }
    match action {
        CombatAction::Fire { unit, target, will_move } => {
            let shot = fire::check(s, *unit, *target, *will_move)?;
            let odds =
                odds(s.field(), &shot).map_err(|r| CombatError::illegal(r.section, r.why))?;
            Ok(CombatPreview::Shot { shot, odds })
        }
        CombatAction::Rally { unit } => rally_check(s, *unit).map(|_| CombatPreview::Legal),
        CombatAction::Game(own) => s.check_own(own),
        CombatAction::BeginShock => Ok(CombatPreview::Legal),
        _ => Err(illegal::<S>(Rule::SequenceOfPlay, "no combat decision is pending")),
    }
}

/// Performs one of the active player's own combat actions, checked.
///
/// # Errors
/// Scripted dice that run out.
pub(super) fn perform<S: BattleRules>(
    s: &mut S,
    action: CombatAction<S::Own>,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    match action {
        CombatAction::Fire { unit, target, will_move } => {
            fire::fire(s, unit, target, will_move, dice, events)
        }
        CombatAction::Rally { unit } => {
            let n = rally_check(s, unit)?;
            rally::rally(s, unit, n, events);
            Ok(())
        }
        CombatAction::Game(own) => s.perform_own(own, dice, events),
        CombatAction::BeginShock => {
            // Shock says movement is over; no unit's own end is reported.
            finish_movement(s);
            let shots = free_shots(s);
            combat::begin_shock(s, shots, events);
            Ok(())
        }
        _ => Err(illegal::<S>(Rule::SequenceOfPlay, "no combat decision is pending")),
    }
}

/// The unit moving, if any, has finished its movement (6.31: another
/// unit or a leader moves next), and the protocol says so.
pub(super) fn end_movement<S: BattleRules>(s: &mut S, events: &mut Vec<Event<S::Event>>) {
    if let Some(unit) = finish_movement(s) {
        super::report::<S>(events, Rule::Movement, crate::turn::TurnEvent::MovementOver { unit });
    }
}

/// The unit moving, if any, has finished its movement; returns it.
fn finish_movement<S: BattleRules>(s: &mut S) -> Option<Uid> {
    let unit = s.turn_mut().current.as_mut().and_then(|a| a.moving.take())?;
    if let Some(u) = s.field_mut().unit_mut(unit) {
        u.flags.set(crate::field::UnitFlags::DONE_MOVING, true);
    }
    Some(unit)
}
