//! SPQR 8.64 Off-Map Regroup (and 4.4 #6, 5.22 #7): pursuing cavalry off the
//! map "may not re-enter the game until the player uses his OC to declare
//! that his entire Orders Phase is to Regroup and Return the cavalry
//! (regardless of range or location). A cavalry Regroup and Return Order
//! applies to all off-map cavalry from that army. It allows the off-map
//! cavalry to re-enter the map within 2 hexes of the hex by which it left,
//! using as much of their MA as they wish."
//!
//! The OC declares it (`RegroupAndReturn`) before giving any order in the
//! phase; he then gives no other order, moves no leader, issues no Line
//! Command. Each off-map unit of his army may then be placed
//! (`ReturnPursuer`) in a free hex within 2 hexes of its exit hex, facing
//! as its player chooses, with a Move order of its full MA (Reconstructed:
//! the placing costs no MP, as 8.62's pursuit costs none; "using as much
//! of their MA as they wish" is read as the MA left to move on with). A
//! unit still Finished by its pursuit this turn (8.63) is placed but not
//! moved. The leaders who went with it come back in its hex, Finished for
//! the turn (Reconstructed: 4.74's placed leaders are; the rules do not
//! say). A unit not placed by the end of the phase stays off the map.

use gboh_core::facing::Facing;

