//! Watch the battle against Ariovistus (58 BC, reconstructed) resolve, two
//! `Advance` bots playing, every step narrated with its rule and dice.
//!
//! ```text
//! cargo run -p gboh-dictator --example dictator_rhine -- [--seed N] [--svg PATH] [--log PATH] [--replay PATH]
//! ```
//! `--svg` writes the final field as SVG; `--log` saves the action log (RON);
//! `--replay` replays a saved log instead of playing the bots.

mod common;

use std::process::ExitCode;

fn main() -> ExitCode {
    common::run("The Rhine, 58 BC (reconstructed)", gboh_dictator::Dictator::rhine(), "The Rhine")
}
