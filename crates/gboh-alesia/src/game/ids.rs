//! Dense indices for the pieces of one game: cheap to copy, compare and store.

use serde::{Deserialize, Serialize};

pub use gboh_simple::field::{Lid, Uid};

/// A Tribal Counter or Cavalry Counter (4.41, 4.44), by position in
/// [`super::Setup::counters`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CounterIdx(pub u8);

/// A Roman legion (2.23), by position in the counter mix's legions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct LegionIdx(pub u8);

impl CounterIdx {
    /// The index as `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl LegionIdx {
    /// The index as `usize`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}
