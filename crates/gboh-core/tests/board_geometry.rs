//! Labels, indices and neighbours of a board (the grid layout of Alesia's maps:
//! map letter, columns 01-64, rows 01-34 with odd columns shifted half a hex
//! toward the higher rows and one hex shorter).

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::board::{Board, HexInfo, Label, LabelScheme, ShiftedColumns, Terrain};
use gboh_core::facing::Direction;
use hexx::Hex;
use proptest::prelude::*;

fn scheme() -> LabelScheme {
    LabelScheme::new(Some('W'), (1, 64), (1, 34), (1, 33), ShiftedColumns::Odd).unwrap()
}

fn board() -> Board {
    let clear = HexInfo { terrain: Terrain::Clear, elevation: 0, works: () };
    Board::filled("grid", scheme(), clear)
}

proptest! {
    #[test]
    fn labels_round_trip_through_hexes(column in 1u8..=64, row in 1u8..=34) {
        let s = scheme();
        let label = Label::new(Some('W'), column, row);
        let on_map = row <= 33 || column % 2 == 0;
        match s.hex(label) {
            Some(hex) => {
                prop_assert!(on_map);
                prop_assert_eq!(s.label(hex), Some(label));
                prop_assert_eq!(label.to_string().parse::<Label>().ok(), Some(label));
                let i = s.index(hex).unwrap();
                prop_assert_eq!(board().hex_at(i), Some(hex));
            }
            None => prop_assert!(!on_map),
        }
    }

    #[test]
    fn hexes_off_the_map_have_no_label_or_index(x in -200i32..200, y in -200i32..200) {
        let s = scheme();
        let hex = Hex::new(x, y);
        prop_assert_eq!(s.label(hex).is_some(), s.index(hex).is_some());
        if let Some(label) = s.label(hex) {
            prop_assert_eq!(s.hex(label), Some(hex));
        }
    }
}

#[test]
fn neighbours_come_in_direction_order_and_agree_with_the_index_table() {
    let b = board();
    for (i, hex) in b.hexes().enumerate() {
        let ns = b.neighbors(hex);
        for d in Direction::ALL {
            let expected = Some(d.neighbor(hex)).filter(|n| b.contains(*n));
            assert_eq!(ns[d.index()], expected);
            assert_eq!(b.neighbor(hex, d), expected);
            assert_eq!(b.neighbor_index(i, d).and_then(|j| b.hex_at(j)), expected);
        }
    }
}

#[test]
fn a_corner_hex_has_two_or_three_neighbours() {
    let b = board();
    let w0101 = b.hex_of("W0101").unwrap();
    let count = b.neighbors(w0101).iter().flatten().count();
    assert_eq!(count, 3, "W0101: W0102, W0201, W0202");
    let w6434 = b.hex_of("W6434").unwrap();
    assert_eq!(b.neighbors(w6434).iter().flatten().count(), 2, "W6434: W6433, W6333");
}

#[test]
fn boards_built_in_code_take_areas_and_hexsides() {
    use gboh_core::board::{HexsideFeature, HexsideFeatures};
    let mut b = board();
    let (a, c) = (b.hex_of("W1001").unwrap(), b.hex_of("W1002").unwrap());
    assert!(b.add_area("Edge", "test", [c, a]));
    assert_eq!(b.area("Edge").unwrap().hexes(), [a, c], "index order");
    assert!(!b.add_area("Edge", "test", [a]), "name taken");
    assert!(!b.add_area("Far", "test", [Hex::new(500, 500)]), "off the map");
    assert!(b.area("Far").is_none());
    let wall = HexsideFeatures::EMPTY.with(HexsideFeature::StoneWall);
    assert!(b.add_hexside(a, Direction::E, wall));
    assert!(b.has_hexside(c, Direction::W, HexsideFeature::StoneWall));
    assert!(!b.add_hexside(a, Direction::W, wall), "W1000 is off the map");
}
