//! 4.31-4.33 leaders and enemy units; 6.12-6.14 leaders' movement.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::movement::{self, MoveAction, MoveError, MoveEvent, leader};
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

fn legate_of(id: &str) -> (Command, gboh_alesia::game::Lid) {
    let s = setup();
    let command = legion_of(&s, id);
    let field = gboh_alesia::game::Battlefield::new(s.clone());
    let lid = command.leader(&field).expect("a legate");
    (command, lid)
}

#[test]
fn rule_6_12_the_legate_moves_9_mp_after_his_units() {
    let (command, legate) = legate_of("X-1");
    let mut p = Pos::on(setup_on(test_board(20, 20)));
    let co = p.unit("X-1", "T0510", Facing::Twelve);
    p.field.move_leader(legate, Some(p.hex("T0510"))).unwrap();
    let mut game = p.activate(command);
    let mut hexes: Vec<(hexx::Hex, u8)> =
        leader::leader_reach(&game, &movement::MoveRules::standard(&game.setup().board), legate)
            .unwrap();
    assert!(hexes.iter().all(|&(_, mp)| mp <= 9));
    assert!(hexes.iter().any(|&(_, mp)| mp == 9));
    hexes.sort_by_key(|&(_, mp)| mp);
    let (to, mp) = hexes[hexes.len() - 1];
    let mut legal = Vec::new();
    movement::legal(&game, &mut legal);
    assert!(legal.contains(&MoveAction::MoveLeader { leader: legate, to }));
    let go = MoveAction::MoveLeader { leader: legate, to };
    assert_eq!(check(&game, &go).unwrap().mp, mp);
    perform(&mut game, go).unwrap();
    // 6.12: "after all the units in their command have moved".
    let ne = game
        .setup()
        .board
        .neighbor(game.setup().board.hex_of("T0510").unwrap(), Direction::NE)
        .unwrap();
    assert_eq!(check(&game, &mv(co, ne, Facing::Twelve)).unwrap_err(), MoveError::LeaderMoved);
}

#[test]
fn rule_6_13_overall_and_area_commanders_do_not_move_with_a_command() {
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    let caesar = p.leader("Caesar", "T0505");
    let labienus = p.leader("Labienus", "T0606");
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Archers-1", "T0606", Facing::Twelve);
    let game = p.activate(Command::Auxiliaries(labienus));
    assert_eq!(
        check(&game, &MoveAction::MoveLeader { leader: caesar, to: ne }).unwrap_err(),
        MoveError::Commander(caesar)
    );
    assert_eq!(
        check(&game, &MoveAction::MoveLeader { leader: labienus, to: ne }).unwrap_err(),
        MoveError::Commander(labienus)
    );
}

#[test]
fn rule_6_14_vercingetorix_moves_as_a_chieftain_9_mp() {
    let mut p = Pos::on(setup_on(test_board(20, 20)));
    let v = p.leader("Vercingetorix", "T1010");
    p.unit("Alesia-1", "T1010", Facing::Twelve);
    let game = p.activate(Command::AlesiaForce);
    assert_eq!(leader::leader_mp_left(&game, v), Ok(9));
}

#[test]
fn rule_4_31_leaders_do_not_move_next_to_an_enemy_unless_onto_friends() {
    let (command, legate) = legate_of("X-1");
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    p.field.move_leader(legate, Some(p.hex("T0303"))).unwrap();
    p.unit("Aedui-1", "T0707", Facing::Six);
    let near = p.nb("T0707", Direction::SW);
    let game = p.activate(command.clone());
    assert_eq!(
        check(&game, &MoveAction::MoveLeader { leader: legate, to: near }).unwrap_err(),
        MoveError::LeaderAdjacent(near)
    );
    // Onto a friendly combat unit, he may.
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    p.field.move_leader(legate, Some(p.hex("T0303"))).unwrap();
    p.unit("Aedui-1", "T0707", Facing::Six);
    let l = p.label(near);
    p.unit("X-1", &l, Facing::Twelve);
    let game = p.activate(command);
    assert!(check(&game, &MoveAction::MoveLeader { leader: legate, to: near }).is_ok());
}

#[test]
fn rule_4_33_an_enemy_moving_next_to_a_lone_leader_lets_him_retreat_3_hexes() {
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    let chief = p.leader("Eporedorix", "T0707");
    let target = p.nb("T0707", Direction::SW);
    let start = p.field.setup().board.neighbor(target, Direction::SW).unwrap();
    let l = p.label(start);
    let co = p.unit("X-1", &l, Facing::Twelve);
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    let events = perform(&mut game, mv(co, target, Facing::Twelve)).unwrap();
    let options = move_events(&events)
        .into_iter()
        .find_map(|(r, e)| match e {
            MoveEvent::LeaderMayRetreat { leader: l, options } if l == chief && r == "4.33" => {
                Some(options)
            }
            _ => None,
        })
        .expect("the lone leader may retreat");
    assert!(!options.is_empty());
    let from = game.field.leader(chief).unwrap().at.unwrap();
    assert!(options.iter().all(|h| h.unsigned_distance_to(from) <= 3));
    assert!(
        options.iter().all(|h| h.unsigned_distance_to(target) > 1),
        "not next to the cohort (4.31)"
    );
    leader::retreat_lone_leader(&mut game.field, chief, options[0]).unwrap();
    assert_eq!(game.field.leader(chief).unwrap().at, Some(options[0]));
}

#[test]
fn rule_4_33_a_lone_leader_who_cannot_retreat_is_eliminated() {
    // A one-column lane: the chieftain in T0101 has only T0102 to go to.
    let mut p = Pos::on(setup_on(test_board(1, 4)));
    let chief = p.leader("Eporedorix", "T0101");
    let co = p.unit("X-1", "T0103", Facing::Ten);
    let t0102 = p.hex("T0102");
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    // T0102 is next to the cohort: not a place to go (4.31).
    assert!(leader::lone_leader_retreats(&game.field, chief).is_empty());
    let events = perform(&mut game, mv(co, t0102, Facing::Ten)).unwrap();
    assert!(move_events(&events).iter().any(|(r, e)| *r == "4.33"
        && matches!(e, MoveEvent::LeaderEliminated { leader } if *leader == chief)));
    assert!(game.field.leader(chief).unwrap().dead);
}
