//! 10.1 Hits, and how a side's hits are spread over its units (6.67, 9.25
//! "#").
//!
//! ```text
//!   3 hits on a stack of two BI:  1 each, the odd hit to the top unit (6.67).
//!   2 hits on two stacks of two:  none each evenly; the 2 leftover hits go to
//!   the two top units (9.25: "units at the top of stack must be chosen before
//!   units at the bottom"), so 9.22's example needs no choice at all.
//! ```

use gboh_core::game::Event;
use gboh_core::unit::HitOutcome;

use super::rout;
use crate::combat::action::CombatEvent;
use crate::game::{Battlefield, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

/// Unit `uid` absorbs `n` hits (10.12) and routs or is eliminated when they
/// reach its TQ (10.13, 10.14, 10.41, 10.43, 10.64), with the consequences of
/// 10.4. Returns what the hits did.
pub fn take(
    game: &mut Alesia,
    uid: Uid,
    n: u8,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> HitOutcome {
    if n == 0 {
        return HitOutcome::Absorbed;
    }
    let setup = game.setup().clone();
    let (Some(info), Some(state)) = (setup.unit(uid), game.field.unit_mut(uid)) else {
        return HitOutcome::Absorbed;
    };
    if !state.cohesion.in_play() {
        return HitOutcome::Absorbed;
    }
    let outcome = state.cohesion.absorb(&info.profile, n);
    events.push(Event::new(
        rule,
        AlesiaEvent::Combat(CombatEvent::Hits { unit: uid, hits: n, outcome }),
    ));
    match outcome {
        HitOutcome::Routed => rout::routed(game, uid, events),
        HitOutcome::Eliminated => rout::remove_eliminated(game, uid, "10.14", events),
        HitOutcome::Absorbed => {}
    }
    outcome
}

/// 6.67: `hits` split evenly over `units` units: (each, leftover).
#[must_use]
pub const fn split(hits: u8, units: usize) -> (u8, u8) {
    if units == 0 {
        return (0, 0);
    }
    let n = if units > u8::MAX as usize { u8::MAX } else { units as u8 };
    (hits / n, hits % n)
}

/// 6.67, 9.27: the units of `units` that share shock hits (infantry and
/// cavalry; archers and artillery stacked with them take none), still on the
/// map, top of each stack first, stacks in the order given.
#[must_use]
pub fn sharers(field: &Battlefield, units: &[Uid]) -> Vec<Uid> {
    let at = |u: Uid| field.unit(u).and_then(|s| s.at);
    let shares = |u: Uid| {
        field
            .setup()
            .unit(u)
            .is_some_and(|i| !i.unit_type().is_archer() && !i.unit_type().is_artillery())
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

/// 9.25 "#": every legal choice of units to take one leftover hit each: the
/// top units of their stacks before any bottom unit. Deterministic: sets in
/// lexicographic order of `units`' order.
#[must_use]
pub fn leftover_choices(field: &Battlefield, units: &[Uid], leftover: u8) -> Vec<Vec<Uid>> {
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
pub fn first_leftover_choice<'a>(
    field: &'a Battlefield,
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

/// Applies an even split of `hits` over `units`, one more to each unit of
/// `extra` (the leftover).
pub fn apply_split(
    game: &mut Alesia,
    units: &[Uid],
    hits: u8,
    extra: &[Uid],
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let (each, _) = split(hits, units.len());
    for &u in units {
        let n = each.saturating_add(u8::from(extra.contains(&u)));
        take(game, u, n, rule, events);
    }
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
