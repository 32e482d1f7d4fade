//! 5.3 Gallic Assault Planning and 5.4 Initial Placement (the general rules),
//! through the protocol. 12.1 and 12.2 replace them with their own entry
//! rule, so these tests play a test scenario: 12.1's file without its
//! "up to 3 Tribal Counters ... per activation" rule (so the general rules
//! apply), Entry Areas I-VI, and a relief pool of the test's choosing.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use crate::scenario_support;

use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{CounterIdx, Setup};
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{
    Action, Alesia, AlesiaDecision, AlesiaError, AlesiaEvent, Pending, Placement, PlanningStep,
};
use gboh_alesia::scenario::{Scenario, ScenarioId};
use gboh_alesia::tables::EntryArea;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules, fingerprint};

/// 12.1's file with the general entry rules, Areas I-VI and `relief`.
fn general_scenario(relief: &[&str]) -> Scenario {
    scenario_support::general_rules(relief, 1)
}

fn start(relief: &[&str], seed: u64) -> Game<Alesia> {
    let state = general_scenario(relief).initial_game(Setup::shared().unwrap()).unwrap();
    Game::new(state, Dice::seeded(seed))
}

fn counter(game: &Game<Alesia>, id: &str) -> CounterIdx {
    let i = game.state().setup().counters.iter().position(|c| c.id == id).unwrap();
    CounterIdx(u8::try_from(i).unwrap())
}

fn control(game: &Game<Alesia>, c: CounterIdx) -> u8 {
    game.state().setup().counters[c.index()].control
}

/// Applies a legal action, checking that the protocol listed it.
fn play(game: &mut Game<Alesia>, action: Action) -> Vec<AlesiaEvent> {
    assert!(game.legal_actions().contains(&action), "{action:?} is not listed");
    game.apply(action).unwrap().into_iter().map(|e| e.what).collect()
}

/// A rejected action leaves the game exactly as it was.
fn rejected(game: &mut Game<Alesia>, action: Action) -> AlesiaError {
    assert!(!game.legal_actions().contains(&action), "{action:?} is listed");
    let before = fingerprint(game).unwrap();
    let e = game.apply(action).unwrap_err();
    assert_eq!(fingerprint(game).unwrap(), before);
    e
}

fn assign(game: &mut Game<Alesia>, id: &str, area: EntryArea) {
    let c = counter(game, id);
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Assign { counter: c })
        }
    );
    play(game, Action::AssignTribe { counter: c, area });
}

/// Plays the Roman phases (and declines seizures) until the Gauls choose.
fn to_gallic_choice(game: &mut Game<Alesia>) {
    for _ in 0..200 {
        match game.pending() {
            Pending::ChooseCommand { side: Side::Adversary } => return,
            Pending::Seizure { .. } => {
                play(game, Action::DeclineSeizure);
            }
            Pending::ChooseCommand { side: Side::Roman } => {
                let a = game
                    .legal_actions()
                    .into_iter()
                    .find(|a| matches!(a, Action::Activate(Command::Legion(_))))
                    .unwrap();
                play(game, a);
            }
            Pending::Activation { side: Side::Roman, .. } => {
                play(game, Action::EndActivation);
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    panic!("the Gauls never got to choose");
}

fn entries(game: &Game<Alesia>) -> Vec<EntryArea> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::AttemptEntry(area) => Some(area),
            _ => None,
        })
        .collect()
}

fn placements(game: &Game<Alesia>) -> Vec<Placement> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceCounter(p) => Some(p),
            _ => None,
        })
        .collect()
}

/// The 5.42 example's tribes: Arverni (3) to Area I; Senones (2), Nervii (1)
/// and Boii (1) to Area III; no initial placement; then the Gauls pass their
/// first three Activation Phases.
fn example_5_42_at_the_fourth_phase() -> Game<Alesia> {
    let mut game = start(&["Arverni", "Senones", "Nervii", "Boii"], 3);
    assign(&mut game, "Arverni", EntryArea::I);
    assign(&mut game, "Senones", EntryArea::III);
    assign(&mut game, "Nervii", EntryArea::III);
    assign(&mut game, "Boii", EntryArea::III);
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::InitialPlacement {
                control_left: 8
            })
        }
    );
    play(&mut game, Action::EndPlacement);
    for phase in 1..=3 {
        to_gallic_choice(&mut game);
        // 5.32: only Areas I-II in the first three Gallic Activation Phases.
        assert_eq!(entries(&game), [EntryArea::I], "phase {phase}");
        play(&mut game, Action::Pass);
    }
    to_gallic_choice(&mut game);
    game
}

