//! Dictator 4.6 (the Tribal command system) and 4.7 (the Pontic command
//! system) on the reconstructed test scenarios.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use std::sync::Arc;

use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::UniformRandom;
use gboh_dictator::Dictator;
use gboh_dictator::command::{
    CommandSystem, TurnOrders, line_eligibility, line_link, line_member, line_needs_leader_near,
    line_range, line_range_leader, may_command, tribal_rating_problems,
};
use gboh_standard::Rank;
use gboh_standard::protocol::{LineContext, LineEligibility};
use gboh_standard::state::Field;
use gboh_standard::{Battle, Pending, StandardEvent, StandardGame};

// Tribal test.
const SU_1: usize = 4;
const SU_3: usize = 6;
const SE_1: usize = 7;
const SE_2: usize = 8;
const SE_3: usize = 9;
const PH_S: usize = 10;
const SUEBI_CHIEF: usize = 1;
const SEQUANI_CHIEF: usize = 2;
const NOBLE: usize = 3;
// Pontic test.
const PH_1: usize = 3;
const PH_2: usize = 4;
const PH_3: usize = 5;
const HC_1: usize = 6;
const LC_1: usize = 7;
const ARCHELAUS: usize = 1;
const TAXILES: usize = 2;

fn tribal() -> Battle<Dictator> {
    Battle::new(Dictator::tribal_test(), "Tribal test").unwrap().0
}

fn pontic() -> Battle<Dictator> {
    Battle::new(Dictator::pontic_test(), "Pontic test").unwrap().0
}

const T: CommandSystem = CommandSystem::Tribal;
const P: CommandSystem = CommandSystem::Pontic;

#[test]
fn rule_4_64_chiefs_order_their_tribe_their_keyword_and_no_unit_another_chief_ordered() {
    let b = tribal();
    let f = b.field();
    let none = TurnOrders::default();
    assert!(may_command(T, &none, f, NOBLE, SE_3), "his tribe's LI");
    assert!(!may_command(T, &none, f, NOBLE, SE_1), "his keyword is LI");
    assert!(!may_command(T, &none, f, NOBLE, SU_3), "not his tribe");
    // Make the Sequani chief a Chief too: a unit he ordered this turn is barred.
    let mut field: Field = f.clone();
    let mut scenario = (*field.scenario).clone();
    scenario.leaders[SEQUANI_CHIEF].rank = Some(Rank::Chief);
    field.scenario = Arc::new(scenario);
    let ordered = TurnOrders { ordered_by: vec![(SE_3, SEQUANI_CHIEF)], initial_lines: Vec::new() };
    assert!(!may_command(T, &ordered, &field, NOBLE, SE_3));
    let by_himself = TurnOrders { ordered_by: vec![(SE_3, NOBLE)], initial_lines: Vec::new() };
    assert!(may_command(T, &by_himself, &field, NOBLE, SE_3));
}

#[test]
fn rule_4_65_4_66_tribal_chiefs_order_their_tribe_the_army_oc_any_unit() {
    let b = tribal();
    let f = b.field();
    let none = TurnOrders::default();
    assert!(may_command(T, &none, f, SEQUANI_CHIEF, SE_1));
    assert!(!may_command(T, &none, f, SEQUANI_CHIEF, SU_1));
    assert!(may_command(T, &none, f, SUEBI_CHIEF, SE_1), "the army's OC");
    // Through the game's hook.
    assert!(!b.game().may_command(f, SEQUANI_CHIEF, SU_1));
}

#[test]
fn rule_4_62_4_63_tribal_lines_range_and_composition() {
    let b = tribal();
    let f = b.field();
    assert!(line_member(T, f, SEQUANI_CHIEF, SE_1, SE_2));
    assert!(line_member(T, f, SEQUANI_CHIEF, SE_1, SE_3), "BI and LI in one line");
    assert!(!line_member(T, f, SEQUANI_CHIEF, SE_1, PH_S), "infantry means BI and LI");
    assert!(line_link(T, f, SEQUANI_CHIEF, SE_1, SE_2), "adjacent");
    // His Line Command range (5), counted by the engine along a path (SPQR 4.21).
    assert_eq!(line_range(T, f, SEQUANI_CHIEF, SE_1, SE_2), Some(5));
    assert_eq!(line_range(T, f, NOBLE, SE_3, SE_3), Some(4));
    let mut field = f.clone();
    field.units[SE_2].hex = field.board().hex_of("S1001").unwrap();
    assert!(!line_link(T, &field, SEQUANI_CHIEF, SE_1, SE_2));
}

