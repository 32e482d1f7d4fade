//! Bad data gets clear errors naming file:line:column and the item, with
//! every problem collected, and never a panic.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::data::DataError;
use gboh_gergovia::counters::{
    self, GALLIC_FILE, GALLIC_RON, LEADERS_FILE, LEADERS_RON, ROMAN_FILE, ROMAN_RON,
};
use gboh_gergovia::scenario::{self, STANDARD_FILE, STANDARD_RON, ScenarioError};
use gboh_gergovia::{fortifications, map, victory};

fn load_mix(roman: &str, gallic: &str, leaders: &str) -> Result<counters::Counters, DataError> {
    counters::load_counters([(ROMAN_FILE, roman), (GALLIC_FILE, gallic)], (LEADERS_FILE, leaders))
}

fn replace(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "the test's anchor {from:?} is gone");
    text.replacen(from, to, 1)
}

/// The 1-based line of the first occurrence of `needle`.
fn line_of(text: &str, needle: &str) -> usize {
    text.find(needle).map_or(0, |i| text[..i].matches('\n').count() + 1)
}

#[test]
fn a_syntax_error_names_file_line_and_column() {
    let text = replace(ROMAN_RON, "tq: 6, size: 4", "tq: 6 size: 4");
    let err = load_mix(&text, GALLIC_RON, LEADERS_RON).unwrap_err();
    let line = line_of(&text, "tq: 6 size: 4");
    let shown = err.to_string();
    assert!(shown.starts_with(&format!("{ROMAN_FILE}:{line}:")), "{shown}");
    assert_eq!(err.problems[0].item, "syntax");
}

#[test]
fn an_unknown_field_is_refused() {
    let text = replace(
        GALLIC_RON,
        "(id: \"arverni-cavalry\",",
        "(id: \"arverni-cavalry\", colour: \"red\",",
    );
    let err = load_mix(ROMAN_RON, &text, LEADERS_RON).unwrap_err();
    assert!(err.to_string().contains("colour"), "{err}");
    assert!(
        err.to_string().starts_with(&format!("{GALLIC_FILE}:{}:", line_of(&text, "colour"))),
        "{err}"
    );
}

#[test]
fn every_counter_problem_is_collected_with_its_item() {
    let text = replace(
        GALLIC_RON,
        "(profile: \"gallic-bi\", count: 6)",
        "(profile: \"gallic-foot\", count: 6)",
    );
    let text = replace(&text, "type: \"SK\"", "type: \"XX\"");
    let text = replace(&text, "tq: 6, size: 3", "tq: 12, size: 3");
    let err = load_mix(ROMAN_RON, &text, LEADERS_RON).unwrap_err();
    let shown = err.to_string();
    // The bad type also leaves the archers' formation without its profile.
    assert_eq!(err.problems.len(), 4, "{shown}");
    assert!(shown.contains("Carnutes: unknown profile \"gallic-foot\""), "{shown}");
    assert!(shown.contains("arverni-archer: 2.22: unknown unit type \"XX\""), "{shown}");
    assert!(shown.contains("Arverni archers: unknown profile \"arverni-archer\""), "{shown}");
    assert!(shown.contains("arverni-cavalry: tq 12 is out of range"), "{shown}");
    let line = line_of(&text, "\"gallic-foot\"");
    assert!(shown.contains(&format!("{GALLIC_FILE}:{line}:")), "{shown}");
}

#[test]
fn leader_problems_name_the_leader() {
    let text = replace(LEADERS_RON, "legion: \"XIV\"", "legion: \"XXX\"");
    let text = replace(&text, "commands: [\"Bituriges\"]", "commands: [\"Helvetii\"]");
    let text = replace(&text, "(id: \"Cotuatus\"", "(id: \"Teutmatus\"");
    let err = load_mix(ROMAN_RON, GALLIC_RON, &text).unwrap_err();
    let shown = err.to_string();
    assert_eq!(err.problems.len(), 3, "{shown}");
    assert!(shown.contains("Roscius: no legion \"XXX\""), "{shown}");
    assert!(shown.contains("Vortex: unknown formation \"Helvetii\""), "{shown}");
    assert!(shown.contains("Teutmatus: leader id used twice"), "{shown}");
    assert!(err.problems.iter().all(|p| p.pos.is_some()), "{shown}");
}

