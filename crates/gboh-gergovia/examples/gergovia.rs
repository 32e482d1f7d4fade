//! Watch Gergovia (52 BC), the standard version, resolve on the
//! standard-family engine: two `Advance` bots playing, every step narrated
//! with its rule (Gergovia's section where the module changes the rule,
//! SPQR's otherwise) and dice, ending with the victory-point tally.
//!
//! ```text
//! cargo run --release -p gboh-gergovia --example gergovia -- [--seed N] [--alternative] [--svg PATH] [--log PATH] [--replay PATH]
//! ```
//! `--alternative` plays the alternative deployment; `--svg` writes the final
//! field as SVG; `--log` saves the action log (RON); `--replay` replays a
//! saved log instead of playing the bots.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use gboh_core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::standard::{Gergovia, side_name};
use gboh_standard::bots::play_narrated;
use gboh_standard::{Action, Battle, narrate};

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value =
        |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let seed = match value("--seed").map(|s| s.parse::<u64>()) {
        None => 52,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            return Err(format!("--seed: {e}").into());
        }
    };
    let id = if args.iter().any(|a| a == "--alternative") {
        BattleId::Alternative
    } else {
        BattleId::Standard
    };
    let initial = match Battle::new(Gergovia::default(), id.name()) {
        Ok((b, _)) => b,
        Err(e) => {
            return Err(format!("the battle does not load: {e}").into());
        }
    };
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
    writeln!(stdout, "{}, 52 BC (standard version), seed {seed}", id.name())?;
    if let Ok(b) = battle::battle(id)
        && !b.off_map.is_empty()
    {
        writeln!(
            stdout,
            "off the map (Gallic Reinforcements: they enter along 4001-4801 in Vercingetorix's Orders Phases): {} and {} units",
            b.off_map_leaders.join(", "),
            b.off_map.len()
        )?;
    }
    let mut game = Game::new(initial, Dice::seeded(seed));
    let replayed = replay.as_deref();
    // The narration stops at the first failed write; the play runs on.
    let mut written = Ok(());
    let played = play_narrated(&mut game, replayed, 200_000, |line| {
        if written.is_ok() {
            written = writeln!(stdout, "{line}");
        }
    });
    written?;
    played?;
    let field = game.state().field();
    writeln!(stdout, "{} actions; {}", game.log().len(), narrate::pending(field, &game.pending()))?;
    match game.state().game().tally(field) {
        Ok(t) => {
            for (name, side) in [("Rome", &t.rome), ("Gaul", &t.gaul)] {
                writeln!(stdout, "{name}: {} of {} victory points", side.total, side.threshold)?;
                for l in side.lines.iter().filter(|l| l.count > 0) {
                    writeln!(stdout, "  {} {}: {} VP", l.count, l.award.description(), l.vp)?;
                }
            }
            match game.state().game().winner() {
                Some(s) => writeln!(stdout, "first to reach the threshold: {}", side_name(s))?,
                None => writeln!(stdout, "neither side reached its threshold")?,
            }
        }
        Err(e) => {
            return Err(format!("cannot count the victory points: {e}").into());
        }
    }
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
