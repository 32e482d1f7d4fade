//! The combat tables (9.41 missile, 9.42 shock, 9.43 weapon systems): every
//! figure the rulebook prints, read from the loaded default data.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_alesia::tables::TerrainKey;
use gboh_alesia::tables::{AlesiaTables, MissileColumn, SHOCK_TYPES};
use gboh_core::data::Provenance;
use gboh_core::table::{Drm, ModifiedRoll, Modifiers, NoFire, ShockResult};
use gboh_core::unit::UnitType;

fn tables() -> &'static AlesiaTables {
    AlesiaTables::shared().unwrap()
}

// ---- 9.42 Shock Table ----------------------------------------------------------

#[test]
fn rule_9_22_modified_4_gives_two_hits_each_no_retreat() {
    let row = tables().shock().row(ModifiedRoll(4));
    assert_eq!(
        row.result,
        ShockResult { attacker_hits: 2, defender_hits: 2, ..ShockResult::default() }
    );
    assert_eq!(row.provenance, Provenance::Printed("9.22".into()));
}

/// 9.22's example: "–3 for the Rampart, +3 for Unit Number Differential (4 to
/// 1), +1 For TQ Differential, and –2 for Weapon System (BI vs CO). A Shock
/// Table die roll of 5 is modified to a 4 resulting in two hits to both the
/// attacker and the defender. No retreats."
#[test]
fn rule_9_22_example_sums_its_drms_from_the_tables() {
    let t = tables();
    let rampart = t.terrain().hex(TerrainKey::Rampart).unwrap();
    let weapon = t.weapon_systems().drm(&UnitType::BI, &UnitType::CO).unwrap();
    let mut drms = Modifiers::new();
    drms.push("9.22", "rampart attacked from below", rampart.shock_drm_from_below.value)
        .push("9.25", "unit numbers 4 to 1", Drm(4 - 1))
        .push("9.25", "TQ differential", Drm(1))
        .push("9.43", "weapon system BI against CO", weapon);
    assert_eq!(drms.total(), Drm(-1));
    assert_eq!(drms.apply(5), ModifiedRoll(4));
    let result = t.shock().result(drms.apply(5));
    assert_eq!((result.attacker_hits, result.defender_hits), (2, 2));
    assert!(!result.attacker_retreats && !result.defender_retreats && !result.continued_shock);
    // The rampart is a Rampart hex (not a GoD) and the defender's own hex DRM adds nothing.
    assert_eq!(rampart.shock_drm.value, Drm(0));
    // 9.22 lists no elevation DRM although the rampart is a level up (6.42).
    assert_eq!(t.terrain().elevation().shock_drm_uphill.value, Drm(0));
}

#[test]
fn rule_9_42_one_roll_reads_both_sides_clamped_to_the_printed_range() {
    let shock = tables().shock();
    let range = shock.printed_range();
    assert_eq!(
        shock.result(ModifiedRoll(range.low() - 5)),
        shock.result(ModifiedRoll(range.low()))
    );
    assert_eq!(
        shock.result(ModifiedRoll(range.high() + 5)),
        shock.result(ModifiedRoll(range.high()))
    );
    // Every modified roll a d10 can give with no modifier has a row.
    assert!(range.contains(0) && range.contains(9));
}

/// The simple family's shape (DESIGN.md), which the reconstruction follows: the
/// lowest roll hurts the attacker and makes him retreat; the highest makes the
/// defender retreat and gives Continued Shock (10.3).
#[test]
fn rule_9_42_low_rolls_hurt_the_attacker_high_rolls_the_defender() {
    let shock = tables().shock();
    let low = shock.result(ModifiedRoll(i32::MIN));
    let high = shock.result(ModifiedRoll(i32::MAX));
    assert!(low.attacker_retreats && low.attacker_hits > low.defender_hits);
    assert!(
        high.defender_retreats && high.continued_shock && high.defender_hits > high.attacker_hits
    );
}

#[test]
fn rule_9_42_odds_of_the_9_22_attack_are_exact() {
    let d = tables().shock().distribution(Drm(-1));
    assert_eq!(d.total(), 10);
    assert_eq!(d.outcomes().iter().map(|(_, n)| n).sum::<u64>(), 10);
    let printed = ShockResult { attacker_hits: 2, defender_hits: 2, ..ShockResult::default() };
    assert!(d.count(&printed) >= 1, "face 5 gives the printed row");
}

