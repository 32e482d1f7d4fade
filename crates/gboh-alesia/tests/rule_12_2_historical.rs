//! 12.2 Historical Scenario: what is printed, what was completed from 12.1
//! (the printed text ends after its first deployment exception), and its
//! deployment.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_alesia::game::{Setup, Uid};
use gboh_alesia::scenario::{Scenario, ScenarioItem, validate_deployment};
use gboh_core::Side;
use gboh_core::data::Provenance;
use gboh_core::unit::UnitType;

fn historical() -> &'static Scenario {
    Scenario::historical().unwrap_or_else(|e| panic!("12.2 must load:\n{e}"))
}

fn final_assault() -> &'static Scenario {
    Scenario::final_assault().unwrap_or_else(|e| panic!("{e}"))
}

/// A completed item: reconstructed, and its note says where it comes from.
fn assert_completed<T>(what: &str, item: &ScenarioItem<T>) {
    assert_eq!(item.provenance, Provenance::Reconstructed, "{what}");
    let note = item.note.as_deref().unwrap_or_default();
    assert!(note.contains("12.1"), "{what}: {note}");
}

#[test]
fn rule_12_2_prints_the_map_and_the_roman_forces_with_six_german_cavalry() {
    let s = historical();
    assert_eq!(s.rule, "12.2");
    assert_eq!(s.maps[0].value, "West");
    assert_eq!(s.maps[0].provenance, Provenance::Printed("12.2".into()));
    assert_eq!(s.roman.legions.value.count, 6);
    let gc = s.roman.units.iter().find(|u| u.value.unit_type == UnitType::GC).unwrap();
    assert_eq!(gc.value.count, 6);
    assert_eq!(gc.provenance, Provenance::Printed("12.2".into()));
    // Everything else in the force list is as 12.1.
    let counts = |s: &Scenario| -> Vec<(UnitType, u8)> {
        s.roman
            .units
            .iter()
            .filter(|u| u.value.unit_type != UnitType::GC)
            .map(|u| (u.value.unit_type, u.value.count))
            .collect()
    };
    assert_eq!(counts(s), counts(final_assault()));
    // "but all inside the vallations" is printed in 12.2 too.
    assert_eq!(s.deployment[0].provenance, Provenance::Printed("12.2".into()));
}

#[test]
fn rule_12_2_is_completed_from_12_1_item_by_item() {
    let s = historical();
    let c = s.completed_from.as_ref().unwrap();
    assert_eq!(c.rule, "12.1");
    assert_eq!(
        c.text_ends_after,
        "Roman units may not be placed north of hexes W5815, and W5915-5918."
    );
    assert_completed("reinforcements", &s.roman.reinforcements);
    let g = &s.gauls;
    assert_completed("size points", &g.size_points);
    assert_completed("all units", &g.all_units);
    assert_completed("entry areas", &g.entry_areas);
    assert_completed("counters per activation", g.counters_per_activation.as_ref().unwrap());
    assert_completed("alesia force", &g.alesia_force);
    assert_completed("unused leaders", &g.unused_leaders);
    for r in &s.special_rules {
        assert_completed("special rule", r);
    }
    for p in &s.policies {
        assert_completed("policy", p);
    }
    // The deployment exceptions: the first is printed in 12.2 (the last line
    // its text prints); the rest are 12.1's, except the two rules printed
    // elsewhere (12.0's clarification, 6.61 stacking).
    assert_eq!(s.deployment[1].provenance, Provenance::Printed("12.2".into()));
    for d in s.deployment.iter().skip(2) {
        match &d.provenance {
            Provenance::Printed(rule) => assert!(rule.starts_with("12.0") || rule == "6.61"),
            _ => assert_completed("deployment rule", d),
        }
    }
    // The values are 12.1's.
    let f = final_assault();
    assert_eq!(s.deployment_rules().collect::<Vec<_>>(), f.deployment_rules().collect::<Vec<_>>());
    assert_eq!(g.size_points.value, f.gauls.size_points.value);
    assert_eq!(g.entry_areas.value, f.gauls.entry_areas.value);
    assert_eq!(s.assault_periods(), f.assault_periods());
    // A completed rule cites the section it was completed from.
    assert_eq!(s.cite(&s.deployment[1]), "12.2");
    assert_eq!(s.cite(&s.deployment[2]), "12.1");
}

#[test]
fn rule_12_2_the_generated_deployment_passes_the_validator() {
    let g = historical().initial_game(Setup::shared().unwrap()).unwrap();
    let v = validate_deployment(&g.field, historical());
    assert!(v.is_empty(), "{v:#?}");
    let setup = g.field.setup();
    let cavalry = g
        .field
        .units()
        .iter()
        .enumerate()
        .filter(|(i, u)| {
            let info = setup.unit(Uid(u16::try_from(*i).unwrap())).unwrap();
            u.at.is_some() && info.side == Side::Roman && info.unit_type().is_cavalry()
        })
        .count();
    assert_eq!(cavalry, 10, "6 GC and 4 LC");
    // The 12.1 deployment (4 GC) is not a 12.2 deployment.
    let fa = final_assault().initial_game(Setup::shared().unwrap()).unwrap();
    let v = validate_deployment(&fa.field, historical());
    assert!(v.iter().any(|v| v.rule == "12.2" && v.message.contains("6 GC")), "{v:#?}");
}
