//! Watch the land game of Caesar in Alexandria's main game on the
//! simple-family engine: the city bot on both sides, every step narrated
//! with this game's sections, places by their printed names ("4-K",
//! "2/3-K/L", hexes by label), ending with the outcome.
//!
//! ```text
//! cargo run --release -p gboh-alexandria --example alexandria -- [--seed N] [--svg DIR] [--log FILE] [--replay FILE]
//! ```
//! `--svg DIR` writes snapshots (`start.svg`, then every 50 Player Turns,
//! `end.svg`); `--log` saves the action log (RON); `--replay` replays a
//! saved log instead of playing the bots.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use gboh_core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh_alexandria::picture::{Marker, render_with};
use gboh_alexandria::play::bot::CityBot;
use gboh_alexandria::play::narrate::describe;
use gboh_alexandria::play::{Alexandria, Choice, Command, Own};
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use gboh_simple::Battle;
use gboh_simple::protocol::{Action, Pending};

type A = Action<Command, Own, Choice>;

fn snapshot(g: &Alexandria, title: &str) -> String {
    let setup = g.setup();
    let board = setup.map.board();
    let mut pieces = Vec::new();
    for (i, s) in g.field.units().iter().enumerate() {
        let (Some(h), Some(u)) = (s.at, setup.muster.units.get(i)) else { continue };
        pieces.push(Marker { at: board.location(h), side: u.side, text: u.name.clone() });
    }
    for (i, l) in g.field.leaders().iter().enumerate() {
        let (Some(h), Some(info)) = (l.at, setup.muster.leaders.get(i)) else { continue };
        if !l.dead {
            pieces.push(Marker { at: board.location(h), side: info.side, text: info.name.clone() });
        }
    }
    render_with(setup.map, title, &pieces)
}

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value =
        |flag: &str| args.iter().position(|a| a == flag).and_then(|i| args.get(i + 1)).cloned();
    let seed = match value("--seed").map(|s| s.parse::<u64>()) {
        None => 47,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            return Err(format!("--seed: {e}").into());
        }
    };
    let state = match Alexandria::main_game() {
        Ok(s) => s,
        Err(e) => {
            return Err(format!("the main game does not load: {e}").into());
        }
    };
    let replay: Option<Vec<A>> = match value("--replay") {
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
    let svg = value("--svg");
    let write_svg = |name: &str, g: &Alexandria| -> Result<(), String> {
        let Some(dir) = &svg else { return Ok(()) };
        std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
        let path = format!("{dir}/{name}.svg");
        std::fs::write(&path, snapshot(g, &format!("Caesar in Alexandria, {name}")))
            .map_err(|e| format!("{path}: {e}"))
    };
    writeln!(stdout, "Caesar in Alexandria (48-47 BC), the main game's land battle, seed {seed}")?;
    writeln!(
        stdout,
        "the Romans hold the Palace (2/3-K/L) and must take the redoubts 2619 and 3119; the Egyptians must take the Palace or kill Caesar (4.34)"
    )?;
    let mut game = Game::new(Battle::new(state), Dice::seeded(seed));
    if let Err(e) = write_svg("start", game.state().state()) {
        return Err(format!("cannot write: {e}").into());
    }
    let mut legal = Vec::new();
    let mut bot = CityBot::default();
    let mut n = 0usize;
    let mut turns_drawn = 0u32;
    loop {
        if matches!(game.state().pending(), Pending::Over(_)) || n >= 100_000 {
            break;
        }
        let action = match &replay {
            Some(log) => match log.get(n) {
                Some(a) => a.clone(),
                None => break,
            },
            None => {
                legal.clear();
                game.state().legal_actions(&mut legal);
                let pick = bot.choose(&game, &legal);
                match legal.get(pick) {
                    Some(a) => a.clone(),
                    None => break,
                }
            }
        };
        let events = match game.apply(action) {
            Ok(ev) => ev,
            Err(e) => {
                return Err(format!("action {n} refused: {e}").into());
            }
        };
        for e in &events {
            if let Some(line) = describe(game.state().state(), e) {
                writeln!(stdout, "{line}")?;
            }
        }
        n += 1;
        let turns = game.state().state().turn.activations;
        if turns / 50 > turns_drawn {
            turns_drawn = turns / 50;
            if let Err(e) = write_svg(&format!("turn-{turns:03}"), game.state().state()) {
                return Err(format!("cannot write: {e}").into());
            }
        }
    }
    let g = game.state().state();
    match game.state().pending() {
        Pending::Over(o) => {
            writeln!(stdout, "{n} actions, {} Player Turns; {}", g.turn.activations, o.reason)?
        }
        _ => writeln!(stdout, "{n} actions, {} Player Turns; not over", g.turn.activations)?,
    }
    if let Err(e) = write_svg("end", g) {
        return Err(format!("cannot write: {e}").into());
    }
    if let Some(path) = value("--log") {
        let text = ron::to_string(game.log()).unwrap_or_default();
        if let Err(e) = std::fs::write(&path, text) {
            return Err(format!("cannot write {path}: {e}").into());
        }
    }
    Ok(())
}
