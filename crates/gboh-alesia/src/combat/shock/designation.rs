//! 9.1 Shock and Assault Requirements and 9.21 Shock Designation.
//!
//! The active player designates attacks one attacking stack at a time:
//! [`CombatAction::Designate`](crate::combat::CombatAction::Designate) `{ attacker, join: None }` makes a new attack
//! on every enemy hex in the stack's front not yet attacked; `join: Some(k)`
//! adds the stack to attack `k` (which must hold one of its front hexes),
//! together with its other front hexes not yet attacked. That reaches every
//! designation 9.21 allows: a stack attacks all its front enemies not attacked
//! by others, never splits, and several stacks may combine. [`CombatAction::Done`](crate::combat::CombatAction::Done)
//! ends designation once every unit that Must Attack (9.11) is designated.
//!
//! Who may attack (9.11, 9.12, 9.26, 7.11): formed units of the active command
//! other than archers and artillery, into their front hexes (all six from a
//! Redoubt, 6.44), cavalry never onto a Rampart, into a Redoubt or across a
//! wall; and of those only a unit that moved (9.11), one that started the
//! Activation Phase with an enemy unit in its own ZOC and remained in its hex
//! (9.12: a Gaul below a rampart does not, since his ZOC does not reach up,
//! 7.22), or one on a Rampart that must attack (9.11's last sentence).
//! Who must: a unit that moved and ends with an enemy in its front hexes
//! or in an enemy ZOC (the rulebook says "into whose ZOC they have moved";
//! read together with 9.25's flank attacks, a mover that reached an enemy's
//! flank attacks too), and a unit on a Rampart with an enemy in its ZOC in a
//! non-Rampart hex outside the Ramparts: beyond the contravallation or on
//! Alesia's side of the circumvallation (6.41: only the hexes between the two
//! rings, and the ramparts, are inside).

use crate::map::{Region, SiegeWorks};
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::game::Event;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_simple::rules::designation::DesignationRules;
use hexx::Hex;

use crate::combat::terrain::{enemy_in, ground_key, is_rampart, is_redoubt, side_of};
use crate::game::{Battlefield, Uid};
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

pub use gboh_simple::rules::designation::{
    able_to_attack, attackers_at, decision, designate, finish, may_attack, must_attack,
    undesignated_obligations,
};
pub use gboh_simple::rules::targets::{front_hexes, targets_of};

impl DesignationRules for Alesia {
    fn is_active(&self, uid: Uid) -> bool {
        self.active_command().is_some_and(|c| c.covers(&self.field, uid))
    }

    /// 9.11's last sentence: a unit on a Rampart with an enemy in its ZOC
    /// in a non-Rampart hex outside the Ramparts.
    fn must_attack_anyway(&self, uid: Uid) -> bool {
        rampart_obligation(self, uid)
    }

    /// 6.47: Fill carriers now involved in shock leave their Fill in the
    /// Garden of Death they stand in.
    fn designated(&mut self, involved: &[Uid], events: &mut Vec<Event<AlesiaEvent>>) {
        for &u in involved {
            crate::movement::fill::drop_in_garden_with_event(&mut self.field, u, events);
        }
    }
}

/// 9.26: whether unit `uid` in `from` may shock into `to`: cavalry not onto a
/// Rampart, into a Redoubt, across a wall, or into terrain it could not enter.
#[must_use]
pub fn may_attack_into(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
    let Some(info) = field.setup().unit(uid) else {
        return false;
    };
    if !info.unit_type().is_cavalry() {
        return true;
    }
    let side = Direction::between(from, to).map(|d| field.setup().board.hexside(from, d));
    let wall = side.is_some_and(|s| s.is_wall() && !s.contains(HexsideFeature::Gate));
    let enterable = ground_key(field, to)
        .and_then(|k| field.setup().tables.terrain().enter_cost(k, MoverClass::Cavalry))
        .is_some_and(|c| matches!(c, Cost::Mp(_)));
    !is_rampart(field, to) && !is_redoubt(field, to) && !wall && enterable
}

/// 9.11's last sentence: unit `uid` stands on a Rampart with an enemy unit in
/// its ZOC in a non-Rampart hex outside the Ramparts (6.41: anywhere but
/// between the two rings, the inner Gardens of Alesia's side included).
fn rampart_obligation(game: &Alesia, uid: Uid) -> bool {
    let field = &game.field;
    let (Some(at), Some(side)) = (field.unit(uid).and_then(|s| s.at), side_of(field, uid)) else {
        return false;
    };
    let board = &game.setup().board;
    is_rampart(field, at)
        && Direction::ALL.into_iter().any(|d| {
            zoc::zoc_toward(field, uid, d)
                && board.neighbor(at, d).is_some_and(|n| {
                    enemy_in(field, n, side)
                        && !is_rampart(field, n)
                        && board.region(n) != Some(Region::Inside)
                })
        })
}
