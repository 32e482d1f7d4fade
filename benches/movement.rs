//! Movement generation for one unit on the Alesia West map (issue 6): our
//! generator (hex x facing x phase Dijkstra with facing, ZOC, stacking,
//! works, hexsides and hits) side by side with what a user would otherwise
//! reach for, given the same terrain cost where their semantics allow:
//!
//! - `pathfinding::dijkstra_reach` over hexes, each step costed by
//!   [`step::terrain_cost`] (the works, hexside and climb costs of 6.3-6.4,
//!   no facing, ZOC or pieces), cut at the unit's MP;
//! - hexx's `field_of_movement` (a per-hex cost only: the chart cost of
//!   entering the hex, no hexsides) and `a_star` to one target hex (the
//!   step cost as above).
//!
//! Beside them, the simple-family engine's own move search
//! (`gboh_simple::rules::movement::MoveSearch`: the family's rules, facing,
//! ZOC and stacking, over Alesia's ground through its `GroundRules`, without
//! Alesia's own walkways, gates, Fill and tethers), the search a new game on
//! the engine gets.
//!
//! Three positions: a cohort inside the works, a Gallic BI crossing the
//! outer Gardens of Death, a Gallic cavalry unit in the open. Every bench
//! asserts its result.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

mod support;

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use gboh::alesia::command::Command;
use gboh::alesia::game::{LegionIdx, Uid};
use gboh::alesia::map::{Region, Works};
use gboh::alesia::movement::cost::{self, Mover};
use gboh::alesia::movement::{MoveGenerator, MoveRules, allowance, step};
use gboh::alesia::protocol::Alesia;
use gboh::core::board::Terrain;
use gboh::core::facing::{Direction, Facing};
use gboh::core::leader::Rank;
use hexx::Hex;
use pathfinding::prelude::dijkstra_reach;
use support::{Pos, tribe_of};

/// One benchmark position: the state, the unit, a hex it must reach and the
/// MP (terrain only) that hex costs.
struct Case {
    name: &'static str,
    game: Alesia,
    unit: Uid,
    target: Hex,
}

fn cohort_inside_the_works() -> Case {
    let mut pos = Pos::west();
    let unit = pos.unit("I-1", "W6213", Facing::Six);
    let target = pos.hex("W6113");
    let game = pos.activated(Command::Legion(LegionIdx(0)), vec![unit]);
    Case { name: "cohort_inside_works", game, unit, target }
}

fn bi_crossing_gardens_of_death() -> Case {
    // W3910 is an outer Garden of Death in front of the rampart W3911 (9.21).
    let mut pos = Pos::west();
    let setup = pos.setup().clone();
    let unit = pos.unit("Arverni-1", "W3908", Facing::Six);
    let target = pos.hex("W3910");
    let command = tribe_of(&setup, "Arverni-1", "Vercassivellaunus");
    let game = pos.activated(command, vec![unit]);
    Case { name: "bi_gardens_of_death", game, unit, target }
}

fn cavalry_in_the_open() -> Case {
    let mut pos = Pos::west();
    let setup = pos.setup().clone();
    let board = &setup.board;
    // The first hex (board order) with clear, open ground two hexes around.
    let open = |h: Hex| {
        board.info(h).is_some_and(|i| {
            i.terrain == Terrain::Clear
                && i.works.works == Works::None
                && i.works.region == Region::Outside
        })
    };
    let clear_sides = |h: Hex| Direction::ALL.iter().all(|&d| board.hexside(h, d).is_empty());
    let start = board.hexes().find(|&h| h.range(3).all(|n| open(n) && clear_sides(n))).unwrap();
    let label = board.label(start).unwrap().to_string();
    let unit = pos.unit("GallicCavalry-1", &label, Facing::Twelve);
    let lid = (0..setup.leaders.len())
        .map(|i| gboh::alesia::game::Lid(u8::try_from(i).unwrap()))
        .find(|&l| setup.leader(l).unwrap().is(Rank::GallicCavalryLeader))
        .unwrap();
    // Three hexes away across the open ground.
    let target = (0..3).fold(start, |h, _| board.neighbor(h, Direction::ALL[1]).unwrap());
    let game = pos.activated(Command::GallicCavalry(lid), vec![unit]);
    Case { name: "cavalry_in_the_open", game, unit, target }
}

