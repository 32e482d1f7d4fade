//! Whether a mover may enter a hex at all, whatever the way in and whatever
//! it costs: the family's refusals by the pieces there and around
//! ([`family_entry`]).
//!
//! | refused | rule |
//! |---|---|
//! | a hex holding an enemy combat unit or a living enemy leader | [`Rule::NoEnemyStacking`] (Alesia 6.64) |
//! | a leader into a hex next to an enemy combat unit, unless friends are there | [`Rule::LeadersNextToEnemies`] (Alesia 4.31; Caesar in Alexandria 4.31 too) |
//! | a combat unit into a hex the game closes ([`GroundRules::closed_to_units`]) | the game's (Alesia 6.22) |
//!
//! A game adds its own refusals after these (Alesia: its scenarios'
//! restrictions, 4.13's cohorts out of range, 5.49's tether).
//!
//! [`Rule::NoEnemyStacking`]: crate::Rule::NoEnemyStacking
//! [`Rule::LeadersNextToEnemies`]: crate::Rule::LeadersNextToEnemies

use hexx::Hex;

use super::GroundRules;
use super::facts::SideFacts;
use super::stacking::Mover;
use crate::field::Field;
use crate::game::Roster;

/// Why the family's rules keep a mover out of a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EntryRefusal {
    /// The hex is off the map.
    OffMap(Hex),
    /// Enemy combat units are there.
    EnemyUnits(Hex),
    /// A lone enemy leader is there.
    EnemyLeader(Hex),
    /// A leader may not move next to an enemy combat unit unless onto
    /// friends.
    LeaderNextToEnemy(Hex),
    /// The game closes the hex to combat units.
    Closed(Hex),
}

/// The family's refusals for `mover` entering `to`, read from `facts` (built
/// for the mover's side, at least at `to`).
///
/// # Errors
/// The first [`EntryRefusal`] in the module doc's order.
pub fn family_entry<G: GroundRules>(
    field: &Field<G>,
    facts: &SideFacts,
    mover: &Mover,
    to: Hex,
) -> Result<(), EntryRefusal> {
    let i = field.setup().board().index(to).ok_or(EntryRefusal::OffMap(to))?;
    if facts.enemy(i) {
        return Err(if field.side_in(to).is_some() {
            EntryRefusal::EnemyUnits(to)
        } else {
            EntryRefusal::EnemyLeader(to)
        });
    }
    if mover.is_leader() {
        if facts.enemy_adjacent(i) && field.side_in(to) != Some(mover.side) {
            return Err(EntryRefusal::LeaderNextToEnemy(to));
        }
        return Ok(());
    }
    if facts.counter(i) {
        return Err(EntryRefusal::Closed(to));
    }
    Ok(())
}
