//! `Policy::choose_directly` (issue 6: "speed may not come from weaker
//! play"): the reference bots choose in an activation from the unsearched
//! actions and the moves of only the units that could be chosen; at every
//! decision of their games that choice, and the bot's state after it, must be
//! what the full list of legal actions gives (`testkit::check_direct_choice`).
//! And the partial listings the direct choice reads
//! (`Alesia::legal_actions_unsearched`, `unit_moves`, `leader_moves`) must
//! make up the full listing, kind by kind in its order, in bot games and in
//! random ones.
//!
//! The listing cache would answer most of a direct choice from the listings
//! made before it: each direct choice is also made on a thread of its own,
//! whose movement generator and cache start empty, so that the searches cut
//! short toward the bots' targets are checked too.
//!
//! Debug builds play the first actions of each scenario by default; whole
//! games are `#[ignore]`d: `cargo test --release -p gboh-alesia --test
//! bots_choose_directly -- --include-ignored`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use std::ops::ControlFlow;

use gboh_alesia::movement::MoveAction;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, UniformRandom};
use gboh_core::testkit::check_direct_choice;

/// The full listing against its parts, kind by kind.
fn check_partition(game: &Game<Alesia>) {
    let state = game.state();
    let full = game.legal_actions();
    let searched_unit = |a: &Action| matches!(a, Action::Move(MoveAction::Move { .. }));
    let searched_leader = |a: &Action| matches!(a, Action::Move(MoveAction::MoveLeader { .. }));
    // The full listing's actions of one kind against the part listing them.
    let same = |what: &str, kind: &dyn Fn(&Action) -> bool, part: &[Action]| {
        let listed: Vec<&Action> = full.iter().filter(|a| kind(a)).collect();
        assert_eq!(
            listed,
            part.iter().collect::<Vec<_>>(),
            "{what} at action {}",
            game.log().len()
        );
    };
    let mut unsearched = Vec::new();
    state.legal_actions_unsearched(&mut unsearched);
    same("unsearched listing", &|a| !searched_unit(a) && !searched_leader(a), &unsearched);
    let mut moves = Vec::new();
    state.unit_moves(&state.movers(), |_, m| {
        moves.extend(m.iter().cloned().map(Action::Move));
        ControlFlow::Continue(())
    });
    same("unit moves", &searched_unit, &moves);
    let mut leaders = Vec::new();
    state.leader_moves(&mut leaders);
    same("leader moves", &searched_leader, &leaders);
}

/// `policy`'s direct choice made on a new thread (a new movement generator,
/// with an empty listing cache), and its state afterwards.
fn cold_direct_choice<P: Policy<Alesia> + Clone + Send>(
    game: &Game<Alesia>,
    policy: &P,
) -> (Option<Action>, P) {
    let mut cold = policy.clone();
    std::thread::scope(|s| {
        s.spawn(|| {
            let chosen = cold.choose_directly(game);
            (chosen, cold)
        })
        .join()
        .unwrap()
    })
}

/// Plays `scenario` with the reference bots, checking every direct choice
/// against the full list and every activation's partial listings; returns
/// the number of direct choices.
fn bots(scenario: ScenarioId, seed: u64, max_actions: usize) -> usize {
    let mut play = Playthrough::new(scenario, seed).unwrap();
    let mut direct = 0;
    while play.game.log().len() < max_actions {
        let gauls = play.game.decider() == Some(Side::Adversary);
        let (cold, cold_gauls, cold_romans) = if gauls {
            let (chosen, after) = cold_direct_choice(&play.game, &play.gauls);
            (chosen, Some(after), None)
        } else {
            let (chosen, after) = cold_direct_choice(&play.game, &play.romans);
            (chosen, None, Some(after))
        };
        if matches!(play.game.pending(), Pending::Activation { .. }) {
            check_partition(&play.game);
        }
        let chosen = if gauls {
            check_direct_choice(&play.game, &mut play.gauls)
        } else {
            check_direct_choice(&play.game, &mut play.romans)
        };
        let at = play.game.log().len();
        assert_eq!(
            chosen.as_ref().ok().cloned().flatten(),
            cold,
            "{scenario:?} seed {seed}, action {at}: cold cache"
        );
        if chosen.as_ref().is_ok_and(Option::is_some) {
            assert!(
                cold_gauls.is_none_or(|p| p == play.gauls)
                    && cold_romans.is_none_or(|p| p == play.romans),
                "{scenario:?} seed {seed}, action {at}: the bot's state after a cold direct choice"
            );
        }
        let action = match chosen {
            Ok(Some(action)) => {
                direct += 1;
                action
            }
            Ok(None) => {
                let legal = play.game.legal_actions();
                if legal.is_empty() {
                    break;
                }
                let pick = match play.game.decider() {
                    Some(Side::Adversary) => play.gauls.choose(&play.game, &legal),
                    _ => play.romans.choose(&play.game, &legal),
                };
                legal[pick].clone()
            }
            Err(e) => panic!("{scenario:?} seed {seed}, action {}: {e}", play.game.log().len()),
        };
        play.game.apply(action).unwrap();
    }
    direct
}

#[test]
fn final_assault_opening_direct_choices_match_the_full_list() {
    assert!(bots(ScenarioId::FinalAssault, 1, 150) > 20);
}

#[test]
fn historical_opening_direct_choices_match_the_full_list() {
    assert!(bots(ScenarioId::Historical, 2, 150) > 20);
}

#[test]
#[ignore = "whole games: run in release with --include-ignored"]
fn whole_games_direct_choices_match_the_full_list() {
    for seed in 1..=4 {
        bots(ScenarioId::FinalAssault, seed, usize::MAX);
        bots(ScenarioId::Historical, seed, usize::MAX);
    }
}

/// Random play reaches activations the bots never make (leaders moving,
/// Roman units marching out): the partial listings still make up the whole.
#[test]
fn random_games_partial_listings_make_up_the_full_listing() {
    for (scenario, seed) in [(ScenarioId::FinalAssault, 3), (ScenarioId::Historical, 4)] {
        let mut game =
            Game::new(Playthrough::initial(scenario).unwrap(), gboh_core::dice::Dice::seeded(seed));
        let mut random = UniformRandom::seeded(seed);
        for _ in 0..120 {
            if matches!(game.pending(), Pending::Activation { .. }) {
                check_partition(&game);
            }
            let legal = game.legal_actions();
            if legal.is_empty() {
                break;
            }
            let pick = random.choose(&game, &legal);
            game.apply(legal[pick].clone()).unwrap();
        }
    }
}