#[test]
fn rule_5_31_every_available_tribe_is_assigned_before_anything_else() {
    let mut game = start(&["Arverni", "Senones", "Nervii", "Boii"], 1);
    let arverni = counter(&game, "Arverni");
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Assign { counter: arverni })
        }
    );
    assert_eq!(game.decider(), Some(Side::Adversary));
    let legal = game.legal_actions();
    assert!(
        legal
            .iter()
            .all(|a| matches!(a, Action::AssignTribe { counter, .. } if *counter == arverni))
    );
    let areas: Vec<EntryArea> = legal
        .iter()
        .filter_map(|a| match a {
            Action::AssignTribe { area, .. } => Some(*area),
            _ => None,
        })
        .collect();
    assert_eq!(
        areas,
        [EntryArea::I, EntryArea::II, EntryArea::III, EntryArea::IV, EntryArea::V, EntryArea::VI]
    );
    // Not out of order, not something else.
    let senones = counter(&game, "Senones");
    let e = rejected(&mut game, Action::AssignTribe { counter: senones, area: EntryArea::I });
    assert!(e.to_string().starts_with("5.31"), "{e}");
    let e = rejected(&mut game, Action::Pass);
    assert!(e.to_string().contains("5.31"), "{e}");
    let e = rejected(&mut game, Action::AttemptEntry(EntryArea::I));
    assert!(e.to_string().contains("5.31"), "{e}");
    // Once made, an assignment stands for the period.
    let events = play(&mut game, Action::AssignTribe { counter: arverni, area: EntryArea::II });
    assert_eq!(events, [AlesiaEvent::TribeAssigned { counter: arverni, area: EntryArea::II }]);
    assert_eq!(game.state().assigned_area(arverni), Some(EntryArea::II));
    rejected(&mut game, Action::AssignTribe { counter: arverni, area: EntryArea::I });
}

#[test]
fn rule_5_43_areas_beyond_ii_take_at_most_five_control_points_in_a_period() {
    let mut game = start(&["Arverni", "Senones", "Nervii", "Boii"], 1);
    assign(&mut game, "Arverni", EntryArea::III);
    assign(&mut game, "Senones", EntryArea::III);
    assert_eq!(game.state().area_control(EntryArea::III), 5);
    let nervii = counter(&game, "Nervii");
    let e = rejected(&mut game, Action::AssignTribe { counter: nervii, area: EntryArea::III });
    assert!(e.to_string().contains("5.43"), "{e}");
    // Areas I and II have no such limit.
    assign(&mut game, "Nervii", EntryArea::I);
    assign(&mut game, "Boii", EntryArea::I);
    assert_eq!(game.state().area_control(EntryArea::I), 2);
}

#[test]
fn rule_5_43_with_areas_iii_to_vi_only_each_area_offered_has_room() {
    let mut s =
        general_scenario(&["Aedui", "Arverni", "Sequani", "Senones", "Bituriges", "Santones"]);
    s.gauls.entry_areas.value =
        ["Entry Area III", "Entry Area IV", "Entry Area V", "Entry Area VI"]
            .map(String::from)
            .to_vec();
    let mut game = Game::new(s.initial_game(Setup::shared().unwrap()).unwrap(), Dice::seeded(1));
    assign(&mut game, "Aedui", EntryArea::III);
    // III has 2 Control Points left: the Arverni (3) may not go there.
    let arverni = counter(&game, "Arverni");
    let e = rejected(&mut game, Action::AssignTribe { counter: arverni, area: EntryArea::III });
    assert!(e.to_string().contains("5.43"), "{e}");
    assign(&mut game, "Arverni", EntryArea::IV);
    assign(&mut game, "Sequani", EntryArea::V);
    assign(&mut game, "Senones", EntryArea::V);
    // V holds 4: the Bituriges (2) may go to III (2 left), IV (2) or VI (5).
    let legal: Vec<EntryArea> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::AssignTribe { area, .. } => Some(area),
            _ => None,
        })
        .collect();
    assert_eq!(legal, [EntryArea::III, EntryArea::IV, EntryArea::VI]);
    assign(&mut game, "Bituriges", EntryArea::VI);
    assign(&mut game, "Santones", EntryArea::III);
    // Nothing in Areas I-II: no Initial Placement Segment.
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
}

