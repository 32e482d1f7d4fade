//! The map file format: a good file loads; every kind of bad data is reported
//! with file:line:column and the item, all problems at once, and nothing panics.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::board::{Board, HexWorks, HexsideFeature, Terrain};
use gboh_core::data::DataError;
use gboh_core::facing::Direction;
use proptest::prelude::*;

const GOOD: &str = r#"(
    name: "Test",
    provenance: Reconstructed,
    grid: (prefix: "T", columns: (1, 4), rows: (1, 5), shifted_rows: (1, 4), shifted: Odd),
    legend: [
        (symbol: '.', terrain: Clear),
        (symbol: 'w', terrain: Woods),
        (symbol: 'o', terrain: Rough),
        (symbol: 'C', terrain: Marsh),
        (symbol: 'G', terrain: Town),
        (symbol: 'R', terrain: Rough),
        (symbol: ',', terrain: Clear),
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
    hexsides: [
        (features: [StoneWall], sides: ["T0101/T0102"]),
        (features: [MinorRiver], sides: ["T0201/T0202", "T0202/T0102"]),
    ],
    walkways: [
        // None: a map without works has no walkways (the works of a game
        // allow them, e.g. Alesia's ramparts, 6.42; see `Keep` below).
    ],
    areas: [
        (name: "West edge", rule: "5.3", hexes: ["T0101..T0401"], except: ["T0201"]),
        (name: "Row", rule: "12.1", hexes: ["T0201-T0203"]),
    ],
    sources: [
        (items: ["T0204", "T0101/T0102", "West edge"], provenance: Printed("6.3"), note: "demo"),
    ],
)"#;

fn load(text: &str) -> Result<Board, DataError> {
    Board::from_ron("test.ron", text)
}

