//! SPQR 4.74 (4.4 #4): replacing fallen leaders. The OC gives an Individual
//! Order to place a Replacement leader counter (one the scenario provides,
//! `Scenario::replacements`) in any hex holding a unit that leader may
//! command; he need not have it in his Command Range. The Replacement leader
//! is Finished for the turn. A side may place one for each of its fallen
//! leaders other than the OC (4.75: an OC is not replaced), while counters
//! last; a Replacement leader who falls may be replaced in turn.

use super::{Battle, Phase, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::rule::RuleRef;
use crate::state::LeaderStatus;

impl<G: StandardGame> Battle<G> {
    /// SPQR 4.74: whether the active OC may place Replacement leader
    /// `leader` in `unit`'s hex now.
    pub(super) fn replace_check(&self, leader: usize, unit: usize) -> Result<(), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let Some(oc) = self.field.leader_def(o.leader) else {
            return Err(Self::illegal(RuleRef::LeaderReplacement, "no such leader"));
        };
        if !super::is_overall(&self.field, o.leader) {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{} is not the OC: only the OC replaces fallen leaders", oc.name),
            ));
        }
        let (Some(ld), Some(ls)) = (self.field.leader_def(leader), self.field.leaders.get(leader))
        else {
            return Err(Self::illegal(RuleRef::LeaderReplacement, format!("no leader {leader}")));
        };
        if ld.office.is_some_and(crate::state::Office::placed_back) && !ld.replacement {
            return self.return_check(o, leader, unit);
        }
        if !ld.replacement || ld.side != oc.side {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{} is not a Replacement leader of {}'s army", ld.name, oc.name),
            ));
        }
        if !ls.reserve {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{} has been placed already", ld.name),
            ));
        }
        let side = oc.side;
        let of_side = |l: usize| self.field.leader_def(l).is_some_and(|d| d.side == side);
        let fallen = (0..self.field.leaders.len())
            .filter(|&l| {
                of_side(l)
                    && self
                        .field
                        .leaders
                        .get(l)
                        .is_some_and(|s| s.status == LeaderStatus::Dead && !s.reserve)
                    && !self.field.leader_off_map(l)
                    && self.field.leader_def(l).is_some_and(|d| {
                        !d.overall && !d.office.is_some_and(crate::state::Office::placed_back)
                    })
            })
            .count();
        let placed = (0..self.field.leaders.len())
            .filter(|&l| {
                of_side(l)
                    && self.field.leader_def(l).is_some_and(|d| d.replacement)
                    && self.field.leaders.get(l).is_some_and(|s| !s.reserve)
            })
            .count();
        if fallen <= placed {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!(
                    "no fallen leader of {}'s army (other than an OC) is left to replace",
                    oc.name
                ),
            ));
        }
        let ud = self.placing_check(o, unit)?;
        if !self.game.may_command(&self.field, leader, unit) {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{} may not command {}, so he is not placed with it", ld.name, ud.id),
            ));
        }
        Ok(())
    }

    /// SPQR 4.74: what placing any leader needs of the active OC and of the
    /// unit he is placed with: an Individual Order left, the OC not in an
    /// enemy ZOC, a unit of the OC's army on the map. Returns the unit.
    fn placing_check(
        &self,
        o: &super::OrdersPhase,
        unit: usize,
    ) -> Result<&crate::state::UnitDef, StandardError> {
        let Some(oc) = self.field.leader_def(o.leader) else {
            return Err(Self::illegal(RuleRef::LeaderReplacement, "no such leader"));
        };
        if o.orders_left == 0 {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} has no orders left", oc.name),
            ));
        }
        if self.leader_in_enemy_zoc(o.leader) {
            return Err(Self::illegal(
                RuleRef::LeaderInEnemyZoc,
                format!("{} is in an enemy ZOC", oc.name),
            ));
        }
        let (Some(us), Some(ud)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::LeaderReplacement, format!("no unit {unit}")));
        };
        if ud.side != oc.side || !us.on_map() {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{} is not a unit of {}'s army on the map", ud.id, oc.name),
            ));
        }
        Ok(ud)
    }

    /// SPQR 4.74's second case: whether the active OC may place fallen
    /// Tribune or Praefect `leader` back on the map in `unit`'s hex (no
    /// Replacement leader counter is used, and none limits it).
    fn return_check(
        &self,
        o: &super::OrdersPhase,
        leader: usize,
        unit: usize,
    ) -> Result<(), StandardError> {
        let (Some(oc), Some(ld), Some(ls)) = (
            self.field.leader_def(o.leader),
            self.field.leader_def(leader),
            self.field.leaders.get(leader),
        ) else {
            return Err(Self::illegal(RuleRef::LeaderReplacement, "no such leader"));
        };
        let title = ld.office.map_or("a Tribune or Praefect", crate::state::Office::title);
        if ld.side != oc.side {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{}, {title}, is not of {}'s army", ld.name, oc.name),
            ));
        }
        if ls.status != LeaderStatus::Dead || self.field.leader_off_map(leader) {
            return Err(Self::illegal(
                RuleRef::LeaderReplacement,
                format!("{}, {title}, has not fallen: he is on the map", ld.name),
            ));
        }
        let ud = self.placing_check(o, unit)?;
        if !self.game.may_command(&self.field, leader, unit)
            || !crate::roman::may_command(&self.field, leader, unit)
        {
            return Err(Self::illegal(
                RuleRef::RomanCommand,
                format!(
                    "{}, {title}, may not command {}, so he is not placed back with it",
                    ld.name, ud.id
                ),
            ));
        }
        Ok(())
    }

    /// SPQR 4.74: the OC places Replacement leader `leader` (or a fallen
    /// Tribune or Praefect, back on the map, his wounds healed: a counter
    /// that stands for more than one man, Reconstructed) in `unit`'s hex,
    /// Finished for the turn, for one Individual Order.
    pub(super) fn perform_replace(
        &mut self,
        leader: usize,
        unit: usize,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.replace_check(leader, unit)?;
        let Some(hex) = self.field.units.get(unit).map(|s| s.hex) else { return Ok(()) };
        if let Phase::Orders(o) = &mut self.phase {
            o.orders_left = o.orders_left.saturating_sub(1);
        }
        if let Some(s) = self.field.leaders.get_mut(leader) {
            s.hex = hex;
            s.status = LeaderStatus::Finished;
            s.reserve = false;
        }
        let returning = self
            .field
            .leader_def(leader)
            .is_some_and(|d| d.office.is_some_and(crate::state::Office::placed_back));
        if returning && let Some(s) = self.field.leaders.get_mut(leader) {
            s.wounds = 0;
        }
        events.push(Self::event(
            RuleRef::LeaderReplacement,
            StandardEvent::LeaderReplaced { leader, to: self.field.label(hex) },
        ));
        Ok(())
    }
}
