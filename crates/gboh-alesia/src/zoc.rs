//! 7.2 Zones of Control: who exerts one, into which hexes.
//!
//! ```text
//!        NW /\ NE        A cohort facing Twelve exerts its ZOC into its two
//!          |  |          front hexes (NW, NE) only (7.21); an archer also into
//!          |  |          its flank hexes (W, E); artillery exerts none; a unit
//!           \/           in a Redoubt faces all round (6.44), so all six.
//! ```
//!
//! 7.22: a ZOC does not extend into a hex movement could not enter (water, or
//! across an impassable hexside such as the unfilled water ditch), nor up into
//! a Rampart hex from below (it does extend down), nor across a camp, stone or
//! redoubt wall hexside (a gate opening does not block).

use gboh_core::Side;
use gboh_core::board::{HexsideFeature, Terrain, Works};
use gboh_core::facing::{Aspect, Direction};
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use crate::game::{Battlefield, MAX_STACK, Uid};

/// Whether unit `uid` exerts a ZOC at all (7.21): artillery never does, nor
/// do units off the map or routed.
///
/// Routed units "may not do anything else" (10.43) and are not in formation;
/// this engine gives them no ZOC (the rules do not say; noted in
/// docs/rules-coverage.md).
#[must_use]
pub fn exerts_zoc(field: &Battlefield, uid: Uid) -> bool {
    let (Some(info), Some(state)) = (field.setup().unit(uid), field.unit(uid)) else {
        return false;
    };
    state.at.is_some()
        && !info.unit_type().is_artillery()
        && matches!(state.cohesion.status, Status::Fresh | Status::Reduced)
}

/// Whether unit `uid` exerts its ZOC into the adjacent hex in direction `dir`
/// (7.21, 7.22, 6.44).
#[must_use]
pub fn zoc_toward(field: &Battlefield, uid: Uid, dir: Direction) -> bool {
    if !exerts_zoc(field, uid) {
        return false;
    }
    let (Some(info), Some(state)) = (field.setup().unit(uid), field.unit(uid)) else {
        return false;
    };
    let Some(from) = state.at else { return false };
    let board = &field.setup().board;
    let in_redoubt = matches!(board.works(from), Some(Works::Redoubt));
    let aspect = state.facing.aspect(dir);
    let covered = in_redoubt
        || aspect == Aspect::Front
        || (aspect == Aspect::Flank && info.unit_type() == UnitType::AR);
    if !covered {
        return false;
    }
    let Some(to) = board.neighbor(from, dir) else {
        return false;
    };
    zoc_extends(field, from, to, dir)
}

/// 7.22: whether a ZOC can extend from `from` into the adjacent `to`.
#[must_use]
pub fn zoc_extends(field: &Battlefield, from: Hex, to: Hex, dir: Direction) -> bool {
    let board = &field.setup().board;
    let Some(info) = board.info(to) else {
        return false;
    };
    if info.terrain == Terrain::Water {
        return false;
    }
    // Not up into a Rampart hex (it does extend down, and along the walkway).
    if info.works.is_rampart() && !board.is_rampart(from) {
        return false;
    }
    let side = board.hexside(from, dir);
    let wall = side.contains(HexsideFeature::CampWall)
        || side.contains(HexsideFeature::StoneWall)
        || side.contains(HexsideFeature::RedoubtWall)
        || side.contains(HexsideFeature::StoneCrest);
    let opening = side.contains(HexsideFeature::Gate) || side.contains(HexsideFeature::CrestGate);
    if wall && !opening {
        return false;
    }
    // An impassable hexside: the water ditch unless filled to 3 (6.48).
    if side.contains(HexsideFeature::WaterDitch) && field.hexside_fill(from, dir) < 3 {
        return false;
    }
    true
}

/// The units of `side`'s enemies that exert a ZOC into `hex` (7.24: several
/// may), neighbour by neighbour in [`Direction::ALL`] order, each stack top
/// first. Allocation-free.
pub fn enemy_zoc(field: &Battlefield, hex: Hex, side: Side) -> impl Iterator<Item = Uid> + '_ {
    let board = &field.setup().board;
    Direction::ALL.into_iter().flat_map(move |dir| {
        let stack = board.neighbor(hex, dir).map(|n| field.stack(n)).unwrap_or_default();
        (0..MAX_STACK).filter_map(move |k| stack.iter().nth(k)).filter(move |&u| {
            field.setup().unit(u).is_some_and(|i| i.side != side)
                && zoc_toward(field, u, dir.opposite())
        })
    })
}

/// Whether `hex` is in the ZOC of any enemy of `side`.
#[must_use]
pub fn in_enemy_zoc(field: &Battlefield, hex: Hex, side: Side) -> bool {
    enemy_zoc(field, hex, side).next().is_some()
}

