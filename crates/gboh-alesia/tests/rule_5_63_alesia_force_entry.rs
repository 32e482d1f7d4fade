//! 5.62-5.63: the Alesia Force tries to enter play once a relief tribe is
//! on the map; it enters on 0-6, and on a failure the Gallic player
//! activates another command. Played through the protocol, whose
//! activation is the engine's (`gboh_simple::protocol::sequence_of_play`,
//! Alesia's `BattleRules::activation_roll`).

#![allow(clippy::unwrap_used, clippy::panic)]

use gboh_alesia::command::Command;
use gboh_alesia::game::{Battlefield, Membership, Setup};
use gboh_alesia::movement::MoveAction;
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;

/// The Gauls to act, a unit of a relief tribe outside the walls (5.62),
/// the Alesia Force still in the oppidum, one Roman cohort on the West map.
fn position() -> Alesia {
    let setup = Setup::shared().unwrap();
    let mut field = Battlefield::new(setup.clone());
    let relief = (0..setup.units.len())
        .map(|i| gboh_alesia::game::Uid(u16::try_from(i).unwrap()))
        .find(|&u| matches!(setup.unit(u).unwrap().membership, Membership::Tribe { .. }))
        .unwrap();
    field.move_unit(relief, setup.board.hex_of("W6427").unwrap(), Facing::Twelve).unwrap();
    let cohort = setup.uid("X-1").unwrap();
    field.move_unit(cohort, setup.board.hex_of("W4616").unwrap(), Facing::Twelve).unwrap();
    Alesia::new(field)
}

fn offered(game: &Game<Alesia>) -> bool {
    game.legal_actions().contains(&Action::Activate(Command::AlesiaForce))
}

#[test]
fn rule_5_63_a_7_keeps_the_alesia_force_in_and_the_gauls_choose_again() {
    let mut game = Game::new(position(), Dice::scripted([7]));
    assert!(offered(&game), "5.62: a relief tribe is on the map");
    let field_before = game.state().field.clone();
    let events = game.apply(Action::Activate(Command::AlesiaForce)).unwrap();
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0].rule, "5.63");
    assert_eq!(events[0].what, AlesiaEvent::AlesiaForceHeld { roll: 7 });
    assert_eq!(events[0].rolls.iter().map(|r| r.face).collect::<Vec<_>>(), [7]);
    // "the Gallic player must activate another command": nothing was
    // activated, nothing on the map changed, the choice is open again
    // without the Alesia Force.
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    assert!(game.state().turn.play.current.is_none());
    assert_eq!(game.state().field, field_before);
    assert!(!offered(&game));
    assert!(game.apply(Action::Activate(Command::AlesiaForce)).is_err());
}

#[test]
fn rule_5_63_a_6_brings_the_alesia_force_into_play() {
    let mut game = Game::new(position(), Dice::scripted([6]));
    let events = game.apply(Action::Activate(Command::AlesiaForce)).unwrap();
    let activated = events
        .iter()
        .find(|e| matches!(e.what, AlesiaEvent::Activated { command: Command::AlesiaForce, .. }))
        .unwrap();
    assert_eq!(activated.rule, "5.63", "the activation cites the roll that allowed it");
    assert_eq!(activated.rolls.iter().map(|r| r.face).collect::<Vec<_>>(), [6]);
    assert_eq!(
        game.pending(),
        Pending::Activation { side: Side::Adversary, command: Command::AlesiaForce }
    );
    // 12.1: its units come on through the entry hexes, Vercingetorix with them.
    let st = game.state();
    let vercingetorix = st.setup().lid("Vercingetorix").unwrap();
    let entry = st.setup().board.area(gboh_alesia::map::areas::ALESIA_FORCE_ENTRY).unwrap();
    assert!(entry.hexes().contains(&st.field.leader(vercingetorix).unwrap().at.unwrap()));
    let units = &st.turn.play.current.as_ref().unwrap().units;
    assert!(!units.is_empty());
    assert!(
        units.iter().all(|&u| st.setup().unit(u).unwrap().membership == Membership::AlesiaForce)
    );
}

#[test]
fn rule_5_63_once_in_play_the_alesia_force_activates_without_a_roll() {
    let mut game = Game::new(position(), Dice::scripted([0]));
    game.apply(Action::Activate(Command::AlesiaForce)).unwrap();
    // One of its units comes out through the entry hexes (12.1).
    let out = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(MoveAction::Move { .. })))
        .unwrap();
    game.apply(out).unwrap();
    game.apply(Action::EndActivation).unwrap();
    // The Romans activate their cohort's legion and do nothing with it;
    // the Gauls act again.
    for _ in 0..10 {
        if game.pending() == (Pending::ChooseCommand { side: Side::Adversary }) {
            break;
        }
        let legal = game.legal_actions();
        let quiet = [Action::DeclineSeizure, Action::EndActivation];
        let legion = legal.iter().find(|a| matches!(a, Action::Activate(Command::Legion(_))));
        let next = quiet.iter().find(|a| legal.contains(a)).or(legion).cloned();
        let next = next.unwrap_or_else(|| panic!("at {:?} only {legal:?}", game.pending()));
        game.apply(next).unwrap();
    }
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    assert!(game.state().alesia_force_in_play());
    let events = game.apply(Action::Activate(Command::AlesiaForce)).unwrap();
    assert_eq!(events[0].rule, "5.1");
    assert!(events[0].rolls.is_empty(), "no die is rolled: {:?}", events[0].rolls);
}
