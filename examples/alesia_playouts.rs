//! Plays many games of a scenario with the reference bots (the same match-up
//! as `alesia_final_assault` and the golden tests: [`Playthrough`]) and
//! reports how fast, on one thread or several.
//!
//! ```text
//! cargo run --release --example alesia_playouts -- --games 20 --threads 2
//! ```
//!
//! Flags: `--scenario final-assault|historical` (default final-assault),
//! `--games N` (default 10), `--first-seed S` (default 1), `--threads T`
//! (default 1; more splits the seeds across threads), `--max-actions N`
//! (default 50000, a safety cap: a game that passes it is reported
//! unfinished), `--romans defender|random` and `--gauls aggression|random`
//! (default: the reference bots).
//!
//! It prints the speed, each side's wins with a 95% Wilson interval, the
//! games left unfinished, and the mean number of legions broken (11.0).
//! `--causes` adds, for the reference bots, the cohesion hits each side took
//! a game, by the rule that dealt them.

use gboh::core::program as out;

use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use gboh::alesia::combat::CombatEvent;
use gboh::alesia::combat::SimpleEvent;
use gboh::alesia::movement::MoveEvent;
use gboh::alesia::playthrough::Playthrough;
use gboh::alesia::protocol::{Alesia, AlesiaEvent, Pending};
use gboh::alesia::scenario::ScenarioId;
use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::Game;
use gboh::core::policy::{self, Limits, Policy, UniformRandom};

/// Which bot plays a side.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Bot {
    Reference,
    Random,
}

struct Options {
    causes: bool,
    romans: Bot,
    gauls: Bot,
    scenario: ScenarioId,
    games: u64,
    first_seed: u64,
    threads: usize,
    max_actions: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        causes: false,
        romans: Bot::Reference,
        gauls: Bot::Reference,
        scenario: ScenarioId::FinalAssault,
        games: 10,
        first_seed: 1,
        threads: 1,
        max_actions: 50_000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--causes" {
            o.causes = true;
            continue;
        }
        let value = args.next().ok_or(format!("{a} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{a}: {e}"));
        match a.as_str() {
            "--scenario" => o.scenario = value.parse().map_err(|e| format!("{a}: {e}"))?,
            "--games" => o.games = number()?,
            "--first-seed" => o.first_seed = number()?,
            "--threads" => o.threads = usize::try_from(number()?.max(1)).unwrap_or(1),
            "--max-actions" => o.max_actions = usize::try_from(number()?).unwrap_or(usize::MAX),
            "--romans" | "--gauls" => {
                let bot = match value.as_str() {
                    "defender" | "aggression" => Bot::Reference,
                    "random" => Bot::Random,
                    other => return Err(format!("{a}: unknown bot {other}")),
                };
                if a == "--romans" { o.romans = bot } else { o.gauls = bot }
            }
            other => {
                return Err(format!(
                    "unknown argument {other}\nusage: alesia_playouts [--scenario ID] [--games N] [--first-seed S] [--threads T] [--max-actions N] [--romans defender|random] [--gauls aggression|random] [--causes]"
                ));
            }
        }
    }
    Ok(o)
}

