//! The legal-move listing reuses each unit's Moves while nothing they depend
//! on has changed (`movement/listing.rs`). Here, action by action through bot
//! games and random games on both scenarios, the listing the protocol gives
//! equals a fresh generator's, which caches nothing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_alesia::bots::{GallicAggression, RomanDefender};
use gboh_alesia::game::Setup;
use gboh_alesia::movement::{self, MoveGenerator, MoveRules};
use gboh_alesia::protocol::{Alesia, Pending};
use gboh_alesia::scenario::Scenario;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, UniformRandom};

/// Plays `max_actions` actions, checking the listing at every activation.
fn check_game<'a>(
    start: Alesia,
    seed: u64,
    max_actions: usize,
    roman: &'a mut dyn Policy<Alesia>,
    gaul: &'a mut dyn Policy<Alesia>,
) -> usize {
    let mut game = Game::new(start, Dice::seeded(seed));
    let mut checked = 0;
    for _ in 0..max_actions {
        let legal = game.legal_actions();
        if legal.is_empty() {
            break;
        }
        if matches!(game.pending(), Pending::Activation { .. }) {
            let state = game.state();
            let mut cached = Vec::new();
            movement::legal(state, &mut cached);
            let mut fresh = Vec::new();
            let rules = MoveRules::for_game(state);
            movement::legal_with(state, &rules, &mut MoveGenerator::new(), &mut fresh);
            assert_eq!(cached, fresh, "seed {seed}, action {}", game.log().len());
            checked += 1;
        }
        let policy = if game.decider() == Some(Side::Adversary) { &mut *gaul } else { &mut *roman };
        let pick = policy.choose(&game, &legal).min(legal.len() - 1);
        game.apply(legal[pick].clone()).unwrap();
    }
    checked
}

fn final_assault() -> Alesia {
    Scenario::final_assault().unwrap().initial_game(Setup::shared().unwrap()).unwrap()
}

fn historical() -> Alesia {
    Scenario::historical().unwrap().initial_game(Setup::shared().unwrap()).unwrap()
}

#[test]
fn cached_listing_equals_a_fresh_search_in_bot_games() {
    for seed in [1, 2] {
        let (mut r, mut g) = (RomanDefender::seeded(seed), GallicAggression::seeded(seed + 1));
        assert!(check_game(final_assault(), seed, 400, &mut r, &mut g) > 50);
    }
    let (mut r, mut g) = (RomanDefender::seeded(3), GallicAggression::seeded(4));
    assert!(check_game(historical(), 3, 300, &mut r, &mut g) > 50);
}

#[test]
fn cached_listing_equals_a_fresh_search_in_random_games() {
    for seed in [5, 6] {
        let (mut r, mut g) = (UniformRandom::seeded(seed), UniformRandom::seeded(seed + 100));
        assert!(check_game(final_assault(), seed, 300, &mut r, &mut g) > 20);
    }
}

/// What the caches compare positions by: `same_pieces_of(other, side)` holds
/// after a change to the other side's units only, and not after a change to
/// that side's units, a leader, a Tribal Counter or a marker;
/// `same_position` holds for a clone and not after any change.
#[test]
fn battlefield_comparisons_follow_each_kind_of_change() {
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::scenario::ScenarioId;
    use gboh_core::facing::Facing;

    let start = Playthrough::initial(ScenarioId::FinalAssault).unwrap().field;
    let setup = start.setup().clone();
    let first_of = |side: Side| {
        (0..setup.units.len())
            .map(|i| gboh_alesia::game::Uid(u16::try_from(i).unwrap()))
            .find(|&u| setup.unit(u).unwrap().side == side)
            .unwrap()
    };
    assert!(start.clone().same_position(&start));
    assert!(start.same_pieces_of(&start.clone(), Side::Roman));
    for moved in [Side::Roman, Side::Adversary] {
        let mut field = start.clone();
        let u = first_of(moved);
        let s = field.unit_mut(u).unwrap();
        s.facing = if s.facing == Facing::Two { Facing::Four } else { Facing::Two };
        assert!(!field.same_position(&start));
        assert!(!field.same_pieces_of(&start, moved), "{moved:?} moved");
        assert!(field.same_pieces_of(&start, moved.opponent()), "{moved:?} moved");
    }
    let mut field = start.clone();
    let _ = field.leader_mut(gboh_alesia::game::Lid(0));
    let mut marked = start.clone();
    let hex = setup.board.hexes().next().unwrap();
    marked.markers_mut(hex).unwrap().rubble = true;
    for changed in [&field, &marked] {
        for side in [Side::Roman, Side::Adversary] {
            assert!(!changed.same_pieces_of(&start, side));
        }
    }
}
