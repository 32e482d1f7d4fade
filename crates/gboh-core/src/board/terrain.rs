//! What is in a hex: natural terrain, elevation, man-made works and which side
//! of the siege works it lies on (Alesia 6.3, 6.4).

use serde::{Deserialize, Serialize};

/// Natural terrain of a hex (6.3). Elevation is separate ([`HexInfo::elevation`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// Open ground (6.31).
    Clear,
    /// Woods: blocks line of sight unless it is the target's hex (8.15), +1 to
    /// missile fire at a unit in it (8.17).
    Woods,
    /// Broken, rocky ground.
    Rough,
    /// Marsh.
    Marsh,
    /// The interior of a town or oppidum (Alesia 5.64, where the Alesia Force
    /// may stack three to a hex).
    Town,
    /// Open water no unit may enter (6.33).
    Water,
}

/// One of the two rings of siege works (6.41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ring {
    /// The outer works, built to keep a relief force out (e.g. W3310).
    Contravallation,
    /// The inner works, built to keep the besieged in (e.g. W3220).
    Circumvallation,
}

/// Man-made works occupying a whole hex (6.42-6.45).
///
/// Walls that run along hexsides (camp walls, stone walls, redoubt walls) are
/// [`HexsideFeature`](super::HexsideFeature)s, not works.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Works {
    /// No works.
    #[default]
    None,
    /// 6.42 Ramparts: a wall with a tower; one level higher than the ground it
    /// stands on. With a gate, a unit (cavalry too) may pass straight through
    /// from a non-rampart hex to another (6.42 Rampart/Gate, e.g. W4513).
    Rampart {
        /// Which ring the rampart belongs to.
        ring: Ring,
        /// Whether it is a Rampart/Gate hex.
        gate: bool,
    },
    /// 6.44 Redoubts: a small fortified camp inside the walls, at ground level,
    /// whose occupants have all-round frontal facing.
    Redoubt,
    /// 6.45 Gardens of Death: pits, stakes and ditches in front of a ring;
    /// the contravallation's are the outer GoDs (2 hits to enter), the
    /// circumvallation's the inner GoDs (3 hits, water-filled ditch).
    GardenOfDeath {
        /// The ring the Garden lies in front of.
        ring: Ring,
    },
}

impl Works {
    /// Whether this is a rampart hex, gate or not (6.42).
    #[must_use]
    pub const fn is_rampart(self) -> bool {
        matches!(self, Works::Rampart { .. })
    }

    /// The ring of a rampart or Garden of Death.
    #[must_use]
    pub const fn ring(self) -> Option<Ring> {
        match self {
            Works::Rampart { ring, .. } | Works::GardenOfDeath { ring } => Some(ring),
            Works::None | Works::Redoubt => None,
        }
    }
}

/// Where a hex lies with respect to the siege works (6.41).
///
/// A map without siege works has every hex [`Region::Outside`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Region {
    /// Outside the fortifications: beyond the contravallation (where a relief
    /// army comes from), or anywhere on a map without siege works.
    Outside,
    /// 6.41: "between the two series of Ramparts (or on the ramparts
    /// themselves)": inside the fortifications.
    Inside,
    /// The besieged side of the circumvallation, toward the oppidum.
    Besieged,
}

/// Everything a board knows about one hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HexInfo {
    /// Natural terrain.
    pub terrain: Terrain,
    /// Ground elevation level (0 = lowest on the map).
    pub elevation: u8,
    /// Man-made works in the hex.
    pub works: Works,
    /// Which side of the works the hex is on.
    pub region: Region,
}

impl HexInfo {
    /// The elevation that counts for line of sight and zones of control: a
    /// rampart hex is one level higher than the ground it stands on (6.42
    /// "Rampart Elevation", 7.22 play note, 8.15 terrain note).
    #[must_use]
    pub const fn effective_elevation(&self) -> u8 {
        if self.works.is_rampart() { self.elevation.saturating_add(1) } else { self.elevation }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_6_42_ramparts_are_one_level_higher() {
        let ground = HexInfo {
            terrain: Terrain::Clear,
            elevation: 1,
            works: Works::None,
            region: Region::Inside,
        };
        let rampart =
            HexInfo { works: Works::Rampart { ring: Ring::Contravallation, gate: true }, ..ground };
        assert_eq!(ground.effective_elevation(), 1);
        assert_eq!(rampart.effective_elevation(), 2);
        let redoubt = HexInfo { works: Works::Redoubt, ..ground };
        assert_eq!(redoubt.effective_elevation(), 1, "6.44: redoubts are at ground level");
    }

    #[test]
    fn works_report_their_ring() {
        assert_eq!(
            Works::GardenOfDeath { ring: Ring::Circumvallation }.ring(),
            Some(Ring::Circumvallation)
        );
        assert_eq!(Works::Redoubt.ring(), None);
        assert!(!Works::Redoubt.is_rampart());
    }
}
