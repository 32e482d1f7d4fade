//! The movement generator: `legal` lists what the generator finds, `check`
//! agrees with it, the order is deterministic; scenario rules (12.1) and the
//! Alesia Force's entry from off the map.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::movement::{self, MoveAction, MoveError, MoveGenerator, MoveRules};
use gboh_core::facing::Facing;
use movement_support::*;

fn position() -> gboh_alesia::protocol::Alesia {
    let mut p = Pos::west();
    p.unit("X-1", "W4616", Facing::Four);
    p.unit("X-2", "W4515", Facing::Two);
    p.unit("X-3", "W4716", Facing::Twelve);
    p.unit("X-Scorpio", "W4716", Facing::Twelve);
    p.unit("X-4", "W3310", Facing::Four);
    p.unit("Aedui-1", "W5213", Facing::Two);
    p.unit("Alesia-1", "W4724", Facing::Ten);
    p.activate(legion_of(&setup(), "X-1"))
}

#[test]
fn legal_lists_every_generated_move_and_check_agrees_with_the_generator() {
    let game = position();
    let mut legal = Vec::new();
    movement::legal(&game, &mut legal);
    let rules = MoveRules::for_game(&game);
    let mut generator = MoveGenerator::new();
    let mut moves = 0;
    for action in &legal {
        let preview = check(&game, action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
        if let MoveAction::Move { unit, to, facing } = *action {
            moves += 1;
            let reach = generator.reach(&game, &rules, unit).unwrap();
            let r = reach.iter().find(|r| r.hex == to && r.facing == facing).unwrap();
            assert_eq!(r.mp, preview.mp);
            assert!(
                preview.mp + preview.mp_left == movement::allowance::mp_left(&game.field, unit)
            );
            assert_eq!(preview.path.first().map(|s| s.0), game.field.position(unit));
            assert_eq!(preview.path.last().map(|s| (s.0, s.1)), Some((to, facing)));
        }
    }
    assert!(moves > 100, "{moves} moves");
    // And each unit's reach is all listed.
    for uid in movement::allowance::candidates(&game, &rules) {
        if let Ok(reach) = generator.reach(&game, &rules, uid) {
            for r in reach {
                assert!(legal.contains(&MoveAction::Move {
                    unit: uid,
                    to: r.hex,
                    facing: r.facing
                }));
            }
        }
    }
}

#[test]
fn the_generator_is_deterministic_and_sorted() {
    let game = position();
    let mut a = Vec::new();
    let mut b = Vec::new();
    movement::legal(&game, &mut a);
    movement::legal(&game.clone(), &mut b);
    assert_eq!(a, b);
    let board = &game.setup().board;
    let keys: Vec<_> = a
        .iter()
        .filter_map(|m| match *m {
            MoveAction::Move { unit, to, facing } => Some((unit, board.index(to).unwrap(), facing)),
            _ => None,
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort();
    assert_eq!(keys, sorted);
    // A reused generator gives the same answers as a fresh one.
    let rules = MoveRules::for_game(&game);
    let mut reused = MoveGenerator::new();
    let uid = game.setup().uid("X-4").unwrap();
    let first: Vec<_> =
        reused.reach(&game, &rules, game.setup().uid("X-1").unwrap()).unwrap().to_vec();
    let _ = first;
    let again: Vec<_> = reused.reach(&game, &rules, uid).unwrap().to_vec();
    let fresh: Vec<_> = MoveGenerator::new().reach(&game, &rules, uid).unwrap().to_vec();
    assert_eq!(again, fresh);
}

#[test]
fn rule_12_1_romans_never_move_closer_than_three_hexes_to_an_outside_edge() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W0705", Facing::Ten);
    let (two_from_edge, edge) = (p.hex("W0703"), p.hex("W0701"));
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert!(mp_to(&game, co, two_from_edge).is_some(), "the rulebook alone allows it");
    game.turn.rules.roman_edge_distance = Some(3);
    let err = check(&game, &mv(co, edge, Facing::Ten)).unwrap_err();
    assert!(matches!(&err, MoveError::Restricted { rule, .. } if rule == "12.1"), "{err}");
    assert!(mp_to(&game, co, edge).is_none());
    let band = MoveRules::edge_band(&game.setup().board, 3);
    assert!(band.contains(&edge));
    assert!(band.contains(&p_hex("W0702")));
    assert!(!band.contains(&two_from_edge));
}

fn p_hex(l: &str) -> hexx::Hex {
    setup().board.hex_of(l).unwrap()
}

#[test]
fn rule_12_1_roman_cavalry_stays_in_its_camps() {
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W4512", Facing::Four);
    let lid = p.lid("Prefect-1");
    let beyond = p.hex("W4514");
    let mut game = p.activate(Command::RomanCavalry(lid));
    assert!(mp_to(&game, gc, beyond).is_some());
    game.turn.rules.cavalry_restricted_to_camps = true;
    assert!(mp_to(&game, gc, beyond).is_none());
    let inside_camp = p_hex("W4511");
    assert!(mp_to(&game, gc, inside_camp).is_some());
}

#[test]
fn rule_12_1_the_alesia_force_enters_from_off_the_map_on_the_east_edge() {
    let p = Pos::west();
    let unit = p.uid("Alesia-1");
    let w3733 = p.hex("W3733");
    let game = p.activate(Command::AlesiaForce);
    let preview = check(&game, &mv(unit, w3733, Facing::Ten)).unwrap();
    assert_eq!(preview.mp, 1);
    assert_eq!(preview.path.len(), 1);
    let mut game = game;
    perform(&mut game, mv(unit, w3733, Facing::Ten)).unwrap();
    assert_eq!(game.field.unit(unit).unwrap().at, Some(w3733));
}

/// `reach_to` (what planning a Move runs) stops its search once the end
/// asked for is settled, and does not go on where too few MP are left to
/// get back to it: the end, its cost and hits and its path must be
/// those of the whole search, for every third end of every unit in the opening
/// activations of a bot game, and an end not reachable is `None`.
#[test]
fn reach_to_stops_early_with_the_whole_search_s_end_and_path() {
    use gboh_alesia::playthrough::Playthrough;
    use gboh_alesia::protocol::Pending;
    use gboh_alesia::scenario::ScenarioId;

    let mut play = Playthrough::new(ScenarioId::FinalAssault, 1).unwrap();
    let (mut whole, mut early) = (MoveGenerator::new(), MoveGenerator::new());
    let mut compared = 0;
    let mut activations = 0;
    while activations < 3 {
        if matches!(play.game.pending(), Pending::Activation { .. }) {
            activations += 1;
            let game = play.game.state();
            let rules = MoveRules::for_game(game);
            for unit in game.movers() {
                let Ok(ends) = whole.reach(game, &rules, unit) else { continue };
                let ends = ends.to_vec();
                for end in ends.iter().step_by(3) {
                    let got = early.reach_to(game, &rules, unit, end.hex, end.facing).unwrap();
                    assert_eq!(got, Some(*end));
                    assert_eq!(early.path(&game.field, end), whole.path(&game.field, end));
                    compared += 1;
                }
                let off = game.setup().board.hex_of("W0101").unwrap();
                if !ends.iter().any(|r| r.hex == off) {
                    assert_eq!(early.reach_to(game, &rules, unit, off, Facing::Two).unwrap(), None);
                }
            }
        }
        let mut events = Vec::new();
        if !play.step(&mut events).unwrap() {
            break;
        }
    }
    assert!(compared > 50, "{compared}");
}
