//! 4.14 The Chain of Command Effect, on the West map: "Units that are outside
//! their leader's Command Range are considered in range for all purposes
//! (4.11-4.13, 5.21) if they can trace a path through adjacent hexes occupied
//! by other units in the Command to a unit in the Command that is itself
//! within the leader's Command range."

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::protocol::Alesia;
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

/// Brutus (Legio X, range 6) in W4616 between the vallations; the hexes of a
/// straight line from him toward `dir`, as far as the map goes, with the
/// cost to reach each (u8::MAX: out of his range).
fn line_from_brutus(dir: Direction) -> (Pos, Vec<(String, u8)>) {
    let mut p = Pos::west();
    p.leader("Brutus", "W4616");
    let state = Alesia::new(p.field.clone());
    let lid = state.setup().lid("Brutus").unwrap();
    let map = state.command_range_map(lid).unwrap();
    let board = &state.setup().board;
    let mut line = Vec::new();
    let mut h: Hex = board.hex_of("W4616").unwrap();
    while let Some(n) = board.neighbor(h, dir) {
        line.push((board.label(n).unwrap().to_string(), map[board.index(n).unwrap()]));
        h = n;
    }
    (p, line)
}

#[test]
fn rule_4_14_a_cohort_out_of_range_is_in_range_through_a_chain_of_its_legion() {
    let (mut p, line) = line_from_brutus(Direction::SE);
    // The last hex of the line in range, then the next two out of it.
    let last_in = line.iter().rposition(|(_, d)| *d != u8::MAX).unwrap();
    assert!(last_in + 2 < line.len(), "the line runs out of range on the map");
    let chain: Vec<String> = line[last_in..=last_in + 2].iter().map(|(l, _)| l.clone()).collect();
    assert_eq!(line[last_in + 1].1, u8::MAX);
    assert_eq!(line[last_in + 2].1, u8::MAX);
    let ids = ["X-1", "X-2", "X-3"];
    let units: Vec<_> =
        ids.iter().zip(&chain).map(|(id, label)| p.unit(id, label, Facing::Twelve)).collect();
    // X-4 is out of range with no chain: a hex out of range two hexes beyond
    // the chain's end, not next to any unit of the legion.
    let far = line.get(last_in + 5).map(|(l, _)| l.clone()).expect("the map goes on");
    let lone = p.unit("X-4", &far, Facing::Twelve);
    let state = Alesia::new(p.field);
    let (activated, out_of_range) = state.activated_units(&legion_of("X-1"));
    for u in &units {
        assert!(activated.contains(u));
        assert!(!out_of_range.contains(u), "4.14: in range through the chain");
    }
    assert!(activated.contains(&lone), "4.13: activated all the same");
    assert!(out_of_range.contains(&lone), "4.14: no chain, out of range");
}

#[test]
fn rule_4_14_a_broken_chain_leaves_the_far_cohort_out_of_range() {
    let (mut p, line) = line_from_brutus(Direction::SE);
    let last_in = line.iter().rposition(|(_, d)| *d != u8::MAX).unwrap();
    // In range at the last hex, a gap, then a cohort two hexes out.
    let a = p.unit("X-1", &line[last_in].0, Facing::Twelve);
    let b = p.unit("X-2", &line[last_in + 2].0, Facing::Twelve);
    let state = Alesia::new(p.field);
    let (_, out_of_range) = state.activated_units(&legion_of("X-1"));
    assert!(!out_of_range.contains(&a));
    assert!(out_of_range.contains(&b), "4.14: the chain must be of adjacent hexes");
}
