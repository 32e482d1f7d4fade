//! 6.42 Ramparts: climbing on, walking along, leaving, and the Rampart/Gate;
//! every 6.42 example reproduced on the West map.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::map::SiegeWorks;
use gboh_alesia::movement::MoveError;
use gboh_core::facing::Facing;
use movement_support::*;

#[test]
fn rule_6_42_cohort_in_w4616_climbs_to_w4617_or_w4516_for_2_mp() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4616", Facing::Four);
    let (w4617, w4516) = (p.hex("W4617"), p.hex("W4516"));
    let game = p.activate(legion_of(&setup(), "X-1"));
    // W4617 is east (front of Four), W4516 south-east (also front of Four).
    assert_eq!(check(&game, &mv(co, w4617, Facing::Four)).unwrap().mp, 2);
    assert_eq!(check(&game, &mv(co, w4516, Facing::Four)).unwrap().mp, 2);
}

#[test]
fn rule_6_42_cohort_in_redoubt_w2919_climbs_to_w2918_for_2_mp() {
    let mut p = Pos::west();
    // 6.44: in a redoubt the cohort faces all round, so any facing will do.
    let co = p.unit("X-1", "W2919", Facing::Twelve);
    let w2918 = p.hex("W2918");
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(check(&game, &mv(co, w2918, Facing::Twelve)).unwrap().mp, 2);
}

#[test]
fn rule_6_42_cohort_in_camp_w5122_climbs_to_w5222_for_2_mp() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W5122", Facing::Ten);
    let w5222 = p.hex("W5222");
    let game = p.activate(legion_of(&setup(), "X-1"));
    // W5222 is north-west of W5122; it stands on higher ground, but the 2 MP
    // of the climb include the rampart's height (6.42).
    assert_eq!(check(&game, &mv(co, w5222, Facing::Ten)).unwrap().mp, 2);
}

#[test]
fn rule_6_42_w1633_enters_w1733_only_through_w1634() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W1633", Facing::Two);
    let (w1733, w1634) = (p.hex("W1733"), p.hex("W1634"));
    let game = p.activate(legion_of(&setup(), "X-1"));
    // Facing Two fronts NE (W1733) and E (W1634): no walkway to W1733.
    let direct = check(&game, &mv(co, w1733, Facing::Two));
    assert!(direct.is_ok(), "reachable through W1634: {direct:?}");
    let preview = direct.unwrap();
    let mut hexes: Vec<_> = preview.path.iter().map(|s| s.0).collect();
    hexes.dedup();
    assert_eq!(hexes, vec![p_hex("W1633"), w1634, w1733], "the path goes through W1634");
    assert_eq!(preview.mp, 2, "1 MP per walkway step, the turn at W1634 free (7.12)");
    assert_eq!(
        gboh_alesia::movement::step::unit_step(&game.field, co, p_hex("W1633"), w1733, true)
            .unwrap_err(),
        MoveError::NoWalkway(w1733)
    );
}

fn p_hex(l: &str) -> hexx::Hex {
    setup().board.hex_of(l).unwrap()
}

#[test]
fn rule_6_42_leaving_the_rampart_costs_1_more_inside_and_3_more_outside() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3310", Facing::Four);
    let (inside, outside) = (p.hex("W3311"), p.hex("W3309"));
    let b = &setup().board;
    assert_eq!(b.region(inside), Some(gboh_alesia::map::Region::Inside));
    assert_eq!(b.region(outside), Some(gboh_alesia::map::Region::Outside));
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(check(&game, &mv(co, inside, Facing::Four)).unwrap().mp, 1 + 1);
    // Outside (W3309 is clear ground inside the south-west cavalry camp): 1 + 3.
    assert_eq!(setup().board.siege_works(outside), Some(gboh_alesia::map::Works::None));
    let step =
        gboh_alesia::movement::step::unit_step(&game.field, co, p_hex("W3310"), outside, true);
    assert_eq!(step.unwrap().mp, 1 + 3);
    let out = check(&game, &mv(co, outside, Facing::Ten)).unwrap();
    assert_eq!(out.mp, 1 + 1 + 3, "after a 1-MP pivot: {:?}", out.path);
}

#[test]
fn rule_6_42_rampart_gate_w4513_is_passed_through_for_2_mp_cavalry_included() {
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W4512", Facing::Four);
    let (gate, beyond) = (p.hex("W4513"), p.hex("W4514"));
    let lid = p.lid("Prefect-1");
    let game = p.activate(gboh_alesia::command::Command::RomanCavalry(lid));
    // 2 MP through the gate, then 1 for the clear hex beyond.
    let through = check(&game, &mv(gc, beyond, Facing::Four)).unwrap();
    assert_eq!(through.mp, 3);
    assert!(through.path.iter().any(|s| s.0 == gate));
    // It may also climb onto the gate hex like any rampart, and stay: from
    // outside, only from its start hex, 4 MP.
    assert_eq!(check(&game, &mv(gc, gate, Facing::Four)).unwrap().mp, 4);
}

