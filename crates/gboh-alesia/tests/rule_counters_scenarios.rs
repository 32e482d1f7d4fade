//! The scenarios' force lists (12.1, 12.2) can be drawn from the counter mix.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alesia::counters::{CounterMix, Owner};
use gboh_alesia::leader::Rank;
use gboh_core::Side;
use gboh_core::unit::UnitType;

fn mix() -> &'static CounterMix {
    match CounterMix::default_mix() {
        Ok(m) => m,
        Err(e) => panic!("the shipped counter mix must load:\n{e}"),
    }
}

/// Roman units outside the legions, of type `t`, counted per contingent.
fn roman_auxiliaries(t: UnitType) -> Vec<(&'static str, usize)> {
    mix()
        .contingents()
        .iter()
        .map(|c| (c.id.as_str(), mix().units_of(&c.units).filter(|u| u.unit_type() == t).count()))
        .filter(|&(_, n)| n > 0)
        .collect()
}

fn leaders_of_rank(rank: Rank) -> usize {
    mix().leaders().iter().filter(|l| l.side == Side::Roman && l.is(rank)).count()
}

/// The Roman list shared by 12.1 and 12.2, with `gc` German Cavalry.
fn assert_roman_force_list(gc: usize) {
    let m = mix();
    // "Six Legions (his choice), with Legates, Scorpiones and Aquilae".
    let complete = m
        .legions()
        .iter()
        .filter(|l| {
            m.leader(l.legate.as_str()).is_some_and(|g| g.is(Rank::Legate))
                && m.unit(l.scorpio.as_str()).is_some_and(|s| s.unit_type() == UnitType::Scorpio)
                && !l.aquila.is_empty()
                && m.units_of(&l.cohorts).all(|c| c.unit_type() == UnitType::CO)
        })
        .count();
    assert!(complete >= 6, "{complete} complete legions");
    // "4 Numidian LI".
    assert_eq!(roman_auxiliaries(UnitType::LI), [("Numidian", 4)]);
    // "6 Archers", "{gc} German Cavalry (GC)", "4 Iberian LC", "1 Palintonos".
    let count = |t| roman_auxiliaries(t).iter().map(|&(_, n)| n).sum::<usize>();
    assert!(count(UnitType::AR) >= 6);
    assert!(count(UnitType::GC) >= gc);
    assert_eq!(roman_auxiliaries(UnitType::LC), [("Iberian", 4)]);
    assert!(count(UnitType::Palintonos) >= 1);
    // "Caesar, 1 Area Commander, and 3 Cavalry Prefects".
    assert!(m.leader("Caesar").is_some_and(|c| c.is(Rank::OverallCommander)));
    assert!(leaders_of_rank(Rank::AreaCommander) >= 1);
    assert!(leaders_of_rank(Rank::CavalryPrefect) >= 3);
}

#[test]
fn rule_12_1_the_final_assault_roman_force_list_is_in_the_mix() {
    assert_roman_force_list(4);
}

#[test]
fn rule_12_2_the_historical_scenario_roman_force_list_is_in_the_mix() {
    assert_roman_force_list(6);
}

#[test]
fn rule_12_1_the_relief_force_has_more_than_80_size_points_to_choose_from() {
    let m = mix();
    let points = m.relief_size_points();
    assert!(points > 80, "{points}");
    // Tribal and Cavalry Counters both count (12.1: "Tribal (or Cavalry) Counters").
    let tribal: u32 = m.tribal_counters().iter().map(|c| u32::from(c.size)).sum();
    assert_eq!(points, tribal + 20);
    // "He gets all the units for those tribes": a Size is the units it brings.
    let relief_units = m.units().filter(|c| matches!(c.owner, Owner::Tribe(_))).count();
    assert_eq!(u32::try_from(relief_units).ok(), Some(tribal));
}

#[test]
fn rule_12_1_vercingetorix_and_the_alesia_force_can_enter() {
    let m = mix();
    assert!(m.leader("Vercingetorix").is_some());
    assert!(!m.alesia_force().units.is_empty());
    // "Critognatus is not used" there, but he is in the mix (4.35).
    assert!(m.leader("Critognatus").is_some());
}

#[test]
fn rule_2_5_relief_bi_are_about_110000_men_at_700_each() {
    // 2.5 historical note: "about 110,000 effective BI" for the Relief Force.
    let bi = mix()
        .units()
        .filter(|c| c.unit_type() == UnitType::BI && matches!(c.owner, Owner::Tribe(_)))
        .count();
    let men = bi * 700;
    assert!((90_000..=130_000).contains(&men), "{men}");
}
