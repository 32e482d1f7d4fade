//! 10.32 and 6.72 for routed units: Romans rout to the nearest camp, Gauls
//! to the town, and stay once there; no routed unit crosses a fortified
//! hexside, except through a gate of its own side inward or of the
//! opponent's outward.
//!
//! How a unit finds its way (Reconstructed; the rule says only "to the
//! nearest camp", "to the town"): it aims at the inside hex of the nearest
//! gate of its refuge (a camp's for a Roman, the town's for a Gaul), the
//! only way in a routed unit has, and each step of the engine's rout move
//! (SPQR 10.1: into one of the two front hexes of the facing it is given,
//! vacant and out of enemy ZOC if it can; 6.6 through friends) takes it as
//! near that gate as the engine's step can.

use gboh_core::Side;
use gboh_core::board::{Board, HexsideFeature};
use gboh_core::facing::{Direction, Facing};
use gboh_standard::state::Field;
use hexx::Hex;

use crate::map::{self, areas};

/// Whether `hex` is where `side`'s routed units find refuge and stay
/// (10.32: a Roman camp for Rome, the town for the Gauls).
#[must_use]
pub fn in_refuge(board: &Board, side: Side, hex: Hex) -> bool {
    match side {
        Side::Roman => map::in_roman_camp(board, hex),
        Side::Adversary => board.in_area(areas::GERGOVIA, hex),
    }
}

/// The inside hexes of the gates of `side`'s refuges (the camps' gates for
/// Rome, the town's for the Gauls), in board order.
#[must_use]
pub fn refuge_gates(board: &Board, side: Side) -> Vec<Hex> {
    let wall =
        if side == Side::Roman { HexsideFeature::CampWall } else { HexsideFeature::TownWall };
    board
        .hexsides()
        .filter(|(_, _, f)| f.contains(HexsideFeature::Gate) && f.contains(wall))
        .filter_map(|(h, d, _)| {
            let other = d.neighbor(h);
            if in_refuge(board, side, h) {
                Some(h)
            } else if in_refuge(board, side, other) {
                Some(other)
            } else {
                None
            }
        })
        .collect()
}

/// 10.32: the facing unit `unit` routs toward (the engine moves it into one
/// of that facing's front hexes), or `None` when it stays: a routed Roman
/// in a camp, a routed Gaul in the town.
///
/// The facing is chosen by where the engine's rout step (SPQR 10.1, 6.6)
/// would take the unit under it: of the six facings, the one whose step
/// ends nearest the nearest gate of its refuge (the first in clock order on
/// a tie, so the choice never depends on anything else). A unit that can
/// step nowhere gets the facing straight at the gate, and the engine does
/// with it what SPQR says of a unit that cannot rout.
#[must_use]
pub fn rout_facing(field: &Field, unit: usize) -> Option<Facing> {
    let side = field.side(unit)?;
    let at = field.units.get(unit)?.hex;
    let board = field.board();
    if in_refuge(board, side, at) {
        return None;
    }
    let gates = refuge_gates(board, side);
    let target = gates.iter().copied().min_by_key(|&g| Field::distance(at, g))?;
    let straight = Facing::ALL.into_iter().min_by_key(|f| {
        f.front().iter().map(|d| Field::distance(d.neighbor(at), target)).min().unwrap_or(u32::MAX)
    });
    let best = Facing::ALL
        .into_iter()
        .filter_map(|f| rout_step(field, side, at, f).map(|h| (Field::distance(h, target), f)))
        .min_by_key(|&(d, _)| d)
        .map(|(_, f)| f);
    best.or(straight)
}

/// Where the engine's rout step would take a unit of `side` from `at`
/// under facing `facing` (SPQR 10.1: a front hex, vacant and out of enemy
/// ZOC if it can, else vacant; SPQR 6.6: else through friends into the
/// vacant hex beyond), with 6.72's walls; `None`: nowhere, or off the map.
fn rout_step(field: &Field, side: Side, at: Hex, facing: Facing) -> Option<Hex> {
    let board = field.board();
    let dirs = facing.front();
    if dirs.iter().any(|d| !board.contains(d.neighbor(at))) {
        return None;
    }
    let open = |from: Hex, d: Direction| {
        let h = d.neighbor(from);
        board.contains(h) && field.unit_at(h).is_none() && may_cross(board, side, from, d)
    };
    if let Some(d) =
        dirs.iter().find(|&&d| open(at, d) && !field.in_enemy_zoc(d.neighbor(at), side))
    {
        return Some(d.neighbor(at));
    }
    if let Some(d) = dirs.iter().find(|&&d| open(at, d)) {
        return Some(d.neighbor(at));
    }
    dirs.iter().find_map(|&d| {
        let mid = d.neighbor(at);
        let friends = field.units_at(mid);
        let friendly = !friends.is_empty() && friends.iter().all(|&f| field.side(f) == Some(side));
        (friendly && may_cross(board, side, at, d) && open(mid, d)).then(|| d.neighbor(mid))
    })
}

/// 6.72: may a routed (or retreating) unit of `side` cross from `from`
/// toward `dir`? Not over a camp wall or the town wall; through a gate only
/// inward if the gate is its own side's, outward if the opponent's.
#[must_use]
pub fn may_cross(board: &Board, side: Side, from: Hex, dir: Direction) -> bool {
    let has = |f| board.has_hexside(from, dir, f);
    let (owner, town) = if has(HexsideFeature::TownWall) {
        (Side::Adversary, true)
    } else if has(HexsideFeature::CampWall) {
        (Side::Roman, false)
    } else {
        return true;
    };
    if !has(HexsideFeature::Gate) {
        return false;
    }
    let to = dir.neighbor(from);
    let inside = |h: Hex| {
        if town { board.in_area(areas::GERGOVIA, h) } else { map::in_roman_camp(board, h) }
    };
    let inward = inside(to) && !inside(from);
    if owner == side { inward } else { !inward }
}
