//! Zones of Control ([`Rule::ZonesOfControl`], Alesia 7.2): who exerts one,
//! into which hexes.
//!
//! ```text
//!        NW /\ NE        A unit facing Twelve exerts its ZOC into its two
//!          |  |          front hexes (NW, NE) only; an archer also into its
//!          |  |          flank hexes (W, E); artillery exerts none; a unit
//!           \/           the game makes face all round (Alesia's redoubt,
//!                        6.44) into all six.
//! ```
//!
//! Where a ZOC extends is the game's ([`GroundRules::zoc_extends`]; the
//! family's default: not into water, not across a wall except through its
//! gate).
//!
//! [`Rule::ZonesOfControl`]: crate::Rule::ZonesOfControl

use gboh_core::Side;
use gboh_core::board::{Board, HexWorks};
use gboh_core::facing::{Aspect, Direction};
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use super::GroundRules;
use crate::field::{Field, MAX_STACK, Uid, UnitFlags};
use crate::game::Roster;

/// Whether unit `uid` exerts a ZOC at all (7.21): artillery never does, nor
/// do units off the map or routed.
///
/// Routed units "may not do anything else" (Alesia 10.43) and are not in
/// formation; this engine gives them no ZOC (the rules do not say; noted in
/// docs/rules-coverage.md).
#[must_use]
pub fn exerts_zoc<G: GroundRules>(field: &Field<G>, uid: Uid) -> bool {
    let (Some(profile), Some(state)) = (field.setup().unit_profile(uid), field.unit(uid)) else {
        return false;
    };
    state.at.is_some()
        && !profile.unit_type.is_artillery()
        && matches!(state.cohesion.status, Status::Fresh | Status::Reduced)
}

/// Whether unit `uid` exerts its ZOC into the adjacent hex in direction `dir`
/// (Alesia 7.21, 7.22, 6.44).
#[must_use]
pub fn zoc_toward<G: GroundRules>(field: &Field<G>, uid: Uid, dir: Direction) -> bool {
    if !exerts_zoc(field, uid) {
        return false;
    }
    let (Some(profile), Some(state)) = (field.setup().unit_profile(uid), field.unit(uid)) else {
        return false;
    };
    let Some(from) = state.at else { return false };
    let board = field.setup().board();
    let aspect = state.facing.aspect(dir);
    let covered = aspect == Aspect::Front
        || (aspect == Aspect::Flank && profile.unit_type == UnitType::AR)
        || G::all_round_front(field, from);
    if !covered {
        return false;
    }
    let Some(to) = board.neighbor(from, dir) else {
        return false;
    };
    zoc_extends(field, from, to, dir)
}

/// Whether a ZOC can extend from `from` into the adjacent `to`: the game's
/// rule ([`GroundRules::zoc_extends`], Alesia 7.22).
#[must_use]
pub fn zoc_extends<G: GroundRules>(field: &Field<G>, from: Hex, to: Hex, dir: Direction) -> bool {
    G::zoc_extends(field, from, to, dir)
}

/// The units of `side`'s enemies that exert a ZOC into `hex` (Alesia 7.24:
/// several may), neighbour by neighbour in [`Direction::ALL`] order, each
/// stack top first. Allocation-free.
pub fn enemy_zoc<G: GroundRules>(
    field: &Field<G>,
    hex: Hex,
    side: Side,
) -> impl Iterator<Item = Uid> + '_ {
    let board = field.setup().board();
    Direction::ALL.into_iter().flat_map(move |dir| {
        let stack = board.neighbor(hex, dir).map(|n| field.stack(n)).unwrap_or_default();
        (0..MAX_STACK).filter_map(move |k| stack.iter().nth(k)).filter(move |&u| {
            field.setup().unit_side(u).is_some_and(|s| s != side)
                && zoc_toward(field, u, dir.opposite())
        })
    })
}

/// Whether `hex` is in the ZOC of any enemy of `side`.
#[must_use]
pub fn in_enemy_zoc<G: GroundRules>(field: &Field<G>, hex: Hex, side: Side) -> bool {
    enemy_zoc(field, hex, side).next().is_some()
}

