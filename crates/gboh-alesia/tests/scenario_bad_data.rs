//! Scenario files with faults: every problem is reported at once, each with
//! its file, line, column and item.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::counters::CounterMix;
use gboh_alesia::map::west_map;
use gboh_alesia::scenario::{FINAL_ASSAULT_RON, HISTORICAL_RON, Scenario};
use gboh_core::data::DataError;

const FILE: &str = "bad.ron";

/// Loads the 12.1 file with `from` replaced by `to` (exactly once).
fn load_with(edits: &[(&str, &str)]) -> Result<Scenario, DataError> {
    let mut text = FINAL_ASSAULT_RON.to_owned();
    for (from, to) in edits {
        assert_eq!(text.matches(from).count(), 1, "{from:?} must occur once");
        text = text.replacen(from, to, 1);
    }
    Scenario::load(FILE, &text, CounterMix::default_mix().unwrap(), west_map().unwrap())
}

fn problems(edits: &[(&str, &str)]) -> DataError {
    match load_with(edits) {
        Ok(_) => panic!("{edits:?} should not load"),
        Err(e) => e,
    }
}

/// The 1-based line of the first occurrence of `needle` after the edits.
fn line_of(edits: &[(&str, &str)], needle: &str) -> usize {
    let mut text = FINAL_ASSAULT_RON.to_owned();
    for (from, to) in edits {
        text = text.replacen(from, to, 1);
    }
    let at = text.find(needle).unwrap();
    text[..at].matches('\n').count() + 1
}

/// Asserts one problem mentions `words`, on the line of `needle`.
fn assert_problem(err: &DataError, edits: &[(&str, &str)], needle: &str, words: &str) {
    let line = line_of(edits, needle);
    let found = err.problems.iter().find(|p| p.message.contains(words));
    let p = found.unwrap_or_else(|| panic!("no problem with {words:?}:\n{err}"));
    assert_eq!(p.pos.map(|p| p.line), Some(line), "{err}");
    assert!(err.to_string().contains(&format!("{FILE}:{line}:")), "{err}");
}

#[test]
fn the_shipped_scenarios_load() {
    for (file, text) in
        [("final-assault.ron", FINAL_ASSAULT_RON), ("historical.ron", HISTORICAL_RON)]
    {
        Scenario::load(file, text, CounterMix::default_mix().unwrap(), west_map().unwrap())
            .unwrap_or_else(|e| panic!("{e}"));
    }
}

#[test]
fn an_unknown_field_is_a_syntax_error_with_its_position() {
    let edits = [("    rule: \"12.1\",", "    rule: \"12.1\",\n    colour: \"red\",")];
    let err = problems(&edits);
    assert_eq!(err.problems.len(), 1);
    assert_eq!(err.problems[0].pos.map(|p| p.line), Some(line_of(&edits, "colour")));
}

#[test]
fn unknown_fields_inside_rules_and_values_are_refused_too() {
    for (from, to) in [
        (
            "RampartCovered(area: \"Outside Rampart\",",
            "RampartCovered(area: \"Outside Rampart\", colour: 1,",
        ),
        ("size_points: (value: 80,", "size_points: (value: 80, colour: 1,"),
    ] {
        let edits = [(from, to)];
        let err = problems(&edits);
        assert_eq!(err.problems.len(), 1, "{err}");
        assert_eq!(err.problems[0].pos.map(|p| p.line), Some(line_of(&edits, "colour")), "{err}");
    }
}

#[test]
fn an_unknown_unit_type_is_reported() {
    let edits = [("(type: \"AR\", count: 6", "(type: \"XX\", count: 6")];
    assert_problem(&problems(&edits), &edits, "\"XX\"", "2.22: unknown unit type");
}

#[test]
fn an_unknown_contingent_is_reported() {
    let edits = [("from: \"Numidian\"", "from: \"Cretan\"")];
    assert_problem(&problems(&edits), &edits, "\"Cretan\"", "no Roman contingent");
}