#[test]
fn rule_6_42_a_unit_passing_a_gate_must_leave_it_for_a_non_rampart_hex() {
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W4511", Facing::Four);
    let (gate, inside, along) = (p.hex("W4513"), p.hex("W4514"), p.hex("W4614"));
    let lid = p.lid("Prefect-1");
    let mut game = p.activate(gboh_alesia::command::Command::RomanCavalry(lid));
    // 4 MP left: W4512 (1), through the gate (2), out to W4514 (1), free of any
    // leaving cost. W4511 is not adjacent to a rampart, so it cannot climb
    // onto the gate from outside; the gate hex is never an end of a passage,
    // nor is the walkway beyond it reached through it.
    game.field.unit_mut(gc).unwrap().mp_spent = 4;
    assert_eq!(mp_to(&game, gc, inside), Some(4));
    assert_eq!(mp_to(&game, gc, gate), None);
    assert_eq!(mp_to(&game, gc, along), None);
}

#[test]
fn rule_6_43_cavalry_may_not_cross_a_camp_wall_foot_may() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3606", Facing::Four);
    let w3607 = p.hex("W3607");
    assert!(
        setup()
            .board
            .hexside_between(p.hex("W3606"), w3607)
            .unwrap()
            .contains(gboh_core::board::HexsideFeature::CampWall)
    );
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    // Clear 1 + camp wall 3 (reconstructed, as Gergovia's camp wall).
    assert_eq!(check(&game, &mv(bi, w3607, Facing::Four)).unwrap().mp, 4);

    let mut p = Pos::west();
    let ln = p.unit("GallicCavalry-1", "W3606", Facing::Four);
    let w3606 = p.hex("W3606");
    let leader = p.lid("CavalryLeader-1");
    let game = p.activate(gboh_alesia::command::Command::GallicCavalry(leader));
    let step = gboh_alesia::movement::step::unit_step(&game.field, ln, w3606, w3607, true);
    assert_eq!(step.unwrap_err(), MoveError::CavalryWall(w3607));
}

#[test]
fn rule_6_44_cavalry_pass_a_redoubt_by_its_gate_for_3_plus_1_and_never_stop() {
    use gboh_alesia::movement::step::unit_step;
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W2920", Facing::Ten);
    let (outside_gate, redoubt, rampart) = (p.hex("W2920"), p.hex("W2919"), p.hex("W2918"));
    let lid = p.lid("Prefect-1");
    let game = p.activate(gboh_alesia::command::Command::RomanCavalry(lid));
    assert!(facings_at(&game, gc, redoubt).is_empty(), "may not end in it");
    // 3 MP + 1 for the gate hexside; then 1 + 1 onto the connected rampart.
    assert_eq!(unit_step(&game.field, gc, outside_gate, redoubt, true).unwrap().mp, 4);
    assert_eq!(unit_step(&game.field, gc, redoubt, rampart, false).unwrap().mp, 2);
    // Through a redoubt wall, never.
    let w2820 = p_hex("W2820");
    assert_eq!(
        unit_step(&game.field, gc, w2820, redoubt, true).unwrap_err(),
        MoveError::CavalryRedoubt(redoubt)
    );

    // Not if any unit is inside.
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W2920", Facing::Ten);
    p.unit("X-1", "W2919", Facing::Ten);
    let game = p.activate(gboh_alesia::command::Command::RomanCavalry(lid));
    assert_eq!(
        unit_step(&game.field, gc, outside_gate, redoubt, true).unwrap_err(),
        MoveError::CavalryRedoubt(redoubt)
    );
    assert_eq!(
        check(&game, &mv(gc, redoubt, Facing::Ten)).unwrap_err(),
        MoveError::CavalryRedoubt(redoubt)
    );
}

#[test]
fn rule_6_44_redoubt_to_and_from_its_rampart_costs_1_more() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W2918", Facing::Four);
    let redoubt = p.hex("W2919");
    let game = p.activate(legion_of(&setup(), "X-1"));
    // Clear-cost redoubt hex (1, reconstructed) + 1.
    assert_eq!(check(&game, &mv(co, redoubt, Facing::Four)).unwrap().mp, 2);
}

#[test]
fn rule_6_43_stone_walls_stop_cavalry_not_foot() {
    use gboh_alesia::movement::step::unit_step;
    let mut p = Pos::west();
    let (a, b) = (p.hex("W3815"), p.hex("W3816"));
    assert!(
        setup()
            .board
            .hexside_between(a, b)
            .unwrap()
            .contains(gboh_core::board::HexsideFeature::StoneWall)
    );
    let gc = p.unit("German-1", "W3815", Facing::Four);
    let co = p.unit("X-1", "W3715", Facing::Four);
    assert_eq!(unit_step(&p.field, gc, a, b, true).unwrap_err(), MoveError::CavalryWall(b));
    // Foot: the clear hex + 1 for the wall (reconstructed).
    let _ = co;
    let cohort = gboh_alesia::movement::cost::Mover::unit(&p.field, co).unwrap();
    assert_eq!(gboh_alesia::movement::step::terrain_cost(&p.field, &cohort, a, b), Some(1 + 1));
}
