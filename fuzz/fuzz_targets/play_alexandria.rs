//! Action sequences on Caesar in Alexandria's main game (the land game
//! with its Fleet activations, 3.0 A, 4.42): whatever `legal_actions`
//! lists, `check` and `apply` accept; whatever is not listed (earlier
//! actions, listed actions with an id, hex or count rewritten) `check` and
//! `apply` refuse with the same error, leaving the game unchanged; a clone
//! continues identically; the land invariants (every unit on the map,
//! aboard one galley or eliminated; no enemy units sharing a hex; the
//! stacking limits) hold after every action; seed plus log replays to the
//! same game. The first two bytes seed the dice, the rest are steps
//! (`testkit::steps_from_bytes`). The land state does not serialize, so
//! the checks are the crate's own (`tests/land_support`), by `==` and
//! clones, not `testkit::play_steps`.
#![no_main]

#[path = "../../crates/gboh-alexandria/tests/land_support/mod.rs"]
#[allow(clippy::all)]
mod land;

use std::sync::OnceLock;

use gboh_alexandria::play::Alexandria;
use gboh_core::testkit::steps_from_bytes;
use libfuzzer_sys::fuzz_target;

fn start() -> Option<&'static Alexandria> {
    static START: OnceLock<Option<Alexandria>> = OnceLock::new();
    START.get_or_init(|| Alexandria::main_game().ok()).as_ref()
}

fuzz_target!(|data: &[u8]| {
    let Some(start) = start() else { panic!("the main game does not set up") };
    let (seed, rest) = data.split_at(data.len().min(2));
    let seed = seed.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
    if let Err(e) = land::play_checked(start, seed, &steps_from_bytes(rest), 24, 12) {
        panic!("{e}");
    }
});
