//! The printed and transcribed counter values (4.1-4.5, 5.43, errata, fan
//! scenario) and the three scenarios' deployments and victory conditions.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alexandria::counters::{self, Counters, Rank, UnitKind};
use gboh_alexandria::map;
use gboh_alexandria::scenario::{self, Condition, Position, ScenarioId};
use gboh_core::Side;
use gboh_core::board::Location;

fn mix() -> &'static Counters {
    counters::counters().unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn rule_4_52_ganymedes_may_attempt_seizure_five_times_on_0_to_3() {
    let g = mix().leader("Ganymedes").unwrap_or_else(|| panic!("Ganymedes"));
    assert_eq!((g.rank, g.side), (Rank::OverallCommander, Side::Adversary));
    assert_eq!(g.seizure, Some(5));
    // 4.51: success on a roll at or under the Initiative; 0-3 succeed.
    let successes = (0..10u8).filter(|&roll| roll <= g.initiative).count();
    assert_eq!(successes, 4);
}

#[test]
fn rule_4_1_caesar_is_the_roman_overall_commander_with_heroic_charisma() {
    let c = mix().leader("Caesar").unwrap_or_else(|| panic!("Caesar"));
    assert_eq!((c.rank, c.side), (Rank::OverallCommander, Side::Roman));
    assert!(c.heroic && c.charisma > 0 && c.seizure.is_some());
    assert!(mix().leaders.iter().filter(|l| l.heroic).all(|l| l.rank == Rank::OverallCommander));
}

#[test]
fn rule_4_41_sosius_is_an_egyptian_subordinate_with_a_range_of_6_mp() {
    let s = mix().leader("Sosius").unwrap_or_else(|| panic!("Sosius"));
    assert_eq!((s.rank, s.side, s.range), (Rank::Subordinate, Side::Adversary, Some(6)));
    assert!(mix().leader("Achillas").is_some_and(|a| a.side == Side::Adversary));
}

#[test]
fn rule_4_21_to_4_23_command_eligibility() {
    let legate = mix().leader("Legate VI").unwrap_or_else(|| panic!("legate"));
    let unit = |id: &str| mix().unit(id).unwrap_or_else(|| panic!("{id}"));
    assert!(mix().may_activate(legate, unit("VI-1")));
    assert!(!mix().may_activate(legate, unit("XXVII-1")), "not another legion's cohorts");
    assert!(mix().may_activate(legate, unit("Gallic MI-1")));
    assert!(mix().may_activate(legate, unit("Roman Scorpio-1")));
    assert!(!mix().may_activate(legate, unit("Cretan Archers-1")));
    assert!(!mix().may_activate(legate, unit("Numidian LI-1")));
    let sosius = mix().leader("Sosius").unwrap_or_else(|| panic!("Sosius"));
    for u in mix().units.iter().filter(|u| u.side == Side::Adversary) {
        assert!(mix().may_activate(sosius, u), "4.22: {}", u.id);
    }
    let caesar = mix().leader("Caesar").unwrap_or_else(|| panic!("Caesar"));
    assert!(mix().units.iter().all(|u| !mix().may_activate(caesar, u)), "4.23");
    // Auxiliaries.
    assert!(UnitKind::GallicMediumInfantry.auxiliary(Side::Roman));
    assert!(!UnitKind::LegionCohort.auxiliary(Side::Roman));
    assert!(UnitKind::Archers.auxiliary(Side::Adversary));
    assert!(!UnitKind::MediumInfantry.auxiliary(Side::Adversary));
}

