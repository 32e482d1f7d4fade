//! Gallic Reinforcements (standard version): Vercingetorix and the Arverni
//! BI the deployment keeps off the map ("at least 25 of the Arverni BI and
//! Vercingetorix not on the map, near hexes 4001 to 4801", Gallic Starting
//! Deployment) enter the map.
//!
//! The text (Gallic Reinforcements): "The Gallic player may bring
//! Vercingetorix and his troops onto the map whenever he is allowed to
//! activate him. They enter between hexes \[4001\] and \[4801\] (inclusive).
//! The first unit pays one MP to enter, and each further unit pays one
//! additional MP (the third unit therefore pays 3 MPs). If the Gallic player
//! leaves Vercingetorix off the map, he must pass and is finished for this
//! turn." Alternative Deployment: "Vercingetorix and his Arverni may not
//! enter the map in turn one" (the deployment's `vercingetorix_entry`; the
//! simplified section's "not before Gallic turn 3" is the simplified
//! version's).
//!
//! How it is played on the engine (each point Reconstructed where the text
//! is silent):
//! - the waiting pieces stand in [`WAITING`], a hex far off the board; the
//!   engine holds the units as off the map (`StandardGame::held_off_map`);
//! - in an Orders Phase of Vercingetorix (an elite one too) the player
//!   declares, unit by unit, "the next Arverni BI enters at 44xx"
//!   (`Action::Declare` with choice [`FIRST_CHOICE`] + the entry hex's
//!   place among 4001-4801): the units come in counter order; each is one of
//!   his Individual Orders (SPQR 4.2: it is ordered to move; Reconstructed),
//!   enters an empty entry hex facing [`ENTRY_FACING`] (Reconstructed: "the
//!   units may face in any direction"; toward the town) and pays, from its
//!   MA, one MP for the first unit of the phase, two for the second, and so
//!   on (the count starts again each Orders Phase: Reconstructed), then may
//!   move on with what is left; an entry hex in an enemy ZOC stops it;
//! - Vercingetorix comes on with the first unit, into its hex, paying its MP
//!   from his own;
//! - while he is off the map he may do nothing else
//!   (`StandardGame::must_pass`): if the player brings no unit on, he passes,
//!   is finished for the turn and has no Momentum.

use gboh_core::facing::Facing;
use gboh_standard::Entry;
use gboh_standard::state::{Field, LeaderStatus, UnitStatus};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::battle::{self, BattleId};

/// The section the events cite.
pub const RULE: &str = "Gergovia, Gallic Reinforcements";

/// Where the pieces off the map wait: a hex far off the board (no distance
/// from it reaches the map's edge within any range of the game).
pub const WAITING: Hex = Hex::new(-1000, -1000);

/// The entering units' facing: four o'clock, into the map from its western
/// edge and toward the town (Reconstructed).
pub const ENTRY_FACING: Facing = Facing::Four;

/// The declaration number of an entry through the first entry hex (4001);
/// the n-th hex of 4001-4801 is `FIRST_CHOICE + n`.
pub const FIRST_CHOICE: u8 = 100;

/// The map's area of the entry hexes.
pub const ENTRY_AREA: &str = "Entry hexes";

/// The entry hexes, 4001 to 4801 (`map.ron`'s area "Entry hexes").
#[must_use]
pub fn entry_hexes() -> Vec<Hex> {
    crate::map::board()
        .ok()
        .and_then(|b| b.area(ENTRY_AREA))
        .map(|a| a.hexes().to_vec())
        .unwrap_or_default()
}

fn battle_of(field: &Field) -> Option<&'static battle::Battle> {
    BattleId::from_name(&field.scenario.name).and_then(|id| battle::battle(id).ok())
}

/// The units the deployment keeps off the map, waiting or not.
#[must_use]
pub fn held(field: &Field) -> Vec<usize> {
    battle_of(field).map_or_else(Vec::new, |b| b.held.clone())
}

/// The units still waiting off the map, in the order they enter.
#[must_use]
pub fn waiting(field: &Field) -> Vec<usize> {
    battle_of(field).map_or_else(Vec::new, |b| {
        b.held
            .iter()
            .copied()
            .filter(|&u| {
                field
                    .units
                    .get(u)
                    .is_some_and(|s| s.status == UnitStatus::Eliminated && s.hex == WAITING)
            })
            .collect()
    })
}

