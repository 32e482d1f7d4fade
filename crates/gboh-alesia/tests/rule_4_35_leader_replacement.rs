//! 4.35 Replacement of killed leaders (and 10.46: a Gallic leader in the
//! Gallic Camp returns as a replacement does), through the protocol: while
//! the side chooses its command, the leader is placed on a unit he could
//! command (`Action::ReturnLeader`), and the command then activated is his.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::CombatEvent;
use gboh_alesia::combat::replacement;
use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::Lid;
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_alesia::scenario::Scenario;
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;

/// The game with `side` to choose its command.
fn choosing(pos: Pos, side: Side) -> Game<Alesia> {
    let mut state = Alesia::new(pos.field);
    state.turn.play.to_act = side;
    let game = Game::new(state, Dice::scripted([]));
    assert_eq!(game.pending(), Pending::ChooseCommand { side });
    game
}

fn kill(pos: &mut Pos, lid: Lid) {
    let s = pos.field.leader_mut(lid).unwrap();
    s.dead = true;
    s.at = None;
}

fn returned(events: &[gboh_core::game::Event<AlesiaEvent>]) -> Vec<(&'static str, CombatEvent)> {
    combat_events(events)
        .into_iter()
        .filter(|(_, e)| matches!(e, CombatEvent::LeaderReturned { .. }))
        .collect()
}

#[test]
fn rule_4_35_a_legate_is_placed_on_a_unit_of_his_legion_the_next_time_it_is_activated() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("X-1", "T0303", Facing::Twelve);
    p.unit("X-2", "T0808", Facing::Twelve);
    let legion = legion_of("X-1");
    let legate = legion.leader(&p.field).unwrap();
    kill(&mut p, legate);
    let (a, b) = (p.hex("T0303"), p.hex("T0808"));
    let mut game = choosing(p, ROMANS);
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::ReturnLeader { leader: legate, to: a }));
    assert!(legal.contains(&Action::ReturnLeader { leader: legate, to: b }));
    assert!(!legal.contains(&Action::Activate(legion.clone())), "not without its Legate");
    assert!(!legal.contains(&Action::Pass));
    let before = ron::to_string(game.state()).unwrap();
    let err = game.apply(Action::Activate(legion.clone())).unwrap_err();
    assert!(err.to_string().starts_with("4.35: "), "{err}");
    assert_eq!(ron::to_string(game.state()).unwrap(), before);

    let events = game.apply(Action::ReturnLeader { leader: legate, to: b }).unwrap();
    assert_eq!(
        returned(&events),
        [("4.35", CombatEvent::LeaderReturned { leader: legate, to: b })]
    );
    let line = gboh_alesia::narrate::line(game.state(), &events[0]);
    assert!(
        line.starts_with("[4.35] ") && line.contains("returns to the field in T0808"),
        "{line}"
    );
    let s = game.state().field.leader(legate).unwrap();
    assert_eq!((s.at, s.dead), (Some(b), false));
    // The command activated next is his.
    assert_eq!(game.legal_actions(), [Action::Activate(legion.clone())]);
    game.apply(Action::Activate(legion.clone())).unwrap();
    assert!(matches!(game.pending(), Pending::Activation { command, .. } if command == legion));
    assert_eq!(game.state().turn.combat.returned_leader, None);
}

#[test]
fn rule_4_35_a_chieftain_returns_on_a_tribal_unit_from_where_he_can_activate_tribes() {
    let mut p = Pos::on(test_board(20, 20));
    let near = p.unit("Aedui-1", "T0303", Facing::Twelve);
    p.unit("Aedui-2", "T1818", Facing::Twelve);
    p.unit("GallicCavalry-1", "T0304", Facing::Twelve);
    let counter = setup().unit(near).unwrap().counter.unwrap();
    p.field.counter_mut(counter).unwrap().at = Some(p.hex("T0404"));
    let viri = setup().lid("Viridomarus").unwrap();
    kill(&mut p, viri);
    let (a, far, cav) = (p.hex("T0303"), p.hex("T1818"), p.hex("T0304"));
    let mut game = choosing(p, GAULS);
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::ReturnLeader { leader: viri, to: a }));
    assert!(
        !legal.contains(&Action::ReturnLeader { leader: viri, to: far }),
        "no Tribal Counter within his range from there"
    );
    assert!(
        !legal.contains(&Action::ReturnLeader { leader: viri, to: cav }),
        "cavalry is not an appropriate unit for a Chieftain"
    );
    let err = game.apply(Action::ReturnLeader { leader: viri, to: far }).unwrap_err();
    assert!(err.to_string().starts_with("4.35: "), "{err}");
    game.apply(Action::ReturnLeader { leader: viri, to: a }).unwrap();
    let legal = game.legal_actions();
    assert!(!legal.is_empty());
    assert!(
        legal.iter().all(|x| matches!(x, Action::Activate(Command::Tribes(l, _)) if *l == viri)
            || matches!(x, Action::PlaceCounter(_))),
        "{legal:?}"
    );
    assert!(!legal.iter().any(|x| matches!(x, Action::ReturnLeader { .. })));
}

#[test]
fn rule_4_35_caesar_commius_and_the_area_commanders_are_not_replaced() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("X-1", "T0303", Facing::Twelve);
    p.unit("Archers-1", "T0404", Facing::Twelve);
    p.unit("Aedui-1", "T0909", Facing::Twelve);
    for id in ["Caesar", "Labienus", "Antonius", "Commius"] {
        let l = setup().lid(id).unwrap();
        kill(&mut p, l);
    }
    let game = choosing(p, ROMANS);
    assert!(replacement::returning(game.state(), ROMANS).is_empty());
    assert!(replacement::returning(game.state(), GAULS).is_empty());
    assert!(!game.legal_actions().iter().any(|a| matches!(a, Action::ReturnLeader { .. })));
}

