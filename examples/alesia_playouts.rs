//! Plays many Final Assault games with the reference bots and reports how fast.
//!
//! ```text
//! cargo run --release --example alesia_playouts -- --games 20 --threads 2
//! ```
//!
//! Flags: `--games N` (default 10), `--first-seed S` (default 1), `--threads T`
//! (default 1: one core; more splits the seeds across threads),
//! `--max-actions N` (default 50000, a safety cap).

use std::time::Instant;

use gboh::alesia::bots::{GallicAggression, RomanDefender};
use gboh::alesia::game::Setup;
use gboh::alesia::protocol::{Alesia, Pending};
use gboh::alesia::scenario::Scenario;
use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::Game;
use gboh::core::policy::{Limits, play};

struct Options {
    games: u64,
    first_seed: u64,
    threads: usize,
    max_actions: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options { games: 10, first_seed: 1, threads: 1, max_actions: 50_000 };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |name: &str| -> Result<String, String> {
            args.next().ok_or(format!("{name} needs a value"))
        };
        let parse = |name: &str, v: String| v.parse::<u64>().map_err(|e| format!("{name}: {e}"));
        match a.as_str() {
            "--games" => o.games = parse("--games", value("--games")?)?,
            "--first-seed" => o.first_seed = parse("--first-seed", value("--first-seed")?)?,
            "--threads" => o.threads = parse("--threads", value("--threads")?)?.max(1) as usize,
            "--max-actions" => {
                o.max_actions = parse("--max-actions", value("--max-actions")?)? as usize;
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(o)
}

/// One game: (actions, Roman win?).
fn one(start: &Alesia, seed: u64, max_actions: usize) -> Result<(usize, Option<Side>), String> {
    let mut game = Game::new(start.clone(), Dice::seeded(seed));
    let mut romans = RomanDefender::seeded(seed);
    let mut gauls = GallicAggression::seeded(seed.wrapping_add(1));
    let r = play(&mut game, &mut romans, &mut gauls, Limits { max_actions })?;
    let winner = match game.pending() {
        Pending::Over(o) => Some(o.winner),
        _ => None,
    };
    Ok((r.actions, winner))
}

fn main() -> Result<(), String> {
    let o = options()?;
    let setup = Setup::shared().map_err(|e| e.to_string())?;
    let start = Scenario::final_assault()
        .map_err(|e| e.to_string())?
        .initial_game(setup)
        .map_err(|e| e.to_string())?;
    let seeds: Vec<u64> = (o.first_seed..o.first_seed + o.games).collect();
    let clock = Instant::now();
    let results: Vec<Result<(usize, Option<Side>), String>> = std::thread::scope(|s| {
        let chunks: Vec<&[u64]> = seeds.chunks(seeds.len().div_ceil(o.threads).max(1)).collect();
        let handles: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                let start = &start;
                s.spawn(move || {
                    chunk.iter().map(|&seed| one(start, seed, o.max_actions)).collect::<Vec<_>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap_or_default()).collect()
    });
    let secs = clock.elapsed().as_secs_f64();
    let mut actions = 0;
    let mut roman = 0;
    let mut gallic = 0;
    for r in results {
        let (a, w) = r?;
        actions += a;
        match w {
            Some(Side::Roman) => roman += 1,
            Some(Side::Adversary) => gallic += 1,
            None => {}
        }
    }
    println!(
        "{} games on {} thread(s) in {secs:.3} s: {:.2} games/s, {:.0} actions/s, {:.0} actions/game; Roman wins {roman}, Gallic wins {gallic}",
        o.games,
        o.threads,
        o.games as f64 / secs,
        actions as f64 / secs,
        actions as f64 / o.games as f64,
    );
    Ok(())
}
