//! 6.68 infantry side by side on the ramparts, and 6.7 Disorder.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{self, MoveAction, MoveError, disorder};
use gboh_core::facing::Facing;
use movement_support::*;

#[test]
fn rule_6_68_co_in_w3410_cannot_enter_w3310_if_a_co_occupies_w3211() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3410", Facing::Four);
    let w3310 = p.hex("W3310");
    let mut q = Pos::west();
    q.unit("X-1", "W3410", Facing::Four);
    q.unit("X-2", "W3211", Facing::Ten);
    let free = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(check(&free, &mv(co, w3310, Facing::Four)).unwrap().mp, 1);
    let blocked = q.activate(legion_of(&setup(), "X-1"));
    assert_eq!(
        check(&blocked, &mv(co, w3310, Facing::Four)).unwrap_err(),
        MoveError::RampartAdjacency(w3310)
    );
    assert!(facings_at(&blocked, co, w3310).is_empty());
}

#[test]
fn rule_6_68_infantry_inside_may_not_climb_next_to_a_friend_on_the_rampart() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4616", Facing::Four);
    p.unit("X-2", "W4717", Facing::Ten); // next to W4617 on the rampart
    let w4617 = p.hex("W4617");
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(
        check(&game, &mv(co, w4617, Facing::Four)).unwrap_err(),
        MoveError::RampartAdjacency(w4617)
    );
}

#[test]
fn rule_6_68_archers_and_enemies_are_not_restricted() {
    let mut p = Pos::west();
    let ar = p.unit("Archers-1", "W3410", Facing::Four);
    p.unit("X-2", "W3211", Facing::Ten);
    let w3310 = p.hex("W3310");
    let lid = p.lid("Labienus");
    let game = p.activate(gboh_alesia::command::Command::Auxiliaries(lid));
    assert_eq!(check(&game, &mv(ar, w3310, Facing::Four)).unwrap().mp, 1);
}

#[test]
fn rule_6_68_a_forced_move_next_to_a_friend_disorders_both() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3310", Facing::Four);
    let friend = p.unit("X-2", "W3211", Facing::Ten);
    let w3310 = p.hex("W3310");
    assert_eq!(disorder::forced_adjacency(&p.field, co, w3310), vec![co, friend]);
    let mut events = Vec::new();
    assert_eq!(disorder::apply_forced_adjacency(&mut p.field, co, w3310, &mut events), 2);
    assert!(p.field.unit(co).unwrap().flags.has(UnitFlags::DISORDERED));
    assert!(p.field.unit(friend).unwrap().flags.has(UnitFlags::DISORDERED));
    assert_eq!(events.len(), 2);
    assert!(events.iter().all(|e| e.rule == "6.68"));
}

#[test]
fn rule_6_72_disorder_costs_one_ma_and_6_73_removing_it_costs_2_mp() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.flag(co, UnitFlags::DISORDERED);
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(movement::allowance::mp_left(&game.field, co), 4, "MA 5 - 1");
    let remove = MoveAction::RemoveDisorder { unit: co };
    assert_eq!(check(&game, &remove).unwrap().mp, 2);
    let events = perform(&mut game, remove.clone()).unwrap();
    assert_eq!(events[0].rule, "6.73");
    assert!(!flags(&game, co).has(UnitFlags::DISORDERED));
    // The allowance stays reduced this activation: 4 - 2 = 2 left.
    assert_eq!(movement::allowance::mp_left(&game.field, co), 2);
    assert_eq!(
        check(&game, &remove).unwrap_err(),
        MoveError::Disorder("the unit is not disordered")
    );
}

#[test]
fn rule_6_73_no_removal_on_a_rampart_next_to_a_friend_on_a_rampart() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3310", Facing::Four);
    p.unit("X-2", "W3211", Facing::Ten);
    p.flag(co, UnitFlags::DISORDERED);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert!(matches!(
        check(&game, &MoveAction::RemoveDisorder { unit: co }),
        Err(MoveError::Disorder(_))
    ));
}