#[test]
fn errata_and_fan_scenario_values() {
    let tq = |id: &str| mix().unit(id).map(|u| u.tq);
    assert_eq!(tq("XXVII-6"), Some(7), "errata: Legion XXVII cohort 6 has TQ 7");
    let mi: Vec<u8> = (1..=6).filter_map(|i| tq(&format!("Egyptian MI-{i}"))).collect();
    assert_eq!(mi, [7, 7, 6, 6, 5, 5], "errata: the Naval Battle's MI");
    let li: Vec<u8> = (1..=4).filter_map(|i| tq(&format!("Egyptian LI-{i}"))).collect();
    assert_eq!(li, [7, 6, 5, 4]);
    let hi: Vec<u8> = (1..=3).filter_map(|i| tq(&format!("Egyptian HI-{i}"))).collect();
    assert_eq!(hi, [7, 6, 5]);
    let vi = mix().units.iter().filter(|u| u.legion.as_deref() == Some("VI")).count();
    assert_eq!(vi, 8, "eight veteran cohorts of Legion VI");
}

#[test]
fn rule_5_43_a_liburnian_bireme_at_cruise_may_expend_0_to_8_mp() {
    let g = mix().galley("Roman Liburnian-1").unwrap_or_else(|| panic!("Liburnian"));
    assert_eq!(g.cruise_ma, 8);
    assert!(mix().galleys.iter().all(|g| g.attack_ma >= 2), "5.43: at least 2 MP at Attack speed");
}

#[test]
fn rule_4_34_caesar_killed_wins_for_the_egyptians_wherever_caesar_plays() {
    let map = map::alexandria().unwrap_or_else(|e| panic!("{e}"));
    for id in ScenarioId::ALL {
        let s = scenario::scenario(id).unwrap_or_else(|e| panic!("{e}"));
        assert!(s.check(map, mix()).is_empty());
        if s.position(map, "Caesar").is_some() {
            assert!(
                s.victory
                    .iter()
                    .any(|v| v.winner == Side::Adversary && v.condition == Condition::CaesarKilled),
                "{id:?}"
            );
        }
    }
}

#[test]
fn main_game_romans_hold_the_palace_and_must_take_both_redoubts() {
    let map = map::alexandria().unwrap_or_else(|e| panic!("{e}"));
    let s = scenario::scenario(ScenarioId::MainGame).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.position(map, "Caesar"), Some(Position::At(Location::Node(map.palace()))));
    let roman = s.victory.iter().find(|v| v.winner == Side::Roman).map(|v| v.condition.clone());
    assert_eq!(roman, Some(Condition::Occupy(vec!["2619".into(), "3119".into()])));
    assert!(
        map.board()
            .in_area(map::areas::PHAROS_REDOUBT, map.board().hex_of("3119").unwrap_or_default())
    );
    let egypt: Vec<Condition> = s
        .victory
        .iter()
        .filter(|v| v.winner == Side::Adversary)
        .map(|v| v.condition.clone())
        .collect();
    assert!(egypt.contains(&Condition::Occupy(vec!["2/3-K/L".into()])));
    // The Egyptians hold the causeway.
    for label in ["2719", "2819", "2919", "3019"] {
        let here = map.place(label).map(Position::At);
        let holder = s.deployment.iter().find(|p| map.place(&p.at).map(Position::At) == here);
        let side =
            holder.and_then(|p| p.units.first()).and_then(|u| mix().piece(u)).map(|p| p.side());
        assert_eq!(side, Some(Side::Adversary), "{label}");
    }
    assert!(s.exhaustion.is_some());
}

#[test]
fn rule_3_0_e_exhaustion_is_not_used_in_the_two_short_scenarios() {
    for id in [ScenarioId::NavalBattle, ScenarioId::Heptastadium] {
        let s = scenario::scenario(id).unwrap_or_else(|e| panic!("{e}"));
        assert!(s.exhaustion.is_none(), "{id:?}");
    }
}

#[test]
fn naval_battle_egyptian_mi_start_aboard_their_galleys() {
    let map = map::alexandria().unwrap_or_else(|e| panic!("{e}"));
    let s = scenario::scenario(ScenarioId::NavalBattle).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(s.rule, "12.2");
    for i in 1..=6 {
        assert!(matches!(s.position(map, &format!("Egyptian MI-{i}")), Some(Position::Aboard(_))));
    }
}
