//! gboh-gergovia's integration tests as one test binary: each file of `tests/`
//! is a module here, named after the rule it checks, and its shared helpers
//! (`tests/*/mod.rs`) are modules too. One binary links once where one per
//! file linked 33 times, which was most of CI's test time. Run one
//! file's tests with a filter: `cargo test -p gboh-gergovia --test integration -- bad_data::`.
//! [`every_test_file_is_a_module`] keeps a new file from being left out
//! (`autotests = false` in Cargo.toml), with
//! `gboh_core::testkit::undeclared_test_modules`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod support;

mod bad_data;
mod camped_gauls;
mod counters_printed;
mod data_files;
mod deployments;
mod eagles_aquilae;
mod gallic_commands;
mod gallic_reinforcements;
mod golden;
mod hidden_placement;
mod map_claims;
mod rule_10_32_rout;
mod rule_5_6_auxiliary_phase;
mod rule_6_72_leaders;
mod rule_6_72_movement;
mod rule_6_72_withdrawal;
mod rule_6_73_zoc;
mod rule_6_74_melee;
mod rule_6_75_fire;
mod rule_6_8_impetuosity;
mod rule_8_32_10_14_6_4;
mod rule_8_36_clash_type;
mod rule_8_4_advance;
mod rule_9_33_scorpions;
mod simplified_playthrough;
mod simplified_rules;
mod special_terrain_notes;
mod standard_battle;
mod stone_wall_sight;
mod stone_walls;
mod tournament_play;
mod victory_points;
mod victory_properties;

/// Every `tests/*.rs` file and every `tests/*/mod.rs` helper is declared
/// above: Cargo no longer finds them by itself.
#[test]
fn every_test_file_is_a_module() {
    let tests = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let missing = gboh_core::testkit::undeclared_test_modules(tests, include_str!("main.rs"));
    let missing = missing.unwrap_or_else(|e| panic!("{e}"));
    assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
}
