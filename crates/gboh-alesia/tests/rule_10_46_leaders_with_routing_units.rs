//! 10.46 "A Leader stacked with a routing unit may either Rout with that unit
//! or be placed with the nearest unit that it could command that it could
//! reach without passing through an enemy unit." Through the protocol: the
//! leader's side chooses.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::effects::{aquila, rout};
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::command::Command;
use gboh_alesia::game::LegionIdx;
use gboh_alesia::protocol::Action;
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::facing::{Direction, Facing};

#[test]
fn rule_10_46_only_units_he_could_command_count_and_enemy_units_are_not_passed_through() {
    // A Roman archer in T0505 routs a BI next to it (NE) with Viridomarus.
    let mut p = Pos::on(test_board(11, 11));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let l = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &l, Facing::Six);
    p.with(bi, 5, 0);
    let chief = p.leader("Viridomarus", &l);
    // Next to him: Gallic cavalry, which a Chieftain does not command.
    let cav = p.nb(&l, Direction::NW);
    p.unit("GallicCavalry-1", &cav, Facing::Six);
    // Two hexes away in a straight line, behind the archer: only reached by
    // going round it, three hexes.
    let behind = p.nb("T0505", Direction::SW);
    p.unit("Aedui-2", &behind, Facing::Six);
    // Three hexes away the other way, open ground.
    let open = p.nb(&p.nb(&p.nb(&l, Direction::SE), Direction::SE), Direction::SE);
    p.unit("Aedui-3", &open, Facing::Six);
    let (target, behind, open) = (p.hex(&l), p.hex(&behind), p.hex(&open));
    let mut game = p.activate(Command::Auxiliaries(setup().lid("Labienus").unwrap()), &[1]);
    let events =
        game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(rule, e)| *rule == "10.44" && *e == CombatEvent::Routed { unit: bi, to: None })
    );
    assert_eq!(
        pending(&game),
        Some(CombatPending::Leader { side: GAULS, leader: chief, rule: "10.46" })
    );
    let board = &game.state().setup().board;
    let mut both = [behind, open];
    both.sort_by_key(|&h| board.index(h));
    let mut expected = vec![combat(CombatAction::PlaceLeader { leader: chief, to: None })];
    expected.extend(
        both.iter().map(|&h| combat(CombatAction::PlaceLeader { leader: chief, to: Some(h) })),
    );
    assert_eq!(game.legal_actions(), expected, "rout with it, or either unit three hexes away");
    assert!(!legal(&game, &CombatAction::Done), "10.46 offers no staying");

    // Routing with his unit: off to the Gallic Camp (10.44).
    let events = game.apply(combat(CombatAction::PlaceLeader { leader: chief, to: None })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.46"
        && *e == CombatEvent::Family(SimpleEvent::LeaderMoved { leader: chief, to: None })));
    let s = game.state().field.leader(chief).unwrap();
    assert_eq!((s.at, s.dead), (None, false));
    assert_eq!(game.state().turn.combat.leaders_in_camp, [chief]);
}

#[test]
fn rule_10_46_a_legate_routs_with_his_cohort_to_the_aquila_or_joins_his_legion() {
    let mut p = Pos::on(test_board(11, 11));
    let archer = p.unit("Arverni-A1", "T0505", Facing::Twelve);
    let l = p.nb("T0505", Direction::NE);
    let co = p.unit("X-1", &l, Facing::Twelve);
    p.with(co, 5, 0);
    let legion = legion_of("X-1");
    let legate = legion.leader(&p.field).unwrap();
    p.field.move_leader(legate, Some(p.hex(&l))).unwrap();
    // A Roman archer next to him: not his to command.
    let aux = p.nb(&l, Direction::NW);
    p.unit("Archers-1", &aux, Facing::Twelve);
    let mate = p.nb(&p.nb(&l, Direction::SE), Direction::SE);
    p.unit("X-2", &mate, Facing::Twelve);
    let mate = p.hex(&mate);
    let target = p.hex(&l);
    let mut state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    let Command::Legion(x) = legion else { unreachable!() };
    let aq = state.setup().board.hex_of("T1010").unwrap();
    assert!(aquila::place(&mut state, x, aq));
    let _: LegionIdx = x;
    // 0 hits; 8.18: the unmodified 0 puts the legate at risk; a 9 spares him.
    let mut game = game(state, &[0, 9, 9]);
    game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
    // 10.42: the cohort is placed by its Aquila first.
    assert!(matches!(pending(&game), Some(CombatPending::PlaceRouted { side: ROMANS, .. })));
    let first = game.legal_actions()[0].clone();
    let Action::Combat(CombatAction::Place { to: routed_to, .. }) = first else { panic!() };
    game.apply(first).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Leader { side: ROMANS, leader: legate, rule: "10.46" })
    );
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::PlaceLeader { leader: legate, to: Some(routed_to) }),
            combat(CombatAction::PlaceLeader { leader: legate, to: Some(mate) }),
        ]
    );
    game.apply(combat(CombatAction::PlaceLeader { leader: legate, to: Some(routed_to) })).unwrap();
    assert_eq!(game.state().field.leader(legate).unwrap().at, Some(routed_to));
    assert!(!rout::in_gallic_camp(game.state(), co));
}

#[test]
fn rule_10_46_with_one_place_only_he_goes_there_at_once() {
    // 12.1-style elimination aside: a BI routs to the camp and no other unit
    // he could command is on the map: he routs with it, no question asked.
    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    let l = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &l, Facing::Six);
    p.with(bi, 5, 0);
    let chief = p.leader("Viridomarus", &l);
    let target = p.hex(&l);
    let mut game = p.activate(Command::Auxiliaries(setup().lid("Labienus").unwrap()), &[1]);
    let events =
        game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.46"
        && *e == CombatEvent::Family(SimpleEvent::LeaderMoved { leader: chief, to: None })));
    assert_eq!(pending(&game), None);
}
