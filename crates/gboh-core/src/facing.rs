//! Hex directions and unit facing (Alesia 7.11).
//!
//! gboh draws every map north up with pointy-top hexes, so a hex has six
//! neighbours, named by compass [`Direction`], and six vertices, named by the
//! clock position a unit's top points to: its [`Facing`].
//!
//! ```text
//!                 Twelve
//!            NW  /\   NE          A unit with Facing::Twelve:
//!               /  \                front hexes  NW and NE
//!      Ten    |      |   Two        flank hexes  W  and E
//!         W   |      |   E          rear hexes   SW and SE
//!      Eight  |      |   Four
//!               \  /
//!            SW  \/   SE
//!                 Six
//! ```
//!
//! 7.11: "All units must be faced in a hex so that the top of the unit faces into
//! the vertex of the hex. The two hexes to the front are called the Frontal Hexes;
//! those to the side, the Flanks, and those behind, the Rear."

use hexx::Hex;
use serde::{Deserialize, Serialize};

/// One of the six hexsides (and neighbours) of a hex, clockwise from north-east.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Toward one o'clock.
    NE,
    /// Toward three o'clock.
    E,
    /// Toward five o'clock.
    SE,
    /// Toward seven o'clock.
    SW,
    /// Toward nine o'clock.
    W,
    /// Toward eleven o'clock.
    NW,
}

impl Direction {
    /// All six, clockwise from [`Direction::NE`].
    pub const ALL: [Direction; 6] =
        [Direction::NE, Direction::E, Direction::SE, Direction::SW, Direction::W, Direction::NW];

    /// Index 0-5 clockwise from NE.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with index `i` modulo 6.
    #[must_use]
    #[allow(clippy::indexing_slicing)] // i % 6 < 6 = ALL.len()
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 6]
    }

    /// The opposite direction.
    #[must_use]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self.index() + 3)
    }

    /// The axial offset of the neighbour in this direction.
    ///
    /// Axial `x` grows north-east and `y` grows east; see [`crate::board`] for
    /// how printed labels map onto it.
    #[must_use]
    pub const fn offset(self) -> Hex {
        match self {
            Direction::NE => Hex::new(1, 0),
            Direction::E => Hex::new(0, 1),
            Direction::SE => Hex::new(-1, 1),
            Direction::SW => Hex::new(-1, 0),
            Direction::W => Hex::new(0, -1),
            Direction::NW => Hex::new(1, -1),
        }
    }

    /// The neighbour of `hex` in this direction.
    #[must_use]
    pub fn neighbor(self, hex: Hex) -> Hex {
        hex + self.offset()
    }

    /// The direction from `from` to an adjacent `to`, if they are adjacent.
    #[must_use]
    pub fn between(from: Hex, to: Hex) -> Option<Direction> {
        let delta = to - from;
        Direction::ALL.into_iter().find(|d| d.offset() == delta)
    }
}

/// The vertex a unit's top points into (7.11), by clock position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Facing {
    /// Front hexes NW and NE.
    Twelve,
    /// Front hexes NE and E.
    Two,
    /// Front hexes E and SE.
    Four,
    /// Front hexes SE and SW.
    Six,
    /// Front hexes SW and W.
    Eight,
    /// Front hexes W and NW.
    Ten,
}

/// Where an adjacent hex lies relative to a unit's facing (7.11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Aspect {
    /// One of the two frontal hexes.
    Front,
    /// One of the two flank hexes.
    Flank,
    /// One of the two rear hexes.
    Rear,
}

impl Facing {
    /// All six, clockwise from twelve o'clock.
    pub const ALL: [Facing; 6] =
        [Facing::Twelve, Facing::Two, Facing::Four, Facing::Six, Facing::Eight, Facing::Ten];

