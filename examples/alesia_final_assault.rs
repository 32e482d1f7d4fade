//! 12.1 The Final Assault, resolved by the bots, narrated step by step.
//!
//! ```text
//! cargo run --release --example alesia_final_assault -- --seed 7
//! cargo run --release --example alesia_final_assault -- --replay out/final-assault/actions.ron
//! ```
//!
//! The Gauls play 12.1's Gallic Aggression rule, the Romans a sensible
//! defence (`gboh_alesia::bots`). Every activation, roll (with its modifiers
//! and rule) and result is printed, with a running tally; SVG snapshots of the
//! map are written at the start, at the first assault, every 50 activations
//! and at the end, with the action log (seed + actions) for `--replay`.
//!
//! Flags: `--seed N` (default 1), `--out DIR` (default `out/final-assault`),
//! `--quiet` (only the tally and the outcome), `--max-actions N` (a safety cap,
//! default 50000), `--replay FILE`.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use gboh::alesia::bots::{GallicAggression, RomanDefender};
use gboh::alesia::game::Setup;
use gboh::alesia::narrate;
use gboh::alesia::picture;
use gboh::alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh::alesia::scenario::Scenario;
use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::{Game, fingerprint};
use gboh::core::policy::Policy;
use gboh::core::unit::Status;
use serde::{Deserialize, Serialize};

/// What `--replay` reads: the seed and every action, in order.
#[derive(Serialize, Deserialize)]
struct ActionLog {
    scenario: String,
    seed: u64,
    actions: Vec<Action>,
    final_fingerprint: u64,
}

struct Options {
    seed: u64,
    out: PathBuf,
    quiet: bool,
    max_actions: usize,
    replay: Option<PathBuf>,
}

fn parse() -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        out: PathBuf::from("out/final-assault"),
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
                    "unknown argument {other}\nusage: alesia_final_assault [--seed N] [--out DIR] [--quiet] [--max-actions N] [--replay FILE]"
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

fn initial() -> Result<Alesia, String> {
    let setup = Setup::shared().map_err(|e| e.to_string())?;
    let scenario = Scenario::final_assault().map_err(|e| e.to_string())?;
    scenario.initial_game(setup).map_err(|e| e.to_string())
}

fn replay(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let log: ActionLog = ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))?;
    let game = Game::replay(initial()?, log.seed, log.actions).map_err(|e| e.to_string())?;
    let print = fingerprint(&game).map_err(|e| e.to_string())?;
    println!("replayed {} actions from seed {}", game.log().len(), log.seed);
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

fn run(o: &Options) -> Result<(), String> {
    let mut game = Game::new(initial()?, Dice::seeded(o.seed));
    let mut romans = RomanDefender::seeded(o.seed);
    let mut gauls = GallicAggression::seeded(o.seed.wrapping_add(1));
    let snapshot = |game: &Game<Alesia>, name: &str, title: &str| -> Result<(), String> {
        let path = o.out.join(format!("{name}.svg"));
        write(&path, &picture::svg(game.state(), title))?;
        println!("  (map: {})", path.display());
        Ok(())
    };
    println!("The Siege of Alesia, 12.1 The Final Assault (seed {})", o.seed);
    snapshot(&game, "00-deployment", "12.1 The Final Assault: the Roman deployment")?;
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut first_assault = false;
    let mut last_snapshot = 0;
    while game.log().len() < o.max_actions {
        legal.clear();
        game.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let policy: &mut dyn Policy<Alesia> = match game.decider() {
            Some(Side::Adversary) => &mut gauls,
            _ => &mut romans,
        };
        let pick = policy.choose(&game, &legal).min(legal.len() - 1);
        let action = legal.get(pick).cloned().ok_or("no action")?;
        events.clear();
        game.apply_into(action, &mut events)
            .map_err(|e| format!("a bot's action was rejected: {e}"))?;
        for e in &events {
            let ended = matches!(e.what, AlesiaEvent::ActivationEnded { .. });
            if !o.quiet
                || matches!(e.what, AlesiaEvent::GameOver(_) | AlesiaEvent::GaulsRetire { .. })
            {
                println!("{}", narrate::line(game.state(), e));
            }
            if ended && !o.quiet {
                println!("  {}", tally(game.state()));
            }
        }
        let shocked = events.iter().any(|e| e.rule.starts_with("9.2"));
        if shocked && !first_assault {
            first_assault = true;
            snapshot(&game, "01-first-assault", "12.1: the first shock")?;
        }
        let activations = game.state().turn.activations;
        if activations >= last_snapshot + 50 {
            last_snapshot = activations;
            snapshot(
                &game,
                &format!("02-activation-{activations:04}"),
                &format!("12.1: after {activations} activations"),
            )?;
        }
    }
    snapshot(&game, "99-end", "12.1 The Final Assault: the end")?;
    println!("{}", tally(game.state()));
    match game.pending() {
        Pending::Over(o) => println!("outcome: {:?} win. {}", o.winner, o.reason),
        other => println!("stopped after {} actions without a result: {other:?}", game.log().len()),
    }
    let log = ActionLog {
        scenario: "final-assault".into(),
        seed: o.seed,
        actions: game.log().to_vec(),
        final_fingerprint: fingerprint(&game).map_err(|e| e.to_string())?,
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

fn main() -> ExitCode {
    let result = parse().and_then(|o| match &o.replay {
        Some(path) => replay(path),
        None => run(&o),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