#[test]
fn rule_4_64_4_65_4_66_tribal_line_command_eligibility() {
    let b = tribal();
    let f = b.field();
    let none = TurnOrders::default();
    let initial = LineContext { momentum: false, started_in_oc_range: false, turn: 2 };
    let momentum = LineContext { momentum: true, ..initial };
    assert_eq!(
        line_eligibility(T, &none, f, SEQUANI_CHIEF, &initial, &[SE_1]),
        LineEligibility::Free
    );
    assert_eq!(
        line_eligibility(T, &none, f, SEQUANI_CHIEF, &momentum, &[SE_1]),
        LineEligibility::Roll { at_most: 2, drm: 0 },
        "a roll at most his Initiative"
    );
    assert_eq!(
        line_eligibility(T, &none, f, SUEBI_CHIEF, &momentum, &[SU_1]),
        LineEligibility::Free
    );
    // 4.64: the noble's range leader is his Tribal Chief (the engine measures
    // whether he began the phase within that chief's Orders range, along a path,
    // and reports it as `started_in_oc_range`); another leader's, the army OC.
    assert_eq!(line_range_leader(T, f, NOBLE), Some(SEQUANI_CHIEF));
    assert_eq!(line_range_leader(T, f, SEQUANI_CHIEF), Some(SUEBI_CHIEF));
    let near = LineContext { started_in_oc_range: true, ..initial };
    assert_eq!(line_eligibility(T, &none, f, NOBLE, &near, &[SE_3]), LineEligibility::Free);
    assert_eq!(
        line_eligibility(T, &none, f, NOBLE, &initial, &[SE_3]),
        LineEligibility::FreeNoMomentum
    );
    let turn_one = LineContext { turn: 1, ..initial };
    assert_eq!(line_eligibility(T, &none, f, NOBLE, &turn_one, &[SE_3]), LineEligibility::Free);
    // Without his Tribal Chief on the field he has no range leader.
    let mut field = f.clone();
    field.leaders[SEQUANI_CHIEF].status = gboh_standard::state::LeaderStatus::Dead;
    assert_eq!(line_range_leader(T, &field, NOBLE), None);
}

#[test]
fn rule_4_71_4_73_4_74_pontic_commanders() {
    let b = pontic();
    let f = b.field();
    let none = TurnOrders::default();
    assert!(may_command(P, &none, f, TAXILES, PH_1), "his keyword: PH");
    assert!(!may_command(P, &none, f, TAXILES, HC_1));
    assert!(may_command(P, &none, f, ARCHELAUS, HC_1), "the OC any unit");
    let near = LineContext { momentum: false, started_in_oc_range: true, turn: 2 };
    let far = LineContext { started_in_oc_range: false, ..near };
    assert_eq!(line_eligibility(P, &none, f, TAXILES, &near, &[PH_1]), LineEligibility::Free);
    assert_eq!(
        line_eligibility(P, &none, f, TAXILES, &far, &[PH_1]),
        LineEligibility::Roll { at_most: 2, drm: 0 }
    );
    let momentum = LineContext { momentum: true, ..near };
    assert_eq!(
        line_eligibility(P, &none, f, TAXILES, &momentum, &[PH_1]),
        LineEligibility::Not,
        "no Line in his initial phase"
    );
    let had_line = TurnOrders { ordered_by: Vec::new(), initial_lines: vec![TAXILES] };
    assert_eq!(
        line_eligibility(P, &had_line, f, TAXILES, &momentum, &[PH_1]),
        LineEligibility::Free
    );
    assert_eq!(line_eligibility(P, &none, f, ARCHELAUS, &momentum, &[PH_1]), LineEligibility::Free);
    let turn_one = LineContext { turn: 1, ..far };
    assert_eq!(line_eligibility(P, &none, f, TAXILES, &turn_one, &[PH_1]), LineEligibility::Free);
}

