//! 6.68 infantry side by side on the ramparts, and 6.7 Disorder.
//!
//! ```text
//!   W3410 --walkway-- W3310 --walkway-- W3211
//!   [CO] may not step here:            [CO]
//!   W3310 is adjacent to W3211's friendly infantry (6.68's example)
//! ```
//!
//! - 6.68: an infantry unit (CO, BI, LI) on a rampart may not voluntarily
//!   move into a rampart hex adjacent to a friendly infantry unit on a
//!   rampart; nor may one inside the vallations climb into one (6.68 second
//!   paragraph, and the publisher's ruling that moving onto the rampart from
//!   inside falls under 6.68). Forced there (retreat, advance), both units are
//!   Disordered: [`apply_forced_adjacency`] is for the combat rules to call.
//!   Enemies are not restricted.
//! - 6.72: a Disordered unit's MA is one less (see
//!   [`allowance`](super::allowance)); 6.73: it removes Disorder for 2 MP
//!   when activated, unless it is on a rampart next to a friend on a
//!   rampart.

use crate::map::{Region, SiegeWorks};
use gboh_core::facing::Direction;
use gboh_core::game::Event;
use hexx::Hex;

use super::action::MoveEvent;
use super::cost::{self, Mover};
use super::error::MoveError;
use crate::game::{Battlefield, MAX_STACK, Uid, UnitFlags};
use crate::protocol::AlesiaEvent;

/// The friendly (to `mover`) units in rampart hexes adjacent to `hex`,
/// other than the mover, that match `infantry_only`.
fn rampart_neighbours<'a>(
    field: &'a Battlefield,
    hex: Hex,
    mover: &'a Mover,
    infantry_only: bool,
) -> impl Iterator<Item = Uid> + 'a {
    let board = &field.setup().board;
    Direction::ALL
        .into_iter()
        .filter_map(move |d| board.neighbor(hex, d))
        .filter(move |&n| cost::is_rampart(field, n))
        .flat_map(move |n| {
            let stack = field.stack(n);
            (0..MAX_STACK).filter_map(move |k| stack.iter().nth(k))
        })
        .filter(move |&u| {
            Some(u) != mover.unit
                && field.setup().unit(u).is_some_and(|i| {
                    i.side == mover.side && (!infantry_only || i.unit_type().is_infantry())
                })
        })
}

/// 6.68: whether `mover` entering the rampart hex `to` from `from` would be a
/// voluntary move next to a friendly infantry unit on a rampart.
#[must_use]
pub fn voluntary_entry_forbidden(field: &Battlefield, mover: &Mover, from: Hex, to: Hex) -> bool {
    if !mover.is_infantry() || !cost::is_rampart(field, to) {
        return false;
    }
    let from_rampart = cost::is_rampart(field, from);
    let from_inside = field.setup().board.region(from) == Some(Region::Inside);
    (from_rampart || from_inside) && rampart_neighbours(field, to, mover, true).next().is_some()
}

/// 6.68: the units a forced move (retreat, advance after combat) of `unit`
/// into `to` Disorders: the unit itself and each friendly infantry unit on a
/// rampart adjacent to `to`, when `unit` is infantry and `to` a rampart hex.
/// Empty otherwise.
#[must_use]
pub fn forced_adjacency(field: &Battlefield, unit: Uid, to: Hex) -> Vec<Uid> {
    let Some(mover) = Mover::unit(field, unit) else {
        return Vec::new();
    };
    if !mover.is_infantry() || !cost::is_rampart(field, to) {
        return Vec::new();
    }
    let mut out: Vec<Uid> = rampart_neighbours(field, to, &mover, true).collect();
    if !out.is_empty() {
        out.push(unit);
        out.sort();
        out.dedup();
    }
    out
}

/// 6.68, 6.71: Disorders every unit [`forced_adjacency`] names (call it after
/// the forced move) and pushes a `"6.68"` event for each newly Disordered
/// one. Returns how many were Disordered.
pub fn apply_forced_adjacency(
    field: &mut Battlefield,
    unit: Uid,
    to: Hex,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> usize {
    let mut n = 0;
    for u in forced_adjacency(field, unit, to) {
        if let Some(s) = field.unit_mut(u)
            && !s.flags.has(UnitFlags::DISORDERED)
        {
            s.flags.set(UnitFlags::DISORDERED, true);
            n += 1;
            events.push(Event::new("6.68", AlesiaEvent::Move(MoveEvent::Disordered { unit: u })));
        }
    }
    n
}

/// 6.73: whether `unit` may remove its Disorder now (MP aside).
///
/// # Errors
/// [`MoveError::Disorder`] if it is not Disordered, or is on a rampart next
/// to a friendly unit on a rampart.
pub fn may_remove(field: &Battlefield, unit: Uid) -> Result<(), MoveError> {
    let state = field.unit(unit).ok_or(MoveError::UnknownPiece)?;
    if !state.flags.has(UnitFlags::DISORDERED) {
        return Err(MoveError::Disorder("the unit is not disordered"));
    }
    let mover = Mover::unit(field, unit).ok_or(MoveError::UnknownPiece)?;
    if let Some(at) = state.at
        && cost::is_rampart(field, at)
        && rampart_neighbours(field, at, &mover, false).next().is_some()
    {
        return Err(MoveError::Disorder(
            "disorder may not be removed on a rampart adjacent to another friendly unit on a rampart",
        ));
    }
    Ok(())
}
