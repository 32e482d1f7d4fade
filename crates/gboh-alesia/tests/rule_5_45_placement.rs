//! 5.45 Initial Placement of Gallic Tribes: where a Tribal Counter may be
//! placed, with the rulebook's example reproduced exactly.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::game::{Battlefield, Setup};
use gboh_alesia::map::areas;
use gboh_alesia::map::{Region, SiegeWorks};
use gboh_alesia::scenario::Scenario;
use gboh_alesia::scenario::placement::{
    Blocked, PlacementError, area_placement_hexes, check_placement, placeable, placement_hexes,
};
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Facing;
use hexx::Hex;

fn empty() -> Battlefield {
    Battlefield::new(Setup::shared().unwrap())
}

fn deployed() -> Battlefield {
    Scenario::final_assault().unwrap().initial_game(Setup::shared().unwrap()).unwrap().field
}

fn hex(label: &str) -> Hex {
    Setup::shared().unwrap().board.hex_of(label).unwrap()
}

fn labels(hexes: &[Hex]) -> Vec<String> {
    let setup = Setup::shared().unwrap();
    hexes.iter().map(|&h| setup.board.label(h).unwrap().to_string()).collect()
}

fn place(field: &Battlefield, area: &str, edge: &str) -> Vec<String> {
    labels(&placement_hexes(field, area, hex(edge)).unwrap_or_else(|e| panic!("{e}")))
}

/// "W3901" .. "W3908".
fn run(column: u8, from: u8, to: u8) -> Vec<String> {
    (from..=to).map(|r| format!("W{column:02}{r:02}")).collect()
}

#[test]
fn rule_5_45_w3901_places_w3901_to_w3908() {
    // "The Gallic player decides to use hex W3901 to place the Bellovaci who
    // have been assigned to Entry Area II. The Tribal Counter can be placed in
    // any hex from W3901 through W3908."
    let area = areas::ENTRY_AREAS[1];
    assert_eq!(place(&empty(), area, "W3901"), run(39, 1, 8));
    // The same with the Romans deployed for 12.1: W3911 is manned, and its
    // ZOC reaches no further than W3910.
    assert_eq!(place(&deployed(), area, "W3901"), run(39, 1, 8));
}

#[test]
fn rule_5_45_w3601_places_w3601_to_w3604_because_of_the_camp_wall_in_w3606() {
    // "If the Gallic player chose W3601 instead, the allowable placement hexes
    // would be W3601 through W3604 due to the Camp Wall in W3606."
    let area = areas::ENTRY_AREAS[1];
    assert_eq!(place(&empty(), area, "W3601"), run(36, 1, 4));
    assert_eq!(place(&deployed(), area, "W3601"), run(36, 1, 4));
    let field = empty();
    assert_eq!(placeable(&field, hex("W3605")), Err(Blocked::NearCampWall));
    let board = &field.setup().board;
    assert!(board.hexsides().any(|(h, d, f)| f.contains(HexsideFeature::CampWall)
        && (h == hex("W3606") || d.neighbor(h) == hex("W3606"))));
}

#[test]
fn rule_5_45_not_closer_than_three_hexes_from_a_rampart_counting_it() {
    let field = empty();
    // W3908 is 3 from W3911: allowed. W3909 is 2: not.
    assert_eq!(placeable(&field, hex("W3908")), Ok(()));
    assert_eq!(placeable(&field, hex("W3909")), Err(Blocked::NearRampart));
    // Inside the works is never a placement hex.
    assert_eq!(placeable(&field, hex("W4016")), Err(Blocked::NotOutside));
}

#[test]
fn rule_5_45_the_hill_line_counts_as_rampart_hexes() {
    // "For placement determination purposes, treat hexes W5815, and
    // W5915-W5918 as if they are Rampart hexes." From W6416 on the north edge
    // the line runs straight south, between W6315 and W6316, to W6216; the
    // next step (W6115/W6116) is 2 hexes from W5915/W5916.
    let field = empty();
    let area = areas::ENTRY_AREAS[4];
    assert_eq!(place(&field, area, "W6416"), ["W6416", "W6315", "W6316", "W6216"]);
    assert_eq!(placeable(&field, hex("W6116")), Err(Blocked::NearRampart));
    assert!(!field.setup().board.is_rampart(hex("W5916")));
}

