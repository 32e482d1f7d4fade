//! 12.1 Gallic entry: up to three counters in one Entry Area at the start of
//! each Gallic Activation, placed per 5.45, with a chieftain (5.42) or the
//! cavalry leader (5.41); then 5.48: the activated tribes' units emerge.

#![allow(clippy::unwrap_used, clippy::panic)]

use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{Setup, UnitFlags};
use gboh_alesia::protocol::{Action, Alesia, Pending};
use gboh_alesia::scenario::Scenario;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Game;

fn start() -> Game<Alesia> {
    let setup = Setup::shared().unwrap();
    let game = Scenario::final_assault().unwrap().initial_game(setup).unwrap();
    Game::new(game, Dice::seeded(12))
}

fn placements(game: &Game<Alesia>) -> Vec<gboh_alesia::protocol::Placement> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceCounter(p) => Some(p),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_12_1_placements_are_in_areas_iii_to_vi_only() {
    let game = start();
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
    let ps = placements(&game);
    assert!(!ps.is_empty());
    let state = game.state();
    let board = &state.setup().board;
    let allowed = ["Entry Area III", "Entry Area IV", "Entry Area V", "Entry Area VI"];
    let mut reachable = Vec::new();
    for a in allowed {
        reachable.extend(
            gboh_alesia::scenario::placement::area_placement_hexes(&state.field, a).unwrap(),
        );
    }
    for p in &ps {
        assert!(
            reachable.contains(&p.hex),
            "{} is not placeable from areas III-VI",
            board.label(p.hex).unwrap()
        );
    }
}

#[test]
fn rule_12_1_up_to_three_counters_in_one_area_then_activate() {
    let mut game = start();
    let first = placements(&game)[0];
    game.apply(Action::PlaceCounter(first)).unwrap();
    // 5.42: a tribal counter brings a chieftain with it.
    let state = game.state();
    if !state.setup().counters[first.counter.index()].cavalry {
        let chief = first.chieftain.expect("a chieftain must be placed with the first tribe");
        assert_eq!(state.field.leader(chief).unwrap().at, Some(first.hex));
    }
    // Further placements stay in the same area.
    let area = state.turn.placing_area.clone().unwrap();
    let in_area =
        gboh_alesia::scenario::placement::area_placement_hexes(&game.state().field, &area).unwrap();
    for p in placements(&game) {
        assert!(in_area.contains(&p.hex));
    }
    let second = placements(&game)[0];
    game.apply(Action::PlaceCounter(second)).unwrap();
    let third = placements(&game)[0];
    game.apply(Action::PlaceCounter(third)).unwrap();
    assert!(placements(&game).is_empty(), "12.1: at most three per activation");
    // A placed placement again is refused without change.
    let before = ron::to_string(&game).unwrap();
    assert!(game.apply(Action::PlaceCounter(third)).is_err());
    assert_eq!(ron::to_string(&game).unwrap(), before);
    // Now a chieftain's command is available.
    let command = game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Activate(c @ Command::Tribes(..)) => Some(c),
            _ => None,
        })
        .expect("a tribal command");
    game.apply(Action::Activate(command.clone())).unwrap();
    // 5.48: the units of the activated counters stand atop their counters.
    let state = game.state();
    let Command::Tribes(_, counters) = &command else { unreachable!() };
    for c in counters {
        let units = &state.setup().counters[c.index()].units;
        assert!(!units.is_empty());
        for &u in units {
            assert!(state.field.unit(u).unwrap().flags.has(UnitFlags::ON_COUNTER));
            assert_eq!(state.field.position(u), state.field.counter(*c).unwrap().at);
        }
    }
    // Ending the activation puts unmoved units back inside their counters.
    game.apply(Action::EndActivation).unwrap();
    let state = game.state();
    for c in counters {
        for &u in &state.setup().counters[c.index()].units {
            assert!(!state.field.unit(u).unwrap().flags.has(UnitFlags::ON_COUNTER));
        }
    }
}

#[test]
fn rule_5_42_one_chieftain_per_placement_however_far_apart_the_counters() {
    // "One Tribal Chieftain must be placed (if available) if any Tribal
    // Counters (exclusive of Cavalry) are placed": one for the Activation
    // Phase's placement, not one for each counter out of his range.
    let mut game = start();
    let first = placements(&game)
        .into_iter()
        .find(|p| !game.state().setup().counters[p.counter.index()].cavalry)
        .unwrap();
    assert!(first.chieftain.is_some(), "the first tribe brings a chieftain");
    game.apply(Action::PlaceCounter(first)).unwrap();
    let chief = first.chieftain.unwrap();
    let state = game.state();
    let range = state.command_range_map(chief).unwrap();
    let board = &state.setup().board;
    let tribal: Vec<_> = placements(&game)
        .into_iter()
        .filter(|p| !state.setup().counters[p.counter.index()].cavalry)
        .collect();
    let outside: Vec<_> =
        tribal.iter().filter(|p| board.index(p.hex).is_some_and(|i| range[i] == u8::MAX)).collect();
    assert!(!outside.is_empty(), "the area reaches beyond the chieftain's range");
    assert!(
        tribal.iter().all(|p| p.chieftain.is_none()),
        "5.42: no second chieftain is required or placed"
    );
}

#[test]
fn rule_6_47_a_bi_coming_onto_the_map_may_carry_fill_and_loses_one_ma() {
    // "A Gallic BI may be placed on the map carrying one Fill counter though
    // its not required to do so. Once on the map, a unit can never acquire a
    // Fill counter." Placed atop its Tribal Counter (5.48, 6.21), it may take
    // one; after it has moved, it may not.
    use gboh_alesia::movement::{MoveAction, allowance};
    let mut game = start();
    let first = placements(&game)
        .into_iter()
        .find(|p| !game.state().setup().counters[p.counter.index()].cavalry)
        .unwrap();
    game.apply(Action::PlaceCounter(first)).unwrap();
    let command = game
        .legal_actions()
        .into_iter()
        .find_map(|a| match a {
            Action::Activate(c @ Command::Tribes(..)) => Some(c),
            _ => None,
        })
        .unwrap();
    game.apply(Action::Activate(command)).unwrap();
    let takers: Vec<_> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move(MoveAction::TakeFill { unit }) => Some(unit),
            _ => None,
        })
        .collect();
    assert!(!takers.is_empty(), "6.47: the emerging BI may take Fill");
    let bi = takers[0];
    let ma = allowance::unit_allowance(&game.state().field, bi);
    let events = game.apply(Action::Move(MoveAction::TakeFill { unit: bi })).unwrap();
    assert_eq!(events[0].rule, "6.47");
    let s = game.state().field.unit(bi).unwrap();
    assert!(s.flags.has(UnitFlags::CARRYING_FILL));
    assert_eq!(allowance::unit_allowance(&game.state().field, bi), ma - 1, "6.47: MA -1");
    assert!(
        game.apply(Action::Move(MoveAction::TakeFill { unit: bi })).is_err(),
        "one Fill counter per combat unit"
    );
    // Once it has moved onto the map it may not take one.
    let other = takers[1];
    let step = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Move(MoveAction::Move { unit, .. }) if *unit == other))
        .unwrap();
    game.apply(step).unwrap();
    assert!(game.check(&Action::Move(MoveAction::TakeFill { unit: other })).is_err());
}
