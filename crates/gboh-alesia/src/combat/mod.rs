//! Combat: 8.0 Missile Combat, 9.0 Shock Combat and 10.0 The Effects of
//! Combat, as decisions of the game protocol with exact odds.
//!
//! | rules | module |
//! |---|---|
//! | 8.11-8.13 who fires, when, at what | [`fire`] |
//! | 8.14-8.18, 8.2, 8.3 a shot: range, arc, DRMs, hits, odds | [`missile`] |
//! | 8.15 line of sight | [`los`] |
//! | 8.19 Hit and Run | [`hit_and_run`] |
//! | 8.4 Flame | [`flame`] |
//! | 8.5 artillery | [`artillery`] |
//! | 8.6 Reaction Fire | [`reaction`] |
//! | 9.1-9.3 shock | [`shock`] and its submodules |
//! | 10.1-10.8 effects | [`effects`] and its submodules |
//! | 6.6, 6.8 what ground and stacking mean to combat | [`terrain`] |
//!
//! # Decisions
//!
//! During an activation the active player may [`CombatAction::Fire`],
//! [`SiegeAction::Flame`], [`SiegeAction::PutOutFire`],
//! [`SiegeAction::ChangeMode`], [`CombatAction::Rally`] and
//! [`SiegeAction::PlaceAquila`] with its units, interleaved with movement,
//! then [`CombatAction::BeginShock`]. From then on, and whenever fire has
//! effects that need a choice, [`pending`] names the player who decides and
//! [`legal`] lists the answers, in a deterministic order: reaction fire (8.6),
//! then waiting effects (retreat hexes, leftover hits, routed cohorts'
//! places, advances), then the shock step. A decision with a single answer is
//! taken at once, except the choice of the next attack to resolve, so that
//! [`check`] of [`CombatAction::Resolve`] always previews the roll.
//!
//! # What the protocol and movement call
//!
//! - `Pending::Combat(p)` when [`pending`] is `Some(p)`; [`legal`] and
//!   [`check`]/[`perform`] for its actions; [`legal_active`] alongside
//!   movement's actions while `Pending::Activation`.
//! - Movement, before a unit leaves a hex: [`reaction::open_retire`]; if it
//!   returns `true` the move is not made (Retire Reaction is pending; the move
//!   is submitted again afterwards). After a unit enters a hex:
//!   [`record_step`], [`effects::aquila::entered`], and
//!   [`reaction::open_entry`]. Before moving a unit: [`may_move`].
//! - Ending an activation: [`may_end_activation`], then [`end_activation`]
//!   (10.71 tribal withdrawal). Activating a Gallic chief: [`flame::burn_down`].
//!   The end of an Assault Period: [`effects::recovery::recovery_phase`],
//!   [`flame::end_of_period`].

pub mod action;
pub mod artillery;
pub mod effects;
pub mod fire;
pub mod flame;
pub mod hit_and_run;
pub mod leaders;
pub mod los;
pub mod missile;
pub mod odds;
pub mod reaction;
pub mod replacement;
pub mod shock;
pub mod state;
pub mod tasks;
pub mod terrain;

pub use action::{
    CombatAction, CombatError, CombatEvent, CombatPending, CombatPreview, SiegeAction,
};
/// The family's events, which [`CombatEvent::Family`] carries.
pub use gboh_simple::SimpleEvent;
pub use state::{ActivationCombat, CombatState};

use gboh_core::dice::Dice;
use gboh_core::game::Event;
use hexx::Hex;

use crate::command::Command;
use crate::game::{Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};
use effects::aquila;
use gboh_simple::rules::combat as family;
use state::{ShockStage, activation, activation_mut};

/// The decision combat waits for, with every legal answer: an open reaction
/// window first, then the first waiting effect, then the shock step (the
/// engine's [`gboh_simple::rules::combat::decision`]).
fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    family::decision(game)
}

/// Who must decide what in combat now, if anyone.
#[must_use]
pub fn pending(game: &Alesia) -> Option<CombatPending> {
    decision(game).map(|(p, _)| p)
}

