//! Hexside features: walls, gates, walkways, rivers, ditches and escarpments
//! that run along the sides of hexes rather than filling them.
//!
//! The core names what a map shows, in physical words any game's map can
//! use; what a feature does is the game's. Each game maps the features to
//! the hexside rows of its own terrain chart (the `H` of
//! [`TerrainEffects`](crate::table::TerrainEffects), in its rulebook's words:
//! Alesia's `HexsideKey::StoneCrest` is the core's [`HexsideFeature::Escarpment`])
//! and states there, or in its own rules, the costs, the barriers to zones of
//! control and lines of sight ([`Barriers`]) and the sections that say so.
//!
//! A rulebook names a hexside by its two hexes, `W3706/3607`; data files
//! write `"W3706/W3607"`. Each hexside is stored once, by the hex that owns its
//! NE, E or SE side, and can be looked up from either hex.

use core::fmt;
use serde::{Deserialize, Serialize};

/// One kind of hexside feature, named for what it is on the ground; the
/// examples say which games' maps hold it and where their rules treat it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum HexsideFeature {
    /// The wall of a field camp (Alesia's camps, 6.43; Gergovia's Roman
    /// camps, 6.71).
    CampWall,
    /// A low stone wall (Alesia's Gallic walls, 6.43; Gergovia's stone
    /// walls).
    StoneWall,
    /// The wall round a small fort standing apart from the other works
    /// (Alesia's Redoubts, 6.44).
    FortWall,
    /// A gap in a wall that the wall's rules open to all, cavalry included;
    /// listed with its wall (`[CampWall, Gate]`).
    Gate,
    /// A walkway joining two hexes of works along their hexside (Alesia's
    /// rampart walkways, 6.42, and a redoubt's to its rampart, 6.44). A map
    /// lists walkways as chains of hexes, where its works allow them
    /// ([`HexWorks::walkway`](super::HexWorks::walkway)).
    Walkway,
    /// A minor river (Alesia 6.46, Gergovia, the standard family's maps).
    MinorRiver,
    /// A stream (Alesia 6.46, the standard family's maps).
    Stream,
    /// A deep, water-filled ditch (Alesia 6.33: impassable until filled).
    WaterDitch,
    /// An escarpment no unit may cross but by a [`HexsideFeature::Pass`]
    /// (Alesia's stone crest round an oppidum's plateau, 6.36).
    Escarpment,
    /// A way through an escarpment, listed without it (Alesia's crest
    /// gates, 6.36).
    Pass,
    /// The wall of a fortified town, which some units may cross (Gergovia
    /// 6.71; Alexandria's city). A gate in it is listed as `[TownWall, Gate]`.
    TownWall,
    /// An earth embankment along a hexside (Gergovia: the spoil of the sunken
    /// road, heaped on its north side).
    Embankment,
}

impl HexsideFeature {
    /// Every feature, in declaration (bit) order.
    pub const ALL: [HexsideFeature; 12] = [
        HexsideFeature::CampWall,
        HexsideFeature::StoneWall,
        HexsideFeature::FortWall,
        HexsideFeature::Gate,
        HexsideFeature::Walkway,
        HexsideFeature::MinorRiver,
        HexsideFeature::Stream,
        HexsideFeature::WaterDitch,
        HexsideFeature::Escarpment,
        HexsideFeature::Pass,
        HexsideFeature::TownWall,
        HexsideFeature::Embankment,
    ];

    const fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for HexsideFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

/// The set of features on one hexside: a `u16` bitset.
///
/// ```
/// use gboh_core::board::{HexsideFeature, HexsideFeatures};
/// let gate = HexsideFeatures::EMPTY.with(HexsideFeature::CampWall).with(HexsideFeature::Gate);
/// assert!(gate.contains(HexsideFeature::Gate));
/// assert!(gate.is_wall());
/// assert_eq!(gate.iter().collect::<Vec<_>>(), [HexsideFeature::CampWall, HexsideFeature::Gate]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct HexsideFeatures(u16);

impl HexsideFeatures {
    /// No feature.
    pub const EMPTY: HexsideFeatures = HexsideFeatures(0);

    /// The raw bits, one per [`HexsideFeature`] in declaration order.
    #[must_use]
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether the hexside has no feature.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `feature` is present.
    #[must_use]
    pub const fn contains(self, feature: HexsideFeature) -> bool {
        self.0 & feature.bit() != 0
    }

    /// This set plus `feature`.
    #[must_use]
    pub const fn with(self, feature: HexsideFeature) -> HexsideFeatures {
        HexsideFeatures(self.0 | feature.bit())
    }

    /// Both sets together.
    #[must_use]
    pub const fn union(self, other: HexsideFeatures) -> HexsideFeatures {
        HexsideFeatures(self.0 | other.0)
    }

