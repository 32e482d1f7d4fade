//! 6.0 Movement and Terrain, 7.0 Facing and ZOCs: Alesia's movement rules,
//! with a movement generator.
//!
//! The protocol dispatches every [`MoveAction`] here: [`legal`] lists them,
//! [`check`] validates one without changing anything and previews it,
//! [`perform`] validates it again and carries it out, pushing events that
//! cite their rules. The plain functions use the game's own rules
//! ([`MoveRules::for_game`]: the rulebook's, plus what the scenario set in
//! the turn's [`ScenarioRules`](crate::protocol::ScenarioRules), such as
//! 12.1's edge rule); the `_with` variants take explicit [`MoveRules`] and a
//! [`MoveGenerator`] whose buffers they reuse.
//!
//! Movement and combat meet as the combat rules ask
//! ([`crate::combat`], "What the protocol and movement call"): before a unit
//! moves, [`crate::combat::may_move`]; before it leaves a hex,
//! [`crate::combat::reaction::open_retire`] (if a Retire Reaction window
//! opens, the move waits and is submitted again); for each hex entered,
//! [`crate::combat::record_step`] and
//! [`crate::combat::effects::aquila::entered`]; at the end,
//! [`crate::combat::reaction::open_entry`]. Routs and eliminations from
//! Gardens of Death go through [`crate::combat::effects::rout`].
//!
//! | rules | module |
//! |---|---|
//! | 6.1 allowances, who may move (6.31, 6.65, 8.52, 8.58) | [`allowance`] |
//! | 6.12-6.14 leaders, 4.31, 4.33 | [`leader`] |
//! | 6.2, 5.48-5.49 Tribal Counters and the tether | [`tether`] |
//! | 6.3 terrain and hexsides, 6.31 elevation, 6.33, 6.36, 6.43 | [`cost`] |
//! | 6.42, 6.44 ramparts, gates, redoubts | [`rampart`] |
//! | 6.45 Gardens of Death, 8.43 fire | [`garden`] |
//! | 6.46-6.49 Fill | [`fill`] |
//! | 6.5 Rapid March | [`rapid_march`] |
//! | 6.6 stacking | [`stacking`] |
//! | 6.68, 6.7 Disorder | [`disorder`] |
//! | 7.1 facing | [`facing`] |
//! | 7.2 ZOC | [`crate::zoc`], and the search in [`generator`] |
//! | one step, all rules together | [`step`] |
//! | scenario rules (12.1) | [`rules`] |
//!
//! ```
//! use gboh_alesia::command::Command;
//! use gboh_alesia::game::{Battlefield, LegionIdx, Setup};
//! use gboh_alesia::movement::MoveAction;
//! use gboh_alesia::protocol::{Action, Alesia, Preview};
//! use gboh_core::{Side, dice::Dice, facing::Facing, game::Game};
//!
//! let setup = Setup::shared().unwrap();
//! let b = &setup.board;
//! let mut field = Battlefield::new(setup.clone());
//! let cohort = setup.uid("I-1").unwrap();
//! field.move_unit(cohort, b.hex_of("W4616").unwrap(), Facing::Four).unwrap();
//! let mut state = Alesia::new(field);
//! state.turn.play.to_act = Side::Roman;
//! let mut game = Game::new(state, Dice::seeded(1));
//! game.apply(Action::Activate(Command::Legion(LegionIdx(0)))).unwrap();
//! // 6.42: "A cohort in W4616 could, by paying 2 MP to do so, move into ... W4617".
//! let climb = Action::Move(MoveAction::Move {
//!     unit: cohort, to: b.hex_of("W4617").unwrap(), facing: Facing::Four });
//! let Ok(Preview::Move(preview)) = game.check(&climb) else { panic!() };
//! assert_eq!(preview.mp, 2);
//! assert!(game.legal_actions().contains(&climb));
//! game.apply(climb).unwrap();
//! assert_eq!(game.state().field.unit(cohort).unwrap().mp_spent, 2);
//! ```

pub mod action;
pub mod allowance;
mod apply;
pub mod cost;
pub mod disorder;
pub mod error;
pub mod facing;
pub mod facts;
pub mod fill;
pub mod garden;
pub mod generator;
pub mod leader;
mod listing;
mod plan;
pub mod rampart;
pub mod rapid_march;
pub mod rules;
pub mod stacking;
pub mod step;
mod terrain_steps;
pub mod tether;
#[cfg(test)]
mod toward_tests;

