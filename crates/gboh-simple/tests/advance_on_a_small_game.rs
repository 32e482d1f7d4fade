//! Advance after combat on the tiny game (9.3): the attackers of a resolved
//! attack must advance into the hexes its defenders vacated, those that gave
//! a positive DRM first, then the highest TQ; each may turn one vertex
//! (not in Continued Shock, 10.3); only formed attackers facing the hex, and
//! only where movement could enter it (not across the water, not beyond
//! the stacking limit). Entering opens Entry Reaction and threatens lone
//! enemy leaders (4.33).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::facing::Direction;
use gboh_core::unit::Status;
use gboh_simple::decision::CombatAction;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::advance::{advance, options, queue};
use gboh_simple::sequence::{Attack, AttackStatus, ShockStage, ShockState, Task};
use gboh_simple::{Lid, SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const COHORT_2: Uid = Uid(5);
const CHIEF: Lid = Lid(0);

fn hex(b: &TinyBattle, label: &str) -> Hex {
    b.field.setup().board.hex_of(label).unwrap()
}

/// The two cohorts in the first two hexes next to `vacated` (the warband's
/// hex, now empty), facing it, after an attack the first cohort gave a
/// positive DRM in.
fn after_the_shock(vacated: &str) -> TinyBattle {
    let mut b = TinyBattle::new();
    let gone = hex(&b, vacated);
    let board = &b.field.setup().board;
    let next: Vec<Hex> =
        Direction::ALL.into_iter().filter_map(|d| board.neighbor(gone, d)).collect();
    let (at, at_2) = (next[0], next[1]);
    for (uid, h) in [(COHORT, at), (COHORT_2, at_2)] {
        let facing = Tiny::facing_toward(h, gone);
        b.field.move_unit(uid, h, facing).unwrap();
    }
    b.combat.shock = Some(ShockState {
        stage: ShockStage::Designation,
        attacks: vec![Attack {
            vacated: vec![gone],
            contributors: vec![COHORT],
            status: AttackStatus::Resolved,
            ..Attack::designated(vec![COHORT, COHORT_2], vec![gone], vec![(WARBAND, gone)], true)
        }],
    });
    b
}

#[test]
fn rule_9_3_the_attacker_that_gave_a_positive_drm_advances_first_and_may_turn_a_vertex() {
    let mut b = after_the_shock("T0303");
    queue(&mut b);
    let gone = hex(&b, "T0303");
    assert_eq!(b.combat.tasks, vec![Task::Advance { attack: 0, hex: gone, keep_facing: false }]);
    assert_eq!(b.combat.shock.as_ref().unwrap().stage, ShockStage::Advance);
    let offered: Vec<CombatAction<()>> = options(&b, 0, gone, false);
    let f = b.field.unit(COHORT).unwrap().facing;
    assert_eq!(
        offered,
        [f.rotated(-1), f, f.rotated(1)]
            .map(|facing| CombatAction::Place { unit: COHORT, to: gone, facing })
            .to_vec()
    );
    // Continued Shock: its own facing only.
    assert_eq!(options::<_, ()>(&b, 0, gone, true).len(), 1);
    let mut events = Vec::new();
    advance(&mut b, 0, COHORT, gone, f.rotated(1), false, &mut events);
    assert_eq!(b.field.unit(COHORT).unwrap().at, Some(gone));
    assert_eq!(events[0].rule, "9.3");
    assert!(matches!(events[0].what, SimpleEvent::Advanced { unit: COHORT, .. }));
    assert_eq!(b.combat.tasks[0], Task::EntryWindow { unit: COHORT });
    // It advanced; the other cohort may follow it in (two cohorts of one
    // legion stack), and only it is offered now.
    let next = options::<_, ()>(&b, 0, gone, false);
    assert!(!next.is_empty());
    assert!(next.iter().all(|a| matches!(a, CombatAction::Place { unit: COHORT_2, .. })));
}

#[test]
fn rule_9_3_a_routed_attacker_or_one_not_facing_the_hex_does_not_advance() {
    let mut b = after_the_shock("T0303");
    let gone = hex(&b, "T0303");
    b.field.unit_mut(COHORT).unwrap().cohesion.status = Status::Routed;
    let f2 = b.field.unit(COHORT_2).unwrap().facing;
    b.field.unit_mut(COHORT_2).unwrap().facing = f2.rotated(3);
    assert!(options::<_, ()>(&b, 0, gone, false).is_empty());
}

#[test]
fn rule_9_3_no_advance_into_a_hex_movement_could_not_enter() {
    // T0505 is water: even vacated, no one enters it.
    let b = after_the_shock("T0505");
    assert!(options::<_, ()>(&b, 0, hex(&b, "T0505"), false).is_empty());
}

#[test]
fn rule_4_33_an_advance_next_to_a_lone_chief_threatens_him() {
    let mut b = after_the_shock("T0303");
    let gone = hex(&b, "T0303");
    // A hex next to the vacated one that neither cohort stands in or touches.
    let cohorts: Vec<Hex> =
        [COHORT, COHORT_2].iter().filter_map(|&u| b.field.unit(u).unwrap().at).collect();
    let chief_at = Direction::ALL
        .into_iter()
        .filter_map(|d| b.field.setup().board.neighbor(gone, d))
        .find(|h| cohorts.iter().all(|c| c.unsigned_distance_to(*h) > 1))
        .unwrap();
    b.field.move_leader(CHIEF, Some(chief_at)).unwrap();
    let f = b.field.unit(COHORT).unwrap().facing;
    let mut events = Vec::new();
    advance(&mut b, 0, COHORT, gone, f, true, &mut events);
    assert_eq!(events[0].rule, "10.3", "in Continued Shock");
    assert_eq!(b.lone_leaders.len(), 1);
    assert!(events.iter().any(|e| e.rule == "4.33"
        && matches!(e.what, SimpleEvent::LeaderMayRetreat { leader: CHIEF, .. })));
}
