//! 12.1 The Final Assault, resolved by the bots, narrated step by step.
//!
//! ```text
//! cargo run --release --example alesia_final_assault -- --seed 7
//! cargo run --release --example alesia_final_assault -- --replay out/final-assault/actions.log
//! ```
//!
//! The Gauls play 12.1's Gallic Aggression rule, the Romans a sensible
//! defence (`gboh_alesia::bots`, matched up by `gboh_alesia::playthrough`).
//! Every activation, roll (with its modifiers and rule) and result is printed,
//! with a running tally; SVG snapshots of the map are written at the start, at
//! the first assault, every 50 activations and at the end, with the action log
//! (seed + actions) for `--replay`.
//!
//! Flags: `--seed N` (default 1), `--out DIR` (default `out/final-assault`),
//! `--quiet` (only the tally and the outcome), `--max-actions N` (a safety cap,
//! default 50000), `--replay FILE`.

mod common;

use std::process::ExitCode;

use gboh::alesia::scenario::ScenarioId;

fn main() -> ExitCode {
    common::main(&common::Example {
        name: "alesia_final_assault",
        scenario: ScenarioId::FinalAssault,
        out: "out/final-assault",
    })
}
