//! What is in a hex: natural terrain, elevation and a game's man-made works
//! ([`HexWorks`]).

use serde::{Deserialize, Serialize};

use super::works::HexWorks;

/// Natural terrain of a hex. Elevation is separate ([`HexInfo::elevation`]);
/// what each costs and does is the game's chart's (Alesia 6.3, 6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Terrain {
    /// Open ground.
    Clear,
    /// Woods (Alesia 8.15: they block a line of sight unless they are the
    /// target's hex).
    Woods,
    /// Broken, rocky ground.
    Rough,
    /// Marsh.
    Marsh,
    /// The interior of a town or oppidum (Alesia's oppidum, Gergovia's town,
    /// Alexandria's city).
    Town,
    /// Open water (Alexandria's harbour and sea).
    Water,
}

/// Everything a board knows about one hex: its terrain, its elevation and
/// the game's works in it (`()` on a map without any).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HexInfo<W = ()> {
    /// Natural terrain.
    pub terrain: Terrain,
    /// Ground elevation level (0 = lowest on the map).
    pub elevation: u8,
    /// Man-made works in the hex, as the game defines them.
    pub works: W,
}

impl HexInfo {
    /// A hex of `terrain` at `elevation` on a map without works.
    #[must_use]
    pub const fn plain(terrain: Terrain, elevation: u8) -> HexInfo {
        HexInfo { terrain, elevation, works: () }
    }
}

impl<W: HexWorks> HexInfo<W> {
    /// The elevation that counts for line of sight and zones of control: the
    /// ground's, plus what the works add ([`HexWorks::raises`]; Alesia 6.42
    /// "Rampart Elevation").
    #[must_use]
    pub fn effective_elevation(&self) -> u8 {
        self.elevation.saturating_add(self.works.raises())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Works that stand two levels up, to check the sum.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct Tower;

    impl HexWorks for Tower {
        fn raises(self) -> u8 {
            2
        }
    }

    #[test]
    fn effective_elevation_adds_what_the_works_raise() {
        assert_eq!(HexInfo::plain(Terrain::Clear, 1).effective_elevation(), 1);
        let tower = HexInfo { terrain: Terrain::Clear, elevation: 1, works: Tower };
        assert_eq!(tower.effective_elevation(), 3);
        let top = HexInfo { terrain: Terrain::Clear, elevation: u8::MAX, works: Tower };
        assert_eq!(top.effective_elevation(), u8::MAX, "saturates");
    }
}
