//! The narrated runner shared by the scenario examples (`alesia_final_assault`,
//! `alesia_historical`): the reference bots
//! ([`gboh::alesia::playthrough::Playthrough`]) play a scenario from a seed;
//! every activation, roll (with its modifiers and rule) and result is printed
//! with a running tally; SVG snapshots of the map are written at the start, at
//! the first assault, every 50 activations and at the end, with the action log
//! (scenario, seed, actions, final fingerprint) for `--replay`.
//!
//! Flags: `--seed N` (default 1), `--out DIR`, `--quiet` (only the tally and
//! the outcome), `--max-actions N` (a safety cap, default 50000),
//! `--replay FILE`.

use gboh_alesia::game::AlesiaField;
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
use serde::{Deserialize, Serialize};

/// What `--replay` reads: the scenario, the seed and every action, in order.
#[derive(Serialize, Deserialize)]
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
        game.turn.period,
        game.turn.activations,
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

fn replay(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let log: ActionLog = ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let scenario = ScenarioId::from_str(&log.scenario).map_err(|e| e.to_string())?;
    let initial = Playthrough::initial(scenario).map_err(|e| e.to_string())?;
    let game = Game::replay(initial, log.seed, log.actions).map_err(|e| e.to_string())?;
    let print = fingerprint(&game).map_err(|e| e.to_string())?;
    println!("replayed {} actions of {scenario} from seed {}", game.log().len(), log.seed);
    println!("{}", tally(game.state()));
    if let Pending::Over(o) = game.pending() {
        println!("outcome: {:?} win. {}", o.winner, o.reason);
    }
    if print == log.final_fingerprint {
        println!("final state fingerprint {print:016x} matches the log");
        Ok(())
    } else {
        Err(format!(
            "fingerprint {print:016x} differs from the log's {:016x}",
            log.final_fingerprint
        ))
    }
}

fn run(ex: &Example, o: &Options) -> Result<(), String> {
    let scenario = ex.scenario.scenario().map_err(|e| e.to_string())?;
    let rule = scenario.rule.as_str();
    let mut play = Playthrough::new(ex.scenario, o.seed).map_err(|e| e.to_string())?;
    let snapshot = |game: &Game<Alesia>, name: &str, title: &str| -> Result<(), String> {
        let path = o.out.join(format!("{name}.svg"));
        write(&path, &picture::svg(game.state(), title))?;
        println!("  (map: {})", path.display());
        Ok(())
    };
    println!("The Siege of Alesia, {rule} {} (seed {})", scenario.name, o.seed);
    snapshot(
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
                println!("{}", narrate::line(play.game.state(), e));
            }
            if ended && !o.quiet {
                println!("  {}", tally(play.game.state()));
            }
        }
        let shocked = events.iter().any(|e| e.rule.starts_with("9.2"));
        if shocked && !first_assault {
            first_assault = true;
            snapshot(&play.game, "01-first-assault", &format!("{rule}: the first shock"))?;
        }
        let activations = play.game.state().turn.activations;
        if activations >= last_snapshot + 50 {
            last_snapshot = activations;
            snapshot(
                &play.game,
                &format!("02-activation-{activations:04}"),
                &format!("{rule}: after {activations} activations"),
            )?;
        }
    }
    let game = &play.game;
    snapshot(game, "99-end", &format!("{rule} {}: the end", scenario.name))?;
    println!("{}", tally(game.state()));
    match game.pending() {
        Pending::Over(o) => println!("outcome: {:?} win. {}", o.winner, o.reason),
        other => println!("stopped after {} actions without a result: {other:?}", game.log().len()),
    }
    let log = ActionLog {
        scenario: ex.scenario.as_str().into(),
        seed: o.seed,
        actions: game.log().to_vec(),
        final_fingerprint: fingerprint(game).map_err(|e| e.to_string())?,
    };
    let path = o.out.join("actions.ron");
    write(
        &path,
        &ron::ser::to_string_pretty(&log, ron::ser::PrettyConfig::default())
            .map_err(|e| e.to_string())?,
    )?;
    println!(
        "action log: {} ({} actions); replay with --replay {}",
        path.display(),
        log.actions.len(),
        path.display()
    );
    Ok(())
}

/// Parses the command line and plays (or replays) the example's scenario.
pub fn main(ex: &Example) -> ExitCode {
    let result = parse(ex).and_then(|o| match &o.replay {
        Some(path) => replay(path),
        None => run(ex, &o),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
