//! Whole bot games of Dictator's two battles (issue 15, section 4): the Rhine
//! and Chaeronea, two `Advance` bots, one seed each; beside them the same
//! battles with the uniform random policy. Every bench asserts its result
//! (the game ends, and the bot games end on their golden fingerprints).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::{Limits, UniformRandom, play};
use gboh_dictator::Dictator;
use gboh_standard::Battle;
use gboh_standard::bots::Advance;

/// A battle: its scenario, its game, the bot game's seed and golden fingerprint.
type BattleCase = (&'static str, fn() -> Dictator, u64, u64);

const BATTLES: [BattleCase; 2] = [
    ("The Rhine", Dictator::rhine, 58, 0x20bb_637f_c2d6_bad7),
    ("Chaeronea", Dictator::chaeronea, 86, 0x5d46_6ffe_291f_d30a),
];

fn bot_game(start: &Battle<Dictator>, seed: u64) -> u64 {
    let mut g = Game::new(start.clone(), Dice::seeded(seed));
    let r = play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 100_000 }).unwrap();
    assert!(r.finished);
    fingerprint(g.state()).unwrap()
}

fn random_game(start: &Battle<Dictator>, seed: u64) -> usize {
    let mut g = Game::new(start.clone(), Dice::seeded(seed));
    let r = play(
        &mut g,
        &mut UniformRandom::seeded(seed),
        &mut UniformRandom::seeded(seed + 1),
        Limits { max_actions: 200_000 },
    )
    .unwrap();
    assert!(r.finished);
    r.actions
}

fn battles(c: &mut Criterion) {
    let mut group = c.benchmark_group("dictator_battle");
    group.sample_size(10).measurement_time(Duration::from_secs(5));
    for (name, make, seed, golden) in BATTLES {
        let (start, _) = Battle::new(make(), name).unwrap();
        group.bench_with_input(BenchmarkId::new("advance_bots", name), &start, |b, start| {
            b.iter(|| assert_eq!(bot_game(black_box(start), seed), golden));
        });
        group.bench_with_input(BenchmarkId::new("uniform_random", name), &start, |b, start| {
            b.iter(|| assert!(random_game(black_box(start), seed) > 0));
        });
    }
    group.finish();
}

criterion_group!(benches, battles);
criterion_main!(benches);
