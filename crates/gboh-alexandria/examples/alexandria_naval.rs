//! Plays the Naval Battle (12.2) with galleys only, both fleets by the
//! deterministic bot, narrated line by line, with the final tally.
//!
//! `cargo run --release -p gboh-alexandria --example alexandria_naval -- --seed 7`
//! (`--quiet` prints the tally only; `--cap N` caps the Player Turns.)

use gboh_core::program as out;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use gboh_alexandria::fleet::naval::{self, Outcome};

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let mut seed = 7u64;
    let mut cap = naval::TURN_CAP;
    let mut quiet = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--seed" => seed = args.next().ok_or("--seed needs a number")?.parse()?,
            "--cap" => cap = args.next().ok_or("--cap needs a number")?.parse()?,
            "--quiet" => quiet = true,
            other => return Err(format!("unknown argument {other}").into()),
        }
    }
    let start = Instant::now();
    // The narration stops at the first failed write; the game runs on.
    let mut written = Ok(());
    let report = naval::play(seed, cap, |line| {
        if !quiet && written.is_ok() {
            written = writeln!(stdout, "{line}");
        }
    })?;
    written?;
    let elapsed = start.elapsed();
    let outcome = match report.outcome {
        Outcome::Victory(side) => format!("{} victory", gboh_alexandria::fleet::side_name(side)),
        Outcome::TurnCap => "no decision (turn cap)".to_owned(),
    };
    writeln!(
        stdout,
        "seed {seed}: {outcome} after {} actions, {} Player Turns; galleys lost (sunk, burned or taken): Roman {}, Egyptian {}; captured in all {}; fingerprint {:016x}; {:.1} ms",
        report.actions,
        report.player_turns,
        report.losses.0,
        report.losses.1,
        report.captured,
        report.fingerprint,
        elapsed.as_secs_f64() * 1000.0
    )?;
    Ok(())
}
