//! Bad data is refused with file:line:column and the item, never a panic.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alexandria::scenario::{self, ScenarioId};
use gboh_alexandria::{DATA_FILES, counters, map};
use proptest::prelude::*;

#[test]
fn every_data_file_loads() {
    assert_eq!(DATA_FILES.len(), 5);
    assert!(gboh_alexandria::fleet::tables::tables().is_ok());
    assert!(map::alexandria().is_ok());
    assert!(counters::counters().is_ok());
    for id in ScenarioId::ALL {
        assert!(scenario::scenario(id).is_ok());
    }
}

#[test]
fn an_unknown_field_is_refused() {
    let text = counters::COUNTERS_RON.replacen("leaders: [", "colour: 1,\n    leaders: [", 1);
    let e =
        counters::load_counters("c.ron", &text).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(e.contains("c.ron:") && e.contains("colour"), "{e}");
}

#[test]
fn a_canal_pair_that_is_not_a_point_and_a_block_names_the_line() {
    let city = map::CITY_RON.replacen("(\"3-O\", \"3/4-N/O\")", "(\"3-O\", \"Nowhere\")", 1);
    let e = map::load(map::MAP_FILE, map::MAP_RON, "city.ron", &city).err().map(|e| e.to_string());
    let e = e.unwrap_or_default();
    let line = city.lines().position(|l| l.contains("Nowhere")).map_or(0, |i| i + 1);
    assert!(e.contains(&format!("city.ron:{line}:")) && e.contains("3-O"), "{e}");
}

#[test]
fn a_block_joined_to_a_hex_is_refused() {
    let text = map::MAP_RON.replacen(
        "        (\"4-D\", \"2023\"),",
        "        (\"4-D\", \"2023\"),\n        (\"2/3-K/L\", \"2023\"),",
        1,
    );
    let e = map::load("m.ron", &text, map::CITY_FILE, map::CITY_RON).err().map(|e| e.to_string());
    let e = e.unwrap_or_default();
    assert!(e.contains("m.ron:") && e.contains("2/3-K/L") && e.contains("5.22"), "{e}");
}

#[test]
fn scenario_errors_name_the_unit_and_the_rule() {
    let m = map::alexandria().unwrap_or_else(|e| panic!("{e}"));
    let c = counters::counters().unwrap_or_else(|e| panic!("{e}"));
    let bad = scenario::SCENARIOS_RON
        .replacen(
            "(units: [\"Egyptian LC-1\"], at: \"1530\")",
            "(units: [\"Egyptian LC-1\"], at: \"4-D\")",
            1,
        )
        .replacen(
            "(units: [\"Roman Trireme-1\"], at: \"3038\")",
            "(units: [\"Roman Trireme-1\"], at: \"2-K\")",
            1,
        )
        .replacen(
            "victory: [\n            (winner: Adversary, condition: CaesarKilled",
            "victory: [\n            (winner: Adversary, condition: EliminateUnits(9)",
            1,
        );
    let e = scenario::load_scenarios("s.ron", &bad, m, c)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default();
    assert!(e.contains("Egyptian LC-1") && e.contains("light cavalry"), "{e}");
    assert!(e.contains("Roman Trireme-1") && e.contains("5.4"), "{e}");
    assert!(e.contains("4.34"), "{e}");
    let line = bad
        .lines()
        .position(|l| l.contains("\"Egyptian LC-1\"], at: \"4-D\""))
        .map_or(0, |i| i + 1);
    assert!(e.contains(&format!("s.ron:{line}:")), "{e}");
}

#[test]
fn counters_errors_are_all_collected() {
    let bad = counters::COUNTERS_RON
        .replacen("seizure: Some(5), initiative: 3", "seizure: None, initiative: 3", 1)
        .replacen("tq: [7, 6, 5, 4]", "tq: [7, 6, 5, 14]", 1);
    let e = counters::load_counters("c.ron", &bad).err().map(|e| e.problems.len()).unwrap_or(0);
    assert_eq!(e, 2);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn cut_or_damaged_files_never_panic(cut in 0usize..4000, byte in 0u8..128) {
        let damage = |text: &str| -> String {
            let at = cut.min(text.len());
            let at = (0..=at).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
            let mut s = text.get(..at).unwrap_or("").to_owned();
            s.push(char::from(byte));
            s.push_str(text.get(at..).unwrap_or(""));
            s
        };
        let _ = counters::load_counters("c.ron", &damage(counters::COUNTERS_RON));
        let _ = map::load("m.ron", &damage(map::MAP_RON), "c.ron", map::CITY_RON);
        let _ = map::load("m.ron", map::MAP_RON, "c.ron", &damage(map::CITY_RON));
        let fleet = damage(gboh_alexandria::fleet::tables::FLEET_RON);
        if let Err(e) = gboh_alexandria::fleet::tables::load_tables("f.ron", &fleet) {
            prop_assert!(e.to_string().lines().all(|l| l.starts_with("f.ron")), "{}", e);
        }
        if let (Ok(m), Ok(c)) = (map::alexandria(), counters::counters()) {
            let _ = scenario::load_scenarios("s.ron", &damage(scenario::SCENARIOS_RON), m, c);
        }
    }
}

