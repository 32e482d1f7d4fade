//! The simple family's Shock Table result (Alesia 9.42, 10.0).

use core::fmt;
use serde::{Deserialize, Serialize};

use super::result::TableResult;

/// One row of the simple family's single-column Shock Table (Alesia 9.42): one modified
/// roll gives results for both sides.
///
/// In a data file the retreat and Continued Shock flags default to `false`:
/// `(attacker_hits: 2, defender_hits: 2)` is Alesia 9.22's "two hits to both the
/// attacker and the defender. No retreats."
///
/// ```
/// use gboh_core::table::{ShockResult, TableResult};
/// let printed = ShockResult { attacker_hits: 2, defender_hits: 2, ..ShockResult::default() };
/// assert_eq!(printed.to_string(), "2/2");
/// let better = ShockResult { attacker_hits: 1, defender_hits: 3, defender_retreats: true,
///     ..ShockResult::default() };
/// assert_eq!(better.to_string(), "1/3R");
/// assert!(better.worse_for_roller_than(&printed).is_empty());
/// assert_eq!(printed.worse_for_roller_than(&better).len(), 3);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ShockResult {
    /// Cohesion hits on the attacking side (Alesia 10.11, spread per 6.67).
    pub attacker_hits: u8,
    /// Cohesion hits on the defending side.
    pub defender_hits: u8,
    /// Every attacking unit retreats (Alesia 10.2).
    #[serde(default)]
    pub attacker_retreats: bool,
    /// Every defending unit retreats (Alesia 10.2).
    #[serde(default)]
    pub defender_retreats: bool,
    /// The attackers gain Continued Shock (Alesia 10.3).
    #[serde(default)]
    pub continued_shock: bool,
}

impl TableResult for ShockResult {
    fn worse_for_roller_than(&self, lower: &Self) -> Vec<String> {
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
        if self.attacker_retreats && !lower.attacker_retreats {
            worse.push("the attacker retreats where a lower roll did not".to_owned());
        }
        if !self.defender_retreats && lower.defender_retreats {
            worse.push("the defender no longer retreats".to_owned());
        }
        if !self.continued_shock && lower.continued_shock {
            worse.push("continued shock is lost".to_owned());
        }
        worse
    }

    fn problems(&self) -> Vec<String> {
        if self.continued_shock && self.attacker_retreats {
            vec!["10.3: continued shock while the attacker retreats".to_owned()]
        } else {
            Vec::new()
        }
    }
}

impl fmt::Display for ShockResult {
    /// Attacker hits / defender hits, `R` for a retreat, then `CS`: `1/3R CS`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = |b: bool| if b { "R" } else { "" };
        write!(
            f,
            "{}{}/{}{}",
            self.attacker_hits,
            r(self.attacker_retreats),
            self.defender_hits,
            r(self.defender_retreats)
        )?;
        if self.continued_shock {
            f.write_str(" CS")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_flag_counts_against_the_roller() {
        let base = ShockResult {
            attacker_hits: 2,
            defender_hits: 2,
            defender_retreats: true,
            continued_shock: true,
            ..ShockResult::default()
        };
        let flipped = ShockResult { attacker_retreats: true, ..ShockResult::default() };
        let worse = flipped.worse_for_roller_than(&base);
        assert_eq!(worse.len(), 4, "{worse:?}");
        assert!(base.worse_for_roller_than(&base).is_empty());
    }

    #[test]
    fn rule_10_3_continued_shock_needs_the_attacker_to_stay() {
        let bad = ShockResult {
            attacker_retreats: true,
            continued_shock: true,
            ..ShockResult::default()
        };
        assert_eq!(bad.problems().len(), 1);
        assert_eq!(bad.to_string(), "0R/0 CS");
    }
}
