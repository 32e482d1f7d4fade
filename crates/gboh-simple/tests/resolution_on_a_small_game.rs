//! Shock resolution on the tiny game (9.25): the weapon systems each side
//! may choose are its shock types (the tiny game names its own), the
//! attacker picks the best DRM and the defender replies with the worst for
//! him; the roll reads the Shock Table with the previewed DRMs, marks every
//! participant as having shocked and queues each side's hits and then the
//! retreats.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::table::Drm;
use gboh_core::unit::UnitType;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::resolution::{best_weapons, preview, resolve, weapon_types};
use gboh_simple::rules::shock::Participants;
use gboh_simple::sequence::{Attack, AttackStatus, HitsCause, ShockStage, ShockState, Task};
use gboh_simple::{SimpleEvent, Uid};

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);

/// The cohort and the archers in T0302 attacking the warband in T0303.
fn designated() -> TinyBattle {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let (from, target) = (board.hex_of("T0302").unwrap(), board.hex_of("T0303").unwrap());
    let facing = Tiny::facing_toward(from, target);
    b.field.move_unit(COHORT, from, facing).unwrap();
    b.field.move_unit(ARCHERS, from, facing).unwrap();
    b.field.move_unit(WARBAND, target, Facing::Twelve).unwrap();
    b.combat.shock = Some(ShockState {
        stage: ShockStage::Resolution,
        attacks: vec![Attack::designated(
            vec![COHORT],
            vec![target],
            vec![(WARBAND, target)],
            true,
        )],
    });
    b
}

#[test]
fn rule_9_25_the_weapon_systems_are_the_sides_shock_types_and_the_best_for_each() {
    let b = designated();
    assert_eq!(weapon_types(&b.field, &[COHORT, ARCHERS]), vec![UnitType::LG], "archers do not");
    let attack = &b.combat.shock.as_ref().unwrap().attacks[0];
    let p = Participants::of(&b.field, attack);
    assert_eq!(best_weapons(&b.field, &p, None), Some((UnitType::LG, UnitType::BI)));
}

#[test]
fn rule_9_25_the_roll_reads_the_table_with_the_previewed_drms_and_queues_the_hits() {
    let mut b = designated();
    let (modifiers, odds) = preview(&b, 0, None, None).unwrap();
    assert_eq!(odds.total(), 10);
    // The weapon systems' +1 for legionaries against a warband.
    assert!(
        modifiers.iter().any(|m| m.drm == Drm(1) && m.what.contains("weapon")),
        "{modifiers:?}"
    );
    let mut events = Vec::new();
    let mut dice = Dice::scripted(vec![6]);
    resolve(&mut b, 0, (UnitType::LG, UnitType::BI), &mut dice, &mut events).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "9.25");
    assert_eq!(events[0].rolls.len(), 1);
    let SimpleEvent::ShockResolved { attack: 0, modifiers: rolled, modified, result } =
        &events[0].what
    else {
        panic!("{:?}", events[0].what)
    };
    assert_eq!(*rolled, modifiers);
    assert_eq!(*modified, modifiers.apply(6));
    assert!(odds.outcomes().iter().any(|(o, _)| o.result == *result), "the roll is in the odds");
    let attack = &b.combat.shock.as_ref().unwrap().attacks[0];
    assert_eq!((attack.status, attack.result), (AttackStatus::Resolved, Some(*result)));
    for u in [COHORT, WARBAND] {
        assert!(b.field.unit(u).unwrap().flags.has(UnitFlags::SHOCKED));
    }
    assert_eq!(
        b.combat.tasks,
        vec![
            Task::Hits {
                units: vec![COHORT],
                hits: result.attacker_hits,
                chooser: Side::Adversary,
                cause: HitsCause::Shock
            },
            Task::Hits {
                units: vec![WARBAND],
                hits: result.defender_hits,
                chooser: Side::Roman,
                cause: HitsCause::Shock
            },
            Task::AfterShock { attack: 0 },
        ]
    );
    assert!(
        resolve(&mut b, 3, (UnitType::LG, UnitType::BI), &mut dice, &mut events)
            .unwrap_err()
            .to_string()
            .starts_with("9.25:")
    );
}
