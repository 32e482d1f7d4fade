//! How a side's hits are spread over its units ([`Rule::HitSharing`], Alesia
//! 6.67; [`Rule::LeftoverHits`], Alesia 9.25 "#").
//!
//! ```text
//!   3 hits on a stack of two BI:  1 each, the odd hit to the top unit (6.67).
//!   2 hits on two stacks of two:  none each evenly; the 2 leftover hits go to
//!   the two top units (9.25: "units at the top of stack must be chosen before
//!   units at the bottom"), so 9.22's example needs no choice at all.
//! ```
//!
//! [`Rule::HitSharing`]: crate::Rule::HitSharing
//! [`Rule::LeftoverHits`]: crate::Rule::LeftoverHits

use crate::field::{Field, Uid};
use crate::game::{Roster, SimpleGame};

/// Alesia 6.67: `hits` split evenly over `units` units: (each, leftover).
#[must_use]
pub const fn split(hits: u8, units: usize) -> (u8, u8) {
    if units == 0 {
        return (0, 0);
    }
    let n = if units > u8::MAX as usize { u8::MAX } else { units as u8 };
    (hits / n, hits % n)
}

/// Alesia 6.67, 9.27: the units of `units` that share shock hits (infantry and
/// cavalry; archers and artillery stacked with them take none), still on the
/// map, top of each stack first, stacks in the order given.
#[must_use]
pub fn sharers<G: SimpleGame>(field: &Field<G>, units: &[Uid]) -> Vec<Uid> {
    let at = |u: Uid| field.unit(u).and_then(|s| s.at);
    let shares = |u: Uid| {
        field
            .setup()
            .unit_profile(u)
            .is_some_and(|p| !p.unit_type.is_archer() && !p.unit_type.is_artillery())
            && field.unit(u).is_some_and(|s| s.cohesion.in_play())
    };
    let mut out = Vec::with_capacity(units.len());
    for (k, &u) in units.iter().enumerate() {
        // Each hex once, where its first unit comes.
        let Some(h) = at(u) else { continue };
        if units.get(..k).is_some_and(|before| before.iter().any(|&v| at(v) == Some(h))) {
            continue;
        }
        out.extend(field.stack(h).iter().filter(|u| units.contains(u) && shares(*u)));
    }
    out
}

/// Alesia 9.25 "#": every legal choice of units to take one leftover hit each: the
/// top units of their stacks before any bottom unit. Deterministic: sets in
/// lexicographic order of `units`' order.
#[must_use]
pub fn leftover_choices<G: SimpleGame>(
    field: &Field<G>,
    units: &[Uid],
    leftover: u8,
) -> Vec<Vec<Uid>> {
    let k = usize::from(leftover);
    if k == 0 || k > units.len() {
        return vec![Vec::new()];
    }
    let is_top = |u: Uid| {
        let Some(h) = field.unit(u).and_then(|s| s.at) else {
            return true;
        };
        field.stack(h).iter().find(|x| units.contains(x)).is_none_or(|first| first == u)
    };
    let (tops, bottoms): (Vec<Uid>, Vec<Uid>) = units.iter().partition(|&&u| is_top(u));
    if k <= tops.len() {
        combinations(&tops, k)
    } else {
        combinations(&bottoms, k - tops.len())
            .into_iter()
            .map(|rest| tops.iter().copied().chain(rest).collect())
            .collect()
    }
}

/// The first of [`leftover_choices`] (9.25 "#"), as one flag per unit of
/// `units`, without listing the others: the first `leftover` top units, or
/// every top unit and the first bottom units after them. No unit when the
/// leftover is 0 or more than the units.
pub fn first_leftover_choice<'a, G: SimpleGame>(
    field: &'a Field<G>,
    units: &'a [Uid],
    leftover: u8,
) -> impl Iterator<Item = bool> + 'a {
    let k = usize::from(leftover);
    let none = k == 0 || k > units.len();
    let is_top = move |u: Uid| {
        let Some(h) = field.unit(u).and_then(|s| s.at) else {
            return true;
        };
        field.stack(h).iter().find(|x| units.contains(x)).is_none_or(|first| first == u)
    };
    let tops = if none { 0 } else { units.iter().filter(|&&u| is_top(u)).count() };
    let (mut top_left, mut bottom_left) =
        if none { (0, 0) } else { (k.min(tops), k.saturating_sub(tops)) };
    units.iter().map(move |&u| {
        let left = if is_top(u) { &mut top_left } else { &mut bottom_left };
        let takes = *left > 0;
        *left = left.saturating_sub(1);
        takes
    })
}

/// Every `k`-subset of `items`, keeping their order, in lexicographic order.
#[must_use]
pub fn combinations(items: &[Uid], k: usize) -> Vec<Vec<Uid>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for (i, &first) in items.iter().enumerate() {
        let rest = items.get(i + 1..).unwrap_or(&[]);
        if rest.len() + 1 < k {
            break;
        }
        for tail in combinations(rest, k - 1) {
            let mut set = vec![first];
            set.extend(tail);
            out.push(set);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_6_67_split_is_even_with_a_leftover() {
        assert_eq!(split(3, 2), (1, 1));
        assert_eq!(split(2, 4), (0, 2));
        assert_eq!(split(4, 1), (4, 0));
        assert_eq!(split(5, 0), (0, 0));
    }

    #[test]
    fn combinations_are_lexicographic() {
        let u = [Uid(1), Uid(2), Uid(3)];
        assert_eq!(
            combinations(&u, 2),
            vec![vec![Uid(1), Uid(2)], vec![Uid(1), Uid(3)], vec![Uid(2), Uid(3)]]
        );
        assert_eq!(combinations(&u, 0), vec![Vec::<Uid>::new()]);
        assert!(combinations(&u, 4).is_empty());
    }
}
