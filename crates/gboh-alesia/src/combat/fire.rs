//! 8.11-8.13 Missile Fire by the active player: the engine's
//! ([`gboh_simple::rules::fire`]): which active units may fire now, at what,
//! and what firing does to their movement.
//!
//! Each active unit with missiles fires once per activation (8.12),
//! artillery twice in Fire mode and not if it moved (8.12, 8.54); before,
//! during or after its movement, but not after moving away from the target
//! (8.12, from the hexes movement records with [`super::record_step`]); at an
//! enemy in its ZOC if there is one (8.13). A javelin unit's fire at two hexes
//! or more is Hit and Run (8.19). The target's units may fire back (8.63).
//!
//! Alesia's part ([`FireRules`]): its artillery's limits (8.12, 8.54), Hit
//! and Run's conditions over its works ([`super::hit_and_run`]), artillery
//! staying put after firing (8.12).

use gboh_simple::rules::fire::{FireRules, family_may_fire_again};
use hexx::Hex;

use super::action::CombatError;
use super::hit_and_run;
use super::missile::column_of;
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::Alesia;
use crate::tables::MissileColumn;

pub use gboh_simple::rules::fire::{active_unit, check, fire, legal};

fn is_artillery(field: &Battlefield, uid: Uid) -> bool {
    field.setup().unit(uid).is_some_and(|i| i.unit_type().is_artillery())
}

impl FireRules for Alesia {
    /// 8.54: artillery fires only in Fire mode, twice per activation; 8.12:
    /// not after moving. Other units: once (8.12).
    fn may_fire_again(field: &Battlefield, uid: Uid) -> Result<(), CombatError> {
        let Some(s) = field.unit(uid) else {
            return Err(CombatError::illegal("2.2", "no such unit"));
        };
        if !is_artillery(field, uid) {
            return family_may_fire_again(field, uid);
        }
        if !s.flags.has(UnitFlags::FIRE_MODE) {
            return Err(CombatError::illegal("8.54", "artillery fires only in Fire mode"));
        }
        if s.fires >= 2 {
            return Err(CombatError::illegal("8.54", "artillery fires twice per activation"));
        }
        if s.flags.has(UnitFlags::MOVED) {
            return Err(CombatError::illegal("8.12", "artillery may move or fire, not both"));
        }
        Ok(())
    }

    /// 8.19: a javelin unit's fire at two hexes or more.
    fn hit_and_run(&self, uid: Uid, target: Hex) -> Option<Result<(), CombatError>> {
        let from = self.field.unit(uid)?.at?;
        let javelins = column_of(self, uid) == Some(MissileColumn::Javelin);
        (javelins && from.unsigned_distance_to(target) > 1)
            .then(|| hit_and_run::check(self, uid, target))
    }

    /// 8.12: artillery that fired does not move this activation.
    fn stays_after_firing(field: &Battlefield, uid: Uid) -> bool {
        is_artillery(field, uid)
    }
}