/// Whether an enemy combat unit stands in unit `uid`'s own ZOC (a hex next
/// to it into which it exerts its ZOC), for [`Rule::ShockEligibility`]
/// (Alesia 9.12).
///
/// [`Rule::ShockEligibility`]: crate::Rule::ShockEligibility
#[must_use]
pub fn enemy_in_own_zoc<G: GroundRules>(field: &Field<G>, uid: Uid) -> bool {
    let (Some(at), Some(side)) = (field.unit(uid).and_then(|u| u.at), field.setup().unit_side(uid))
    else {
        return false;
    };
    let board = field.setup().board();
    Direction::ALL.into_iter().any(|d| {
        board.neighbor(at, d).is_some_and(|n| {
            field.side_in(n).is_some_and(|s| s != side) && zoc_toward(field, uid, d)
        })
    })
}

/// [`Rule::ShockEligibility`] (Alesia 9.12), at the start of an Activation
/// Phase: sets [`UnitFlags::ENEMY_IN_ZOC_AT_START`] on each of `units` that
/// has an enemy in its own ZOC now, clears it on the others.
///
/// [`Rule::ShockEligibility`]: crate::Rule::ShockEligibility
pub fn mark_enemies_in_zoc<G: GroundRules>(field: &mut Field<G>, units: &[Uid]) {
    for &uid in units {
        let on = enemy_in_own_zoc(field, uid);
        if let Some(u) = field.unit_mut(uid) {
            u.flags.set(UnitFlags::ENEMY_IN_ZOC_AT_START, on);
        }
    }
}

/// Whether enemy unit `by` exerts its ZOC into `hex` (Alesia 7.21, 7.22):
/// `hex` must be adjacent to it.
#[must_use]
pub fn exerts_into<G: GroundRules>(field: &Field<G>, by: Uid, hex: Hex) -> bool {
    field
        .unit(by)
        .and_then(|u| u.at)
        .and_then(|at| field.setup().board().direction(at, hex))
        .is_some_and(|dir| zoc_toward(field, by, dir))
}

/// The enemy ZOC over the whole board for one side, computed once: how many
/// enemy units exert a ZOC into each hex (Alesia 7.21-7.24), by board index.
///
/// Movement asks "is this hex in an enemy ZOC?" for every hex it searches;
/// building the map is one pass over the enemy units, so a search that visits
/// hundreds of hexes pays for it many times over. The buffer is reused.
///
/// ```
/// use gboh_core::{Side, facing::Facing};
/// use gboh_simple::ground::zoc::ZocMap;
/// use gboh_simple::{Field, Uid};
/// # use gboh_simple::doc_game::Tiny;
/// let setup = Tiny::roster();
/// let mut field: Field<Tiny> = Field::new(setup.clone());
/// // The Roman cohort in the centre of the little board faces Twelve.
/// let centre = setup.board.hex_of("T0202").unwrap();
/// field.move_unit(Uid(0), centre, Facing::Twelve).unwrap();
/// let mut map = ZocMap::default();
/// map.build(&field, Side::Adversary);
/// let front = Facing::Twelve.front().map(|d| Tiny::neighbor(centre, d));
/// assert!(front.iter().all(|&h| map.contains(&setup.board, h)));
/// assert_eq!(map.hexes(&setup.board).count(), 2);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ZocMap {
    counts: Vec<u8>,
}

impl ZocMap {
    /// Recomputes the map of the ZOC that `side`'s enemies exert.
    pub fn build<G: GroundRules>(&mut self, field: &Field<G>, side: Side) {
        let board = field.setup().board();
        self.counts.clear();
        self.counts.resize(board.len(), 0);
        for (i, state) in field.units().iter().enumerate() {
            let Some(at) = state.at else { continue };
            let Ok(raw) = u16::try_from(i) else { continue };
            let uid = Uid(raw);
            if field.setup().unit_side(uid) != Some(side.opponent()) {
                continue;
            }
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
    pub fn contains<W: HexWorks>(&self, board: &Board<W>, hex: Hex) -> bool {
        board.index(hex).is_some_and(|i| self.at(i))
    }

    /// The hexes in an enemy ZOC, in board order.
    pub fn hexes<'a, W: HexWorks>(&'a self, board: &'a Board<W>) -> impl Iterator<Item = Hex> + 'a {
        (0..self.counts.len()).filter(|&i| self.at(i)).filter_map(|i| board.hex_at(i))
    }
}
