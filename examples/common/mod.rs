//! The narrated runner shared by the scenario examples (`alesia_final_assault`,
//! `alesia_historical`): the reference bots
//! ([`gboh::alesia::playthrough::Playthrough`]) play a scenario from a seed;
//! every activation, roll (with its modifiers and rule) and result is printed
//! with a running tally; SVG snapshots of the map are written at the start, at
//! the first assault, every 50 activations and at the end, with the action log
//! for `--replay`: `actions.log`, a header of `# key: value` lines (game,
//! scenario, seed, sides, result, final fingerprint) and one action a line with
//! hexes as map labels (`gboh_alesia::narrate::log`), the form `gboh play
//! --log` writes, so `gboh replay out/final-assault/actions.log` reads it too.
//! `--replay` also reads the RON logs (`actions.ron`) of earlier versions.
//!
//! Flags: `--seed N` (default 1), `--out DIR`, `--quiet` (only the tally and
//! the outcome), `--max-actions N` (a safety cap, default 50000),
//! `--replay FILE`.
//!
//! Output goes through [`out::run`], so that `| head` ends a run quietly.

pub use gboh::core::program as out;

use gboh_alesia::game::AlesiaField;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::str::FromStr;

use gboh::alesia::narrate;
use gboh::alesia::picture;
use gboh::alesia::playthrough::Playthrough;
use gboh::alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh::alesia::scenario::ScenarioId;
use gboh::core::Side;
use gboh::core::game::{Game, fingerprint};
use gboh::core::unit::Status;
use serde::Deserialize;

/// The RON action log of earlier versions, which `--replay` still reads: the
/// scenario, the seed and every action, in order.
#[derive(Deserialize)]
struct ActionLog {
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
    final_fingerprint: u64,
}

/// One example: which scenario, and where its output goes by default.
pub struct Example {
    /// The example's name, for its usage line.
    pub name: &'static str,
    /// The scenario it plays.
    pub scenario: ScenarioId,
    /// The default `--out` directory.
    pub out: &'static str,
}

struct Options {
    seed: u64,
    out: PathBuf,
    quiet: bool,
    max_actions: usize,
    replay: Option<PathBuf>,
}

fn parse(ex: &Example) -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        out: PathBuf::from(ex.out),
        quiet: false,
        max_actions: 50_000,
        replay: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--seed" => o.seed = value("--seed")?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--out" => o.out = PathBuf::from(value("--out")?),
            "--quiet" => o.quiet = true,
            "--max-actions" => {
                o.max_actions =
                    value("--max-actions")?.parse().map_err(|e| format!("--max-actions: {e}"))?;
            }
            "--replay" => o.replay = Some(PathBuf::from(value("--replay")?)),
            other => {
                return Err(format!(
                    "unknown argument {other}\nusage: {} [--seed N] [--out DIR] [--quiet] [--max-actions N] [--replay FILE]",
                    ex.name
                ));
            }
        }
    }
    Ok(o)
}

fn tally(game: &Alesia) -> String {
    let setup = game.setup();
    let (withdrawn, committed) = game.withdrawn_and_committed();
    let tribes_out = game.field.counters().iter().filter(|c| c.withdrawn).count();
    let lost = |side: Side| {
        setup
            .units
            .iter()
            .zip(game.field.units())
            .filter(|(i, u)| {
                i.side == side && matches!(u.cohesion.status, Status::Eliminated | Status::Routed)
            })
            .count()
    };
    format!(
        "tally: period {}, activation {}; tribes withdrawn {tribes_out} ({withdrawn}/{committed} Size points committed); legions broken {}; Roman units lost {}, Gallic units lost {}",
        game.turn.play.period,
        game.turn.play.activations,
        game.broken_legions().len(),
        lost(Side::Roman),
        lost(Side::Adversary),
    )
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// The first line of a labelled log (as `gboh play --log` writes it).
const FIRST_LINE: &str = "# gboh log";

/// A side's name in a log's header (`gboh`'s names).
fn side_name(side: Side) -> &'static str {
    match side {
        Side::Roman => "romans",
        Side::Adversary => "gauls",
    }
}

/// The value of a labelled log's `# key: value` header line, with its line.
fn header_value<'a>(text: &'a str, key: &str) -> Option<(usize, &'a str)> {
    text.lines().enumerate().find_map(|(i, l)| {
        let (k, v) = l.trim().strip_prefix('#')?.split_once(':')?;
        (k.trim() == key).then_some((i + 1, v.trim()))
    })
}

/// The scenario, seed, actions and final fingerprint of a log of either form.
fn read_log(path: &Path, text: &str) -> Result<(ScenarioId, u64, Vec<Action>, u64), String> {
    let file = path.display();
    let labelled =
        text.lines().map(str::trim).find(|l| !l.is_empty()).is_some_and(|l| l.starts_with('#'));
    if !labelled {
        let log: ActionLog = ron::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let scenario = ScenarioId::from_str(&log.scenario).map_err(|e| format!("{file}: {e}"))?;
        return Ok((scenario, log.seed, log.actions, log.final_fingerprint));
    }
    let value = |key: &str| {
        header_value(text, key)
            .ok_or_else(|| format!("{file}: the log's header has no `# {key}: ...` line"))
    };
    let (line, name) = value("scenario")?;
    let scenario = ScenarioId::from_str(name).map_err(|e| format!("{file}:{line}: {e}"))?;
    let (line, seed) = value("seed")?;
    let seed = seed.parse().map_err(|e| format!("{file}:{line}: seed {seed:?}: {e}"))?;
    let (line, print) = value("final fingerprint")?;
    let print = u64::from_str_radix(print, 16)
        .map_err(|e| format!("{file}:{line}: final fingerprint {print:?}: {e}"))?;
    let initial = Playthrough::initial(scenario).map_err(|e| e.to_string())?;
    let actions = narrate::log::read(&initial, text).map_err(|e| match e {
        narrate::log::LogError::Read { line, why } => format!("{file}:{line}: {why}"),
        other => format!("{file}: {other}"),
    })?;
    Ok((scenario, seed, actions, print))
}

