//! The table loaders never panic, and a rejected replacement leaves the
//! tables unchanged.
#![no_main]

use gboh_alesia::tables::{AlesiaTable, AlesiaTables};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let table = AlesiaTable::ALL[usize::from(which) % AlesiaTable::ALL.len()];
    let Ok(mut tables) = AlesiaTables::default_tables() else { return };
    let before = tables.clone();
    if tables.replace(table, "fuzz.ron", text).is_err() {
        assert_eq!(tables, before);
    }
});
