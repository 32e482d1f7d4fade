//! The counter-mix loader never panics: arbitrary bytes in any of its three
//! files load or give errors.
#![no_main]

use gboh_alesia::counters::{CounterMix, DEFAULT_SOURCES, MixSources, Source};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let mut sources: MixSources<'_> = DEFAULT_SOURCES;
    let fuzzed = Source { file: "fuzz.ron", text };
    match which % 3 {
        0 => sources.roman = fuzzed,
        1 => sources.gallic = fuzzed,
        _ => sources.leaders = fuzzed,
    }
    let _ = CounterMix::from_sources(&sources);
});
