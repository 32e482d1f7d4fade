//! Structural properties of the shipped counter mix: ids, order, loading paths.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use std::collections::BTreeSet;

use gboh_alesia::counters::def::{GallicCountersDef, LeaderCountersDef, RomanCountersDef};
use gboh_alesia::counters::{CounterMix, DEFAULT_SOURCES, Owner};
use gboh_core::data::parse_ron;

fn mix() -> &'static CounterMix {
    match CounterMix::default_mix() {
        Ok(m) => m,
        Err(e) => panic!("the shipped counter mix must load:\n{e}"),
    }
}

fn counters_dir() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/alesia/counters")
}

#[test]
fn every_counter_file_parses_with_deny_unknown_fields() {
    let s = DEFAULT_SOURCES;
    assert!(parse_ron::<RomanCountersDef>(s.roman.file, s.roman.text).is_ok());
    assert!(parse_ron::<GallicCountersDef>(s.gallic.file, s.gallic.text).is_ok());
    assert!(parse_ron::<LeaderCountersDef>(s.leaders.file, s.leaders.text).is_ok());
    let dir = counters_dir();
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).expect("data/alesia/counters") {
        let path = entry.expect("entry").path();
        if path.extension().and_then(|e| e.to_str()) == Some("ron") {
            seen += 1;
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            assert!(
                ["roman.ron", "gallic.ron", "leaders.ron"].contains(&name),
                "{name}: a counter file nothing loads"
            );
        }
    }
    assert_eq!(seen, 3);
}

#[test]
fn the_files_on_disk_are_the_embedded_ones() {
    let loaded = match CounterMix::load_dir(counters_dir()) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    };
    assert_eq!(&loaded, mix());
    let via_try_from = CounterMix::try_from(&DEFAULT_SOURCES).expect("valid");
    assert_eq!(&via_try_from, mix());
}

#[test]
fn unit_ids_are_unique_readable_and_follow_the_owner() {
    let m = mix();
    let mut ids = BTreeSet::new();
    for c in m.units() {
        assert!(ids.insert(c.id.clone()), "{} twice", c.id);
        let prefix = format!("{}-", c.owner.id());
        assert!(c.id.as_str().starts_with(&prefix), "{} belongs to {}", c.id, c.owner.id());
        assert!(c.id.as_str().chars().all(|ch| ch.is_ascii_alphanumeric() || ch == '-'));
        assert_eq!(m.unit(c.id.as_str()).map(|u| &u.id), Some(&c.id));
    }
    // The ids the brief and the docs use as examples.
    for id in [
        "X-1",
        "X-10",
        "X-Scorpio",
        "Numidian-1",
        "Aedui-1",
        "Aedui-A1",
        "Segusiavi-1",
        "GallicCavalry-1",
        "GallicCavalry-LI1",
        "Alesia-1",
        "Alesia-A1",
    ] {
        assert!(m.unit(id).is_some(), "{id}");
    }
    assert!(m.unit("X-11").is_none() && m.unit("nonsense").is_none());
}

#[test]
fn leader_tribe_and_counter_ids_are_unique() {
    let m = mix();
    let mut leaders = BTreeSet::new();
    for l in m.leaders() {
        assert!(leaders.insert(l.id.clone()), "{}", l.id);
    }
    let mut owners = BTreeSet::new();
    let all_owners = m
        .legions()
        .iter()
        .map(|l| l.id.clone())
        .chain(m.contingents().iter().map(|c| c.id.clone()))
        .chain(m.tribes().iter().map(|t| t.id.clone()))
        .chain([m.cavalry().id.clone(), m.alesia_force().id.clone()]);
    for id in all_owners {
        assert!(owners.insert(id.clone()), "{id}");
    }
    let mut counters = BTreeSet::new();
    for id in
        m.tribal_counters().iter().map(|c| &c.id).chain(m.cavalry_counters().iter().map(|c| &c.id))
    {
        assert!(counters.insert(id.clone()), "{id}");
    }
}

#[test]
fn iteration_order_is_file_order_and_repeatable() {
    let m = mix();
    let first: Vec<_> = m.units().map(|c| c.id.clone()).collect();
    let again = CounterMix::from_sources(&DEFAULT_SOURCES).expect("valid");
    let second: Vec<_> = again.units().map(|c| c.id.clone()).collect();
    assert_eq!(first, second);
    assert_eq!(first.first().map(|i| i.as_str()), Some("I-1"));
    assert_eq!(first.last().map(|i| i.as_str()), Some("Alesia-A3"));
    // Owners come in blocks: legions, contingents, tribes, cavalry, Alesia.
    let rank = |o: &Owner| match o {
        Owner::Legion(_) => 0,
        Owner::Contingent(_) => 1,
        Owner::Tribe(_) => 2,
        Owner::GallicCavalry(_) => 3,
        Owner::AlesiaForce(_) => 4,
    };
    let ranks: Vec<u8> = m.units().map(|c| rank(&c.owner)).collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
}

#[test]
fn every_unit_belongs_to_exactly_one_listed_group() {
    let m = mix();
    let mut listed: Vec<_> = m
        .legions()
        .iter()
        .flat_map(|l| l.cohorts.iter().chain([&l.scorpio]))
        .chain(m.contingents().iter().flat_map(|c| &c.units))
        .chain(m.tribes().iter().flat_map(|t| &t.units))
        .chain(&m.cavalry().units)
        .chain(&m.alesia_force().units)
        .cloned()
        .collect();
    listed.sort();
    let mut all: Vec<_> = m.units().map(|c| c.id.clone()).collect();
    all.sort();
    assert_eq!(listed, all);
}
