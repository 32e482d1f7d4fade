//! Shared by the Dictator examples: play two `Advance` bots (or replay a log),
//! narrate every event, optionally write the final field as SVG and the log.
#![allow(clippy::print_stdout, dead_code)]

use gboh_core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_dictator::Dictator;
use gboh_standard::bots::play_narrated;
use gboh_standard::narrate;
use gboh_standard::{Action, Battle};

/// Plays (or replays) `scenario` with `game`, narrating every event.
pub fn run(title: &str, game_state: Dictator, scenario: &str) -> ExitCode {
    out::run(|stdout| play(title, game_state, scenario, stdout))
}

/// [`run`]'s body: its output goes to `stdout`.
fn play(title: &str, game_state: Dictator, scenario: &str, stdout: &mut dyn Write) -> out::Outcome {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value =
        |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let seed = value("--seed").and_then(|s| s.parse().ok()).unwrap_or(58);
    let initial = match Battle::new(game_state, scenario) {
        Ok((b, _)) => b,
        Err(e) => {
            return Err(format!("the scenario does not load: {e}").into());
        }
    };
    let mut game = Game::new(initial.clone(), Dice::seeded(seed));
    let replay: Option<Vec<Action>> = match value("--replay") {
        Some(path) => match std::fs::read_to_string(&path)
            .map_err(|e| e.to_string())
            .and_then(|t| ron::from_str(&t).map_err(|e| e.to_string()))
        {
            Ok(log) => Some(log),
            Err(e) => {
                return Err(format!("cannot read {path}: {e}").into());
            }
        },
        None => None,
    };
    writeln!(stdout, "{title}, seed {seed}")?;
    let replayed = replay.as_deref();
    // The narration stops at the first failed write; the play runs on.
    let mut written = Ok(());
    let played = play_narrated(&mut game, replayed, 100_000, |line| {
        if written.is_ok() {
            written = writeln!(stdout, "{line}");
        }
    });
    written?;
    played?;
    writeln!(
        stdout,
        "{} actions; {}",
        game.log().len(),
        narrate::pending(game.state().field(), &game.pending())
    )?;
    if let Some(path) = value("--svg")
        && let Err(e) = std::fs::write(&path, narrate::picture(game.state()))
    {
        return Err(format!("cannot write {path}: {e}").into());
    }
    if let Some(path) = value("--log") {
        let text = ron::to_string(game.log()).unwrap_or_default();
        if let Err(e) = std::fs::write(&path, text) {
            return Err(format!("cannot write {path}: {e}").into());
        }
    }
    Ok(())
}
