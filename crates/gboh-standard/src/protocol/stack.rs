//! SPQR 6.64 (and 4.4 #5): the Overall Commander moves every combat unit
//! stacked in his hex, and himself, with one Individual Order; they move
//! together and end in one hex.
//!
//! `OrderStack` gives the order (one IO for all, each unit as the OC's
//! Command Range and the game's command rules allow); then `StackStep` moves
//! the whole stack a hex (each unit pays its own MP and hits; entering an
//! enemy ZOC stops them all, SPQR 7.2) and `StackFace` turns it (each unit
//! pays its own turn). The units keep their stack order (6.66), and no unit
//! of the stack moves on its own for the rest of the phase; the OC does not
//! move on his own either (`LeaderStep`), so that he ends in their hex. The
//! OC's own MP are not spent: the units' MA limits the move (Reconstructed:
//! 6.64 gives no cost for him). A double-size phalanx is not moved so (not
//! modelled), nor is a stack put into column.

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};

use super::{Battle, Phase, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::movement::StepCost;
use crate::rule::RuleRef;

impl<G: StandardGame> Battle<G> {
    /// The units in the active leader's hex, the top unit first (SPQR 6.66).
    fn units_with_leader(&self) -> Vec<usize> {
        let Some(o) = self.orders() else { return Vec::new() };
        let Some(l) = self.field.leaders.get(o.leader) else { return Vec::new() };
        let mut units = self.field.units_at(l.hex);
        units.sort_by_key(|&u| (self.field.is_bottom(u), u));
        units
    }

    /// SPQR 6.64: whether the active leader may give the stack order now,
    /// and to which units (top first).
    pub(super) fn order_stack_check(&self) -> Result<Vec<usize>, StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let Some(ld) = self.field.leader_def(o.leader) else {
            return Err(Self::illegal(RuleRef::StackMove, "no such leader"));
        };
        if !super::is_overall(&self.field, o.leader) {
            return Err(Self::illegal(
                RuleRef::StackMove,
                format!("{} is not the OC: only the OC moves his stack with one order", ld.name),
            ));
        }
        if !o.stack.is_empty() {
            return Err(Self::illegal(
                RuleRef::StackMove,
                format!("{} gave his stack order this phase", ld.name),
            ));
        }
        let units = self.units_with_leader();
        if units.is_empty() {
            return Err(Self::illegal(
                RuleRef::StackMove,
                format!("no combat unit in {}'s hex", ld.name),
            ));
        }
        for &u in &units {
            let id = self.field.def(u).map_or_else(String::new, |d| d.id.to_string());
            if self.field.is_double(u) {
                return Err(Self::illegal(
                    RuleRef::StackMove,
                    format!(
                        "{id}: a double-size phalanx does not move with the OC's stack (not modelled)"
                    ),
                ));
            }
            if !self.field.units.get(u).is_some_and(|s| s.in_play()) {
                return Err(Self::illegal(
                    RuleRef::StackMove,
                    format!("{id} is not in good order: every unit of the stack moves"),
                ));
            }
            // His side's, not yet ordered, in range, an order left, the OC
            // out of an enemy ZOC (SPQR 4.2, 5.26).
            self.may_order(u)?;
        }
        Ok(units)
    }

    /// SPQR 6.64: the units of the OC's stack order still in good order and
    /// in his hex, top first (a unit routed off it is no longer of it).
    pub(super) fn stack_members(&self) -> Vec<usize> {
        let Some(o) = self.orders() else { return Vec::new() };
        self.units_with_leader().into_iter().filter(|u| o.stack.contains(u)).collect()
    }

    fn members_or_error(&self) -> Result<Vec<usize>, StandardError> {
        let members = self.stack_members();
        if members.is_empty() {
            return Err(Self::illegal(
                RuleRef::StackMove,
                "no stack order this phase, or no unit of it left with the OC",
            ));
        }
        Ok(members)
    }

    /// SPQR 6.64: what each unit of the OC's stack pays to enter the hex in
    /// `dir` (the checks of [`Self::step_check`] for each), top first.
    pub(super) fn stack_step_costs(
        &self,
        dir: Direction,
    ) -> Result<Vec<(usize, StepCost)>, StandardError> {
        self.members_or_error()?
            .into_iter()
            .map(|u| self.step_check_as(u, dir, true).map(|c| (u, c)))
            .collect()
    }

    /// SPQR 6.64: what each unit of the OC's stack pays to turn to `facing`.
    pub(super) fn stack_face_costs(
        &self,
        facing: Facing,
    ) -> Result<Vec<(usize, StepCost)>, StandardError> {
        let members = self.members_or_error()?;
        // SPQR 6.67: a stack keeps one facing: the OC's units do not turn
        // while one of them stands stacked with a unit not of his stack.
        if let Some(&u) = members
            .iter()
            .find(|&&u| self.field.stacked_with(u).is_some_and(|o| !members.contains(&o)))
        {
            let id = self.field.def(u).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!(
                    "{id} is stacked with a unit not of the OC's stack: a stack keeps one facing (6.67)"
                ),
            ));
        }
        members.into_iter().map(|u| self.face_check_as(u, facing, true).map(|c| (u, c))).collect()
    }

    /// The preview of a stack's step or turn: the most MP and the most hits
    /// any one unit of it pays (each pays its own).
    pub(super) fn stack_preview(costs: &[(usize, StepCost)]) -> StepCost {
        StepCost {
            half_mp: costs.iter().map(|(_, c)| c.half_mp).max().unwrap_or(0),
            hits: costs.iter().map(|(_, c)| c.hits).max().unwrap_or(0),
        }
    }

    /// SPQR 6.64: the OC orders every unit in his hex to move with him, for
    /// one Individual Order.
    pub(super) fn perform_order_stack(
        &mut self,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let units = self.order_stack_check()?;
        let Some(leader) = self.orders().map(|o| o.leader) else { return Ok(()) };
        let mut first = true;
        for &u in &units {
            let ma = u16::from(self.ma(u)) * 2;
            self.game.unit_ordered(&self.field, leader, u);
            if let Phase::Orders(o) = &mut self.phase {
                if first {
                    o.orders_left = o.orders_left.saturating_sub(1);
                    first = false;
                }
                o.stack.push(u);
                o.ordered.push(super::Ordered::new(u, super::OrderKind::Move, ma));
            }
        }
        events.push(Self::event(RuleRef::StackMove, StandardEvent::StackOrdered { leader, units }));
        Ok(())
    }

    /// SPQR 6.64: the OC's stack enters the hex in `dir`, the OC with it
    /// (retire reaction fire first, SPQR 8.22, at its top unit).
    pub(super) fn perform_stack_step(
        &mut self,
        dir: Direction,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let costs = self.stack_step_costs(dir)?;
        let Some(&(top, _)) = costs.first() else { return Ok(()) };
        if self.open_retire_fire(top, dir, 1) {
            return Ok(());
        }
        self.move_stack(dir, &costs, dice, events)
    }

    /// Moves the OC's stack a hex in `dir`, each unit paying its `costs`.
    pub(super) fn move_stack(
        &mut self,
        dir: Direction,
        costs: &[(usize, StepCost)],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(&(top, _)) = costs.first() else { return Ok(()) };
        let Some(leader) = self.orders().map(|o| o.leader) else { return Ok(()) };
        let Some(from) = self.field.units.get(top).map(|s| s.hex) else { return Ok(()) };
        let to = dir.neighbor(from);
        let side = self.field.side(top).unwrap_or(gboh_core::Side::Roman);
        let (before, leader_before) = self.distances_before_move(top);
        let stops = self.field.in_enemy_zoc(to, side);
        // A single unit may stack onto a friend (SPQR 6.6): it goes to the bottom.
        let friend = self.field.units_at(to).into_iter().find(|f| !costs.iter().any(|c| c.0 == *f));
        for &(u, cost) in costs {
            let first = self.ordered(u).is_none_or(|x| !x.moved);
            if let Phase::Orders(o) = &mut self.phase
                && let Some(x) = o.ordered.iter_mut().find(|x| x.unit == u)
            {
                x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp);
                x.moved = true;
                x.stopped = stops;
                x.faced_here = false;
            }
            if let Some(m) = self.field.units.get_mut(u) {
                m.hex = to;
                if friend.is_some() {
                    m.bottom = true;
                }
                if first {
                    m.moves_this_turn = m.moves_this_turn.saturating_add(1);
                }
            }
        }
        if let Some(f) = friend.and_then(|f| self.field.units.get_mut(f)) {
            f.bottom = false;
        }
        if let Some(l) = self.field.leaders.get_mut(leader) {
            l.hex = to;
        }
        events.push(Self::event(
            RuleRef::StackMove,
            StandardEvent::StackMoved {
                leader,
                to: self.field.label(to),
                units: costs.iter().map(|&(u, c)| (u, c.hits)).collect(),
            },
        ));
        // SPQR 6.67: a single unit stopping on a friend turns to its facing.
        if let [(u, _)] = costs[..] {
            self.conform(u, friend, events);
        }
        for &(u, _) in costs {
            // SPQR 7.31: the stack's units share one hex, so one distance each.
            self.mark_closed(u, &before, friend.is_some());
            let mut hook = Vec::new();
            self.game.unit_moved(&self.field, u, &mut hook);
            events.extend(hook);
        }
        for &(u, cost) in costs {
            if cost.hits > 0 && self.field.units.get(u).is_some_and(|s| s.in_play()) {
                self.need_tq(u, dice, events)?;
                if self.add_hits(u, cost.hits, events) {
                    self.rout(u, dice, events)?;
                }
            }
        }
        // The reactions see the stack through its top unit still in good
        // order (SPQR 6.68: fire at a stack hits its top unit).
        let mover = costs
            .iter()
            .map(|c| c.0)
            .find(|&u| self.field.units.get(u).is_some_and(|s| s.in_play() && s.hex == to));
        if let Some(mover) = mover {
            self.open_reactions(mover, &before, &leader_before, friend.is_some(), events);
        }
        Ok(())
    }

    /// SPQR 6.64: the OC's stack turns to `facing`, every unit paying its own turn.
    pub(super) fn perform_stack_face(
        &mut self,
        facing: Facing,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let costs = self.stack_face_costs(facing)?;
        for &(u, cost) in &costs {
            if let Phase::Orders(o) = &mut self.phase
                && let Some(x) = o.ordered.iter_mut().find(|x| x.unit == u)
            {
                x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp);
                x.faced_here = true;
            }
            if let Some(m) = self.field.units.get_mut(u) {
                m.facing = facing;
            }
            events.push(Self::event(
                RuleRef::StackMove,
                StandardEvent::Faced { unit: u, facing, hits: cost.hits },
            ));
        }
        for &(u, cost) in &costs {
            if cost.hits > 0 && self.field.units.get(u).is_some_and(|s| s.in_play()) {
                self.need_tq(u, dice, events)?;
                if self.add_hits(u, cost.hits, events) {
                    self.rout(u, dice, events)?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::facing::Direction;
    use gboh_core::game::Rules;

    use super::super::{Action, Battle, Pending};
    use crate::Spqr;

    const X_H: usize = 0;
    const X_P: usize = 1;
    const X_2: usize = 3;

    /// SPQR 6.63's example #1 (voluntary movement): legion X's hastati "would
    /// incur one hit when moving through a stack" of their own legion's
    /// infantry (a stack counts as basic, the 6.69 chart's note): one hit for
    /// the mover, not one per unit of the stack; each unit passed takes one.
    #[test]
    fn rule_6_63_passing_through_a_stack_of_two_costs_the_mover_one_hit() {
        let (mut b, _) = Battle::new(Spqr, "Stacks").unwrap();
        let mut dice = Dice::scripted(vec![0; 40]);
        while !matches!(b.pending(), Pending::Orders { side: gboh_core::Side::Roman, .. }) {
            b.perform(Action::Decline, &mut dice, &mut Vec::new()).unwrap();
        }
        let h = b.field.units[X_H].hex;
        b.field.units[X_P].hex = h;
        b.field.units[X_P].bottom = true;
        let facing = b.field.units[X_H].facing;
        let rear = facing.rear()[0];
        b.field.units[X_2].hex = rear.neighbor(h);
        b.field.units[X_2].facing = facing;
        let dir = Direction::ALL.into_iter().find(|d| d.neighbor(rear.neighbor(h)) == h).unwrap();
        let passed = b.pass_through(X_2, h);
        assert_eq!(passed, vec![(X_H, 1), (X_P, 1)], "each unit of the stack takes 1");
        let cost = b.pass_check(X_2, dir).unwrap();
        let terrain = b.hex_cost(X_2, rear.neighbor(h), dir).unwrap().hits
            + b.hex_cost(X_2, h, dir).unwrap().hits;
        assert_eq!(cost.hits, terrain + 1, "one hit for the mover through the stack");
    }
}
