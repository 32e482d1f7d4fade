//! Retreat Before Shock and pursuit on the tiny game (9.22): a warband
//! faster than every attacker (the cohort is Disordered, one MP less) may
//! fall back up to half its MA, each hex farther from the cohort; once it
//! has gone, the cohort may pursue up to half its MA, first into the hex the
//! warband left.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::facing::Facing;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::before_shock::{
    all_gone, destinations, eligible, pursue, pursuits, retreat_before,
};
use gboh_simple::sequence::{Attack, ShockStage, ShockState};
use gboh_simple::{SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);

/// The cohort in T0302 attacking the warband in T0303; `disordered`: the
/// cohort is Disordered (MA 5 against the warband's 6).
fn designated(disordered: bool) -> (TinyBattle, Hex, Hex) {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let (from, target) = (board.hex_of("T0302").unwrap(), board.hex_of("T0303").unwrap());
    let facing = Tiny::facing_toward(from, target);
    b.field.move_unit(COHORT, from, facing).unwrap();
    b.field.unit_mut(COHORT).unwrap().flags.set(UnitFlags::DISORDERED, disordered);
    b.field.move_unit(WARBAND, target, Facing::Twelve).unwrap();
    b.combat.shock = Some(ShockState {
        stage: ShockStage::RetreatBeforeShock { attack: 0 },
        attacks: vec![Attack::designated(
            vec![COHORT],
            vec![target],
            vec![(WARBAND, target)],
            true,
        )],
    });
    (b, from, target)
}

#[test]
fn rule_9_22_a_defender_no_faster_than_the_attacker_stands() {
    let (b, ..) = designated(false);
    assert!(eligible(&b, 0).is_empty());
}

#[test]
fn rule_9_22_the_faster_warband_falls_back_and_the_cohort_pursues() {
    let (mut b, from, target) = designated(true);
    assert_eq!(eligible(&b, 0), vec![WARBAND]);
    let open = destinations(&b, 0, WARBAND);
    assert!(!open.is_empty());
    // Every destination is farther from the cohort, within half of 6 MP (3
    // hexes of clear ground at most), and counts the hexes it took.
    for &(h, steps) in &open {
        assert!(h.unsigned_distance_to(from) > target.unsigned_distance_to(from));
        assert!((1..=3).contains(&steps), "{steps}");
    }
    let (to, _) = *open.iter().max_by_key(|(h, _)| h.unsigned_distance_to(from)).unwrap();
    let mut events = Vec::new();
    retreat_before(&mut b, 0, WARBAND, to, &mut events);
    assert_eq!(events[0].rule, "9.22");
    assert!(matches!(events[0].what, SimpleEvent::Retreated { unit: WARBAND, .. }));
    assert_eq!(b.field.unit(WARBAND).unwrap().at, Some(to));
    assert!(b.combat.retreated.contains(&WARBAND));
    assert!(all_gone(&b, 0));
    // The cohort (MA 5) pursues up to 2 MP, first into the vacated hex, and
    // never next to a warband that went two hexes or more.
    let chase = pursuits(&b, 0);
    assert!(chase.iter().any(|&(u, h)| u == COHORT && h == target));
    let far = b.combat.shock.as_ref().unwrap().attacks[0].retreated_before[0].2 >= 2;
    assert!(chase.iter().all(|&(_, h)| !far || h.unsigned_distance_to(to) > 1));
    pursue(&mut b, 0, COHORT, target, &mut events);
    assert_eq!(b.field.unit(COHORT).unwrap().at, Some(target));
    assert!(matches!(events.last().unwrap().what, SimpleEvent::Advanced { unit: COHORT, .. }));
    assert_eq!(events.last().unwrap().rule, "9.22");
}
