//! Units in contact with the enemy that may not attack from where they stand,
//! and the moves that let them: both bots' way of making progress when no
//! unit has anywhere nearer to go.
//!
//! 9.12 lets an unmoved unit shock only if it started the Activation Phase
//! with an enemy unit in its own ZOC: a unit facing away from the enemy next
//! to it, or one below a rampart (whose ZOC does not reach up, 7.22), may
//! not. It may move to another hex with the enemy in front, and then must
//! attack (9.11); or turn in place to face the enemy, and attack in its next
//! activation (9.12).

use gboh_core::facing::Facing;
use hexx::Hex;

use super::nearest::Moves;
use crate::combat::shock::designation;
use crate::game::Uid;
use crate::movement::MoveAction;
use crate::protocol::{Action, Alesia};
use crate::zoc;

/// For the first of the movers in contact with the enemy that may not
/// attack now, the move that puts an enemy in its front: to another hex from
/// which it may shock into that enemy (only if `advance`; out of the Gardens
/// of Death first, no 6.45 hits), or else a turn in place that brings an
/// enemy hex into its ZOC (7.21, 7.22), unless one already is. The first in
/// the listing's order among equals; the same choice from the full list
/// (`Moves::Listed`) as from a search of the unit alone.
pub(super) fn engage(
    game: &Alesia,
    legal: &[Action],
    moves: Moves,
    advance: bool,
) -> Option<Action> {
    let field = &game.field;
    let board = &game.setup().board;
    for unit in game.movers() {
        let Some(state) = field.unit(unit) else { continue };
        let Some(at) = state.at else { continue };
        let Some(side) = game.setup().unit(unit).map(|i| i.side) else { continue };
        let enemy_in = |h: Hex| field.side_in(h).is_some_and(|s| s != side);
        if !board.neighbors(at).into_iter().flatten().any(enemy_in)
            || (designation::may_attack(game, unit)
                && !designation::targets_of(&game.field, unit).is_empty())
        {
            continue;
        }
        let faces_enemy = |facing: Facing| {
            facing.front().into_iter().any(|d| {
                board
                    .neighbor(at, d)
                    .is_some_and(|n| enemy_in(n) && zoc::zoc_extends(field, at, n, d))
            })
        };
        let own = own_moves(game, legal, moves, unit);
        let attacking = |m: &&MoveAction| {
            let MoveAction::Move { to, facing, .. } = **m else { return false };
            advance
                && to != at
                && facing
                    .front()
                    .into_iter()
                    .filter_map(|d| board.neighbor(to, d))
                    .any(|f| enemy_in(f) && designation::may_attack_into(field, unit, to, f))
        };
        let best = own.iter().filter(attacking).min_by_key(|m| match m {
            MoveAction::Move { to, .. } => crate::movement::garden::is_garden(field, *to),
            _ => true,
        });
        if let Some(m) = best {
            return Some(Action::Move(m.clone()));
        }
        if faces_enemy(state.facing) {
            continue;
        }
        let turn = own.iter().find(|m| {
            matches!(m, MoveAction::Move { to, facing, .. } if *to == at && faces_enemy(*facing))
        });
        if let Some(m) = turn {
            return Some(Action::Move(m.clone()));
        }
    }
    None
}

/// Unit `unit`'s Moves: from the full list, or searched for it alone.
fn own_moves(game: &Alesia, legal: &[Action], moves: Moves, unit: Uid) -> Vec<MoveAction> {
    match moves {
        Moves::Listed => legal
            .iter()
            .filter_map(|a| match a {
                Action::Move(m @ MoveAction::Move { unit: u, .. }) if *u == unit => Some(m.clone()),
                _ => None,
            })
            .collect(),
        Moves::Searched => {
            let mut found = Vec::new();
            game.unit_moves(&[unit], |_, ms| {
                found.extend_from_slice(ms);
                std::ops::ControlFlow::Break(())
            });
            found
        }
    }
}
