//! 8.6 Reaction Fire: the non-active player's missile units fire in reaction
//! to the active player's moves and fire, once per enemy activation each
//! (8.54: artillery too), plus one free artillery shot (8.64). The active
//! player never reacts.
//!
//! The protocol offers each reaction as a window: [`crate::combat::CombatPending::Reaction`]
//! lists one [`crate::combat::CombatAction::React`] per shot on offer and
//! [`crate::combat::CombatAction::Done`] to decline; a window stays open
//! while shots remain. The windows are the engine's
//! ([`gboh_simple::rules::reaction_windows`]); Alesia adds 8.64's free
//! artillery shots ([`free_shots_at`]).
//!
//! How movement opens the windows (see the module docs of [`crate::combat`]):
//!
//! - **Retire (8.61)**: before applying a step that leaves a hex, movement
//!   calls [`open_retire`]; if it returns `true`, the move is not made: the
//!   window opens, and once it closes the player submits the move again
//!   (the second call returns `false`, the offer having been made).
//! - **Entry (8.62)**: after a move that ends in an enemy missile unit's ZOC,
//!   movement calls [`open_entry`]. Advances after combat open it themselves.

use gboh_simple::rules::reaction as family;
use gboh_simple::rules::reaction_windows::ReactionRules;
use hexx::Hex;

use super::action::{CombatAction, CombatPending};
use super::missile::{self, Shot, ShotKind, ShotSpec};
use super::state::activation;
use crate::game::{Uid, UnitFlags};
use crate::protocol::Alesia;

pub use gboh_simple::rules::reaction_windows::{
    close_if_spent, decline, open, open_entry, open_retire, react, shot,
};

/// The open window's decision (the engine's
/// [`gboh_simple::rules::reaction_windows::decision`]).
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    gboh_simple::rules::reaction_windows::decision(game)
}

fn spent(game: &Alesia, uid: Uid, kind: ShotKind) -> bool {
    family::spent(&game.field, uid, kind)
}

fn spec(
    game: &Alesia,
    firer: Uid,
    target: Hex,
    only: Option<Uid>,
    kind: ShotKind,
) -> Option<ShotSpec> {
    family::spec(&game.field, firer, target, only, kind)
}

/// 8.61: the shots on offer as active unit `mover` is about to leave its
/// hex (the engine's [`family::retire_candidates`]).
#[must_use]
pub fn retire_reaction_candidates(game: &Alesia, mover: Uid) -> Vec<ShotSpec> {
    family::retire_candidates(&game.field, mover)
}

/// 8.62: the shots on offer after active unit `mover` entered its hex: from
/// missile units whose ZOC it entered, not in the ZOC of another enemy, and
/// that did not just retreat (the engine's [`family::entry_candidates`]).
#[must_use]
pub fn entry_reaction_candidates(game: &Alesia, mover: Uid) -> Vec<ShotSpec> {
    let retreated = activation(game).map_or(&[][..], |a| a.retreated.as_slice());
    family::entry_candidates(&game.field, mover, retreated)
}

/// 8.63: the Return Fire on offer against an active shot, aimed now, before
/// the shot is resolved. A unit in an enemy ZOC may not return fire at a
/// firer outside its own ZOC; against Hit and Run, at range one (8.19). The
/// engine's [`family::return_fire`].
#[must_use]
pub fn return_fire(game: &Alesia, shot: &Shot) -> Vec<ShotSpec> {
    family::return_fire(&game.field, shot)
}

/// 8.64: every free artillery shot the non-active player may take now, at a
/// hex holding an activated unit.
#[must_use]
pub fn free_shots(game: &Alesia) -> Vec<ShotSpec> {
    let field = &game.field;
    let Some(a) = game.turn.play.current.as_ref() else {
        return Vec::new();
    };
    let targets: Vec<Hex> =
        a.units.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
    free_shots_at(game, &targets)
}

/// 8.64: the free artillery shots the non-active player may take now at
/// `targets` (hexes of activated units), before shock is resolved: one per
/// artillery unit in Fire mode per enemy Activation Phase, "in addition to
/// any other Reaction Fire".
#[must_use]
pub fn free_shots_at(game: &Alesia, targets: &[Hex]) -> Vec<ShotSpec> {
    let field = &game.field;
    let Some(side) = game.turn.play.current.as_ref().map(|a| a.side) else {
        return Vec::new();
    };
    if crate::combat::movement_closed(game)
        && activation(game)
            .and_then(|a| a.shock.as_ref())
            .is_some_and(|s| !matches!(s.stage, super::state::ShockStage::Designation))
    {
        return Vec::new();
    }
    let board = &game.setup().board;
    let mut targets: Vec<Hex> = targets.to_vec();
    targets.sort_by_key(|&h| board.index(h));
    targets.dedup();
    let mut out = Vec::new();
    for (i, s) in field.units().iter().enumerate() {
        let u = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        let artillery = game
            .setup()
            .unit(u)
            .is_some_and(|x| x.side == side.opponent() && x.unit_type().is_artillery());
        if !artillery
            || s.at.is_none()
            || !s.flags.has(UnitFlags::FIRE_MODE)
            || spent(game, u, ShotKind::FreeShot)
        {
            continue;
        }
        for &t in &targets {
            if let Some(spec) = spec(game, u, t, None, ShotKind::FreeShot)
                && missile::aim(game, &spec).is_ok()
            {
                out.push(spec);
            }
        }
    }
    out
}

/// Alesia's reaction fire over the engine's windows
/// ([`gboh_simple::rules::reaction_windows`]): 8.64's free artillery shots.
impl ReactionRules for Alesia {
    fn active_side(&self) -> Option<gboh_core::Side> {
        self.turn.play.current.as_ref().map(|a| a.side)
    }

    /// 8.64 ([`free_shots_at`]).
    fn free_shots_at(&self, targets: &[Hex]) -> Vec<ShotSpec> {
        free_shots_at(self, targets)
    }
}
