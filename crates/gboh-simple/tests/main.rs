//! gboh-simple's integration tests as one test binary: each file of `tests/`
//! is a module here, named after the rule it checks, and its shared helpers
//! (`tests/*/mod.rs`) are modules too. One binary links once where one per
//! file linked 22 times, which was most of CI's test time. Run one
//! file's tests with a filter: `cargo test -p gboh-simple --test integration -- advance_on_a_small_game::`.
//! [`every_test_file_is_a_module`] keeps a new file from being left out
//! (`autotests = false` in Cargo.toml), with
//! `gboh_core::testkit::undeclared_test_modules`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

mod advance_on_a_small_game;
mod before_shock_on_a_small_game;
mod designation_on_a_small_game;
mod effects_on_a_small_game;
mod fire_on_a_small_game;
mod layers;
mod leaders_on_a_small_game;
mod missile_on_a_small_game;
mod movement_on_a_small_game;
mod narrate_actions_on_a_small_game;
mod protocol_on_a_small_game;
mod rally_on_a_small_game;
mod reaction_on_a_small_game;
mod reaction_windows_on_a_small_game;
mod recovery_on_a_small_game;
mod resolution_on_a_small_game;
mod roster_muster;
mod rules_on_a_small_game;
mod shock_on_a_small_game;
mod shock_properties;
mod shock_sequence_on_a_small_game;
mod shock_steps_on_a_small_game;
mod targets_on_a_small_game;
mod tasks_on_a_small_game;

/// Every `tests/*.rs` file and every `tests/*/mod.rs` helper is declared
/// above: Cargo no longer finds them by itself.
#[test]
fn every_test_file_is_a_module() {
    let tests = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests"));
    let missing = gboh_core::testkit::undeclared_test_modules(tests, include_str!("main.rs"));
    let missing = missing.unwrap_or_else(|e| panic!("{e}"));
    assert!(missing.is_empty(), "tests/main.rs does not declare: {missing:?}");
}