pub use action::{
    EntryHits, FillTarget, MoveAction, MoveEvent, MovePreview, ReactionKind, ReactionOpportunity,
};
pub use error::MoveError;
pub(crate) use generator::Toward;
pub use generator::{MoveGenerator, PathStep, Reachable};
pub use plan::{REMOVE_DISORDER_MP, SWAP_MP};
pub use rules::{HexRestriction, MoveRules, Movers};

use std::cell::RefCell;

use gboh_core::dice::Dice;
use gboh_core::game::Event;

use crate::protocol::{Alesia, AlesiaEvent};

thread_local! {
    /// The plain functions' generator: its buffers are reused from call to
    /// call on a thread (a bot calls `check` thousands of times a game).
    static GENERATOR: RefCell<MoveGenerator> = RefCell::new(MoveGenerator::new());
}

/// Runs `f` with this thread's generator, or a fresh one if it is in use.
fn with_generator<T>(f: impl FnOnce(&mut MoveGenerator) -> T) -> T {
    GENERATOR.with(|cell| match cell.try_borrow_mut() {
        Ok(mut g) => f(&mut g),
        Err(_) => f(&mut MoveGenerator::new()),
    })
}

/// Appends every legal movement action for the active command, under the
/// game's rules ([`legal_with`], [`MoveRules::for_game`]).
pub fn legal(game: &Alesia, out: &mut Vec<MoveAction>) {
    let rules = MoveRules::for_game(game);
    with_generator(|g| legal_with(game, &rules, g, out));
}

/// Appends every legal movement action for the active command under
/// `rules`, in a deterministic order: unit by unit in [`Uid`] order, each
/// unit's [`MoveAction::RapidMarch`], [`MoveAction::SwapStack`],
/// [`MoveAction::RemoveDisorder`], [`MoveAction::PlaceFill`]s, then its
/// [`MoveAction::Move`]s by board index and facing; then the leader's
/// [`MoveAction::MoveLeader`]s by board index. `generator`'s buffers are
/// reused.
///
/// [`Uid`]: crate::game::Uid
pub fn legal_with(
    game: &Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    out: &mut Vec<MoveAction>,
) {
    list(game, rules, generator, Searched::Include, out);
}

/// Whether a listing includes the actions found by a search: units'
/// [`MoveAction::Move`]s and leaders' [`MoveAction::MoveLeader`]s.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Searched {
    Include,
    Skip,
}

/// Appends the legal movement actions that take no search: [`legal`]'s
/// list without its [`MoveAction::Move`]s and [`MoveAction::MoveLeader`]s,
/// in the same order. [`unit_moves`] and [`leader_moves`] give the rest.
pub fn legal_unsearched(game: &Alesia, out: &mut Vec<MoveAction>) {
    let rules = MoveRules::for_game(game);
    with_generator(|g| list(game, &rules, g, Searched::Skip, out));
}

/// The units whose [`MoveAction::Move`]s [`legal`] lists, in its order
/// ([`Uid`](crate::game::Uid) order); a unit may have none.
#[must_use]
pub fn movers(game: &Alesia) -> Vec<crate::game::Uid> {
    if game.turn.play.current.is_none() {
        return Vec::new();
    }
    allowance::candidates(game, &MoveRules::for_game(game))
}

/// Visits the [`MoveAction::Move`]s [`legal`] lists for each of `units` in
/// turn (nothing for a unit not among [`movers`]), in [`legal`]'s order,
/// until `visit` breaks. A bot that needs some units' moves searches only
/// theirs; the listing cache serves both.
pub fn unit_moves(
    game: &Alesia,
    units: &[crate::game::Uid],
    visit: impl FnMut(crate::game::Uid, &[MoveAction]) -> std::ops::ControlFlow<()>,
) {
    unit_moves_toward(game, units, |_| None, visit);
}

/// [`unit_moves`], where for each unit `toward(unit)` may say which Moves
/// are wanted ([`Toward`]): then Moves ending further may be left out, and
/// the search is cut short where none could be nearer.
pub(crate) fn unit_moves_toward<'t>(
    game: &Alesia,
    units: &[crate::game::Uid],
    mut toward: impl FnMut(crate::game::Uid) -> Option<Toward<'t>>,
    mut visit: impl FnMut(crate::game::Uid, &[MoveAction]) -> std::ops::ControlFlow<()>,
) {
    if game.turn.play.current.is_none() {
        return;
    }
    let rules = MoveRules::for_game(game);
    let movers = allowance::candidates(game, &rules);
    with_generator(|g| {
        g.sync_listing(game, &rules);
        let mut moves = Vec::new();
        for &unit in units {
            moves.clear();
            if movers.binary_search(&unit).is_ok() {
                match toward(unit) {
                    Some(t) => g.list_moves_toward(game, &rules, unit, t, &mut moves),
                    None => g.list_moves(game, &rules, unit, &mut moves),
                }
            }
            if visit(unit, &moves).is_break() {
                break;
            }
        }
    });
}

