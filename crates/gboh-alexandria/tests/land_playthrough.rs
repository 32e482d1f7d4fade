//! The land game played end to end: golden playthroughs of the city bot
//! on both sides (pinned: action count, outcome, a fingerprint of the
//! narrated stream; `cargo run --release -p gboh-alexandria --example
//! alexandria -- --seed N` prints the same stream), and random play that
//! never panics and replays exactly from its seed and action log.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alexandria::play::Alexandria;
use gboh_alexandria::play::bot::play;
use gboh_alexandria::play::narrate::describe;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Limits, UniformRandom, play as play_random};
use gboh_simple::Battle;
use gboh_simple::protocol::Pending;
use proptest::prelude::*;

fn game(seed: u64) -> Game<Battle<Alexandria>> {
    Game::new(Battle::new(Alexandria::main_game().unwrap()), Dice::seeded(seed))
}

/// FNV-1a over the narrated lines, each followed by a newline.
fn fingerprint(lines: &[String]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for l in lines {
        for b in l.bytes().chain(std::iter::once(b'\n')) {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    }
    h
}

fn golden(seed: u64) -> (usize, String, u64) {
    let mut g = game(seed);
    let mut lines = Vec::new();
    let n = play(&mut g, 100_000, |s, e| lines.extend(describe(s, e))).unwrap();
    let Pending::Over(outcome) = g.state().pending() else { panic!("seed {seed}: not over") };
    // The log replays to the same state.
    let again = Game::replay(Battle::new(Alexandria::main_game().unwrap()), seed, g.log().to_vec())
        .unwrap();
    assert_eq!(again.state(), g.state(), "seed {seed}: the replay differs");
    (n, outcome.reason, fingerprint(&lines))
}

#[test]
fn golden_playthroughs_with_the_city_bot() {
    let got: Vec<_> = [1u64, 2, 7].into_iter().map(golden).collect();
    for g in &got {
        eprintln!("{g:?}");
    }
    // Re-pinned when the Fleet activation (3.0 A, 4.42) joined the land
    // game (was 1244 actions, a draw at 240 Player Turns; 914, both
    // exhausted, Romans 12 / Egyptians 20), when 4.32's lone leader retreat
    // became two places, not the family's three (was 1950, both exhausted,
    // Romans 17 / Egyptians 20; 1296, both exhausted, Romans 12 / Egyptians
    // 21), and when the bot began marching idle units on the places its side
    // must occupy (11.0; was 2795 and 2641, both draws). Seed 7 shows the
    // Egyptians' victory condition reached in play. 4.33's replacement
    // became the owner's decision (one action each: was 2502, 3347, 1054;
    // the narrated streams are unchanged, the bot taking the first unit),
    // and when a subordinate with none of his units in range began going
    // back to them (4.41; was 2503 and 3348, both draws; seed 7 is the
    // same game). Re-pinned when Shock designation came to cite the
    // family's 9.21, not 9.12 (the same games: only those lines' citation
    // changed, seed 1's 72 of them).
    let want = [
        (1072, "11.0: the Egyptians hold 2/3-K/L", 0x5262_c3f4_0b96_94a2),
        (2518, "240 Player Turns without a decision: a draw", 0x2e16_a6a2_ce7b_1aed),
        (1056, "11.0: the Egyptians hold 2/3-K/L", 0xcf04_7f9b_2ff2_1e26),
    ];
    for ((n, reason, print), w) in got.iter().zip(want) {
        assert_eq!((*n, reason.as_str(), *print), w);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3, ..ProptestConfig::default() })]

    /// Random play from the main game never panics, every action it takes
    /// is accepted, and the game replays exactly from seed and log.
    #[test]
    fn random_play_never_panics_and_replays_exactly(seed in 0u64..1_000_000) {
        let mut g = game(seed);
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut egypt = UniformRandom::seeded(seed ^ 0xfeed);
        let result = play_random(&mut g, &mut roman, &mut egypt, Limits { max_actions: 400 });
        prop_assert!(result.is_ok(), "seed {}: {:?}", seed, result.err());
        let again = Game::replay(Battle::new(Alexandria::main_game().unwrap()), seed, g.log().to_vec());
        let again = again.unwrap();
        prop_assert_eq!(again.state(), g.state());
    }
}

/// Random play to the end (release: `cargo test --release -p
/// gboh-alexandria --test integration -- --ignored land_playthrough::`).
#[test]
#[ignore = "long: a whole random game; run in release"]
fn random_play_reaches_the_end_and_replays_exactly() {
    for seed in 0..2u64 {
        let mut g = game(seed);
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut egypt = UniformRandom::seeded(seed ^ 0xfeed);
        let r =
            play_random(&mut g, &mut roman, &mut egypt, Limits { max_actions: 200_000 }).unwrap();
        assert!(r.finished, "seed {seed}: not over after {} actions", r.actions);
        let again =
            Game::replay(Battle::new(Alexandria::main_game().unwrap()), seed, g.log().to_vec())
                .unwrap();
        assert_eq!(again.state(), g.state());
    }
}