/// The answers to the pending combat decision, in a deterministic order.
pub fn legal(game: &Alesia, out: &mut Vec<CombatAction>) {
    if let Some((_, actions)) = decision(game) {
        out.extend(actions);
    }
}

/// Whether the active player's movement and fire are over (shock has begun).
#[must_use]
pub fn movement_closed(game: &Alesia) -> bool {
    activation(game).is_some_and(|a| a.shock.is_some())
}

/// Alesia's own actions of the active command while no combat decision is
/// pending (the engine's `BattleRules::own_actions`): 8.4 Flame, putting
/// out a fire, 8.5 an artillery mode, unit by unit, then 10.8 a new
/// Aquila. The engine lists fire and rally beside them.
pub fn siege_actions(game: &Alesia, out: &mut Vec<SiegeAction>) {
    if pending(game).is_some() || game.turn.play.current.is_none() || movement_closed(game) {
        return;
    }
    let Some(cmd) = game.active_command().cloned() else {
        return;
    };
    let board = &game.setup().board;
    let units: Vec<Uid> = game.command_units(&cmd).collect();
    for &u in &units {
        let Some(at) = game.field.unit(u).and_then(|s| s.at) else {
            continue;
        };
        if game.setup().unit(u).is_some_and(|i| i.unit_type().is_archer()) {
            let reach = game
                .setup()
                .tables
                .missile()
                .max_range(&crate::tables::MissileColumn::Flame)
                .unwrap_or(0);
            let mut near: Vec<Hex> =
                at.range(u32::from(reach)).filter(|&h| h != at && board.contains(h)).collect();
            near.sort_by_key(|&h| board.index(h));
            for target in near {
                if flame::check(game, u, target).is_ok() {
                    out.push(SiegeAction::Flame { unit: u, target });
                }
            }
        }
        // (`check_put_out` refuses a hex not On Fire, as nearly all are.)
        for hex in board.neighbors(at).into_iter().flatten() {
            if game.field.markers(hex).on_fire && flame::check_put_out(game, u, hex).is_ok() {
                out.push(SiegeAction::PutOutFire { unit: u, hex });
            }
        }
        if artillery::check_change_mode(game, u).is_ok() {
            out.push(SiegeAction::ChangeMode { unit: u });
        }
    }
    if let Command::Legion(legion) = cmd
        && aquila::state(game, legion).captured
    {
        for hex in aquila_hexes(game, legion) {
            out.push(SiegeAction::PlaceAquila { legion, hex });
        }
    }
}

/// 10.8: where a legion may place its new Aquila: with one of its formed
/// units (the rulebook says "wherever the Roman player wishes"; this keeps
/// the choice to its units' hexes).
fn aquila_hexes(game: &Alesia, legion: crate::game::LegionIdx) -> Vec<Hex> {
    let board = &game.setup().board;
    let mut hexes: Vec<Hex> = game
        .setup()
        .legions
        .get(legion.index())
        .map_or(&[][..], |v| v.as_slice())
        .iter()
        .filter(|&&u| terrain::is_formed(&game.field, u))
        .filter_map(|&u| game.field.unit(u).and_then(|s| s.at))
        .collect();
    hexes.sort_by_key(|&h| board.index(h));
    hexes.dedup();
    hexes
}

fn illegal(rule: &'static str, why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(rule, why)
}

/// Validates `action` without changing anything, and previews it: a shot's
/// or an attack's DRMs and exact odds.
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn check(game: &Alesia, action: &CombatAction) -> Result<CombatPreview, CombatError> {
    check_with(game, action, true)
}

