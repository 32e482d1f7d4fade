//! Bots: policies over the protocol's legal actions ([`gboh_core::policy`]).
//!
//! - [`GallicAggression`]: the Gallic play that 12.1's "Gallic Aggression" rule
//!   requires: emerging units "must move to attack the nearest, possible Roman
//!   units and/or ramparts, that are not already being so attacked ... as
//!   quickly as possible", which includes archery and filling the Gardens of
//!   Death; the Alesia Force may pick any interior rampart.
//! - [`RomanDefender`]: a Roman player a player would call sensible: reaction
//!   fire whenever offered, rallying when it can, reinforcing threatened
//!   ramparts from the reserve, shocking only when it must or the odds favour
//!   it, seizing the turn when Gauls stand at the walls.
//! - [`gboh_core::policy::UniformRandom`]: any legal action, uniformly.
//!
//! The bots read only `pending()`, `legal_actions()`, the state and `check()`
//! previews: they never see the dice.

mod aggression;
mod contact;
mod defender;
mod nearest;
mod targets;

use crate::combat::action::{CombatAction, CombatPending};
use crate::protocol::Action;

/// Both bots' fixed answers to a leader's combat decision: 4.32 he stays with
/// his units (his Charisma counts there too, 4.34); 10.26 he goes with the
/// first unit that retreated; 10.46 he joins the nearest unit he could
/// command rather than rout (the second answer, when there is one).
fn leader_choice(pending: &CombatPending, legal: &[Action]) -> Option<usize> {
    let CombatPending::Leader { rule, .. } = pending else {
        return None;
    };
    let place = |a: &Action| matches!(a, Action::Combat(CombatAction::PlaceLeader { .. }));
    Some(
        match *rule {
            "4.32" => legal.iter().position(|a| matches!(a, Action::Combat(CombatAction::Done))),
            "10.46" => legal.iter().enumerate().filter(|(_, a)| place(a)).nth(1).map(|(i, _)| i),
            _ => legal.iter().position(place),
        }
        .unwrap_or(0),
    )
}

/// 4.35: a killed leader (or one back from the Gallic Camp) returns as soon
/// as he may: the first placement offered.
fn return_leader(legal: &[Action]) -> Option<usize> {
    legal.iter().position(|a| matches!(a, Action::ReturnLeader { .. }))
}

pub use aggression::GallicAggression;
pub use defender::RomanDefender;
pub use targets::DistanceMap;