/// 9.12: whether an enemy combat unit stands in unit `uid`'s own ZOC (a hex
/// next to it into which it exerts its ZOC, 7.21, 7.22).
#[must_use]
pub fn enemy_in_own_zoc(field: &Battlefield, uid: Uid) -> bool {
    let (Some(at), Some(side)) =
        (field.unit(uid).and_then(|u| u.at), field.setup().unit(uid).map(|i| i.side))
    else {
        return false;
    };
    let board = &field.setup().board;
    Direction::ALL.into_iter().any(|d| {
        board.neighbor(at, d).is_some_and(|n| {
            field.side_in(n).is_some_and(|s| s != side) && zoc_toward(field, uid, d)
        })
    })
}

/// 9.12, at the start of an Activation Phase: sets
/// [`UnitFlags::ENEMY_IN_ZOC_AT_START`](crate::game::UnitFlags::ENEMY_IN_ZOC_AT_START)
/// on each of `units` that has an enemy in its own ZOC now, clears it on the
/// others.
pub fn mark_enemies_in_zoc(field: &mut Battlefield, units: &[Uid]) {
    for &uid in units {
        let on = enemy_in_own_zoc(field, uid);
        if let Some(u) = field.unit_mut(uid) {
            u.flags.set(crate::game::UnitFlags::ENEMY_IN_ZOC_AT_START, on);
        }
    }
}

/// Whether enemy unit `by` exerts its ZOC into `hex` (7.21, 7.22): `hex` must
/// be adjacent to it.
#[must_use]
pub fn exerts_into(field: &Battlefield, by: Uid, hex: Hex) -> bool {
    field
        .unit(by)
        .and_then(|u| u.at)
        .and_then(|at| Direction::between(at, hex))
        .is_some_and(|dir| zoc_toward(field, by, dir))
}

/// The enemy ZOC over the whole board for one side, computed once: how many
/// enemy units exert a ZOC into each hex (7.21-7.24), by board index.
///
/// Movement asks "is this hex in an enemy ZOC?" for every hex it searches;
/// building the map is one pass over the enemy units, so a search that visits
/// hundreds of hexes pays for it many times over. The buffer is reused.
///
/// ```
/// use gboh_alesia::game::{Battlefield, Setup};
/// use gboh_alesia::zoc::ZocMap;
/// use gboh_core::{Side, facing::Facing};
/// let setup = Setup::shared().unwrap();
/// let mut field = Battlefield::new(setup.clone());
/// let b = &setup.board;
/// // 7.22's example: a cohort on the rampart W5214 faces the BI below in W5213.
/// field.move_unit(setup.uid("X-1").unwrap(), b.hex_of("W5214").unwrap(), Facing::Ten).unwrap();
/// let mut map = ZocMap::default();
/// map.build(&field, Side::Adversary);
/// assert!(map.contains(b, b.hex_of("W5213").unwrap()));
/// assert!(!map.contains(b, b.hex_of("W5215").unwrap()));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZocMap {
    counts: Vec<u8>,
}

impl ZocMap {
    /// Recomputes the map of the ZOC that `side`'s enemies exert.
    pub fn build(&mut self, field: &Battlefield, side: Side) {
        let board = &field.setup().board;
        self.counts.clear();
        self.counts.resize(board.len(), 0);
        for (i, (info, state)) in field.setup().units.iter().zip(field.units()).enumerate() {
            let Some(at) = state.at else { continue };
            if info.side == side {
                continue;
            }
            let Ok(raw) = u16::try_from(i) else { continue };
            let uid = Uid(raw);
            if !exerts_zoc(field, uid) {
                continue;
            }
            for dir in Direction::ALL {
                if let Some(j) = board.neighbor(at, dir).and_then(|n| board.index(n))
                    && zoc_toward(field, uid, dir)
                    && let Some(c) = self.counts.get_mut(j)
                {
                    *c = c.saturating_add(1);
                }
            }
        }
    }

    /// Forgets every ZOC (no hex is in one).
    pub fn clear(&mut self) {
        self.counts.clear();
    }

    /// How many enemy units exert a ZOC into the hex with board index `index`.
    #[must_use]
    pub fn count_at(&self, index: usize) -> u8 {
        self.counts.get(index).copied().unwrap_or(0)
    }

    /// Whether the hex with board index `index` is in an enemy ZOC.
    #[must_use]
    pub fn at(&self, index: usize) -> bool {
        self.count_at(index) > 0
    }

    /// Whether `hex` is in an enemy ZOC.
    #[must_use]
    pub fn contains(&self, board: &gboh_core::board::Board, hex: Hex) -> bool {
        board.index(hex).is_some_and(|i| self.at(i))
    }
}
