//! 6.45 Gardens of Death, and 8.43's hit for entering a hex On Fire: the only
//! cohesion hits movement causes (6.11 play note).
//!
//! "A unit entering an outer GoD hex, from any direction, incurs 2 Hits. A
//! unit entering an inner GoD hex, from any direction, incurs 3 Hits." The
//! figures are the chart's `entry_hits`; a Garden filled to its threshold is
//! no longer a Garden (6.48). Hits go through
//! [`Cohesion::absorb`](gboh_core::unit::Cohesion::absorb) with the unit's
//! profile, so they rout or eliminate as combat hits do (10.13, 10.14).

use crate::tables::TerrainKey;
use hexx::Hex;

use super::cost::terrain_key;
use crate::game::Battlefield;

/// The hits a combat unit takes on entering `hex`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct EntryHitCount {
    /// 6.45: from a Garden of Death not yet negated by Fill.
    pub garden: u8,
    /// 8.43: from a hex On Fire.
    pub fire: u8,
}

impl EntryHitCount {
    /// Both together.
    #[must_use]
    pub const fn total(self) -> u8 {
        self.garden.saturating_add(self.fire)
    }
}

/// The hits for entering `hex` (6.45, 8.43), from the chart.
#[must_use]
pub fn entry_hits(field: &Battlefield, hex: Hex) -> EntryHitCount {
    let chart = field.setup().tables.terrain();
    let garden = match terrain_key(field, hex) {
        Some(k @ (TerrainKey::InnerGardenOfDeath | TerrainKey::OuterGardenOfDeath)) => {
            chart.hex(k).map_or(0, |h| h.entry_hits.value)
        }
        _ => 0,
    };
    let fire = if field.markers(hex).on_fire {
        chart.hex(TerrainKey::OnFire).map_or(0, |h| h.entry_hits.value)
    } else {
        0
    };
    EntryHitCount { garden, fire }
}

/// Whether `hex` is a Garden of Death still (6.45, 6.48).
#[must_use]
pub fn is_garden(field: &Battlefield, hex: Hex) -> bool {
    matches!(
        terrain_key(field, hex),
        Some(TerrainKey::InnerGardenOfDeath | TerrainKey::OuterGardenOfDeath)
    )
}