#[test]
fn rule_5_41_initial_placement_up_to_8_control_points_in_areas_i_and_ii_with_one_chieftain() {
    let relief = ["Arverni", "Sequani", "Senones", "Bellovaci", "Atrebates", "Boii", "Cavalry-1"];
    let mut game = start(&relief, 1);
    assign(&mut game, "Arverni", EntryArea::I);
    assign(&mut game, "Sequani", EntryArea::II);
    assign(&mut game, "Senones", EntryArea::I);
    assign(&mut game, "Bellovaci", EntryArea::II);
    assign(&mut game, "Atrebates", EntryArea::II);
    assign(&mut game, "Boii", EntryArea::III);
    assign(&mut game, "Cavalry-1", EntryArea::I);
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::InitialPlacement {
                control_left: 8
            })
        }
    );
    let boii = counter(&game, "Boii");
    let ps = placements(&game);
    // Only counters assigned to Areas I-II, each in its own area's hexes (5.45).
    assert!(ps.iter().all(|p| p.counter != boii));
    let arverni = counter(&game, "Arverni");
    let area_i = game.state().entry_area_hexes(EntryArea::I);
    assert!(ps.iter().filter(|p| p.counter == arverni).all(|p| area_i.contains(&p.hex)));
    // 5.41: a Tribal Chieftain must come with the first Tribal Counter.
    assert!(ps.iter().filter(|p| p.counter == arverni).all(|p| p.chieftain.is_some()));
    let no_chief =
        Placement { chieftain: None, ..ps.iter().find(|p| p.counter == arverni).copied().unwrap() };
    let e = rejected(&mut game, Action::PlaceCounter(no_chief));
    assert!(e.to_string().contains("5.41"), "{e}");
    // The Cavalry Counter comes with its Cavalry Leader, no chieftain.
    let cav = counter(&game, "Cavalry-1");
    let p = ps.iter().find(|p| p.counter == cav).copied().unwrap();
    assert_eq!(p.chieftain, None);
    play(&mut game, Action::PlaceCounter(p));
    let setup = game.state().setup().clone();
    let leader = setup.lid("CavalryLeader-1").unwrap();
    assert_eq!(game.state().field.leader(leader).unwrap().at, Some(p.hex));
    // Arverni with a chieftain: 2 + 3 = 5 Control Points.
    let p = placements(&game).into_iter().find(|p| p.counter == arverni).unwrap();
    let chief = p.chieftain.unwrap();
    let events = play(&mut game, Action::PlaceCounter(p));
    assert_eq!(events, [AlesiaEvent::CounterPlaced(p)]);
    assert_eq!(game.state().field.leader(chief).unwrap().at, Some(p.hex));
    assert_eq!(
        game.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::InitialPlacement {
                control_left: 3
            })
        }
    );
    // One chieftain is enough: the rest come without one.
    assert!(placements(&game).iter().all(|p| p.chieftain.is_none()));
    // Sequani (2) and then 1 left: the Senones (2) no longer fit.
    let sequani = counter(&game, "Sequani");
    let p = placements(&game).into_iter().find(|p| p.counter == sequani).unwrap();
    play(&mut game, Action::PlaceCounter(p));
    let senones = counter(&game, "Senones");
    let left: Vec<CounterIdx> = placements(&game).iter().map(|p| p.counter).collect();
    assert!(!left.contains(&senones));
    assert!(left.iter().all(|&c| control(&game, c) <= 1));
    // The plan and the assignments survive a save and a load.
    let saved = ron::to_string(&game).unwrap();
    let loaded: Game<Alesia> = ron::from_str(&saved).unwrap();
    assert_eq!(loaded, game);
    assert_eq!(loaded.state().assigned_area(boii), Some(EntryArea::III));
    // It costs no activation: the Gauls then have the first Activation Phase.
    play(&mut game, Action::EndPlacement);
    assert_eq!(game.state().turn.play.activations, 0);
    assert_eq!(game.pending(), Pending::ChooseCommand { side: Side::Adversary });
}