#[test]
fn rule_4_35_critognatus_takes_vercingetorix_place_as_oc_in_alesia() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("Alesia-1", "T0606", Facing::Twelve);
    p.unit("Alesia-2", "T0707", Facing::Twelve);
    let verc = setup().lid("Vercingetorix").unwrap();
    let crit = setup().lid("Critognatus").unwrap();
    kill(&mut p, verc);
    let here = p.hex("T0606");
    let mut game = choosing(p, GAULS);
    assert_eq!(replacement::returning(game.state(), GAULS), [crit]);
    let legal = game.legal_actions();
    assert!(legal.contains(&Action::ReturnLeader { leader: crit, to: here }));
    assert!(!legal.contains(&Action::Activate(Command::AlesiaForce)));
    game.apply(Action::ReturnLeader { leader: crit, to: here }).unwrap();
    assert_eq!(game.legal_actions(), [Action::Activate(Command::AlesiaForce)]);
    assert_eq!(Command::AlesiaForce.leader(&game.state().field), Some(crit));
    game.apply(Action::Activate(Command::AlesiaForce)).unwrap();
    assert_eq!(game.state().field.leader(crit).unwrap().at, Some(here));
}

#[test]
fn rule_4_35_in_12_1_critognatus_is_not_used_so_nobody_succeeds_vercingetorix() {
    let mut state = Scenario::final_assault().unwrap().initial_game(setup()).unwrap();
    let verc = setup().lid("Vercingetorix").unwrap();
    let crit = setup().lid("Critognatus").unwrap();
    state.field.leader_mut(verc).unwrap().dead = true;
    assert!(!replacement::is_returning(&state, crit));
    assert!(!replacement::is_returning(&state, verc));
}

#[test]
fn rule_10_46_a_gallic_leader_in_the_gallic_camp_returns_as_a_replacement() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("GallicCavalry-1", "T0505", Facing::Twelve);
    let leader = setup().lid("CavalryLeader-1").unwrap();
    p.field.move_leader(leader, None).unwrap();
    let here = p.hex("T0505");
    let mut game = choosing(p, GAULS);
    assert!(!game.legal_actions().iter().any(|a| matches!(a, Action::ReturnLeader { .. })));
    let mut state = game.into_state();
    state.turn.combat.leaders_in_camp.push(leader);
    game = Game::new(state, Dice::scripted([]));
    assert!(game.legal_actions().contains(&Action::ReturnLeader { leader, to: here }));
    game.apply(Action::ReturnLeader { leader, to: here }).unwrap();
    assert!(game.state().turn.combat.leaders_in_camp.is_empty());
    assert_eq!(game.legal_actions(), [Action::Activate(Command::GallicCavalry(leader))]);
}

#[test]
fn rule_4_35_a_seizure_by_an_area_commander_leaves_no_legion_to_return_a_legate_for() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("X-1", "T0303", Facing::Twelve);
    p.unit("Archers-1", "T0404", Facing::Twelve);
    let labienus = p.leader("Labienus", "T0404");
    let legate = legion_of("X-1").leader(&p.field).unwrap();
    kill(&mut p, legate);
    let mut state = Alesia::new(p.field);
    state.turn.play.to_act = ROMANS;
    state.turn.play.seizure.seized_by = Some(labienus);
    let game = Game::new(state.clone(), Dice::scripted([]));
    assert!(!game.legal_actions().iter().any(|a| matches!(a, Action::ReturnLeader { .. })));
    // Caesar's seizure allows any legion: the Legate may return.
    let mut q = Pos { field: state.field.clone() };
    let caesar = q.leader("Caesar", "T0606");
    state.field = q.field;
    state.turn.play.seizure.seized_by = Some(caesar);
    let game = Game::new(state, Dice::scripted([]));
    assert!(
        game.legal_actions()
            .iter()
            .any(|a| matches!(a, Action::ReturnLeader { leader, .. } if *leader == legate))
    );
}

/// The choice of a command refused in Alesia's words (the engine's
/// `BattleRules::check_command`, which traces the one command chosen): the
/// other side's command (5.1), a legion with no unit on the map (4.1), a
/// legion whose Legate must return first (4.35); nothing changes.
#[test]
fn rule_5_1_4_1_4_35_a_refused_command_says_which_rule_refuses_it() {
    let mut p = Pos::on(test_board(12, 12));
    p.unit("X-1", "T0303", Facing::Twelve);
    p.unit("XI-1", "T0808", Facing::Twelve);
    let legate = legion_of("XI-1").leader(&p.field).unwrap();
    kill(&mut p, legate);
    let mut game = choosing(p, ROMANS);
    let before = ron::to_string(game.state()).unwrap();
    let refused = |game: &mut Game<Alesia>, command: Command| {
        game.apply(Action::Activate(command)).unwrap_err().to_string()
    };
    let gauls = refused(&mut game, Command::AlesiaForce);
    assert_eq!(gauls, "5.1: that command is not the active player's");
    let empty = refused(&mut game, legion_of("IX-1"));
    assert_eq!(empty, "4.1: that command has no unit on the map to activate");
    let waiting = refused(&mut game, legion_of("XI-1"));
    assert!(waiting.starts_with("4.35: "), "{waiting}");
    assert_eq!(ron::to_string(game.state()).unwrap(), before);
    // The legion whose Legate stands is activated.
    assert!(game.legal_actions().contains(&Action::Activate(legion_of("X-1"))));
}
