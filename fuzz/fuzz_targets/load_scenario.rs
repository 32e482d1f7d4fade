//! The scenario loader never panics: arbitrary bytes load or give a
//! `DataError` with at least one problem; a scenario that loads builds its
//! initial game (or gives a `ScenarioError`) and validates its deployment
//! without panicking.
#![no_main]

use gboh_alesia::counters::CounterMix;
use gboh_alesia::game::Setup;
use gboh_alesia::map::west_map;
use gboh_alesia::scenario::{Scenario, validate_deployment};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (Ok(mix), Ok(map)) = (CounterMix::default_mix(), west_map()) else { return };
    match Scenario::load("fuzz.ron", text, mix, map) {
        Err(e) => assert!(!e.problems.is_empty(), "an error with no problem"),
        Ok(scenario) => {
            let Ok(setup) = Setup::shared() else { return };
            if let Ok(game) = scenario.initial_game(setup) {
                let _ = validate_deployment(&game.field, &scenario);
            }
        }
    }
});