/// The land game's charts load, and a bad row is refused with the file,
/// line and item (5.36), never a panic.
#[test]
fn the_land_charts_load_and_refuse_bad_rows() {
    use gboh_alexandria::play::chart::{self, TERRAIN_FILE, TERRAIN_RON};
    assert!(chart::tables().is_ok());
    let text = TERRAIN_RON.replacen("(key: Block, mp: WholeMa,", "(key: Block, mp: Mp(2),", 1);
    let e = chart::load_as(TERRAIN_FILE, "terrain.ron", &text).err().map(|e| e.to_string());
    let e = e.unwrap_or_default();
    let line = text.lines().position(|l| l.contains("key: Block,")).map_or(0, |i| i + 1);
    assert!(e.contains(&format!("terrain.ron:{line}:")) && e.contains("Block"), "{e}");
    let text = TERRAIN_RON.replacen("rows: [", "colour: 1,\n    rows: [", 1);
    let e = chart::load_as(TERRAIN_FILE, "terrain.ron", &text).err().map(|e| e.to_string());
    assert!(e.unwrap_or_default().contains("terrain.ron:"), "unknown field refused");
    let text = chart::SHOCK_RON.replacen("rolls: (3, 3)", "rolls: (3, 3), colour: 1", 1);
    assert!(chart::load_as(chart::SHOCK_FILE, "shock.ron", &text).is_err());
}

proptest! {
    /// Any edit of the terrain chart loads or is refused, never a panic.
    #[test]
    fn a_mangled_terrain_chart_never_panics(cut in 0usize..4000, junk in "[ -~]{0,8}") {
        use gboh_alexandria::play::chart::{TERRAIN_FILE, TERRAIN_RON, load_as};
        let at = TERRAIN_RON.char_indices().map(|(i, _)| i).find(|&i| i >= cut).unwrap_or(TERRAIN_RON.len());
        let text = format!("{}{junk}{}", &TERRAIN_RON[..at], &TERRAIN_RON[at..]);
        let _ = load_as(TERRAIN_FILE, "terrain.ron", &text);
    }
}

/// The land combat tables (the family's, `gboh_simple::tables`) must be
/// complete: a weapon systems row for every type that shocks (8.0), a
/// missile column for every missile (7.0); each problem names the edited
/// file.
#[test]
fn incomplete_land_combat_tables_name_the_file_and_the_rule() {
    use gboh_alexandria::play::chart::{MISSILE_RON, WEAPONS_RON, load_as};
    let ar =
        "        (attacker: \"AR\", drms: [-4, -4, -3, -1, -3,  0], provenance: Reconstructed),\n";
    assert!(WEAPONS_RON.contains(ar), "the test's anchor is gone");
    let weapons = WEAPONS_RON.replacen(ar, "", 1);
    let e = load_as("land-weapon-systems.ron", "w.ron", &weapons).unwrap_err().to_string();
    assert!(e.starts_with("w.ron:") && e.contains("AR: 8.0: no row for attacker AR"), "{e}");
    let missile = without_scorpio_column(MISSILE_RON);
    let e = load_as("data/alexandria/land-missile.ron", "m.ron", &missile).unwrap_err().to_string();
    assert!(e.starts_with("m.ron:") && e.contains("Scorpio: 7.0: no column for Scorpio"), "{e}");
    assert!(load_as("land-weapon-systems.ron", "w.ron", WEAPONS_RON).is_ok());
}

/// The missile table without its Scorpio column (its ranges cut out).
fn without_scorpio_column(text: &str) -> String {
    let start = text.find("        (column: \"Scorpio\"").expect("the test's anchor is gone");
    let end = start + text[start..].find("        ]),\n").expect("the column ends") + 12;
    format!("{}{}", &text[..start], &text[end..])
}
