//! Alesia's own decisions through the engine's protocol: at every decision
//! point between activations of a played game (5.3-5.4 Gallic Assault
//! Planning, 5.5 Roman Redeployment, the choice of a command with 12.1's
//! placements, 5.42's entries and 4.35's returns, 5.21's Seizure window
//! with 5.25's seizure to move) and for 6.13's riders and Alesia's own
//! movement actions (`AlesiaChoice::Movement`) in an activation,
//! `Battle<Alesia>` asks the same decision and lists the same actions, in
//! the same order, as Alesia's own protocol; each of Alesia's own actions
//! ([`AlesiaChoice`]) taken through `Battle<Alesia>` as the engine's
//! `Action::Game` leaves the same state and reports the same events.
//!
//! The games: the bots on 12.1's map under the general entry rules, and a
//! second Assault Period (5.5) played by the bots and by a uniform random
//! policy (which redeploys units, as the bots do not).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use crate::scenario_support;

use gboh_alesia::bots::{GallicAggression, RomanDefender};
use gboh_alesia::game::{AlesiaField, CounterIdx, Setup};
use gboh_alesia::movement::MoveAction;
use gboh_alesia::protocol::{Action, Alesia, AlesiaChoice, AlesiaDecision, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Policy, UniformRandom};
use gboh_simple::protocol::Action as EngineAction;
use gboh_simple::{Battle, BattleRules};

/// What the two protocols share at this point, compared; counts what was
/// compared into `seen`.
fn compare(game: &Game<Alesia>, seen: &mut Seen) {
    let battle = Battle::new(game.state().clone());
    let pending = game.pending();
    let mine = game.legal_actions();
    match &pending {
        Pending::Activation { .. } => {
            // What `Battle<Alesia>` adds to an activation's listing.
            let own = |a: &&Action| match a {
                Action::Move(m) => {
                    !matches!(m, MoveAction::Move { .. } | MoveAction::MoveLeader { .. })
                }
                a => a.choice().is_some(),
            };
            let riders: Vec<Action> = mine.iter().filter(own).cloned().collect();
            let mut engine = Vec::new();
            BattleRules::choices(battle.state(), &pending, &mut engine);
            let engine: Vec<Action> = engine.into_iter().map(Action::from).collect();
            assert_eq!(engine, riders, "6.13 riders and the movement actions of Alesia's own");
            seen.riders += riders.iter().filter(|a| matches!(a, Action::RideAlong { .. })).count();
        }
        Pending::Game { .. } | Pending::ChooseCommand { .. } | Pending::Seizure { .. } => {
            assert_eq!(battle.pending(), pending, "the decision pending");
            let mut engine = Vec::new();
            battle.legal_actions(&mut engine);
            let engine: Vec<Action> = engine.into_iter().map(Action::from).collect();
            assert_eq!(engine, mine, "the actions listed at {pending:?}");
            match pending {
                Pending::Game { decision: AlesiaDecision::GallicPlanning(_), .. } => {
                    seen.planning += 1;
                }
                Pending::Game { decision: AlesiaDecision::RomanRedeployment, .. } => {
                    seen.redeployment += 1;
                }
                _ => seen.between += 1,
            }
        }
        Pending::Combat(_) | Pending::LeaderRetreat { .. } | Pending::Over(_) => {}
    }
}

/// Applies `action`; one of Alesia's own is also taken through
/// `Battle<Alesia>` as `Action::Game`, with the same dice, and must end the
/// same.
fn apply(game: &mut Game<Alesia>, action: Action, seen: &mut Seen) {
    let choice = action.choice();
    let mut battle = Battle::new(game.state().clone());
    let mut dice = game.dice().clone();
    let events = game.apply(action.clone()).unwrap();
    let Some(choice) = choice else { return };
    let engine_action = EngineAction::Game(choice.clone());
    battle.check(&engine_action).unwrap_or_else(|e| panic!("{choice:?} refused: {e}"));
    let mut engine_events = Vec::new();
    battle.perform(engine_action, &mut dice, &mut engine_events).unwrap();
    assert_eq!(engine_events, events, "the events of {choice:?}");
    assert_eq!(battle.state(), game.state(), "the state after {choice:?}");
    assert_eq!(&dice, game.dice(), "the dice after {choice:?}");
    seen.choices.push(choice);
}