/// [`allowance::reach_bound`] under the game's rules: where `unit`'s move
/// starts and the most hexes from there that any of its Moves ends.
#[must_use]
pub fn reach_bound(game: &Alesia, unit: crate::game::Uid) -> Option<(hexx::Hex, u8)> {
    allowance::reach_bound(game, &MoveRules::for_game(game), unit)
}

fn list(
    game: &Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    searched: Searched,
    out: &mut Vec<MoveAction>,
) {
    if game.turn.play.current.is_none() {
        return;
    }
    if searched == Searched::Include {
        generator.sync_listing(game, rules);
    }
    for unit in allowance::candidates(game, rules) {
        // The three in-place actions all begin by asking whether the unit may
        // act at all (6.31, 6.65, 6.73: `allowance::origin`): asked once here.
        let may_act = allowance::origin(game, rules, unit, allowance::Purpose::Act).is_ok();
        for action in [
            MoveAction::RapidMarch { unit },
            MoveAction::SwapStack { unit },
            MoveAction::RemoveDisorder { unit },
        ] {
            if may_act && plan::plan(game, rules, generator, &action).is_ok() {
                out.push(action);
            }
        }
        if fill::check_take(game, rules, unit).is_ok() {
            out.push(MoveAction::TakeFill { unit });
        }
        out.extend(
            fill::targets(game, rules, unit)
                .into_iter()
                .map(|target| MoveAction::PlaceFill { unit, target }),
        );
        if searched == Searched::Include {
            generator.list_moves(game, rules, unit, out);
        }
    }
    if searched == Searched::Include {
        list_leader_moves(game, rules, out);
    }
}

/// Appends the [`MoveAction::MoveLeader`]s [`legal`] lists, in its order
/// (they end its list).
pub fn leader_moves(game: &Alesia, out: &mut Vec<MoveAction>) {
    if game.turn.play.current.is_some() {
        list_leader_moves(game, &MoveRules::for_game(game), out);
    }
}

fn list_leader_moves(game: &Alesia, rules: &MoveRules, out: &mut Vec<MoveAction>) {
    if let Some(lid) = game.active_command().and_then(|c| c.leader(&game.field))
        && let Ok(hexes) = leader::leader_reach(game, rules, lid)
    {
        out.extend(hexes.into_iter().map(|(to, _)| MoveAction::MoveLeader { leader: lid, to }));
    }
    // 6.13: in a Commander Movement Activation each commander may move.
    if let Some(crate::command::Command::Commanders(side)) = game.active_command() {
        for lid in game.movable_commanders(*side) {
            if let Ok(hexes) = leader::leader_reach(game, rules, lid) {
                out.extend(
                    hexes.into_iter().map(|(to, _)| MoveAction::MoveLeader { leader: lid, to }),
                );
            }
        }
    }
}

/// Validates `action` without changing anything and previews it, under the
/// game's rules.
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn check(game: &Alesia, action: &MoveAction) -> Result<MovePreview, MoveError> {
    let rules = MoveRules::for_game(game);
    with_generator(|g| check_with(game, &rules, g, action))
}

/// As [`check`], under `rules`, reusing `generator`'s buffers.
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn check_with(
    game: &Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    action: &MoveAction,
) -> Result<MovePreview, MoveError> {
    plan::plan(game, rules, generator, action).map(|(_, preview)| preview)
}

/// Validates and performs `action` under the game's rules, pushing its
/// events (each an [`AlesiaEvent::Move`] citing its rule). On error nothing
/// has changed.
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn perform(
    game: &mut Alesia,
    action: MoveAction,
    dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), MoveError> {
    let rules = MoveRules::for_game(game);
    with_generator(|g| perform_with(game, &rules, g, action, dice, events))
}

/// As [`perform`], under `rules`. Movement rolls no dice; `dice` is kept for
/// the protocol's signature.
///
/// # Errors
/// Why the action is illegal now, citing the rule.
pub fn perform_with(
    game: &mut Alesia,
    rules: &MoveRules,
    generator: &mut MoveGenerator,
    action: MoveAction,
    _dice: &mut Dice,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), MoveError> {
    let (plan, _) = plan::plan(game, rules, generator, &action)?;
    apply::apply(game, plan, events);
    Ok(())
}
