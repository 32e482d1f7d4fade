//! The Gergovia simplified data loaders never panic: arbitrary bytes, read
//! as one of the version's five data files (the first byte picks which,
//! through `simplified::tables::load_as`), load or give a `DataError` with
//! at least one problem, reported under the name the user gave the file.
#![no_main]

use gboh_gergovia::simplified::{tables, terrain};
use libfuzzer_sys::fuzz_target;

const FILES: [&str; 5] = [
    tables::SHOCK_FILE,
    tables::WEAPONS_FILE,
    tables::MISSILE_FILE,
    tables::CHECKS_FILE,
    terrain::TERRAIN_FILE,
];

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let which = FILES[usize::from(which) % FILES.len()];
    if let Err(e) = tables::load_as(which, "fuzz.ron", text) {
        assert!(!e.problems.is_empty());
        assert_eq!(e.file, "fuzz.ron");
    }
});