    /// Whether the two sets share a feature.
    #[must_use]
    pub const fn intersects(self, other: HexsideFeatures) -> bool {
        self.0 & other.0 != 0
    }

    /// The features present, in declaration order.
    pub fn iter(self) -> impl Iterator<Item = HexsideFeature> {
        HexsideFeature::ALL.into_iter().filter(move |f| self.contains(*f))
    }

    /// A wall of any kind: camp, stone, fort or town wall. Which of them stop
    /// a zone of control or a line of sight is the game's chart's
    /// ([`Barriers`]; Alesia 7.22, 8.15).
    #[must_use]
    pub const fn is_wall(self) -> bool {
        const WALLS: u16 = HexsideFeature::CampWall.bit()
            | HexsideFeature::StoneWall.bit()
            | HexsideFeature::FortWall.bit()
            | HexsideFeature::TownWall.bit();
        self.0 & WALLS != 0
    }

    /// Water along a hexside: a minor river, a stream or a water-filled ditch
    /// (what Alesia's units must fill before crossing, 6.46).
    #[must_use]
    pub const fn is_water(self) -> bool {
        const WATER: u16 = HexsideFeature::MinorRiver.bit()
            | HexsideFeature::Stream.bit()
            | HexsideFeature::WaterDitch.bit();
        self.0 & WATER != 0
    }
}

/// What one kind of hexside does to a zone of control, or to a line of
/// sight, across it: a game's chart states it per hexside row (Alesia 7.22:
/// no ZOC across a camp or stone wall; 8.15: no fire across a wall or gate).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Barrier {
    /// It does not stop it.
    #[default]
    None,
    /// It stops it, unless the same hexside also has a [`Barrier::Gap`].
    Blocks,
    /// An opening in a blocking hexside (a gate): through it, it passes.
    Gap,
}

/// Which hexside features stop something across a hexside, and which open
/// a gap in them: a chart's [`Barrier`]s gathered once, for a test that is
/// two mask operations.
///
/// ```
/// use gboh_core::board::{Barrier, Barriers, HexsideFeature as F, HexsideFeatures};
/// let zoc = Barriers::from_fn(|f| match f {
///     F::CampWall | F::StoneWall => Barrier::Blocks,
///     F::Gate => Barrier::Gap,
///     _ => Barrier::None,
/// });
/// let wall = HexsideFeatures::EMPTY.with(F::CampWall);
/// assert!(zoc.stops(wall));
/// assert!(!zoc.stops(wall.with(F::Gate)), "through the gate");
/// assert!(!zoc.stops(HexsideFeatures::EMPTY.with(F::MinorRiver)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Barriers {
    blocks: HexsideFeatures,
    gaps: HexsideFeatures,
}

impl Barriers {
    /// Nothing stops anything.
    pub const NONE: Barriers =
        Barriers { blocks: HexsideFeatures::EMPTY, gaps: HexsideFeatures::EMPTY };

    /// The barriers `barrier` gives each feature.
    #[must_use]
    pub fn from_fn(barrier: impl Fn(HexsideFeature) -> Barrier) -> Barriers {
        let mut out = Barriers::NONE;
        for feature in HexsideFeature::ALL {
            match barrier(feature) {
                Barrier::None => {}
                Barrier::Blocks => out.blocks = out.blocks.with(feature),
                Barrier::Gap => out.gaps = out.gaps.with(feature),
            }
        }
        out
    }

    /// Whether a hexside with `side`'s features stops it: a blocking feature
    /// and no gap.
    #[inline]
    #[must_use]
    pub const fn stops(self, side: HexsideFeatures) -> bool {
        side.intersects(self.blocks) && !side.intersects(self.gaps)
    }
}

impl FromIterator<HexsideFeature> for HexsideFeatures {
    fn from_iter<I: IntoIterator<Item = HexsideFeature>>(iter: I) -> Self {
        iter.into_iter().fold(HexsideFeatures::EMPTY, HexsideFeatures::with)
    }
}

impl fmt::Display for HexsideFeatures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[")?;
        for (i, feature) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{feature}")?;
        }
        f.write_str("]")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_feature_has_its_own_bit() {
        let all: HexsideFeatures = HexsideFeature::ALL.into_iter().collect();
        assert_eq!(all.bits().count_ones() as usize, HexsideFeature::ALL.len());
        assert_eq!(all.iter().collect::<Vec<_>>(), HexsideFeature::ALL);
    }

    #[test]
    fn walls_and_water_are_classified() {
        let river = HexsideFeatures::EMPTY.with(HexsideFeature::MinorRiver);
        assert!(river.is_water() && !river.is_wall());
        let walkway = HexsideFeatures::EMPTY.with(HexsideFeature::Walkway);
        assert!(!walkway.is_water() && !walkway.is_wall());
        assert_eq!(
            HexsideFeatures::EMPTY.with(HexsideFeature::StoneWall).to_string(),
            "[StoneWall]"
        );
    }
}
