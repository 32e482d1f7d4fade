//! 7.2 Zones of Control: who exerts one where (7.21, 7.22 with its example)
//! and what they do to movement (7.23, 7.24).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::MoveError;
use gboh_alesia::zoc::{self, ZocMap};
use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

#[test]
fn rule_7_22_bi_in_w5213_has_no_zoc_up_into_w5214_but_the_cohort_has_one_down() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5213", Facing::Two); // fronts NE and E (W5214)
    let co = p.unit("X-1", "W5214", Facing::Ten); // fronts W (W5213) and NW
    let (w5213, w5214) = (p.hex("W5213"), p.hex("W5214"));
    let field = &p.field;
    assert!(!zoc::zoc_toward(field, bi, Direction::E), "no ZOC up into a rampart");
    assert!(zoc::zoc_toward(field, co, Direction::W), "ZOC down from the rampart");
    assert!(!zoc::in_enemy_zoc(field, w5214, Side::Roman));
    assert!(zoc::in_enemy_zoc(field, w5213, Side::Adversary));
    let mut map = ZocMap::default();
    map.build(field, Side::Adversary);
    assert!(map.contains(&field.setup().board, w5213));
    map.build(field, Side::Roman);
    assert!(!map.contains(&field.setup().board, w5214));
}

#[test]
fn rule_7_21_archers_also_flank_artillery_none() {
    let mut p = Pos::on(setup_on(test_board(8, 8)));
    let ar = p.unit("Archers-1", "T0404", Facing::Twelve);
    let sc = p.unit("X-Scorpio", "T0606", Facing::Twelve);
    let field = &p.field;
    for d in Direction::ALL {
        let aspect = Facing::Twelve.aspect(d);
        assert_eq!(
            zoc::zoc_toward(field, ar, d),
            aspect != gboh_core::facing::Aspect::Rear,
            "{d:?}"
        );
        assert!(!zoc::zoc_toward(field, sc, d));
    }
}

/// A Gallic BI facing Twelve in T0505 and a cohort two hexes in front.
fn facing_off() -> (Pos, gboh_alesia::game::Uid) {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    p.unit("Aedui-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let far = setup_on(test_board(9, 9)).board.neighbor(ne, Direction::NE).unwrap();
    let label = p.label(far);
    let co = p.unit("X-1", &label, Facing::Six);
    (p, co)
}

#[test]
fn rule_7_23_a_unit_entering_an_enemy_zoc_stops() {
    let (p, co) = facing_off();
    let ne = p.nb("T0505", Direction::NE);
    let nw = p.nb("T0505", Direction::NW);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(mp_to(&game, co, ne), Some(1), "into the BI's front hex");
    // Beyond the ZOC hex (to the BI's flank) only round it, not through it.
    let e = game.field.setup().board.neighbor(ne, Direction::SE).unwrap();
    let round = check(&game, &mv(co, e, Facing::Six)).unwrap();
    assert!(round.path.iter().all(|s| s.0 != ne), "not through the ZOC hex");
    assert!(!round.ends_in_enemy_zoc);
    let mut game = game;
    perform(&mut game, mv(co, ne, Facing::Six)).unwrap();
    assert!(flags(&game, co).has(UnitFlags::DONE_MOVING), "its movement is over");
    assert!(matches!(check(&game, &mv(co, nw, Facing::Six)), Err(MoveError::MovementOver(_))));
}

#[test]
fn rule_7_23_a_unit_starting_in_an_enemy_zoc_may_leave_it() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    p.unit("Aedui-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let label = p.label(ne);
    let co = p.unit("X-1", &label, Facing::Twelve);
    let away = p.field.setup().board.neighbor(ne, Direction::NE).unwrap();
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(mp_to(&game, co, away), Some(1));
}

#[test]
fn rule_7_23_not_from_one_hex_of_a_units_zoc_into_another_of_the_same_unit() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    p.unit("Aedui-1", "T0505", Facing::Twelve);
    let (ne, nw) = (p.nb("T0505", Direction::NE), p.nb("T0505", Direction::NW));
    let label = p.label(ne);
    let co = p.unit("X-1", &label, Facing::Ten); // fronts W (= nw) and NW
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(Direction::between(ne, nw), Some(Direction::W));
    // Round about, out of the ZOC and back in, it may go (4 MP)...
    assert_eq!(check(&game, &mv(co, nw, Facing::Ten)).unwrap().mp, 4);
    // ...but not straight across from one of the BI's ZOC hexes to the other.
    game.field.unit_mut(co).unwrap().mp_spent = 3;
    assert!(facings_at(&game, co, nw).is_empty());
    assert!(check(&game, &mv(co, nw, Facing::Ten)).is_err());
}

