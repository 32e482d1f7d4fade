//! Gergovia's Simplified GBoH Version resolved by two aggressive bots,
//! narrated in words with map labels and Gergovia's section numbers (or the
//! special rule, or "family" for a Simple GBoH mechanism Gergovia does not
//! restate), with the victory point tally after every turn.
//!
//! ```text
//! cargo run --release --example gergovia_simplified -- --seed 7
//! cargo run --release --example gergovia_simplified -- --seed 7 --replay --svg out/
//! ```
//!
//! Flags: `--seed N` (default 1); `--alternative` plays the alternative
//! deployment (XI and Caninius out, Vercingetorix not before turn 3); `--max-actions N` (default 30000, a
//! safety cap); `--replay` replays the game from its seed and action log
//! and checks it ends in the same state; `--svg DIR` writes the map at the
//! start and at the end of every turn (the Roman player's view); `--hidden`
//! plays with Gallic Starting Deployment [b]'s hidden placement (the
//! pictures leave out the units not yet revealed; the reveals are
//! narrated); `--quiet` prints the turn tallies and the result only.

use gboh::core::program as out;

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::{Game, Rules};
use gboh::core::policy::Policy;
use gboh::gergovia::scenario::ScenarioId;
use gboh::gergovia::simplified::bot::Aggressive;
use gboh::gergovia::simplified::narrate::describe;
use gboh::gergovia::simplified::{GergoviaSimplified, Happened};
use gboh::gergovia::{counters, map, picture};
use gboh::simple::protocol::Pending;
use gboh::simple::{Battle, TurnEvent};

struct Args {
    seed: u64,
    max_actions: usize,
    replay: bool,
    svg: Option<PathBuf>,
    quiet: bool,
    alternative: bool,
    hidden: bool,
}

fn args() -> Result<Args, String> {
    let mut a = Args {
        seed: 1,
        max_actions: 30_000,
        replay: false,
        svg: None,
        quiet: false,
        alternative: false,
        hidden: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--seed" => a.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--max-actions" => {
                a.max_actions = value()?.parse().map_err(|e| format!("--max-actions: {e}"))?
            }
            "--svg" => a.svg = Some(PathBuf::from(value()?)),
            "--replay" => a.replay = true,
            "--quiet" => a.quiet = true,
            "--alternative" => a.alternative = true,
            "--hidden" => a.hidden = true,
            other => return Err(format!("unknown flag {other}")),
        }
    }
    Ok(a)
}

fn snapshot(
    stdout: &mut dyn Write,
    dir: &Option<PathBuf>,
    g: &GergoviaSimplified,
    name: &str,
    title: &str,
) -> Result<(), Box<dyn std::error::Error>> {
    let Some(dir) = dir else { return Ok(()) };
    std::fs::create_dir_all(dir)?;
    // The Roman player's view: units placed hidden and not yet revealed
    // are left out (none unless --hidden).
    let shown = g.deployment_for(Side::Roman);
    let svg = picture::render(map::board()?, counters::counters()?, Some(&shown), title);
    let path = dir.join(format!("{name}.svg"));
    std::fs::write(&path, svg)?;
    writeln!(stdout, "  (map: {})", path.display())?;
    Ok(())
}

fn tally_line(g: &GergoviaSimplified) -> Result<String, Box<dyn std::error::Error>> {
    let t = g.tally().map_err(|e| e.to_string())?;
    Ok(format!(
        "VP: Rome {} of {}, Gaul {} of {}",
        t.rome.total, t.rome.threshold, t.gaul.total, t.gaul.threshold
    ))
}

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let a = args()?;
    let id = if a.alternative { ScenarioId::Alternative } else { ScenarioId::Standard };
    let mut start = GergoviaSimplified::new(id)?;
    if a.hidden {
        start = start.with_hidden_placement(id)?;
    }
    let which = if a.alternative { "alternative" } else { "standard" };
    writeln!(
        stdout,
        "Gergovia (52 BC), Simplified GBoH Version, {which} deployment, seed {}",
        a.seed
    )?;
    writeln!(
        stdout,
        "Rome needs 35 VP, Gaul 25 (Victory (Simplified)); Rome begins (Special Rules)."
    )?;
    snapshot(stdout, &a.svg, &start, "turn-00", "Gergovia, simplified: the standard deployment")?;
    let mut game = Game::new(Battle::new(start.clone()), Dice::seeded(a.seed));
    let (mut rome, mut gaul) = (Aggressive, Aggressive);
    let mut legal = Vec::new();
    let mut actions = 0;
    while actions < a.max_actions {
        if let Pending::Over(o) = game.state().pending() {
            writeln!(stdout, "\nThe battle is over: {}", o.reason)?;
            break;
        }
        legal.clear();
        game.state().legal_actions(&mut legal);
        if legal.is_empty() {
            return Err("no legal action and not over".into());
        }
        let policy: &mut dyn Policy<Battle<GergoviaSimplified>> =
            if game.decider() == Some(Side::Adversary) { &mut gaul } else { &mut rome };
        let pick = policy.choose(&game, &legal).min(legal.len() - 1);
        let events = game.apply(legal[pick].clone())?;
        actions += 1;
        let state = game.state().state();
        for e in &events {
            if !a.quiet
                && let Some(line) = describe(state, e)
            {
                writeln!(stdout, "{line}")?;
            }
            if let Happened::Turn(TurnEvent::PeriodEnded { period }) = e.what {
                writeln!(stdout, "-- end of turn {period}: {}", tally_line(state)?)?;
                snapshot(
                    stdout,
                    &a.svg,
                    state,
                    &format!("turn-{period:02}"),
                    &format!("Gergovia, simplified: after turn {period}"),
                )?;
            }
        }
    }
    let state = game.state().state();
    writeln!(stdout, "{} actions; final {}", actions, tally_line(state)?)?;
    if a.replay {
        let again = Game::replay(Battle::new(start), a.seed, game.log().to_vec())?;
        if again.state() != game.state() {
            return Err("the replay differs from the game".into());
        }
        writeln!(stdout, "replayed {} actions from seed {}: identical", game.log().len(), a.seed)?;
    }
    Ok(())
}
