//! 5.65: Alesia Force units that end an Assault Period outside both walls
//! (W6427, but not W5429 or W5028) are from then on part of a relief tribe;
//! on a test scenario of two periods (12.1's file with `AssaultPeriods(2)`).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use crate::scenario_support;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{CounterIdx, Membership, Setup, Uid};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;

fn counter(state: &Alesia, id: &str) -> CounterIdx {
    let i = state.setup().counters.iter().position(|c| c.id == id).unwrap();
    CounterIdx(u8::try_from(i).unwrap())
}

#[test]
fn rule_5_65_alesia_force_units_outside_both_walls_join_the_arverni() {
    let scenario = scenario_support::with_periods(2);
    let mut state = scenario.initial_game(Setup::shared().unwrap()).unwrap();
    let setup = state.setup().clone();
    let force: Vec<Uid> = (0..setup.units.len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .filter(|&u| setup.unit(u).unwrap().membership == Membership::AlesiaForce)
        .collect();
    let (out, inside, between) = (force[0], force[1], force[2]);
    let hex = |l: &str| setup.board.hex_of(l).unwrap();
    state.field.move_unit(out, hex("W6427"), Facing::ALL[0]).unwrap();
    state.field.move_unit(inside, hex("W5429"), Facing::ALL[0]).unwrap();
    state.field.move_unit(between, hex("W5028"), Facing::ALL[0]).unwrap();
    // The first period ends: the Arverni committed and withdrawn (3.1).
    let arverni = counter(&state, "Arverni");
    let c = state.field.counter_mut(arverni).unwrap();
    c.at = Some(hex("W3901"));
    c.withdrawn = true;
    let mut game = Game::new(state, Dice::seeded(2));
    // The Gauls activate the Alesia Force and end at once; the period ends.
    let mut events =
        game.apply(Action::Activate(gboh_alesia::command::Command::AlesiaForce)).unwrap();
    while game.state().turn.play.period == 1 {
        let legal = game.legal_actions();
        let a = legal
            .iter()
            .find(|a| **a == Action::EndActivation)
            .or_else(|| legal.last())
            .cloned()
            .unwrap();
        events.extend(game.apply(a).unwrap());
    }
    let joined: Vec<_> = events
        .iter()
        .filter_map(|e| match e.what {
            AlesiaEvent::JoinedTribe { unit, counter } => Some((e.rule, unit, counter)),
            _ => None,
        })
        .collect();
    assert_eq!(joined, [("5.65", out, arverni)]);
    let now = game.state().setup();
    assert!(
        matches!(now.unit(out).unwrap().membership, Membership::Tribe { counter, .. } if counter == arverni)
    );
    assert_eq!(now.unit(out).unwrap().counter, Some(arverni));
    assert!(now.counters[arverni.index()].units.contains(&out));
    assert_eq!(now.unit(inside).unwrap().membership, Membership::AlesiaForce);
    assert_eq!(now.unit(between).unwrap().membership, Membership::AlesiaForce);
    // The default data is untouched, and a saved game keeps the change.
    assert_eq!(Setup::shared().unwrap().unit(out).unwrap().membership, Membership::AlesiaForce);
    let saved = ron::to_string(&game).unwrap();
    let loaded: Game<Alesia> = ron::from_str(&saved).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(loaded.state().setup().unit(out).unwrap().counter, Some(arverni));
    assert_eq!(game.state().field.position(out), Some(hex("W6427")));
}
