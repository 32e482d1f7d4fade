//! Troop Quality checks (SPQR 8.4 and passim): roll a d10; every point the
//! modified roll exceeds the TQ is a cohesion hit.
//!
//! ```
//! use gboh_core::table::Drm;
//! use gboh_standard::check::{tq_check_distribution, tq_check_hits};
//! assert_eq!(tq_check_hits(6, 8, Drm(0)), 2);
//! assert_eq!(tq_check_hits(6, 5, Drm(0)), 0);
//! // TQ 6: faces 7, 8, 9 cost 1, 2, 3 hits.
//! let d = tq_check_distribution(6, Drm(0));
//! assert_eq!(d.chance(&0).to_string(), "7/10");
//! assert_eq!(d.chance(&3).to_string(), "1/10");
//! ```

use gboh_core::dice::Die;
use gboh_core::table::{Distribution, Drm, ModifiedRoll};
use serde::{Deserialize, Serialize};

/// The hits a TQ check costs: how far the modified roll exceeds `tq`.
#[must_use]
pub fn tq_check_hits(tq: u8, face: u8, drm: Drm) -> u8 {
    let over = ModifiedRoll::new(face, drm).0 - i32::from(tq);
    u8::try_from(over.max(0)).unwrap_or(u8::MAX)
}

/// The exact distribution of a TQ check's hits over the d10.
#[must_use]
pub fn tq_check_distribution(tq: u8, drm: Drm) -> Distribution<u8> {
    Distribution::over_faces(Die::D10, |face| tq_check_hits(tq, face, drm))
}

/// What a pre-shock TQ check did to one unit (SPQR 8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PreShockOutcome {
    /// The unit took these hits and stays (its hits stay below its TQ).
    Holds {
        /// Hits taken.
        hits: u8,
    },
    /// The hits took it to its TQ: it routs (a phalanx first tries to stand,
    /// [`phalanx_stand`]).
    Routs {
        /// Hits taken.
        hits: u8,
    },
}

/// SPQR 8.4: the pre-shock check of a unit of `tq` with `hits_before` hits.
///
/// A unit whose hits reach its TQ routs.
#[must_use]
pub fn pre_shock(tq: u8, hits_before: u8, face: u8, drm: Drm) -> PreShockOutcome {
    pre_shock_stacked(tq, tq, hits_before, face, drm)
}

/// SPQR 6.68: the pre-shock check of a stacked unit, rolled against the top
/// unit's TQ (`check_tq`); it routs when its own hits reach its own `tq`.
#[must_use]
pub fn pre_shock_stacked(
    check_tq: u8,
    tq: u8,
    hits_before: u8,
    face: u8,
    drm: Drm,
) -> PreShockOutcome {
    let hits = tq_check_hits(check_tq, face, drm);
    if hits > 0 && hits_before.saturating_add(hits) >= tq {
        PreShockOutcome::Routs { hits }
    } else {
        PreShockOutcome::Holds { hits }
    }
}

/// The exact distribution of a pre-shock check.
#[must_use]
pub fn pre_shock_distribution(tq: u8, hits_before: u8, drm: Drm) -> Distribution<PreShockOutcome> {
    Distribution::over_faces(Die::D10, |face| pre_shock(tq, hits_before, face, drm))
}

/// Whether a phalanx that would rout stands (SPQR 8.4 phalanx exception,
/// Dictator 9.103).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PhalanxStand {
    /// It routs.
    Routs,
    /// It stands with its hits set to TQ - 1.
    Stands {
        /// Its hits after standing.
        hits: u8,
    },
}

/// The phalanx's second roll: the face plus the hits it has over its TQ,
/// plus 3 if it was attacking; above its TQ it routs, otherwise it stands at
/// TQ - 1.
///
/// ```
/// use gboh_standard::check::{phalanx_stand, PhalanxStand};
/// // TQ 6 with 7 hits (1 over), defending: a 5 makes 6, not above 6: it stands.
/// assert_eq!(phalanx_stand(6, 7, false, 5), PhalanxStand::Stands { hits: 5 });
/// // Attacking, +3: 5 + 1 + 3 = 9 > 6: it routs.
/// assert_eq!(phalanx_stand(6, 7, true, 5), PhalanxStand::Routs);
/// ```
#[must_use]
pub fn phalanx_stand(tq: u8, hits: u8, attacking: bool, face: u8) -> PhalanxStand {
    let over = i32::from(hits.saturating_sub(tq));
    let total = i32::from(face) + over + if attacking { 3 } else { 0 };
    if total > i32::from(tq) {
        PhalanxStand::Routs
    } else {
        PhalanxStand::Stands { hits: tq.saturating_sub(1) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_8_4_pre_shock_hits_are_the_excess_over_tq() {
        assert_eq!(pre_shock(5, 0, 7, Drm(0)), PreShockOutcome::Holds { hits: 2 });
        assert_eq!(pre_shock(5, 3, 7, Drm(0)), PreShockOutcome::Routs { hits: 2 });
        assert_eq!(pre_shock(5, 4, 5, Drm(0)), PreShockOutcome::Holds { hits: 0 });
        // A +2 (Dictator 9.61's ferocity against a defender) on a 4 against TQ 5.
        assert_eq!(pre_shock(5, 0, 4, Drm(2)), PreShockOutcome::Holds { hits: 1 });
        let d = pre_shock_distribution(5, 3, Drm(0));
        assert_eq!(
            d.chance_that(|o| matches!(o, PreShockOutcome::Routs { .. })).to_string(),
            "3/10"
        );
    }

    #[test]
    fn rule_8_4_phalanx_stands_at_tq_minus_one_or_routs() {
        for face in 0..10 {
            let d = phalanx_stand(6, 6, false, face);
            assert_eq!(d == PhalanxStand::Routs, face > 6, "{face}");
        }
        assert_eq!(phalanx_stand(6, 6, true, 3), PhalanxStand::Stands { hits: 5 });
        assert_eq!(phalanx_stand(6, 6, true, 4), PhalanxStand::Routs);
    }
}
