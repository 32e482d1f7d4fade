//! 6.65: "stacked units must have the same facing". A unit that a forced move
//! (Retreat Before Shock, retreat, rout, advance, pursuit) puts into a hex
//! with friends takes their facing. The fuzz target `play_historical` found a
//! unit retreating before shock into a friend's hex with its own facing; its
//! input is replayed here through the same harness (the testkit's steps from
//! bytes, every protocol check, the rules' invariants after every action).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::invariants_support;

use gboh_alesia::game::Setup;
use gboh_alesia::scenario::Scenario;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::{Playout, check_replay, play_steps, steps_from_bytes};

/// The fuzzer's input: two bytes of seed, then the steps.
const FOUND: &[u8] =
    include_bytes!("../../../fuzz/corpus/play_historical/seed-6-65-retreat-before-shock-facing");

#[test]
fn rule_6_65_the_fuzzed_retreat_before_shock_into_a_friends_hex_shares_its_facing() {
    let start = Scenario::historical().unwrap().initial_game(Setup::shared().unwrap()).unwrap();
    let (seed, rest) = FOUND.split_at(FOUND.len().min(2));
    let seed = seed.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
    let options = Playout {
        max_actions: 24,
        round_trip_every: 12,
        illegal_every: 0,
        check_all_listed: false,
        unlisted_must_fail: true,
    };
    let game = Game::new(start.clone(), Dice::seeded(seed));
    let (_, end) =
        play_steps(game, &steps_from_bytes(rest), &options, invariants_support::invariants)
            .unwrap_or_else(|v| panic!("{v}"));
    check_replay(&start, seed, &end).unwrap();
}
