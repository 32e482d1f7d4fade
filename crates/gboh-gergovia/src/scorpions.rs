//! 9.31-9.35 and 8.71 (a): the scorpions built into the towers of the large
//! Roman camp.
//!
//! - 9.31, 9.32: one in each tower (the map's area `Towers`), not a counter,
//!   immobile, range 7 (`data/gergovia/fortifications.ron`).
//! - 8.71 (a): "for scorpions, use the line for catapults": the engine's
//!   scorpio column of the missile table (SPQR 8.2), whose ranges run to 7.
//! - 9.33: they fire only in reaction, once per Gallic command phase: "any
//!   Gallic unit that comes within range is a target. Each unit may be fired
//!   at only once, but all eligible units may be fired at." Read
//!   (Reconstructed): each Gallic unit that enters a hex within range of a
//!   standing scorpion during a Gallic command phase is fired at once that
//!   phase, by the nearest such scorpion (the first tower in board order on
//!   a tie); Rome never declines the shot (it costs nothing), so the engine
//!   fires it with no decision.
//! - 9.34: not through walls: the line from the tower may leave across the
//!   tower's own hexsides (the tower is part of the wall) but crosses no
//!   other camp or town wall or gate, no standing stone wall (Reconstructed:
//!   9.34's "walls" read as every wall, so the Special Terrain Notes'
//!   exception for a target standing at a stone wall does not open a
//!   scorpion's line; a stone wall knocked down is rubble, no wall:
//!   [`crate::walls`], [`crate::sight`]), and no blocking terrain. On this
//!   map no tower stands within 7 hexes of a stone wall, so the stone walls
//!   never come into a scorpion's line.
//! - 9.35: a Gallic unit entering a tower destroys its scorpion.
//!
//! ```
//! use gboh_gergovia::scorpions;
//! let towers = scorpions::towers().unwrap();
//! assert_eq!(towers.len(), 6);
//! ```

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::data::DataError;
use gboh_core::facing::Direction;
use gboh_core::table::Modifiers;
use gboh_standard::GameShot;
use gboh_standard::kinds::MissileKey;
use gboh_standard::state::Field;
use hexx::Hex;

use crate::map::{self, areas};

/// The tower hexes (9.31), in board order.
///
/// # Errors
/// The embedded map's problems.
pub fn towers() -> Result<Vec<Hex>, DataError> {
    let board = map::board()?;
    Ok(board.area(areas::TOWERS).map(|a| a.hexes().to_vec()).unwrap_or_default())
}

/// 9.34: whether a scorpion in `tower` may fire at `target`: no wall crossed
/// but the tower's own hexside (camp and town walls and gates; stone walls
/// unless knocked down, `down`), and the terrain does not block the sight.
/// The line is the engine's exact one, a hexspine blocked only when both
/// ways along it cross a wall ([`crate::sight::crosses`]).
#[must_use]
pub fn clear_shot(
    board: &Board,
    tower: Hex,
    target: Hex,
    down: impl Fn(Hex, Direction) -> bool,
) -> bool {
    let stone = crate::sight::standing(board, down);
    let wall = |a: Hex, d: Direction| {
        // The tower's own hexsides: it is part of the wall.
        let own = a == tower || d.neighbor(a) == tower;
        !own && (crate::movement::fortified(board, a, d) || stone(a, d))
    };
    !crate::sight::crosses(tower, target, wall) && board.terrain_los(tower, target)
}

/// 9.33: the shot the large camp's scorpions fire at Gallic unit `unit`,
/// which has just entered a hex: from the nearest standing tower within
/// `range` with a clear shot (9.34), unless `unit` was fired at already
/// this phase (`fired_at`) or a tower in `destroyed` (9.35); `down` says
/// which stone-wall hexsides are knocked down ([`crate::walls`]).
#[must_use]
pub fn shot_at(
    field: &Field,
    unit: usize,
    range: u8,
    destroyed: &[String],
    fired_at: &[usize],
    down: impl Fn(Hex, Direction) -> bool,
) -> Option<GameShot> {
    if field.side(unit) != Some(Side::Adversary) || fired_at.contains(&unit) {
        return None;
    }
    let s = field.units.get(unit).filter(|s| s.in_play())?;
    let board = field.board();
    let towers = towers().ok()?;
    let tower = towers
        .into_iter()
        .filter(|&t| !destroyed.contains(&field.label(t)))
        .filter(|&t| Field::distance(t, s.hex) <= u32::from(range) && t != s.hex)
        .filter(|&t| clear_shot(board, t, s.hex, &down))
        .min_by_key(|&t| Field::distance(t, s.hex))?;
    Some(GameShot {
        rule: "Gergovia 9.33",
        by: format!("the scorpion in tower {}", field.label(tower)),
        from: tower,
        // 8.71 (a): the catapult line; the engine's scorpio column.
        key: MissileKey::Scorpio,
        modifiers: Modifiers::new(),
    })
}

/// 9.35: the tower `unit` stands in, if it is a Gallic unit in a tower.
#[must_use]
pub fn tower_entered(field: &Field, unit: usize) -> Option<String> {
    let s = field.units.get(unit).filter(|s| s.on_map())?;
    (field.side(unit) == Some(Side::Adversary) && field.board().in_area(areas::TOWERS, s.hex))
        .then(|| field.label(s.hex))
}
