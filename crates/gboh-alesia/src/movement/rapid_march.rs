//! 6.5 Rapid March (Roman only).
//!
//! "Roman Cohorts, when activated and in Command Range, may double their
//! Movement Allowance if they: enter only hexes that cost (including hexside
//! costs) 1 MP to enter; do not move adjacent to a Gallic combat unit,
//! regardless of location; do not start movement within 3 hexes of a Gallic
//! combat unit, unless that Gallic unit is outside the Vallations and the
//! Roman unit is inside."
//!
//! The three conditions are read as all applying (the rulebook joins them
//! with "or", but each is a restriction of the march). A cohort declares the
//! march ([`MoveAction::RapidMarch`](super::MoveAction::RapidMarch)) before
//! it moves; its MA is then doubled ([`super::allowance`]) and every step of
//! its moves must satisfy the first two conditions ([`super::step`]). The
//! first march in an Assault Period is free; each later one costs a hit.

use crate::map::{Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::unit::{Status, UnitType};

use super::allowance::{self, Origin, Purpose};
use super::error::MoveError;
use super::rules::MoveRules;
use crate::game::{Uid, UnitFlags};
use crate::protocol::Alesia;

/// 6.5: how near a Gallic combat unit a cohort may not start a march.
pub const START_DISTANCE: u32 = 3;

/// 6.5: whether cohort `uid` may declare Rapid March now; `Ok(true)` if it
/// will cost a hit (it has marched before this Assault Period).
///
/// # Errors
/// [`MoveError::RapidMarch`] naming the condition it fails, or why the unit
/// may not act at all.
pub fn check(game: &Alesia, rules: &MoveRules, uid: Uid) -> Result<bool, MoveError> {
    let field = &game.field;
    let origin = allowance::origin(game, rules, uid, Purpose::Act)?;
    let info = field.setup().unit(uid).ok_or(MoveError::UnknownPiece)?;
    let state = field.unit(uid).ok_or(MoveError::UnknownPiece)?;
    if info.side != Side::Roman || info.unit_type() != UnitType::CO {
        return Err(MoveError::RapidMarch("only roman cohorts may rapid march"));
    }
    if state.cohesion.status == Status::Routed {
        return Err(MoveError::RapidMarch("a routed cohort may only move (10.43)"));
    }
    if game.turn.play.current.as_ref().is_some_and(|a| a.own.out_of_range.contains(&uid)) {
        return Err(MoveError::RapidMarch("only cohorts in command range may rapid march"));
    }
    if state.flags.has(UnitFlags::RAPID_MARCHING) {
        return Err(MoveError::RapidMarch("the cohort is already rapid marching"));
    }
    if state.mp_spent > 0 || state.flags.has(UnitFlags::MOVED) {
        return Err(MoveError::RapidMarch("a cohort declares rapid march before it moves"));
    }
    let Origin::Hex(at) = origin else {
        return Err(MoveError::NotOnMap(uid));
    };
    let board = &field.setup().board;
    let roman_inside = board.region(at) == Some(Region::Inside);
    let too_close = field
        .setup()
        .units
        .iter()
        .zip(field.units())
        .filter(|(i, _)| i.side == Side::Adversary)
        .filter_map(|(_, s)| s.at)
        .any(|g| {
            let exempt = board.region(g) != Some(Region::Inside) && roman_inside;
            g.unsigned_distance_to(at) <= START_DISTANCE && !exempt
        });
    if too_close {
        return Err(MoveError::RapidMarch(
            "a cohort may not start a rapid march within 3 hexes of a gallic combat unit, unless that unit is outside the vallations and the cohort inside",
        ));
    }
    Ok(state.flags.has(UnitFlags::RAPID_MARCHED))
}
