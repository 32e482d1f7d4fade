//! Watch Chaeronea (86 BC, reconstructed) resolve: Sulla against the Pontic
//! army of Archelaus, two `Advance` bots playing, every step narrated with its
//! rule and dice.
//!
//! ```text
//! cargo run -p gboh-dictator --example dictator_chaeronea -- [--seed N] [--svg PATH] [--log PATH] [--replay PATH]
//! ```
//! `--svg` writes the final field as SVG; `--log` saves the action log (RON);
//! `--replay` replays a saved log instead of playing the bots.

mod common;

use std::process::ExitCode;

fn main() -> ExitCode {
    common::run(
        "Chaeronea, 86 BC (reconstructed)",
        gboh_dictator::Dictator::chaeronea(),
        "Chaeronea",
    )
}
