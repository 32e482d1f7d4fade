//! Gallic Starting Deployment \[b\], hidden placement: "When not playing
//! solitaire, the Gallic player may place hidden units: he writes down
//! their positions and reveals them when a Roman unit stands adjacent to
//! their hex or when they move themselves. The number of units in woods or
//! off the map may also be kept hidden."
//!
//! An option of the battle, off by default
//! ([`crate::standard::Gergovia::with_hidden_placement`]): a record of the
//! Gallic units still hidden, saved with the game. The engine is the
//! referee: its rules read every unit's true position; what is hidden is
//! what a side is shown ([`crate::standard::Gergovia::hidden_from`],
//! [`crate::standard::Gergovia::visible_units`],
//! [`crate::picture::battle_for`]). Reconstructed where the text is silent:
//! - the hidden units are the combat units of the placements the deployment
//!   marks \[b\] ([`crate::scenario::Scenario::hideable`]: the Arverni with
//!   Vercingetorix, waiting off the map, and the Arverni with Critignatus);
//!   their leaders are shown (the record is of units);
//! - "a Roman unit stands adjacent": a Roman combat unit on the map (in good
//!   order or routed) in a hex next to the hidden unit's, looked for
//!   whenever the game hears of a step, an order, an activation, a check, a
//!   rout or the end of a turn;
//! - "when they move themselves": a step of the unit's own, its entry onto
//!   the map (Gallic Reinforcements), and any order given to it (one to fire
//!   included: an ordered unit acts in the open);
//! - a hidden unit that routs is revealed (it runs in the open);
//! - the number of units in woods is not hidden (not modelled); the units
//!   off the map stay hidden until they enter.

use std::collections::BTreeSet;

use gboh_core::Side;
use gboh_core::data::DataError;
use gboh_standard::state::{Field, UnitStatus};
use serde::{Deserialize, Serialize};

use crate::battle::BattleId;

/// What the reveals cite.
pub const RULE: &str = "Gergovia, Gallic Starting Deployment [b]";

/// Why a hidden unit is revealed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Reveal {
    /// A Roman unit stands adjacent to its hex.
    RomanAdjacent,
    /// It moved (or entered the map).
    Moved,
    /// A leader gave it an order.
    Ordered,
    /// It routed.
    Routed,
}

/// The Gallic units still hidden, by the engine's unit index.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Hidden {
    units: BTreeSet<usize>,
}

impl Hidden {
    /// Hides `units`.
    #[must_use]
    pub fn new(units: impl IntoIterator<Item = usize>) -> Hidden {
        Hidden { units: units.into_iter().collect() }
    }

    /// Whether no unit is hidden (the option off, or every unit revealed).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.units.is_empty()
    }

    /// The units still hidden, in index order.
    #[must_use]
    pub fn units(&self) -> Vec<usize> {
        self.units.iter().copied().collect()
    }

    /// Whether `unit` is still hidden.
    #[must_use]
    pub fn is_hidden(&self, unit: usize) -> bool {
        self.units.contains(&unit)
    }

    /// Reveals `unit`; whether it was hidden.
    pub fn reveal(&mut self, unit: usize) -> bool {
        self.units.remove(&unit)
    }

    /// Reveals every hidden unit on the map that a Roman combat unit on the
    /// map stands next to; the units revealed, in index order.
    pub fn reveal_adjacent(&mut self, field: &Field) -> Vec<usize> {
        if self.units.is_empty() {
            return Vec::new();
        }
        let on_map =
            |u: usize| field.units.get(u).is_some_and(|s| s.status != UnitStatus::Eliminated);
        let romans: Vec<hexx::Hex> = (0..field.units.len())
            .filter(|&u| on_map(u) && field.side(u) == Some(Side::Roman))
            .filter_map(|u| field.units.get(u).map(|s| s.hex))
            .collect();
        let seen: Vec<usize> = self
            .units
            .iter()
            .copied()
            .filter(|&u| {
                on_map(u)
                    && field
                        .units
                        .get(u)
                        .is_some_and(|s| romans.iter().any(|r| Field::distance(*r, s.hex) == 1))
            })
            .collect();
        for u in &seen {
            self.units.remove(u);
        }
        seen
    }
}

/// The units battle `id` lets the Gallic player hide (Gallic Starting
/// Deployment \[b\]): the combat units of the placements its deployment
/// marks, by the engine's index, in index order.
///
/// # Errors
/// The embedded data's problems.
pub fn hideable(id: BattleId) -> Result<Vec<usize>, DataError> {
    let (board, mix) = (crate::map::board()?, crate::counters::counters()?);
    let deployment = crate::scenario::scenario(id.deployment())
        .map_err(|e| crate::battle::scenario_error(id, e))?;
    let placed = deployment
        .default_deployment(board, mix)
        .map_err(|e| crate::battle::scenario_error(id, e))?;
    let ids = deployment.hideable(mix, &placed);
    let battle = crate::battle::battle(id)?;
    Ok((0..battle.scenario.units.len())
        .filter(|&u| {
            battle.scenario.units.get(u).is_some_and(|d| ids.iter().any(|i| i == d.id.as_str()))
        })
        .collect())
}