    /// The clock position the counter's top points to, as narration says
    /// it (`"12 o'clock"`).
    #[must_use]
    pub const fn clock(self) -> &'static str {
        match self {
            Facing::Twelve => "12 o'clock",
            Facing::Two => "2 o'clock",
            Facing::Four => "4 o'clock",
            Facing::Six => "6 o'clock",
            Facing::Eight => "8 o'clock",
            Facing::Ten => "10 o'clock",
        }
    }

    /// Index 0-5 clockwise from twelve o'clock.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The facing with index `i` modulo 6.
    #[must_use]
    #[allow(clippy::indexing_slicing)] // i % 6 < 6 = ALL.len()
    pub const fn from_index(i: usize) -> Facing {
        Facing::ALL[i % 6]
    }

    /// The facing turned `steps` vertices clockwise (negative: counter-clockwise).
    #[must_use]
    pub const fn rotated(self, steps: i32) -> Facing {
        Facing::from_index((self.index() as i32 + steps).rem_euclid(6) as usize)
    }

    /// How many vertices separate two facings (0-3): the cavalry pivot cost of 7.12.
    #[must_use]
    pub const fn vertices_to(self, other: Facing) -> u8 {
        let d = (other.index() + 6 - self.index()) % 6;
        if d > 3 { (6 - d) as u8 } else { d as u8 }
    }

    /// The two frontal directions (7.11), counter-clockwise one first.
    #[must_use]
    pub const fn front(self) -> [Direction; 2] {
        // Facing k sits between direction k-1 (counter-clockwise) and k.
        let k = self.index();
        [Direction::from_index(k + 5), Direction::from_index(k)]
    }

    /// The two flank directions (7.11).
    #[must_use]
    pub const fn flank(self) -> [Direction; 2] {
        let k = self.index();
        [Direction::from_index(k + 4), Direction::from_index(k + 1)]
    }

    /// The two rear directions (7.11).
    #[must_use]
    pub const fn rear(self) -> [Direction; 2] {
        let k = self.index();
        [Direction::from_index(k + 3), Direction::from_index(k + 2)]
    }

    /// Where a neighbour in `dir` lies for a unit with this facing.
    #[must_use]
    pub const fn aspect(self, dir: Direction) -> Aspect {
        // Offset of dir from the clockwise front direction, 0..6.
        match (dir.index() + 6 - self.index()) % 6 {
            0 | 5 => Aspect::Front,
            1 | 4 => Aspect::Flank,
            _ => Aspect::Rear,
        }
    }

    /// The facings whose front includes `dir`: a unit entering a hex in `dir` may
    /// keep either (6.32 and 7.11: only hexes to the front may be entered).
    #[must_use]
    pub const fn toward(dir: Direction) -> [Facing; 2] {
        [Facing::from_index(dir.index()), Facing::from_index(dir.index() + 1)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_7_11_front_flank_rear_partition_the_six_neighbours() {
        for facing in Facing::ALL {
            let mut all: Vec<Direction> =
                facing.front().into_iter().chain(facing.flank()).chain(facing.rear()).collect();
            all.sort();
            assert_eq!(all, Direction::ALL.to_vec(), "{facing:?}");
            for d in facing.front() {
                assert_eq!(facing.aspect(d), Aspect::Front);
                assert!(Facing::toward(d).contains(&facing));
            }
            for d in facing.flank() {
                assert_eq!(facing.aspect(d), Aspect::Flank);
            }
            for d in facing.rear() {
                assert_eq!(facing.aspect(d), Aspect::Rear);
            }
        }
    }

    #[test]
    fn twelve_faces_north_west_and_north_east() {
        assert_eq!(Facing::Twelve.front(), [Direction::NW, Direction::NE]);
        assert_eq!(Facing::Twelve.flank(), [Direction::W, Direction::E]);
        assert_eq!(Facing::Twelve.rear(), [Direction::SW, Direction::SE]);
        assert_eq!(Facing::Six.front(), [Direction::SE, Direction::SW]);
    }

    #[test]
    fn rule_7_12_vertices_shifted() {
        assert_eq!(Facing::Twelve.vertices_to(Facing::Twelve), 0);
        assert_eq!(Facing::Twelve.vertices_to(Facing::Two), 1);
        assert_eq!(Facing::Twelve.vertices_to(Facing::Ten), 1);
        assert_eq!(Facing::Twelve.vertices_to(Facing::Six), 3);
        assert_eq!(Facing::Two.vertices_to(Facing::Eight), 3);
        assert_eq!(Facing::Twelve.rotated(-1), Facing::Ten);
        assert_eq!(Facing::Ten.rotated(1), Facing::Twelve);
    }

    #[test]
    fn directions_are_the_six_unit_neighbours() {
        for d in Direction::ALL {
            assert_eq!(d.offset().length(), 1);
            assert_eq!(d.opposite().offset(), -d.offset());
            assert_eq!(Direction::between(Hex::ZERO, d.neighbor(Hex::ZERO)), Some(d));
        }
    }
}
