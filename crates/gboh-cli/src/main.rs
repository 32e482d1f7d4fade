//! `gboh`: the command line of the gboh rules engines.
//!
//! ```text
//! gboh validate data/alesia                       # check RON files, file:line:column
//! gboh play alesia final-assault --seed 7 --side gauls=human --log game.log
//! gboh replay game.log --html game.html           # check a log, narrate it, view it
//! gboh simulate dictator rhine --games 100 --jobs 2 --csv rhine.csv --plot rhine.svg
//! gboh odds --attacker Aedui-1 --defender X-1 --defender-facing 10
//! gboh odds --fire --attacker Archers-1 --defender Aedui-1 --range 2
//! ```
//!
//! Exit codes: 0 ok, 1 a rule or data error (a file with problems, a log
//! that does not replay), 2 a usage error (an unknown game, side, policy or
//! option). See docs/cli.md.

mod cli;
mod engine;
mod error;
mod html;
mod log;
mod odds;
mod odds_standard;
mod play;
mod simulate;
mod validate;

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let args = match cli::Cli::try_parse() {
        Ok(a) => a,
        Err(e) => {
            // clap prints help and version to stdout (exit 0), usage errors to
            // stderr (exit 2).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match cli::run(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            e.exit_code()
        }
    }
}