/// [`check`], with the odds of a shock (9.25) only if `odds`: an attack's
/// preview never refuses it, so [`perform`] validates without them.
fn check_with(
    game: &Alesia,
    action: &CombatAction,
    odds: bool,
) -> Result<CombatPreview, CombatError> {
    if let Some(answer) = family::check_decision(game, action, odds) {
        return answer;
    }
    match action {
        CombatAction::Fire { unit, target, will_move } => {
            let shot = fire::check(game, *unit, *target, *will_move)?;
            let odds = missile::odds(game, &shot)?;
            Ok(CombatPreview::Shot { shot, odds })
        }
        CombatAction::Game(SiegeAction::Flame { unit, target }) => {
            let shot = flame::check(game, *unit, *target)?;
            let odds = shot.odds();
            Ok(CombatPreview::Check { modifiers: shot.modifiers, odds })
        }
        CombatAction::Game(SiegeAction::PutOutFire { unit, hex }) => {
            let odds = flame::check_put_out(game, *unit, *hex)?;
            Ok(CombatPreview::Check { modifiers: gboh_core::table::Modifiers::new(), odds })
        }
        CombatAction::Game(SiegeAction::ChangeMode { unit }) => {
            artillery::check_change_mode(game, *unit).map(|_| CombatPreview::Legal)
        }
        CombatAction::Rally { unit } => {
            effects::rally::check(game, *unit).map(|_| CombatPreview::Legal)
        }
        CombatAction::Game(SiegeAction::PlaceAquila { legion, hex }) => {
            let active = matches!(game.active_command(), Some(Command::Legion(l)) if l == legion);
            if !active || !aquila::state(game, *legion).captured {
                return Err(illegal(
                    "10.8",
                    "a new Aquila is placed when its legion is next activated after a capture",
                ));
            }
            if !aquila_hexes(game, *legion).contains(hex) {
                return Err(illegal("10.8", "the new Aquila goes with one of the legion's units"));
            }
            Ok(CombatPreview::Legal)
        }
        CombatAction::BeginShock => {
            if game.turn.play.current.is_none() {
                return Err(illegal("5.1", "no activation is under way"));
            }
            if movement_closed(game) {
                return Err(illegal("9.0", "shock has already begun"));
            }
            Ok(CombatPreview::Legal)
        }
        _ => Err(illegal("3.0", "no combat decision is pending")),
    }
}

/// Performs a checked action, rolling the dice it needs, then runs combat on
/// until the next decision.
///
/// # Errors
/// Why the action is illegal; dice errors (scripted dice).
pub fn perform(
    game: &mut Alesia,
    action: CombatAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    check_with(game, &action, false)?;
    if decision(game).is_some() {
        apply_decision(game, &action, dice, events)?;
    } else {
        match action {
            CombatAction::Fire { unit, target, will_move } => {
                fire::fire(game, unit, target, will_move, dice, events)?
            }
            CombatAction::Game(SiegeAction::Flame { unit, target }) => {
                flame::flame(game, unit, target, dice, events)?
            }
            CombatAction::Game(SiegeAction::PutOutFire { unit, hex }) => {
                flame::put_out(game, unit, hex, dice, events)?
            }
            CombatAction::Game(SiegeAction::ChangeMode { unit }) => {
                artillery::change_mode(game, unit, events)
            }
            CombatAction::Rally { unit } => effects::rally::rally(game, unit, events),
            CombatAction::Game(SiegeAction::PlaceAquila { legion, hex }) => {
                if aquila::place(game, legion, hex) {
                    events.push(Event::new(
                        "10.8",
                        AlesiaEvent::Combat(CombatEvent::AquilaPlaced { legion, hex }),
                    ));
                }
            }
            CombatAction::BeginShock => begin_shock(game, events),
            _ => return Err(illegal("3.0", "no combat decision is pending")),
        }
    }
    run(game, dice, events)
}

/// 9.0: movement and fire are over; the non-active artillery gets a last
/// chance at its free shot (8.64: "prior to resolving Shock"), then
/// designation (the engine's [`gboh_simple::rules::combat::begin_shock`]).
fn begin_shock(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) {
    // 6.31: the moving unit's movement is over with everyone's.
    if let Some(unit) = game.turn.play.current.as_mut().and_then(|a| a.moving.take())
        && let Some(u) = game.field.unit_mut(unit)
    {
        u.flags.set(UnitFlags::DONE_MOVING, true);
    }
    let shots = reaction::free_shots(game);
    family::begin_shock(game, shots, events);
}

