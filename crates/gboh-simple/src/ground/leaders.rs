//! Where leaders may go when enemies come near them (Alesia 4.31-4.33):
//! the hexes a leader stacked with units threatened by shock may retreat
//! into ([`threatened_leader_retreats`]), the lone leaders an enemy unit
//! entering a hex threatens ([`lone_leaders_threatened`]) and where they may
//! retreat ([`lone_leader_retreats`]). Leaders pay the foot column of the
//! chart through the game's [`GroundRules::step_cost`], never enter a hex
//! holding enemy pieces, and never end next to an enemy combat unit unless
//! friendly combat units are there ([`Rule::LeadersNextToEnemies`]).
//!
//! [`Rule::LeadersNextToEnemies`]: crate::Rule::LeadersNextToEnemies

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::GroundRules;
use super::facts::SideFacts;
use super::stacking::Mover;
use super::step::step_cost;
use crate::field::Field;
use crate::game::Roster;
use crate::id::Lid;

/// The leaders of `side` in `hex`, in [`Lid`] order.
#[must_use]
pub fn leaders_of<G: GroundRules>(field: &Field<G>, hex: Hex, side: Side) -> Vec<Lid> {
    field.leaders_in(hex).filter(|&l| field.setup().leader_side(l) == Some(side)).collect()
}

/// The leaders of `side`'s enemies who are alone in a hex adjacent to `hex`
/// (no combat unit of their side there), in [`Lid`] order: an enemy combat
/// unit of `side` that moves into `hex` threatens them (Alesia 4.33).
#[must_use]
pub fn lone_leaders_threatened<G: GroundRules>(field: &Field<G>, side: Side, hex: Hex) -> Vec<Lid> {
    let setup = field.setup();
    let board = setup.board();
    let mut out: Vec<Lid> = Direction::ALL
        .into_iter()
        .filter_map(|d| board.neighbor(hex, d))
        .flat_map(|n| field.leaders_in(n).map(move |l| (l, n)))
        .filter(|&(l, n)| {
            setup.leader_side(l).is_some_and(|s| s != side) && field.side_in(n).is_none()
        })
        .map(|(l, _)| l)
        .collect();
    out.sort();
    out.dedup();
    out
}

/// Leader `lid`'s side and hex, if he is alive on the map, with the facts
/// about his enemies (their hexes, the hexes next to them).
fn living_leader<G: GroundRules>(field: &Field<G>, lid: Lid) -> Option<(Side, Hex, SideFacts)> {
    let side = field.setup().leader_side(lid)?;
    let state = field.leader(lid)?;
    let from = state.at.filter(|_| !state.dead)?;
    let mut facts = SideFacts::default();
    facts.build_without_zoc(field, side);
    Some((side, from, facts))
}

/// Where lone leader `lid` may retreat (Alesia 4.33): hexes within
/// [`GroundRules::LONE_LEADER_RETREAT_HEXES`] steps, reached without passing
/// through enemy units or terrain he could not enter, that hold no enemy
/// piece and are not next to an enemy combat unit unless friendly combat
/// units are in them. In board order; empty if he cannot retreat (he is then
/// eliminated).
#[must_use]
pub fn lone_leader_retreats<G: GroundRules>(field: &Field<G>, lid: Lid) -> Vec<Hex> {
    let Some((side, from, facts)) = living_leader(field, lid) else {
        return Vec::new();
    };
    let mover = Mover::leader(side);
    let board = field.setup().board();
    let Some(start) = board.index(from) else {
        return Vec::new();
    };
    let mut steps = vec![u32::MAX; board.len()];
    if let Some(s) = steps.get_mut(start) {
        *s = 0;
    }
    let mut frontier = vec![start];
    for depth in 1..=G::LONE_LEADER_RETREAT_HEXES {
        let mut next = Vec::new();
        for &i in &frontier {
            let Some(hex) = board.hex_at(i) else { continue };
            for d in Direction::ALL {
                let Some(j) = board.neighbor_index(i, d) else {
                    continue;
                };
                let Some(to) = board.hex_at(j) else { continue };
                let passable = !facts.enemy(j) && step_cost(field, &mover, hex, to).is_ok();
                if passable && steps.get(j).is_some_and(|&s| s == u32::MAX) {
                    if let Some(s) = steps.get_mut(j) {
                        *s = depth;
                    }
                    next.push(j);
                }
            }
        }
        frontier = next;
    }
    (0..board.len())
        .filter(|&i| i != start && steps.get(i).is_some_and(|&s| s != u32::MAX))
        .filter(|&i| {
            board
                .hex_at(i)
                .is_some_and(|h| !facts.enemy_adjacent(i) || field.side_in(h) == Some(side))
        })
        .filter_map(|i| board.hex_at(i))
        .collect()
}

/// Where leader `lid`, stacked with combat units threatened by shock, may
/// retreat one hex (Alesia 4.32): an adjacent hex he could enter, holding no
/// enemy piece, and not next to an enemy combat unit unless friendly combat
/// units are in it. In board order.
///
/// ```text
///    E  .        E = the attackers, D = the defenders with the leader.
///   . D  f       He may go to f (friends there) but not to the hexes
///    .  .        marked . that touch E; the others are open.
/// ```
#[must_use]
pub fn threatened_leader_retreats<G: GroundRules>(field: &Field<G>, lid: Lid) -> Vec<Hex> {
    let Some((side, from, facts)) = living_leader(field, lid) else {
        return Vec::new();
    };
    let mover = Mover::leader(side);
    let board = field.setup().board();
    let Some(i) = board.index(from) else {
        return Vec::new();
    };
    let mut out: Vec<(usize, Hex)> = Direction::ALL
        .into_iter()
        .filter_map(|d| board.neighbor_index(i, d))
        .filter_map(|j| board.hex_at(j).map(|h| (j, h)))
        .filter(|&(j, to)| {
            !facts.enemy(j)
                && step_cost(field, &mover, from, to).is_ok()
                && (!facts.enemy_adjacent(j) || field.side_in(to) == Some(side))
        })
        .collect();
    out.sort_unstable_by_key(|&(j, _)| j);
    out.into_iter().map(|(_, h)| h).collect()
}

/// Whether lone leader `lid` may stay where he is rather than retreat (Alesia
/// 4.33): not when an enemy combat unit has entered his hex (an advance after
/// combat or a pursuit into a hex he stayed in).
#[must_use]
pub fn lone_leader_may_stay<G: GroundRules>(field: &Field<G>, lid: Lid) -> bool {
    let (Some(side), Some(state)) = (field.setup().leader_side(lid), field.leader(lid)) else {
        return false;
    };
    state.at.is_none_or(|h| field.side_in(h).is_none_or(|s| s == side))
}
