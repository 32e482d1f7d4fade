//! Replay-log loading never panics: arbitrary bytes are read as an action
//! log (the `--replay` file of `examples/alesia_final_assault.rs`: scenario,
//! seed, actions, final fingerprint); a log that parses replays from its
//! scenario or stops with a `ReplayError` at the diverging action. A replay
//! that succeeds is deterministic: replaying it again gives the same
//! fingerprint, and its state survives a save and load.
#![no_main]

use gboh_alesia::game::Setup;
use gboh_alesia::protocol::{Action, Alesia};
use gboh_alesia::scenario::Scenario;
use gboh_core::game::{Game, fingerprint};
use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

#[derive(Deserialize)]
#[allow(dead_code)]
struct ActionLog {
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
    final_fingerprint: u64,
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(log) = ron::from_str::<ActionLog>(text) else { return };
    let scenario = match log.scenario.as_str() {
        "historical" => Scenario::historical(),
        _ => Scenario::final_assault(),
    };
    let Ok(setup) = Setup::shared() else { return };
    let Ok(initial) = scenario.and_then(|s| s.initial_game(setup)) else { return };
    let actions = log.actions.into_iter().take(400).collect::<Vec<_>>();
    match Game::replay(initial.clone(), log.seed, actions.iter().cloned()) {
        Err(e) => assert!(e.index < actions.len(), "diverged past the log: {e}"),
        Ok(game) => {
            let again = Game::replay(initial, log.seed, actions).map(|g| fingerprint(&g));
            assert_eq!(
                again.ok().and_then(Result::ok),
                fingerprint(&game).ok(),
                "replay not deterministic"
            );
            let saved = ron::to_string(&game).unwrap_or_default();
            let loaded: Result<Game<Alesia>, _> = ron::from_str(&saved);
            let Ok(loaded) = loaded else { panic!("a replayed game does not load") };
            assert_eq!(
                ron::to_string(&loaded).unwrap_or_default(),
                saved,
                "save/load changed the game"
            );
        }
    }
});