#[test]
fn a_problem_is_located_on_its_own_items_line() {
    // "Aedui" first occurs under Convictolitavus; the fault is Teutmatus's.
    let text = replace(LEADERS_RON, "commands: [\"Nitiobriges\"]", "commands: [\"Aedui\"]");
    let err = load_mix(ROMAN_RON, GALLIC_RON, &text).unwrap_err();
    let at = text.find("id: \"Teutmatus\"").unwrap_or(0);
    let line = line_of(&text[at..], "\"Aedui\"") + text[..at].matches('\n').count();
    assert_eq!(err.problems.len(), 1, "{err}");
    assert_eq!(err.problems[0].pos.map(|p| p.line), Some(line), "{err}");
    assert_eq!(err.problems[0].item, "Teutmatus");
    // A scenario: "Small camp" is named twice; the fault is on the second line.
    let board = map::board().unwrap_or_else(|e| panic!("{e}"));
    let mix = counters::counters().unwrap_or_else(|e| panic!("{e}"));
    let text = replace(STANDARD_RON, "zone: Area(\"Large camp\")", "zone: Area(\"Big camp\")");
    let ScenarioError::Data(err) =
        scenario::load_scenario(STANDARD_FILE, &text, board, mix).unwrap_err()
    else {
        panic!("not a data error")
    };
    assert_eq!(err.problems[0].pos.map(|p| p.line), Some(line_of(&text, "\"Big camp\"")), "{err}");
    assert_eq!(err.problems[0].item, "Large camp");
}

#[test]
fn map_problems_name_the_hex_or_hexside() {
    // A gate with no wall, a hexside that is not one, a missing area.
    let text = replace(
        map::MAP_RON,
        "(features: [TownWall, Gate], sides: [",
        "(features: [Gate], sides: [",
    );
    let text = replace(&text, "(name: \"Towers\"", "(name: \"Tower\"");
    let err = map::load_map(map::MAP_FILE, &text).unwrap_err();
    let shown = err.to_string();
    assert!(shown.contains("a Gate is a gap in a wall"), "{shown}");
    assert!(shown.lines().all(|l| l.starts_with(map::MAP_FILE)), "{shown}");
    assert!(shown.contains("Towers: not a hex, hexside, area or node of this map"), "{shown}");
    let text = replace(map::MAP_RON, "(name: \"Towers\"", "(name: \"Tower\"");
    let text = replace(&text, "[\"Large camp\", \"Towers\"]", "[\"Large camp\"]");
    let err = map::load_map(map::MAP_FILE, &text).unwrap_err();
    assert!(err.to_string().contains("Towers: the map needs the area \"Towers\""), "{err}");
}

#[test]
fn scenario_problems_name_the_placement() {
    let board = map::board().unwrap_or_else(|e| panic!("{e}"));
    let mix = counters::counters().unwrap_or_else(|e| panic!("{e}"));
    let text = replace(
        STANDARD_RON,
        "Formations([\"Cretan archers\"])",
        "Formations([\"Balearic slingers\"])",
    );
    let text = replace(&text, "Within(2, \"2540\")", "Within(2, \"2599\")");
    let text = replace(&text, "leaders: [\"Vercassivellaunus\"]", "leaders: []");
    let err = scenario::load_scenario(STANDARD_FILE, &text, board, mix).unwrap_err();
    let ScenarioError::Data(err) = err else { panic!("{err}") };
    let shown = err.to_string();
    assert!(shown.contains("Cretan archers: unknown formation \"Balearic slingers\""), "{shown}");
    assert!(shown.contains("Aedui: 2599 is off the map"), "{shown}");
    assert!(
        shown.contains("Cretan archers: formation Cretan archers must be placed once"),
        "{shown}"
    );
    assert!(
        shown.contains("Vercassivellaunus: leader Vercassivellaunus must be placed once"),
        "{shown}"
    );
    let line = line_of(&text, "2599");
    assert!(shown.contains(&format!("{STANDARD_FILE}:{line}:")), "{shown}");
}

