//! Reaction Fire's windows ([`Rule::ReactionFire`]; Alesia 8.6): the
//! non-active player's missile units fire in reaction to the active
//! player's moves and fire, once per enemy activation each, and the game
//! may add free shots of its own ([`ReactionRules::free_shots_at`]; Alesia
//! 8.64's artillery). The active player never reacts.
//!
//! A window is offered as a decision: [`CombatPending::Reaction`] lists one
//! [`CombatAction::React`] per shot on offer and [`CombatAction::Done`] to
//! decline; it stays open while shots remain.
//!
//! - **Retire** ([`Rule::RetireReaction`]): before a step that leaves a hex,
//!   movement calls [`open_retire`]; if it returns `true` the step waits for
//!   the window, and is submitted again once it closes (the second call
//!   returns `false`, the offer having been made).
//! - **Entry** ([`Rule::EntryReaction`]): after a move that ends in an enemy
//!   missile unit's ZOC, movement calls [`open_entry`]; an advance after
//!   combat opens it through its combat step.

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use super::effects::{Effects, report};
use super::missile::{MissileRules, Shot, aim, resolve};
use super::reaction::{entry_candidates, retire_candidates, spent};
use crate::decision::{CombatAction, CombatPending};
use crate::error::CombatError;
use crate::event::{ShotKind, ShotSpec, SimpleEvent};
use crate::field::UnitFlags;
use crate::game::SimpleGame;
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{ReactionKind, ReactionWindow};

/// What a game states for reaction fire.
pub trait ReactionRules: Effects<Game: MissileRules> {
    /// The side of the activation under way (the other side reacts).
    /// Default: [`Effects::activation`]'s.
    fn active_side(&self) -> Option<Side> {
        self.activation().map(|(side, _)| side)
    }

    /// The game's own free shots the non-active player may take now at
    /// `targets` (hexes of activated units), offered in an Entry window
    /// (Alesia 8.64: one per artillery unit in Fire mode per enemy
    /// activation, before shock is resolved). Default: none.
    fn free_shots_at(&self, targets: &[Hex]) -> Vec<ShotSpec> {
        let _ = targets;
        Vec::new()
    }
}

fn section<E: ReactionRules + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

/// Opens a reaction window with the shots that can be taken; `false` if
/// none (or no activation is under way).
pub fn open<E: ReactionRules + ?Sized>(
    e: &mut E,
    kind: ReactionKind,
    shots: Vec<ShotSpec>,
) -> bool {
    let usable: Vec<ShotSpec> = shots.into_iter().filter(|s| aim(e.field(), s).is_ok()).collect();
    if usable.is_empty() {
        return false;
    }
    match e.combat_mut() {
        Some(c) => {
            c.reaction = Some(ReactionWindow { kind, shots: usable });
            true
        }
        None => false,
    }
}

/// Before active unit `mover` leaves its hex, offers Retire Reaction once
/// per departure. `true`: a window is open and the move must wait (and be
/// submitted again).
pub fn open_retire<E: ReactionRules + ?Sized>(e: &mut E, mover: Uid) -> bool {
    let Some(at) = e.field().unit(mover).and_then(|s| s.at) else {
        return false;
    };
    if e.combat().is_none_or(|c| c.retire_offered.contains(&(mover, at))) {
        return false;
    }
    let shots = retire_candidates(e.field(), mover);
    if let Some(c) = e.combat_mut() {
        c.retire_offered.push((mover, at));
    }
    open(e, ReactionKind::Retire, shots)
}

/// After active unit `mover` entered a hex: offers Entry Reaction (not from
/// units that just retreated); before shock, the game's free shots at it
/// come in the same window. `true` if a window opened.
pub fn open_entry<E: ReactionRules + ?Sized>(e: &mut E, mover: Uid) -> bool {
    let retreated = e.combat().map_or(&[][..], |c| c.retreated.as_slice());
    let mut shots = entry_candidates(e.field(), mover, retreated);
    let kind = if shots.is_empty() { ReactionKind::FreeShot } else { ReactionKind::Entry };
    let shock_begun = e.combat().is_some_and(|c| c.shock.is_some());
    if !shock_begun && let Some(at) = e.field().unit(mover).and_then(|s| s.at) {
        for s in e.free_shots_at(&[at]) {
            if !shots.iter().any(|x| x.firer == s.firer && x.target == s.target) {
                shots.push(s);
            }
        }
    }
    open(e, kind, shots)
}

/// The open window's decision: one [`CombatAction::React`] per shot still
/// possible, then [`CombatAction::Done`]; `None` if no window is open or it
/// has nothing left.
#[must_use]
pub fn decision<E: ReactionRules + ?Sized, X>(
    e: &E,
) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    let window = e.combat()?.reaction.as_ref()?;
    let side = e.active_side()?.opponent();
    let field = e.field();
    let mut actions: Vec<CombatAction<X>> = window
        .shots
        .iter()
        .filter(|s| {
            !spent(field, s.firer, s.kind)
                && aim(field, s).is_ok()
                && field.side_in(s.target).is_some_and(|t| t != side)
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
/// If no such shot is on offer, the unit has reacted already, or the shot
/// can no longer be aimed.
pub fn shot<E: ReactionRules + ?Sized>(
    e: &E,
    unit: Uid,
    target: Hex,
) -> Result<Shot<<E::Game as MissileRules>::Column>, CombatError> {
    let rule = section::<E>(Rule::ReactionFire);
    let spec = e
        .combat()
        .and_then(|c| c.reaction.as_ref())
        .and_then(|w| w.shots.iter().find(|s| s.firer == unit && s.target == target))
        .ok_or_else(|| CombatError::illegal(rule, "that reaction fire is not on offer"))?;
    if spent(e.field(), unit, spec.kind) {
        return Err(CombatError::illegal(rule, "the unit has already reacted this activation"));
    }
    aim(e.field(), spec).map_err(|r| CombatError::illegal(r.section, r.why))
}

/// Fires a reaction shot; the unit is spent for the activation.
///
/// # Errors
/// [`shot`]'s refusals (nothing changes then); scripted dice that run out.
pub fn react<E: ReactionRules + ?Sized>(
    e: &mut E,
    unit: Uid,
    target: Hex,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let shot = shot(e, unit, target)?;
    resolve(e, &shot, dice, events)?;
    let flag = if shot.spec.kind == ShotKind::FreeShot {
        UnitFlags::FREE_SHOT
    } else {
        UnitFlags::REACTED
    };
    if let Some(s) = e.field_mut().unit_mut(unit) {
        s.flags.set(flag, true);
    }
    close_if_spent(e);
    Ok(())
}

/// Declines the open window.
pub fn decline<E: ReactionRules + ?Sized>(e: &mut E, events: &mut Vec<Event<E::Event>>) {
    if let Some(c) = e.combat_mut() {
        c.reaction = None;
    }
    report::<E>(events, section::<E>(Rule::ReactionFire), SimpleEvent::Declined, &[]);
}

/// Closes the window if nothing is left in it.
pub fn close_if_spent<E: ReactionRules + ?Sized>(e: &mut E) {
    if decision::<E, ()>(e).is_none()
        && let Some(c) = e.combat_mut()
    {
        c.reaction = None;
    }
}
