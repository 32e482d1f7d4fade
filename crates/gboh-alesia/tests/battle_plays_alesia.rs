//! `Battle<Alesia>`, the engine's protocol over Alesia's state, against
//! Alesia's `Rules` (the engine's steps, `gboh_simple::protocol::play`, in
//! Alesia's action vocabulary), action by action through a bot game on
//! 12.1's map: at every decision point both ask the same decision and list
//! the same actions in the same order (an Alesia `Action` and the engine's
//! are one another's through `From`, both ways), and every action the bots
//! take, taken through `Battle<Alesia>` from the same state with the same
//! dice, is accepted and leaves the same state with the same events. Alesia's
//! move search answers the engine's `Action::Move` and `Action::MoveLeader`
//! (`BattleRules::moves`, `check_move`, `perform_move`), its other movement
//! actions are `AlesiaChoice::Movement`, its siege actions the engine's
//! `CombatAction::Game`, its lone leaders' retreats (4.33)
//! `BattleRules::retreat_lone_leader`, its instant win (11.0)
//! `BattleRules::outcome`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::game::Rules;
use gboh_simple::protocol::ActionOf;
use gboh_simple::{Battle, CombatAction};

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
    let engine: Vec<Action> = engine.into_iter().map(Action::from).collect();
    assert!(engine == mine, "action {n}: the actions listed at {pending:?}");
    // Each listed action is the engine's and back again.
    assert!(mine.iter().all(|a| Action::from(ActionOf::<Alesia>::from(a.clone())) == *a));
    seen.listed += mine.len();

    let mut battle = Battle::new(game.state().clone());
    let mut dice = game.dice().clone();
    let mut events = Vec::new();
    if !p.step(&mut events).unwrap() {
        return false;
    }
    let action = p.game.log().last().unwrap().clone();
    let taken = ActionOf::<Alesia>::from(action.clone());
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