#[test]
fn rule_4_72_pontic_line_composition() {
    let b = pontic();
    let f = b.field();
    assert!(line_link(P, f, ARCHELAUS, PH_1, PH_2), "heavy infantry adjacent");
    assert!(!line_link(P, f, ARCHELAUS, PH_2, PH_3), "a space ends a heavy line");
    assert!(!line_member(P, f, ARCHELAUS, PH_1, HC_1), "heavy infantry and cavalry apart");
    let d = Field::distance(f.units[HC_1].hex, f.units[LC_1].hex);
    assert_eq!(d, 2);
    assert!(line_link(P, f, ARCHELAUS, HC_1, LC_1), "cavalry within 2 hexes, the gap free");
}

#[test]
fn rule_4_72_units_of_another_orientation_join_a_pontic_line_only_in_command_range() {
    use gboh_core::facing::Facing;
    let b = pontic();
    let mut f = b.field().clone();
    // PH-2 turned away from PH-1's facing: Archelaus (Command Range 4) is
    // next to it, so it may still be in his line.
    f.units[PH_2].facing = Facing::Eight;
    let lhex = f.leaders[ARCHELAUS].hex;
    assert!(Field::distance(lhex, f.units[PH_2].hex) <= 4);
    assert!(line_member(P, &f, ARCHELAUS, PH_1, PH_2));
    assert!(line_link(P, &f, ARCHELAUS, PH_1, PH_2));
    // Only within his Command Range (4), which the engine counts along a path
    // (SPQR 4.21); a unit facing alike: any range.
    assert_eq!(line_range(P, &f, ARCHELAUS, PH_1, PH_2), Some(4));
    assert_eq!(line_range(P, &f, ARCHELAUS, PH_1, PH_3), None, "the same facing: any range");
    assert_eq!(b.game().line_range(&f, ARCHELAUS, PH_1, PH_2), Some(4), "through the hook");
    // Not an exception of the other command systems.
    f.leaders[ARCHELAUS].hex = lhex;
    assert!(!line_member(CommandSystem::Tribal, &f, ARCHELAUS, PH_1, PH_2));
}

#[test]
fn rule_4_73_4_74_only_pontic_infantry_lines_need_the_leader_within_2_hexes() {
    let b = pontic();
    let f = b.field();
    assert!(line_needs_leader_near(P, f, &[PH_1, PH_2]), "an infantry line");
    assert!(!line_needs_leader_near(P, f, &[HC_1, LC_1]), "a cavalry line");
    assert!(
        line_needs_leader_near(CommandSystem::Tribal, f, &[HC_1, LC_1]),
        "4.63: any tribal line"
    );
    assert!(line_needs_leader_near(CommandSystem::Roman, f, &[HC_1, LC_1]), "the engine's rule");
    // Through the hook the protocol asks: Archelaus (S0703) is more than 2
    // hexes from both cavalry units, yet may order their line.
    let g = b.game();
    let lhex = f.leaders[ARCHELAUS].hex;
    assert!(
        [HC_1, LC_1].iter().all(|&u| Field::distance(lhex, f.units[u].hex) > 2),
        "the cavalry are beyond 2 hexes"
    );
    assert!(!g.line_needs_leader_near(f, ARCHELAUS, &[HC_1, LC_1]));
    assert!(g.line_needs_leader_near(f, ARCHELAUS, &[PH_1, PH_2]));
}

