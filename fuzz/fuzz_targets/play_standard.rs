//! Action sequences on the standard engine's Skirmish scenario (gboh-standard)
//! and Dictator's scenarios (Tribal and Pontic tests, the Rhine, Chaeronea): whatever `legal_actions` lists,
//! `apply` accepts; whatever is not listed is rejected and leaves the
//! serialized game byte-identical; `check` agrees with `apply`; a loaded copy
//! continues identically; the engine's invariants hold after every action;
//! seed plus log replays to the same fingerprint. The first byte picks the
//! battle, the next two seed the dice, the rest are steps.
#![no_main]

#[path = "../../crates/gboh-standard/tests/invariants_support/mod.rs"]
#[allow(clippy::all)]
mod invariants;

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::{Playout, check_replay, play_steps, steps_from_bytes};
use gboh_dictator::Dictator;
use gboh_standard::{Battle, Spqr, StandardGame};
use libfuzzer_sys::fuzz_target;

fn play<G: StandardGame>(start: Battle<G>, data: &[u8]) {
    let (seed, rest) = data.split_at(data.len().min(2));
    let seed = seed.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
    let options = Playout {
        max_actions: 24,
        round_trip_every: 12,
        illegal_every: 0,
        check_all_listed: false,
        unlisted_must_fail: true,
    };
    let game = Game::new(start.clone(), Dice::seeded(seed));
    match play_steps(game, &steps_from_bytes(rest), &options, invariants::invariants) {
        Ok((_, end)) => {
            if let Err(e) = check_replay(&start, seed, &end) {
                panic!("{e}");
            }
        }
        Err(v) => panic!("{v}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    match which % 5 {
        0 => play(Battle::new(Spqr, "Skirmish").expect("Skirmish loads").0, rest),
        1 => play(
            Battle::new(Dictator::tribal_test(), "Tribal test").expect("Tribal test loads").0,
            rest,
        ),
        2 => play(
            Battle::new(Dictator::pontic_test(), "Pontic test").expect("Pontic test loads").0,
            rest,
        ),
        3 => play(Battle::new(Dictator::rhine(), "The Rhine").expect("the Rhine loads").0, rest),
        _ => {
            play(Battle::new(Dictator::chaeronea(), "Chaeronea").expect("Chaeronea loads").0, rest)
        }
    }
});
