//! Rules queries a bot asks all the time (issue 6): line of sight and missile
//! range (8.15, the Missile Range and Results Table), and the exact odds and
//! resolution of the 9.22 combat example (four picked BI against a cohort on
//! a rampart). Every bench asserts its result.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

mod support;

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use gboh::alesia::combat::los::{self, Trajectory};
use gboh::alesia::combat::{CombatAction, CombatPreview, missile};
use gboh::alesia::game::{Uid, UnitFlags};
use gboh::alesia::protocol::{Action, Alesia, Preview};
use gboh::core::dice::Dice;
use gboh::core::facing::Facing;
use gboh::core::game::Game;
use gboh::core::table::Drm;
use support::{Pos, tribe_of};

/// The 9.21/9.22 example: the cohort X-1 on the rampart W3911, two stacks of
/// picked Arverni BI in the outer Gardens of Death W3910 and W4011, two hits
/// each from the Gardens, one more on the top unit from the javelins.
fn example() -> (Alesia, Uid) {
    let mut pos = Pos::west();
    let setup = pos.setup().clone();
    let cohort = pos.unit("X-1", "W3911", Facing::Ten);
    let gauls = [
        pos.unit("Arverni-1", "W3910", Facing::Four),
        pos.unit("Arverni-2", "W3910", Facing::Four),
        pos.unit("Arverni-3", "W4011", Facing::Four),
        pos.unit("Arverni-4", "W4011", Facing::Four),
    ];
    for (k, &u) in gauls.iter().enumerate() {
        let s = pos.field.unit_mut(u).unwrap();
        s.cohesion.hits = if k == 0 { 3 } else { 2 };
        s.flags.0 |= UnitFlags::MOVED;
    }
    let command = tribe_of(&setup, "Arverni-1", "Vercassivellaunus");
    let state = pos.activated(command, gauls.to_vec());
    (state, cohort)
}

/// The example up to the choice of the attack to resolve.
fn designated() -> Game<Alesia> {
    let (state, _) = example();
    let b = state.setup().board.clone();
    let mut game = Game::new(state, Dice::seeded(1));
    game.apply(Action::Combat(CombatAction::BeginShock)).unwrap();
    let w3910 = b.hex_of("W3910").unwrap();
    game.apply(Action::Combat(CombatAction::Designate { attacker: w3910, join: None })).unwrap();
    game
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("queries");

    // Line of sight from the cohort to every hex within 6.
    let (state, cohort) = example();
    let from = state.field.position(cohort).unwrap();
    let targets: Vec<_> =
        from.range(6).filter(|&h| h != from && state.setup().board.contains(h)).collect();
    let clear = |s: &Alesia| {
        targets
            .iter()
            .filter(|&&t| los::sight(&s.field, from, t, Trajectory::default()).is_ok())
            .count()
    };
    let visible = clear(&state);
    assert!(visible > 0 && visible < targets.len(), "the works block some lines, not all");
    group.bench_function("line_of_sight_every_hex_within_6", |b| {
        b.iter(|| assert_eq!(clear(black_box(&state)), visible))
    });

    // Missile range: which hexes the cohort's javelins reach, with sight.
    let column = missile::column_of(&state, cohort).unwrap();
    let in_range = |s: &Alesia| {
        let range = u32::from(missile::max_range(s, cohort, column));
        targets
            .iter()
            .filter(|&&t| {
                from.unsigned_distance_to(t) <= range
                    && los::sight(&s.field, from, t, Trajectory::default()).is_ok()
            })
            .count()
    };
    let reachable = in_range(&state);
    assert!(reachable > 0);
    group.bench_function("missile_range_and_sight", |b| {
        b.iter(|| assert_eq!(in_range(black_box(&state)), reachable))
    });

    // 9.22: the exact odds of the attack, then its resolution.
    let game = designated();
    let resolve = Action::Combat(CombatAction::Resolve { attack: 0 });
    let odds_total = |g: &Game<Alesia>| match g.check(&resolve) {
        Ok(Preview::Combat(CombatPreview::Shock { odds, modifiers })) => {
            assert_eq!(modifiers.total(), Drm(-1), "9.22: -3 +3 +1 -2");
            odds.total()
        }
        other => panic!("no shock preview: {other:?}"),
    };
    let total = odds_total(&game);
    assert!(total > 0);
    group.bench_function("shock_9_22_exact_odds", |b| {
        b.iter(|| assert_eq!(odds_total(black_box(&game)), total))
    });
    group.bench_function("shock_9_22_resolution", |b| {
        b.iter_batched(
            || game.clone(),
            |mut g| {
                let events = g.apply(resolve.clone()).unwrap();
                assert!(events.iter().any(|e| e.rule.starts_with("9.")));
                g
            },
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