#[test]
fn command_systems_in_play_random_games_end_and_replay() {
    for (scenario, make) in [
        ("Tribal test", Dictator::tribal_test as fn() -> Dictator),
        ("Pontic test", Dictator::pontic_test),
    ] {
        let mut lines = 0;
        for seed in 0..4u64 {
            let initial = Battle::new(make(), scenario).unwrap().0;
            let mut g = Game::new(initial.clone(), Dice::seeded(seed));
            let mut policy = UniformRandom::seeded(seed + 7);
            while let Some(action) = gboh_core::policy::choose(&g, &mut policy, &mut Vec::new()) {
                for e in g.apply(action).unwrap() {
                    if let StandardEvent::LineCommand { leader, units } = &e.what {
                        lines += 1;
                        for &u in units {
                            assert!(g.state().game().may_command(g.state().field(), *leader, u));
                        }
                    }
                }
                assert!(g.log().len() < 50_000);
            }
            assert!(matches!(g.pending(), Pending::Over(_)));
            let replayed = Game::replay(initial, seed, g.log().iter().copied()).unwrap();
            assert_eq!(fingerprint(replayed.state()).unwrap(), fingerprint(g.state()).unwrap());
        }
        assert!(lines > 0, "{scenario}: random play issued Line Commands");
    }
}

#[test]
fn rule_4_65_4_66_4_74_who_may_move_other_leaders() {
    use gboh_dictator::command::may_move_leader;
    let b = tribal();
    let f = b.field();
    assert!(may_move_leader(T, f, SEQUANI_CHIEF, NOBLE), "a Tribal Chief moves his Chiefs");
    assert!(!may_move_leader(T, f, SEQUANI_CHIEF, SUEBI_CHIEF));
    assert!(may_move_leader(T, f, SUEBI_CHIEF, NOBLE), "the army OC any tribal leader");
    assert!(!may_move_leader(T, f, NOBLE, SEQUANI_CHIEF), "a Chief moves no one");
    let p = pontic();
    assert!(may_move_leader(P, p.field(), ARCHELAUS, TAXILES));
    assert!(!may_move_leader(P, p.field(), TAXILES, ARCHELAUS));
}

#[test]
fn rule_4_71_the_pontic_oc_activates_skirmishers_or_chariots_in_the_auxiliares_phase() {
    use gboh_core::Side;
    use gboh_core::facing::Direction;
    use gboh_standard::Action;
    let (initial, _) = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap();
    let mut g = Game::new(initial, Dice::seeded(3));
    assert_eq!(g.pending(), Pending::Auxiliares { side: Side::Adversary }, "the Romans hold none");
    let f = g.state().field();
    let id =
        |name: &str| (0..f.units.len()).find(|&u| f.def(u).unwrap().id.as_str() == name).unwrap();
    let archelaus =
        (0..f.leaders.len()).find(|&l| f.leader_def(l).unwrap().name == "Archelaus").unwrap();
    let (plt, ph) = (id("PLT-1"), id("PH-1"));
    let chariots: Vec<usize> = (1..=4).map(|k| id(&format!("CH-{k}"))).collect();
    assert_eq!(
        g.legal_actions(),
        vec![Action::AuxiliaresPhase { leader: archelaus }, Action::Decline]
    );
    g.apply(Action::AuxiliaresPhase { leader: archelaus }).unwrap();
    assert_eq!(g.pending(), Pending::Orders { side: Side::Adversary, leader: archelaus });
    assert!(g.check(&Action::LineCommand { anchor: ph }).is_err());
    let step_of = |g: &Game<Battle<Dictator>>, u: usize| {
        let s = g.state().field().units[u];
        s.facing.front().into_iter().find(|&dir| g.check(&Action::Step { unit: u, dir }).is_ok())
    };
    assert!(step_of(&g, ph).is_none(), "a phalanx is no auxiliary");
    // The chariot in Archelaus's Command Range.
    let ch =
        chariots.iter().copied().find(|&c| step_of(&g, c).is_some()).expect("a chariot in range");
    let dir: Direction = step_of(&g, ch).expect("a chariot may move");
    g.apply(Action::Step { unit: ch, dir }).unwrap();
    while let Pending::Reaction { unit, .. } = g.pending() {
        g.apply(Action::NoReaction { unit }).unwrap();
    }
    assert!(step_of(&g, plt).is_none(), "chariots or skirmishers, not both");
    g.apply(Action::EndOrders).unwrap();
    // No Momentum; Archelaus is not Finished; the turn goes on to the Elite phase.
    assert_eq!(
        g.state().field().leaders[archelaus].status,
        gboh_standard::state::LeaderStatus::Ready
    );
    assert_eq!(g.state().field().leaders[archelaus].phases, 0);
    assert_eq!(g.pending(), Pending::Elite { side: Side::Roman });
}