/// Whether unit `u` is waiting off the map (not a loss): it stands in
/// [`WAITING`] (held there by the engine, or on a field built straight from
/// the scenario).
#[must_use]
pub fn is_waiting(field: &Field, u: usize) -> bool {
    field.units.get(u).is_some_and(|s| s.hex == WAITING)
}

/// Whether `leader` is the leader who brings the reinforcements on
/// (Vercingetorix).
#[must_use]
pub fn brings_them(field: &Field, leader: usize) -> bool {
    battle_of(field).is_some_and(|b| b.held_leaders.contains(&leader))
}

/// Whether `leader` is still off the map.
#[must_use]
pub fn leader_off_map(field: &Field, leader: usize) -> bool {
    brings_them(field, leader)
        && field
            .leaders
            .get(leader)
            .is_some_and(|s| s.hex == WAITING && s.status != LeaderStatus::Dead)
}

/// The first turn the reinforcements may enter.
#[must_use]
pub fn entry_turn(field: &Field) -> u8 {
    battle_of(field).map_or(1, |b| b.entry_turn)
}

/// The entries made so far in one Orders Phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Reinforcements {
    /// The phase `(turn, the leader's phases this turn)` of the last entry
    /// and how many units entered in it.
    last: Option<(u8, u8, u8)>,
}

impl Reinforcements {
    fn phase_key(field: &Field, leader: usize) -> (u8, u8) {
        (field.turn, field.leaders.get(leader).map_or(0, |s| s.phases))
    }

    /// Units that entered in `leader`'s Orders Phase under way.
    #[must_use]
    pub fn entered_this_phase(&self, field: &Field, leader: usize) -> u8 {
        let (turn, phase) = Self::phase_key(field, leader);
        match self.last {
            Some((t, p, n)) if (t, p) == (turn, phase) => n,
            _ => 0,
        }
    }

    /// The MP the next unit pays to enter: one more than the last.
    #[must_use]
    pub fn next_cost(&self, field: &Field, leader: usize) -> u8 {
        self.entered_this_phase(field, leader).saturating_add(1)
    }

    /// The entries `leader` may declare now: one per empty entry hex, while
    /// units wait and the turn allows.
    #[must_use]
    pub fn declarations(&self, field: &Field, leader: usize) -> Vec<u8> {
        if !brings_them(field, leader)
            || field.turn < entry_turn(field)
            || waiting(field).is_empty()
        {
            return Vec::new();
        }
        entry_hexes()
            .iter()
            .enumerate()
            .filter(|&(_, &h)| field.units_at(h).is_empty())
            .filter_map(|(i, _)| u8::try_from(i).ok().and_then(|i| FIRST_CHOICE.checked_add(i)))
            .collect()
    }

    /// The entry declaration `choice` makes, if it is one.
    #[must_use]
    pub fn entry(&self, field: &Field, leader: usize, choice: u8) -> Option<Entry> {
        let i = usize::from(choice.checked_sub(FIRST_CHOICE)?);
        let hex = *entry_hexes().get(i)?;
        if !brings_them(field, leader) {
            return None;
        }
        let unit = *waiting(field).first()?;
        Some(Entry {
            unit,
            hex,
            facing: ENTRY_FACING,
            half_mp: u16::from(self.next_cost(field, leader)) * 2,
            leader: leader_off_map(field, leader).then_some(leader),
        })
    }

    /// Counts an entry in `leader`'s phase.
    pub fn record(&mut self, field: &Field, leader: usize) {
        let (turn, phase) = Self::phase_key(field, leader);
        let n = self.entered_this_phase(field, leader).saturating_add(1);
        self.last = Some((turn, phase, n));
    }

    /// Why `leader` must pass: Vercingetorix off the map.
    #[must_use]
    pub fn must_pass(field: &Field, leader: usize) -> Option<String> {
        if !leader_off_map(field, leader) {
            return None;
        }
        let name = field.leader_def(leader).map_or("the leader", |d| d.name.as_str());
        Some(if field.turn < entry_turn(field) {
            format!(
                "{RULE}, Alternative Deployment: {name} may not enter the map before turn {}; he must pass and is finished for this turn",
                entry_turn(field)
            )
        } else {
            format!(
                "{RULE}: {name} is off the map; he brings his Arverni on along 4001-4801, or he must pass and is finished for this turn"
            )
        })
    }
}
