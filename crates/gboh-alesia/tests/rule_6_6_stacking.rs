//! 6.6 Stacking (6.61-6.65), 6.64 enemies, 8.57 one artillery per hex.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::movement::{MoveAction, MoveError};
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

fn stacking_rule(r: Result<gboh_alesia::movement::MovePreview, MoveError>) -> &'static str {
    match r {
        Err(MoveError::Stacking { rule, .. }) => rule,
        other => panic!("expected a stacking error, got {other:?}"),
    }
}

/// A test board with `mover` in T0505 facing Twelve and `there` in the hex
/// north-east of it (a front hex).
fn pair(
    mover: &str,
    there: &str,
) -> (gboh_alesia::protocol::Alesia, gboh_alesia::game::Uid, hexx::Hex) {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let a = p.unit(mover, "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let l = p.label(ne);
    p.unit(there, &l, Facing::Twelve);
    let info = setup();
    let command = match info.unit(a).unwrap().membership {
        gboh_alesia::game::Membership::Legion(l) => Command::Legion(l),
        gboh_alesia::game::Membership::Roman => Command::Auxiliaries(p.lid("Labienus")),
        _ => tribe_of(&info, mover, "Eporedorix"),
    };
    (p.activate(command), a, ne)
}

#[test]
fn rule_6_61_two_units_of_one_type_and_legion_or_tribe() {
    let (game, a, ne) = pair("X-1", "X-2");
    assert_eq!(check(&game, &mv(a, ne, Facing::Twelve)).unwrap().mp, 3);
    let (game, a, ne) = pair("X-1", "IX-1");
    assert_eq!(stacking_rule(check(&game, &mv(a, ne, Facing::Twelve))), "6.61");
    let (game, a, ne) = pair("Aedui-1", "Aedui-2");
    assert_eq!(check(&game, &mv(a, ne, Facing::Twelve)).unwrap().mp, 3);
    // "For this purpose, client tribes are treated individually."
    let (game, a, ne) = pair("Segusiavi-1", "Aedui-1");
    assert_eq!(stacking_rule(check(&game, &mv(a, ne, Facing::Twelve))), "6.61");
    let (game, a, ne) = pair("Aedui-1", "Aedui-A1");
    assert_eq!(stacking_rule(check(&game, &mv(a, ne, Facing::Twelve))), "6.61");
}

#[test]
fn rule_6_61_one_foot_and_one_artillery_and_8_57_one_artillery() {
    // Into a scorpio of another legion: foot + artillery, and no +2 (6.63).
    let (game, a, ne) = pair("X-1", "IX-Scorpio");
    assert_eq!(check(&game, &mv(a, ne, Facing::Twelve)).unwrap().mp, 1);
    let (game, a, ne) = pair("X-Scorpio", "IX-Scorpio");
    assert_eq!(stacking_rule(check(&game, &mv(a, ne, Facing::Twelve))), "8.57");
}

#[test]
fn rule_6_61_rampart_one_infantry_plus_one_archer_or_artillery_no_cavalry() {
    let mut p = Pos::west();
    let ar = p.unit("Archers-1", "W3410", Facing::Four);
    p.unit("X-1", "W3310", Facing::Four);
    let w3310 = p.hex("W3310");
    let lid = p.lid("Labienus");
    let game = p.activate(Command::Auxiliaries(lid));
    // 6.63: "Artillery and Archers in Rampart hexes may be moved
    // into/through at no additional cost"; an archer joins the tower.
    assert_eq!(check(&game, &mv(ar, w3310, Facing::Four)).unwrap().mp, 1);

    let mut p = Pos::west();
    let co = p.unit("X-2", "W3410", Facing::Four);
    p.unit("X-1", "W3310", Facing::Four);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(stacking_rule(check(&game, &mv(co, w3310, Facing::Four))), "6.61");
}

#[test]
fn rule_6_63_no_unit_moves_through_infantry_on_a_rampart() {
    let mut p = Pos::west();
    let ar = p.unit("Archers-1", "W3410", Facing::Four);
    p.unit("X-1", "W3310", Facing::Four);
    let w3211 = p.hex("W3211");
    let lid = p.lid("Labienus");
    let game = p.activate(Command::Auxiliaries(lid));
    let r = check(&game, &mv(ar, w3211, Facing::Four));
    assert!(
        r.as_ref().map_or(true, |v| v.path.iter().all(|s| s.0 != p_hex("W3310"))),
        "not through W3310: {r:?}"
    );
}

fn p_hex(l: &str) -> hexx::Hex {
    setup().board.hex_of(l).unwrap()
}

#[test]
fn rule_6_63_friends_cost_2_except_artillery_and_auxiliaries() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.unit("Numidian-1", "T0605", Facing::Twelve);
    let t0605 = p.hex("T0605");
    let game = p.activate(legion_of(&setup(), "X-1"));
    // An auxiliary costs nothing to move into... but a cohort and an LI may
    // not stack (different types), so passing through is free and stopping
    // illegal.
    let beyond = setup_on(test_board(9, 9)).board.neighbor(t0605, Direction::NE).unwrap();
    let through = check(&game, &mv(co, beyond, Facing::Twelve)).unwrap();
    assert_eq!(through.mp, 2);
    assert!(check(&game, &mv(co, t0605, Facing::Twelve)).is_err());
}

#[test]
fn rule_6_64_never_into_an_enemy_hex() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.unit("Aedui-1", "T0605", Facing::Six);
    let t0605 = p.hex("T0605");
    let game = p.activate(legion_of(&setup(), "X-1"));
    let err = check(&game, &mv(co, t0605, Facing::Twelve)).unwrap_err();
    assert_eq!(err, MoveError::EnemyHex(t0605));
    assert_eq!(
        err.to_string(),
        "6.64: a unit may never enter a hex containing an enemy combat unit"
    );
}

#[test]
fn rule_6_65_only_the_top_unit_moves_and_a_switch_costs_2_mp() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let top = p.unit("X-1", "T0505", Facing::Twelve);
    let bottom = p.unit("X-2", "T0505", Facing::Twelve);
    let t0605 = p.hex("T0605");
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(game.field.stack(p_t(&game, "T0505")).top(), Some(top));
    assert_eq!(
        check(&game, &mv(bottom, t0605, Facing::Twelve)).unwrap_err(),
        MoveError::NotTop(bottom)
    );
    let swap = MoveAction::SwapStack { unit: bottom };
    assert_eq!(check(&game, &swap).unwrap().mp, 2);
    perform(&mut game, swap).unwrap();
    assert_eq!(game.field.stack(p_t(&game, "T0505")).top(), Some(bottom));
    // 2 MP spent: 3 left, enough for the step.
    assert_eq!(check(&game, &mv(bottom, t0605, Facing::Twelve)).unwrap().mp_left, 2);
}

fn p_t(game: &gboh_alesia::protocol::Alesia, l: &str) -> hexx::Hex {
    game.setup().board.hex_of(l).unwrap()
}

#[test]
fn rule_6_65_a_unit_joining_a_stack_goes_to_the_bottom_and_takes_its_facing() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let mover = p.unit("X-1", "T0505", Facing::Twelve);
    let there = p.unit("X-2", "T0605", Facing::Four);
    let t0605 = p.hex("T0605");
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(facings_at(&game, mover, t0605), vec![Facing::Four]);
    assert!(check(&game, &mv(mover, t0605, Facing::Twelve)).is_err());
    perform(&mut game, mv(mover, t0605, Facing::Four)).unwrap();
    let stack: Vec<_> = game.field.stack(t0605).iter().collect();
    assert_eq!(stack, vec![there, mover]);
}
