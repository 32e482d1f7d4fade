//! Leaders on the move: 6.12-6.14 and 4.31-4.33.
//!
//! - 6.12: an activated Legate, Prefect or Chieftain has 9 MP and moves after
//!   all the units of his command: once he has moved, they may not.
//! - 6.13: Overall and Area Commanders (30 MP) move only in an Overall
//!   Commander movement activation ([`crate::command::Command::Commanders`]),
//!   by a Seizure spent on it (5.25), or stacked with an activated unit at
//!   its rate. Moving by himself uses one of his Seizure rating's uses for the
//!   Assault Period (4.21; [`Alesia::movable_commanders`]).
//!   [`commander_allowance`] gives the 30 MP in his own activation.
//! - 6.14: Vercingetorix moves as a Tribal Chief (9 MP) with the Alesia
//!   Force.
//! - Leaders have no facing and no ZOC; they pay the foot column of the
//!   chart, not stacking (6.62) nor Garden hits; they may not enter a hex
//!   holding enemy pieces (6.64), nor, 4.31, a hex next to an enemy unit
//!   unless friendly combat units are in it.
//! - 4.33: the instant an enemy combat unit moves next to a lone leader, he
//!   may retreat up to three hexes, not through enemy units or impassable
//!   terrain, or is eliminated if he cannot: [`lone_leaders_threatened`],
//!   [`lone_leader_retreats`] and [`retreat_lone_leader`]. Where he goes is
//!   his side's decision: the protocol must ask for it.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::leader::Rank;
use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::cost::Mover;
use super::error::MoveError;
use super::facts::SideFacts;
use super::rules::MoveRules;
use super::step::{self, Constraints};
use crate::combat::CombatError;
use crate::game::{Battlefield, Lid};
use crate::protocol::Alesia;

/// 6.13: the MP Overall or Area Commander `lid` may spend now in an Overall
/// Commander movement activation, opened by choice or by a Seizure (5.25).
/// `None`: he may not move by himself now.
#[must_use]
pub fn commander_allowance(game: &Alesia, lid: Lid) -> Option<u8> {
    let active = game.active_command()?;
    let crate::command::Command::Commanders(side) = active else { return None };
    game.movable_commanders(*side).contains(&lid).then_some(COMMANDER_MA)
}

/// 6.13: Overall and Area Commanders have an MA of 30.
pub const COMMANDER_MA: u8 = 30;

/// 6.12-6.14: the MP leader `lid` has left this activation.
///
/// # Errors
/// [`MoveError::NotActiveLeader`] if he is not the activated command's
/// leader; [`MoveError::Commander`] for an Overall or Area Commander outside
/// 6.13's cases; [`MoveError::NotOnMap`]-like errors for a dead or absent
/// leader.
pub fn leader_mp_left(game: &Alesia, lid: Lid) -> Result<u8, MoveError> {
    let field = &game.field;
    let activation = game.turn.play.current.as_ref().ok_or(MoveError::NoActivation)?;
    if crate::combat::movement_closed(game) {
        return Err(MoveError::Combat(CombatError::illegal(
            "9.0",
            "movement is over: shock has begun",
        )));
    }
    let leader = field.setup().leader(lid).ok_or(MoveError::UnknownPiece)?;
    let state = field.leader(lid).ok_or(MoveError::UnknownPiece)?;
    if state.dead || state.at.is_none() {
        return Err(MoveError::UnknownPiece);
    }
    let commander = leader.is(Rank::AreaCommander)
        || (leader.is(Rank::OverallCommander) && leader.troop_command().is_none());
    let allowance = if commander {
        commander_allowance(game, lid).ok_or(MoveError::Commander(lid))?
    } else {
        if activation.command.leader(field) != Some(lid) {
            return Err(MoveError::NotActiveLeader(lid));
        }
        // 6.12, 6.14: the troop row's allowance (9), Vercingetorix included.
        leader.troop_command().map_or(0, crate::counters::movement_allowance)
    };
    Ok(allowance.saturating_sub(state.mp_spent))
}

