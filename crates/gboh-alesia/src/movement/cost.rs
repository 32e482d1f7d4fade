//! 6.3 Natural Terrain: what entering a hex and crossing a hexside cost, read
//! from the Terrain Effects Chart (6.8, `setup().tables.terrain()`).
//!
//! - 6.31: each hex entered costs its chart figure; +1 MP to move into a hex
//!   of higher elevation (ramparts count one level up, 6.42, so stepping down
//!   from a rampart onto ground one level higher is level);
//! - 6.33: impassable hexes and hexsides (water, the unfilled water ditch);
//! - 6.36: the stone crest, crossed only through its gates;
//! - 6.43: camp walls (cavalry only through the gates) and stone walls (no
//!   cavalry); 6.44: redoubt walls and gates;
//! - 6.48: Fill negates a Garden of Death or lets a unit cross water, and
//!   then the feature costs nothing (the chart prints no "filled" cost);
//! - 8.43: an On Fire hex costs its own chart figure instead of the hex's;
//! - 8.45: a burnt-down rampart or redoubt is Rubble.

use crate::game::AlesiaField;
use crate::map::{SiegeWorks, Works};
use crate::tables::{HexsideKey, MoveKey, TerrainKey};
use gboh_core::board::{HexsideFeature, Terrain};
use gboh_core::facing::Direction;
use gboh_core::table::terrain::{Cost, MoverClass};
use hexx::Hex;

use super::error::MoveError;
use crate::game::Battlefield;

/// Who is moving: the engine's [`Mover`]
/// (Alesia's auxiliaries are 2.4's Roman LI and archers).
pub use gboh_simple::ground::stacking::Mover;

/// The chart row for a kind of natural terrain.
#[must_use]
pub const fn natural_key(terrain: Terrain) -> TerrainKey {
    match terrain {
        Terrain::Clear => TerrainKey::Clear,
        Terrain::Woods => TerrainKey::Woods,
        Terrain::Rough => TerrainKey::Rough,
        Terrain::Marsh => TerrainKey::Marsh,
        Terrain::Town => TerrainKey::Town,
        Terrain::Water => TerrainKey::Water,
    }
}

/// Whether `hex` is a standing rampart (8.45: not burnt down to Rubble).
#[must_use]
pub fn is_rampart(field: &Battlefield, hex: Hex) -> bool {
    field.setup().board.is_rampart(hex) && !field.markers(hex).rubble
}

/// Whether `hex` is a standing rampart with a gate (6.42 Rampart/Gate).
#[must_use]
pub fn is_rampart_gate(field: &Battlefield, hex: Hex) -> bool {
    matches!(field.setup().board.siege_works(hex), Some(Works::Rampart { gate: true, .. }))
        && !field.markers(hex).rubble
}

/// Whether `hex` is a standing redoubt (6.44; 8.45).
#[must_use]
pub fn is_redoubt(field: &Battlefield, hex: Hex) -> bool {
    matches!(field.setup().board.siege_works(hex), Some(Works::Redoubt))
        && !field.markers(hex).rubble
}

/// The Fill value that negates a Garden of Death of `key` (6.48), from the
/// chart; 0 if it cannot be filled.
#[must_use]
pub fn fills_to_negate(field: &Battlefield, key: TerrainKey) -> u8 {
    field.setup().tables.terrain().hex(key).map_or(0, |h| h.fills_to_negate.value)
}

/// The chart row a unit reads on entering `hex`: Rubble for a burnt-down
/// work (8.45), the hex's natural terrain for a Garden of Death filled to its
/// threshold (6.48), the works otherwise. On Fire is a marker over this key
/// ([`hex_cost`], [`entry_hits`](super::garden::entry_hits)).
#[must_use]
pub fn terrain_key(field: &Battlefield, hex: Hex) -> Option<TerrainKey> {
    let info = field.setup().board.info(hex)?;
    let markers = field.markers(hex);
    Some(match info.works.works {
        Works::Rampart { .. } | Works::Redoubt if markers.rubble => TerrainKey::Rubble,
        Works::Rampart { .. } => TerrainKey::Rampart,
        Works::Redoubt => TerrainKey::Redoubt,
        Works::GardenOfDeath { ring } => {
            let key = match ring {
                crate::map::Ring::Circumvallation => TerrainKey::InnerGardenOfDeath,
                crate::map::Ring::Contravallation => TerrainKey::OuterGardenOfDeath,
            };
            let negate = fills_to_negate(field, key);
            if negate > 0 && markers.fill >= negate { natural_key(info.terrain) } else { key }
        }
        Works::None => natural_key(info.terrain),
    })
}

/// The chart cost of `key` for `class`.
///
/// # Errors
/// [`MoveError::Impassable`] for a prohibited entry (6.33),
/// [`MoveError::MissingTerrainRow`] if the chart lacks the row.
pub fn chart_cost(
    field: &Battlefield,
    key: TerrainKey,
    class: MoverClass,
    hex: Hex,
) -> Result<u8, MoveError> {
    match field.setup().tables.terrain().enter_cost(key, class) {
        Some(Cost::Mp(n)) => Ok(n),
        Some(Cost::Prohibited) => Err(MoveError::Impassable(hex)),
        None => Err(MoveError::MissingTerrainRow(key.as_str())),
    }
}

