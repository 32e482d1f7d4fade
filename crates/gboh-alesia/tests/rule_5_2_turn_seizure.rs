//! 5.2 Turn Seizure, with the 5.23 Commius example.

#![allow(clippy::unwrap_used, clippy::panic)]

use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{Battlefield, Setup};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;

/// A Roman cohort and Caesar on the West map, the Gauls' first activation
/// already past, the Romans to act.
fn position() -> Alesia {
    let setup = Setup::shared().unwrap();
    let mut field = Battlefield::new(setup.clone());
    let board = &setup.board;
    let cohort = setup.uid("X-1").unwrap();
    field.move_unit(cohort, board.hex_of("W4616").unwrap(), Facing::Twelve).unwrap();
    let caesar = setup.lid("Caesar").unwrap();
    field.move_leader(caesar, board.hex_of("W4616")).unwrap();
    let mut game = Alesia::new(field);
    game.turn.play.activations = 1;
    game.turn.play.to_act = Side::Roman;
    game
}

#[test]
fn rule_5_23_commius_fails_on_a_5_and_the_roman_player_activates() {
    let state = position();
    let setup = state.setup().clone();
    let commius = setup.lid("Commius").unwrap();
    let mut game = Game::new(state, Dice::scripted([5]));
    let Pending::Seizure { side, leaders } = game.pending() else {
        panic!("expected a seizure window, got {:?}", game.pending())
    };
    assert_eq!(side, Side::Adversary);
    assert!(leaders.contains(&commius), "Commius may seize from off the map (4.22)");
    let events = game.apply(Action::AttemptSeizure(commius)).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "5.21");
    assert_eq!(
        events[0].what,
        AlesiaEvent::Seizure { leader: commius, roll: Some(5), initiative: 3, seized: false }
    );
    // "The Seizure Attempt has failed, the Roman player now undertakes an Activation Phase."
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
    // "Commius has used one of his 3 Seizure Attempts for that Period."
    assert_eq!(game.state().field.leader(commius).unwrap().seizures_used, 1);
    assert_eq!(setup.leader(commius).unwrap().seizure(), Some(3));
}

#[test]
fn rule_5_21_a_roll_at_or_under_initiative_seizes_the_turn() {
    let state = position();
    let commius = state.setup().lid("Commius").unwrap();
    let mut game = Game::new(state, Dice::scripted([3]));
    game.apply(Action::AttemptSeizure(commius)).unwrap();
    assert_eq!(game.state().turn.play.to_act, Side::Adversary);
    assert_eq!(game.state().turn.play.seizure.seized_by, Some(commius));
    assert!(matches!(game.pending(), Pending::ChooseCommand { side: Side::Adversary }));
}

#[test]
fn rule_5_24_no_seizure_in_the_first_activation_phase() {
    let mut state = position();
    state.turn.play.activations = 0;
    let game = Game::new(state, Dice::seeded(1));
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
}

#[test]
fn rule_5_22_not_twice_in_a_row() {
    let state = position();
    let setup = state.setup().clone();
    let commius = setup.lid("Commius").unwrap();
    let caesar = setup.lid("Caesar").unwrap();
    let cohort = setup.uid("X-1").unwrap();
    let gboh_alesia::game::Membership::Legion(legion) = setup.unit(cohort).unwrap().membership
    else {
        panic!("X-1 is a cohort")
    };
    let mut game = Game::new(state, Dice::scripted([7]));
    game.apply(Action::AttemptSeizure(commius)).unwrap(); // fails on a 7
    game.apply(Action::Activate(Command::Legion(legion))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // The Romans may try to seize before the Gauls designate; they decline.
    assert!(
        matches!(game.pending(), Pending::Seizure { side: Side::Roman, ref leaders } if leaders.contains(&caesar))
    );
    game.apply(Action::DeclineSeizure).unwrap();
    // The Gauls have nothing on the map: they pass (3.0).
    assert_eq!(game.legal_actions(), vec![Action::Pass]);
    game.apply(Action::Pass).unwrap();
    // Before the Romans designate again, the Gauls may not try a second time in a row.
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Roman });
    game.apply(Action::Activate(Command::Legion(legion))).unwrap();
    game.apply(Action::EndActivation).unwrap();
    game.apply(Action::DeclineSeizure).unwrap();
    game.apply(Action::Pass).unwrap();
    // Having let an opportunity pass, they may try again.
    assert!(matches!(game.pending(), Pending::Seizure { side: Side::Adversary, .. }));
}

#[test]
fn rule_5_21_an_attempt_by_the_acting_side_is_rejected_without_change() {
    let state = position();
    let caesar = state.setup().lid("Caesar").unwrap();
    let mut game = Game::new(state, Dice::seeded(9));
    let before = ron::to_string(&game).unwrap();
    // Caesar is Roman: the Romans are about to act, so only the Gauls may seize.
    assert!(game.apply(Action::AttemptSeizure(caesar)).is_err());
    assert_eq!(ron::to_string(&game).unwrap(), before);
}

/// 4.22: Commius on the map with the Arverni counter and Vercassivellaunus
/// in W3901, the first Cavalry Counter and its leader in W3801 (both within
/// Commius's range of 6); the Romans to act.
fn commius_on_the_map() -> (Alesia, gboh_alesia::game::Lid) {
    let mut state = position();
    let setup = state.setup().clone();
    let board = &setup.board;
    let counter = |id: &str| {
        gboh_alesia::game::CounterIdx(
            u8::try_from(setup.counters.iter().position(|c| c.id == id).unwrap()).unwrap(),
        )
    };
    let (w3901, w3801) = (board.hex_of("W3901"), board.hex_of("W3801"));
    state.field.counter_mut(counter("Arverni")).unwrap().at = w3901;
    state.field.counter_mut(counter("Cavalry-1")).unwrap().at = w3801;
    let commius = setup.lid("Commius").unwrap();
    for (l, h) in [("Commius", w3901), ("Vercassivellaunus", w3901), ("CavalryLeader-1", w3801)] {
        state.field.move_leader(setup.lid(l).unwrap(), h).unwrap();
    }
    (state, commius)
}

#[test]
fn rule_4_22_commius_on_the_map_seizes_only_to_activate_tribes_in_his_own_range() {
    let (state, commius) = commius_on_the_map();
    let verc = state.setup().lid("Vercassivellaunus").unwrap();
    // Without a seizure the Gauls could activate all three commands.
    let mut normal = state.clone();
    normal.turn.play.to_act = Side::Adversary;
    let mut all = Vec::new();
    normal.legal_commands(Side::Adversary, &mut all);
    assert!(all.iter().any(|c| matches!(c, Command::Tribes(l, _) if *l == verc)));
    assert!(all.iter().any(|c| matches!(c, Command::GallicCavalry(_))));
    let mut game = Game::new(state, Dice::scripted([3]));
    game.apply(Action::AttemptSeizure(commius)).unwrap();
    assert_eq!(game.state().turn.play.seizure.seized_by, Some(commius));
    let mut after = Vec::new();
    game.state().legal_commands(Side::Adversary, &mut after);
    assert!(!after.is_empty());
    assert!(
        after.iter().all(|c| matches!(c, Command::Tribes(l, _) if *l == commius)),
        "4.22: only tribes within his Command Range, under him: {after:?}"
    );
}
