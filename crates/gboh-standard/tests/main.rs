//! gboh-standard's integration tests as one test binary: each file of `tests/`
//! is a module here, named after the rule it checks, and its shared helpers
//! (`tests/*/mod.rs`) are modules too. One binary links once where one per
//! file linked 13 times, which was most of CI's test time. Run one
//! file's tests with a filter: `cargo test -p gboh-standard --test integration -- narration::`.
//! [`every_test_file_is_a_module`] keeps a new file from being left out
//! (`autotests = false` in Cargo.toml), with
//! `gboh_core::testkit::undeclared_test_modules`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod invariants_support;

mod narration;
mod properties;
mod protocol;
mod rule_4_1_leader_counters;
mod rule_4_52_4_54_scenario_statements;
mod rule_4_56_proconsuls;
mod rule_4_5_tribunes_and_praefects;
mod rule_4_74_replacement_leaders;
mod rule_6_4_double_phalanx;
mod rule_6_64_oc_stack;
mod rule_6_68_stacking_effects;
mod rule_8_62_off_map_pursuit_in_play;
mod tables;

/// Every `tests/*.rs` file and every `tests/*/mod.rs` helper is declared
/// above: Cargo no longer finds them by itself.
#[test]
fn every_test_file_is_a_module() {
    let tests = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let missing = gboh_core::testkit::undeclared_test_modules(tests, include_str!("main.rs"));
    let missing = missing.unwrap_or_else(|e| panic!("{e}"));
    assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
}
