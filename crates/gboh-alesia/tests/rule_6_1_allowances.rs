//! 6.1 Movement Allowances and who may move: 6.11, 6.31 (one unit's
//! movement at a time), 4.13 (out of range), 8.52 and 8.58 (artillery).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{MoveError, MoveEvent};
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::Status;
use hexx::Hex;
use movement_support::*;

fn lane(p: &Pos, from: &str, n: usize) -> Hex {
    let b = &p.field.setup().board;
    let mut h = p.hex(from);
    for _ in 0..n {
        h = b.neighbor(h, Direction::NE).unwrap();
    }
    h
}

#[test]
fn rule_6_11_a_unit_moves_up_to_its_printed_ma() {
    let mut p = Pos::on(setup_on(test_board(12, 20)));
    let co = p.unit("X-1", "T0110", Facing::Twelve);
    let (five, six) = (lane(&p, "T0110", 5), lane(&p, "T0110", 6));
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(mp_to(&game, co, five), Some(5));
    assert_eq!(mp_to(&game, co, six), None);
}

#[test]
fn rule_6_31_one_units_movement_is_completed_before_another_begins() {
    let mut p = Pos::on(setup_on(test_board(12, 20)));
    let a = p.unit("X-1", "T0110", Facing::Twelve);
    let b = p.unit("X-2", "T0112", Facing::Twelve);
    let (a1, a2) = (lane(&p, "T0110", 1), lane(&p, "T0110", 2));
    let b1 = lane(&p, "T0112", 1);
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    // A unit may stop and go on (8.12: move, fire, move again)...
    perform(&mut game, mv(a, a1, Facing::Twelve)).unwrap();
    assert_eq!(game.turn.play.current.as_ref().unwrap().moving, Some(a));
    perform(&mut game, mv(a, a2, Facing::Twelve)).unwrap();
    assert_eq!(game.field.unit(a).unwrap().mp_spent, 2);
    // ...until another unit moves.
    let events = perform(&mut game, mv(b, b1, Facing::Twelve)).unwrap();
    assert!(
        move_events(&events)
            .iter()
            .any(|(r, e)| *r == "6.31"
                && matches!(e, MoveEvent::MovementOver { unit } if *unit == a))
    );
    assert!(flags(&game, a).has(UnitFlags::DONE_MOVING));
    let a3 = game.setup().board.neighbor(a2, Direction::NE).unwrap();
    assert_eq!(check(&game, &mv(a, a3, Facing::Twelve)).unwrap_err(), MoveError::MovementOver(a));
}

#[test]
fn rule_4_13_out_of_range_cohorts_may_not_move_adjacent_to_an_enemy() {
    let mut p = Pos::on(setup_on(test_board(12, 20)));
    let co = p.unit("X-1", "T0110", Facing::Twelve);
    let (one, three) = (lane(&p, "T0110", 1), lane(&p, "T0110", 3));
    let l = p.label(three);
    p.unit("Aedui-1", &l, Facing::Six);
    let two = lane(&p, "T0110", 2);
    let free = p.activate_with(legion_of(&setup(), "X-1"), &[]);
    assert!(mp_to(&free, co, two).is_some());
    let mut p = Pos::on(setup_on(test_board(12, 20)));
    let co = p.unit("X-1", "T0110", Facing::Twelve);
    p.unit("Aedui-1", &l, Facing::Six);
    let limited = p.activate_with(legion_of(&setup(), "X-1"), &[co]);
    assert_eq!(
        check(&limited, &mv(co, two, Facing::Twelve)).unwrap_err(),
        MoveError::OutOfRange(two)
    );
    assert_eq!(mp_to(&limited, co, one), Some(1));
}

#[test]
fn rule_8_58_and_8_52_artillery_in_fire_mode_or_in_a_tower_does_not_move() {
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    let sc = p.unit("X-Scorpio", "T0505", Facing::Twelve);
    p.flag(sc, UnitFlags::FIRE_MODE);
    let ne = p.nb("T0505", Direction::NE);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert!(matches!(
        check(&game, &mv(sc, ne, Facing::Twelve)),
        Err(MoveError::FireMode(_) | MoveError::Combat(_))
    ));

    let mut p = Pos::west();
    let sc = p.unit("X-Scorpio", "W3410", Facing::Four);
    let w3311 = p.hex("W3311");
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert!(matches!(
        check(&game, &mv(sc, w3311, Facing::Four)),
        Err(MoveError::TowerScorpio(_) | MoveError::Combat(_))
    ));
}

#[test]
fn rule_4_1_only_activated_units_move_and_10_43_routed_cohorts_do() {
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    let other = p.unit("IX-1", "T0303", Facing::Twelve);
    let routed = p.unit("X-1", "T0505", Facing::Twelve);
    p.field.unit_mut(routed).unwrap().cohesion.status = Status::Routed;
    let ne = p.nb("T0505", Direction::NE);
    let ne3 = p.nb("T0303", Direction::NE);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(
        check(&game, &mv(other, ne3, Facing::Twelve)).unwrap_err(),
        MoveError::NotActivated(other)
    );
    assert_eq!(check(&game, &mv(routed, ne, Facing::Twelve)).unwrap().mp, 1);
}
