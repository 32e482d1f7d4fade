//! 8.6 Reaction Fire: the non-active player's missile units fire in reaction
//! to the active player's moves and fire, once per enemy activation each
//! (8.54: artillery too), plus one free artillery shot (8.64). The active
//! player never reacts.
//!
//! The protocol offers each reaction as a window: [`crate::combat::CombatPending::Reaction`]
//! lists one [`crate::combat::CombatAction::React`] per shot on offer and
//! [`crate::combat::CombatAction::Done`] to decline; a window stays open
//! while shots remain.
//!
//! How movement opens the windows (see the module docs of [`crate::combat`]):
//!
//! - **Retire (8.61)**: before applying a step that leaves a hex, movement
//!   calls [`open_retire`]; if it returns `true`, the move is not made: the
//!   window opens, and once it closes the player submits the move again
//!   (the second call returns `false`, the offer having been made).
//! - **Entry (8.62)**: after a move that ends in an enemy missile unit's ZOC,
//!   movement calls [`open_entry`]. Advances after combat open it themselves.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use super::action::{CombatAction, CombatError, CombatEvent, CombatPending};
use super::missile::{self, Shot, ShotKind, ShotSpec};
use super::state::{ReactionKind, ReactionWindow, activation, activation_mut};
use super::terrain::enemy_in;
use crate::game::{Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use gboh_simple::rules::reaction as family;

fn spent(game: &Alesia, uid: Uid, kind: ShotKind) -> bool {
    family::spent(&game.field, uid, kind)
}

fn spec(
    game: &Alesia,
    firer: Uid,
    target: Hex,
    only: Option<Uid>,
    kind: ShotKind,
) -> Option<ShotSpec> {
    family::spec(&game.field, firer, target, only, kind)
}

/// 8.61: the shots on offer as active unit `mover` is about to leave its
/// hex (the engine's [`family::retire_candidates`]).
#[must_use]
pub fn retire_reaction_candidates(game: &Alesia, mover: Uid) -> Vec<ShotSpec> {
    family::retire_candidates(&game.field, mover)
}

/// 8.62: the shots on offer after active unit `mover` entered its hex: from
/// missile units whose ZOC it entered, not in the ZOC of another enemy, and
/// that did not just retreat (the engine's [`family::entry_candidates`]).
#[must_use]
pub fn entry_reaction_candidates(game: &Alesia, mover: Uid) -> Vec<ShotSpec> {
    let retreated = activation(game).map_or(&[][..], |a| a.retreated.as_slice());
    family::entry_candidates(&game.field, mover, retreated)
}

/// 8.63: the Return Fire on offer against an active shot, aimed now, before
/// the shot is resolved. A unit in an enemy ZOC may not return fire at a
/// firer outside its own ZOC; against Hit and Run, at range one (8.19). The
/// engine's [`family::return_fire`].
#[must_use]
pub fn return_fire(game: &Alesia, shot: &Shot) -> Vec<ShotSpec> {
    family::return_fire(&game.field, shot)
}

/// 8.64: every free artillery shot the non-active player may take now, at a
/// hex holding an activated unit.
#[must_use]
pub fn free_shots(game: &Alesia) -> Vec<ShotSpec> {
    let field = &game.field;
    let Some(a) = game.turn.current.as_ref() else {
        return Vec::new();
    };
    let targets: Vec<Hex> =
        a.units.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
    free_shots_at(game, &targets)
}

/// 8.64: the free artillery shots the non-active player may take now at
/// `targets` (hexes of activated units), before shock is resolved: one per
/// artillery unit in Fire mode per enemy Activation Phase, "in addition to
/// any other Reaction Fire".
#[must_use]
pub fn free_shots_at(game: &Alesia, targets: &[Hex]) -> Vec<ShotSpec> {
    let field = &game.field;
    let Some(side) = game.turn.current.as_ref().map(|a| a.side) else {
        return Vec::new();
    };
    if crate::combat::movement_closed(game)
        && activation(game)
            .and_then(|a| a.shock.as_ref())
            .is_some_and(|s| !matches!(s.stage, super::state::ShockStage::Designation))
    {
        return Vec::new();
    }
    let board = &game.setup().board;
    let mut targets: Vec<Hex> = targets.to_vec();
    targets.sort_by_key(|&h| board.index(h));
    targets.dedup();
    let mut out = Vec::new();
    for (i, s) in field.units().iter().enumerate() {
        let u = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        let artillery = game
            .setup()
            .unit(u)
            .is_some_and(|x| x.side == side.opponent() && x.unit_type().is_artillery());
        if !artillery
            || s.at.is_none()
            || !s.flags.has(UnitFlags::FIRE_MODE)
            || spent(game, u, ShotKind::FreeShot)
        {
            continue;
        }
        for &t in &targets {
            if let Some(spec) = spec(game, u, t, None, ShotKind::FreeShot)
                && missile::aim(game, &spec).is_ok()
            {
                out.push(spec);
            }
        }
    }
    out
}

/// Opens a reaction window with the shots that can be taken; `false` if none.
pub fn open(game: &mut Alesia, kind: ReactionKind, shots: Vec<ShotSpec>) -> bool {
    let usable: Vec<ShotSpec> =
        shots.into_iter().filter(|s| missile::aim(game, s).is_ok()).collect();
    if usable.is_empty() {
        return false;
    }
    match activation_mut(game) {
        Some(a) => {
            a.reaction = Some(ReactionWindow { kind, shots: usable });
            true
        }
        None => false,
    }
}

/// 8.61, for movement: before active unit `mover` leaves its hex, offers
/// Retire Reaction once per departure. `true`: a window is open and the
/// move must wait (and be submitted again).
pub fn open_retire(game: &mut Alesia, mover: Uid) -> bool {
    let Some(at) = game.field.unit(mover).and_then(|s| s.at) else {
        return false;
    };
    if activation(game).is_none_or(|a| a.retire_offered.contains(&(mover, at))) {
        return false;
    }
    let shots = retire_reaction_candidates(game, mover);
    if let Some(a) = activation_mut(game) {
        a.retire_offered.push((mover, at));
    }
    open(game, ReactionKind::Retire, shots)
}

/// 8.62, for movement and advances: after active unit `mover` entered a hex,
/// offers Entry Reaction; before shock (movement), the free artillery shots
/// at it come in the same window (8.64: "at any time during the Phase prior
/// to resolving Shock"). `true` if a window opened.
pub fn open_entry(game: &mut Alesia, mover: Uid) -> bool {
    let mut shots = entry_reaction_candidates(game, mover);
    let kind = if shots.is_empty() { ReactionKind::FreeShot } else { ReactionKind::Entry };
    if !crate::combat::movement_closed(game)
        && let Some(at) = game.field.unit(mover).and_then(|s| s.at)
    {
        for s in free_shots_at(game, &[at]) {
            if !shots.iter().any(|x| x.firer == s.firer && x.target == s.target) {
                shots.push(s);
            }
        }
    }
    open(game, kind, shots)
}

/// The open window's decision: one [`CombatAction::React`] per shot still
/// possible, then [`CombatAction::Done`]; `None` if no window is open or it
/// has nothing left.
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    let window = activation(game)?.reaction.as_ref()?;
    let side = game.turn.current.as_ref()?.side.opponent();
    let mut actions: Vec<CombatAction> = window
        .shots
        .iter()
        .filter(|s| {
            !spent(game, s.firer, s.kind)
                && missile::aim(game, s).is_ok()
                && enemy_in(&game.field, s.target, side)
        })
        .map(|s| CombatAction::React { unit: s.firer, target: s.target })
        .collect();
    if actions.is_empty() {
        return None;
    }
    actions.push(CombatAction::Done);
    Some((CombatPending::Reaction { side, kind: window.kind }, actions))
}

