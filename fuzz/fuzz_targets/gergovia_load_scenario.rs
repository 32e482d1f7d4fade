//! The Gergovia scenario loader never panics: arbitrary bytes load or give an
//! error; a scenario that loads deploys (or says its zone is too small) and
//! checks its own deployment without panicking.
#![no_main]

use gboh_gergovia::scenario::{ScenarioError, load_scenario};
use gboh_gergovia::{counters, map, victory};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (Ok(board), Ok(mix)) = (map::board(), counters::counters()) else { return };
    match load_scenario("fuzz.ron", text, board, mix) {
        Err(ScenarioError::Data(e)) => assert!(!e.problems.is_empty()),
        Err(_) => {}
        Ok(scenario) => {
            if let Ok(d) = scenario.default_deployment(board, mix) {
                let _ = scenario.check(board, mix, &d);
                if let Ok(v) = victory::victory() {
                    let situation =
                        victory::Situation { on_map: d.on_map(), ..victory::Situation::default() };
                    let _ = v.count(victory::Version::Standard, board, mix, &situation);
                }
            }
        }
    }
});
