//! The legions' eagle standards (Aquilae) on the field, standard version.
//!
//! Printed: the Roman Forces are "the legions (with eagles)"; Gergovia's own
//! 10.44 "Roman units do not rally to the eagle standard"; its 10.32 "Romans
//! retreat to the nearest camp, not to the eagle standard"; the Gallic
//! victory points "2 for each captured eagle standard (Aquila)".
//!
//! How C:CoG carries and captures an eagle is not public. Reconstructed from
//! the standard family (an eagle is a marker, not a combat unit: it has no
//! ZOC, no TQ and never fights), each point marked so in
//! docs/data-provenance.md ("Gergovia, eagles"):
//! - an eagle is carried by one cohort of its legion, its **bearer**, and
//!   moves, routs and rallies with it; at the start the bearer is the first
//!   cohort of the legion, the one the deployment stacks the eagle with;
//! - when the bearer is eliminated, another cohort of the legion in good
//!   order in the same hex takes the eagle up; if there is none, the eagle
//!   lies where the bearer fell;
//! - an eagle lying in a hex is **captured** when a Gallic unit in good
//!   order stands there and no Roman unit in good order does (a Gaul that
//!   advances into the hex after the shock that eliminated the bearer takes
//!   it at once); a cohort of its legion in good order entering the hex
//!   first takes it up again;
//! - a captured eagle stays captured for the rest of the battle.
//!
//! The state is brought up to date from the field by [`Eagles::sync`] at
//! every hook the game receives; [`Eagles::now`] gives the same answer
//! without changing anything, so the victory-point tally counts a capture
//! the moment it happens on the field.
//!
//! ```
//! use std::sync::Arc;
//! use gboh_gergovia::battle::{self, BattleId};
//! use gboh_gergovia::eagles::{Eagles, EagleState};
//! use gboh_standard::state::Field;
//! let f = Field::new(Arc::new(battle::battle(BattleId::Standard)?.scenario.clone()));
//! let now = Eagles::default().now(&f);
//! // Every legion's eagle (VIII, X, XI, XIII, XIV, XV) starts with a cohort.
//! assert_eq!(now.len(), 6);
//! assert!(now.iter().all(|e| matches!(e.state, EagleState::Carried { .. })));
//! assert!(now.iter().any(|e| e.legion == "VIII"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeMap;

use gboh_core::Side;
use gboh_core::unit::UnitType;
use gboh_standard::state::{Field, UnitStatus};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::counters;

/// What the eagles' events cite: the printed eagles of the Roman Forces and
/// the Victory list; how they are carried and taken is Reconstructed.
pub const RULE: &str = "Gergovia, Roman Forces and Victory: the eagles (Reconstructed)";

/// Where an eagle is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum EagleState {
    /// Carried by this cohort (the engine's unit index).
    Carried {
        /// The bearer.
        bearer: usize,
    },
    /// Lying in this hex, its bearer eliminated.
    Dropped {
        /// The hex.
        hex: Hex,
    },
    /// Taken by the Gauls (Victory: 2 VP each).
    Captured {
        /// Where it was taken.
        hex: Hex,
    },
}

/// One eagle and where it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EagleNow {
    /// Its id ("VIII-Aquila").
    pub id: String,
    /// Its legion ("VIII").
    pub legion: String,
    /// Where it is.
    pub state: EagleState,
}

/// What changed about an eagle, for the game's events.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EagleChange {
    /// The eagle's legion.
    pub legion: String,
    /// Its new state.
    pub state: EagleState,
}

/// The eagles' state: only what differs from the start (an eagle not listed
/// is carried by its legion's first cohort).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Eagles {
    /// By eagle id, in id order.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    moved: BTreeMap<String, EagleState>,
}

/// The legion's cohorts on the field, by index.
fn cohorts<'a>(field: &'a Field, legion: &'a str) -> impl Iterator<Item = usize> + 'a {
    (0..field.units.len()).filter(move |&u| {
        field
            .def(u)
            .is_some_and(|d| d.unit_type == UnitType::CO && d.group.as_deref() == Some(legion))
    })
}

/// Whether unit `u` stands in `hex` in good order.
fn in_good_order_at(field: &Field, u: usize, hex: Hex) -> bool {
    field.units.get(u).is_some_and(|s| s.status == UnitStatus::InPlay && s.hex == hex)
}