#[test]
fn victory_and_fortification_problems() {
    let text = replace(
        victory::VICTORY_RON,
        "(award: EnemyLeaderKilled, vp: 2, provenance: Printed(\"Victory: 2 for each dead Gallic leader\"))",
        "(award: EnemyUnitDestroyed, vp: 2, provenance: Printed(\"x\"))",
    );
    let err = victory::load_victory(victory::VICTORY_FILE, &text).unwrap_err();
    assert!(err.to_string().contains("standard.rome: EnemyUnitDestroyed listed twice"), "{err}");
    let text = replace(fortifications::FORTIFICATIONS_RON, "value: 7", "value: 0");
    let err = fortifications::load_fortifications(fortifications::FORTIFICATIONS_FILE, &text)
        .unwrap_err();
    assert!(err.to_string().contains("9.31"), "{err}");
}

/// Truncating or corrupting any data file anywhere gives an error, never a panic.
#[test]
fn truncated_and_corrupted_files_never_panic() {
    let board = map::board().unwrap_or_else(|e| panic!("{e}"));
    let mix = counters::counters().unwrap_or_else(|e| panic!("{e}"));
    for (file, text) in gboh_gergovia::DATA_FILES {
        let step = (text.len() / 60).max(1);
        let end = text.rfind(')').unwrap_or(0);
        for cut in (0..text.len()).step_by(step) {
            let Some(prefix) = text.get(..cut) else { continue };
            let corrupted = format!("{prefix}]{}", text.get(cut..).unwrap_or(""));
            for t in [prefix, corrupted.as_str()] {
                let failed = match file {
                    f if f == map::MAP_FILE => map::load_map(f, t).is_err(),
                    f if f == ROMAN_FILE => load_mix(t, GALLIC_RON, LEADERS_RON).is_err(),
                    f if f == GALLIC_FILE => load_mix(ROMAN_RON, t, LEADERS_RON).is_err(),
                    f if f == LEADERS_FILE => load_mix(ROMAN_RON, GALLIC_RON, t).is_err(),
                    f if f == victory::VICTORY_FILE => victory::load_victory(f, t).is_err(),
                    f if f == fortifications::FORTIFICATIONS_FILE => {
                        fortifications::load_fortifications(f, t).is_err()
                    }
                    f if f.contains("/simplified-") => {
                        gboh_gergovia::simplified::tables::load_file(f, t).is_err()
                    }
                    f => scenario::load_scenario(f, t, board, mix).is_err(),
                };
                // A truncated file fails; a stray bracket may fall in a comment.
                assert!(failed || t.len() > cut || cut > end, "{file} cut at {cut} loaded");
            }
        }
    }
}

/// The family's combat tables (`gboh_simple::tables`) must be complete: a
/// weapon systems row for every type that shocks (7.3), a missile column for
/// the towers' scorpions (10.1); each problem names the edited file.
#[test]
fn incomplete_combat_tables_name_the_file_and_the_rule() {
    use gboh_gergovia::simplified::tables::{MISSILE_RON, WEAPONS_RON, load_as};
    let sk = "        (attacker: \"SK\", drms: [-4, -3, -1, -3,  0], provenance: Reconstructed),\n";
    let weapons = replace(WEAPONS_RON, sk, "");
    let e = load_as("simplified-weapon-systems.ron", "w.ron", &weapons).unwrap_err().to_string();
    assert!(e.starts_with("w.ron:") && e.contains("SK: 7.3: no row for attacker SK"), "{e}");
    let missile = without_scorpio_column(MISSILE_RON);
    let e =
        load_as("data/gergovia/simplified-missile.ron", "m.ron", &missile).unwrap_err().to_string();
    assert!(e.starts_with("m.ron:") && e.contains("Scorpio: 10.1: no column for Scorpio"), "{e}");
    let e = load_as("simplified-victory.ron", "v.ron", WEAPONS_RON).unwrap_err().to_string();
    assert!(e.contains("not a data file of the simplified version"), "{e}");
    assert!(load_as("simplified-weapon-systems.ron", "w.ron", WEAPONS_RON).is_ok());
}

/// The missile table without its Scorpio column (its ranges cut out).
fn without_scorpio_column(text: &str) -> String {
    let start = text.find("        (column: \"Scorpio\"").expect("the test's anchor is gone");
    let end = start + text[start..].find("        ]),\n").expect("the column ends") + 12;
    format!("{}{}", &text[..start], &text[end..])
}
