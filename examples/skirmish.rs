//! Skirmish, the simple-family engine's own small game (`gboh::simple`),
//! played to the end by two bots and narrated: every activation, move,
//! shot (with its modifiers and rule) and shock in words.
//!
//! ```text
//! cargo run --release --example skirmish -- --seed 7
//! cargo run --release --example skirmish -- --seed 7 --random
//! ```
//!
//! Skirmish (`gboh_simple::doc_game::skirmish`) shows what a game on the
//! engine must write: a roster, four commands, Turn Seizure, victory. The
//! bots are the engine's `Aggressor` on both sides, or with `--random` the
//! uniform random policy for the Gauls.
//!
//! Flags: `--seed N` (default 1), `--random`.

use gboh::core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::{Game, Rules};
use gboh::core::policy::{Policy, UniformRandom, choose};
use gboh::simple::Battle;
use gboh::simple::bots::Aggressor;
use gboh::simple::doc_game::skirmish::Skirmish;
use gboh::simple::protocol::Pending;

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut seed = 1;
    let mut random = false;
    let mut i = 0;
    while let Some(arg) = args.get(i) {
        match arg.as_str() {
            "--seed" => match args.get(i + 1).and_then(|s| s.parse().ok()) {
                Some(n) => {
                    seed = n;
                    i += 1;
                }
                None => {
                    return Err("--seed needs a number".into());
                }
            },
            "--random" => random = true,
            other => {
                return Err(format!("unknown flag {other}: use --seed N, --random").into());
            }
        }
        i += 1;
    }
    let mut game = Game::new(Battle::new(Skirmish::new()), Dice::seeded(seed));
    let mut romans = Aggressor;
    let mut gauls: Box<dyn Policy<Battle<Skirmish>>> =
        if random { Box::new(UniformRandom::seeded(seed)) } else { Box::new(Aggressor) };
    let mut legal = Vec::new();
    while !matches!(game.state().pending(), Pending::Over(_)) {
        let policy: &mut dyn Policy<Battle<Skirmish>> = match game.state().decider() {
            Some(Side::Adversary) => gauls.as_mut(),
            _ => &mut romans,
        };
        let Some(action) = choose(&game, policy, &mut legal) else { break };
        match game.apply(action) {
            Ok(events) => {
                for event in &events {
                    writeln!(stdout, "{}", game.state().state().line(event))?;
                }
            }
            Err(e) => {
                return Err(format!("a bot's action was refused: {e}").into());
            }
        }
    }
    let s = game.state().state();
    writeln!(
        stdout,
        "{} actions; losses: the Romans {}, the Gauls {}",
        game.log().len(),
        s.losses(Side::Roman),
        s.losses(Side::Adversary)
    )?;
    Ok(())
}
