//! The Caesar in Alexandria data loaders never panic: arbitrary bytes, read
//! as one of the game's data files (the first byte picks which: the map, the
//! city, the counters, the scenarios, the fleet tables, or one of the land
//! game's five tables through `play::chart::load_as`), the others embedded,
//! load or give a `DataError` with at least one problem, reported under the
//! name the fuzzer gave the file.
#![no_main]

use gboh_alexandria::fleet::tables as fleet_tables;
use gboh_alexandria::play::chart;
use gboh_alexandria::{counters, map, scenario};
use gboh_core::data::DataError;
use libfuzzer_sys::fuzz_target;

const NAME: &str = "fuzz.ron";

/// Ok, or an error with a problem reported under one of `files`.
fn loaded<T>(result: Result<T, DataError>, files: &[&str]) {
    if let Err(e) = result {
        assert!(!e.problems.is_empty(), "an error without a problem: {e:?}");
        assert!(files.contains(&e.file.as_str()), "reported under {}: {e}", e.file);
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    match which % 10 {
        // A map that loads may lack what the embedded city refers to.
        0 => loaded(map::load(NAME, text, map::CITY_FILE, map::CITY_RON), &[NAME, map::CITY_FILE]),
        1 => loaded(map::load(map::MAP_FILE, map::MAP_RON, NAME, text), &[NAME]),
        2 => loaded(counters::load_counters(NAME, text), &[NAME]),
        3 => {
            let (Ok(board), Ok(mix)) = (map::alexandria(), counters::counters()) else {
                panic!("the embedded map and counters load")
            };
            loaded(scenario::load_scenarios(NAME, text, board, mix), &[NAME]);
        }
        4 => loaded(fleet_tables::load_tables(NAME, text), &[NAME]),
        k => {
            let slot = usize::from(k - 5) % chart::FILES.len();
            let Some(&(path, _)) = chart::FILES.get(slot) else { return };
            loaded(chart::load_as(path, NAME, text), &[NAME]);
        }
    }
});