#[test]
fn rule_7_23_leaving_one_zoc_a_unit_may_enter_another_units_zoc_and_stops() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    p.unit("Aedui-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let board = setup_on(test_board(9, 9)).board.clone();
    let far = board.neighbor(ne, Direction::NE).unwrap();
    let beyond = board.neighbor(far, Direction::NE).unwrap();
    // A second BI, facing down at `far`.
    let bl = p.label(beyond);
    p.unit("Arverni-1", &bl, Facing::Six);
    let label = p.label(ne);
    let co = p.unit("X-1", &label, Facing::Twelve);
    let game = p.activate(legion_of(&setup(), "X-1"));
    let preview = check(&game, &mv(co, far, Facing::Twelve)).unwrap();
    assert_eq!(preview.mp, 1);
    assert!(preview.ends_in_enemy_zoc);
    assert!(preview.rules.contains(&"7.23"));
}

#[test]
fn rule_7_13_entering_an_enemy_zoc_a_unit_turns_one_vertex_at_most() {
    let (p, co) = facing_off();
    let ne = p.nb("T0505", Direction::NE);
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    // 2 MP left: the step in (1) and one pivot (1), no way round.
    game.field.unit_mut(co).unwrap().mp_spent = 3;
    let mut facings = facings_at(&game, co, ne);
    facings.sort();
    // It arrives facing Six; one vertex either way: Four or Eight.
    assert_eq!(facings, vec![Facing::Four, Facing::Six, Facing::Eight]);
}

#[test]
fn rule_7_24_two_units_may_control_the_same_hex() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let bi = p.unit("Aedui-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let label = p.label(ne);
    let co = p.unit("X-1", &label, Facing::Six);
    let t = p.label(p.hex("T0505"));
    assert_eq!(t, "T0505");
    assert!(zoc::in_enemy_zoc(&p.field, ne, Side::Roman));
    assert!(zoc::in_enemy_zoc(&p.field, p.hex("T0505"), Side::Adversary));
    assert_eq!(zoc::enemy_zoc(&p.field, ne, Side::Roman).collect::<Vec<_>>(), vec![bi]);
    assert_eq!(
        zoc::enemy_zoc(&p.field, p.hex("T0505"), Side::Adversary).collect::<Vec<_>>(),
        vec![co]
    );
    let _ = Command::AlesiaForce;
}

#[test]
fn rule_7_22_no_zoc_across_a_camp_wall_but_through_its_gate_on_the_west_map() {
    // W3307's camp wall: W3307/W3208 is wall, W3307/W3207 a gate in it.
    for (beyond, extends) in [("W3208", false), ("W3207", true)] {
        let mut p = Pos::west();
        let (at, to) = (p.hex("W3307"), p.hex(beyond));
        let dir = Direction::between(at, to).unwrap();
        let co = p.unit("X-1", "W3307", Facing::toward(dir)[0]);
        assert!(Facing::toward(dir)[0].front().contains(&dir));
        assert_eq!(zoc::zoc_toward(&p.field, co, dir), extends, "W3307/{beyond}");
        assert_eq!(zoc::in_enemy_zoc(&p.field, to, Side::Adversary), extends, "{beyond}");
    }
}

#[test]
fn rule_7_22_8_15_the_terrain_charts_zoc_and_sight_columns_say_which_hexsides_stop_them() {
    use gboh_core::board::{HexsideFeature as F, HexsideFeatures};
    let setup = Pos::west().field.setup().clone();
    let side = |fs: &[F]| fs.iter().copied().collect::<HexsideFeatures>();
    let (zoc, sight) = (setup.zoc_barriers(), setup.sight_barriers());
    // 7.22: camp and stone walls stop a ZOC; a gate in the wall lets it through.
    assert!(zoc.stops(side(&[F::CampWall])) && zoc.stops(side(&[F::StoneWall])));
    assert!(!zoc.stops(side(&[F::CampWall, F::Gate])));
    assert!(!zoc.stops(side(&[F::MinorRiver])) && !zoc.stops(side(&[F::Stream])));
    // 8.15: no fire across a Wall, Gate or Redoubt hexside.
    for wall in [F::CampWall, F::StoneWall, F::FortWall] {
        assert!(sight.stops(side(&[wall])) && sight.stops(side(&[wall, F::Gate])), "{wall:?}");
    }
    assert!(!sight.stops(side(&[F::MinorRiver])));
}
