//! gboh-alexandria's integration tests as one test binary: each file of `tests/`
//! is a module here, named after the rule it checks, and its shared helpers
//! (`tests/*/mod.rs`) are modules too. One binary links once where one per
//! file linked 10 times, which was most of CI's test time. Run one
//! file's tests with a filter: `cargo test -p gboh-alexandria --test integration -- bad_data::`.
//! [`every_test_file_is_a_module`] keeps a new file from being left out
//! (`autotests = false` in Cargo.toml), with
//! `gboh_core::testkit::undeclared_test_modules`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod fleet_common;
mod land_support;

mod bad_data;
mod counters_and_scenarios;
mod fleet_diekplus;
mod fleet_harbour_rules;
mod fleet_play;
mod fleet_random_play;
mod fleet_rules;
mod land_bot;
mod land_fleet;
mod land_playthrough;
mod land_random_play;
mod land_rules;
mod map_claims;
mod place_graph_properties;

/// Every `tests/*.rs` file and every `tests/*/mod.rs` helper is declared
/// above: Cargo no longer finds them by itself.
#[test]
fn every_test_file_is_a_module() {
    let tests = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let missing = gboh_core::testkit::undeclared_test_modules(tests, include_str!("main.rs"));
    let missing = missing.unwrap_or_else(|e| panic!("{e}"));
    assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
}
