//! Who may move ([`may_move`]), why not ([`MoveRefusal`]), and with how
//! many MP ([`mp_left`]).

use gboh_core::facing::Facing;
use gboh_core::unit::Status;
use hexx::Hex;

use crate::field::{Field, UnitFlags};
use crate::ground::GroundRules;
use crate::ground::facing::pivot_cost;
use crate::ground::stacking::Mover;
use crate::id::Uid;
use crate::rule::Rule;

/// Why a unit may not move now, as far as the family's rules go. Each
/// message cites the played game's section.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveRefusal {
    /// No such unit, or it is not on the map.
    #[error("{section}: that unit is not on the map")]
    OffMap {
        /// The unit.
        unit: Uid,
        /// The game's section ([`Rule::Movement`]).
        section: &'static str,
    },
    /// A routed unit only flees; it makes no ordinary move.
    #[error("{section}: a routed unit may not make an ordinary move")]
    Routed {
        /// The unit.
        unit: Uid,
        /// The game's section
        /// ([`Rule::RoutedMayOnlyMove`]).
        section: &'static str,
    },
    /// Its movement is over this activation (another unit began moving, or
    /// it entered an enemy ZOC).
    #[error("{section}: that unit's movement is over this activation")]
    MovementOver {
        /// The unit.
        unit: Uid,
        /// The game's section ([`Rule::Movement`]).
        section: &'static str,
    },
    /// It took an action that is its only one this activation (a rally).
    #[error("{section}: that unit took its only action this activation")]
    ActedInstead {
        /// The unit.
        unit: Uid,
        /// The game's section ([`Rule::SoleAction`]).
        section: &'static str,
    },
    /// It has been in shock this activation: movement is over.
    #[error("{section}: shock follows movement; that unit has been in shock")]
    AfterShock {
        /// The unit.
        unit: Uid,
        /// The game's section ([`Rule::ShockCombat`]).
        section: &'static str,
    },
    /// It is not the top unit of its stack.
    #[error("{section}: only the top unit of a stack may move")]
    NotTop {
        /// The unit.
        unit: Uid,
        /// The game's section ([`Rule::Stacking`]).
        section: &'static str,
    },
    /// It has no MP left, and turning is not free for it.
    #[error("{section}: that unit has no movement points left")]
    NoMpLeft {
        /// The unit.
        unit: Uid,
        /// The game's section
        /// ([`Rule::MovementAllowance`]).
        section: &'static str,
    },
}

impl MoveRefusal {
    /// The played game's section it cites.
    #[must_use]
    pub const fn section(&self) -> &'static str {
        match self {
            MoveRefusal::OffMap { section, .. }
            | MoveRefusal::Routed { section, .. }
            | MoveRefusal::MovementOver { section, .. }
            | MoveRefusal::ActedInstead { section, .. }
            | MoveRefusal::AfterShock { section, .. }
            | MoveRefusal::NotTop { section, .. }
            | MoveRefusal::NoMpLeft { section, .. } => section,
        }
    }

    /// Why, in words, without the section.
    #[must_use]
    pub const fn why(&self) -> &'static str {
        match self {
            MoveRefusal::OffMap { .. } => "that unit is not on the map",
            MoveRefusal::Routed { .. } => "a routed unit may not make an ordinary move",
            MoveRefusal::MovementOver { .. } => "that unit's movement is over this activation",
            MoveRefusal::ActedInstead { .. } => "that unit took its only action this activation",
            MoveRefusal::AfterShock { .. } => "shock follows movement; that unit has been in shock",
            MoveRefusal::NotTop { .. } => "only the top unit of a stack may move",
            MoveRefusal::NoMpLeft { .. } => "that unit has no movement points left",
        }
    }
}

/// Unit `unit`'s MP left this activation: its Movement Allowance
/// ([`GroundRules::movement_allowance`]) less what it spent (none below 0).
#[must_use]
pub fn mp_left<G: GroundRules>(field: &Field<G>, unit: Uid) -> u8 {
    let spent = field.unit(unit).map_or(0, |s| s.mp_spent);
    G::movement_allowance(field, unit).saturating_sub(spent)
}

/// The family's part of whether unit `unit` may move now: on the map, not
/// routed, its movement not over, no sole action taken, not in shock yet,
/// the top of its stack, with MP left (or a free turn). Returns its hex.
/// Whether it is activated, and what else a game forbids, is the game's.
///
/// # Errors
/// The first [`MoveRefusal`] in that order.
pub fn may_move<G: GroundRules>(field: &Field<G>, unit: Uid) -> Result<Hex, MoveRefusal> {
    let section = G::section;
    let (Some(state), Some(mover)) = (field.unit(unit), Mover::unit(field, unit)) else {
        return Err(MoveRefusal::OffMap { unit, section: section(Rule::Movement) });
    };
    let Some(at) = state.at else {
        return Err(MoveRefusal::OffMap { unit, section: section(Rule::Movement) });
    };
    match state.cohesion.status {
        Status::Routed => {
            return Err(MoveRefusal::Routed { unit, section: section(Rule::RoutedMayOnlyMove) });
        }
        Status::Eliminated => {
            return Err(MoveRefusal::OffMap { unit, section: section(Rule::Movement) });
        }
        Status::Fresh | Status::Reduced => {}
    }
    let flags = state.flags;
    if flags.has(UnitFlags::DONE_MOVING) {
        return Err(MoveRefusal::MovementOver { unit, section: section(Rule::Movement) });
    }
    if flags.has(UnitFlags::SOLE_ACTION) {
        return Err(MoveRefusal::ActedInstead { unit, section: section(Rule::SoleAction) });
    }
    if flags.has(UnitFlags::SHOCKED) {
        return Err(MoveRefusal::AfterShock { unit, section: section(Rule::ShockCombat) });
    }
    if field.stack(at).top() != Some(unit) {
        return Err(MoveRefusal::NotTop { unit, section: section(Rule::Stacking) });
    }
    let free_turn = Facing::ALL
        .into_iter()
        .any(|g| g != state.facing && pivot_cost::<G>(&mover, state.facing, g) == 0);
    if mp_left(field, unit) == 0 && !free_turn {
        return Err(MoveRefusal::NoMpLeft { unit, section: section(Rule::MovementAllowance) });
    }
    Ok(at)
}
