//! 6.13 Overall/Area Commander movement activation, 5.25 the Roman OC's
//! Seizure to move himself, and 4.33's retreat decision in the protocol.

#![allow(clippy::unwrap_used, clippy::panic)]

use gboh_alesia::command::Command;
use gboh_alesia::game::{Battlefield, Setup};
use gboh_alesia::movement::MoveAction;
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;

fn position(activations: u32, to_act: Side) -> Game<Alesia> {
    let setup = Setup::shared().unwrap();
    let mut field = Battlefield::new(setup.clone());
    let b = &setup.board;
    field.move_unit(setup.uid("X-1").unwrap(), b.hex_of("W4616").unwrap(), Facing::Twelve).unwrap();
    field.move_leader(setup.lid("Caesar").unwrap(), b.hex_of("W4616")).unwrap();
    field.move_leader(setup.lid("Labienus").unwrap(), b.hex_of("W4516")).unwrap();
    let mut game = Alesia::new(field);
    game.turn.play.activations = activations;
    game.turn.play.to_act = to_act;
    Game::new(game, Dice::seeded(5))
}

#[test]
fn rule_6_13_commander_movement_activation_moves_only_commanders_up_to_30_mp() {
    let mut game = position(0, Side::Roman);
    let caesar = game.state().setup().lid("Caesar").unwrap();
    let labienus = game.state().setup().lid("Labienus").unwrap();
    game.apply(Action::Activate(Command::Commanders(Side::Roman))).unwrap();
    let moves: Vec<_> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move(MoveAction::MoveLeader { leader, to }) => Some((leader, to)),
            Action::Move(other) => panic!("only commanders move in 6.13's activation: {other:?}"),
            _ => None,
        })
        .collect();
    assert!(moves.iter().any(|(l, _)| *l == caesar));
    assert!(moves.iter().any(|(l, _)| *l == labienus));
    let from = game.state().field.leader(caesar).unwrap().at.unwrap();
    let far = moves
        .iter()
        .filter(|(l, _)| *l == caesar)
        .map(|(_, h)| h.unsigned_distance_to(from))
        .max()
        .unwrap();
    assert!(far > 9, "an OC moves 30 MP, further than a legate's 9 (got {far})");
}

#[test]
fn rule_5_25_caesar_seizes_to_move_automatically_and_it_counts() {
    let mut game = position(1, Side::Adversary);
    let caesar = game.state().setup().lid("Caesar").unwrap();
    let Pending::Seizure { side: Side::Roman, .. } = game.pending() else {
        panic!("expected a Roman seizure window, got {:?}", game.pending())
    };
    assert!(game.legal_actions().contains(&Action::SeizeToMove(caesar)));
    let events = game.apply(Action::SeizeToMove(caesar)).unwrap();
    assert_eq!(events[0].rule, "5.25");
    assert!(events[0].rolls.is_empty(), "no dieroll is needed");
    assert_eq!(game.state().field.leader(caesar).unwrap().seizures_used, 1);
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
    assert_eq!(game.legal_actions(), vec![Action::Activate(Command::Commanders(Side::Roman))]);
    game.apply(Action::Activate(Command::Commanders(Side::Roman))).unwrap();
    for a in game.legal_actions() {
        if let Action::Move(MoveAction::MoveLeader { leader, .. }) = a {
            assert_eq!(leader, caesar, "5.25 moves only the OC");
        }
    }
}

#[test]
fn rule_4_33_a_lone_leader_chooses_his_retreat_or_stays() {
    let mut game = position(0, Side::Roman);
    let setup = game.state().setup().clone();
    let labienus = setup.lid("Labienus").unwrap();
    let options = vec![setup.board.hex_of("W4416").unwrap(), setup.board.hex_of("W4415").unwrap()];
    let mut state = game.state().clone();
    state.turn.play.lone_leaders.push((labienus, options.clone()));
    game = Game::new(state, Dice::seeded(5));
    assert_eq!(
        game.pending(),
        Pending::LeaderRetreat { side: Side::Roman, leader: labienus, options: options.clone() }
    );
    let legal = game.legal_actions();
    assert_eq!(legal.len(), 3, "each offered hex, or stay");
    let before = ron::to_string(&game).unwrap();
    let far = setup.board.hex_of("W3016").unwrap();
    assert!(game.apply(Action::RetreatLeader { leader: labienus, to: Some(far) }).is_err());
    assert_eq!(ron::to_string(&game).unwrap(), before);
    game.apply(Action::RetreatLeader { leader: labienus, to: None }).unwrap();
    assert_eq!(game.state().field.leader(labienus).unwrap().at, setup.board.hex_of("W4516"));
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
}

