//! Shock combat (SPQR 8.3-8.7, 8.47): the column (Clash chart, size ratio and
//! the other shifts), superiority, the CRT and its adjustments, hit
//! allocation, collapse. Pure functions over the charts and what the caller
//! states about the units; the protocol gathers those facts from the board.

mod collapse;
mod column;
mod result;
mod superiority;

pub use collapse::{
    CollapseUnit, Fate, advance_hits, brink_check, collapse, collapse_advancing, pursues,
};
pub use column::{
    Elevation, Shift, ShiftInputs, SizeRatio, column_shifts, size_ratio, size_ratio_applies,
};
pub use result::{Adjustments, ShockHits, adjust, allocate, resolve, shock_distribution};
pub use superiority::{Superiority, SuperiorityInputs, position_superior, superiority};

use gboh_core::facing::Aspect;
use gboh_core::table::CrtColumn;

use crate::kinds::ShockClass;
use crate::tables::ClashChart;

/// SPQR 8.73: the base column for the units used, or `None` when that attack
/// is not allowed; an Indian elephant attacker shifts 1R (not against elephants).
#[must_use]
pub fn base_column(
    chart: &ClashChart,
    aspect: Aspect,
    defender: ShockClass,
    attacker: ShockClass,
) -> Option<CrtColumn> {
    chart.column(aspect, defender, attacker)
}

/// Who must, may and cannot shock (SPQR 8.31).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum ShockDuty {
    /// Heavy types that moved next to an enemy shock everything in their ZOC.
    Must,
    /// Light types (LI, LC) may, then take a Must Check; units that did not
    /// move may, with no pre-shock check.
    May,
    /// SK, scorpio, archer LI/LC, routed units and units in column.
    Cannot,
}

/// SPQR 8.31 for one unit.
#[must_use]
pub const fn shock_duty(
    class: ShockClass,
    moved: bool,
    archer: bool,
    routed: bool,
    in_column: bool,
) -> ShockDuty {
    if matches!(class, ShockClass::SK) || archer || routed || in_column {
        ShockDuty::Cannot
    } else if moved && class.is_heavy() {
        ShockDuty::Must
    } else {
        ShockDuty::May
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_8_31_must_may_cannot() {
        assert_eq!(shock_duty(ShockClass::LG, true, false, false, false), ShockDuty::Must);
        assert_eq!(shock_duty(ShockClass::LG, false, false, false, false), ShockDuty::May);
        assert_eq!(shock_duty(ShockClass::LC, true, false, false, false), ShockDuty::May);
        assert_eq!(shock_duty(ShockClass::LI, true, true, false, false), ShockDuty::Cannot);
        assert_eq!(shock_duty(ShockClass::SK, true, false, false, false), ShockDuty::Cannot);
        assert_eq!(shock_duty(ShockClass::PH, true, false, false, true), ShockDuty::Cannot);
    }
}
