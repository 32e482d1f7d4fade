//! 6.1 Movement Allowances, and which units of the active command may take a
//! movement action now.
//!
//! - 6.11: a unit's printed MA is its allowance for one activation; 6.72:
//!   one less when Disordered; 6.47: one less while carrying Fill; 6.5:
//!   doubled when Rapid Marching.
//! - A unit that removes its Disorder (6.73) or places its Fill (6.47)
//!   keeps the reduced allowance for the rest of the activation: those
//!   actions charge the lost point to [`UnitState::mp_spent`] along with
//!   their cost, so that MP left = current MA - MP spent stays right.
//! - 6.31: one unit's movement is completed before another's begins (the
//!   activation's `moving` unit); 6.12: the leader moves after his units;
//!   6.65: only the top unit of a stack moves; 8.52, 8.58, 8.12: artillery.
//!
//! [`UnitState::mp_spent`]: crate::game::UnitState::mp_spent

use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use super::cost;
use super::error::MoveError;
use super::rules::MoveRules;
use super::tether;
use crate::command::Command;
use crate::game::{Battlefield, Membership, Uid, UnitFlags};
use crate::protocol::Alesia;

/// 6.11, 6.72, 6.47, 6.5: unit `uid`'s Movement Allowance this activation.
#[must_use]
pub fn unit_allowance(field: &Battlefield, uid: Uid) -> u8 {
    let (Some(info), Some(state)) = (field.setup().unit(uid), field.unit(uid)) else {
        return 0;
    };
    let mut ma = info.profile.ma;
    if state.flags.has(UnitFlags::DISORDERED) {
        ma = ma.saturating_sub(1); // 6.72
    }
    if state.flags.has(UnitFlags::CARRYING_FILL) {
        ma = ma.saturating_sub(1); // 6.47
    }
    if state.flags.has(UnitFlags::RAPID_MARCHING) {
        ma = ma.saturating_mul(2); // 6.5
    }
    ma
}

/// The MP unit `uid` has left this activation.
#[must_use]
pub fn mp_left(field: &Battlefield, uid: Uid) -> u8 {
    let spent = field.unit(uid).map_or(0, |u| u.mp_spent);
    unit_allowance(field, uid).saturating_sub(spent)
}

/// Where a unit's movement starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    /// On the map, in this hex.
    Hex(Hex),
    /// Atop its Tribal Counter in this hex (5.48, 6.21).
    Counter(Hex),
    /// Off the map, entering through the scenario's entry hexes (12.1).
    Entry,
}

impl Origin {
    /// The hex, if it starts in one.
    #[must_use]
    pub const fn hex(self) -> Option<Hex> {
        match self {
            Origin::Hex(h) | Origin::Counter(h) => Some(h),
            Origin::Entry => None,
        }
    }
}

fn entering_alesia_force(game: &Alesia, rules: &MoveRules, uid: Uid) -> bool {
    let field = &game.field;
    let (Some(info), Some(state)) = (field.setup().unit(uid), field.unit(uid)) else {
        return false;
    };
    game.active_command() == Some(&Command::AlesiaForce)
        && info.membership == Membership::AlesiaForce
        && state.at.is_none()
        && !state.flags.has(UnitFlags::ON_COUNTER)
        && matches!(state.cohesion.status, Status::Fresh | Status::Reduced)
        && !rules.alesia_force_entry.is_empty()
}

/// Whether `uid` is one of the units the active command activated: listed
/// by the activation, waiting atop a Tribal Counter of the command (6.21), or
/// an off-map Alesia Force unit the scenario lets enter (12.1).
#[must_use]
pub fn is_activated(game: &Alesia, rules: &MoveRules, uid: Uid) -> bool {
    let Some(a) = game.turn.play.current.as_ref() else {
        return false;
    };
    a.units.contains(&uid)
        || (tether::on_counter(&game.field, uid).is_some() && a.command.covers(&game.field, uid))
        || entering_alesia_force(game, rules, uid)
}

