//! 8.6 Reaction Fire opened by the active player's moves, end to end through
//! the protocol (`Action::Move`, then the non-active player's window): 8.61
//! Retire Reaction, 8.62 Entry Reaction (the 9.21 example's javelins, on the
//! West map) and 8.64 the artillery's free shot, offered at any time during
//! the Phase before shock: when the command is activated, after each move
//! that ends in range, and when shock begins.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::missile::ShotKind;
use gboh_alesia::combat::state::ReactionKind;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::command::Command;
use gboh_alesia::game::{Uid, UnitFlags};
use gboh_alesia::movement::{MoveAction, MoveEvent};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Event, Game};
use gboh_core::table::ModifiedRoll;
use hexx::Hex;

/// The first legal move of `unit` to `to`.
fn move_to(game: &Game<Alesia>, unit: Uid, to: Hex) -> Option<Action> {
    game.legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(MoveAction::Move { unit: u, to: t, .. }) if *u == unit && *t == to))
}

fn fired(events: &[Event<AlesiaEvent>]) -> Vec<(Uid, ShotKind, ModifiedRoll, bool)> {
    combat_events(events)
        .into_iter()
        .filter_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::Fired { unit, kind, modified, hit, .. }) => {
                Some((unit, kind, modified, hit))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn rule_8_62_the_9_21_example_a_bi_moves_into_the_garden_and_the_cohort_throws_its_javelins() {
    let mut pos = Pos::west();
    let cohort = pos.unit("X-1", "W3911", Facing::Ten);
    let (w3910, w3911) = (pos.hex("W3910"), pos.hex("W3911"));
    let board = pos.field.setup().board.clone();
    // The BI comes from a hex two away from the rampart, next to W3910.
    let mut starts: Vec<Hex> = board
        .neighbors(w3910)
        .into_iter()
        .flatten()
        .filter(|&h| h.unsigned_distance_to(w3911) == 2)
        .collect();
    starts.sort_by_key(|&h| board.index(h));
    let mut found = None;
    for start in starts {
        let mut p = Pos { field: pos.field.clone() };
        let label = board.label(start).unwrap().to_string();
        let bi = p.unit("Arverni-1", &label, Facing::Four);
        let state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
        let game = Game::new(state, Dice::scripted([5]));
        if let Some(m) = move_to(&game, bi, w3910) {
            found = Some((game, bi, m));
            break;
        }
    }
    let (mut game, bi, m) = found.expect("a hex from which the BI can enter W3910");
    let events = game.apply(m).unwrap();
    // "As each of the four Gallic units enters the outer GoD hexes they incur 2 hits."
    assert!(events.iter().any(|e| e.rule == "6.45"
        && matches!(&e.what, AlesiaEvent::Move(MoveEvent::Hits { unit, hits: 2, .. }) if *unit == bi)));
    assert_eq!(hits_of(&game, bi), 2);
    // "When the first stack enters the GoD the Roman player fires his javelins
    // allowed by Entry Reaction Fire (8.62)."
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Entry })
    );
    let react = CombatAction::React { unit: cohort, target: w3910 };
    assert_eq!(game.legal_actions(), [combat(react.clone()), combat(CombatAction::Done)]);
    // "A Missile Fire die roll of 5 results in a hit to the top Gallic unit."
    let events = game.apply(combat(react)).unwrap();
    assert_eq!(fired(&events), [(cohort, ShotKind::Entry, ModifiedRoll(4), true)]);
    assert_eq!(hits_of(&game, bi), 3);
    assert!(matches!(game.pending(), Pending::Activation { .. }));
}