/// MP to enter `hex` as its own terrain (`key`), or as an On Fire hex when it
/// burns (8.43: "It costs 2 MP to enter an On Fire hex").
///
/// # Errors
/// As [`chart_cost`].
pub fn hex_cost(
    field: &Battlefield,
    hex: Hex,
    key: TerrainKey,
    class: MoverClass,
) -> Result<u8, MoveError> {
    if field.markers(hex).on_fire {
        // 6.33 still applies: fire does not make water passable.
        chart_cost(field, key, class, hex)?;
        chart_cost(field, TerrainKey::OnFire, class, hex)
    } else {
        chart_cost(field, key, class, hex)
    }
}

/// The MP of a move on or off the works (6.42, 6.44, 6.47, 6.63).
///
/// # Errors
/// [`MoveError::MissingTerrainRow`] if the chart lacks the row.
pub fn move_mp(field: &Battlefield, key: MoveKey) -> Result<u8, MoveError> {
    field.setup().tables.terrain().move_mp(key).ok_or(MoveError::MissingTerrainRow(key.as_str()))
}

fn side_extra(
    field: &Battlefield,
    key: HexsideKey,
    class: MoverClass,
    to: Hex,
) -> Result<u8, MoveError> {
    match field.setup().tables.terrain().cross_cost(key, class) {
        Some(Cost::Mp(n)) => Ok(n),
        Some(Cost::Prohibited) => Err(match key {
            HexsideKey::StoneCrest => MoveError::StoneCrest(to),
            HexsideKey::CampWall | HexsideKey::StoneWall => MoveError::CavalryWall(to),
            HexsideKey::RedoubtWall => MoveError::CavalryRedoubt(to),
            _ => MoveError::Impassable(to),
        }),
        None => Err(MoveError::MissingTerrainRow(key.as_str())),
    }
}

/// The Fill value that lets units cross a water hexside of `key` (6.48).
#[must_use]
pub fn hexside_fills_to_negate(field: &Battlefield, key: HexsideKey) -> u8 {
    field.setup().tables.terrain().hexside(key).map_or(0, |h| h.fills_to_negate.value)
}

/// The extra MP to cross the hexside of `from` toward `dir` (6.35 D, 6.36,
/// 6.43, 6.44, 6.46-6.48). A gate in a wall replaces the wall's cost (6.44:
/// "+1 MP for the Gate hexside"); water filled to its threshold costs nothing.
///
/// # Errors
/// Why the hexside cannot be crossed: the stone crest (6.36), walls for
/// cavalry (6.43, 6.44), the unfilled water ditch (6.33).
pub fn hexside_extra(
    field: &Battlefield,
    from: Hex,
    dir: Direction,
    class: MoverClass,
) -> Result<u8, MoveError> {
    let board = &field.setup().board;
    let side = board.hexside(from, dir);
    if side.is_empty() {
        return Ok(0);
    }
    let to = dir.neighbor(from);
    let mut extra = 0u8;
    if side.contains(HexsideFeature::Escarpment) {
        extra += if side.contains(HexsideFeature::Pass) {
            side_extra(field, HexsideKey::CrestGate, class, to)?
        } else {
            return Err(MoveError::StoneCrest(to));
        };
    } else if side.contains(HexsideFeature::Pass) {
        extra += side_extra(field, HexsideKey::CrestGate, class, to)?;
    }
    if side.contains(HexsideFeature::Gate) {
        extra += side_extra(field, HexsideKey::Gate, class, to)?;
    } else {
        for (feature, key) in [
            (HexsideFeature::CampWall, HexsideKey::CampWall),
            (HexsideFeature::StoneWall, HexsideKey::StoneWall),
            (HexsideFeature::FortWall, HexsideKey::RedoubtWall),
        ] {
            if side.contains(feature) {
                extra += side_extra(field, key, class, to)?;
            }
        }
    }
    let fill = field.hexside_fill(from, dir);
    for (feature, key) in [
        (HexsideFeature::MinorRiver, HexsideKey::MinorRiver),
        (HexsideFeature::Stream, HexsideKey::Stream),
        (HexsideFeature::WaterDitch, HexsideKey::WaterDitch),
    ] {
        if side.contains(feature) {
            let negate = hexside_fills_to_negate(field, key);
            if negate == 0 || fill < negate {
                extra += side_extra(field, key, class, to)?;
            }
        }
    }
    Ok(extra)
}

/// 6.31: the extra MP to move from `from` into the adjacent `to` when `to` is
/// higher, comparing the elevations that count for movement: ground level,
/// one up on a rampart (6.42 "Rampart Elevation"). The figure is the
/// chart's elevation row.
#[must_use]
pub fn climb_extra(field: &Battlefield, from: Hex, to: Hex) -> u8 {
    let level = |h: Hex| {
        let ground = field.setup().board.elevation(h).unwrap_or(0);
        if is_rampart(field, h) { ground.saturating_add(1) } else { ground }
    };
    if level(to) > level(from) {
        field.setup().tables.terrain().elevation().climb_mp.value
    } else {
        0
    }
}
