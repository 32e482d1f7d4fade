//! The Gallic Entry Arrival Table (5.33) and the die checks printed as roll
//! thresholds (5.63, 8.18, 8.44, 8.45, 9.24), with their exact odds.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_alesia::tables::{AlesiaCheck, AlesiaTables, EntryArea};
use gboh_core::data::Provenance;
use gboh_core::dice::Dice;
use gboh_core::table::{Arrival, DieCheck};

fn tables() -> &'static AlesiaTables {
    AlesiaTables::shared().unwrap()
}

fn check(k: AlesiaCheck) -> &'static DieCheck {
    tables().checks().check(&k).unwrap()
}

fn faces_passing(c: &DieCheck, stage: usize) -> Vec<u8> {
    (0..=9).filter(|&f| c.passes(stage, f)).collect()
}

#[test]
fn rule_5_42_area_iii_arrives_on_0_to_8() {
    let arrival = tables().arrival();
    assert!((0..=8).all(|f| arrival.arrives(&EntryArea::III, f) == Some(true)));
    assert_eq!(arrival.arrives(&EntryArea::III, 9), Some(false));
    assert_eq!(
        arrival.row(&EntryArea::III).unwrap().provenance,
        Provenance::Printed("5.42".into())
    );
    assert_eq!(arrival.distribution(&EntryArea::III).unwrap().chance(&true).to_string(), "9/10");
}

#[test]
fn rule_5_33_areas_i_and_ii_are_automatic_the_rest_need_a_roll() {
    let arrival = tables().arrival();
    for &area in EntryArea::ALL {
        let a = arrival.arrival(&area).unwrap();
        assert_eq!(a == Arrival::Automatic, matches!(area, EntryArea::I | EntryArea::II), "{area}");
    }
    assert_eq!(arrival.distribution(&EntryArea::I).unwrap().chance(&true).to_string(), "1/1");
}

#[test]
fn rule_5_63_the_alesia_force_enters_on_0_to_6() {
    assert_eq!(faces_passing(check(AlesiaCheck::AlesiaForceEntry), 0), [0, 1, 2, 3, 4, 5, 6]);
    assert_eq!(check(AlesiaCheck::AlesiaForceEntry).len(), 1);
}

#[test]
fn rule_8_44_a_fire_is_put_out_on_0_to_5() {
    assert_eq!(faces_passing(check(AlesiaCheck::FirePutOut), 0), [0, 1, 2, 3, 4, 5]);
    let d = tables().checks().distribution(&AlesiaCheck::FirePutOut).unwrap();
    assert_eq!(d.chance(&true).to_string(), "6/10");
}

#[test]
fn rule_8_45_a_burning_hex_burns_down_on_9() {
    assert_eq!(faces_passing(check(AlesiaCheck::BurnDown), 0), [9]);
}

#[test]
fn rule_9_24_a_leader_in_shock_dies_on_0_then_0_to_4() {
    let c = check(AlesiaCheck::ShockLeaderCasualty);
    assert_eq!(c.len(), 2);
    assert_eq!(faces_passing(c, 0), [0]);
    assert_eq!(faces_passing(c, 1), [0, 1, 2, 3, 4]);
    let d = tables().checks().distribution(&AlesiaCheck::ShockLeaderCasualty).unwrap();
    assert_eq!((d.count(&true), d.total()), (5, 100));
    // Rolled: a 0, then a 4.
    let mut dice = Dice::scripted([0, 4]);
    let rolled = c.roll(gboh_core::dice::Die::D10, &mut dice).unwrap();
    assert!(rolled.success);
    assert_eq!(rolled.rolls.len(), 2);
}

#[test]
fn rule_8_18_a_leader_fired_at_is_hit_on_0_then_0() {
    let c = check(AlesiaCheck::MissileLeaderCasualty);
    assert_eq!((faces_passing(c, 0), faces_passing(c, 1)), (vec![0], vec![0]));
    let d = tables().checks().distribution(&AlesiaCheck::MissileLeaderCasualty).unwrap();
    assert_eq!((d.count(&true), d.total()), (1, 100));
}

#[test]
fn every_check_cites_the_rule_that_prints_it() {
    for (k, row) in tables().checks().rows() {
        assert_eq!(row.rule, k.rule());
        assert_eq!(row.provenance, Provenance::Printed(k.rule().into()));
    }
}