#[test]
fn rule_6_13_a_commander_stacked_with_an_activated_unit_rides_along_at_its_rate() {
    let mut game = position(0, Side::Roman);
    let setup = game.state().setup().clone();
    let caesar = setup.lid("Caesar").unwrap();
    let cohort = setup.uid("X-1").unwrap();
    let gboh_alesia::game::Membership::Legion(legion) = setup.unit(cohort).unwrap().membership
    else {
        panic!("X-1 is a cohort")
    };
    // The legion's legate stands with it, so the cohort is in command range.
    let legate = setup.lid(setup.mix.legions()[legion.index()].legate.as_ref()).unwrap();
    let mut state = game.state().clone();
    state.field.move_leader(legate, setup.board.hex_of("W4616")).unwrap();
    game = Game::new(state, Dice::seeded(5));
    game.apply(Action::Activate(Command::Legion(legion))).unwrap();
    // Caesar may not move on his own in a legion's activation...
    assert!(!game.legal_actions().iter().any(|a| matches!(
        a,
        Action::Move(MoveAction::MoveLeader { leader, .. }) if *leader == caesar
    )));
    // ...but he may go with the cohort he is stacked with.
    let ride = Action::RideAlong { leader: caesar, unit: cohort };
    assert!(game.legal_actions().contains(&ride));
    game.apply(ride.clone()).unwrap();
    assert!(!game.legal_actions().contains(&ride), "once");
    let step = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(MoveAction::Move { unit, .. }) if *unit == cohort))
        .expect("the cohort can move");
    let Action::Move(MoveAction::Move { to, .. }) = step.clone() else { unreachable!() };
    let events = game.apply(step).unwrap();
    assert!(events.iter().any(|e| e.rule == "6.13"));
    assert_eq!(game.state().field.leader(caesar).unwrap().at, Some(to));
    assert_eq!(game.state().field.unit(cohort).unwrap().at, Some(to));
}

#[test]
fn rule_6_13_a_commander_movement_activation_counts_against_the_seizure_rating() {
    // 4.21: "Seizure: The number of times that leader may attempt Seizure
    // during a single Assault Period and/or Move (by himself) in a single
    // Assault Period." Caesar has moved by himself as often as his rating
    // allows: he may not move in a 6.13 activation; Labienus still may.
    let mut game = position(0, Side::Roman);
    let caesar = game.state().setup().lid("Caesar").unwrap();
    let labienus = game.state().setup().lid("Labienus").unwrap();
    let rating = game.state().setup().leader(caesar).unwrap().seizure().unwrap();
    let mut state = game.state().clone();
    state.field.leader_mut(caesar).unwrap().seizures_used = rating;
    game = Game::new(state, Dice::seeded(5));
    assert_eq!(game.state().movable_commanders(Side::Roman), [labienus]);
    // Labienus's move in the activation uses one of his.
    game.apply(Action::Activate(Command::Commanders(Side::Roman))).unwrap();
    let used = game.state().field.leader(labienus).unwrap().seizures_used;
    let to = game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Move(MoveAction::MoveLeader { leader, to }) if leader == labienus => Some(to),
            Action::Move(MoveAction::MoveLeader { leader, .. }) if leader == caesar => {
                panic!("4.21: Caesar has no Move (by himself) left")
            }
            _ => None,
        })
        .unwrap();
    game.apply(Action::Move(MoveAction::MoveLeader { leader: labienus, to })).unwrap();
    assert_eq!(game.state().field.leader(labienus).unwrap().seizures_used, used + 1);
}
