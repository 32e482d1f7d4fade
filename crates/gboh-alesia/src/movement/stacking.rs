//! 6.6 Stacking: who may share a hex, during movement and at its end (6.61,
//! 8.57, 5.64), and what moving into or through friends costs (6.63).
//!
//! | where | may hold |
//! |---|---|
//! | Rampart hex | one infantry (CO, BI, LI) plus one artillery or archer in the tower; cavalry only alone |
//! | Redoubt | two foot of any type and command, or one foot and one artillery |
//! | the oppidum (Town), Alesia Force only | three units (5.64) |
//! | anywhere else | two of the same type and legion or tribe (clients apart: [`UnitInfo::stack_group`]), or one foot and one artillery |
//!
//! Everywhere: one artillery unit at most (8.57); leaders and markers do not
//! count (6.62); enemies never (6.64, checked by the caller).
//!
//! The engine holds the family's rule and the walk
//! ([`gboh_simple::ground::stacking`]); this module holds Alesia's changes.
//!
//! [`UnitInfo::stack_group`]: crate::game::UnitInfo::stack_group

use gboh_core::board::Terrain;
use gboh_simple::ground::stacking::{self as engine, StackCounts, StackingError};
use hexx::Hex;

pub use gboh_simple::ground::stacking::{FriendsEntry, friends_in, joined_facing};

use super::cost::{self, Mover};
use super::error::MoveError;
use crate::game::{Battlefield, Membership, Setup, SiegeOfAlesia, Uid};
use crate::tables::MoveKey;

impl From<StackingError> for MoveError {
    fn from(e: StackingError) -> MoveError {
        match e {
            StackingError::Illegal { section, what } => MoveError::Stacking { rule: section, what },
            StackingError::MissingChartRow(_) => {
                MoveError::MissingTerrainRow(MoveKey::StackThroughFriends.as_str())
            }
        }
    }
}

fn err(rule: &'static str, what: &'static str) -> StackingError {
    StackingError::Illegal { section: rule, what }
}

/// Whether the combat units `units` may share `hex` (6.61, 8.57, 5.64).
///
/// # Errors
/// [`MoveError::Stacking`], citing the rule the stack breaks.
pub fn check_stack(field: &Battlefield, hex: Hex, units: &[Uid]) -> Result<(), MoveError> {
    Ok(engine::check_stack(field, hex, units)?)
}

/// Alesia's stacking (the table above): the family's rule
/// ([`engine::family_check_stack`]) except in rampart and redoubt hexes and
/// for the Alesia Force in the oppidum. The engine's
/// [`GroundRules::check_stack`](gboh_simple::GroundRules::check_stack) for
/// [`SiegeOfAlesia`].
pub(crate) fn alesia_check_stack(
    field: &Battlefield,
    hex: Hex,
    units: &[Uid],
) -> Result<(), StackingError> {
    let setup: &Setup = field.setup();
    let counts = StackCounts::of(setup, units);
    let StackCounts { units: n, artillery, cavalry, infantry, archers, foot } = counts;
    if n <= 1 {
        return Ok(());
    }
    if artillery > 1 {
        return Err(err("8.57", "only one artillery unit may be in a hex"));
    }
    if cost::is_rampart(field, hex) {
        if cavalry > 0 {
            return Err(err("6.61", "cavalry may not stack with other units in rampart hexes"));
        }
        if infantry > 1 {
            return Err(err("6.61", "one infantry unit may occupy a rampart hex at any time"));
        }
        if artillery + archers > 1 || n > 2 {
            return Err(err(
                "6.61",
                "a rampart's tower holds one artillery or one archer unit beside its infantry",
            ));
        }
        return Ok(());
    }
    if cost::is_redoubt(field, hex) {
        if cavalry > 0 || n > 2 || (artillery > 0 && foot > 1) {
            return Err(err(
                "6.61",
                "a redoubt holds two foot units, or one foot and one artillery unit",
            ));
        }
        return Ok(());
    }
    let oppidum = setup.board.terrain(hex) == Some(Terrain::Town)
        && units
            .iter()
            .filter_map(|&u| setup.unit(u))
            .all(|i| i.membership == Membership::AlesiaForce);
    if oppidum {
        return if n <= 3 {
            Ok(())
        } else {
            Err(err("5.64", "the alesia force stacks at most three to a hex inside alesia"))
        };
    }
    engine::family_pair_rule::<SiegeOfAlesia>(setup, units, counts)
}

/// 6.63 in a rampart hex: "Artillery and Archers in Rampart hexes may be
/// moved into/through at no additional cost"; infantry there may be joined
/// (by artillery or archers, 6.61) but not passed. Elsewhere the family's
/// cost. The engine's
/// [`GroundRules::friends_entry`](gboh_simple::GroundRules::friends_entry)
/// for [`SiegeOfAlesia`].
pub(crate) fn alesia_friends_entry(
    field: &Battlefield,
    hex: Hex,
    friends: &[Uid],
) -> Result<FriendsEntry, StackingError> {
    if cost::is_rampart(field, hex) {
        let setup = field.setup();
        let infantry_there =
            friends.iter().any(|&u| setup.unit(u).is_some_and(|i| i.unit_type().is_infantry()));
        return Ok(FriendsEntry { extra_mp: 0, must_stop: infantry_there, occupied: true });
    }
    engine::family_friends_entry(field, friends)
}

/// 6.61, 6.63: whether `mover` may move into `hex` given the friends there,
/// and what it costs. Leaders ignore stacking (6.62).
///
/// # Errors
/// [`MoveError::Stacking`] when the stack would be illegal, even in passing
/// ("whether during movement or at the completion of movement");
/// [`MoveError::CavalryRedoubt`] for cavalry into an occupied redoubt (6.63).
pub fn entering(field: &Battlefield, hex: Hex, mover: &Mover) -> Result<FriendsEntry, MoveError> {
    if mover.unit.is_some()
        && mover.is_cavalry()
        && cost::is_redoubt(field, hex)
        && friends_in(field, hex, mover).next().is_some()
    {
        return Err(MoveError::CavalryRedoubt(hex));
    }
    Ok(engine::entering(field, hex, mover)?)
}