#[test]
fn rule_4_62_tribal_chiefs_hold_no_auxiliares_phase_without_skirmishers() {
    use gboh_dictator::command::auxiliares_leaders;
    let b = tribal();
    assert!(auxiliares_leaders(T, b.field(), gboh_core::Side::Adversary).is_empty());
    let r = Battle::new(Dictator::rhine(), "The Rhine").unwrap().0;
    assert!(auxiliares_leaders(T, r.field(), gboh_core::Side::Adversary).is_empty());
}

/// 4.61: tribal leaders have two Command Ranges (the Orders range the shorter)
/// and no Line Command or Strategy rating; both tribal armies of ours follow it,
/// and every kind of departure is named.
#[test]
fn rule_4_61_tribal_leaders_have_two_ranges_and_no_line_command_or_strategy() {
    use gboh_core::Side;
    for (b, name) in [
        (tribal(), "Tribal test"),
        (Battle::new(Dictator::rhine(), "The Rhine").unwrap().0, "The Rhine"),
    ] {
        assert!(tribal_rating_problems(b.field(), Side::Adversary).is_empty(), "{name}");
        // The Romans are not a tribal army.
        assert!(!tribal_rating_problems(b.field(), Side::Roman).is_empty(), "{name}");
    }
    let b = tribal();
    let mut field: Field = b.field().clone();
    let mut scenario = (*field.scenario).clone();
    scenario.leaders[NOBLE].line_command_range = Some(1);
    scenario.leaders[SEQUANI_CHIEF].strategy = Some(3);
    scenario.leaders[SEQUANI_CHIEF].line_command = 1;
    scenario.leaders[SUEBI_CHIEF].rank = None;
    field.scenario = Arc::new(scenario);
    let problems = tribal_rating_problems(&field, Side::Adversary);
    assert_eq!(
        problems,
        vec![
            "4.61: Suebi chief is neither a Tribal Chief nor a Chief".to_string(),
            "4.61: Sequani chief has a Line Command rating (1)".into(),
            "4.61: Sequani chief has a Strategy rating (3)".into(),
            "4.62: Sequani noble's Orders range (2) is longer than his Line Command range (1)"
                .into(),
        ]
    );
}

/// 4.61, 4.62: a scenario whose tribal army breaks 4.61 is refused on load
/// with one line naming the file and the leader; the shipped ones load.
#[test]
fn rule_4_61_a_tribal_scenario_with_bad_leader_ratings_is_refused_on_load() {
    use gboh_standard::state::Scenario;
    let map = include_str!("../data/dictator/scenarios/rhine-map.ron");
    let good = include_str!("../data/dictator/scenarios/rhine.ron");
    let harudes = "(name: \"Harudes chief\", side: Adversary, initiative: 2, command_range: 3,";
    assert!(good.contains(harudes));
    let bad = good.replace(harudes, &format!("{harudes} strategy: Some(3),"));
    let scenario = Scenario::from_ron("rhine.ron", &bad, "rhine-map.ron", map).unwrap();
    let Err(e) = Battle::from_scenario(Dictator::rhine(), "rhine.ron", scenario) else {
        panic!("a tribal chief with a Strategy rating must be refused")
    };
    assert_eq!(
        e.to_string(),
        "rhine.ron: Harudes chief: 4.61: Harudes chief has a Strategy rating (3)"
    );
    // The same counters under the Roman command system are not tribal: no
    // such check.
    let scenario = Scenario::from_ron("rhine.ron", &bad, "rhine-map.ron", map).unwrap();
    let roman = Dictator::new(Vec::new(), Vec::new(), false);
    assert!(Battle::from_scenario(roman, "rhine.ron", scenario).is_ok());
    // Every shipped scenario loads, and names its file.
    for (name, file, ..) in gboh_dictator::SCENARIOS {
        assert_eq!(Dictator::scenario_file(name), file);
    }
    assert!(Battle::new(Dictator::rhine(), "The Rhine").is_ok());
    assert!(Battle::new(Dictator::tribal_test(), "Tribal test").is_ok());
}
