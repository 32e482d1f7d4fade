//! `Battle<Alesia>`, the engine's protocol over Alesia's state, against
//! Alesia's own protocol, action by action through a bot game on 12.1's
//! map: at every decision point both ask the same decision and list the
//! same actions (as sets: `Battle` lists the game's own actions first), and
//! every action the bots take, taken through `Battle<Alesia>` from the same
//! state with the same dice, is accepted and leaves the same state with the
//! same events. Alesia's move search answers the engine's `Action::Move`
//! and `Action::MoveLeader` (`BattleRules::moves`, `check_move`,
//! `perform_move`), its other movement actions are `AlesiaChoice::Movement`,
//! its siege actions the engine's `CombatAction::Game`, its lone leaders'
//! retreats (4.33) `BattleRules::retreat_lone_leader`: the two protocols
//! agree on every decision, listing, state and event of these games.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use std::collections::HashSet;

use gboh_alesia::movement::MoveAction;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Action, Alesia, AlesiaChoice, Pending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::game::Rules;
use gboh_simple::protocol::{Action as E, ActionOf};
use gboh_simple::{Battle, CombatAction};

/// The engine's action as Alesia's.
fn alesia_action(a: ActionOf<Alesia>) -> Action {
    match a {
        E::Game(c) => Action::from(c),
        E::AttemptSeizure(l) => Action::AttemptSeizure(l),
        E::DeclineSeizure => Action::DeclineSeizure,
        E::Activate(c) => Action::Activate(c),
        E::Pass => Action::Pass,
        E::Move { unit, to, facing } => Action::Move(MoveAction::Move { unit, to, facing }),
        E::MoveLeader { leader, to } => Action::Move(MoveAction::MoveLeader { leader, to }),
        E::Combat(c) => Action::Combat(c),
        E::RetreatLeader { leader, to } => Action::RetreatLeader { leader, to },
        E::EndActivation => Action::EndActivation,
    }
}

/// Alesia's action as the engine's.
fn engine_action(a: Action) -> ActionOf<Alesia> {
    if let Some(c) = a.choice() {
        return E::Game(c);
    }
    match a {
        Action::AttemptSeizure(l) => E::AttemptSeizure(l),
        Action::DeclineSeizure => E::DeclineSeizure,
        Action::Activate(c) => E::Activate(c),
        Action::Pass => E::Pass,
        Action::Move(MoveAction::Move { unit, to, facing }) => E::Move { unit, to, facing },
        Action::Move(MoveAction::MoveLeader { leader, to }) => E::MoveLeader { leader, to },
        Action::Move(m) => E::Game(AlesiaChoice::Movement(m)),
        Action::Combat(c) => E::Combat(c),
        Action::RetreatLeader { leader, to } => E::RetreatLeader { leader, to },
        Action::EndActivation => E::EndActivation,
        other => panic!("{other:?} is one of Alesia's own and has a choice"),
    }
}

#[derive(Debug, Default)]
struct Compared {
    actions: usize,
    moves: usize,
    listed: usize,
    shocks: usize,
    retreats: usize,
}

fn compare(p: &mut Playthrough, seen: &mut Compared) -> bool {
    let game = &p.game;
    let battle = Battle::new(game.state().clone());
    let n = game.log().len();
    let pending = game.pending();
    assert_eq!(battle.pending(), pending, "action {n}: the decision pending");
    let mine: Vec<Action> = game.legal_actions();
    let mut engine = Vec::new();
    battle.legal_actions(&mut engine);
    assert_eq!(engine.len(), mine.len(), "action {n}: how many actions at {pending:?}");
    let mine: HashSet<Action> = mine.into_iter().collect();
    let engine: HashSet<Action> = engine.into_iter().map(alesia_action).collect();
    assert!(engine == mine, "action {n}: the actions listed at {pending:?}");
    seen.listed += mine.len();

    let mut battle = Battle::new(game.state().clone());
    let mut dice = game.dice().clone();
    let mut events = Vec::new();
    if !p.step(&mut events).unwrap() {
        return false;
    }
    let action = p.game.log().last().unwrap().clone();
    let taken = engine_action(action.clone());
    battle.check(&taken).unwrap_or_else(|e| panic!("action {n}: {action:?} refused: {e}"));
    let mut theirs = Vec::new();
    battle.perform(taken, &mut dice, &mut theirs).unwrap();
    assert_eq!(battle.state(), p.game.state(), "action {n}: the state after {action:?}");
    seen.shocks += usize::from(matches!(action, Action::Combat(CombatAction::BeginShock)));
    assert_eq!(theirs, events, "action {n}: the events of {action:?}");
    assert_eq!(&dice, p.game.dice(), "action {n}: the dice after {action:?}");
    seen.actions += 1;
    seen.moves += usize::from(matches!(action, Action::Move(_)));
    seen.retreats += usize::from(matches!(action, Action::RetreatLeader { .. }));
    true
}

#[test]
fn battle_plays_the_final_assault_as_alesias_own_protocol_does() {
    let mut p = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    let mut seen = Compared::default();
    while seen.actions < 260 && compare(&mut p, &mut seen) {}
    assert_eq!(seen.actions, 260, "{seen:?}");
    assert!(seen.moves > 50, "{seen:?}");
    assert!(seen.shocks > 2, "{seen:?}");
}

#[test]
fn battle_plays_the_historical_scenario_as_alesias_own_protocol_does() {
    let mut p = Playthrough::new(ScenarioId::Historical, 2).unwrap();
    let mut seen = Compared::default();
    while seen.actions < 200 && compare(&mut p, &mut seen) {}
    assert_eq!(seen.actions, 200, "{seen:?}");
    assert!(seen.moves > 30, "{seen:?}");
}

/// Whole games (about 1,300 and 1,150 actions), with lone leaders'
/// retreats (4.33).
#[test]
#[ignore = "long: whole bot games compared action by action; run in release"]
fn battle_plays_whole_games_as_alesias_own_protocol_does() {
    let mut retreats = 0;
    for (scenario, seed) in [(ScenarioId::FinalAssault, 1), (ScenarioId::Historical, 2)] {
        let mut p = Playthrough::new(scenario, seed).unwrap();
        let mut seen = Compared::default();
        while compare(&mut p, &mut seen) {}
        assert!(matches!(p.game.pending(), Pending::Over(_)), "{scenario} {seed}: {seen:?}");
        assert!(seen.actions > 1000, "{scenario} {seed}: {seen:?}");
        retreats += seen.retreats;
    }
    assert!(retreats > 0);
}