#[test]
fn rule_8_62_only_one_entry_reaction_per_enemy_activation() {
    let mut p = Pos::on(test_board(11, 11));
    let roman = p.unit("Archers-1", "T0505", Facing::Twelve);
    let a = p.unit("Aedui-1", "T0502", Facing::Six);
    let b = p.unit("Aedui-2", "T0802", Facing::Six);
    let ne = p.hex(&p.nb("T0505", Direction::NE));
    let nw = p.hex(&p.nb("T0505", Direction::NW));
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[9]);
    let first = move_to(&game, a, nw).or_else(|| move_to(&game, a, ne)).unwrap();
    game.apply(first).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Entry })
    );
    let target = game.state().field.unit(a).unwrap().at.unwrap();
    let events = game.apply(combat(CombatAction::React { unit: roman, target })).unwrap();
    assert_eq!(fired(&events).len(), 1);
    let other = if target == nw { ne } else { nw };
    let second = move_to(&game, b, other).expect("the second BI can reach the archer too");
    let events = game.apply(second).unwrap();
    assert!(events.iter().any(
        |e| matches!(&e.what, AlesiaEvent::Move(MoveEvent::Moved { unit, .. }) if *unit == b)
    ));
    assert_eq!(pending(&game), None, "the archer has used its reaction this activation");
}

#[test]
fn rule_8_61_leaving_an_archers_zoc_opens_retire_reaction_before_the_move() {
    let mut p = Pos::on(test_board(11, 11));
    let roman = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &ne, Facing::Twelve);
    let from = p.hex(&ne);
    let away = p.hex(&p.nb(&p.nb(&ne, Direction::NE), Direction::NE));
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[2]);
    let m = move_to(&game, bi, away).expect("a move two hexes away");
    let events = game.apply(m.clone()).unwrap();
    assert!(events.iter().any(|e| e.rule == "8.61"
        && matches!(&e.what, AlesiaEvent::Move(MoveEvent::AwaitingReaction { unit }) if *unit == bi)));
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(from), "the move waits");
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Retire })
    );
    let events = game.apply(combat(CombatAction::React { unit: roman, target: from })).unwrap();
    assert_eq!(fired(&events), [(roman, ShotKind::Retire, ModifiedRoll(2), true)]);
    // "Any results are applied before the unit moves."
    assert_eq!((hits_of(&game, bi), game.state().field.unit(bi).unwrap().at), (1, Some(from)));
    // The move is submitted again; Retire Reaction is not offered twice.
    assert!(matches!(game.pending(), Pending::Activation { .. }));
    game.apply(m).unwrap();
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(away));
    assert_eq!(pending(&game), None);
}

#[test]
fn rule_8_61_declining_lets_the_move_go_on() {
    let mut p = Pos::on(test_board(11, 11));
    p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &ne, Facing::Twelve);
    let away = p.hex(&p.nb(&p.nb(&ne, Direction::NE), Direction::NE));
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[]);
    let m = move_to(&game, bi, away).unwrap();
    game.apply(m.clone()).unwrap();
    let events = game.apply(combat(CombatAction::Done)).unwrap();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(r, e)| *r == "8.6" && *e == CombatEvent::Family(SimpleEvent::Declined))
    );
    game.apply(m).unwrap();
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(away));
}

/// A Gallic cavalry command (its leader with it in `at`) to be activated,
/// and a scorpio in Fire mode in T0505 facing it.
fn cavalry_and_scorpio(at: &str) -> (Game<Alesia>, Uid, Uid, Command) {
    let mut p = Pos::on(test_board(20, 20));
    let gun = p.unit("X-Scorpio", "T0505", Facing::Twelve);
    p.with(gun, 0, UnitFlags::FIRE_MODE);
    let cav = p.unit("GallicCavalry-1", at, Facing::Six);
    let leader = p.leader("CavalryLeader-1", at);
    let mut state = Alesia::new(p.field);
    state.turn.play.to_act = Side::Adversary;
    let game = Game::new(state, Dice::scripted([0, 9]));
    (game, gun, cav, Command::GallicCavalry(leader))
}

