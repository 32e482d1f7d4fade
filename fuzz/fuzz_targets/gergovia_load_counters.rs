//! The Gergovia counter loader never panics: the first byte picks which of
//! the three files (Roman units, Gallic units, leaders) the rest replaces;
//! the mix loads or gives a `DataError` with at least one problem.
#![no_main]

use gboh_gergovia::counters::{
    GALLIC_FILE, GALLIC_RON, LEADERS_FILE, LEADERS_RON, ROMAN_FILE, ROMAN_RON, load_counters,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let (mut roman, mut gallic, mut leaders) = (ROMAN_RON, GALLIC_RON, LEADERS_RON);
    match which % 3 {
        0 => roman = text,
        1 => gallic = text,
        _ => leaders = text,
    }
    if let Err(e) =
        load_counters([(ROMAN_FILE, roman), (GALLIC_FILE, gallic)], (LEADERS_FILE, leaders))
    {
        assert!(!e.problems.is_empty());
    }
});