fn apply_decision(
    game: &mut Alesia,
    action: &CombatAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    family::decide(game, action, dice, events)
}

/// Runs combat on until a decision with more than one answer (or the choice
/// of the next attack) is pending, or nothing is left to do (the engine's
/// [`gboh_simple::rules::combat::run`]; 4.33: a lone leader's retreat is
/// decided first, combat resumes after).
fn run(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    family::run::<Alesia, SiegeAction>(game, dice, events)
}

/// Runs combat on after a decision outside it (a lone leader's retreat,
/// 4.33; a move whose hits routed a unit, 10.4) until the next combat
/// decision; nothing outside an activation.
///
/// # Errors
/// Only when scripted dice run out.
pub fn resume(
    game: &mut Alesia,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    if game.turn.play.current.is_none() {
        return Ok(());
    }
    run(game, dice, events)
}

/// At the start of an activation: 8.64, the non-active artillery may fire
/// its free shot at any activated unit in range; 4.35, the leader returned to
/// activate this command has done so.
pub fn activation_started(game: &mut Alesia) {
    game.turn.combat.returned_leader = None;
    let shots = reaction::free_shots(game);
    reaction::open(game, state::ReactionKind::FreeShot, shots);
}

/// Whether active unit `uid` may move now, as far as combat is concerned:
/// not once shock has begun (9.0), not after firing standing still (8.17),
/// firing artillery (8.12) or Hit and Run (8.19), not after a sole action
/// (8.44, 8.52, 10.5), not artillery in Fire mode or a Scorpio in a Rampart
/// hex (8.52, 8.58).
///
/// # Errors
/// The rule that keeps it in place.
pub fn may_move(game: &Alesia, uid: Uid) -> Result<(), CombatError> {
    if movement_closed(game) {
        return Err(illegal("9.0", "movement is over: shock has begun"));
    }
    if activation(game).is_some_and(|a| a.may_not_move.contains(&uid)) {
        return Err(illegal("8.12", "the unit fired and may not move this activation"));
    }
    if game.field.unit(uid).is_some_and(|s| s.flags.has(UnitFlags::SOLE_ACTION)) {
        return Err(illegal("10.5", "the unit has used its only action"));
    }
    if !artillery::may_move(&game.field, uid) {
        return Err(illegal(
            "8.58",
            "artillery in Fire mode (or a Scorpio on a Rampart) does not move",
        ));
    }
    Ok(())
}

/// Movement records each step of an active unit (8.12: no fire after moving
/// away from the target).
pub fn record_step(game: &mut Alesia, uid: Uid, from: Hex, to: Hex) {
    let Some(a) = activation_mut(game) else {
        return;
    };
    match a.tracks.iter_mut().find(|(u, _)| *u == uid) {
        Some((_, track)) => track.push(to),
        None => a.tracks.push((uid, vec![from, to])),
    }
}

/// 9.11: whether the active player may end the activation: not while a
/// combat decision is pending, nor before shock when a unit Must Attack, nor
/// in the middle of shock.
///
/// # Errors
/// The rule that forbids it.
pub fn may_end_activation(game: &Alesia) -> Result<(), CombatError> {
    if pending(game).is_some() {
        return Err(illegal("3.0", "a combat decision is pending"));
    }
    match activation(game).and_then(|a| a.shock.as_ref()).map(|s| s.stage) {
        Some(ShockStage::Done) => Ok(()),
        Some(_) => Err(illegal("9.2", "shock is not finished")),
        None => match shock::designation::undesignated_obligations(game).first() {
            Some(&u) => {
                let id = game.setup().unit(u).map_or_else(String::new, |i| i.id.clone());
                Err(illegal("9.11", format!("{id} must attack: begin shock first")))
            }
            None => Ok(()),
        },
    }
}

/// At the end of an activation: 10.71 tribal withdrawal.
pub fn end_activation(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) {
    effects::withdrawal::end_of_activation(game, events);
}
