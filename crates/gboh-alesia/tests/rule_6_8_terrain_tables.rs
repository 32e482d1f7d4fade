//! The Terrain Effects Chart (6.8): every figure the rulebook prints, read
//! from the loaded default data.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_alesia::tables::AlesiaTables;
use gboh_alesia::tables::{HexsideKey, MoveKey, TerrainChart, TerrainKey};
use gboh_core::data::Provenance;
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost, MoverClass};

fn tec() -> &'static TerrainChart {
    AlesiaTables::shared().unwrap().terrain()
}

fn foot(t: TerrainKey) -> u8 {
    match tec().enter_cost(t, MoverClass::Foot).unwrap() {
        Cost::Mp(n) => n,
        Cost::Prohibited => panic!("{t} prohibited"),
    }
}

fn moves(k: MoveKey) -> u8 {
    tec().move_mp(k).unwrap()
}

fn printed(p: &Provenance, rule: &str) {
    assert_eq!(p, &Provenance::Printed(rule.into()));
}

#[test]
fn rule_6_31_clear_costs_1_and_higher_ground_1_more() {
    // W6213 to W6113: 1 for the Clear hex, one for the elevation change.
    assert_eq!(foot(TerrainKey::Clear) + tec().elevation().climb_mp.value, 2);
    printed(&tec().hex(TerrainKey::Clear).unwrap().foot.provenance, "6.31");
    printed(&tec().elevation().climb_mp.provenance, "6.31");
}

#[test]
fn rule_6_35_a_rampart_from_inside_is_1_plus_1() {
    assert_eq!(foot(TerrainKey::Rampart), 1);
    assert_eq!(moves(MoveKey::ClimbFromInside), 1);
    // 6.42: "by paying 2 MP to do so".
    assert_eq!(foot(TerrainKey::Rampart) + moves(MoveKey::ClimbFromInside), 2);
}

#[test]
fn rule_6_42_a_rampart_from_outside_is_4_from_an_adjacent_start() {
    assert_eq!(moves(MoveKey::ClimbFromOutside), 3);
    assert_eq!(foot(TerrainKey::Rampart) + moves(MoveKey::ClimbFromOutside), 4);
}

#[test]
fn rule_6_42_walkway_moves_cost_1() {
    assert_eq!(moves(MoveKey::Walkway), 1);
    printed(&tec().movement(MoveKey::Walkway).unwrap().mp.provenance, "6.42");
}

#[test]
fn rule_6_42_leaving_a_rampart_costs_1_inside_3_outside() {
    assert_eq!(moves(MoveKey::LeaveToInside), 1);
    assert_eq!(moves(MoveKey::LeaveToOutside), 3);
}

#[test]
fn rule_6_42_passing_a_rampart_gate_costs_2_cavalry_included() {
    assert_eq!(tec().enter_cost(TerrainKey::RampartGate, MoverClass::Foot), Some(Cost::Mp(2)));
    assert_eq!(tec().enter_cost(TerrainKey::RampartGate, MoverClass::Cavalry), Some(Cost::Mp(2)));
}

#[test]
fn rule_6_35_inner_garden_of_death_costs_3_and_3_hits() {
    let god = tec().hex(TerrainKey::InnerGardenOfDeath).unwrap();
    assert_eq!(god.foot.value, Cost::Mp(3));
    assert_eq!(god.entry_hits.value, 3);
    printed(&god.entry_hits.provenance, "6.45");
}

#[test]
fn rule_6_45_outer_garden_of_death_gives_2_hits() {
    let god = tec().hex(TerrainKey::OuterGardenOfDeath).unwrap();
    assert_eq!(god.entry_hits.value, 2);
    printed(&god.entry_hits.provenance, "6.45");
    assert_eq!(god.foot.provenance, Provenance::Reconstructed);
}