#[test]
fn rule_8_64_the_free_shot_is_offered_when_the_command_is_activated() {
    let (mut game, gun, cav, command) = cavalry_and_scorpio("T0702");
    let at = game.state().field.unit(cav).unwrap().at.unwrap();
    assert!(at.unsigned_distance_to(game.state().setup().board.hex_of("T0505").unwrap()) <= 7);
    game.apply(Action::Activate(command)).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::FreeShot })
    );
    assert_eq!(
        game.legal_actions(),
        [combat(CombatAction::React { unit: gun, target: at }), combat(CombatAction::Done)]
    );
    // Not now: it is offered again after the next move that ends in range.
    game.apply(combat(CombatAction::Done)).unwrap();
    assert!(matches!(game.pending(), Pending::Activation { .. }));
    let board = game.state().setup().board.clone();
    let next = board.neighbor(at, Direction::E).unwrap();
    let m = move_to(&game, cav, next).unwrap();
    game.apply(m).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::FreeShot })
    );
    let events = game.apply(combat(CombatAction::React { unit: gun, target: next })).unwrap();
    let shots = fired(&events);
    assert_eq!(shots.len(), 1);
    assert_eq!((shots[0].0, shots[0].1), (gun, ShotKind::FreeShot));
    // "once per enemy Activation Phase": no more free shots.
    assert!(game.state().field.unit(gun).unwrap().flags.has(UnitFlags::FREE_SHOT));
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert!(!matches!(pending(&game), Some(CombatPending::Reaction { .. })));
}

#[test]
fn rule_8_64_a_unit_that_moves_into_range_draws_the_free_shot_though_no_shock_follows() {
    let (mut game, gun, cav, command) = cavalry_and_scorpio("T0515");
    let board = game.state().setup().board.clone();
    let gun_hex = board.hex_of("T0505").unwrap();
    let at = game.state().field.unit(cav).unwrap().at.unwrap();
    assert!(at.unsigned_distance_to(gun_hex) > 7, "out of range at activation");
    game.apply(Action::Activate(command)).unwrap();
    assert!(matches!(game.pending(), Pending::Activation { .. }), "{:?}", game.pending());
    // Move the cavalry into range (the closest reachable hex to the gun).
    let m = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match &a {
            Action::Move(MoveAction::Move { unit, to, .. }) if *unit == cav => {
                Some((to.unsigned_distance_to(gun_hex), a))
            }
            _ => None,
        })
        .min_by_key(|(d, _)| *d)
        .map(|(_, a)| a)
        .unwrap();
    game.apply(m).unwrap();
    let to = game.state().field.unit(cav).unwrap().at.unwrap();
    assert!(to.unsigned_distance_to(gun_hex) <= 7);
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::FreeShot })
    );
    assert!(legal(&game, &CombatAction::React { unit: gun, target: to }));
    game.apply(combat(CombatAction::Done)).unwrap();
    // The activation may end without shock.
    assert!(game.legal_actions().contains(&Action::EndActivation));
}

#[test]
fn rule_8_61_units_leaving_a_zoc_during_shock_do_not_trigger_reaction_fire() {
    const ATTACKER_RETREATS: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 0, attacker_retreats: true), provenance: Reconstructed),";
    let mut p = Pos::on_setup(setup_with_shock(test_board(11, 11), ATTACKER_RETREATS));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let d = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &d, Facing::Six);
    // A Gallic archer whose ZOC (its flank) holds the cohort.
    let w = p.nb("T0505", Direction::W);
    p.unit("Arverni-A1", &w, Facing::Twelve);
    let (attacker, start) = (p.hex("T0505"), p.hex("T0505"));
    assert!(gboh_alesia::zoc::in_enemy_zoc(&p.field, start, ROMANS), "in the archer's ZOC");
    let mut game = p.activate(legion_of("X-1"), &[5]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap();
    let mut events = Vec::new();
    loop {
        match pending(&game) {
            Some(CombatPending::RetreatBeforeShock { .. }) => {
                events.extend(game.apply(combat(CombatAction::Done)).unwrap());
            }
            Some(CombatPending::ResolutionOrder { .. }) => {
                events.extend(game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap());
            }
            Some(CombatPending::Retreat { .. }) => {
                let first = game.legal_actions()[0].clone();
                events.extend(game.apply(first).unwrap());
            }
            Some(CombatPending::Reaction { kind, .. }) => panic!("a {kind:?} window during shock"),
            _ => break,
        }
    }
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::Retreated { unit, from, .. }) if *unit == co && *from == start))
    );
    assert_ne!(game.state().field.unit(co).unwrap().at, Some(start));
    assert!(!matches!(pending(&game), Some(CombatPending::Reaction { .. })));
}
