//! Loading and validating all Alesia data (issue: all Alesia data loaded in
//! under 10 ms): the West map, the six tables and the counter mix, each from
//! its embedded RON text, side by side with a bare `ron` parse of the same
//! text into an untyped `ron::Value` (what a user parsing without validation
//! would reach for).

#![allow(clippy::unwrap_used)] // a bench asserts its result

use criterion::{Criterion, criterion_group, criterion_main};
use gboh::alesia::counters::{CounterMix, DEFAULT_SOURCES};
use gboh::alesia::map::{WEST_MAP_FILE, WEST_MAP_RON, load_map};
use gboh::alesia::tables::{AlesiaTable, AlesiaTables};
use std::hint::black_box;

fn all_texts() -> Vec<&'static str> {
    let mut texts = vec![WEST_MAP_RON, DEFAULT_SOURCES.roman.text, DEFAULT_SOURCES.gallic.text];
    texts.push(DEFAULT_SOURCES.leaders.text);
    texts.extend(AlesiaTable::ALL.iter().map(|t| t.default_text()));
    texts
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("alesia_data");
    group.bench_function("map", |b| {
        b.iter(|| {
            let board = load_map(WEST_MAP_FILE, black_box(WEST_MAP_RON)).unwrap();
            assert_eq!(board.label(board.hex_of("W3911").unwrap()).unwrap().to_string(), "W3911");
            board
        })
    });
    group.bench_function("tables", |b| {
        b.iter(|| {
            let t = AlesiaTables::default_tables().unwrap();
            assert!(t.missile().max_range(&gboh::alesia::tables::MissileColumn::Arrow).is_some());
            t
        })
    });
    group.bench_function("counters", |b| {
        b.iter(|| {
            let mix = CounterMix::from_sources(black_box(&DEFAULT_SOURCES)).unwrap();
            assert!(mix.relief_size_points() > 80);
            mix
        })
    });
    group.bench_function("all_validated", |b| {
        b.iter(|| {
            let board = load_map(WEST_MAP_FILE, WEST_MAP_RON).unwrap();
            let tables = AlesiaTables::default_tables().unwrap();
            let mix = CounterMix::from_sources(&DEFAULT_SOURCES).unwrap();
            assert!(!board.is_empty());
            (board, tables, mix)
        })
    });
    group.bench_function("all_untyped_ron_parse_only", |b| {
        let texts = all_texts();
        b.iter(|| {
            for t in &texts {
                let v: ron::Value = ron::from_str(black_box(t)).unwrap();
                black_box(v);
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
