//! Where a data value comes from (DESIGN.md, "Data provenance").

use serde::{Deserialize, Serialize};

/// The source of a table, row or value.
///
/// The published chart cards and maps are not available to this project, so
/// every figure says whether it is printed in a rulebook (and where), transcribed
/// from a public source, or reconstructed by us. A user who owns the charts
/// replaces reconstructed values in the RON files and nothing else changes.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Provenance {
    /// Printed in a rulebook; the string is the rule section, e.g. `"9.22"`.
    Printed(String),
    /// Transcribed from a public source, named by the string.
    Transcribed(String),
    /// Supplied by this project; `docs/data-provenance.md` explains how.
    Reconstructed,
}

impl Provenance {
    /// Whether the value is printed in a rulebook.
    #[must_use]
    pub const fn is_printed(&self) -> bool {
        matches!(self, Provenance::Printed(_))
    }
}
