//! The Shock Combat Results Table (SPQR 8.7): a core column CRT whose cells
//! give hits to both sides.

use core::fmt;
use gboh_core::table::{ColumnCrt, TableResult};
use serde::{Deserialize, Serialize};

/// One cell of the Shock CRT: the hits each side takes (before the result
/// adjustments of SPQR 8.7).
///
/// A higher roll or a column further right is never worse for the attacker,
/// who rolls; a cell marked `printed_anomaly` is one the chart prints against
/// that order (rows 4 and 5, column 13), accepted as printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrtCell {
    /// Cohesion hits on the attacker.
    pub attacker_hits: u8,
    /// Cohesion hits on the defender.
    pub defender_hits: u8,
    /// Printed against the table's order; see the table's note.
    #[serde(default)]
    pub printed_anomaly: bool,
}

impl TableResult for CrtCell {
    fn worse_for_roller_than(&self, lower: &Self) -> Vec<String> {
        if self.printed_anomaly {
            return Vec::new();
        }
        let mut worse = Vec::new();
        if self.attacker_hits > lower.attacker_hits {
            worse.push(format!(
                "more hits on the attacker ({} after {})",
                self.attacker_hits, lower.attacker_hits
            ));
        }
        if self.defender_hits < lower.defender_hits {
            worse.push(format!(
                "fewer hits on the defender ({} after {})",
                self.defender_hits, lower.defender_hits
            ));
        }
        worse
    }
}

impl fmt::Display for CrtCell {
    /// Attacker hits / defender hits: `3/2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.attacker_hits, self.defender_hits)
    }
}

/// The Shock CRT: columns 1-13, rows by modified d10 clamped to 0-9.
pub type ShockCrt = ColumnCrt<CrtCell>;
