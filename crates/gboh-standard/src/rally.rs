//! Rally and recovery (SPQR 10.2, 10.29, 10.3).

use gboh_core::dice::Die;
use gboh_core::table::Distribution;
use serde::{Deserialize, Serialize};

use crate::tables::Tables;

/// What a rally attempt did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RallyOutcome {
    /// Rallied: depleted, keeping these hits (SPQR 10.29).
    Rallied {
        /// Hits it keeps.
        hits: u8,
    },
    /// Failed: it makes a rout move.
    Fails,
    /// Failed with a roll above its TQ too: eliminated.
    Eliminated,
}

/// SPQR 10.2: a rally succeeds on a roll (+1 if already depleted) at most the
/// leader's Initiative + 1.
#[must_use]
pub const fn rally_succeeds(initiative: u8, depleted: bool, face: u8) -> bool {
    face + if depleted { 1 } else { 0 } <= initiative + 1
}

/// SPQR 10.2 and 10.29: the rally roll `face`, then on success the Rally
/// Table read with `table_face` (+2 if previously depleted).
#[must_use]
pub fn rally(
    tables: &Tables,
    initiative: u8,
    tq: u8,
    depleted: bool,
    face: u8,
    table_face: u8,
) -> RallyOutcome {
    if rally_succeeds(initiative, depleted, face) {
        let roll = i32::from(table_face) + if depleted { 2 } else { 0 };
        RallyOutcome::Rallied { hits: tables.rally.outcome(roll).for_tq(tq) }
    } else if face > tq {
        RallyOutcome::Eliminated
    } else {
        RallyOutcome::Fails
    }
}

/// The exact distribution of a rally attempt (out of 100).
#[must_use]
pub fn rally_distribution(
    tables: &Tables,
    initiative: u8,
    tq: u8,
    depleted: bool,
) -> Distribution<RallyOutcome> {
    Distribution::over_faces(Die::D10, |f| f)
        .and_then(|&f| {
            if rally_succeeds(initiative, depleted, f) {
                tables
                    .rally
                    .distribution_with(if depleted { 2 } else { 0 })
                    .map(|r| RallyOutcome::Rallied { hits: r.for_tq(tq) })
            } else {
                Distribution::certain(rally(tables, initiative, tq, depleted, f, 0))
            }
        })
        .unwrap_or_else(|| Distribution::certain(RallyOutcome::Fails))
}

/// SPQR 10.3: the hits one Individual Order of recovery removes: 2 in clear
/// terrain, 1 if enemy missiles are in range; none next to an enemy or out of
/// clear terrain.
#[must_use]
pub const fn recovery_hits(
    in_clear: bool,
    adjacent_enemy: bool,
    enemy_missiles_in_range: bool,
) -> u8 {
    if !in_clear || adjacent_enemy {
        0
    } else if enemy_missiles_in_range {
        1
    } else {
        2
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn rule_10_2_rally_roll_and_table() {
        let t = Tables::spqr().unwrap();
        // Initiative 4: 0-5 rallies; depleted: 0-4.
        assert!(rally_succeeds(4, false, 5) && !rally_succeeds(4, true, 5));
        assert_eq!(rally(&t, 4, 7, false, 3, 6), RallyOutcome::Rallied { hits: 3 });
        assert_eq!(rally(&t, 4, 4, false, 3, 6), RallyOutcome::Rallied { hits: 2 });
        // Depleted: the table roll +2 (7 reads 9).
        assert_eq!(rally(&t, 4, 7, true, 3, 7), RallyOutcome::Rallied { hits: 4 });
        assert_eq!(rally(&t, 4, 7, false, 6, 0), RallyOutcome::Fails);
        assert_eq!(rally(&t, 4, 5, false, 6, 0), RallyOutcome::Eliminated);
        let d = rally_distribution(&t, 4, 5, false);
        assert_eq!(d.total(), 100);
        assert_eq!(d.chance(&RallyOutcome::Fails).to_string(), "0/100");
        assert_eq!(d.chance(&RallyOutcome::Eliminated).to_string(), "40/100");
        assert_eq!(d.chance(&RallyOutcome::Rallied { hits: 1 }).to_string(), "12/100");
    }

    #[test]
    fn rule_10_3_recovery() {
        assert_eq!(recovery_hits(true, false, false), 2);
        assert_eq!(recovery_hits(true, false, true), 1);
        assert_eq!(recovery_hits(true, true, false), 0);
        assert_eq!(recovery_hits(false, false, false), 0);
    }
}