/// Every hex leader `lid` can move to now, with its MP, in board order.
///
/// # Errors
/// As [`leader_mp_left`].
pub fn leader_reach(
    game: &Alesia,
    rules: &MoveRules,
    lid: Lid,
) -> Result<Vec<(Hex, u8)>, MoveError> {
    let budget = leader_mp_left(game, lid)?;
    let field = &game.field;
    let leader = field.setup().leader(lid).ok_or(MoveError::UnknownPiece)?;
    let from = field.leader(lid).and_then(|l| l.at).ok_or(MoveError::UnknownPiece)?;
    let mover = Mover::leader(leader.side);
    let mut facts = SideFacts::default();
    facts.build(field, leader.side);
    let constraints = Constraints::leader(rules);
    let board = &field.setup().board;
    let n = board.len();
    let start = board.index(from).ok_or(MoveError::UnknownPiece)?;
    // Nodes: hex * 3 + (0 start, 1 moving, 2 in gate transit).
    let mut dist = vec![u8::MAX; n * 3];
    let mut heap = BinaryHeap::new();
    if let Some(d) = dist.get_mut(start * 3) {
        *d = 0;
    }
    heap.push(Reverse((0u8, start * 3)));
    let mut out: Vec<(usize, u8)> = Vec::new();
    while let Some(Reverse((d, node))) = heap.pop() {
        if dist.get(node).is_some_and(|&best| d > best) {
            continue;
        }
        let (i, phase) = (node / 3, node % 3);
        let Some(hex) = board.hex_at(i) else { continue };
        if i != start && phase != 2 && !out.iter().any(|&(h, _)| h == i) {
            out.push((i, d));
        }
        for dir in Direction::ALL {
            let Some(j) = board.neighbor_index(i, dir) else {
                continue;
            };
            let Some(to) = board.hex_at(j) else { continue };
            let opts = step::options(
                field,
                &facts,
                &mover,
                &constraints,
                hex,
                to,
                dir,
                phase == 0,
                phase == 2,
            );
            for (s, p) in [(opts.step.ok(), 1), (opts.gate, 2)] {
                let Some(s) = s else { continue };
                let nd = d.saturating_add(s.mp);
                let k = j * 3 + p;
                if nd <= budget && dist.get(k).is_some_and(|&best| nd < best) {
                    if let Some(slot) = dist.get_mut(k) {
                        *slot = nd;
                    }
                    heap.push(Reverse((nd, k)));
                }
            }
        }
    }
    out.sort_unstable();
    Ok(out.into_iter().filter_map(|(i, d)| board.hex_at(i).map(|h| (h, d))).collect())
}

/// The MP a leader of `side` pays to step from `a` into the adjacent `b`, as
/// far as terrain and works go (6.3, 6.4, foot column): the step cost for
/// tracing Command Range (4.24). `None` where he could not cross or enter.
#[must_use]
pub fn leader_step_cost(field: &Battlefield, side: Side, a: Hex, b: Hex) -> Option<u8> {
    step::terrain_cost(field, &Mover::leader(side), a, b)
}

pub use gboh_simple::ground::leaders::{
    lone_leader_may_stay, lone_leader_retreats, lone_leaders_threatened, threatened_leader_retreats,
};

/// 4.33: retreats lone leader `lid` to `to`, one of
/// [`lone_leader_retreats`].
///
/// # Errors
/// [`MoveError::LeaderAdjacent`] if `to` is not one of them; nothing changes.
pub fn retreat_lone_leader(field: &mut Battlefield, lid: Lid, to: Hex) -> Result<(), MoveError> {
    if !lone_leader_retreats(field, lid).contains(&to) {
        return Err(MoveError::LeaderAdjacent(to));
    }
    field.move_leader(lid, Some(to)).map_err(|_| MoveError::UnknownPiece)
}
