//! 9.22 Retreat Before Shock, and the attackers' pursuit: the engine's
//! ([`gboh_simple::rules::before_shock`]).
//!
//! Who: a defender whose current Movement Allowance is greater than that of
//! every attacker that was not in an enemy ZOC at the start of the Activation
//! Phase (the rulebook's sentence read as written; archers too, 8.3). It goes
//! up to half its MA (rounded up), each hex farther from the attackers than
//! the last, paying movement costs, stopping on entering an enemy ZOC,
//! keeping its facing. If every defender goes, the attackers may pursue up
//! to half their MA (rounded down), the first hex being the one vacated,
//! never ending next to a defender that went two hexes or more. No fire
//! during either (9.22).
//!
//! Alesia's part ([`BeforeShockRules`]): its own step (the works, 6.42's
//! climb from outside on the pursuit's first step), Gardens of Death never
//! entered (10.22 read into the retreat), no end in a hex On Fire (8.43) or
//! past its stacking (6.61, 6.44), the Aquila following its cohort or
//! captured (10.8); the current MA with Fill (6.47) is
//! `GroundRules::movement_allowance`.

use gboh_core::game::Event;
use gboh_simple::rules::before_shock::BeforeShockRules;
use hexx::Hex;

use crate::combat::effects::aquila;
use crate::combat::terrain::{first_step_cost, is_garden_of_death, may_stack, side_of, step_cost};
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::{Alesia, AlesiaEvent};

pub use gboh_simple::rules::before_shock::{
    all_gone, destinations, eligible, pursue, pursuits, retreat_before,
};

/// A unit's current Movement Allowance (6.11): printed, one less when
/// Disordered (6.72) or carrying Fill (6.47), doubled on a Rapid March (6.5).
#[must_use]
pub fn current_ma(field: &Battlefield, uid: Uid) -> u8 {
    let ma = gboh_simple::ground::family_movement_allowance(field, uid);
    let fill = field.unit(uid).is_some_and(|s| s.flags.has(UnitFlags::CARRYING_FILL));
    if fill { ma.saturating_sub(1) } else { ma }
}

impl BeforeShockRules for Alesia {
    fn forced_step(field: &Battlefield, uid: Uid, from: Hex, to: Hex, first: bool) -> Option<u8> {
        let cost = if first {
            first_step_cost(field, uid, from, to)
        } else {
            step_cost(field, uid, from, to)
        };
        cost.ok()
    }

    /// 10.22: never into a Garden of Death.
    fn forced_move_enters(field: &Battlefield, hex: Hex) -> bool {
        !is_garden_of_death(field, hex)
    }

    /// 6.61, 6.44, 8.43.
    fn forced_move_ends(field: &Battlefield, uid: Uid, hex: Hex) -> bool {
        may_stack(field, uid, hex) && !field.markers(hex).on_fire
    }

    /// 10.8: the Aquila goes with its cohort; one alone where it ends is
    /// captured.
    fn retreated_before(
        &mut self,
        uid: Uid,
        from: Hex,
        to: Hex,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) {
        aquila::follow(self, uid, from, to, events);
        if let Some(side) = side_of(&self.field, uid) {
            aquila::entered(self, to, side, events);
        }
    }

    /// 10.8: an Aquila alone where the pursuer ends is captured.
    fn pursued(&mut self, uid: Uid, to: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
        if let Some(side) = side_of(&self.field, uid) {
            aquila::entered(self, to, side, events);
        }
    }
}
