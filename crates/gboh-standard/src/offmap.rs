//! Cavalry off the map after a pursuit (SPQR 8.62's last case, 8.64, 8.65):
//! what the engine's state keeps of each pursuer until its OC brings it
//! back.
//!
//! A pursuer off the map is held as `Eliminated` (so that nothing on the
//! map sees it, as the reinforcements of [`crate::StandardGame::held_off_map`]
//! are) and the leaders who went with it as `Dead` (so that none
//! activates: 8.65 "Leaders that are off map do not activate"); the
//! [`OffMap`] record tells them apart from the fallen. No rout points are
//! counted for either (8.65).

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::state::Field;

/// A cavalry unit that pursued a routed unit off the map (SPQR 8.62).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OffMap {
    /// The cavalry unit.
    pub unit: usize,
    /// The hex where the routed unit left the map (8.62: "the exit hex for
    /// purposes of 8.64"); the pursuer returns within 2 hexes of it.
    pub exit: Hex,
    /// The leaders stacked with it, who went with it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub leaders: Vec<usize>,
}

/// The hexes a returning pursuer may be placed in (SPQR 8.64): "within 2
/// hexes of the hex by which it left": the exit hex and those 1 or 2 hexes
/// from it, on the map. Whether a hex is free is the caller's to ask.
#[must_use]
pub fn return_hexes(field: &Field, exit: Hex) -> Vec<Hex> {
    let mut out: Vec<Hex> = exit
        .range(2)
        .filter(|&h| field.board().contains(h) && Field::distance(exit, h) <= 2)
        .collect();
    out.sort_by_key(|h| (h.x, h.y));
    out
}

impl Field {
    /// Unit `u`'s record if it is off the map after a pursuit (SPQR 8.62).
    #[must_use]
    pub fn pursuer(&self, u: usize) -> Option<&OffMap> {
        self.off_map.iter().find(|p| p.unit == u)
    }

    /// Whether leader `l` is off the map with a pursuer (SPQR 8.65), not
    /// fallen.
    #[must_use]
    pub fn leader_off_map(&self, l: usize) -> bool {
        self.off_map.iter().any(|p| p.leaders.contains(&l))
    }
}
