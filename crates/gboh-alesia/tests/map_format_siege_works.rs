//! Alesia's map format: the siege works of each legend entry (6.41-6.45) and
//! the walkways between them (6.42, 6.44) are loaded through gboh-core's map
//! loader, and a legend entry or walkway the rules forbid is reported with its
//! file, line, column and item.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::map::{Board, Region, Ring, SiegeWorks, Works, load_map};
use gboh_core::board::HexsideFeature;

const GOOD: &str = r#"(
    name: "Test",
    provenance: Reconstructed,
    grid: (prefix: "T", columns: (1, 4), rows: (1, 5), shifted_rows: (1, 4), shifted: Odd),
    legend: [
        (symbol: '.', terrain: Clear),
        (symbol: 'w', terrain: Woods),
        (symbol: 'o', terrain: Clear, works: (region: Outside, works: GardenOfDeath(ring: Contravallation))),
        (symbol: 'C', terrain: Clear, works: (region: Inside, works: Rampart(ring: Contravallation, gate: false))),
        (symbol: 'G', terrain: Clear, works: (region: Inside, works: Rampart(ring: Contravallation, gate: true))),
        (symbol: 'R', terrain: Clear, works: (region: Inside, works: Redoubt)),
        (symbol: ',', terrain: Clear, works: (region: Inside)),
    ],
    map: [
        "4  . w o C ,",
        "3   . o G ,",
        "2  . . o C R",
        "1   . . C ,",
    ],
    elevation: [
        "4  2 1 0 0 0",
        "3   1 0 0 0",
        "2  0 0 0 0 0",
        "1   0 0 0 0",
    ],
    walkways: [
        ["T0404", "T0303", "T0204", "T0103"],
        ["T0205", "T0204"],
    ],
)"#;

fn error_after(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "fixture lacks {from:?}");
    match load_map("test.ron", &GOOD.replacen(from, to, 1)) {
        Ok(_) => panic!("replacing {from:?} by {to:?} should fail"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn rule_6_4_works_regions_and_walkways_load() {
    let board: Board = load_map("test.ron", GOOD).unwrap();
    let h = |s: &str| board.hex_of(s).unwrap();
    assert_eq!(
        board.siege_works(h("T0303")),
        Some(Works::Rampart { ring: Ring::Contravallation, gate: true })
    );
    assert_eq!(board.region(h("T0405")), Some(Region::Inside));
    assert_eq!(board.region(h("T0101")), Some(Region::Outside), "no works: outside");
    assert!(board.is_rampart(h("T0404")));
    assert_eq!(board.effective_elevation(h("T0404")), Some(1), "6.42: a rampart stands a level up");
    assert_eq!(board.effective_elevation(h("T0205")), Some(0), "6.44: a redoubt does not");
    for (a, b) in [("T0404", "T0303"), ("T0303", "T0204"), ("T0204", "T0103"), ("T0205", "T0204")] {
        assert!(
            board.hexside_between(h(a), h(b)).unwrap().contains(HexsideFeature::Walkway),
            "{a}/{b}"
        );
    }
    assert!(
        !board.hexside_between(h("T0303"), h("T0304")).unwrap().contains(HexsideFeature::Walkway)
    );
}

#[test]
fn rule_6_42_a_walkway_between_non_rampart_hexes_is_reported() {
    let e = error_after("[\"T0205\", \"T0204\"]", "[\"T0205\", \"T0304\"]");
    assert_eq!(
        e,
        "test.ron:28:20: T0205/T0304: 6.42/6.44: a walkway joins two rampart hexes, or a redoubt to a rampart"
    );
}

#[test]
fn rule_6_41_a_rampart_outside_the_works_is_rejected() {
    let e = error_after(
        "works: (region: Inside, works: Rampart(ring: Contravallation, gate: false))",
        "works: (region: Outside, works: Rampart(ring: Contravallation, gate: false))",
    );
    assert_eq!(
        e,
        "test.ron:9:18: legend 'C': 6.41: a rampart hex is inside the fortifications (region Inside)"
    );
}

#[test]
fn rule_6_45_gardens_of_death_lie_on_their_own_side() {
    let e = error_after(
        "works: (region: Outside, works: GardenOfDeath(ring: Contravallation))",
        "works: (region: Besieged, works: GardenOfDeath(ring: Contravallation))",
    );
    assert!(e.contains("legend 'o': 6.45: an outer Garden of Death lies outside"), "{e}");
}

#[test]
fn a_map_without_siege_works_is_no_alesia_map_problem() {
    // A plain legend (no `works`) loads as open ground outside the works.
    let plain = GOOD
        .replacen("works: (region: Inside, works: Redoubt)", "works: (region: Inside)", 1)
        .replacen("[\"T0205\", \"T0204\"],", "", 1);
    let board = load_map("plain.ron", &plain).unwrap();
    assert_eq!(board.siege_works(board.hex_of("T0205").unwrap()), Some(Works::None));
}
