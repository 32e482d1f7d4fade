//! 6.5 Rapid March (Roman only).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::scenario_support;

use crate::movement_support;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{self, MoveAction, MoveError, MoveEvent};
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::HitOutcome;
use movement_support::*;

fn lane(p: &Pos, from: &str, n: usize) -> hexx::Hex {
    let b = &p.field.setup().board;
    let mut h = p.hex(from);
    for _ in 0..n {
        h = b.neighbor(h, Direction::NE).unwrap();
    }
    h
}

#[test]
fn rule_6_5_a_cohort_doubles_its_ma_on_1_mp_hexes() {
    let mut p = Pos::on(setup_on(test_board(14, 20)));
    let co = p.unit("X-1", "T0110", Facing::Twelve);
    let (ten, eleven) = (lane(&p, "T0110", 10), lane(&p, "T0110", 11));
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    assert!(mp_to(&game, co, ten).is_none());
    let march = MoveAction::RapidMarch { unit: co };
    let preview = check(&game, &march).unwrap();
    assert_eq!(preview.mp_left, 10);
    assert!(preview.hits.is_empty(), "the first march is free");
    let events = perform(&mut game, march.clone()).unwrap();
    assert_eq!(events[0].rule, "6.5");
    assert_eq!(movement::allowance::mp_left(&game.field, co), 10);
    assert_eq!(mp_to(&game, co, ten), Some(10));
    assert!(mp_to(&game, co, eleven).is_none());
    assert!(matches!(check(&game, &march), Err(MoveError::RapidMarch(_))));
}

#[test]
fn rule_6_5_the_second_march_in_a_period_costs_a_hit() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.flag(co, UnitFlags::RAPID_MARCHED);
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    let march = MoveAction::RapidMarch { unit: co };
    assert_eq!(check(&game, &march).unwrap().hits[0].hits, 1);
    let events = perform(&mut game, march).unwrap();
    assert!(matches!(
        move_events(&events)[0].1,
        MoveEvent::RapidMarch { hit: true, outcome: HitOutcome::Absorbed, .. }
    ));
    assert_eq!(game.field.unit(co).unwrap().cohesion.hits, 1);
}

#[test]
fn rule_6_5_only_hexes_costing_1_mp_and_never_next_to_a_gaul() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4616", Facing::Four);
    p.unit("Alesia-1", "W4718", Facing::Ten); // besieged side: outside
    let (rampart, next_to_gaul) = (p.hex("W4617"), p.hex("W4717"));
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    // The Gaul is within 3 hexes but outside the vallations, the cohort
    // inside: it may march.
    perform(&mut game, MoveAction::RapidMarch { unit: co }).unwrap();
    assert!(matches!(
        check(&game, &mv(co, rampart, Facing::Four)),
        Err(MoveError::RapidMarch(_) | MoveError::Unreachable { .. })
    ));
    assert!(mp_to(&game, co, rampart).is_none(), "a climb costs 2");
    assert!(mp_to(&game, co, next_to_gaul).is_none());
}

#[test]
fn rule_6_5_not_starting_within_3_hexes_of_a_gaul_inside() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4616", Facing::Four);
    p.unit("Aedui-1", "W4514", Facing::Ten); // inside the vallations
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert!(matches!(
        check(&game, &MoveAction::RapidMarch { unit: co }),
        Err(MoveError::RapidMarch(_))
    ));
}

#[test]
fn rule_6_5_cohorts_in_command_range_only_before_they_move() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let li = p.unit("Numidian-1", "T0707", Facing::Twelve);
    let sc = p.unit("X-Scorpio", "T0303", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let game = p.activate_with(legion_of(&setup(), "X-1"), &[sc]);
    assert!(matches!(
        check(&game, &MoveAction::RapidMarch { unit: sc }),
        Err(MoveError::RapidMarch(_))
    ));
    let _ = li;
    let mut game = game;
    perform(&mut game, mv(co, ne, Facing::Twelve)).unwrap();
    assert!(matches!(
        check(&game, &MoveAction::RapidMarch { unit: co }),
        Err(MoveError::RapidMarch(_))
    ));
}

/// 6.5: "Each Roman unit may freely use Rapid Movement once during an
/// Assault Period": a cohort that marched in the first period of a
/// two-period test scenario (12.1's file with `AssaultPeriods(2)`) marches
/// free again in the second.
#[test]
fn rule_6_5_the_free_rapid_march_comes_back_with_a_new_assault_period() {
    use gboh_alesia::protocol::{Action, Alesia};
    use gboh_core::dice::Dice;
    use gboh_core::game::Game;

    let scenario = scenario_support::with_periods(2);
    let mut state: Alesia =
        scenario.initial_game(gboh_alesia::game::Setup::shared().unwrap()).unwrap();
    let co = state.setup().uid("X-1").unwrap();
    state.field.unit_mut(co).unwrap().flags.set(UnitFlags::RAPID_MARCHED, true);
    // The first period ends at once: the Arverni committed and withdrawn (3.1).
    let setup = state.setup().clone();
    let arverni = setup.counters.iter().position(|c| c.id == "Arverni").unwrap();
    let c = state.field.counter_mut(gboh_alesia::game::CounterIdx(u8::try_from(arverni).unwrap()));
    let c = c.unwrap();
    c.at = Some(setup.board.hex_of("W3901").unwrap());
    c.withdrawn = true;
    let mut game = Game::new(state, Dice::seeded(2));
    while game.state().turn.play.period == 1 {
        let legal = game.legal_actions();
        let a = legal.iter().find(|a| **a == Action::EndActivation).or_else(|| legal.last());
        game.apply(a.cloned().unwrap()).unwrap();
    }
    assert_eq!(game.state().turn.play.period, 2);
    assert!(!game.state().field.unit(co).unwrap().flags.has(UnitFlags::RAPID_MARCHED));
}
