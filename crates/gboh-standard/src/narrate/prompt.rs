//! The decision pending, for a player's prompt.

use gboh_core::Side;

use super::words::{leader, outcome, side, unit};
use crate::protocol::Pending;
use crate::rule::RuleRef;
use crate::state::Field;

/// The decision pending, for a player's prompt: who decides what, with its
/// rule, e.g. `the Roman army: Caesar gives his orders (SPQR 4.2)`.
#[must_use]
pub fn pending(field: &Field, pending: &Pending) -> String {
    use RuleRef as R;
    let army = |s: Side| side(field, s);
    match *pending {
        Pending::RollOff => {
            format!("the Roman army rolls for the opening ({})", R::Activation.spqr())
        }
        Pending::Auxiliares { side: s } => format!(
            "{}: hold an Auxiliares Phase, or end them (Caesar 5.6, reconstructed)",
            army(s)
        ),
        Pending::Elite { side: s } => format!(
            "{}: take the Elite Commander's extra Orders Phase, or not ({})",
            army(s),
            R::EliteCommander.spqr()
        ),
        Pending::Trump { side: s, candidate } => format!(
            "{}: trump {}'s activation, or not ({})",
            army(s),
            leader(field, candidate),
            R::Trump.spqr()
        ),
        Pending::Challenge { side: s, trumper } => format!(
            "{}: trump {}'s trump, or not ({})",
            army(s),
            leader(field, trumper),
            R::Trump.spqr()
        ),
        Pending::Orders { side: s, leader: l } => {
            format!(
                "{}: {} gives his orders ({})",
                army(s),
                leader(field, l),
                R::IndividualOrders.spqr()
            )
        }
        Pending::Momentum { side: s, leader: l } => format!(
            "{}: {} may attempt Momentum ({})",
            army(s),
            leader(field, l),
            R::Momentum.spqr()
        ),
        Pending::Reaction { side: s, unit: u, mover, leader: is_leader } => format!(
            "{}: {} may react to {} ({})",
            army(s),
            if is_leader { leader(field, u) } else { unit(field, u) },
            unit(field, mover),
            if is_leader { R::LeaderWithdrawal.spqr() } else { R::ReactionFacing.spqr() }
        ),
        Pending::ClashType { side: s, attacker } => format!(
            "{}: pick the defender whose type sets the column of {}'s shock ({})",
            army(s),
            unit(field, attacker),
            R::ClashOfSpears.spqr()
        ),
        Pending::Allocation { side: s, attacker } => format!(
            "{}: share out {}'s hits on its defenders (Dictator 9.106)",
            army(s),
            unit(field, attacker)
        ),
        Pending::ShockDesignation { side: s, leader: l } => format!(
            "{}: {} designates the shocks that are his choice ({})",
            army(s),
            leader(field, l),
            R::ShockDesignation.spqr()
        ),
        Pending::DoomActivation { side: s } => format!(
            "{}: activate any leader after the die roll of doom ({})",
            army(s),
            R::DieRollOfDoom.spqr()
        ),
        Pending::Over(o) => format!("the battle is over: {}", outcome(field, o)),
    }
}
