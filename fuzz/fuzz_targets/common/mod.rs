//! Shared by the action fuzz targets: bytes decode into steps among the
//! listed actions and unlisted ones (`gboh_core::testkit::steps_from_bytes`),
//! played from a scenario's start with every protocol check of the kit and
//! the Alesia rules' invariants after every action; then seed plus log must
//! replay to the same fingerprint. Any violation panics, which the fuzzer
//! reports as a crash.

#![allow(dead_code)]

#[path = "../../../crates/gboh-alesia/tests/invariants_support/mod.rs"]
#[allow(clippy::all)]
mod invariants;

use gboh_alesia::protocol::Alesia;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::{Playout, check_replay, play_steps, steps_from_bytes};

/// Plays `data` from `start`: the first two bytes seed the dice, the rest are steps.
pub fn play(start: &Alesia, data: &[u8]) {
    let (seed, rest) = data.split_at(data.len().min(2));
    let seed = seed.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
    let game = Game::new(start.clone(), Dice::seeded(seed));
    let steps = steps_from_bytes(rest);
    let options = Playout {
        max_actions: 24,
        round_trip_every: 12,
        illegal_every: 0,
        check_all_listed: false,
        unlisted_must_fail: true,
    };
    match play_steps(game, &steps, &options, invariants::invariants) {
        Ok((_, end)) => {
            if let Err(e) = check_replay(start, seed, &end) {
                panic!("{e}");
            }
        }
        Err(v) => panic!("{v}"),
    }
}