/// Loads `GOOD` with one substitution and returns the error text.
fn error_after(from: &str, to: &str) -> String {
    assert!(GOOD.contains(from), "fixture lacks {from:?}");
    match load(&GOOD.replacen(from, to, 1)) {
        Ok(_) => panic!("replacing {from:?} by {to:?} should fail"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn a_good_file_loads_with_everything_in_place() {
    let board = load(GOOD).unwrap();
    let h = |s: &str| board.hex_of(s).unwrap();
    assert_eq!(board.len(), 2 * 5 + 2 * 4);
    assert_eq!(board.terrain(h("T0402")), Some(Terrain::Woods));
    assert_eq!(board.elevation(h("T0401")), Some(2));
    assert_eq!(board.terrain(h("T0303")), Some(Terrain::Town));
    assert_eq!(board.works(h("T0303")), Some(()));
    assert_eq!(board.effective_elevation(h("T0401")), Some(2), "no works: the ground's level");
    // Hexsides are found from either side.
    assert!(board.has_hexside(h("T0101"), Direction::E, HexsideFeature::StoneWall));
    assert!(board.has_hexside(h("T0102"), Direction::W, HexsideFeature::StoneWall));
    assert!(
        board.hexside_between(h("T0202"), h("T0102")).unwrap().contains(HexsideFeature::MinorRiver)
    );
    // Areas: a block minus one hex; a row.
    let west = board.area("West edge").unwrap();
    let labels: Vec<String> =
        west.hexes().iter().map(|&x| board.label(x).unwrap().to_string()).collect();
    assert_eq!(labels, ["T0101", "T0301", "T0401"]);
    assert!(board.in_area("Row", h("T0202")) && !board.in_area("Row", h("T0101")));
    assert_eq!(board.sources().len(), 1);
    assert!(board.nodes().is_empty());
}

#[test]
fn an_unknown_field_names_its_line_and_column() {
    let e = error_after("    sources: [", "    colour: 3,\n    sources: [");
    assert!(e.starts_with("test.ron:38:5: syntax:"), "{e}");
    assert!(e.contains("colour"), "{e}");
}

#[test]
fn an_unknown_legend_symbol_is_reported_at_its_hex() {
    let e = error_after("\"3   . o G ,\"", "\"3   . o X ,\"");
    assert_eq!(e, "test.ron:16:18: T0303: unknown legend symbol 'X'");
}

#[test]
fn a_label_off_the_map_is_reported() {
    let e = error_after("\"T0202/T0102\"", "\"T0202/T0902\"");
    assert_eq!(e, "test.ron:28:58: T0202/T0902: label T0902 is off the map");
}

#[test]
fn a_duplicated_hexside_is_reported_at_its_second_entry() {
    // T0102/T0101 is the same hexside as T0101/T0102, spelled the other way.
    let e = error_after("\"T0202/T0102\"", "\"T0102/T0101\"");
    assert!(e.starts_with("test.ron:28:58: T0102/T0101: hexside listed twice"), "{e}");
}

#[test]
fn a_dangling_area_label_is_reported() {
    let e = error_after("hexes: [\"T0201-T0203\"]", "hexes: [\"T0201-T0203\", \"T0406\"]");
    assert_eq!(e, "test.ron:36:61: T0406: in area \"Row\": label T0406 is off the map");
}

#[test]
fn a_short_column_and_a_bad_digit_are_both_reported() {
    let text = GOOD.replacen("\"2  . . o C R\"", "\"2  . . o C\"", 1).replacen(
        "\"1   0 0 0 0\"",
        "\"1   0 x 0 0\"",
        1,
    );
    let e = load(&text).unwrap_err();
    let lines: Vec<String> = e.to_string().lines().map(str::to_owned).collect();
    assert_eq!(
        lines,
        [
            "test.ron:17:10: map column 02: column 02 has 4 hexes; rows 01-05 need 5",
            "test.ron:24:16: T0102: elevation must be a digit 0-9, not 'x'",
        ]
    );
}

#[test]
fn columns_must_all_be_there_once() {
    let e = error_after("\"3   . o G ,\"", "\"4   . o G ,\"");
    assert!(e.contains("map column 04: column listed twice"), "{e}");
    assert!(e.contains("map: column 03 is missing"), "{e}");
}

#[test]
fn unknown_source_items_and_repeated_areas_are_reported() {
    let e = error_after("\"West edge\"], provenance", "\"Nowhere\"], provenance");
    assert!(e.contains(": Nowhere: not a hex, hexside, area or node of this map"), "{e}");
    let e = error_after("(name: \"Row\"", "(name: \"West edge\"");
    assert!(e.contains("West edge: area defined twice"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    /// Whatever the text, loading returns (never panics), and an error names the file.
    #[test]
    fn mangled_files_never_panic(cut in 0usize..2000, len in 0usize..12, junk in "[ -~]{0,6}") {
        let mut text = GOOD.to_owned();
        let start = cut.min(text.len());
        let start = (0..=start).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let end = (start + len).min(text.len());
        let end = (end..=text.len()).find(|i| text.is_char_boundary(*i)).unwrap_or(text.len());
        text.replace_range(start..end, &junk);
        if let Err(e) = load(&text) {
            prop_assert!(e.to_string().starts_with("test.ron"), "{}", e);
            prop_assert!(!e.problems.is_empty());
        }
    }
}

#[test]
fn off_grid_nodes_are_linked_to_hexes() {
    use gboh_core::board::{Location, NodeKind};
    let text = GOOD.replacen(
        "    sources: [",
        "    nodes: [(name: \"4-K\", kind: Point), (name: \"2/3-K/L\", kind: Block)],\n    links: [(\"4-K\", \"2/3-K/L\"), (\"T0101\", \"4-K\")],\n    sources: [",
        1,
    );
    let board = load(&text).unwrap();
    let graph = board.nodes();
    let point = graph.find("4-K").unwrap();
    assert_eq!(graph.node(point).unwrap().kind, NodeKind::Point);
    let linked: Vec<Location> = graph.linked(Location::Node(point)).collect();
    assert_eq!(
        linked,
        [
            Location::Node(graph.find("2/3-K/L").unwrap()),
            Location::Hex(board.hex_of("T0101").unwrap())
        ]
    );
    let bad = GOOD.replacen(
        "    sources: [",
        "    nodes: [(name: \"T0101\", kind: Point)],\n    links: [(\"T0101\", \"T0102\"), (\"Q\", \"T0101\")],\n    sources: [",
        1,
    );
    let e = load(&bad).unwrap_err().to_string();
    assert!(e.contains("T0101: a node name may not be a hex label of the map"), "{e}");
    assert!(e.contains("T0101/T0102: a link joins a node to a node or hex"), "{e}");
    assert!(e.contains("Q: not a node or a hex of the map"), "{e}");
}

/// A game's works, to check the board asks them: a keep raises its hex two
/// levels and blocks sight through it, two keeps may be joined by a walkway,
/// and a keep may not stand in water.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
enum Keep {
    #[default]
    None,
    Standing,
    /// A keep whose legend entry is wrong.
    Sunk,
}

impl HexWorks for Keep {
    fn raises(self) -> u8 {
        if self == Keep::Standing { 2 } else { 0 }
    }

    fn blocks_los(self) -> bool {
        self == Keep::Standing
    }

    fn legend_fault(self) -> Option<&'static str> {
        (self == Keep::Sunk).then_some("a keep may not stand in water")
    }

    fn walkway(a: Self, b: Self) -> Result<(), &'static str> {
        if a == Keep::Standing && b == Keep::Standing {
            Ok(())
        } else {
            Err("a walkway joins two keeps")
        }
    }
}

const KEEPS: &str = r#"(
    name: "Keeps",
    provenance: Reconstructed,
    grid: (prefix: "K", columns: (1, 2), rows: (1, 3), shifted_rows: (1, 2), shifted: Odd),
    legend: [
        (symbol: '.', terrain: Clear),
        (symbol: 'K', terrain: Clear, works: Standing),
    ],
    map: ["2 K K .", "1  . K"],
    elevation: ["2 0 0 0", "1  0 1"],
    walkways: [["K0201", "K0202"]],
)"#;

#[test]
fn a_games_works_are_loaded_and_asked_what_they_change() {
    let board: Board<Keep> = Board::from_ron("keeps.ron", KEEPS).unwrap();
    let h = |s: &str| board.hex_of(s).unwrap();
    assert_eq!(board.works(h("K0201")), Some(Keep::Standing));
    assert_eq!(board.works(h("K0203")), Some(Keep::None), "absent works are the default");
    assert_eq!(board.effective_elevation(h("K0102")), Some(3), "level 1 plus a keep's 2");
    assert!(
        board.hexside_between(h("K0201"), h("K0202")).unwrap().contains(HexsideFeature::Walkway)
    );
    // K0202 stands between K0201 and K0203: a keep blocks sight through it.
    assert!(!board.terrain_los(h("K0201"), h("K0203")));
    assert!(board.terrain_los(h("K0202"), h("K0203")), "into or out of a keep");

    let e = Board::<Keep>::from_ron(
        "keeps.ron",
        &KEEPS.replacen("[\"K0201\", \"K0202\"]", "[\"K0202\", \"K0203\"]", 1),
    )
    .unwrap_err()
    .to_string();
    assert_eq!(e, "keeps.ron:11:27: K0202/K0203: a walkway joins two keeps");
    let e =
        Board::<Keep>::from_ron("keeps.ron", &KEEPS.replacen("works: Standing", "works: Sunk", 1))
            .unwrap_err()
            .to_string();
    assert_eq!(
        e,
        "keeps.ron:7:18: legend 'K': a keep may not stand in water\n\
         keeps.ron:11:27: K0201/K0202: a walkway joins two keeps",
        "every problem at once: a sunk keep is no keep, so its walkway fails too"
    );
    let e = Board::<()>::from_ron("plain.ron", KEEPS).unwrap_err().to_string();
    assert!(e.starts_with("plain.ron:7:"), "a map without works has no `works` to give: {e}");
}
