//! The queue of combat steps ([`Task`](super::state::Task)): the engine's runner
//! ([`gboh_simple::rules::tasks`]), each step either waiting for a decision
//! (where to retreat, who takes the leftover hits, where a routed cohort
//! goes, who advances) or running on its own. A decision with a single
//! answer is taken automatically.
//!
//! Alesia's part ([`TaskRules`]): a routed cohort goes by its Aquila (10.42)
//! or is eliminated; a Scorpio in a tower never retreats and is eliminated
//! if forced to (8.52); a stack on a Rampart attacked from below may stand
//! for one hit (10.24, Rampart Exception #2).

use gboh_core::game::Event;
use gboh_core::unit::UnitType;
use gboh_simple::rules::tasks::{self as family, TaskRules};
use hexx::Hex;

use super::action::{CombatAction, CombatError, CombatPending, SiegeAction};
use super::effects::rout;
use super::terrain::is_rampart;
use crate::game::{Battlefield, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

pub use family::{any, decide};

impl TaskRules for Alesia {
    /// 10.42: the Aquila's hex or one next to it, reached free of enemies
    /// and their ZOC ([`rout::placements`]).
    fn routed_places(&self, uid: Uid) -> Vec<Hex> {
        rout::placements(self, uid)
    }

    /// 10.42: placed by the Aquila, or eliminated with none to reach.
    fn place_routed(&mut self, uid: Uid, to: Option<Hex>, events: &mut Vec<Event<AlesiaEvent>>) {
        match to {
            Some(to) => rout::place(self, uid, to, events),
            None => rout::eliminate(self, uid, "10.42", events),
        }
    }

    /// 8.52: Scorpiones in Rampart hexes are eliminated if forced to retreat.
    fn may_retreat(field: &Battlefield, uid: Uid, from: Hex) -> bool {
        let scorpio = field.setup().unit(uid).is_some_and(|i| i.unit_type() == UnitType::Scorpio);
        !(scorpio && is_rampart(field, from))
    }

    /// 10.24: on a Rampart attacked from below (no attacker on a Rampart).
    fn may_stand(field: &Battlefield, hex: Hex, attackers: &[Hex]) -> bool {
        let from_below = !attackers.iter().any(|&h| is_rampart(field, h));
        from_below && is_rampart(field, hex)
    }

    /// 8.52 in a Rampart hex (a tower), 10.23 elsewhere.
    fn artillery_no_retreat_rule(field: &Battlefield, uid: Uid) -> &'static str {
        let at = field.unit(uid).and_then(|s| s.at).unwrap_or_default();
        if is_rampart(field, at) { "8.52" } else { "10.23" }
    }
}

/// The decision the first step waits for, if it needs one.
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    family::decision(game)
}

/// Runs the first step if it needs no decision (or has a single answer).
/// Returns whether it ran one.
///
/// # Errors
/// Only if a single answer is refused (never).
pub fn step(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) -> Result<bool, CombatError> {
    family::step::<Alesia, SiegeAction>(game, events)
}