/// The terrain-only step cost both comparators use.
fn step_cost(game: &Alesia, mover: &Mover, a: Hex, b: Hex) -> Option<u32> {
    step::terrain_cost(&game.field, mover, a, b).map(u32::from)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("movement_generation");
    for case in [cohort_inside_the_works(), bi_crossing_gardens_of_death(), cavalry_in_the_open()] {
        let game = &case.game;
        let board = &game.setup().board;
        let rules = MoveRules::for_game(game);
        let mover = Mover::unit(&game.field, case.unit).unwrap();
        let budget = u32::from(allowance::mp_left(&game.field, case.unit));
        let start = game.field.position(case.unit).unwrap();
        let mut generator = MoveGenerator::new();

        // What each finds, checked once and again inside every iteration.
        let ours = generator.reach(game, &rules, case.unit).unwrap().len();
        assert!(ours > 0, "{}: the unit can move", case.name);
        assert!(
            generator.ends().iter().any(|r| r.hex == case.target),
            "{}: our generator reaches the target",
            case.name
        );
        let successors = |&h: &Hex| {
            board
                .neighbors(h)
                .into_iter()
                .flatten()
                .filter_map(move |n| step_cost(game, &mover, h, n).map(|c| (n, c)))
                .collect::<Vec<_>>()
        };
        let pf_reach = || {
            dijkstra_reach(&start, successors)
                .take_while(|item| item.total_cost <= budget)
                .map(|item| (item.node, item.total_cost))
                .collect::<Vec<_>>()
        };
        let pf = pf_reach();
        assert!(pf.iter().any(|&(h, _)| h == case.target), "{}: pathfinding reaches it", case.name);
        let hex_cost = |h: Hex| -> Option<u32> {
            let key = cost::terrain_key(&game.field, h)?;
            cost::hex_cost(&game.field, h, key, mover.class)
                .ok()
                .map(|c| u32::from(c).saturating_sub(1))
        };
        let fom = hexx::algorithms::field_of_movement(start, budget, hex_cost);
        assert!(fom.contains(&case.target), "{}: field_of_movement reaches it", case.name);
        let astar_cost =
            |a: Hex, b: Hex| if a == b { Some(0) } else { step_cost(game, &mover, a, b) };
        assert!(hexx::algorithms::a_star(start, case.target, astar_cost).is_some());

        group.bench_function(BenchmarkId::new("gboh_reach", case.name), |b| {
            b.iter(|| {
                let n = generator.reach(black_box(game), &rules, case.unit).unwrap().len();
                assert_eq!(n, ours);
            })
        });
        // A fresh generator: allocates its buffers and traces the enemy ZOC
        // (a generator searching again on the same position reuses both).
        group.bench_function(BenchmarkId::new("gboh_reach_cold", case.name), |b| {
            b.iter(|| {
                let mut fresh = MoveGenerator::new();
                let n = fresh.reach(black_box(game), &rules, case.unit).unwrap().len();
                assert_eq!(n, ours);
            })
        });
        let mut family = gboh::simple::rules::movement::MoveSearch::new();
        let family_ends = family.reach(&game.field, case.unit).unwrap().len();
        assert!(family_ends > 0, "{}: the family's search moves the unit", case.name);
        group.bench_function(BenchmarkId::new("gboh_simple_family_reach", case.name), |b| {
            b.iter(|| {
                let n = family.reach(black_box(&game.field), case.unit).unwrap().len();
                assert_eq!(n, family_ends);
            })
        });
        group.bench_function(BenchmarkId::new("pathfinding_dijkstra_reach", case.name), |b| {
            b.iter(|| assert_eq!(pf_reach().len(), pf.len()))
        });
        group.bench_function(BenchmarkId::new("hexx_field_of_movement", case.name), |b| {
            b.iter(|| {
                let f = hexx::algorithms::field_of_movement(black_box(start), budget, hex_cost);
                assert_eq!(f.len(), fom.len());
            })
        });
        group.bench_function(BenchmarkId::new("hexx_a_star_one_target", case.name), |b| {
            b.iter(|| {
                assert!(
                    hexx::algorithms::a_star(black_box(start), case.target, astar_cost).is_some()
                )
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