#[test]
fn rule_5_42_example_the_arverni_automatically_or_the_other_three_on_0_to_8() {
    let game = example_5_42_at_the_fourth_phase();
    // 5.33: from the fourth Gallic Activation Phase, Area III too.
    assert_eq!(entries(&game), [EntryArea::I, EntryArea::III]);
    // Area I: automatic, no roll.
    let mut auto = Game::new(game.state().clone(), Dice::scripted([]));
    let events = play(&mut auto, Action::AttemptEntry(EntryArea::I));
    assert_eq!(
        events,
        [AlesiaEvent::EntryAttempt { area: EntryArea::I, roll: None, arrived: true }]
    );
    let arverni = counter(&auto, "Arverni");
    assert!(placements(&auto).iter().all(|p| p.counter == arverni));
    // Area III on 0-8: an 8 brings the Senones, Nervii and Boii.
    let mut rolled = Game::new(game.state().clone(), Dice::scripted([8]));
    let events = play(&mut rolled, Action::AttemptEntry(EntryArea::III));
    assert_eq!(
        events,
        [AlesiaEvent::EntryAttempt { area: EntryArea::III, roll: Some(8), arrived: true }]
    );
    assert_eq!(
        rolled.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Entry {
                area: EntryArea::III,
                control_left: 5
            })
        }
    );
    let three: Vec<CounterIdx> =
        ["Senones", "Nervii", "Boii"].iter().map(|id| counter(&rolled, id)).collect();
    let mut offered: Vec<CounterIdx> = placements(&rolled).iter().map(|p| p.counter).collect();
    offered.dedup();
    assert_eq!(offered, three);
    // Placing is the whole activation: no command now.
    let e = rejected(&mut rolled, Action::Pass);
    assert!(e.to_string().contains("5.42"), "{e}");
    for (i, c) in three.iter().enumerate() {
        let p = placements(&rolled).into_iter().find(|p| p.counter == *c).unwrap();
        // 5.42: one chieftain with the first, unless in range of one already there.
        assert_eq!(p.chieftain.is_some(), i == 0);
        play(&mut rolled, Action::PlaceCounter(p));
    }
    assert_eq!(
        rolled.pending(),
        Pending::Game {
            side: Side::Adversary,
            decision: AlesiaDecision::GallicPlanning(PlanningStep::Entry {
                area: EntryArea::III,
                control_left: 1
            })
        }
    );
    assert!(placements(&rolled).is_empty());
    let events = play(&mut rolled, Action::EndPlacement);
    assert!(events.contains(&AlesiaEvent::ActivationEnded { next: Side::Roman }));
    assert_eq!(rolled.state().turn.play.to_act, Side::Roman);
}

#[test]
fn rule_5_34_a_failed_arrival_roll_loses_the_activation_and_5_42_no_attempt_in_the_next_phase() {
    let game = example_5_42_at_the_fourth_phase();
    let mut g = Game::new(game.state().clone(), Dice::scripted([9]));
    let phases = g.state().turn.play.activations;
    let events = play(&mut g, Action::AttemptEntry(EntryArea::III));
    assert_eq!(
        events.first(),
        Some(&AlesiaEvent::EntryAttempt { area: EntryArea::III, roll: Some(9), arrived: false })
    );
    // 5.34: a lost activation: the phase is over, nothing was placed.
    assert!(events.contains(&AlesiaEvent::ActivationEnded { next: Side::Roman }));
    assert_eq!(g.state().turn.play.activations, phases + 1);
    assert!(g.state().field.counters().iter().all(|c| c.at.is_none()));
    // 5.42: not in consecutive Gallic Activation Phases.
    let mut g = Game::new(g.state().clone(), Dice::seeded(4));
    to_gallic_choice(&mut g);
    assert!(entries(&g).is_empty());
    let e = rejected(&mut g, Action::AttemptEntry(EntryArea::I));
    assert!(e.to_string().contains("5.42"), "{e}");
    play(&mut g, Action::Pass);
    to_gallic_choice(&mut g);
    assert_eq!(entries(&g), [EntryArea::I, EntryArea::III]);
}

