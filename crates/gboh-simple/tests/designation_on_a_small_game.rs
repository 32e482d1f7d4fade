//! Shock designation on the tiny game (9.1, 9.21): a cohort that moved next
//! to a warband must attack it, and designation cannot end before it does;
//! a cohort that stayed, with the warband in its ZOC since the activation
//! began, may attack but need not; one that did neither may not; a second
//! stack joins the attack on the same warband; ending designation lets the
//! chief with the warband step away first (4.32).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_simple::decision::{CombatAction, CombatPending};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::designation::{decision, designate, finish, may_attack, must_attack};
use gboh_simple::sequence::{LeaderCase, ShockStage, ShockState, Task};
use gboh_simple::{Lid, SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const COHORT_2: Uid = Uid(5);
const CHIEF: Lid = Lid(0);

fn hex(b: &TinyBattle, label: &str) -> Hex {
    b.field.setup().board.hex_of(label).unwrap()
}

/// The warband and its chief in T0303, the cohorts in the first two hexes
/// next to it, facing it, `flags` set on each; the Romans active, shock
/// begun.
fn shock_begins(flags: [u16; 2]) -> TinyBattle {
    let mut b = TinyBattle::new();
    let target = hex(&b, "T0303");
    b.field.move_unit(WARBAND, target, Facing::Twelve).unwrap();
    b.field.move_leader(CHIEF, Some(target)).unwrap();
    let next: Vec<Hex> = Direction::ALL
        .into_iter()
        .filter_map(|d| b.field.setup().board.neighbor(target, d))
        .collect();
    for (i, uid) in [COHORT, COHORT_2].into_iter().enumerate() {
        let facing = Tiny::facing_toward(next[i], target);
        b.field.move_unit(uid, next[i], facing).unwrap();
        b.field.unit_mut(uid).unwrap().flags.set(flags[i], true);
    }
    b.active = Some(Side::Roman);
    b.combat.shock = Some(ShockState { stage: ShockStage::Designation, attacks: Vec::new() });
    b
}

fn at(b: &TinyBattle, uid: Uid) -> Hex {
    b.field.unit(uid).unwrap().at.unwrap()
}

#[test]
fn rule_9_11_a_cohort_that_moved_next_to_the_warband_must_attack_it() {
    let mut b = shock_begins([UnitFlags::MOVED, 0]);
    assert!(must_attack(&b, COHORT));
    assert!(!may_attack(&b, COHORT_2), "it neither moved nor began next to an enemy");
    let (pending, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::Designation { side: Side::Roman });
    assert_eq!(actions, vec![CombatAction::Designate { attacker: at(&b, COHORT), join: None }]);
    let err = finish(&mut b).unwrap_err();
    assert_eq!(err.to_string(), "9.11: Cohort must attack");
    let mut events = Vec::new();
    let from = at(&b, COHORT);
    designate(&mut b, from, None, &mut events).unwrap();
    assert_eq!(events[0].rule, "9.21");
    let target = hex(&b, "T0303");
    assert!(matches!(&events[0].what, SimpleEvent::Designated { attack: 0, attackers, defenders }
        if *attackers == vec![COHORT] && *defenders == vec![target]));
    let (_, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(actions, vec![CombatAction::Done]);
    finish(&mut b).unwrap();
    let shock = b.combat.shock.as_ref().unwrap();
    assert_eq!(shock.stage, ShockStage::RetreatBeforeShock { attack: 0 });
    assert_eq!(
        b.combat.tasks,
        vec![Task::Leader { leader: CHIEF, from: target, case: LeaderCase::Threatened }]
    );
}

#[test]
fn rule_9_12_a_cohort_with_the_warband_in_its_zoc_from_the_start_may_attack_and_may_join() {
    let mut b = shock_begins([UnitFlags::MOVED, UnitFlags::ENEMY_IN_ZOC_AT_START]);
    assert!(may_attack(&b, COHORT_2) && !must_attack(&b, COHORT_2));
    let mut events = Vec::new();
    let from = at(&b, COHORT);
    designate(&mut b, from, None, &mut events).unwrap();
    // The warband is taken: the second cohort may only join that attack.
    let (_, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(
        actions,
        vec![
            CombatAction::Designate { attacker: at(&b, COHORT_2), join: Some(0) },
            CombatAction::Done
        ]
    );
    let from = at(&b, COHORT_2);
    let refused = designate(&mut b, from, None, &mut events).unwrap_err();
    assert!(refused.to_string().starts_with("9.21: every enemy in its front"), "{refused}");
    let from = at(&b, COHORT_2);
    designate(&mut b, from, Some(0), &mut events).unwrap();
    let attack = &b.combat.shock.as_ref().unwrap().attacks[0];
    assert_eq!(attack.attackers, vec![COHORT, COHORT_2]);
    assert!(attack.mandatory);
}

#[test]
fn rule_9_1_a_unit_that_already_shocked_or_is_not_active_does_not_attack() {
    let mut b = shock_begins([UnitFlags::MOVED | UnitFlags::SHOCKED, UnitFlags::MOVED]);
    assert!(!may_attack(&b, COHORT));
    assert!(must_attack(&b, COHORT_2));
    b.active = Some(Side::Adversary);
    assert!(!may_attack(&b, COHORT_2));
    let (pending, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::Designation { side: Side::Adversary });
    assert_eq!(actions, vec![CombatAction::Done], "the warband has not moved");
}
