//! Collapse (SPQR 8.47): who routs after the shock's hits, and the check of
//! units left on the brink in an enemy ZOC.

use serde::{Deserialize, Serialize};

/// One unit in a shock, after the CRT's hits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CollapseUnit {
    /// Its TQ.
    pub tq: u8,
    /// Its hits now.
    pub hits: u8,
    /// On the attacking side.
    pub attacker: bool,
    /// The hits its advance would cost (attackers only; counted when every
    /// unit would rout).
    pub advance_hits: u8,
}

impl CollapseUnit {
    fn excess(&self, with_advance: bool) -> i32 {
        let extra = if with_advance && self.attacker { self.advance_hits } else { 0 };
        i32::from(self.hits) + i32::from(extra) - i32::from(self.tq)
    }
}

/// What collapse does to a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Fate {
    /// It routs.
    Routs,
    /// It stays, with these hits.
    Stays {
        /// Its hits.
        hits: u8,
    },
}

/// SPQR 8.47 #1: every unit with hits at least its TQ routs; if every unit
/// in the combat would rout, the attackers first add the hits their advance
/// would cost, the side with the larger excess over TQ routs (a tie: the
/// defender) and the other side's units are set to TQ - 1.
///
/// ```
/// use gboh_standard::shock::{collapse, CollapseUnit, Fate};
/// let a = CollapseUnit { tq: 5, hits: 6, attacker: true, advance_hits: 0 };
/// let d = CollapseUnit { tq: 6, hits: 6, attacker: false, advance_hits: 0 };
/// // Both would rout; the attacker's excess (1) beats the defender's (0).
/// assert_eq!(collapse(&[a, d]), vec![Fate::Routs, Fate::Stays { hits: 5 }]);
/// ```
#[must_use]
pub fn collapse(units: &[CollapseUnit]) -> Vec<Fate> {
    collapse_by(units, |u| u.hits >= u.tq)
}

/// [`collapse`], with an attacker whose advance would rout it (its hits
/// plus its `advance_hits` at least its TQ) counted as routing for #1
/// (Gergovia 8.4: attacking over a wall from outside, "rule 1 applies if
/// their advance would lead to their rout"). With no advance hits it is
/// [`collapse`].
///
/// ```
/// use gboh_standard::shock::{collapse, collapse_advancing, CollapseUnit, Fate};
/// // A cohort (TQ 6, 4 hits) whose advance over the town wall costs 3.
/// let a = CollapseUnit { tq: 6, hits: 4, attacker: true, advance_hits: 3 };
/// let d = CollapseUnit { tq: 5, hits: 5, attacker: false, advance_hits: 0 };
/// assert_eq!(collapse(&[a, d]), vec![Fate::Stays { hits: 4 }, Fate::Routs]);
/// // Its excess with the advance (1) beats the defender's (0): it routs.
/// assert_eq!(collapse_advancing(&[a, d]), vec![Fate::Routs, Fate::Stays { hits: 4 }]);
/// ```
#[must_use]
pub fn collapse_advancing(units: &[CollapseUnit]) -> Vec<Fate> {
    collapse_by(units, |u| u.hits >= u.tq || (u.attacker && u.excess(true) >= 0))
}

/// 8.47 #1 with `would_rout` deciding whether every unit would rout.
fn collapse_by(units: &[CollapseUnit], would_rout: impl Fn(&CollapseUnit) -> bool) -> Vec<Fate> {
    let routs = |u: &CollapseUnit| u.hits >= u.tq;
    let has_both = units.iter().any(|u| u.attacker) && units.iter().any(|u| !u.attacker);
    if has_both && units.iter().all(would_rout) {
        let worst = |attacker: bool| {
            units.iter().filter(|u| u.attacker == attacker).map(|u| u.excess(true)).max()
        };
        let attacker_routs = worst(true) > worst(false);
        return units
            .iter()
            .map(|u| {
                if u.attacker == attacker_routs {
                    Fate::Routs
                } else {
                    Fate::Stays { hits: u.tq.saturating_sub(1) }
                }
            })
            .collect();
    }
    units
        .iter()
        .map(|u| if routs(u) { Fate::Routs } else { Fate::Stays { hits: u.hits } })
        .collect()
}

/// SPQR 8.47 #2: a unit left at exactly TQ - 1 in an enemy ZOC rolls: at most
/// its TQ removes one hit, above it routs.
#[must_use]
pub const fn brink_check(tq: u8, face: u8) -> Fate {
    if face <= tq { Fate::Stays { hits: tq.saturating_sub(2) } } else { Fate::Routs }
}

/// SPQR 8.47 advance: an advance cannot rout the unit; its hits are capped at
/// TQ - 1.
#[must_use]
pub const fn advance_hits(tq: u8, hits: u8, cost: u8) -> u8 {
    let total = hits.saturating_add(cost);
    let cap = tq.saturating_sub(1);
    if total > cap { cap } else { total }
}

/// SPQR 8.5 cavalry pursuit: victorious attacking cavalry rolls; above its TQ
/// it pursues, otherwise it breaks off (Finished either way).
#[must_use]
pub const fn pursues(tq: u8, face: u8) -> bool {
    face > tq
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_8_47_collapse_routs_at_tq_and_ties_rout_the_defender() {
        let a = CollapseUnit { tq: 6, hits: 6, attacker: true, advance_hits: 0 };
        let d = CollapseUnit { tq: 5, hits: 5, attacker: false, advance_hits: 0 };
        assert_eq!(collapse(&[a, d]), vec![Fate::Stays { hits: 5 }, Fate::Routs]);
        // The advance's cost tips it against the attacker.
        let a2 = CollapseUnit { advance_hits: 1, ..a };
        assert_eq!(collapse(&[a2, d]), vec![Fate::Routs, Fate::Stays { hits: 4 }]);
        // Not everyone routs: each on its own.
        let d2 = CollapseUnit { hits: 3, ..d };
        assert_eq!(collapse(&[a, d2]), vec![Fate::Routs, Fate::Stays { hits: 3 }]);
    }

    #[test]
    fn rule_8_47_brink_check_advance_cap_and_pursuit() {
        assert_eq!(brink_check(6, 6), Fate::Stays { hits: 4 });
        assert_eq!(brink_check(6, 7), Fate::Routs);
        assert_eq!(advance_hits(6, 4, 3), 5);
        assert_eq!(advance_hits(6, 2, 1), 3);
        assert!(pursues(5, 6) && !pursues(5, 5));
    }
}
