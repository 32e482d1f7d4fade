//! gboh-alesia's integration tests as one test binary: each file of `tests/`
//! is a module here, named after the rule it checks, and its shared helpers
//! (`tests/*/mod.rs`) are modules too. One binary links once where one per
//! file linked 79 times, which was most of CI's test time. Run one
//! file's tests with a filter: `cargo test -p gboh-alesia --test integration -- bad_input_catalogue::`.
//! [`every_test_file_is_a_module`] keeps a new file from being left out
//! (`autotests = false` in Cargo.toml), with
//! `gboh_core::testkit::undeclared_test_modules`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod combat_support;
mod invariants_support;
mod movement_support;
mod scenario_support;
mod west_support;

mod bad_input_catalogue;
mod battle_own_decisions;
mod battle_plays_alesia;
mod bots_choose_directly;
mod bots_make_progress;
mod combat_odds_enumeration;
mod combat_protocol;
mod counters_bad_data;
mod counters_structure;
mod golden_playthroughs;
mod labelled_save;
mod leader_rules;
mod map_data;
mod map_format_siege_works;
mod map_geometry;
mod movement_generator;
mod movement_listing_cache;
mod movement_properties;
mod narration;
mod protocol_random_play;
mod rule_10_26_leaders_with_retreating_units;
mod rule_10_2_retreat;
mod rule_10_46_leaders_with_routing_units;
mod rule_10_4_rout;
mod rule_10_72_withdrawal_lasts_one_period;
mod rule_11_0_victory;
mod rule_12_1_deployment_violations;
mod rule_12_1_final_assault;
mod rule_12_1_gallic_entry;
mod rule_12_2_historical;
mod rule_4_14_chain_of_command;
mod rule_4_1_commands;
mod rule_4_32_threatened_leaders;
mod rule_4_35_leader_replacement;
mod rule_4_3_leaders;
mod rule_5_2_turn_seizure;
mod rule_5_33_arrival_tables;
mod rule_5_3_gallic_assault_planning;
mod rule_5_45_placement;
mod rule_5_49_tribal_counters;
mod rule_5_5_roman_redeployment;
mod rule_5_63_alesia_force_entry;
mod rule_5_65_alesia_force_after_a_period;
mod rule_6_13_commanders;
mod rule_6_1_allowances;
mod rule_6_35_movement_examples;
mod rule_6_3_terrain;
mod rule_6_42_ramparts;
mod rule_6_45_gardens_of_death;
mod rule_6_47_fill;
mod rule_6_47_fill_placed_automatically;
mod rule_6_5_rapid_march;
mod rule_6_65_forced_moves_share_facing;
mod rule_6_68_rampart_adjacency;
mod rule_6_6_stacking;
mod rule_6_8_terrain_tables;
mod rule_7_1_facing;
mod rule_7_2_zoc;
mod rule_8_15_line_of_sight;
mod rule_8_17_missile_drms;
mod rule_8_1_missile_fire;
mod rule_8_4_flame;
mod rule_8_6_reaction_fire_from_movement;
mod rule_9_1_shock_requirements;
mod rule_9_22_combat_example;
mod rule_9_23_pre_shock_check;
mod rule_9_25_resolution;
mod rule_9_31_advance_onto_a_rampart;
mod rule_9_4_combat_tables;
mod rule_counters_printed;
mod rule_counters_scenarios;
mod rule_map_claims;
mod scenario_bad_data;
mod scenario_properties;
mod tables_bad_data;
mod tables_loading;
mod west_rule_10_6_recovery_in_play;
mod west_rule_10_effects;
mod west_rule_6_4_siege_works;
mod west_rule_8_missile;
mod west_rule_9_31_bot_games;
mod west_rule_9_shock;

/// Every `tests/*.rs` file and every `tests/*/mod.rs` helper is declared
/// above: Cargo no longer finds them by itself.
#[test]
fn every_test_file_is_a_module() {
    let tests = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let missing = gboh_core::testkit::undeclared_test_modules(tests, include_str!("main.rs"));
    let missing = missing.unwrap_or_else(|e| panic!("{e}"));
    assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
}
