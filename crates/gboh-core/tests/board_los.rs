//! Line of sight (Alesia 8.15): exact, symmetric, with hexspine ties.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_core::board::{
    Board, HexInfo, HexWorks, LabelScheme, LosStep, ShiftedColumns, Terrain, line_of_sight,
    los_path,
};
use hexx::Hex;
use proptest::prelude::*;

proptest! {
    #[test]
    fn rule_8_15_los_path_is_the_same_both_ways(
        ax in -20i32..20, ay in -20i32..20, bx in -20i32..20, by in -20i32..20,
    ) {
        let (a, b) = (Hex::new(ax, ay), Hex::new(bx, by));
        // Tie pairs are ordered by coordinates, not by direction of travel.
        let mut back: Vec<LosStep> = los_path(b, a);
        back.reverse();
        prop_assert_eq!(los_path(a, b), back);
    }

    #[test]
    fn rule_8_15_line_of_sight_is_symmetric(
        ax in -12i32..12, ay in -12i32..12, bx in -12i32..12, by in -12i32..12, seed in any::<u64>(),
    ) {
        let (a, b) = (Hex::new(ax, ay), Hex::new(bx, by));
        // A pseudo-random but fixed set of blocking hexes.
        let blocked = |h: Hex| {
            let k = (h.x as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (h.y as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
            (k ^ seed).count_ones().is_multiple_of(3)
        };
        prop_assert_eq!(line_of_sight(a, b, blocked), line_of_sight(b, a, blocked));
    }

    #[test]
    fn every_step_lies_between_the_ends(ax in -15i32..15, ay in -15i32..15, bx in -15i32..15, by in -15i32..15) {
        let (a, b) = (Hex::new(ax, ay), Hex::new(bx, by));
        let n = a.unsigned_distance_to(b);
        for step in los_path(a, b) {
            for h in step.hexes() {
                prop_assert!(h != a && h != b);
                prop_assert!(a.unsigned_distance_to(h) + h.unsigned_distance_to(b) <= n + 1);
            }
        }
    }
}

#[test]
fn rule_8_15_a_hexspine_tie_blocks_only_if_both_hexes_block() {
    // (0,0) to (2,-1): the line runs along the spine between (1,-1) and (1,0).
    let (a, b) = (Hex::ZERO, Hex::new(2, -1));
    let (p, q) = (Hex::new(1, -1), Hex::new(1, 0));
    assert_eq!(los_path(a, b), [LosStep::Tie(p, q)]);
    assert!(line_of_sight(a, b, |_| false));
    assert!(line_of_sight(a, b, |h| h == p), "one side blocked: the other side is clear");
    assert!(line_of_sight(a, b, |h| h == q));
    assert!(!line_of_sight(a, b, |h| h == p || h == q));
    // And the same seen from the other end.
    assert!(line_of_sight(b, a, |h| h == p));
    assert!(!line_of_sight(b, a, |h| h == p || h == q));
}

/// Works that stand a level up and block sight through their hex, as
/// Alesia's ramparts do (8.15).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
struct Rampart(bool);

impl HexWorks for Rampart {
    fn raises(self) -> u8 {
        u8::from(self.0)
    }

    fn blocks_los(self) -> bool {
        self.0
    }
}

fn plain_board() -> Board<Rampart> {
    let scheme =
        LabelScheme::new(Some('T'), (1, 12), (1, 12), (1, 11), ShiftedColumns::Odd).unwrap();
    let clear = HexInfo { terrain: Terrain::Clear, elevation: 0, works: Rampart(false) };
    Board::filled("los", scheme, clear)
}

#[test]
fn rule_8_15_woods_ramparts_and_higher_ground_block_but_not_at_the_ends() {
    let mut board = plain_board();
    let h = |s: &str| board.hex_of(s).unwrap();
    let (from, mid, to) = (h("T0602"), h("T0604"), h("T0606"));
    assert!(board.terrain_los(from, to));
    let clear = *board.info(mid).unwrap();

    board.set_info(mid, HexInfo { terrain: Terrain::Woods, ..clear });
    assert!(!board.terrain_los(from, to), "through woods");
    assert!(board.terrain_los(from, mid), "into woods");

    board.set_info(mid, HexInfo { works: Rampart(true), ..clear });
    assert!(!board.terrain_los(from, to), "over a rampart");
    assert!(board.terrain_los(from, mid) && board.terrain_los(mid, to), "into or out of a rampart");

    board.set_info(mid, HexInfo { elevation: 1, ..clear });
    assert!(!board.terrain_los(from, to), "over a hill");
    let high = HexInfo { elevation: 1, ..clear };
    board.set_info(from, high);
    assert!(board.terrain_los(from, to), "level with the higher end: not blocked");
    assert!(board.terrain_los(to, from), "symmetric");
}
