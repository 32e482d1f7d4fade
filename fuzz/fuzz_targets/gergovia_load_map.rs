//! The Gergovia map loader never panics: arbitrary bytes load or give a
//! `DataError` with at least one problem.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = gboh_gergovia::map::load_map("fuzz.ron", text) {
            assert!(!e.problems.is_empty());
        }
    }
});
