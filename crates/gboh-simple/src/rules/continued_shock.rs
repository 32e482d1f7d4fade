//! Continued Shock ([`Rule::ContinuedShock`]; Alesia 10.3): attackers with a
//! Continued Shock result advance (if they can) without changing facing,
//! then attack every enemy in their front hexes again, with the shock roll
//! only (no Pre-Shock Check, no leader casualties). Advancing makes it a
//! Moving Attack. Where a game rules it out
//! ([`ShockRules::continued_shock_applies`]; Alesia's Rampart Exception #3),
//! there is none.

use gboh_core::game::Event;

use super::effects::report;
use super::leaders::{LeaderRules, queue_threatened};
use super::missile::is_formed;
use super::shock::ShockRules;
use super::targets::{defenders_in, targets_of_all};
use crate::event::SimpleEvent;
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{Attack, ShockStage};

/// The attackers of attack `k` attack again. Returns the new attack's index,
/// set to be resolved next, or `None` if no enemy is in their front. The
/// leaders with the units attacked again may retreat one hex first (4.32).
pub fn attack_again<E>(e: &mut E, k: u8, events: &mut Vec<Event<E::Event>>) -> Option<u8>
where
    E: LeaderRules + ?Sized,
    E::Game: ShockRules,
{
    let previous = e.combat()?.shock.as_ref()?.attacks.get(usize::from(k))?.clone();
    let field = e.field();
    let setup = field.setup();
    let attackers: Vec<Uid> =
        previous.attackers.iter().copied().filter(|&u| is_formed(field, u)).collect();
    let side = attackers.first().and_then(|&u| setup.unit_side(u))?;
    // Attacked before or not, every enemy in the front hexes.
    let hexes = targets_of_all(field, &attackers);
    if hexes.is_empty() {
        return None;
    }
    let defenders = defenders_in(field, &hexes, side);
    let next = Attack {
        continued: true,
        moving: !previous.advanced.is_empty(),
        ..Attack::designated(attackers, hexes, defenders, false)
    };
    let shock = e.combat_mut()?.shock.as_mut()?;
    shock.attacks.push(next);
    let index = u8::try_from(shock.attacks.len() - 1).ok()?;
    shock.stage = ShockStage::Weapons { attack: index, attacker: None };
    let section = <E::Game as SimpleGame>::section(Rule::ContinuedShock);
    report::<E>(events, section, SimpleEvent::ContinuedShock { attack: index }, &[]);
    queue_threatened(e, index);
    Some(index)
}
