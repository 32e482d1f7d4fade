//! Camped Gauls (the battle's special rules) on the real Gergovia battle:
//! the Nitiobriges, Carnutes and Bituriges start unalerted and disordered;
//! a Roman unit moving up alerts them all; the chief alerts his tribe and
//! ends its disorder at his next activation; disordered, a defender gives
//! the attacker a column to the right and a unit's fire takes +1.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::collections::BTreeSet;
use std::sync::Arc;

use gboh_core::table::{Drm, Modifiers};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::camp::camped_tribes;
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{StandardEvent, StandardGame};
use hexx::Hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

fn camp_shift(g: &Gergovia, f: &Field, a: usize, d: usize) -> bool {
    let mut out = Vec::new();
    g.shock_shifts(f, a, &[d], &mut out);
    out.iter().any(|s| s.columns == 1 && s.what.contains("Camped Gauls"))
}

fn fire_drm(g: &Gergovia, f: &Field, firer: usize, target: usize) -> Drm {
    let mut m = Modifiers::new();
    g.fire_modifiers(f, firer, target, &mut m);
    m.iter().filter(|x| x.rule == "Gergovia, Camped Gauls").map(|x| x.drm).sum()
}

fn said(events: &[gboh_standard::GameEvent<Gergovia>], what: &GergoviaEvent) -> bool {
    events
        .iter()
        .any(|e| e.rule == "Gergovia, Camped Gauls" && e.what == StandardEvent::Game(what.clone()))
}

#[test]
fn camped_gauls_start_disordered_and_a_roman_moving_up_alerts_them_all() {
    let mut f = field();
    let names: BTreeSet<String> = camped_tribes(&f).into_iter().collect();
    let want: BTreeSet<String> = ["Bituriges", "Carnutes", "Nitiobriges"].map(String::from).into();
    assert_eq!(names, want, "Gallic Starting Deployment: in Gallic camp hexes");
    let mut g = Gergovia::default();
    let (c1, x1) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "X-1"));
    let arverni = support::unit(&f, "Arverni cavalry-1");
    assert!(g.camp().disordered(&f, c1));
    assert!(!g.camp().disordered(&f, arverni), "not camped");
    assert!(camp_shift(&g, &f, x1, c1), "a column to the right against a disordered defender");
    assert!(!camp_shift(&g, &f, x1, arverni));
    assert_eq!(fire_drm(&g, &f, c1, x1), Drm(1), "+1 to a disordered unit's fire");
    // X-1 moves up next to Carnutes-1 in its camp hex.
    let at = f.units[c1].hex;
    let next: Hex = gboh_core::facing::Direction::ALL
        .iter()
        .map(|d| d.neighbor(at))
        .find(|&h| f.units_at(h).is_empty() && f.board().contains(h))
        .unwrap();
    f.units[x1].hex = next;
    f.units[x1].status = UnitStatus::InPlay;
    let mut events = Vec::new();
    g.unit_moved(&f, x1, &mut events);
    for t in ["Nitiobriges", "Carnutes", "Bituriges"] {
        assert!(
            said(&events, &GergoviaEvent::CampAlerted { tribe: t.into(), by_romans: true }),
            "{t}"
        );
        assert!(g.camp().is_alerted(t));
    }
    assert!(g.camp().disordered(&f, c1), "still disordered until the chief's next activation");
    // Cotuatus orders a Carnute: the disorder is over, reported with the
    // game's next events.
    let cotuatus = support::leader(&f, "Cotuatus");
    g.unit_ordered(&f, cotuatus, c1);
    assert!(!g.camp().disordered(&f, c1));
    assert!(!camp_shift(&g, &f, x1, c1));
    assert_eq!(fire_drm(&g, &f, c1, x1), Drm(0));
    let mut events = Vec::new();
    g.turn_ended(&f, &mut events);
    assert!(said(&events, &GergoviaEvent::DisorderOver { tribe: "Carnutes".into() }));
    let line = gboh_standard::narrate::line(
        &f,
        events.iter().find(|e| e.rule == "Gergovia, Camped Gauls").unwrap(),
    );
    assert_eq!(line, "[Gergovia, Camped Gauls] the Carnutes are no longer disordered");
    // The other tribes stay disordered.
    assert!(g.camp().disordered(&f, support::unit(&f, "Bituriges-1")));
}

