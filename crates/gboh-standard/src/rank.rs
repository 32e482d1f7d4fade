//! The ranks a standard-family leader counter is tagged with (the scenario
//! data's `rank`): the games on this engine name them in their counter
//! files, and their command hooks read them (Dictator 4.61, 4.71; Gergovia's
//! leaders).

use core::fmt;
use serde::{Deserialize, Serialize};

/// A leader's rank, as a standard-family game's counters name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Rank {
    /// Overall Commander (OC).
    OverallCommander,
    /// A legion's Legate (Gergovia, Dictator).
    Legate,
    /// A Roman Cavalry Prefect (Gergovia).
    CavalryPrefect,
    /// A Gallic Cavalry Leader (Gergovia).
    GallicCavalryLeader,
    /// Subordinate Commander (Dictator 4.71, 4.73; Gergovia).
    SubordinateCommander,
    /// Tribal Chief, the OC of his tribe (Dictator 4.61, 4.65; Gergovia).
    TribalChief,
    /// Chief, a Tribal Chief's subordinate (Dictator 4.61, 4.64).
    Chief,
}

impl Rank {
    /// Every rank, in declaration order.
    pub const ALL: [Rank; 7] = [
        Rank::OverallCommander,
        Rank::Legate,
        Rank::CavalryPrefect,
        Rank::GallicCavalryLeader,
        Rank::SubordinateCommander,
        Rank::TribalChief,
        Rank::Chief,
    ];

    /// The rank as the rulebooks name it.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Rank::OverallCommander => "Overall Commander",
            Rank::Legate => "Legate",
            Rank::CavalryPrefect => "Cavalry Prefect",
            Rank::GallicCavalryLeader => "Gallic Cavalry Leader",
            Rank::SubordinateCommander => "Subordinate Commander",
            Rank::TribalChief => "Tribal Chief",
            Rank::Chief => "Chief",
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