#[test]
fn counts_the_counter_mix_cannot_supply_are_reported() {
    let edits = [("(type: \"GC\", count: 4", "(type: \"GC\", count: 9")];
    assert_problem(&problems(&edits), &edits, "(type: \"GC\"", "the counter mix has 6 Roman GC");
    let edits = [("legions: (count: 6", "legions: (count: 11")];
    let err = problems(&edits);
    assert_problem(&err, &edits, "count: 11", "the counter mix has 10");
    let edits = [("Rank(CavalryPrefect, 3)", "Rank(CavalryPrefect, 4)")];
    assert_problem(&problems(&edits), &edits, "CavalryPrefect, 4", "the counter mix has 3");
}

#[test]
fn unknown_leaders_are_reported() {
    let edits = [("Named(\"Caesar\")", "Named(\"Pompeius\")")];
    assert_problem(&problems(&edits), &edits, "\"Pompeius\"", "no leader \"Pompeius\"");
    let edits =
        [("unused_leaders: (value: [\"Critognatus\"]", "unused_leaders: (value: [\"Brennus\"]")];
    assert_problem(&problems(&edits), &edits, "\"Brennus\"", "no leader \"Brennus\"");
    let edits = [("\"Labienus\", \"Prefect-1\"", "\"Caesar\", \"Prefect-1\"")];
    assert_problem(
        &problems(&edits),
        &edits,
        "\"Caesar\", \"Prefect-1\"",
        "not a Roman Area Commander",
    );
}

#[test]
fn unknown_areas_and_labels_are_reported() {
    let edits = [("\"Entry Area III\", \"Entry Area IV\"", "\"Entry Area IX\", \"Entry Area IV\"")];
    assert_problem(&problems(&edits), &edits, "\"Entry Area IX\"", "no area \"Entry Area IX\"");
    let edits = [("NotNorthOf([\"W5815\"", "NotNorthOf([\"W9915\"")];
    assert_problem(&problems(&edits), &edits, "\"W9915\"", "W9915 is not a hex of this map");
    let edits = [("near: \"W5022\"", "near: \"W3911\"")];
    assert_problem(&problems(&edits), &edits, "\"W3911\"", "not in \"Infantry Camp\"");
    let edits = [("from: \"W5714\"", "from: \"W5715\"")];
    assert_problem(&problems(&edits), &edits, "\"W5715\"", "not in \"Outside Rampart\"");
}

#[test]
fn unknown_counters_and_size_points_over_the_cap_are_reported() {
    let edits = [("\"Bellovaci\", \"Atrebates\"", "\"Belgae\", \"Atrebates\"")];
    assert_problem(&problems(&edits), &edits, "\"Belgae\"", "no Tribal or Cavalry Counter");
    let edits = [("size_points: (value: 80", "size_points: (value: 60")];
    assert_problem(
        &problems(&edits),
        &edits,
        "default_relief",
        "the relief holds 80 Size Points, over the cap of 60",
    );
}

#[test]
fn a_wrong_default_choice_is_reported() {
    let edits = [("camp_legion: \"XI\"", "camp_legion: \"XIV\"")];
    assert_problem(&problems(&edits), &edits, "\"XIV\"", "must be one of the chosen legions");
    let edits = [("[\"IX\", \"VII\",", "[\"IX\", \"IX\",")];
    assert_problem(&problems(&edits), &edits, "[\"IX\", \"IX\"", "legion chosen twice");
}

#[test]
fn every_problem_is_reported_at_once_in_file_order() {
    let edits = [
        ("(type: \"AR\", count: 6", "(type: \"XX\", count: 6"),
        ("Named(\"Caesar\")", "Named(\"Pompeius\")"),
        ("\"Entry Area III\", \"Entry Area IV\"", "\"Entry Area IX\", \"Entry Area IV\""),
        ("size_points: (value: 80", "size_points: (value: 60"),
        (
            "(rule: RoutedEliminated,",
            "(rule: AssaultPeriods(2), provenance: Reconstructed),\n        (rule: RoutedEliminated,",
        ),
    ];
    let err = problems(&edits);
    assert!(err.problems.len() >= 5, "{err}");
    let lines: Vec<usize> = err.problems.iter().filter_map(|p| p.pos.map(|p| p.line)).collect();
    assert_eq!(lines.len(), err.problems.len(), "every problem located:\n{err}");
    assert!(lines.windows(2).all(|w| w[0] <= w[1]), "{lines:?}");
    assert!(err.to_string().contains("special rule listed twice"), "{err}");
    for line in err.to_string().lines() {
        assert!(line.starts_with(FILE), "{line}");
    }
}
