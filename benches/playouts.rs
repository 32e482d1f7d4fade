//! Whole Final Assault playouts (issue 6): with the reference bots (the
//! examples' match-up, `Playthrough`: `RomanDefender` against
//! `GallicAggression`), and with the uniform
//! random policy capped at 20 activations; then a batch of eight bot games on
//! one thread against the same batch on two threads with rayon (the scaling
//! ratio is the ratio of the two). Every bench asserts its result.
//!
//! Side by side with the bot game: the same bots given the full list of
//! legal actions at every decision (`Policy::choose` only, what a driver
//! without `Policy::choose_directly` does), which must play the identical
//! game (the same final fingerprint).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use gboh::alesia::bots::{GallicAggression, RomanDefender};
use gboh::alesia::playthrough::Playthrough;
use gboh::alesia::protocol::{Alesia, Pending};
use gboh::alesia::scenario::ScenarioId;
use gboh::core::Side;
use gboh::core::dice::Dice;
use gboh::core::game::{Game, fingerprint};
use gboh::core::policy::{Policy, UniformRandom};
use rayon::prelude::*;

fn start() -> Alesia {
    Playthrough::initial(ScenarioId::FinalAssault).unwrap()
}

/// One game of the reference match-up (the examples' and the golden
/// tests': [`Playthrough`]) to its end: the number of actions.
fn bot_game(start: &Alesia, seed: u64) -> usize {
    let mut play = Playthrough::resume(Game::new(start.clone(), Dice::seeded(seed)), seed);
    assert!(play.run(50_000).unwrap(), "seed {seed}: the game ends");
    assert!(matches!(play.game.pending(), Pending::Over(_)));
    play.game.log().len()
}

/// The same game with the bots given the full list at every decision.
fn full_list_game(start: &Alesia, seed: u64) -> Game<Alesia> {
    let mut game = Game::new(start.clone(), Dice::seeded(seed));
    let mut romans = RomanDefender::seeded(seed);
    let mut gauls = GallicAggression::seeded(seed.wrapping_add(1));
    let mut legal = Vec::new();
    let mut events = Vec::new();
    // Stated cap: a game past it is reported unfinished, never run on.
    while game.log().len() < 50_000 {
        legal.clear();
        game.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let pick = match game.decider() {
            Some(Side::Adversary) => gauls.choose(&game, &legal),
            _ => romans.choose(&game, &legal),
        };
        events.clear();
        game.apply_into(legal[pick].clone(), &mut events).unwrap();
    }
    assert!(legal.is_empty(), "seed {seed}: unfinished after 50,000 actions");
    game
}

/// Random legal play until `activations` activations have begun (or the
/// game ends): the number of actions.
fn random_game(start: &Alesia, seed: u64, activations: u32) -> usize {
    let mut game = Game::new(start.clone(), Dice::seeded(seed));
    let mut policies = [UniformRandom::seeded(seed), UniformRandom::seeded(seed ^ 0x5eed)];
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while game.state().turn.play.activations < activations && game.log().len() < 50_000 {
        legal.clear();
        game.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        let who = usize::from(game.decider() == Some(Side::Adversary));
        let pick = Policy::<Alesia>::choose(&mut policies[who], &game, &legal);
        events.clear();
        game.apply_into(legal[pick].clone(), &mut events).unwrap();
    }
    game.log().len()
}

fn bench(c: &mut Criterion) {
    let start = start();
    let mut group = c.benchmark_group("playouts");
    group.sample_size(10).measurement_time(Duration::from_secs(20));

    let one = bot_game(&start, 1);
    group.bench_function("final_assault_bots_one_game", |b| {
        b.iter(|| assert_eq!(bot_game(black_box(&start), 1), one))
    });
    let mut direct = Playthrough::resume(Game::new(start.clone(), Dice::seeded(1)), 1);
    assert!(direct.run(50_000).unwrap());
    assert_eq!(
        fingerprint(&full_list_game(&start, 1)),
        fingerprint(&direct.game),
        "the same game either way"
    );
    group.bench_function("final_assault_bots_one_game_full_list", |b| {
        b.iter(|| assert_eq!(full_list_game(black_box(&start), 1).log().len(), one))
    });
    let random = random_game(&start, 1, 20);
    assert!(random > 20);
    group.bench_function("final_assault_random_20_activations", |b| {
        b.iter(|| assert_eq!(random_game(black_box(&start), 1, 20), random))
    });

    let seeds: Vec<u64> = (1..=8).collect();
    let expected: Vec<usize> = seeds.iter().map(|&s| bot_game(&start, s)).collect();
    group.throughput(Throughput::Elements(seeds.len() as u64));
    group.bench_function(BenchmarkId::new("final_assault_bots_batch_of_8", "1_thread"), |b| {
        b.iter(|| {
            let got: Vec<usize> = seeds.iter().map(|&s| bot_game(&start, s)).collect();
            assert_eq!(got, expected);
        })
    });
    let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
    group.bench_function(
        BenchmarkId::new("final_assault_bots_batch_of_8", "2_threads_rayon"),
        |b| {
            b.iter(|| {
                let got: Vec<usize> =
                    pool.install(|| seeds.par_iter().map(|&s| bot_game(&start, s)).collect());
                assert_eq!(got, expected);
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
