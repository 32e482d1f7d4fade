//! 9.23 Pre-Shock Check and 9.24 Leader Casualties.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::game::UnitFlags;
use gboh_core::facing::{Direction, Facing};

/// A cohort that moved next to a fresh BI (TQ 6), facing it.
fn contact(
    faces: &[u8],
) -> (
    gboh_core::game::Game<gboh_alesia::protocol::Alesia>,
    gboh_alesia::game::Uid,
    gboh_alesia::game::Uid,
    hexx::Hex,
) {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.with(co, 0, UnitFlags::MOVED);
    let ne = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &ne, Facing::Six);
    let hex = p.hex(&ne);
    (p.activate(legion_of("X-1"), faces), co, bi, hex)
}

#[test]
fn rule_9_23_a_roll_over_the_tq_costs_a_hit_and_a_retreat_and_the_attacker_advances() {
    let (mut game, co, bi, hex) = contact(&[7]);
    let events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    let check = combat_events(&events).into_iter().find_map(|(rule, e)| match e {
        CombatEvent::Family(SimpleEvent::PreShockCheck { tq, passed, .. }) => {
            Some((rule, tq, passed))
        }
        _ => None,
    });
    assert_eq!(check, Some(("9.23", 6, false)));
    assert_eq!(hits_of(&game, bi), 1);
    // The Gauls pick the retreat hex, away from the cohort (10.21).
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: gboh_alesia::GAULS, unit: bi }));
    let options = game.legal_actions();
    assert!(options.len() > 1);
    game.apply(options[0].clone()).unwrap();
    let bi_at = game.state().field.unit(bi).unwrap().at.unwrap();
    assert_ne!(bi_at, hex, "it retreated");
    assert_eq!(bi_at.unsigned_distance_to(game.state().field.unit(co).unwrap().at.unwrap()), 2);
    // 9.31: the vacated hex is advanced into (with a choice of facing, 9.32).
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: ROMANS, attack: 0 }));
    let first = game.legal_actions()[0].clone();
    game.apply(first).unwrap();
    assert_eq!(game.state().field.unit(co).unwrap().at, Some(hex));
}

#[test]
fn rule_9_23_a_roll_at_the_tq_has_no_effect() {
    let (mut game, _, bi, hex) = contact(&[6]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(hits_of(&game, bi), 0);
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(hex));
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: ROMANS }));
}

#[test]
fn rule_9_23_no_check_in_a_voluntary_attack() {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let from = p.hex("T0505");
    let mut game = p.activate(legion_of("X-1"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    let events =
        game.apply(combat(CombatAction::Designate { attacker: from, join: None })).unwrap();
    assert!(events.iter().all(|e| e.rolls.is_empty()));
}

#[test]
fn rule_9_24_a_leader_with_an_attacking_unit_dies_on_0_then_0_to_4() {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    let brutus = p.leader("Brutus", "T0505");
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let from = p.hex("T0505");
    let mut game = p.activate(legion_of("X-1"), &[0, 4]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    let events =
        game.apply(combat(CombatAction::Designate { attacker: from, join: None })).unwrap();
    let check: Vec<_> = events
        .iter()
        .filter(|e| {
            matches!(
                e.what,
                gboh_alesia::protocol::AlesiaEvent::Combat(CombatEvent::Family(
                    SimpleEvent::LeaderCheck { .. }
                ))
            )
        })
        .map(|e| (e.rule, e.rolls.iter().map(|r| r.face).collect::<Vec<_>>()))
        .collect();
    assert_eq!(check, [("9.24", vec![0, 4])]);
    assert!(game.state().field.leader(brutus).unwrap().dead);
}