use super::{Action, Battle, OrderKind, Ordered, Phase, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::rule::RuleRef;
use crate::state::{LeaderStatus, UnitStatus};

impl<G: StandardGame> Battle<G> {
    /// SPQR 8.64: whether the active leader may declare a Regroup and
    /// Return now.
    pub(super) fn regroup_check(&self) -> Result<(), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let Some(ld) = self.field.leader_def(o.leader) else {
            return Err(Self::illegal(RuleRef::Regroup, "no such leader"));
        };
        if !super::is_overall(&self.field, o.leader) {
            return Err(Self::illegal(
                RuleRef::Regroup,
                format!("{} is not the OC: only the OC orders a Regroup and Return", ld.name),
            ));
        }
        if self.field.regrouping {
            return Err(Self::illegal(RuleRef::Regroup, "the Regroup and Return is declared"));
        }
        let fresh = o.ordered.is_empty()
            && o.lines == 0
            && o.moving_leaders.is_empty()
            && o.stack.is_empty()
            && o.leader_half_mp == 18
            && o.orders_left == self.field.initiative(o.leader);
        if !fresh {
            return Err(Self::illegal(
                RuleRef::Regroup,
                format!(
                    "{} has acted this Orders Phase: a Regroup and Return takes all of it",
                    ld.name
                ),
            ));
        }
        if !self.field.off_map.iter().any(|p| self.field.side(p.unit) == Some(ld.side)) {
            return Err(Self::illegal(
                RuleRef::Regroup,
                format!("no cavalry of {}'s army is off the map", ld.name),
            ));
        }
        Ok(())
    }

    /// SPQR 8.64: the OC gives his whole Orders Phase to the Regroup and
    /// Return: no Individual Orders are left, nor his own MP.
    pub(super) fn perform_regroup(
        &mut self,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.regroup_check()?;
        let Phase::Orders(o) = &mut self.phase else { return Ok(()) };
        o.orders_left = 0;
        o.leader_half_mp = 0;
        let leader = o.leader;
        self.field.regrouping = true;
        events.push(Self::event(RuleRef::Regroup, StandardEvent::Regrouped { leader }));
        Ok(())
    }

    /// SPQR 8.64: whether off-map pursuer `unit` may re-enter in `hex` now.
    pub(super) fn return_pursuer_check(
        &self,
        unit: usize,
        hex: hexx::Hex,
    ) -> Result<(), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        if !self.field.regrouping {
            return Err(Self::illegal(
                RuleRef::Regroup,
                "off-map cavalry returns only in the OC's Regroup and Return",
            ));
        }
        let (Some(p), Some(d)) = (self.field.pursuer(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Regroup, format!("unit {unit} is not off the map")));
        };
        if self.leader_side(o.leader) != Some(d.side) {
            return Err(Self::illegal(RuleRef::Regroup, format!("{} is not of this army", d.id)));
        }
        if !crate::offmap::return_hexes(&self.field, p.exit).contains(&hex) {
            return Err(Self::illegal(
                RuleRef::Regroup,
                format!(
                    "{} re-enters within 2 hexes of {}, where it left the map",
                    d.id,
                    self.field.label(p.exit)
                ),
            ));
        }
        let passable = self
            .field
            .move_terrain(hex)
            .is_some_and(|t| self.tables.movement.mp(t) != crate::tables::MpCost::Impassable);
        if !self.field.units_at(hex).is_empty() || !passable {
            return Err(Self::illegal(
                RuleRef::Regroup,
                format!("{} may re-enter only a free, passable hex", d.id),
            ));
        }
        Ok(())
    }

    /// SPQR 8.64: off-map pursuer `unit` re-enters in `hex` facing `facing`,
    /// with a Move order of its full MA unless Finished by its pursuit
    /// (8.63); its leaders with it, Finished for the turn.
    pub(super) fn perform_return_pursuer(
        &mut self,
        unit: usize,
        hex: hexx::Hex,
        facing: Facing,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.return_pursuer_check(unit, hex)?;
        let Some(i) = self.field.off_map.iter().position(|p| p.unit == unit) else { return Ok(()) };
        let p = self.field.off_map.remove(i);
        let mut spent = false;
        if let Some(s) = self.field.units.get_mut(unit) {
            s.hex = hex;
            s.facing = facing;
            s.status = UnitStatus::InPlay;
            spent = s.spent;
        }
        for &l in &p.leaders {
            if let Some(s) = self.field.leaders.get_mut(l) {
                s.hex = hex;
                s.status = LeaderStatus::Finished;
            }
        }
        if !spent {
            let half_mp = u16::from(self.ma(unit)) * 2;
            let side = self.field.side(unit);
            let stopped = side.is_some_and(|sd| self.field.in_enemy_zoc(hex, sd));
            if let Phase::Orders(o) = &mut self.phase {
                let mut x = Ordered::new(unit, OrderKind::Move, half_mp);
                x.stopped = stopped;
                o.ordered.push(x);
            }
        }
        events.push(Self::event(
            RuleRef::Regroup,
            StandardEvent::Returned { unit, leaders: p.leaders, to: self.field.label(hex) },
        ));
        Ok(())
    }

    /// SPQR 8.64: in a Regroup and Return the OC does nothing else: only the
    /// returns, the returned units' moves and the end of the phase.
    pub(super) fn regroup_allows(&self, action: &Action) -> Result<(), StandardError> {
        if !self.field.regrouping || !matches!(self.phase, Phase::Orders(_)) {
            return Ok(());
        }
        let returned = |u: usize| self.ordered(u).is_some();
        let ok = match *action {
            Action::ReturnPursuer { .. } | Action::EndOrders => true,
            Action::Step { unit, .. }
            | Action::PassThrough { unit, .. }
            | Action::Face { unit, .. }
            | Action::Column { unit } => returned(unit),
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(Self::illegal(
                RuleRef::Regroup,
                "the OC's whole Orders Phase is the Regroup and Return of his off-map cavalry",
            ))
        }
    }

    /// SPQR 8.64: the Regroup and Return and each return the active leader
    /// might make now (the legal ones are those `check` accepts).
    pub(super) fn regroup_candidates(&self, out: &mut Vec<Action>) {
        let Some(o) = self.orders() else { return };
        let side = self.leader_side(o.leader);
        out.push(Action::RegroupAndReturn);
        for p in &self.field.off_map {
            if self.field.side(p.unit) != side {
                continue;
            }
            for hex in crate::offmap::return_hexes(&self.field, p.exit) {
                out.extend(Facing::ALL.map(|facing| Action::ReturnPursuer {
                    unit: p.unit,
                    hex,
                    facing,
                }));
            }
        }
    }
}
