//! Reinforcements: units a game holds off the map
//! ([`StandardGame::held_off_map`]) enter it by a declaration of the active
//! leader ([`StandardGame::declared_entry`]; Gergovia's Gallic
//! Reinforcements). SPQR has none; the engine only places the unit, gives it
//! a Move order (one Individual Order, SPQR 4.2) and charges the entry's MP,
//! after which it moves on as any ordered unit (SPQR 6.1, 7.2: an entry hex
//! in an enemy ZOC stops it).

use gboh_core::dice::Dice;

use super::{Battle, OrderKind, OrdersPhase, StandardError, StandardEvent};
use crate::game::{Entry, GameEvent, StandardGame};
use crate::movement::StepCost;
use crate::rule::RuleRef;
use crate::state::UnitStatus;

impl<G: StandardGame> Battle<G> {
    /// Whether the entry the game declared may be made now, and its cost.
    pub(super) fn entry_check(
        &self,
        o: &OrdersPhase,
        e: &Entry,
    ) -> Result<StepCost, StandardError> {
        if o.orders_left == 0 {
            return Err(Self::illegal(RuleRef::IndividualOrders, "no Individual Orders left"));
        }
        let (Some(s), Some(d)) = (self.field.units.get(e.unit), self.field.def(e.unit)) else {
            return Err(Self::illegal(RuleRef::IndividualOrders, format!("no unit {}", e.unit)));
        };
        if s.status != UnitStatus::Eliminated || self.leader_side(o.leader) != Some(d.side) {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} is not a unit of the active side waiting off the map", d.id),
            ));
        }
        if !self.field.board().contains(e.hex) || !self.field.units_at(e.hex).is_empty() {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} may enter only an empty hex of the map", d.id),
            ));
        }
        if u16::from(self.ma(e.unit)) * 2 < e.half_mp {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} has not the MP to enter", d.id),
            ));
        }
        Ok(StepCost { half_mp: e.half_mp, hits: 0 })
    }

    /// Places the entering unit (and the leader who comes with it), ordered
    /// to move, its entry paid.
    pub(super) fn perform_entry(
        &mut self,
        e: Entry,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(o) = self.orders().cloned() else { return Ok(()) };
        self.entry_check(&o, &e)?;
        let side = self.field.side(e.unit).unwrap_or(gboh_core::Side::Adversary);
        if let Some(s) = self.field.units.get_mut(e.unit) {
            s.hex = e.hex;
            s.facing = e.facing;
            s.status = UnitStatus::InPlay;
            s.hits = 0;
            s.column = false;
            s.bottom = false;
            s.moves_this_turn = s.moves_this_turn.saturating_add(1);
        }
        let stops = self.field.in_enemy_zoc(e.hex, side);
        if let Some(x) = self.order(e.unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(e.half_mp);
            x.moved = true;
            x.stopped = stops;
            x.faced_here = false;
        }
        if let Some(l) = e.leader {
            if let Some(s) = self.field.leaders.get_mut(l) {
                s.hex = e.hex;
            }
            if let super::Phase::Orders(o) = &mut self.phase
                && o.leader == l
            {
                o.leader_half_mp = o.leader_half_mp.saturating_sub(e.half_mp);
            }
        }
        events.push(Self::event(
            RuleRef::MovementCost,
            StandardEvent::Moved { unit: e.unit, to: self.field.label(e.hex), hits: 0 },
        ));
        let mut hook = Vec::new();
        self.game.unit_moved(&self.field, e.unit, &mut hook);
        events.extend(hook);
        self.game_fire_at(e.unit, dice, events)?;
        Ok(())
    }
}