/// The shot behind a [`CombatAction::React`], aimed.
///
/// # Errors
/// If no such shot is on offer.
pub fn shot(game: &Alesia, unit: Uid, target: Hex) -> Result<Shot, CombatError> {
    let spec = activation(game)
        .and_then(|a| a.reaction.as_ref())
        .and_then(|w| w.shots.iter().find(|s| s.firer == unit && s.target == target))
        .ok_or_else(|| CombatError::illegal("8.6", "that reaction fire is not on offer"))?;
    if spent(game, unit, spec.kind) {
        return Err(CombatError::illegal("8.6", "the unit has already reacted this activation"));
    }
    missile::aim(game, spec)
}

/// Fires a reaction shot (a checked action).
///
/// # Errors
/// Only when scripted dice run out.
pub fn react(
    game: &mut Alesia,
    unit: Uid,
    target: Hex,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let shot = shot(game, unit, target)?;
    missile::resolve(game, &shot, dice, events)?;
    let flag = if shot.spec.kind == ShotKind::FreeShot {
        UnitFlags::FREE_SHOT
    } else {
        UnitFlags::REACTED
    };
    if let Some(s) = game.field.unit_mut(unit) {
        s.flags.set(flag, true);
    }
    close_if_spent(game);
    Ok(())
}

/// Declines the open window.
pub fn decline(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) {
    if let Some(a) = activation_mut(game) {
        a.reaction = None;
    }
    events.push(Event::new("8.6", AlesiaEvent::Combat(CombatEvent::Declined)));
}

/// Closes the window if nothing is left in it.
pub fn close_if_spent(game: &mut Alesia) {
    if decision(game).is_none()
        && let Some(a) = activation_mut(game)
    {
        a.reaction = None;
    }
}
