//! C:CoG's auxiliary phase (5.6), as Gergovia uses it: the Roman
//! auxiliaries (4.21 and the Roman Starting Deployment: "Numidian light
//! infantry (together with the Cretan and Numidian archers) are
//! auxiliaries") and the leaderless Arverni archers, who "may be activated
//! in the auxiliary phase, before the Romans" (Arverni Archers).
//!
//! C:CoG 5.6's text is not public. Reconstructed, on the engine's
//! Auxiliares Phase (Caesar 5.6, `StandardGame::auxiliares_*`):
//! - each Game Turn opens with the auxiliary phase, the Gauls first ("before
//!   the Romans"), then the Romans;
//! - a side's auxiliaries (the formations of kind `Auxiliaries` in the
//!   counters files) are activated **without a leader**: each in play may
//!   take one Individual Order (move, fire, recover), with no Command Range;
//!   no leader moves, rallies or issues a Line in it;
//! - the side's Overall Commander holds the phase as a formality (the
//!   engine's phase belongs to a leader), wherever he is, Vercingetorix off
//!   the map too; a side whose OC is dead has no auxiliary phase;
//! - the phase is a choice: the player may decline it;
//! - outside it, the auxiliaries are ordered only by the OC (4.21, as
//!   before: `Gergovia::may_command`).

use gboh_core::Side;
use gboh_standard::state::{Field, LeaderStatus};

use crate::counters::{self, FormationKind};

/// What the auxiliary phase's refusals and narration cite.
pub const RULE: &str = "Gergovia, Arverni Archers; C:CoG 5.6 (Reconstructed)";

/// "Before the Romans": the Gauls hold their auxiliary phase first.
pub const FIRST: Side = Side::Adversary;

/// Whether unit `unit` belongs to an auxiliary formation (4.21: Numidian LI,
/// Cretan and Numidian archers; the Arverni archers).
#[must_use]
pub fn is_auxiliary(field: &Field, unit: usize) -> bool {
    let Ok(mix) = counters::counters() else { return false };
    field
        .def(unit)
        .and_then(|d| mix.unit(d.id.as_str()))
        .and_then(|u| mix.formation(&u.formation))
        .is_some_and(|f| f.kind == FormationKind::Auxiliaries)
}

/// The leader who holds `side`'s auxiliary phase this turn: its living
/// Overall Commander, when an auxiliary of the side is in play.
#[must_use]
pub fn holders(field: &Field, side: Side) -> Vec<usize> {
    let oc = (0..field.leaders.len()).find(|&l| {
        field.leader_def(l).is_some_and(|d| d.overall && d.side == side)
            && field.leaders.get(l).is_some_and(|s| s.status != LeaderStatus::Dead)
    });
    let any = (0..field.units.len()).any(|u| {
        field.side(u) == Some(side)
            && field.units.get(u).is_some_and(|s| s.in_play())
            && is_auxiliary(field, u)
    });
    oc.filter(|_| any).into_iter().collect()
}

/// Whether `leader`'s auxiliary phase may order `unit`: an auxiliary of
/// his side.
#[must_use]
pub fn may_order(field: &Field, leader: usize, unit: usize) -> bool {
    let side = field.leader_def(leader).map(|d| d.side);
    side.is_some() && field.side(unit) == side && is_auxiliary(field, unit)
}