/// The outcome in words.
fn outcome(game: &Game<Alesia>) -> String {
    match game.pending() {
        Pending::Over(o) => match o.winner {
            Some(w) => format!("outcome: {} win. {}", narrate::side(w), o.reason),
            None => format!("outcome: a draw. {}", o.reason),
        },
        _ => format!(
            "stopped after {} actions (the --max-actions cap) without a result",
            game.log().len()
        ),
    }
}

fn replay(path: &Path, out: &mut dyn Write) -> out::Outcome {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let (scenario, seed, actions, logged) = read_log(path, &text)?;
    let initial = Playthrough::initial(scenario).map_err(|e| e.to_string())?;
    let game =
        Game::replay(initial, seed, actions).map_err(|e| format!("{}: {}", path.display(), e))?;
    let print = fingerprint(&game).map_err(|e| e.to_string())?;
    writeln!(out, "replayed {} actions of {scenario} from seed {seed}", game.log().len())?;
    writeln!(out, "{}", tally(game.state()))?;
    writeln!(out, "{}", outcome(&game))?;
    if print == logged {
        writeln!(out, "final state fingerprint {print:016x} matches the log")?;
        Ok(())
    } else {
        Err(format!("fingerprint {print:016x} differs from the log's {logged:016x}").into())
    }
}

fn run(ex: &Example, o: &Options, out: &mut dyn Write) -> out::Outcome {
    let scenario = ex.scenario.scenario().map_err(|e| e.to_string())?;
    let rule = scenario.rule.as_str();
    let mut play = Playthrough::new(ex.scenario, o.seed).map_err(|e| e.to_string())?;
    let snapshot =
        |out: &mut dyn Write, game: &Game<Alesia>, name: &str, title: &str| -> out::Outcome {
            let path = o.out.join(format!("{name}.svg"));
            write(&path, &picture::svg(game.state(), title))?;
            writeln!(out, "  (map: {})", path.display())?;
            Ok(())
        };
    writeln!(out, "The Siege of Alesia, {rule} {} (seed {})", scenario.name, o.seed)?;
    snapshot(
        out,
        &play.game,
        "00-deployment",
        &format!("{rule} {}: the Roman deployment", scenario.name),
    )?;
    let mut events = Vec::new();
    let mut first_assault = false;
    let mut last_snapshot = 0;
    while play.game.log().len() < o.max_actions {
        events.clear();
        if !play.step(&mut events).map_err(|e| format!("a bot's action was rejected: {e}"))? {
            break;
        }
        for e in &events {
            let ended = matches!(e.what, AlesiaEvent::ActivationEnded { .. });
            if !o.quiet
                || matches!(e.what, AlesiaEvent::GameOver(_) | AlesiaEvent::GaulsRetire { .. })
            {
                writeln!(out, "{}", narrate::line(play.game.state(), e))?;
            }
            if ended && !o.quiet {
                writeln!(out, "  {}", tally(play.game.state()))?;
            }
        }
        let shocked = events.iter().any(|e| e.rule.starts_with("9.2"));
        if shocked && !first_assault {
            first_assault = true;
            snapshot(out, &play.game, "01-first-assault", &format!("{rule}: the first shock"))?;
        }
        let activations = play.game.state().turn.play.activations;
        if activations >= last_snapshot + 50 {
            last_snapshot = activations;
            snapshot(
                out,
                &play.game,
                &format!("02-activation-{activations:04}"),
                &format!("{rule}: after {activations} activations"),
            )?;
        }
    }
    let game = &play.game;
    snapshot(out, game, "99-end", &format!("{rule} {}: the end", scenario.name))?;
    writeln!(out, "{}", tally(game.state()))?;
    writeln!(out, "{}", outcome(game))?;
    let result = match game.pending() {
        Pending::Over(o) => o.winner.map_or("draw", side_name),
        _ => "unfinished",
    };
    let initial = Playthrough::initial(ex.scenario).map_err(|e| e.to_string())?;
    let actions = narrate::log::write(&initial, game.log()).map_err(|e| e.to_string())?;
    let header = format!(
        "{FIRST_LINE}\n# game: alesia\n# scenario: {}\n# seed: {}\n# sides: romans=defender, gauls=aggression\n# result: {result}\n# final fingerprint: {:016x}\n",
        ex.scenario.as_str(),
        o.seed,
        fingerprint(game).map_err(|e| e.to_string())?,
    );
    let path = o.out.join("actions.log");
    write(&path, &(header + &actions))?;
    writeln!(
        out,
        "action log: {} ({} actions); replay with --replay {}",
        path.display(),
        game.log().len(),
        path.display()
    )?;
    Ok(())
}

/// Parses the command line and plays (or replays) the example's scenario.
pub fn main(ex: &Example) -> ExitCode {
    out::run(|out| {
        let o = parse(ex)?;
        match &o.replay {
            Some(path) => replay(path, out),
            None => run(ex, &o, out),
        }
    })
}
