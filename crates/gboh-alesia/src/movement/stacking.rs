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
//! [`UnitInfo::stack_group`]: crate::game::UnitInfo::stack_group

use crate::tables::MoveKey;
use gboh_core::board::Terrain;
use gboh_core::facing::Facing;
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::cost::{self, Mover};
use super::error::MoveError;
use crate::game::{Battlefield, Membership, Uid, UnitInfo};

fn err(rule: &'static str, what: &'static str) -> MoveError {
    MoveError::Stacking { rule, what }
}

/// Whether the combat units `units` may share `hex` (6.61, 8.57, 5.64).
///
/// # Errors
/// [`MoveError::Stacking`], citing the rule the stack breaks.
pub fn check_stack(field: &Battlefield, hex: Hex, units: &[Uid]) -> Result<(), MoveError> {
    let setup = field.setup();
    let infos: Vec<Option<&UnitInfo>> = units.iter().map(|&u| setup.unit(u)).collect();
    check_infos(field, hex, &infos)
}

fn check_infos(
    field: &Battlefield,
    hex: Hex,
    infos: &[Option<&UnitInfo>],
) -> Result<(), MoveError> {
    let n = infos.iter().flatten().count();
    if n <= 1 {
        return Ok(());
    }
    let count =
        |f: fn(UnitType) -> bool| infos.iter().flatten().filter(|i| f(i.unit_type())).count();
    let artillery = count(UnitType::is_artillery);
    let cavalry = count(UnitType::is_cavalry);
    let infantry = count(UnitType::is_infantry);
    let archers = count(UnitType::is_archer);
    let foot = count(UnitType::is_foot);
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
    let oppidum = field.setup().board.terrain(hex) == Some(Terrain::Town)
        && infos.iter().flatten().all(|i| i.membership == Membership::AlesiaForce);
    if oppidum {
        return if n <= 3 {
            Ok(())
        } else {
            Err(err("5.64", "the alesia force stacks at most three to a hex inside alesia"))
        };
    }
    if n > 2 {
        return Err(err("6.61", "at most two combat units may share a hex"));
    }
    let mut pair = infos.iter().flatten();
    let (Some(a), Some(b)) = (pair.next(), pair.next()) else {
        return Ok(());
    };
    let same = a.unit_type() == b.unit_type() && a.stack_group == b.stack_group;
    let foot_and_artillery = foot == 1 && artillery == 1;
    if same || foot_and_artillery {
        Ok(())
    } else {
        Err(err(
            "6.61",
            "two units stack only if of the same type and legion or tribe, or one foot and one artillery",
        ))
    }
}

/// What moving into a hex of friends costs, and whether the mover must stop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FriendsEntry {
    /// 6.63: +2 MP into or through friends other than only artillery or
    /// auxiliaries, in a non-rampart hex.
    pub extra_mp: u8,
    /// 6.63: a rampart hex with a friendly infantry unit may be entered (by
    /// artillery or archers, 6.61) but not passed through.
    pub must_stop: bool,
    /// Whether friendly combat units are there.
    pub occupied: bool,
}

/// 6.65: the facing unit `uid` takes when it is put into `to` by a forced
/// move (retreat, rout, advance, pursuit): the facing of the friends already
/// there ("stacked units must have the same facing"), or `own` in an empty
/// hex.
#[must_use]
pub fn joined_facing(field: &Battlefield, uid: Uid, to: Hex, own: Facing) -> Facing {
    Mover::unit(field, uid)
        .and_then(|m| friends_in(field, to, &m).next())
        .and_then(|u| field.unit(u))
        .map_or(own, |u| u.facing)
}

/// The friendly units in `hex` other than the mover, top first.
pub fn friends_in<'a>(
    field: &'a Battlefield,
    hex: Hex,
    mover: &Mover,
) -> impl Iterator<Item = Uid> + 'a {
    let side = mover.side;
    let me = mover.unit;
    let stack = field.stack(hex);
    let setup = field.setup();
    (0..crate::game::MAX_STACK)
        .filter_map(move |k| stack.iter().nth(k))
        .filter(move |&u| Some(u) != me && setup.unit(u).is_some_and(|i| i.side == side))
}

/// 6.61, 6.63: whether `mover` may move into `hex` given the friends there,
/// and what it costs. Leaders ignore stacking (6.62).
///
/// # Errors
/// [`MoveError::Stacking`] when the stack would be illegal, even in passing
/// ("whether during movement or at the completion of movement");
/// [`MoveError::CavalryRedoubt`] for cavalry into an occupied redoubt (6.63).
pub fn entering(field: &Battlefield, hex: Hex, mover: &Mover) -> Result<FriendsEntry, MoveError> {
    let Some(me) = mover.unit else {
        return Ok(FriendsEntry::default());
    };
    let setup = field.setup();
    let mut infos: [Option<&UnitInfo>; crate::game::MAX_STACK + 1] =
        [None; crate::game::MAX_STACK + 1];
    let mut n = 0usize;
    let mut infantry_there = false;
    let mut only_art_aux = true;
    for u in friends_in(field, hex, mover) {
        let Some(info) = setup.unit(u) else { continue };
        infantry_there |= info.unit_type().is_infantry();
        only_art_aux &= info.unit_type().is_artillery() || info.is_auxiliary();
        if let Some(slot) = infos.get_mut(n) {
            *slot = Some(info);
            n += 1;
        }
    }
    if n == 0 {
        return Ok(FriendsEntry::default());
    }
    if mover.is_cavalry() && cost::is_redoubt(field, hex) {
        return Err(MoveError::CavalryRedoubt(hex));
    }
    if let (Some(slot), Some(info)) = (infos.get_mut(n), setup.unit(me)) {
        *slot = Some(info);
    }
    check_infos(field, hex, &infos)?;
    if cost::is_rampart(field, hex) {
        // 6.63: "Artillery and Archers in Rampart hexes may be moved
        // into/through at no additional cost"; infantry may not be passed.
        return Ok(FriendsEntry { extra_mp: 0, must_stop: infantry_there, occupied: true });
    }
    let extra_mp =
        if only_art_aux { 0 } else { cost::move_mp(field, MoveKey::StackThroughFriends)? };
    Ok(FriendsEntry { extra_mp, must_stop: false, occupied: true })
}
