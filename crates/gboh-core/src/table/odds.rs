//! Exact odds: the distribution of a table's results over the faces of a die.
//!
//! DESIGN.md asks previews to *enumerate, not sample*: a d10 has ten faces, so a
//! result's chance is a count out of 10 (out of 100 for two rolls in a row, as
//! in Alesia 9.24's leader casualty check). A [`Distribution`] keeps those integer
//! counts, so its chances always sum to exactly one.

use core::fmt;

use crate::dice::Die;

/// An exact chance: `count` out of `out_of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chance {
    /// Favourable cases.
    pub count: u64,
    /// All cases (a power of the die's sides for chained rolls).
    pub out_of: u64,
}

impl Chance {
    /// The chance as a float, for display only.
    #[must_use]
    #[allow(clippy::cast_precision_loss)]
    pub fn as_f64(self) -> f64 {
        if self.out_of == 0 { 0.0 } else { self.count as f64 / self.out_of as f64 }
    }

    /// Whether two chances are the same number (3/10 == 30/100).
    #[must_use]
    pub fn same_as(self, other: Chance) -> bool {
        u128::from(self.count) * u128::from(other.out_of)
            == u128::from(other.count) * u128::from(self.out_of)
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.count, self.out_of)
    }
}

/// The exact distribution of outcomes of one or more die rolls.
///
/// Outcomes are kept in the order first reached (lowest face first), each with a
/// positive count; the counts always sum to [`Distribution::total`].
///
/// ```
/// use gboh_core::dice::Die;
/// use gboh_core::table::Distribution;
/// // 5.63: the Alesia Force enters on 0-6.
/// let enters = Distribution::over_faces(Die::D10, |face| face <= 6);
/// assert_eq!(enters.chance(&true).to_string(), "7/10");
/// // Alesia 9.24: a 0, then 0-4 on a second roll.
/// let killed = Distribution::over_faces(Die::D10, |f| f == 0)
///     .and_then(|&first| if first {
///         Distribution::over_faces(Die::D10, |f| f <= 4)
///     } else {
///         Distribution::certain(false)
///     })
///     .unwrap();
/// assert_eq!(killed.chance(&true).to_string(), "5/100");
/// assert_eq!(killed.outcomes().iter().map(|(_, n)| n).sum::<u64>(), killed.total());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Distribution<T> {
    outcomes: Vec<(T, u64)>,
    total: u64,
}

impl<T: PartialEq> Distribution<T> {
    /// A single outcome, certain (no roll needed).
    pub fn certain(outcome: T) -> Self {
        Distribution { outcomes: vec![(outcome, 1)], total: 1 }
    }

    /// The outcome of each face of `die`, each face counted once.
    pub fn over_faces(die: Die, mut outcome: impl FnMut(u8) -> T) -> Self {
        let mut d = Distribution { outcomes: Vec::new(), total: 0 };
        for face in die.faces() {
            d.add(outcome(face), 1);
            d.total += 1;
        }
        d
    }

    /// All cases counted (the die's sides, or their product for chained rolls).
    #[must_use]
    pub fn total(&self) -> u64 {
        self.total
    }

    /// Each distinct outcome with its count, lowest face first.
    #[must_use]
    pub fn outcomes(&self) -> &[(T, u64)] {
        &self.outcomes
    }

    /// How many cases give `outcome`.
    #[must_use]
    pub fn count(&self, outcome: &T) -> u64 {
        self.outcomes.iter().filter(|(o, _)| o == outcome).map(|(_, n)| n).sum()
    }

    /// The exact chance of `outcome`.
    #[must_use]
    pub fn chance(&self, outcome: &T) -> Chance {
        Chance { count: self.count(outcome), out_of: self.total }
    }

    /// The exact chance that an outcome satisfies `pred`.
    #[must_use]
    pub fn chance_that(&self, mut pred: impl FnMut(&T) -> bool) -> Chance {
        let count = self.outcomes.iter().filter(|(o, _)| pred(o)).map(|(_, n)| n).sum();
        Chance { count, out_of: self.total }
    }

    /// The distribution of `f` of each outcome (outcomes that map to the same
    /// value are merged).
    #[must_use]
    pub fn map<U: PartialEq>(self, mut f: impl FnMut(T) -> U) -> Distribution<U> {
        let mut d = Distribution { outcomes: Vec::new(), total: self.total };
        for (o, n) in self.outcomes {
            d.add(f(o), n);
        }
        d
    }

    /// Chains a further roll: each outcome leads to its own distribution (a
    /// second die roll, or a certain result). The counts stay exact: the total
    /// becomes this total times the least common multiple of the next totals.
    ///
    /// Returns `None` only if the counts would overflow `u64` (about nineteen
    /// d10 rolls in a row).
    #[must_use]
    pub fn and_then<U: PartialEq>(
        self,
        mut next: impl FnMut(&T) -> Distribution<U>,
    ) -> Option<Distribution<U>> {
        let nexts: Vec<(u64, Distribution<U>)> =
            self.outcomes.iter().map(|(o, n)| (*n, next(o))).collect();
        let mut lcm: u64 = 1;
        for (_, d) in &nexts {
            lcm = lcm_of(lcm, d.total)?;
        }
        let mut out = Distribution { outcomes: Vec::new(), total: self.total.checked_mul(lcm)? };
        for (n, d) in nexts {
            let scale = lcm.checked_div(d.total)?;
            for (o, m) in d.outcomes {
                out.add(o, n.checked_mul(m)?.checked_mul(scale)?);
            }
        }
        Some(out)
    }

    fn add(&mut self, outcome: T, n: u64) {
        if n == 0 {
            return;
        }
        match self.outcomes.iter_mut().find(|(o, _)| *o == outcome) {
            Some((_, m)) => *m = m.saturating_add(n),
            None => self.outcomes.push((outcome, n)),
        }
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

fn lcm_of(a: u64, b: u64) -> Option<u64> {
    if a == 0 || b == 0 {
        return None;
    }
    (a / gcd(a, b)).checked_mul(b)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn faces_sum_to_the_die() {
        let d = Distribution::over_faces(Die::D10, |f| f % 3);
        assert_eq!(d.total(), 10);
        assert_eq!(d.outcomes(), &[(0, 4), (1, 3), (2, 3)]);
        assert_eq!(d.chance(&7).count, 0);
        assert!(d.chance(&1).same_as(Chance { count: 30, out_of: 100 }));
    }

    #[test]
    fn chains_mix_certain_and_rolled_outcomes_exactly() {
        let d = Distribution::over_faces(Die::D6, |f| f)
            .and_then(|&f| {
                if f < 6 {
                    Distribution::certain(0)
                } else {
                    Distribution::over_faces(Die::D10, u32::from)
                }
            })
            .unwrap();
        assert_eq!(d.total(), 60);
        assert_eq!(d.count(&0), 51);
        assert_eq!(d.outcomes().iter().map(|(_, n)| n).sum::<u64>(), 60);
    }

    #[test]
    fn overflow_is_none_not_a_panic() {
        let mut d = Distribution::certain(0u8);
        let mut rolls = 0;
        while let Some(next) = d.clone().and_then(|_| Distribution::over_faces(Die::D10, |f| f % 2))
        {
            d = next;
            rolls += 1;
        }
        assert_eq!(rolls, 19);
    }
}