#[test]
fn rule_5_42_no_attempt_while_a_placed_counter_has_placed_none_of_its_units() {
    let game = example_5_42_at_the_fourth_phase();
    let mut g = Game::new(game.state().clone(), Dice::seeded(5));
    play(&mut g, Action::AttemptEntry(EntryArea::I));
    let p = placements(&g).into_iter().next().unwrap();
    play(&mut g, Action::PlaceCounter(p));
    play(&mut g, Action::EndPlacement);
    to_gallic_choice(&mut g);
    // The next Gallic phase follows an entry (5.42: not consecutively);
    // leave that aside, and the full Arverni counter still bars an attempt.
    let mut state = g.state().clone();
    if let Some(plan) = state.turn.planning.as_mut() {
        plan.entry_last_phase = false;
    }
    assert!(state.entry_attempts().is_empty());
    // Once one of its units is on the map, attempts may resume.
    let arverni = counter(&g, "Arverni");
    let first = state.setup().counters[arverni.index()].units[0];
    let hex = state.field.counter(arverni).unwrap().at.unwrap();
    state.field.move_unit(first, hex, gboh_core::facing::Facing::ALL[0]).unwrap();
    assert_eq!(state.entry_attempts(), [EntryArea::III]);
}

#[test]
fn rule_5_35_turn_seizure_may_not_be_used_to_attempt_tribal_entry() {
    let game = example_5_42_at_the_fourth_phase();
    let mut state = game.state().clone();
    let commius = state.setup().lid("Commius").unwrap();
    state.turn.play.seizure.seized_by = Some(commius);
    let mut g = Game::new(state, Dice::seeded(1));
    assert!(entries(&g).is_empty());
    let e = rejected(&mut g, Action::AttemptEntry(EntryArea::III));
    assert!(e.to_string().contains("5.35"), "{e}");
}

#[test]
fn rule_12_1_and_12_2_keep_their_own_entry_rule() {
    for id in ScenarioId::ALL {
        let state = Playthrough::initial(id).unwrap();
        assert!(!state.plays_assault_planning());
        assert!(state.turn.planning.is_none());
        assert!(state.entry_attempts().is_empty());
        assert_eq!(Rules::pending(&state), Pending::ChooseCommand { side: Side::Adversary });
    }
}

#[test]
fn rule_5_3_the_bots_play_the_general_rules_through_the_protocol() {
    use gboh_alesia::bots::{GallicAggression, RomanDefender};
    use gboh_core::policy::{Limits, play as play_out};
    let mut game = start(&["Arverni", "Sequani", "Senones", "Nervii", "Boii", "Cavalry-1"], 9);
    play_out(
        &mut game,
        &mut RomanDefender::seeded(9),
        &mut GallicAggression::seeded(10),
        Limits { max_actions: 150 },
    )
    .unwrap();
    let log = game.log();
    assert!(log.iter().any(|a| matches!(a, Action::AssignTribe { .. })));
    assert!(log.iter().any(|a| matches!(a, Action::PlaceCounter(_))));
    assert!(log.iter().any(|a| matches!(a, Action::Activate(Command::Tribes(..)))));
}

/// The protocol kit's checks (listed actions apply, `check` agrees with
/// `apply`, rejected actions change nothing, a saved copy goes on the same,
/// unlisted actions are refused) over random play through the planning.
#[test]
fn rule_5_3_random_play_through_the_planning_keeps_the_protocol() {
    use gboh_core::testkit::{Playout, random_playout};
    for seed in [1, 2] {
        let game = start(&["Arverni", "Senones", "Nervii", "Boii", "Bellovaci", "Cavalry-1"], seed);
        let options = Playout {
            max_actions: 25,
            round_trip_every: 5,
            illegal_every: 2,
            check_all_listed: false,
            unlisted_must_fail: true,
        };
        let report = random_playout(game, seed, &options, |_| Ok(())).unwrap();
        assert!(report.actions > 10, "{report:?}");
    }
}