// ---- 9.43 Weapon System Matrix -------------------------------------------------

#[test]
fn rule_9_22_bi_attacking_co_is_minus_two() {
    let cell = tables().weapon_systems().cell(&UnitType::BI, &UnitType::CO).unwrap();
    assert_eq!(cell.drm, Drm(-2));
    assert_eq!(cell.provenance, Provenance::Printed("9.22".into()));
}

#[test]
fn rule_9_26_9_27_archers_and_artillery_have_no_weapon_system() {
    let m = tables().weapon_systems();
    for t in [UnitType::AR, UnitType::Scorpio, UnitType::Palintonos] {
        assert!(!m.attackers().contains(&t) && !m.defenders().contains(&t), "{t}");
    }
    for a in SHOCK_TYPES {
        for d in SHOCK_TYPES {
            assert!(m.drm(&a, &d).is_some(), "{a} against {d}");
        }
    }
}

// ---- 9.41 Missile Range and Results Table --------------------------------------

#[test]
fn rule_8_17_archer_at_range_3_hits_on_a_modified_1_not_2() {
    let missile = tables().missile();
    let entry = missile.entry(&MissileColumn::Arrow, 3).unwrap();
    assert_eq!(entry.hit_number, 1);
    assert_eq!(entry.provenance, Provenance::Printed("8.17".into()));
    // The example: a roll of 1, +1 for archery at a rampart from below, misses; a 0 would hit.
    assert_eq!(missile.hits(&MissileColumn::Arrow, 3, ModifiedRoll::new(1, Drm(1))), Ok(false));
    assert_eq!(missile.hits(&MissileColumn::Arrow, 3, ModifiedRoll::new(0, Drm(1))), Ok(true));
}

#[test]
fn rule_8_12_archers_fire_at_up_to_three_hexes() {
    assert_eq!(tables().missile().max_range(&MissileColumn::Arrow), Some(3));
    assert!(matches!(
        tables().missile().hit_number(&MissileColumn::Arrow, 4),
        Err(NoFire::BeyondRange { max: 3, .. })
    ));
}

/// 9.21: a cohort's javelin Entry Reaction Fire at range 1, -1 for the higher
/// elevation (8.17), rolls 5 (modified 4) and hits.
#[test]
fn rule_9_21_javelin_at_range_1_hits_on_a_modified_4() {
    let t = tables();
    let lower = t.terrain().elevation().missile_drm_target_lower.value;
    assert_eq!(lower, Drm(-1));
    let roll = ModifiedRoll::new(5, lower);
    assert_eq!(roll, ModifiedRoll(4));
    assert_eq!(t.missile().hits(&MissileColumn::Javelin, 1, roll), Ok(true));
    assert!(t.missile().hit_number(&MissileColumn::Javelin, 1).unwrap() >= 4);
}

/// 8.19: LI fire from two hexes "as if at a range of one hex"; 8.61: Retire
/// Reaction at range 2 only for units with "a fire capability of two or more
/// hexes". So javelins reach one hex, arrows and artillery more.
#[test]
fn rule_8_19_8_61_javelins_reach_one_hex_only() {
    let missile = tables().missile();
    assert_eq!(missile.max_range(&MissileColumn::Javelin), Some(1));
    assert!(missile.hit_number(&MissileColumn::Javelin, 2).is_err());
    for k in [MissileColumn::Arrow, MissileColumn::Scorpio, MissileColumn::Palintonos] {
        assert!(missile.hit_number(&k, 2).is_ok(), "{k} can Retire-React at range 2");
    }
}

#[test]
fn rule_8_56_palintonos_may_not_fire_at_an_adjacent_target() {
    assert!(matches!(
        tables().missile().hit_number(&MissileColumn::Palintonos, 1),
        Err(NoFire::TooClose { min: 2, .. })
    ));
}

#[test]
fn rule_8_42_archers_fire_flame_at_their_arrow_ranges() {
    let missile = tables().missile();
    assert_eq!(missile.max_range(&MissileColumn::Flame), missile.max_range(&MissileColumn::Arrow));
}

#[test]
fn rule_9_41_a_longer_range_is_never_easier() {
    for (k, column) in tables().missile().columns() {
        let numbers: Vec<u8> = column.entries().map(|e| e.hit_number).collect();
        assert!(numbers.windows(2).all(|w| w[0] >= w[1]), "{k}: {numbers:?}");
    }
}
