//! 6.75 and 8.71 (b): fire into and out of Gergovia and the Roman camps,
//! and over the stone walls, with the figures of
//! `data/gergovia/fortifications.ron`.
//!
//! - Units outside a camp or Gergovia may fire at units inside only if the
//!   target stands next to a wall or gate hexside of it; such fire adds +2
//!   (arrows) or +4 (javelins) to the die roll (8.17 point 3 is replaced).
//! - Firing out of Gergovia or a camp is normal, but the firer must stand
//!   next to a wall or gate hexside ("on a wall or gate hexside").
//! - Special Terrain Notes (Stone Walls) and 8.71 (b): a standing stone wall
//!   on the line of sight blocks it, unless the target stands at the wall;
//!   then the fire is over the wall, +1 ([`crate::sight`]; a wall knocked
//!   down is no wall). The block is the engine's sight hook
//!   (`Gergovia::sight_blocked`, for every sight the engine traces); the +1
//!   is here.

use gboh_core::board::{Board, HexsideFeature};
use gboh_core::facing::Direction;
use gboh_core::table::{Drm, Modifiers};
use gboh_standard::kinds::MissileKey;
use gboh_standard::state::Field;
use hexx::Hex;

use crate::fortifications::Fortifications;
use crate::map::{self, areas};
use crate::sight::{StoneWallSight, stone_walls};

/// Which fortification `hex` is inside: the town (true) or a camp (false).
fn fortification_of(board: &Board, hex: Hex) -> Option<bool> {
    if board.in_area(areas::GERGOVIA, hex) {
        Some(true)
    } else if map::in_roman_camp(board, hex) {
        Some(false)
    } else {
        None
    }
}

/// Whether `hex` stands at a wall or gate hexside of its fortification.
fn at_the_wall(board: &Board, hex: Hex, town: bool) -> bool {
    let wall = if town { HexsideFeature::TownWall } else { HexsideFeature::CampWall };
    Direction::ALL.iter().any(|&d| board.has_hexside(hex, d, wall))
}

/// 6.75: may `firer` fire at `target`? (The stone walls' bar to the line
/// of sight is the engine's sight hook's, [`crate::sight::blocked`].)
///
/// # Errors
/// Why not, citing 6.75.
pub fn may_fire(field: &Field, firer: usize, target: usize) -> Result<(), String> {
    let board = field.board();
    let (Some(f), Some(t)) = (field.units.get(firer), field.units.get(target)) else {
        return Err("no such unit".to_owned());
    };
    let (from, at) = (fortification_of(board, f.hex), fortification_of(board, t.hex));
    if from == at {
        return Ok(());
    }
    if let Some(town) = at
        && !at_the_wall(board, t.hex, town)
    {
        return Err(format!(
            "Gergovia 6.75: from outside, only a target next to the wall or a gate may be fired at, not {} in {}",
            field.def(target).map_or_else(String::new, |d| d.id.to_string()),
            field.label(t.hex)
        ));
    }
    if let Some(town) = from
        && !at_the_wall(board, f.hex, town)
    {
        return Err(format!(
            "Gergovia 6.75: firing out, {} must stand on a wall or gate hexside",
            field.def(firer).map_or_else(String::new, |d| d.id.to_string())
        ));
    }
    Ok(())
}

/// 6.75 and 8.71 (b): the modifiers Gergovia adds to `firer`'s fire at
/// `target`.
pub fn fire_modifiers(
    forts: &Fortifications,
    field: &Field,
    firer: usize,
    target: usize,
    out: &mut Modifiers,
) {
    fire_modifiers_with(forts, field, firer, target, out, |_, _| false);
}

/// [`fire_modifiers`], with `down` saying which stone-wall hexsides are
/// knocked down (no +1 over rubble, [`crate::walls`]).
pub fn fire_modifiers_with(
    forts: &Fortifications,
    field: &Field,
    firer: usize,
    target: usize,
    out: &mut Modifiers,
    down: impl Fn(Hex, Direction) -> bool,
) {
    let board = field.board();
    let (Some(f), Some(t), Some(d)) =
        (field.units.get(firer), field.units.get(target), field.def(firer))
    else {
        return;
    };
    let (from, at) = (fortification_of(board, f.hex), fortification_of(board, t.hex));
    if from.is_none() && at.is_some() {
        match d.missile {
            Some(MissileKey::Archer) => out.push(
                "Gergovia 6.75",
                "arrows shot from outside into a fortification",
                Drm(i32::from(forts.fire_over_walls.arrows)),
            ),
            Some(MissileKey::Javelin) => out.push(
                "Gergovia 6.75",
                "javelins thrown from outside into a fortification",
                Drm(i32::from(forts.fire_over_walls.javelins)),
            ),
            _ => out,
        };
    }
    if stone_walls(board, f.hex, t.hex, down) == StoneWallSight::OverAtTheWall {
        out.push(
            "Gergovia 8.71 (b)",
            "fire over a stone wall at a target at the wall",
            Drm(i32::from(forts.stone_wall_fire.value)),
        );
    }
}