#[test]
fn rule_5_45_from_the_north_edge_the_line_runs_straight_south() {
    // Straight south is along hexspines every other hex: both hexes beside
    // the spine are in the line.
    let got = place(&empty(), areas::ENTRY_AREAS[4], "W6410");
    assert_eq!(
        got,
        [
            "W6410", "W6309", "W6310", "W6210", "W6109", "W6110", "W6010", "W5909", "W5910",
            "W5810", "W5709", "W5710", "W5610", "W5509", "W5510", "W5410"
        ]
    );
    for l in &got {
        assert!(hex(l).unsigned_distance_to(hex("W6410")) <= 10, "{l}");
    }
}

#[test]
fn rule_5_45_a_roman_unit_stops_the_line_and_its_neighbours_are_barred() {
    // "If a Roman unit or its ZOC lies in the path ... the Gallic player places
    // the Tribal Counter anywhere in that path between the Entry hex and that
    // unit/ZOC, but not adjacent to any Roman unit."
    let mut field = empty();
    let cohort = field.setup().uid("X-1").unwrap();
    field.move_unit(cohort, hex("W3906"), Facing::Ten).unwrap();
    assert_eq!(place(&field, areas::ENTRY_AREAS[1], "W3901"), run(39, 1, 4));
    assert_eq!(placeable(&field, hex("W3906")), Err(Blocked::RomanUnit));
    // A Roman unit beside the line, not in it: its neighbours are barred and
    // the line stops there.
    field.move_unit(cohort, hex("W4004"), Facing::Ten).unwrap();
    let got = place(&field, areas::ENTRY_AREAS[1], "W3901");
    assert_eq!(got, run(39, 1, 2), "W3903 is next to W4004");
}

#[test]
fn rule_5_45_a_roman_zoc_stops_the_line() {
    let mut field = empty();
    let cohort = field.setup().uid("X-1").unwrap();
    // A cohort in W4006 facing the line exerts its ZOC into W3906 (or the
    // hex beside it); either way the line stops before it.
    field.move_unit(cohort, hex("W4006"), Facing::Eight).unwrap();
    let got = placement_hexes(&field, areas::ENTRY_AREAS[1], hex("W3901")).unwrap();
    for h in &got {
        assert!(h.unsigned_distance_to(hex("W4006")) >= 2);
    }
    assert!(got.len() < 8, "{:?}", labels(&got));
}

#[test]
fn rule_5_45_a_camp_wall_on_the_edge_leaves_no_placement() {
    // W6428 borders the north cavalry camp's wall (W6428/W6328).
    assert!(placement_hexes(&empty(), areas::ENTRY_AREAS[5], hex("W6428")).unwrap().is_empty());
}

#[test]
fn rule_5_45_the_edge_hex_must_be_an_edge_hex_of_the_area() {
    let field = empty();
    assert!(matches!(
        placement_hexes(&field, areas::ENTRY_AREAS[1], hex("W3905")),
        Err(PlacementError::NotInArea { .. })
    ));
    assert!(matches!(
        placement_hexes(&field, areas::ENTRY_AREAS[2], hex("W3901")),
        Err(PlacementError::NotInArea { .. })
    ));
    assert!(matches!(
        placement_hexes(&field, "Entry Area IX", hex("W3901")),
        Err(PlacementError::UnknownArea(_))
    ));
    let err =
        check_placement(&field, areas::ENTRY_AREAS[1], hex("W3901"), hex("W3909")).unwrap_err();
    assert!(err.to_string().starts_with("5.45:"), "{err}");
    assert_eq!(check_placement(&field, areas::ENTRY_AREAS[1], hex("W3901"), hex("W3908")), Ok(()));
}

#[test]
fn rule_5_45_every_placement_hex_keeps_every_condition() {
    let field = deployed();
    let board = &field.setup().board;
    let ramparts: Vec<Hex> = board
        .hexes()
        .filter(|&h| board.is_rampart(h) || board.in_area(areas::HILL_RAMPART_LINE, h))
        .collect();
    for area in areas::ENTRY_AREAS {
        for &edge in board.area(area).unwrap().hexes() {
            for h in placement_hexes(&field, area, edge).unwrap() {
                let l = board.label(h).unwrap();
                assert!(h.unsigned_distance_to(edge) <= 10, "{l}");
                assert_eq!(board.region(h), Some(Region::Outside), "{l}");
                assert!(ramparts.iter().all(|r| r.unsigned_distance_to(h) >= 3), "{l}");
                assert_eq!(placeable(&field, h), Ok(()), "{l}");
            }
        }
    }
}

#[test]
fn rule_12_1_every_entry_area_of_the_final_assault_can_take_a_counter() {
    let field = deployed();
    for area in &Scenario::final_assault().unwrap().gauls.entry_areas.value {
        let hexes = area_placement_hexes(&field, area).unwrap();
        assert!(hexes.len() > 10, "{area}: {}", hexes.len());
    }
}