#[derive(Debug, Default)]
struct Seen {
    planning: usize,
    redeployment: usize,
    between: usize,
    riders: usize,
    choices: Vec<AlesiaChoice>,
}

impl Seen {
    fn took(&self, pick: impl Fn(&AlesiaChoice) -> bool) -> bool {
        self.choices.iter().any(pick)
    }
}

fn play(
    game: &mut Game<Alesia>,
    roman: &mut impl Policy<Alesia>,
    gaul: &mut impl Policy<Alesia>,
    actions: usize,
    seen: &mut Seen,
) {
    for _ in 0..actions {
        compare(game, seen);
        let Some(side) = game.decider() else { break };
        let legal = game.legal_actions();
        let i = match side {
            Side::Roman => roman.choose(game, &legal),
            Side::Adversary => gaul.choose(game, &legal),
        };
        apply(game, legal[i].clone(), seen);
    }
}

/// The first period ends at once (the Arverni committed and withdrawn,
/// 3.1, the Gauls pass); the second begins with 5.5.
fn second_period(seed: u64) -> Game<Alesia> {
    let mut state =
        scenario_support::with_periods(2).initial_game(Setup::shared().unwrap()).unwrap();
    let arverni = state.setup().counters.iter().position(|c| c.id == "Arverni").unwrap();
    let w3901 = state.setup().board.hex_of("W3901").unwrap();
    let c = state.field.counter_mut(CounterIdx(u8::try_from(arverni).unwrap())).unwrap();
    c.at = Some(w3901);
    c.withdrawn = true;
    let mut game = Game::new(state, Dice::seeded(seed));
    game.apply(Action::Pass).unwrap();
    assert_eq!(game.state().turn.play.period, 2);
    game
}

#[test]
fn gallic_assault_planning_and_the_choice_of_commands_through_the_engine() {
    let relief = ["Arverni", "Sequani", "Senones", "Nervii", "Boii", "Cavalry-1"];
    let scenario = scenario_support::general_rules(&relief, 1);
    let state = scenario.initial_game(Setup::shared().unwrap()).unwrap();
    let mut game = Game::new(state, Dice::seeded(9));
    let mut seen = Seen::default();
    play(
        &mut game,
        &mut RomanDefender::seeded(9),
        &mut GallicAggression::seeded(10),
        400,
        &mut seen,
    );
    assert!(seen.planning > 5, "{seen:?}");
    assert!(seen.between > 5, "{seen:?}");
    assert!(seen.riders > 0, "{seen:?}");
    assert!(seen.took(|c| matches!(c, AlesiaChoice::AssignTribe { .. })), "{seen:?}");
    assert!(seen.took(|c| matches!(c, AlesiaChoice::PlaceCounter(_))), "{seen:?}");
    assert!(seen.took(|c| matches!(c, AlesiaChoice::EndPlacement)), "{seen:?}");
}

#[test]
fn roman_redeployment_through_the_engine() {
    let mut seen = Seen::default();
    let mut bots = second_period(3);
    play(
        &mut bots,
        &mut RomanDefender::seeded(3),
        &mut GallicAggression::seeded(4),
        200,
        &mut seen,
    );
    for seed in [1, 2] {
        let mut random = second_period(seed);
        play(
            &mut random,
            &mut UniformRandom::seeded(seed),
            &mut UniformRandom::seeded(seed + 10),
            30,
            &mut seen,
        );
    }
    assert!(seen.redeployment > 3, "{seen:?}");
    assert!(seen.took(|c| matches!(c, AlesiaChoice::Redeploy { .. })), "{seen:?}");
    assert!(
        seen.took(|c| matches!(c, AlesiaChoice::KeepDeployment | AlesiaChoice::EndRedeployment)),
        "{seen:?}"
    );
    assert!(seen.took(|c| matches!(c, AlesiaChoice::PlaceCounter(_))), "{seen:?}");
}