/// The units of the active command that might take a movement action, in
/// [`Uid`] order.
#[must_use]
pub fn candidates(game: &Alesia, rules: &MoveRules) -> Vec<Uid> {
    let Some(a) = game.turn.play.current.as_ref() else {
        return Vec::new();
    };
    let mut listed = a.units.clone();
    listed.sort_unstable();
    let mut out = listed.clone();
    for (i, _) in game.setup().units.iter().enumerate() {
        let Ok(raw) = u16::try_from(i) else { continue };
        let uid = Uid(raw);
        if ((tether::on_counter(&game.field, uid).is_some() && a.command.covers(&game.field, uid))
            || entering_alesia_force(game, rules, uid))
            && listed.binary_search(&uid).is_err()
        {
            out.push(uid);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// How far unit `uid` can get: the hex its move starts in and the most hexes
/// from it that any of its Moves can end: its MP left over the fewest MP a
/// step into a hex can cost on this chart (6.31,
/// [`TerrainEffects::min_step_mp`]). `None` when there is no such bound: a
/// unit entering the map (12.1, it may start in any entry hex), a unit that
/// may not move now, or a chart with a free step.
///
/// [`TerrainEffects::min_step_mp`]: gboh_core::table::terrain::TerrainEffects::min_step_mp
#[must_use]
pub fn reach_bound(game: &Alesia, rules: &MoveRules, uid: Uid) -> Option<(Hex, u8)> {
    let start = origin(game, rules, uid, Purpose::Move).ok()?.hex()?;
    let step = game.setup().min_step_mp();
    (step > 0).then(|| (start, mp_left(&game.field, uid) / step))
}

/// Whether the activated leader has moved (6.12: then his units have
/// finished).
#[must_use]
pub fn leader_has_moved(game: &Alesia) -> bool {
    game.active_command()
        .and_then(|c| c.leader(&game.field))
        .and_then(|l| game.field.leader(l))
        .is_some_and(|l| l.mp_spent > 0)
}

/// What a unit needs to be allowed to do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// Move or pivot (6.31, 6.65: the top unit only).
    Move,
    /// Declare Rapid March, switch the stack, remove Disorder.
    Act,
    /// Place Fill: also allowed to the moving unit that stopped in an enemy
    /// ZOC (7.13, 7.23).
    PlaceFill,
}

/// Why unit `uid` may not take a movement action now, or where its movement
/// starts.
///
/// # Errors
/// The first rule that forbids it, in the order: activation (5.1, 4.1),
/// elimination, map, leader (6.12), movement over (6.31), sole actions (8.44,
/// 8.52, 10.5), shock (9.0), artillery (8.58, 8.12, 8.52), stack top (6.65).
pub fn origin(
    game: &Alesia,
    rules: &MoveRules,
    uid: Uid,
    purpose: Purpose,
) -> Result<Origin, MoveError> {
    let field = &game.field;
    let activation = game.turn.play.current.as_ref().ok_or(MoveError::NoActivation)?;
    let info = field.setup().unit(uid).ok_or(MoveError::UnknownPiece)?;
    let state = field.unit(uid).ok_or(MoveError::UnknownPiece)?;
    if !is_activated(game, rules, uid) {
        return Err(MoveError::NotActivated(uid));
    }
    if state.cohesion.status == Status::Eliminated {
        return Err(MoveError::Eliminated(uid));
    }
    let origin = if let Some(h) = state.at {
        Origin::Hex(h)
    } else if let Some(h) = tether::on_counter(field, uid) {
        Origin::Counter(h)
    } else if entering_alesia_force(game, rules, uid) {
        Origin::Entry
    } else {
        return Err(MoveError::NotOnMap(uid));
    };
    if leader_has_moved(game) {
        return Err(MoveError::LeaderMoved);
    }
    crate::combat::may_move(game, uid).map_err(MoveError::Combat)?;
    let current = activation.moving == Some(uid);
    if state.flags.has(UnitFlags::DONE_MOVING) && !(purpose == Purpose::PlaceFill && current) {
        return Err(MoveError::MovementOver(uid));
    }
    if state.flags.has(UnitFlags::SOLE_ACTION) || state.flags.has(UnitFlags::SHOCKED) {
        return Err(MoveError::ActedInstead(uid));
    }
    let t = info.unit_type();
    if t.is_artillery() {
        if state.flags.has(UnitFlags::FIRE_MODE) {
            return Err(MoveError::FireMode(uid));
        }
        if state.fires > 0 {
            return Err(MoveError::ArtilleryFired(uid));
        }
        if t == UnitType::Scorpio && state.at.is_some_and(|h| cost::is_rampart(field, h)) {
            return Err(MoveError::TowerScorpio(uid));
        }
    }
    if purpose == Purpose::Move
        && let Some(h) = state.at
        && field.stack(h).top() != Some(uid)
    {
        return Err(MoveError::NotTop(uid));
    }
    Ok(origin)
}