#[test]
fn rule_6_48_fills_that_negate_works_and_waters() {
    let hex = |t| tec().hex(t).unwrap().fills_to_negate.value;
    let side = |s| tec().hexside(s).unwrap().fills_to_negate.value;
    assert_eq!(hex(TerrainKey::OuterGardenOfDeath), 2);
    assert_eq!(hex(TerrainKey::InnerGardenOfDeath), 3);
    assert_eq!(side(HexsideKey::WaterDitch), 3);
    assert_eq!(side(HexsideKey::Stream), 3);
    assert_eq!(side(HexsideKey::MinorRiver), 4);
}

#[test]
fn rule_6_35_minor_river_hexside_costs_2_more() {
    assert_eq!(tec().cross_cost(HexsideKey::MinorRiver, MoverClass::Foot), Some(Cost::Mp(2)));
}

#[test]
fn rule_6_63_moving_through_friends_costs_2_more() {
    assert_eq!(moves(MoveKey::StackThroughFriends), 2);
}

#[test]
fn rule_6_47_placing_a_fill_costs_1_more() {
    assert_eq!(moves(MoveKey::PlaceFill), 1);
}

#[test]
fn rule_6_44_cavalry_enter_a_redoubt_for_3_plus_1_for_the_gate() {
    assert_eq!(tec().enter_cost(TerrainKey::Redoubt, MoverClass::Cavalry), Some(Cost::Mp(3)));
    assert_eq!(tec().cross_cost(HexsideKey::Gate, MoverClass::Cavalry), Some(Cost::Mp(1)));
    assert_eq!(
        tec().cross_cost(HexsideKey::RedoubtWall, MoverClass::Cavalry),
        Some(Cost::Prohibited)
    );
}

#[test]
fn rule_6_44_redoubt_to_rampart_costs_1_more() {
    assert_eq!(moves(MoveKey::RedoubtRampart), 1);
    // 6.42's example: from the Redoubt W2919 onto the Rampart W2918, "the 2MP cost to climb".
    assert_eq!(foot(TerrainKey::Rampart) + moves(MoveKey::RedoubtRampart), 2);
}

#[test]
fn rule_8_43_an_on_fire_hex_costs_2_and_a_hit() {
    let fire = tec().hex(TerrainKey::OnFire).unwrap();
    assert_eq!(
        (fire.foot.value, fire.cavalry.value, fire.entry_hits.value),
        (Cost::Mp(2), Cost::Mp(2), 1)
    );
}

#[test]
fn rule_9_22_attacking_a_rampart_from_below_is_minus_3() {
    for t in [TerrainKey::Rampart, TerrainKey::RampartGate] {
        let drm = &tec().hex(t).unwrap().shock_drm_from_below;
        assert_eq!(drm.value, Drm(-3), "{t}");
        printed(&drm.provenance, "9.22");
    }
}

#[test]
fn rule_8_17_woods_and_lower_targets_modify_missile_fire() {
    assert_eq!(tec().hex(TerrainKey::Woods).unwrap().missile_drm.value, Drm(1));
    assert_eq!(tec().elevation().missile_drm_target_lower.value, Drm(-1));
}

#[test]
fn rule_6_33_6_36_6_43_impassable_and_no_cavalry_hexsides() {
    for s in [HexsideKey::WaterDitch, HexsideKey::StoneCrest] {
        assert_eq!(tec().cross_cost(s, MoverClass::Foot), Some(Cost::Prohibited), "{s}");
        assert_eq!(tec().cross_cost(s, MoverClass::Cavalry), Some(Cost::Prohibited), "{s}");
    }
    for s in [HexsideKey::CampWall, HexsideKey::StoneWall] {
        assert!(matches!(tec().cross_cost(s, MoverClass::Foot), Some(Cost::Mp(_))), "{s}");
        assert_eq!(tec().cross_cost(s, MoverClass::Cavalry), Some(Cost::Prohibited), "{s}");
    }
}

#[test]
fn rule_6_11_only_gardens_of_death_and_fire_cost_hits_to_enter() {
    for (t, hex) in tec().hexes() {
        let expected = matches!(
            t,
            TerrainKey::InnerGardenOfDeath | TerrainKey::OuterGardenOfDeath | TerrainKey::OnFire
        );
        assert_eq!(hex.entry_hits.value > 0, expected, "{t}");
    }
}
