//! Gallic Commands (standard version) on the real Gergovia deployment:
//! Vercingetorix commands every Gallic unit; the Arverni's sub-commander
//! (the text's "Convictolitavus", read as Critignatus: Reconstructed, see
//! `gboh_gergovia::commands`) only the Arverni within his range and outside
//! Vercingetorix's; Vercassivellaunus the Arverni cavalry; tribal leaders
//! their own tribes.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::commands::in_range;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::StandardGame;
use gboh_standard::state::Field;
use support::{leader, unit};

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// The Arverni BI on the map (Critignatus's, in the woods), by index.
fn arverni_on_map(f: &Field) -> Vec<usize> {
    (0..f.units.len())
        .filter(|&u| {
            f.def(u).unwrap().group.as_deref() == Some("Arverni")
                && f.units[u].in_play()
                && f.board().label(f.units[u].hex).is_some()
        })
        .collect()
}

#[test]
fn gallic_commands_critignatus_orders_the_arverni_in_his_range_outside_vercingetorixs() {
    let mut f = field();
    let g = Gergovia::default();
    let c = leader(&f, "Critignatus");
    let v = leader(&f, "Vercingetorix");
    let arverni = arverni_on_map(&f);
    assert!(!arverni.is_empty());
    // Vercingetorix is off the map: every Arverni in Critignatus's range is
    // his, none beyond it.
    let (near, far): (Vec<usize>, Vec<usize>) = arverni.iter().partition(|&&u| in_range(&f, c, u));
    assert!(!near.is_empty());
    for &u in &near {
        assert!(g.may_command(&f, c, u), "{}", f.def(u).unwrap().id);
    }
    for &u in &far {
        assert!(!g.may_command(&f, c, u), "{} beyond his range", f.def(u).unwrap().id);
    }
    // Vercingetorix comes up beside one of them: that one is his alone.
    let mine = near[0];
    f.leaders[v].hex = f.units[mine].hex;
    assert!(in_range(&f, v, mine));
    assert!(!g.may_command(&f, c, mine), "inside Vercingetorix's range");
    assert!(g.may_command(&f, v, mine), "he commands all Gallic units");
    // One out of Vercingetorix's range (8) but in Critignatus's (5) stays
    // Critignatus's: put Vercingetorix far off on the Roman side.
    f.leaders[v].hex = f.units[unit(&f, "X-1")].hex;
    assert!(!in_range(&f, v, mine));
    assert!(g.may_command(&f, c, mine));
    // Critignatus never orders another tribe.
    assert!(!g.may_command(&f, c, unit(&f, "Carnutes-1")));
}

#[test]
fn gallic_commands_vercassivellaunus_the_arverni_cavalry_and_tribal_leaders_their_tribes() {
    let f = field();
    let g = Gergovia::default();
    let may = |l: &str, u: &str| g.may_command(&f, leader(&f, l), unit(&f, u));
    assert!(may("Vercassivellaunus", "Arverni cavalry-1"));
    assert!(!may("Vercassivellaunus", "Carnutes-1"));
    assert!(may("Cotuatus", "Carnutes-1"));
    assert!(!may("Cotuatus", "Bituriges-1"));
    assert!(may("Vortex", "Bituriges-1"));
    assert!(!may("Critignatus", "Arverni cavalry-1"));
}
