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
//! (default 50000, a safety cap).

use std::time::Instant;

use gboh::alesia::playthrough::Playthrough;
use gboh::alesia::protocol::{Alesia, Pending};
use gboh::alesia::scenario::ScenarioId;
use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::Game;

struct Options {
    scenario: ScenarioId,
    games: u64,
    first_seed: u64,
    threads: usize,
    max_actions: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        scenario: ScenarioId::FinalAssault,
        games: 10,
        first_seed: 1,
        threads: 1,
        max_actions: 50_000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let value = args.next().ok_or(format!("{a} needs a value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{a}: {e}"));
        match a.as_str() {
            "--scenario" => o.scenario = value.parse().map_err(|e| format!("{a}: {e}"))?,
            "--games" => o.games = number()?,
            "--first-seed" => o.first_seed = number()?,
            "--threads" => o.threads = usize::try_from(number()?.max(1)).unwrap_or(1),
            "--max-actions" => o.max_actions = usize::try_from(number()?).unwrap_or(usize::MAX),
            other => {
                return Err(format!(
                    "unknown argument {other}\nusage: alesia_playouts [--scenario ID] [--games N] [--first-seed S] [--threads T] [--max-actions N]"
                ));
            }
        }
    }
    Ok(o)
}

/// One game: its actions and winner.
fn one(start: &Alesia, seed: u64, max_actions: usize) -> Result<(usize, Option<Side>), String> {
    let mut play = Playthrough::resume(Game::new(start.clone(), Dice::seeded(seed)), seed);
    play.run(max_actions).map_err(|e| format!("seed {seed}: {e}"))?;
    let winner = match play.game.pending() {
        Pending::Over(o) => Some(o.winner),
        _ => None,
    };
    Ok((play.game.log().len(), winner))
}

fn main() -> Result<(), String> {
    let o = options()?;
    let start = Playthrough::initial(o.scenario).map_err(|e| e.to_string())?;
    let seeds: Vec<u64> = (o.first_seed..o.first_seed.saturating_add(o.games)).collect();
    let per_thread = seeds.len().div_ceil(o.threads).max(1);
    let clock = Instant::now();
    let results: Vec<Result<(usize, Option<Side>), String>> = std::thread::scope(|s| {
        let handles: Vec<_> = seeds
            .chunks(per_thread)
            .map(|chunk| {
                let start = &start;
                s.spawn(move || {
                    chunk.iter().map(|&seed| one(start, seed, o.max_actions)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|_| vec![Err("a thread panicked".into())]))
            .collect()
    });
    let secs = clock.elapsed().as_secs_f64();
    let (mut actions, mut roman, mut gallic, mut unfinished) = (0usize, 0, 0, 0);
    for r in results {
        let (a, winner) = r?;
        actions += a;
        match winner {
            Some(Side::Roman) => roman += 1,
            Some(Side::Adversary) => gallic += 1,
            None => unfinished += 1,
        }
    }
    let games = seeds.len() as f64;
    println!(
        "{} {} games on {} thread(s) in {secs:.3} s: {:.2} games/s, {:.0} actions/s, {:.0} actions/game; Roman wins {roman}, Gallic wins {gallic}, unfinished {unfinished}",
        seeds.len(),
        o.scenario,
        o.threads,
        games / secs,
        actions as f64 / secs,
        actions as f64 / games,
    );
    Ok(())
}
