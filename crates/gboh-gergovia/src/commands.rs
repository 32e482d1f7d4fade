//! Gallic Commands (standard version): "Vercingetorix is the overall
//! commander (OC); he commands all Gallic units. Convictolitavus commands
//! the Arverni within his command range who are outside the command range
//! of Vercingetorix. Vercassivellaunus commands the Arverni cavalry. Tribal
//! leaders command only their own tribes."
//!
//! Who commands which formation is data (`leaders.ron`, `commands`); this
//! module adds the range condition on the Arverni's sub-commander.
//!
//! Reconstructed: the Gallic Commands name "Convictolitavus", but everywhere
//! else the module puts Convictolitavus at the head of the Aedui on the
//! Roman side (Roman Starting Deployment: "All Aedui (Convictolitavus)"; the
//! simplified Roman Formation Table), and gives the Arverni on the map to
//! Critignatus (Gallic Starting Deployment: "the remaining Arverni BI with
//! Critignatus"; the simplified Gallic Formation Table and its note \[a\]:
//! "if Critignatus is within the (further) command range of
//! Vercingetorix"). The line is read as Critignatus's, the Gauls'
//! subordinate commander (rank `SubordinateCommander`): he orders an Arverni
//! unit only within his Command Range and outside Vercingetorix's (all of
//! them while Vercingetorix is off the map or dead). Ranges are counted as
//! the engine counts an Individual Order's (SPQR 4.21's path: not through
//! enemy units or enemy ZOC a friend does not hold; no Gergovia terrain is
//! impassable to it).

use gboh_standard::Rank;
use gboh_standard::state::{Field, LeaderStatus};

use crate::reinforcements;

/// What the rule cites.
pub const RULE: &str = "Gergovia, Gallic Commands";

/// Whether `unit` stands within `leader`'s Command Range (SPQR 4.21's
/// path), the leader alive and on the map.
#[must_use]
pub fn in_range(field: &Field, leader: usize, unit: usize) -> bool {
    let (Some(l), Some(d), Some(u)) =
        (field.leaders.get(leader), field.leader_def(leader), field.units.get(unit))
    else {
        return false;
    };
    if l.status == LeaderStatus::Dead || reinforcements::leader_off_map(field, leader) {
        return false;
    }
    field.command_path(l.hex, u.hex, d.side, u32::from(d.command_range), |_| false).is_some()
}

/// Gallic Commands: may the Gauls' subordinate commander `leader` order
/// `unit` of his formation: within his range and outside the OC's? Any
/// other leader: yes (his formations are data).
#[must_use]
pub fn sub_commander_may_order(field: &Field, leader: usize, unit: usize) -> bool {
    let Some(d) = field.leader_def(leader) else { return false };
    if d.rank != Some(Rank::SubordinateCommander) || d.side != gboh_core::Side::Adversary {
        return true;
    }
    let oc = (0..field.leaders.len())
        .find(|&l| field.leader_def(l).is_some_and(|o| o.overall && o.side == d.side));
    in_range(field, leader, unit) && !oc.is_some_and(|v| in_range(field, v, unit))
}

/// 4.2, 4.21, Gallic Commands: may `leader`, not the Overall Commander,
/// order `unit`: one of the formations `leaders.ron` lists for him (the
/// Arverni's sub-commander only within his range and outside
/// Vercingetorix's, [`sub_commander_may_order`])?
#[must_use]
pub fn formation_may_order(field: &Field, leader: usize, unit: usize) -> bool {
    let Some(l) = field.leader_def(leader) else { return false };
    let (Ok(mix), Some(id)) = (crate::counters::counters(), field.def(unit).map(|d| &d.id)) else {
        return false;
    };
    let (Some(who), Some(u)) = (mix.leader(&l.name), mix.unit(id.as_str())) else {
        return false;
    };
    // Gallic Commands: the Arverni's sub-commander only within his
    // range and outside Vercingetorix's.
    who.commands.contains(&u.formation)
        && crate::commands::sub_commander_may_order(field, leader, unit)
}

/// Elite Commanders: "he may use elite command only in turn one" (Caesar,
/// 5.5); Vercingetorix "may use elite command once, at a time of his
/// choosing": Elite until one elite Orders Phase of his side has been held
/// (`elite_used`; SPQR 5.5: by him or a leader he names).
#[must_use]
pub fn is_elite(field: &Field, leader: usize, elite_used: bool) -> bool {
    let (Some(d), Ok(mix)) = (field.leader_def(leader), crate::counters::counters()) else {
        return false;
    };
    match mix.leader(&d.name).and_then(|l| l.elite) {
        Some(crate::counters::Elite::FirstTurnOnly) => field.turn == 1,
        Some(crate::counters::Elite::OncePerGame) => !elite_used,
        None => false,
    }
}
