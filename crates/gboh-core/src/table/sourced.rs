//! A single value with its own provenance.

use core::fmt;
use serde::{Deserialize, Serialize};

use crate::data::Provenance;

/// One value and where it comes from (DESIGN.md, "Data provenance").
///
/// Written in RON as a pair, `(value, provenance)`: `(Mp(1), Printed("6.31"))`.
///
/// ```
/// use gboh_core::data::Provenance;
/// use gboh_core::table::Sourced;
/// let hits: Sourced<u8> = ron::from_str("(3, Printed(\"6.45\"))").unwrap();
/// assert_eq!(hits, Sourced { value: 3, provenance: Provenance::Printed("6.45".into()) });
/// assert_eq!(hits.to_string(), "3 (printed, 6.45)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(from = "(T, Provenance)", into = "(T, Provenance)")]
#[serde(bound(serialize = "T: Clone + Serialize", deserialize = "T: Deserialize<'de>"))]
pub struct Sourced<T> {
    /// The value.
    pub value: T,
    /// Where it comes from.
    pub provenance: Provenance,
}

impl<T> From<(T, Provenance)> for Sourced<T> {
    fn from((value, provenance): (T, Provenance)) -> Self {
        Sourced { value, provenance }
    }
}

impl<T> From<Sourced<T>> for (T, Provenance) {
    fn from(s: Sourced<T>) -> Self {
        (s.value, s.provenance)
    }
}

impl<T: fmt::Display> fmt::Display for Sourced<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.provenance {
            Provenance::Printed(rule) => write!(f, "{} (printed, {rule})", self.value),
            Provenance::Transcribed(source) => write!(f, "{} (transcribed, {source})", self.value),
            Provenance::Reconstructed => write!(f, "{} (reconstructed)", self.value),
        }
    }
}
