//! The simplified version played to the end by the random policy on the
//! real map and counters, and replayed exactly from its seed and log.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Limits, UniformRandom, play};
use gboh_gergovia::simplified::GergoviaSimplified;
use gboh_simple::Battle;
use gboh_simple::protocol::Pending;

fn game(seed: u64) -> Game<Battle<GergoviaSimplified>> {
    Game::new(Battle::new(GergoviaSimplified::standard().unwrap()), Dice::seeded(seed))
}

#[test]
fn simplified_plays_to_the_end_with_the_random_policy_and_replays_exactly() {
    for seed in 0..2 {
        let mut g = game(seed);
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut gaul = UniformRandom::seeded(seed ^ 0xfeed);
        let result = play(&mut g, &mut roman, &mut gaul, Limits { max_actions: 20_000 }).unwrap();
        assert!(result.finished, "seed {seed}: not over after {} actions", result.actions);
        let Pending::Over(outcome) = g.state().pending() else { panic!("seed {seed}: not over") };
        eprintln!("seed {seed}: {} actions, {outcome:?}", result.actions);
        let again = Game::replay(
            Battle::new(GergoviaSimplified::standard().unwrap()),
            seed,
            g.log().to_vec(),
        )
        .unwrap();
        assert_eq!(again.state(), g.state(), "seed {seed}: the replay differs");
    }
}
