//! Every RON file under data/gergovia/ is embedded and loads (with
//! `deny_unknown_fields` throughout).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_gergovia::DATA_FILES;
use std::path::Path;

fn ron_files(dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            ron_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ron") {
            out.push(p.to_string_lossy().replace('\\', "/"));
        }
    }
}

#[test]
fn every_data_file_is_embedded_and_identical_on_disk() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut found = Vec::new();
    ron_files(&root.join("data/gergovia"), &mut found);
    let mut found: Vec<String> = found
        .into_iter()
        .filter_map(|p| {
            p.split_once("data/gergovia/").map(|(_, rest)| format!("data/gergovia/{rest}"))
        })
        .collect();
    found.sort();
    let mut embedded: Vec<String> = DATA_FILES.iter().map(|(f, _)| (*f).to_owned()).collect();
    embedded.sort();
    assert_eq!(found, embedded);
    for (file, text) in DATA_FILES {
        let on_disk = std::fs::read_to_string(root.join(file)).unwrap_or_default();
        assert_eq!(on_disk, text, "{file}");
    }
}

#[test]
fn every_data_file_loads() {
    gboh_gergovia::map::board().unwrap_or_else(|e| panic!("{e}"));
    gboh_gergovia::counters::counters().unwrap_or_else(|e| panic!("{e}"));
    gboh_gergovia::victory::victory().unwrap_or_else(|e| panic!("{e}"));
    gboh_gergovia::fortifications::fortifications().unwrap_or_else(|e| panic!("{e}"));
    gboh_gergovia::simplified::terrain::terrain_table().unwrap_or_else(|e| panic!("{e}"));
    gboh_gergovia::simplified::tables::tables().unwrap_or_else(|e| panic!("{e}"));
    for id in gboh_gergovia::scenario::ScenarioId::ALL {
        gboh_gergovia::scenario::scenario(id).unwrap_or_else(|e| panic!("{e}"));
    }
}
