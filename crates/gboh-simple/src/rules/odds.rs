//! Exact odds of combat results (DESIGN.md: enumerate, do not sample), for
//! every game of the family.
//!
//! A preview's outcomes are computed by the same code that applies them: a
//! unit's hits are run through a copy of its
//! [`Cohesion`](gboh_core::unit::Cohesion) to see whether it routs or is
//! eliminated, and every chained roll (a leader's casualty check after a
//! missile '0', Alesia 8.18; a leader's check in shock, 9.24) is enumerated
//! with [`Distribution::and_then`], so a `Distribution`'s counts are exact
//! integers out of 10, 100, 1000...

use gboh_core::dice::Die;
use gboh_core::table::{DieCheck, Distribution};
use gboh_core::unit::HitOutcome;
use serde::Serialize;

use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::id::{Lid, Uid};

/// What a result does to one unit: its hits and what they make of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize)]
pub struct UnitOutcome {
    /// The unit.
    pub unit: Uid,
    /// Hits it takes.
    pub hits: u8,
    /// Absorbed, routed or eliminated.
    pub fate: HitOutcome,
}

/// What `hits` more hits would do to unit `uid` now, without changing it.
#[must_use]
pub fn preview_hits<G: SimpleGame>(field: &Field<G>, uid: Uid, hits: u8) -> UnitOutcome {
    let fate = match (field.setup().unit_profile(uid), field.unit(uid)) {
        (Some(profile), Some(state)) => {
            let mut copy = state.cohesion;
            copy.absorb(profile, hits)
        }
        _ => HitOutcome::Absorbed,
    };
    UnitOutcome { unit: uid, hits, fate }
}

/// The exact distribution of which of `leaders` a chained check kills, when
/// each rolls `check` in turn (Alesia 8.18 after a '0', 9.24): the lists of dead
/// leaders, in [`Lid`] order.
#[must_use]
pub fn leader_losses(
    leaders: &[Lid],
    check: &DieCheck,
    skip_first: bool,
) -> Distribution<Vec<Lid>> {
    let mut dist = Distribution::certain(Vec::new());
    for &lid in leaders {
        let one = stage_distribution(check, skip_first);
        let next = dist.clone().and_then(|dead: &Vec<Lid>| {
            one.clone().map(|killed| {
                let mut d = dead.clone();
                if killed {
                    d.push(lid);
                }
                d
            })
        });
        match next {
            Some(n) => dist = n,
            None => break,
        }
    }
    dist
}

/// The distribution of a die check's success, from its first stage or (when
/// the first stage's face is already known to pass, Alesia 8.18) from its
/// second.
#[must_use]
pub fn stage_distribution(check: &DieCheck, skip_first: bool) -> Distribution<bool> {
    let stages: Vec<_> = check.stages().skip(usize::from(skip_first)).collect();
    let mut d = Distribution::certain(true);
    for stage in stages {
        let next = d.clone().and_then(|&ok| {
            if ok {
                Distribution::over_faces(Die::D10, |f| stage.contains(f))
            } else {
                Distribution::certain(false)
            }
        });
        match next {
            Some(n) => d = n,
            None => break,
        }
    }
    d
}
