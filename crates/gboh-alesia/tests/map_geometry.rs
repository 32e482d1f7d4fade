//! The label-to-grid mapping of the Alesia maps, pinned by every adjacency and
//! range the rulebook states (see reference/alesia-map-notes.md).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::map::Board;
use gboh_alesia::map::west_map;
use gboh_core::facing::Direction;
use hexx::Hex;

fn board() -> &'static Board {
    west_map().unwrap()
}

fn hex(label: &str) -> Hex {
    board().hex_of(label).unwrap_or_else(|| panic!("{label} is not on the West map"))
}

fn distance(a: &str, b: &str) -> u32 {
    hex(a).unsigned_distance_to(hex(b))
}

#[test]
fn rule_6_31_w6213_is_adjacent_to_w6113() {
    assert_eq!(distance("W6213", "W6113"), 1);
}

#[test]
fn rule_6_42_w1633_w1634_and_w1733_are_mutually_adjacent() {
    assert_eq!(distance("W1633", "W1634"), 1);
    assert_eq!(distance("W1634", "W1733"), 1);
    assert_eq!(distance("W1633", "W1733"), 1);
}

#[test]
fn rule_6_42_w4616_is_adjacent_to_w4617_and_w4516() {
    assert_eq!(distance("W4616", "W4617"), 1);
    assert_eq!(distance("W4616", "W4516"), 1);
}

#[test]
fn rule_6_42_w2919_is_adjacent_to_w2918() {
    assert_eq!(distance("W2919", "W2918"), 1);
}

#[test]
fn rule_6_42_w5122_is_adjacent_to_w5222() {
    assert_eq!(distance("W5122", "W5222"), 1);
}

#[test]
fn rule_6_42_w3911_is_adjacent_to_w4012() {
    assert_eq!(distance("W3911", "W4012"), 1);
}

#[test]
fn rule_6_68_w3310_is_between_w3410_and_w3211() {
    assert_eq!(distance("W3410", "W3310"), 1);
    assert_eq!(distance("W3310", "W3211"), 1);
    assert_eq!(distance("W3410", "W3211"), 2);
}

#[test]
fn rule_7_22_w5213_is_adjacent_to_w5214() {
    assert_eq!(distance("W5213", "W5214"), 1);
}

#[test]
fn rule_8_17_w4911_is_three_hexes_from_w4914() {
    assert_eq!(distance("W4911", "W4914"), 3);
}

#[test]
fn rule_5_45_w3908_is_three_and_w3901_ten_hexes_from_w3911() {
    assert_eq!(distance("W3908", "W3911"), 3);
    assert_eq!(distance("W3901", "W3911"), 10);
}

#[test]
fn rule_5_45_w3604_is_two_hexes_from_w3606() {
    assert_eq!(distance("W3604", "W3606"), 2);
}

#[test]
fn columns_grow_northward_and_rows_eastward() {
    // 12.1: the Alesia Force enters "along the eastern edge" at W3733-W4034;
    // Romans may not be placed "north of" W5915-W5918, a west-east row.
    let b = board();
    assert_eq!(b.neighbor(hex("W3911"), Direction::NE), Some(hex("W4012")));
    assert_eq!(b.neighbor(hex("W5915"), Direction::E), Some(hex("W5916")));
    assert_eq!(b.neighbor(hex("W6213"), Direction::SE), Some(hex("W6113")));
    // East-edge hexes have no east neighbour; odd columns are one hex shorter.
    for edge in ["W3733", "W3834", "W4034"] {
        assert_eq!(b.neighbor(hex(edge), Direction::E), None, "{edge}");
    }
    assert!(b.hex_of("W3734").is_none());
    assert_eq!(b.len(), 32 * 34 + 32 * 33);
}