/// One game's result.
struct Played {
    actions: usize,
    winner: Option<Side>,
    broken: usize,
    /// Hits taken, by side and rule.
    hits: BTreeMap<(Side, &'static str), u64>,
}

/// One game, stopped unfinished past `max_actions`.
fn one(start: &Alesia, seed: u64, o: &Options) -> Result<Played, String> {
    let game = Game::new(start.clone(), Dice::seeded(seed));
    let mut play = Playthrough::resume(game, seed);
    let mut hits = BTreeMap::new();
    if o.romans == Bot::Reference && o.gauls == Bot::Reference {
        let mut events = Vec::new();
        while play.game.log().len() < o.max_actions {
            events.clear();
            if !play.step(&mut events).map_err(|e| format!("seed {seed}: {e}"))? {
                break;
            }
            for e in &events {
                let (unit, n) = match &e.what {
                    AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Hits {
                        unit,
                        hits,
                        ..
                    }))
                    | AlesiaEvent::Move(MoveEvent::Hits { unit, hits, .. }) => (*unit, *hits),
                    _ => continue,
                };
                if let Some(info) = play.game.state().setup().unit(unit) {
                    *hits.entry((info.side, e.rule)).or_insert(0) += u64::from(n);
                }
            }
        }
    } else {
        let mut random_romans = UniformRandom::seeded(seed);
        let mut random_gauls = UniformRandom::seeded(seed.wrapping_add(1));
        let romans: &mut dyn Policy<Alesia> =
            if o.romans == Bot::Random { &mut random_romans } else { &mut play.romans };
        let gauls: &mut dyn Policy<Alesia> =
            if o.gauls == Bot::Random { &mut random_gauls } else { &mut play.gauls };
        policy::play(&mut play.game, romans, gauls, Limits { max_actions: o.max_actions })
            .map_err(|e| format!("seed {seed}: {e}"))?;
    }
    let winner = match play.game.pending() {
        Pending::Over(o) => o.winner,
        _ => None,
    };
    let broken = play.game.state().broken_legions().len();
    Ok(Played { actions: play.game.log().len(), winner, broken, hits })
}

/// The 95% Wilson score interval of `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.959_964);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let o = options()?;
    let start = Playthrough::initial(o.scenario).map_err(|e| e.to_string())?;
    let seeds: Vec<u64> = (o.first_seed..o.first_seed.saturating_add(o.games)).collect();
    let per_thread = seeds.len().div_ceil(o.threads).max(1);
    let clock = Instant::now();
    let results: Vec<Result<Played, String>> = std::thread::scope(|s| {
        let handles: Vec<_> = seeds
            .chunks(per_thread)
            .map(|chunk| {
                let (start, o) = (&start, &o);
                s.spawn(move || chunk.iter().map(|&seed| one(start, seed, o)).collect::<Vec<_>>())
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec![Err("a thread panicked".into())]))
            .collect()
    });
    let secs = clock.elapsed().as_secs_f64();
    let (mut actions, mut roman, mut gallic, mut unfinished, mut broken) = (0usize, 0, 0, 0, 0);
    let mut hits: BTreeMap<(Side, &'static str), u64> = BTreeMap::new();
    for r in results {
        let p = r?;
        for (k, n) in p.hits {
            *hits.entry(k).or_insert(0) += n;
        }
        actions += p.actions;
        broken += p.broken;
        match p.winner {
            Some(Side::Roman) => roman += 1,
            Some(Side::Adversary) => gallic += 1,
            None => unfinished += 1,
        }
    }
    let n = seeds.len() as u64;
    let games = seeds.len() as f64;
    writeln!(
        stdout,
        "{} {} games on {} thread(s) in {secs:.3} s: {:.2} games/s, {:.0} actions/s, {:.0} actions/game",
        seeds.len(),
        o.scenario,
        o.threads,
        games / secs,
        actions as f64 / secs,
        actions as f64 / games,
    )?;
    let (rl, rh) = wilson(roman, n);
    let (gl, gh) = wilson(gallic, n);
    writeln!(
        stdout,
        "Roman wins {roman} ({:.1}%, 95% CI {:.1}-{:.1}%), Gallic wins {gallic} ({:.1}%, 95% CI {:.1}-{:.1}%), unfinished {unfinished}; legions broken (11.0) {:.2} a game",
        100.0 * roman as f64 / games,
        100.0 * rl,
        100.0 * rh,
        100.0 * gallic as f64 / games,
        100.0 * gl,
        100.0 * gh,
        broken as f64 / games,
    )?;
    if o.causes {
        for side in [Side::Roman, Side::Adversary] {
            let line: Vec<String> = hits
                .iter()
                .filter(|((s, _), _)| *s == side)
                .map(|((_, rule), n)| format!("[{rule}] {:.1}", *n as f64 / games))
                .collect();
            writeln!(
                stdout,
                "hits taken a game by the {side:?} side, by rule: {}",
                line.join(", ")
            )?;
        }
    }
    Ok(())
}
