//! Whom a shock attacker may attack (Alesia 7.11, 9.26): the enemies in its
//! stack's front hexes (all six where the game gives an all-round front,
//! [`GroundRules::all_round_front`]), where the game lets it attack into
//! ([`ShockRules::may_attack_into`]; the family: cavalry not across a wall
//! without a gate, nor into terrain it could not enter).

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::table::terrain::{Cost, MoverClass};
use hexx::Hex;

use super::shock::ShockRules;
use crate::field::{Field, Uid};
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;

/// The hexes a stack in `hex` attacks into: its top unit's two front hexes,
/// all six where the game gives an all-round front, and the places it is
/// side-linked to (on a board with places).
#[must_use]
pub fn front_hexes<G: GroundRules>(field: &Field<G>, hex: Hex) -> Vec<Hex> {
    let board = field.setup().board();
    let Some(facing) = field.stack(hex).top().and_then(|u| field.unit(u)).map(|s| s.facing) else {
        return Vec::new();
    };
    let dirs: Vec<Direction> = if G::all_round_front(field, hex) {
        Direction::ALL.to_vec()
    } else {
        facing.front().to_vec()
    };
    // A side link (a Block's Points, Alexandria 5.23) is a front whatever
    // the facing: a Block has none, and is entered regardless of it (5.32).
    dirs.into_iter()
        .filter_map(|d| board.neighbor(hex, d))
        .chain(board.side_neighbors(hex))
        .collect()
}

/// The family's limits on attacking (Alesia 9.26): a cavalry unit does not
/// attack across a wall without a gate, nor into a hex whose natural terrain
/// it could not enter; infantry attacks anywhere.
#[must_use]
pub fn family_may_attack_into<G: SimpleGame>(
    field: &Field<G>,
    uid: Uid,
    from: Hex,
    to: Hex,
) -> bool {
    let setup = field.setup();
    let Some(profile) = setup.unit_profile(uid) else {
        return false;
    };
    if !profile.unit_type.is_cavalry() {
        return true;
    }
    let board = setup.board();
    let side = Direction::between(from, to).map(|d| board.hexside(from, d));
    let wall = side.is_some_and(|s| s.is_wall() && !s.contains(HexsideFeature::Gate));
    let enterable = board
        .terrain(to)
        .and_then(|t| setup.enter_cost(t, MoverClass::Cavalry))
        .is_some_and(|c| matches!(c, Cost::Mp(_)));
    !wall && enterable
}

/// The enemy hexes unit `uid` may attack from where it stands.
#[must_use]
pub fn targets_of<G: ShockRules>(field: &Field<G>, uid: Uid) -> Vec<Hex> {
    let setup = field.setup();
    let (Some(at), Some(side)) = (field.unit(uid).and_then(|s| s.at), setup.unit_side(uid)) else {
        return Vec::new();
    };
    front_hexes(field, at)
        .into_iter()
        .filter(|&h| {
            field.side_in(h).is_some_and(|s| s != side) && G::may_attack_into(field, uid, at, h)
        })
        .collect()
}

/// Every enemy hex `units` may attack from where they stand, each once, in
/// the order found (unit by unit, front hex by front hex).
#[must_use]
pub fn targets_of_all<G: ShockRules>(field: &Field<G>, units: &[Uid]) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = Vec::new();
    for &u in units {
        for h in targets_of(field, u) {
            if !hexes.contains(&h) {
                hexes.push(h);
            }
        }
    }
    hexes
}

/// The units not of `side` in `hexes`, each with its hex, hex by hex in
/// stack order: the defenders an attack on those hexes names.
#[must_use]
pub fn defenders_in<G: SimpleGame>(field: &Field<G>, hexes: &[Hex], side: Side) -> Vec<(Uid, Hex)> {
    let setup = field.setup();
    hexes
        .iter()
        .flat_map(|&h| {
            field
                .stack(h)
                .iter()
                .filter(|&u| setup.unit_side(u) != Some(side))
                .map(move |u| (u, h))
                .collect::<Vec<_>>()
        })
        .collect()
}