/// The next state of one eagle from `state`, on this field.
fn step(field: &Field, legion: &str, state: EagleState) -> EagleState {
    let state = match state {
        EagleState::Carried { bearer } => {
            let Some(s) = field.units.get(bearer) else { return state };
            if s.status != UnitStatus::Eliminated {
                return state;
            }
            // The bearer fell: a cohort of the legion in the hex takes it
            // up, or it lies there.
            cohorts(field, legion)
                .find(|&c| in_good_order_at(field, c, s.hex))
                .map_or(EagleState::Dropped { hex: s.hex }, |c| EagleState::Carried { bearer: c })
        }
        other => other,
    };
    let EagleState::Dropped { hex } = state else { return state };
    let side_here = |side: Side| {
        (0..field.units.len())
            .any(|u| field.side(u) == Some(side) && in_good_order_at(field, u, hex))
    };
    if side_here(Side::Adversary) && !side_here(Side::Roman) {
        return EagleState::Captured { hex };
    }
    cohorts(field, legion)
        .find(|&c| in_good_order_at(field, c, hex))
        .map_or(state, |c| EagleState::Carried { bearer: c })
}

impl Eagles {
    /// Every eagle on this field and where it is now (the legions the
    /// deployment leaves out have none), in counter-mix order.
    #[must_use]
    pub fn now(&self, field: &Field) -> Vec<EagleNow> {
        let Ok(mix) = counters::counters() else { return Vec::new() };
        mix.eagles()
            .iter()
            .filter_map(|e| {
                let id = e.id.to_string();
                let start = match self.moved.get(&id) {
                    Some(s) => *s,
                    None => EagleState::Carried { bearer: cohorts(field, &e.legion).next()? },
                };
                Some(EagleNow {
                    id,
                    legion: e.legion.clone(),
                    state: step(field, &e.legion, start),
                })
            })
            .collect()
    }

    /// The eagles the Gauls hold, by id.
    #[must_use]
    pub fn captured(&self, field: &Field) -> Vec<String> {
        self.now(field)
            .into_iter()
            .filter(|e| matches!(e.state, EagleState::Captured { .. }))
            .map(|e| e.id)
            .collect()
    }

    /// The eagle `unit` carries, if any (its legion).
    #[must_use]
    pub fn carried_by(&self, field: &Field, unit: usize) -> Option<String> {
        self.now(field)
            .into_iter()
            .find(|e| e.state == EagleState::Carried { bearer: unit })
            .map(|e| e.legion)
    }

    /// Brings the state up to date with the field and says what changed
    /// (a bearer's death, an eagle taken up, dropped or captured).
    pub fn sync(&mut self, field: &Field) -> Vec<EagleChange> {
        let mut out = Vec::new();
        for e in self.now(field) {
            let before = self.moved.get(&e.id).copied();
            let start_bearer = cohorts(field, &e.legion).next();
            let was = before.or(start_bearer.map(|b| EagleState::Carried { bearer: b }));
            if was != Some(e.state) {
                out.push(EagleChange { legion: e.legion.clone(), state: e.state });
                self.moved.insert(e.id, e.state);
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use std::sync::Arc;

    use super::*;
    use crate::battle::{self, BattleId};

    fn field() -> Field {
        Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
    }

    #[test]
    fn a_bearer_eliminated_alone_drops_the_eagle_and_a_gaul_in_the_hex_captures_it() {
        let mut f = field();
        let mut eagles = Eagles::default();
        let viii = cohorts(&f, "VIII").next().unwrap();
        let at = f.units[viii].hex;
        // Its stack-mate (two units a hex in the camp, not in VIII's line):
        // clear any other VIII cohort from the hex first.
        for c in cohorts(&f, "VIII").skip(1).collect::<Vec<_>>() {
            if f.units[c].hex == at {
                f.units[c].status = UnitStatus::Eliminated;
            }
        }
        f.units[viii].status = UnitStatus::Eliminated;
        let changes = eagles.sync(&f);
        assert_eq!(changes.len(), 1);
        assert_eq!(changes[0].state, EagleState::Dropped { hex: at });
        // A Gaul stands there now.
        let gaul = (0..f.units.len()).find(|&u| f.side(u) == Some(Side::Adversary)).unwrap();
        f.units[gaul].hex = at;
        f.units[gaul].status = UnitStatus::InPlay;
        assert_eq!(eagles.captured(&f), vec!["VIII-Aquila".to_owned()]);
        let changes = eagles.sync(&f);
        assert_eq!(changes[0].state, EagleState::Captured { hex: at });
        // Captured stays captured, whoever comes.
        f.units[gaul].status = UnitStatus::Eliminated;
        assert!(eagles.sync(&f).is_empty());
        assert_eq!(eagles.captured(&f).len(), 1);
    }
}
