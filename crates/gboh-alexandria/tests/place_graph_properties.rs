//! Invariants of the place graph (5.22-5.24) over every place of the map.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::panic)] // a failing test panics

use gboh_alexandria::map::{self, Alexandria, StepError, areas};
use gboh_alexandria::picture;
use gboh_core::board::{Location, NodeId, NodeKind};
use proptest::prelude::*;

fn m() -> &'static Alexandria {
    map::alexandria().unwrap_or_else(|e| panic!("{e}"))
}

/// Every place: hexes not under the city, then nodes.
fn places() -> Vec<Location> {
    let board = m().board();
    let mut out: Vec<Location> =
        board.hexes().map(Location::Hex).filter(|&p| m().is_place(p)).collect();
    let nodes = board.nodes().nodes().len();
    out.extend((0..nodes).filter_map(|i| u16::try_from(i).ok()).map(|i| Location::Node(NodeId(i))));
    out
}

#[test]
fn adjacency_is_symmetric_and_blocks_touch_only_points() {
    for p in places() {
        for q in m().neighbours(p) {
            assert!(m().neighbours(q).contains(&p), "{:?} -> {:?}", m().name(p), m().name(q));
            if m().is_block(p) {
                assert_eq!(m().kind(q), Some(NodeKind::Point), "5.22/5.23: {:?}", m().name(p));
            }
        }
    }
}

#[test]
fn every_block_is_entered_from_at_least_two_points_and_every_point_reaches_the_palace() {
    let all = places();
    for p in &all {
        if let Location::Node(id) = *p
            && m().is_block(*p)
        {
            assert!(m().block_entries(id).len() >= 2, "{:?}", m().name(*p));
        }
    }
    // Walk the graph through Points and hexes only: every Point is connected
    // to the Palace (the city is one piece).
    let palace = Location::Node(m().palace());
    let mut seen = vec![palace];
    let mut todo = vec![palace];
    while let Some(here) = todo.pop() {
        if m().is_block(here) && here != palace {
            continue;
        }
        for next in m().neighbours(here) {
            if !seen.contains(&next)
                && !m().board().in_area(
                    areas::SEA,
                    match next {
                        Location::Hex(h) => h,
                        Location::Node(_) => hexx::Hex::ZERO,
                    },
                )
            {
                seen.push(next);
                todo.push(next);
            }
        }
    }
    for p in &all {
        if m().kind(*p) == Some(NodeKind::Point) {
            assert!(seen.contains(p), "{:?} is cut off", m().name(*p));
        }
    }
}

#[test]
fn places_are_numbered_by_the_hexes_they_are_played_on() {
    let board = m().board();
    assert_eq!(m().place_count(), board.len());
    for p in places() {
        let i = m().place_index(p).unwrap_or_else(|| panic!("{:?}", m().name(p)));
        assert_eq!(m().place_at(i), Some(p), "{:?}", m().name(p));
    }
    // Each node has a seat of its own, under the city.
    let mut seats: Vec<_> = (0..board.nodes().nodes().len())
        .map(|i| board.seat(NodeId(u16::try_from(i).unwrap())).unwrap())
        .collect();
    assert!(seats.iter().all(|&h| board.in_area(areas::CITY, h)));
    seats.sort_by_key(|h| (h.x, h.y));
    seats.dedup();
    assert_eq!(seats.len(), board.nodes().nodes().len());
    assert_eq!(
        m().place_index(m().place("2023").unwrap()),
        board.index(board.hex_of("2023").unwrap())
    );
}

#[test]
fn the_engines_see_the_place_graph() {
    // Every link of the map's graph is a neighbour on the board, a Block's
    // by a side link (no direction), the others in a direction both ways.
    let board = m().board();
    for &(a, b) in board.nodes().links() {
        let (ha, hb) = (m().seat(a).unwrap(), m().seat(b).unwrap());
        assert!(board.adjacent(ha, hb) && board.adjacent(hb, ha), "{:?}", m().name(a));
        let block = m().is_block(a) || m().is_block(b);
        assert_eq!(board.direction(ha, hb).is_none(), block, "{:?}-{:?}", m().name(a), m().name(b));
    }
}

#[test]
fn the_picture_is_deterministic() {
    assert_eq!(picture::render(m(), "A"), picture::render(m(), "A"));
    assert_eq!(picture::render_city(m(), "A"), picture::render_city(m(), "A"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn land_steps_are_legal_both_ways_between_land_places(i in 0usize..2000, j in 0usize..8) {
        let all = places();
        let p = all[i % all.len()];
        let next = m().neighbours(p);
        prop_assume!(!next.is_empty());
        let q = next[j % next.len()];
        let there = m().land_step(p, q);
        let back = m().land_step(q, p);
        // A sea hex refuses a land unit one way only.
        if there != Err(StepError::AllSea) && back != Err(StepError::AllSea) {
            // Legal both ways or neither, for the same reason; the canal
            // either way (into_block depends on the direction).
            prop_assert_eq!(there.map(|s| s.across_canal), back.map(|s| s.across_canal));
        }
        prop_assert_eq!(m().crosses_canal(p, q), m().crosses_canal(q, p));
        prop_assert!(there != Err(StepError::NotAdjacent));
    }
}
