//! 12.2 Historical Scenario, resolved by the bots, narrated step by step.
//!
//! ```text
//! cargo run --release --example alesia_historical -- --seed 7
//! cargo run --release --example alesia_historical -- --replay out/historical/actions.log
//! ```
//!
//! 12.2's printed text ends after the Roman deployment's "Exceptions:"; the
//! rest is completed from 12.1 (`docs/scenarios.md`): six German Cavalry
//! instead of four, otherwise 12.1's deployment, entry areas and special
//! rules. The Gauls play the Gallic Aggression rule, the Romans a sensible
//! defence (`gboh_alesia::playthrough`). The output is that of
//! `alesia_final_assault`: a narrated log with a running tally, SVG snapshots
//! and the action log for `--replay`.
//!
//! Flags: `--seed N` (default 1), `--out DIR` (default `out/historical`),
//! `--quiet`, `--max-actions N` (default 50000), `--replay FILE`.

mod common;

use std::process::ExitCode;

use gboh::alesia::scenario::ScenarioId;

fn main() -> ExitCode {
    common::main(&common::Example {
        name: "alesia_historical",
        scenario: ScenarioId::Historical,
        out: "out/historical",
    })
}
