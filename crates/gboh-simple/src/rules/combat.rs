//! The combat sequence's top: which decision combat waits for, checking and
//! applying an answer, and running combat on until the next decision.
//!
//! Order (Alesia's numbers): an open reaction window first (8.6), then the
//! first waiting combat step (10.0's effects, leaders' choices), then the
//! shock step (9.2). A decision with a single answer is taken at once,
//! except the choice of the next attack to resolve, so that checking
//! [`CombatAction::Resolve`] always previews the roll. Combat pauses while a
//! lone leader chooses where to retreat (4.33), which the game's protocol
//! asks.

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::unit::UnitType;

use super::effects::report;
use super::leaders::LeaderRules;
use super::missile::{MissileRules, Refusal, odds as shot_odds};
use super::preview::CombatPreview;
use super::reaction_windows::{self as windows};
use super::resolution::preview as shock_preview;
use super::shock_steps::{self as steps, ShockSteps};
use super::tasks;
use crate::decision::{CombatAction, CombatPending};
use crate::error::CombatError;
use crate::event::{ShotSpec, SimpleEvent};
use crate::game::SimpleGame;
use crate::rule::Rule;
use crate::sequence::{ReactionKind, ShockStage, ShockState};

fn section<E: ShockSteps + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

fn refused(r: Refusal) -> CombatError {
    CombatError::illegal(r.section, r.why)
}

/// The decision combat waits for, with every legal answer: an open reaction
/// window first, then the first waiting combat step, then the shock step.
#[must_use]
pub fn decision<E: ShockSteps + ?Sized, X>(e: &E) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    if let Some(d) = windows::decision(e) {
        return Some(d);
    }
    if tasks::any(e) {
        return tasks::decision(e);
    }
    steps::decision(e)
}

/// Checks `action` against the decision pending, if one is, and previews
/// it: a reaction shot's odds, an attack's DRMs and odds (with `odds`; an
/// attack's preview never refuses it). `None` when no combat decision is
/// pending (the active player's own actions are the game's to check).
///
/// # Errors
/// The action does not answer the decision pending.
pub fn check_decision<E, X>(
    e: &E,
    action: &CombatAction<X>,
    odds: bool,
) -> Option<Result<CombatPreview<<E::Game as MissileRules>::Column>, CombatError>>
where
    E: ShockSteps + ?Sized,
    X: PartialEq,
{
    let (pending, actions) = decision::<E, X>(e)?;
    if !actions.contains(action) {
        return Some(Err(match pending {
            CombatPending::Leader { rule, .. } => CombatError::illegal(
                rule,
                "the leader goes only to one of the places offered (or stays, where he may)",
            ),
            _ => CombatError::illegal(
                section::<E>(Rule::SequenceOfPlay),
                "that does not answer the combat decision pending now",
            ),
        }));
    }
    let attack_preview = |attack: u8, a: Option<UnitType>, d: Option<UnitType>| {
        // None: no infantry or cavalry defends, nothing is rolled.
        shock_preview(e, attack, a, d).map_or(CombatPreview::Legal, |(modifiers, odds)| {
            CombatPreview::Shock { modifiers, odds }
        })
    };
    Some(match action {
        CombatAction::React { unit, target } => windows::shot(e, *unit, *target).and_then(|shot| {
            if <E::Game as MissileRules>::leader_casualty_check(e.field()).is_none() {
                return Err(CombatError::illegal(
                    section::<E>(Rule::MissileLeaderCasualty),
                    "the leader casualty check is missing from the tables",
                ));
            }
            let odds = shot_odds(e.field(), &shot).map_err(refused)?;
            Ok(CombatPreview::Shot { shot, odds })
        }),
        CombatAction::Resolve { attack } if odds => Ok(attack_preview(*attack, None, None)),
        CombatAction::Weapon { unit_type } if odds => {
            let stage = e.combat().and_then(|c| c.shock.as_ref()).map(|s| s.stage);
            Ok(match stage {
                Some(ShockStage::Weapons { attack, attacker: None }) => {
                    attack_preview(attack, Some(*unit_type), None)
                }
                Some(ShockStage::Weapons { attack, attacker: Some(a) }) => {
                    attack_preview(attack, Some(a), Some(*unit_type))
                }
                _ => CombatPreview::Legal,
            })
        }
        _ => Ok(CombatPreview::Legal),
    })
}

/// Applies a checked answer to the decision pending.
///
/// # Errors
/// The action does not answer it; scripted dice that run out.
pub fn decide<E: ShockSteps + ?Sized, X>(
    e: &mut E,
    action: &CombatAction<X>,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    if windows::decision::<E, X>(e).is_some() {
        return match action {
            CombatAction::React { unit, target } => windows::react(e, *unit, *target, dice, events),
            CombatAction::Done => {
                windows::decline(e, events);
                Ok(())
            }
            _ => Err(CombatError::illegal(
                section::<E>(Rule::ReactionFire),
                "fire in reaction or decline",
            )),
        };
    }
    if tasks::any(e) {
        return tasks::decide(e, action, events);
    }
    steps::decide(e, action, dice, events)
}

/// Movement and fire are over: shock begins ([`Rule::ShockCombat`]), and
/// the game's `free_shots` (Alesia 8.64: "prior to resolving Shock") are
/// offered one last time before designation.
pub fn begin_shock<E: ShockSteps + ?Sized>(
    e: &mut E,
    free_shots: Vec<ShotSpec>,
    events: &mut Vec<Event<E::Event>>,
) {
    if let Some(c) = e.combat_mut() {
        c.shock = Some(ShockState { stage: ShockStage::Designation, attacks: Vec::new() });
    }
    report::<E>(events, section::<E>(Rule::ShockCombat), SimpleEvent::ShockBegun, &[]);
    windows::open(e, ReactionKind::FreeShot, free_shots);
}

/// Runs combat on until a decision with more than one answer (or the choice
/// of the next attack) is pending, a lone leader must choose where to
/// retreat, or nothing is left to do.
///
/// # Errors
/// Scripted dice that run out; a sequence that does not settle (a bug).
pub fn run<E: ShockSteps + ?Sized, X>(
    e: &mut E,
    dice: &mut Dice,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    // Each pass changes the state or returns; the bound only guards a bug.
    for _ in 0..100_000 {
        if !LeaderRules::lone_leader_choices(e).is_empty() {
            return Ok(());
        }
        if windows::decision::<E, X>(e).is_none()
            && let Some(c) = e.combat_mut()
        {
            c.reaction = None;
        }
        if windows::decision::<E, X>(e).is_some() {
            return Ok(());
        }
        if tasks::any(e) {
            if tasks::step::<E, X>(e, events)? {
                continue;
            }
            return Ok(());
        }
        if let Some((pending, actions)) = steps::decision::<E, X>(e) {
            let always_ask = matches!(pending, CombatPending::ResolutionOrder { .. });
            match actions.as_slice() {
                [only] if !always_ask => {
                    steps::decide(e, only, dice, events)?;
                    continue;
                }
                _ => return Ok(()),
            }
        }
        if steps::step(e, dice, events)? {
            continue;
        }
        return Ok(());
    }
    Err(CombatError::illegal(section::<E>(Rule::ShockSequence), "combat did not settle"))
}
