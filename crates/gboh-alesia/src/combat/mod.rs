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
//! The engine's protocol asks them (`gboh_simple::protocol::play`, Alesia's
//! `Rules`): during an activation the active player may
//! [`CombatAction::Fire`] and [`CombatAction::Rally`] (the engine's, with
//! Alesia's [`fire`] limits and rally limits, [`effects::rally::limit`]) and
//! take Alesia's own [`SiegeAction`]s ([`siege_actions`], [`check_siege`],
//! [`perform_siege`]: Flame, putting out a fire, an artillery mode, a new
//! Aquila), interleaved with movement, then [`CombatAction::BeginShock`].
//! From then on, and whenever fire has effects that need a choice, the
//! engine's combat sequence ([`gboh_simple::rules::combat`]) names the
//! player who decides ([`pending`]) and lists the answers, with Alesia's
//! hooks: reaction fire (8.6), then waiting effects (retreat hexes, leftover
//! hits, routed cohorts' places, advances), then the shock step.
//!
//! # What movement and the Sequence of Play call
//!
//! - Movement, before a unit leaves a hex: [`reaction::open_retire`]; if it
//!   returns `true` the move is not made (Retire Reaction is pending; the move
//!   is submitted again afterwards). After a unit enters a hex:
//!   [`record_step`], [`effects::aquila::entered`], and
//!   [`reaction::open_entry`]. Before moving a unit: [`may_move`].
//! - Ending an activation: [`end_activation`] (10.71 tribal withdrawal).
//!   Activating a command: [`activation_started`] (8.64's free shots);
//!   activating a Gallic chief: [`flame::burn_down`]. The end of an Assault
//!   Period: [`effects::recovery::recovery_phase`], [`flame::end_of_period`].

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
use state::{activation, activation_mut};

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

/// Checks one of Alesia's siege actions (8.4 Flame, putting out a fire,
/// 8.5 an artillery mode, 10.8 a new Aquila) without changing anything,
/// and previews it (the engine's `BattleRules::check_own`).
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn check_siege(game: &Alesia, action: &SiegeAction) -> Result<CombatPreview, CombatError> {
    if pending(game).is_some() {
        return Err(illegal("3.0", "answer the combat decision first"));
    }
    match action {
        SiegeAction::Flame { unit, target } => {
            let shot = flame::check(game, *unit, *target)?;
            let odds = shot.odds();
            Ok(CombatPreview::Check { modifiers: shot.modifiers, odds })
        }
        SiegeAction::PutOutFire { unit, hex } => {
            let odds = flame::check_put_out(game, *unit, *hex)?;
            Ok(CombatPreview::Check { modifiers: gboh_core::table::Modifiers::new(), odds })
        }
        SiegeAction::ChangeMode { unit } => {
            artillery::check_change_mode(game, *unit).map(|_| CombatPreview::Legal)
        }
        SiegeAction::PlaceAquila { legion, hex } => {
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
    }
}

/// Performs one of Alesia's siege actions, checked, rolling the dice it
/// needs (the engine's `BattleRules::perform_own`; the protocol runs combat
/// on after it).
///
/// # Errors
/// Why the action is illegal; dice errors (scripted dice).
pub fn perform_siege(
    game: &mut Alesia,
    action: SiegeAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    check_siege(game, &action)?;
    match action {
        SiegeAction::Flame { unit, target } => flame::flame(game, unit, target, dice, events)?,
        SiegeAction::PutOutFire { unit, hex } => flame::put_out(game, unit, hex, dice, events)?,
        SiegeAction::ChangeMode { unit } => artillery::change_mode(game, unit, events),
        SiegeAction::PlaceAquila { legion, hex } => {
            if aquila::place(game, legion, hex) {
                events.push(Event::new(
                    "10.8",
                    AlesiaEvent::Combat(CombatEvent::AquilaPlaced { legion, hex }),
                ));
            }
        }
    }
    Ok(())
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

/// At the end of an activation: 10.71 tribal withdrawal.
pub fn end_activation(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) {
    effects::withdrawal::end_of_activation(game, events);
}
