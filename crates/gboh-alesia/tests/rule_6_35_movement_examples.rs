//! 6.31 and 6.35 "Examples of Movement", reproduced number for number on the
//! reconstructed West map (the printed example diagram is not available: each
//! unit is placed where the map has the terrain the example describes).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{SiegeWorks, Works};
use gboh_alesia::movement::MoveError;
use gboh_core::board::Terrain;
use gboh_core::facing::Facing;
use movement_support::*;

#[test]
fn rule_6_31_gallic_bi_in_w6213_pays_2_mp_into_w6113() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W6213", Facing::Six);
    let w6113 = p.hex("W6113");
    let b = &setup().board;
    assert_eq!(b.terrain(w6113), Some(Terrain::Clear));
    assert!(b.elevation(w6113) > b.elevation(p.hex("W6213")));
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    // "1 for the Clear hex, one for the elevation change".
    assert_eq!(check(&game, &mv(bi, w6113, Facing::Six)).unwrap().mp, 2);
}

#[test]
fn rule_6_35_unit_a_climbs_for_2_rotates_for_1_and_walks_for_1() {
    let mut p = Pos::west();
    let a = p.unit("X-1", "W4616", Facing::Four);
    let (w4617, w4717) = (p.hex("W4617"), p.hex("W4717"));
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    // "1 MP for the Rampart hex and +1 MP to enter it from inside".
    let climb = check(&game, &mv(a, w4617, Facing::Four)).unwrap();
    assert_eq!(climb.mp, 2);
    perform(&mut game, mv(a, w4617, Facing::Four)).unwrap();
    // "1 MP to rotate (7.12), and 1 MP per rampart hex (6.42)": W4717 is
    // north-east along the walkway, not in front of Four.
    let walk = check(&game, &mv(a, w4717, Facing::Two)).unwrap();
    assert_eq!(walk.mp, 2, "rotate 1 + walkway 1");
    assert_eq!(walk.mp_left, 1, "a cohort's MA 5: 2 + 1 + 1 spent");
    perform(&mut game, mv(a, w4717, Facing::Two)).unwrap();
    assert_eq!(game.field.unit(a).unwrap().mp_spent, 4);
}

#[test]
fn rule_6_35_unit_b_pays_4_to_climb_from_outside_then_1_along_the_rampart() {
    let mut p = Pos::west();
    let b_unit = p.unit("Aedui-1", "W5213", Facing::Two);
    let (w5214, w5314) = (p.hex("W5214"), p.hex("W5314"));
    assert!(matches!(setup().board.siege_works(p.hex("W5213")), Some(Works::GardenOfDeath { .. })));
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    // "1 MP for the Rampart hex and +3 MPs to enter it from outside".
    assert_eq!(check(&game, &mv(b_unit, w5214, Facing::Two)).unwrap().mp, 4);
    // "and 1 MP to move along the Rampart"; Gallic foot rotate for free.
    assert_eq!(check(&game, &mv(b_unit, w5314, Facing::Two)).unwrap().mp, 5);
    assert_eq!(check(&game, &mv(b_unit, w5314, Facing::Eight)).unwrap().mp, 5);
}

#[test]
fn rule_6_35_unit_c_pays_3_and_takes_3_hits_in_the_inner_god_and_cannot_climb() {
    let mut p = Pos::west();
    let c = p.unit("Alesia-1", "W4624", Facing::Twelve);
    let (w4724, w4825) = (p.hex("W4724"), p.hex("W4825"));
    let mut game = p.activate(gboh_alesia::command::Command::AlesiaForce);
    let preview = check(&game, &mv(c, w4724, Facing::Twelve)).unwrap();
    assert_eq!(preview.mp, 3, "3 MPs to enter the (inner) GoD hex");
    assert_eq!(preview.hits.iter().map(|h| h.hits).sum::<u8>(), 3, "and incurs 3 hits (6.45)");
    assert_eq!(preview.hits[0].rule, "6.45");
    assert_eq!(preview.mp_left, 2, "insufficient MPs to continue");
    perform(&mut game, mv(c, w4724, Facing::Twelve)).unwrap();
    assert_eq!(game.field.unit(c).unwrap().cohesion.hits, 3);
    assert!(matches!(
        check(&game, &mv(c, w4825, Facing::Twelve)),
        Err(MoveError::ClimbNotAtStart(_) | MoveError::Unreachable { .. })
    ));
}

#[test]
fn rule_6_35_unit_c_even_with_mp_left_must_start_adjacent_to_climb() {
    // A Gallic cavalry unit (MA 8) has the MP for GoD then rampart (3 + 4),
    // but "a unit must start adjacent to a Rampart hex to enter it from the
    // outside (6.42)".
    let mut p = Pos::west();
    let lancer = p.unit("GallicCavalry-1", "W4624", Facing::Twelve);
    let w4825 = p.hex("W4825");
    let w4724 = p.hex("W4724");
    let leader = p.lid("CavalryLeader-1");
    let game = p.activate(gboh_alesia::command::Command::GallicCavalry(leader));
    assert!(mp_to(&game, lancer, w4724).is_some());
    assert_eq!(mp_to(&game, lancer, w4825), None);
    // Starting adjacent, the climb is 4 MP.
    let mut p = Pos::west();
    let lancer = p.unit("GallicCavalry-1", "W4724", Facing::Twelve);
    let game = p.activate(gboh_alesia::command::Command::GallicCavalry(leader));
    assert_eq!(mp_to(&game, lancer, w4825), Some(4));
}

#[test]
fn rule_6_35_unit_d_pays_1_per_clear_hex_plus_2_for_the_minor_river() {
    let mut p = Pos::west();
    let d = p.unit("Aedui-1", "W2804", Facing::Ten);
    let (w2803, w2902) = (p.hex("W2803"), p.hex("W2902"));
    let b = &setup().board;
    assert_eq!(b.terrain(w2803), Some(Terrain::Clear));
    assert_eq!(b.terrain(w2902), Some(Terrain::Clear));
    assert!(
        b.hexside_between(w2803, w2902)
            .unwrap()
            .contains(gboh_core::board::HexsideFeature::MinorRiver)
    );
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(check(&game, &mv(d, w2803, Facing::Ten)).unwrap().mp, 1);
    assert_eq!(check(&game, &mv(d, w2902, Facing::Ten)).unwrap().mp, 1 + 1 + 2);
}

#[test]
fn rule_6_35_unit_e_pays_2_to_stack_with_its_tribe_even_passing_through() {
    // A straight lane of clear hexes (a test board: on the West map a
    // cheaper way round always exists).
    let mut p = Pos::on(setup_on(test_board(1, 6)));
    let e = p.unit("Aedui-1", "T0101", Facing::Four);
    p.unit("Aedui-2", "T0102", Facing::Four);
    let (t0102, t0103) = (p.hex("T0102"), p.hex("T0103"));
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(check(&game, &mv(e, t0102, Facing::Four)).unwrap().mp, 1 + 2);
    let through = check(&game, &mv(e, t0103, Facing::Four)).unwrap();
    assert_eq!(through.mp, 1 + 2 + 1);
    assert!(through.path.iter().any(|s| s.0 == t0102));
    assert!(!flags(&game, e).has(UnitFlags::MOVED));
}
