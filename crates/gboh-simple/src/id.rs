//! Dense indices for the pieces of one game: cheap to copy, compare and store.

use serde::{Deserialize, Serialize};

/// A combat unit, by its position in the game's counter mix
/// ([`Roster::unit_count`](crate::Roster::unit_count)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Uid(pub u16);

/// A leader, by its position in the game's counter mix
/// ([`Roster::leader_count`](crate::Roster::leader_count)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Lid(pub u8);

impl Uid {
    /// The index as `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Lid {
    /// The index as `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
