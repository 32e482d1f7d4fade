//! What the ground and stacking mean to combat (6.3, 6.4, 6.6): combat's one
//! seam with the movement rules, whose step costs, stacking and Garden of
//! Death facts it reuses ([`crate::movement::step::unit_step`],
//! [`crate::movement::stacking::check_stack`], [`crate::movement::cost`],
//! [`crate::movement::garden`]).
//!
//! Retreats, pursuits, advances and routed cohorts' places enter hexes as
//! movement would; Retreat Before Shock and pursuit "pay all movement point
//! costs" (9.22).

use crate::map::{Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use gboh_simple::GroundRules;

use crate::game::{Battlefield, SiegeOfAlesia, Uid};
use crate::movement::MoveError;
use crate::movement::{cost, garden, stacking, step};

pub use crate::movement::cost::{is_rampart, is_redoubt, terrain_key as ground_key};
pub use crate::movement::garden::is_garden as is_garden_of_death;

/// The height a hex counts for line of sight, missile DRMs and "from below"
/// (6.42, 8.15 terrain note): its ground, one level more for a rampart that
/// still stands (8.45).
#[must_use]
pub fn height(field: &Battlefield, hex: Hex) -> u8 {
    <SiegeOfAlesia as GroundRules>::height(field, hex)
}

/// The side of a unit.
#[must_use]
pub fn side_of(field: &Battlefield, uid: Uid) -> Option<Side> {
    field.setup().unit(uid).map(|i| i.side)
}

/// The unit type of a unit.
#[must_use]
pub fn type_of(field: &Battlefield, uid: Uid) -> Option<UnitType> {
    field.setup().unit(uid).map(|i| i.unit_type())
}

/// Whether a unit is on the map and not routed or eliminated: able to fight.
#[must_use]
pub fn is_formed(field: &Battlefield, uid: Uid) -> bool {
    field.unit(uid).is_some_and(|u| {
        u.at.is_some() && matches!(u.cohesion.status, Status::Fresh | Status::Reduced)
    })
}

/// Whether any combat unit of `side`'s enemies is in `hex`.
#[must_use]
pub fn enemy_in(field: &Battlefield, hex: Hex, side: Side) -> bool {
    field.side_in(hex).is_some_and(|s| s != side)
}

/// 6.61, 8.57, 6.64: whether `uid` may end in `hex` beside the combat units
/// already there.
#[must_use]
pub fn may_stack(field: &Battlefield, uid: Uid, hex: Hex) -> bool {
    let Some(side) = side_of(field, uid) else {
        return false;
    };
    if enemy_in(field, hex, side) || !field.setup().board.contains(hex) {
        return false;
    }
    let mut units: Vec<Uid> = field.stack(hex).iter().filter(|&u| u != uid).collect();
    units.push(uid);
    // 6.44: cavalry may not end movement in a Redoubt.
    let cavalry_in_redoubt =
        cost::is_redoubt(field, hex) && type_of(field, uid).is_some_and(UnitType::is_cavalry);
    !cavalry_in_redoubt && stacking::check_stack(field, hex, &units).is_ok()
}

/// The Movement Points unit `uid` pays to step from `from` into the adjacent
/// `to` (movement's own step, facing and ZOC aside).
///
/// # Errors
/// Why the step is impossible.
pub fn step_cost(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> Result<u8, MoveError> {
    step::unit_step(field, uid, from, to, false).map(|s| s.mp)
}

/// [`step_cost`] for the first step of a forced or combat move out of the
/// hex the unit stands in (9.22's pursuit into the vacated hex): 6.42's climb
/// from outside is open, as at the start of any move.
///
/// # Errors
/// Why the step is impossible.
pub fn first_step_cost(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> Result<u8, MoveError> {
    step::unit_step(field, uid, from, to, true).map(|s| s.mp)
}

/// How a forced one-hex move (a retreat, 10.21) may enter a hex: freely, or
/// only because it is forced (6.68: onto a Rampart next to a friendly
/// infantry unit on a Rampart, then both are Disordered).
pub use gboh_simple::rules::retreat::RetreatEntry as Entry;

/// 10.21, 10.22: whether unit `uid` in `from` may end a one-hex retreat in
/// the adjacent `to`: a hex movement could enter (6.68 aside, which a forced
/// move may break), not a Garden of Death (10.22), not On Fire (8.43: no unit
/// ends there), not off a Rampart to the outside (10.24 play note), stacking
/// allowed (6.61).
#[must_use]
pub fn retreat_entry(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> Option<Entry> {
    let board = &field.setup().board;
    let off_the_wall_outside = cost::is_rampart(field, from)
        && !cost::is_rampart(field, to)
        && board.region(to) == Some(Region::Outside);
    if garden::is_garden(field, to)
        || field.markers(to).on_fire
        || off_the_wall_outside
        || !may_stack(field, uid, to)
    {
        return None;
    }
    match step::unit_step(field, uid, from, to, false) {
        Ok(_) => Some(Entry::Free),
        Err(MoveError::RampartAdjacency(_)) => Some(Entry::Crowded),
        Err(_) => None,
    }
}
