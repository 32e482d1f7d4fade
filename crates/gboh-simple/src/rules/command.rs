//! Command Range ([`Rule::CommandRange`], Alesia 4.24): the hexes within a
//! leader's range, traced in Movement Points; and the chain of command
//! ([`Rule::ChainOfCommand`], Alesia 4.14).
//!
//! Alesia 4.24: "The range is measured in Movement Points. A path is
//! obstructed by hexes occupied by enemy units, an unoccupied hex in an enemy
//! Zone of Control (ZOC), or terrain a leader could not cross or enter.
//! Friendly units negate enemy ZOCs for purposes of tracing range paths."
//! The step costs are the game's (a closure): Caesar in Alexandria adds 1 MP
//! into an occupied place (4.41), Gergovia's chain of command runs through
//! empty hexes (its 4.11), so a game passes its own costs or its own chain.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use crate::field::{Field, Uid};
use crate::game::Roster;
use crate::ground::{GroundRules, zoc};
#[cfg(doc)]
use crate::rule::Rule;

/// The MP distance from `from` to every hex within `range`, as a dense vector
/// over the board (`u8::MAX`: out of range). `step_cost(a, b)` is the MP a
/// leader pays to step from `a` into the adjacent `b`, or `None` where he could
/// not cross or enter.
#[must_use]
pub fn range_map<G: GroundRules>(
    field: &Field<G>,
    side: Side,
    from: Hex,
    range: u8,
    step_cost: impl Fn(Hex, Hex, Direction) -> Option<u8>,
) -> Vec<u8> {
    let board = field.setup().board();
    let mut dist = vec![u8::MAX; board.len()];
    let Some(start) = board.index(from) else {
        return dist;
    };
    if let Some(d) = dist.get_mut(start) {
        *d = 0;
    }
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u8, start)));
    while let Some(Reverse((d, i))) = heap.pop() {
        if dist.get(i).is_some_and(|&best| d > best) {
            continue;
        }
        let Some(hex) = board.hex_at(i) else { continue };
        // The path may end in an obstructed hex but not pass through it
        // (Alesia 4.24: an unoccupied hex in an enemy ZOC; friendly units there
        // negate the ZOC).
        if i != start && field.stack_at(i).is_empty() && zoc::in_enemy_zoc(field, hex, side) {
            continue;
        }
        for dir in Direction::ALL {
            let Some(j) = board.neighbor_index(i, dir) else {
                continue;
            };
            if field.side_at(j).is_some_and(|s| s != side) {
                continue; // Alesia 4.24: hexes occupied by enemy units obstruct.
            }
            let Some(next) = board.hex_at(j) else {
                continue;
            };
            let Some(cost) = step_cost(hex, next, dir) else {
                continue;
            };
            let nd = d.saturating_add(cost);
            if nd <= range && dist.get(j).is_some_and(|&best| nd < best) {
                if let Some(slot) = dist.get_mut(j) {
                    *slot = nd;
                }
                heap.push(Reverse((nd, j)));
            }
        }
    }
    dist
}

/// The chain of command (Alesia 4.14): the units of `members` in range,
/// directly (`in_range`) or through a chain of adjacent units of the same
/// command leading to one in range.
#[must_use]
pub fn with_chain_of_command<G: GroundRules>(
    field: &Field<G>,
    members: &[Uid],
    in_range: impl Fn(Hex) -> bool,
) -> Vec<Uid> {
    let board = field.setup().board();
    let pos: Vec<Option<Hex>> = members.iter().map(|&u| field.position(u)).collect();
    let mut reached: Vec<bool> = pos.iter().map(|p| p.is_some_and(&in_range)).collect();
    let mut changed = true;
    while changed {
        changed = false;
        for i in 0..members.len() {
            if reached.get(i).copied().unwrap_or(true) {
                continue;
            }
            let Some(Some(hi)) = pos.get(i) else { continue };
            let linked = pos
                .iter()
                .zip(&reached)
                .any(|(p, &r)| r && p.is_some_and(|h| board.adjacent(h, *hi)));
            if linked {
                if let Some(r) = reached.get_mut(i) {
                    *r = true;
                }
                changed = true;
            }
        }
    }
    members.iter().zip(reached).filter(|(_, r)| *r).map(|(&u, _)| u).collect()
}
