//! Whom a shock attacker may attack, and Continued Shock, on the tiny game:
//! only enemies in its front hexes (7.11); cavalry not across the stone
//! wall, but through its gate (9.26); a Continued Shock result makes the
//! attackers attack every enemy in their front again (10.3), and the chief
//! with the units attacked again may step away first (4.32).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::facing::Facing;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::continued_shock::attack_again;
use gboh_simple::rules::targets::targets_of;
use gboh_simple::sequence::{Attack, AttackStatus, LeaderCase, ShockStage, ShockState, Task};
use gboh_simple::{Field, Lid, SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const WARBAND_2: Uid = Uid(4);
const HORSE: Uid = Uid(6);
const CHIEF: Lid = Lid(0);

fn hex(field: &Field<Tiny>, label: &str) -> Hex {
    field.setup().board.hex_of(label).unwrap()
}

/// `attacker` in `from` facing `to`, `defender` in `to`.
fn facing_off(attacker: Uid, from: &str, defender: Uid, to: &str) -> TinyBattle {
    let mut b = TinyBattle::new();
    let (a, d) = (hex(&b.field, from), hex(&b.field, to));
    b.field.move_unit(attacker, a, Tiny::facing_toward(a, d)).unwrap();
    b.field.move_unit(defender, d, Facing::Twelve).unwrap();
    b
}

#[test]
fn rule_9_26_cavalry_does_not_attack_across_the_stone_wall_but_infantry_does() {
    let b = facing_off(HORSE, "T0204", COHORT, "T0205");
    assert!(targets_of(&b.field, HORSE).is_empty());
    let b = facing_off(WARBAND, "T0204", COHORT, "T0205");
    assert_eq!(targets_of(&b.field, WARBAND), vec![hex(&b.field, "T0205")]);
}

#[test]
fn rule_9_26_cavalry_attacks_through_the_gate() {
    let b = facing_off(HORSE, "T0404", COHORT, "T0405");
    assert_eq!(targets_of(&b.field, HORSE), vec![hex(&b.field, "T0405")]);
}

#[test]
fn rule_7_11_an_enemy_on_the_flank_is_no_target() {
    let mut b = facing_off(WARBAND, "T0303", COHORT, "T0302");
    let (at, enemy) = (hex(&b.field, "T0303"), hex(&b.field, "T0302"));
    let away = Tiny::facing_toward(at, enemy).rotated(3);
    b.field.unit_mut(WARBAND).unwrap().facing = away;
    assert!(targets_of(&b.field, WARBAND).is_empty());
}

#[test]
fn rule_10_3_continued_shock_attacks_every_enemy_in_front_again_and_the_chief_may_step_away() {
    let mut b = facing_off(COHORT, "T0302", WARBAND, "T0303");
    let target = hex(&b.field, "T0303");
    b.field.move_leader(CHIEF, Some(target)).unwrap();
    b.combat.shock = Some(ShockState {
        stage: ShockStage::Advance,
        attacks: vec![Attack {
            moving: true,
            advanced: vec![COHORT],
            status: AttackStatus::Resolved,
            ..Attack::designated(vec![COHORT], vec![target], vec![(WARBAND, target)], true)
        }],
    });
    let mut events = Vec::new();
    assert_eq!(attack_again(&mut b, 0, &mut events), Some(1));
    assert_eq!(events[0].rule, "10.3");
    assert!(matches!(events[0].what, SimpleEvent::ContinuedShock { attack: 1 }));
    let shock = b.combat.shock.as_ref().unwrap();
    let again = &shock.attacks[1];
    assert!(again.continued && again.moving, "it advanced: a Moving Attack");
    assert_eq!(again.defenders, vec![(WARBAND, target)]);
    assert_eq!(again.status, AttackStatus::Designated);
    assert_eq!(shock.stage, ShockStage::Weapons { attack: 1, attacker: None });
    assert_eq!(
        b.combat.tasks,
        vec![Task::Leader { leader: CHIEF, from: target, case: LeaderCase::Threatened }]
    );
}

#[test]
fn rule_10_3_no_enemy_in_front_no_attack() {
    let mut b = facing_off(COHORT, "T0302", WARBAND, "T0303");
    let target = hex(&b.field, "T0303");
    b.field.move_unit(WARBAND_2, hex(&b.field, "T0101"), Facing::Twelve).unwrap();
    b.field.remove_unit(WARBAND);
    b.combat.shock = Some(ShockState {
        stage: ShockStage::Advance,
        attacks: vec![Attack {
            status: AttackStatus::Resolved,
            ..Attack::designated(vec![COHORT], vec![target], vec![(WARBAND, target)], true)
        }],
    });
    let mut events = Vec::new();
    assert_eq!(attack_again(&mut b, 0, &mut events), None);
    assert!(events.is_empty());
    assert_eq!(b.combat.shock.as_ref().unwrap().attacks.len(), 1);
}