#[test]
fn camped_gauls_the_chief_alerts_his_tribe_and_ends_its_disorder_at_his_next_activation() {
    let mut f = field();
    let mut g = Gergovia::default();
    let (c1, c2) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "Carnutes-2"));
    let cotuatus = support::leader(&f, "Cotuatus");
    f.leaders[cotuatus].phases = 1;
    g.unit_ordered(&f, cotuatus, c1);
    assert!(g.camp().is_alerted("Carnutes") && !g.camp().is_alerted("Bituriges"));
    // The same activation: still disordered.
    g.unit_ordered(&f, cotuatus, c2);
    assert!(g.camp().disordered(&f, c1));
    // His next activation.
    f.leaders[cotuatus].phases = 2;
    g.unit_ordered(&f, cotuatus, c1);
    assert!(!g.camp().disordered(&f, c2));
    let mut events = Vec::new();
    g.unit_moved(&f, c1, &mut events);
    assert!(said(
        &events,
        &GergoviaEvent::CampAlerted { tribe: "Carnutes".into(), by_romans: false }
    ));
    assert!(said(&events, &GergoviaEvent::DisorderOver { tribe: "Carnutes".into() }));
    // Another tribe's chief does nothing for the Carnutes' neighbours.
    let vortex = support::leader(&f, "Vortex");
    g.unit_ordered(&f, vortex, c1);
    assert!(!g.camp().is_alerted("Bituriges"));
}

#[test]
fn camped_gauls_alerting_takes_the_chiefs_whole_turn_then_he_and_his_tribe_are_finished() {
    let mut f = field();
    let mut g = Gergovia::default();
    let (c1, b1) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "Bituriges-1"));
    let cotuatus = support::leader(&f, "Cotuatus");
    let oc = (0..f.leaders.len())
        .find(|&l| {
            f.leader_def(l).is_some_and(|d| d.overall && d.side == gboh_core::Side::Adversary)
        })
        .unwrap();
    assert!(g.may_command(&f, oc, c1), "before the alert the Gallic OC orders any Gaul");
    // Cotuatus's first Orders Phase opens: he alerts the Carnutes.
    f.leaders[cotuatus].phases = 1;
    let mut events = Vec::new();
    g.orders_phase_began(&f, cotuatus, &mut events);
    assert!(said(
        &events,
        &GergoviaEvent::CampAlerted { tribe: "Carnutes".into(), by_romans: false }
    ));
    assert!(g.camp().is_alerted("Carnutes") && g.camp().disordered(&f, c1));
    // "Alerting takes one entire turn; then the chief and his tribe are finished."
    let why = g.must_pass(&f, cotuatus).expect("he must pass");
    assert!(why.starts_with("Gergovia, Camped Gauls: Cotuatus is alerting the Carnutes"), "{why}");
    assert!(!g.may_command(&f, oc, c1), "no one orders the Carnutes this turn");
    assert!(!g.may_command(&f, cotuatus, c1));
    assert!(g.may_command(&f, oc, b1), "another camped tribe is not held");
    // A second activation of his in the same turn alerts nothing more.
    f.leaders[cotuatus].phases = 2;
    let mut again = Vec::new();
    g.orders_phase_began(&f, cotuatus, &mut again);
    assert!(again.is_empty());
    // Next turn: he acts, and his first order ends the tribe's disorder.
    f.turn += 1;
    f.leaders[cotuatus].phases = 1;
    assert_eq!(g.must_pass(&f, cotuatus), None);
    assert!(g.may_command(&f, oc, c1));
    g.unit_ordered(&f, cotuatus, c1);
    assert!(!g.camp().disordered(&f, c1));
}
