//! Performing Individual Orders (SPQR 4.2): moving and turning units, the
//! leader's own move, missile fire, rally and recovery; the end of the
//! movement segment.

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};

use super::{Battle, OrderKind, Ordered, Phase, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::rally::{RallyOutcome, rally};
use crate::rule::RuleRef;
use crate::state::UnitStatus;

impl<G: StandardGame> Battle<G> {
    /// How far each unit and each leader stands from `unit` before it moves:
    /// the reactions its move opens are those of the units and leaders it
    /// comes near (SPQR 6.5, 7.15, 4.72; `open_reactions`).
    pub(super) fn distances_before_move(&self, unit: usize) -> (Vec<u32>, Vec<u32>) {
        let units = (0..self.field.units.len()).map(|e| self.field.units_distance(e, unit));
        let leaders = self.field.leaders.iter().map(|l| self.field.distance_to(unit, l.hex));
        (units.collect(), leaders.collect())
    }

    /// SPQR 7.31: marks `unit` as having moved adjacent to an enemy unit
    /// from a hex not adjacent to it, when a step just did so (`before`: each
    /// unit's distance from it before the step). Not a step into a friend's
    /// hex to stack (`stacked_in`: SPQR 6.66, no Shock marker then).
    pub(super) fn mark_closed(&mut self, unit: usize, before: &[u32], stacked_in: bool) {
        if stacked_in {
            return;
        }
        let Some(side) = self.field.side(unit) else { return };
        let closed = (0..self.field.units.len()).any(|e| {
            self.field.side(e) == Some(side.opponent())
                && self.field.units.get(e).is_some_and(|s| s.on_map())
                && before.get(e).is_some_and(|&was| was > 1)
                && self.field.units_distance(e, unit) == 1
        });
        if closed
            && let Phase::Orders(o) = &mut self.phase
            && let Some(x) = o.ordered.iter_mut().find(|x| x.unit == unit)
        {
            x.closed = true;
        }
    }

    /// The order of `unit` this phase, given now (using one of the leader's
    /// Individual Orders) if it has none.
    pub(super) fn order(&mut self, unit: usize, kind: OrderKind) -> Option<&mut Ordered> {
        let ma = u16::from(self.ma(unit)) * 2;
        if let Phase::Orders(o) = &self.phase
            && !o.ordered.iter().any(|x| x.unit == unit)
        {
            self.game.unit_ordered(&self.field, o.leader, unit);
        }
        let Phase::Orders(o) = &mut self.phase else { return None };
        if !o.ordered.iter().any(|x| x.unit == unit) {
            o.orders_left = o.orders_left.saturating_sub(1);
            o.ordered.push(Ordered::new(unit, kind, if kind == OrderKind::Move { ma } else { 0 }));
        }
        o.ordered.iter_mut().find(|x| x.unit == unit)
    }

    /// SPQR 6.1, 6.13, 6.27, 7.2: unit `unit` enters the hex in `dir`
    /// (validated by `check`), paying MP and hits; entering an enemy ZOC stops it.
    pub(super) fn perform_step(
        &mut self,
        unit: usize,
        dir: Direction,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        if self.field.is_double(unit) && self.field.units.get(unit).is_some_and(|s| s.column) {
            return self.perform_column_step(unit, dir, dice, events);
        }
        let cost = self.step_check(unit, dir)?;
        // A game's roll before crossing (Gergovia: the town wall).
        let from = self.field.units.get(unit).map(|s| s.hex);
        let crossing = from.and_then(|h| self.game.crossing_roll(&self.field, unit, h, dir));
        if let Some(c) = crossing.as_ref().filter(|c| c.before)
            && self.crossing_stops(unit, c, dice, events)?
        {
            return Ok(());
        }
        if self.open_retire_fire(unit, dir, 1) {
            return Ok(());
        }
        self.move_unit(unit, dir, 1, cost, dice, events)?;
        // A game's roll after crossing (Gergovia: the stone walls).
        if let Some(c) = crossing.filter(|c| !c.before)
            && self.field.units.get(unit).is_some_and(|s| s.in_play() && Some(s.hex) != from)
        {
            self.crossing_stops(unit, &c, dice, events)?;
        }
        Ok(())
    }

    /// A game's [`crate::CrossingRoll`] for `unit`: a d10 against its TQ; at
    /// least the TQ stops it for this Orders Phase (its order is given, and
    /// marked stopped). Whether it stopped.
    fn crossing_stops(
        &mut self,
        unit: usize,
        crossing: &crate::CrossingRoll,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        self.need_tq(unit, dice, events)?;
        let roll = dice.d10()?;
        let stopped = roll.face >= self.game.troop_quality(&self.field, unit);
        let mut hook = Vec::new();
        self.game.crossing_rolled(&self.field, unit, crossing, roll, stopped, &mut hook);
        events.extend(hook);
        if stopped {
            // The move may have opened reactions, which hold the phase.
            if let Phase::Reaction { orders, .. } = &mut self.phase {
                if let Some(x) = orders.ordered.iter_mut().find(|x| x.unit == unit) {
                    x.stopped = true;
                }
            } else if let Some(x) = self.order(unit, OrderKind::Move) {
                x.stopped = true;
            }
        }
        Ok(stopped)
    }

    /// SPQR 8.22: the move that waited for retire reaction fire, if the
    /// unit still may make it (a unit the fire routed does not).
    pub(super) fn resume_move(
        &mut self,
        unit: usize,
        dir: Direction,
        hexes: u8,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        // SPQR 6.64: the OC's stack waited for the fire at its top unit.
        if self.orders().is_some_and(|o| o.stack.contains(&unit)) {
            return match self.stack_step_costs(dir) {
                Ok(costs) => self.move_stack(dir, &costs, dice, events),
                Err(_) => Ok(()),
            };
        }
        let cost = if hexes == 2 { self.pass_check(unit, dir) } else { self.step_check(unit, dir) };
        match cost {
            Ok(cost) => self.move_unit(unit, dir, hexes, cost, dice, events),
            Err(_) => Ok(()),
        }
    }

    /// SPQR 6.6: `unit` passes through a friend into the hex beyond.
    pub(super) fn perform_pass(
        &mut self,
        unit: usize,
        dir: Direction,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let cost = self.pass_check(unit, dir)?;
        if self.open_retire_fire(unit, dir, 2) {
            return Ok(());
        }
        self.move_unit(unit, dir, 2, cost, dice, events)
    }

    /// Moves `unit` `hexes` hexes in `dir` (validated), paying `cost`.
    fn move_unit(
        &mut self,
        unit: usize,
        dir: Direction,
        hexes: u8,
        cost: crate::movement::StepCost,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let first = self.ordered(unit).is_none_or(|x| !x.moved);
        let Some(s) = self.field.units.get(unit).copied() else { return Ok(()) };
        let (before, leader_before) = self.distances_before_move(unit);
        let depth_partner = super::double_depth_partner(&self.field, unit);
        // SPQR 6.63: the friends passed through take the mover's hit too.
        let passed =
            if hexes == 2 { self.pass_through(unit, dir.neighbor(s.hex)) } else { Vec::new() };
        let to = (0..hexes).fold(s.hex, |h, _| dir.neighbor(h));
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        let double = self.field.is_double(unit);
        // Dictator 9.101: a double-size counter stops if either half enters a ZOC.
        let right = crate::state::right_half(to, s.facing);
        let stops =
            self.field.in_enemy_zoc(to, side) || (double && self.field.in_enemy_zoc(right, side));
        if let Some(x) = self.order(unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp);
            x.moved = true;
            x.stopped = stops;
            x.faced_here = false;
        }
        // SPQR 6.66: a unit moving in to stack is placed on the bottom.
        let friend = self.field.units_at(to).into_iter().find(|&f| f != unit);
        if let Some(f) = friend.and_then(|f| self.field.units.get_mut(f)) {
            f.bottom = false;
        }
        if let Some(m) = self.field.units.get_mut(unit) {
            m.hex = to;
            m.bottom = friend.is_some();
            if first {
                m.moves_this_turn = m.moves_this_turn.saturating_add(1);
            }
        }
        let label = if double {
            format!("{}/{}", self.field.label(to), self.field.label(right))
        } else {
            self.field.label(to)
        };
        events.push(Self::event(
            if double { RuleRef::PhalanxMove } else { RuleRef::MovementCost },
            StandardEvent::Moved { unit, to: label, hits: cost.hits },
        ));
        self.conform(unit, friend, events);
        self.after_double_depth_move(unit, depth_partner, events);
        let mut hook = Vec::new();
        self.game.unit_moved(&self.field, unit, &mut hook);
        events.extend(hook);
        // Hits that reach the TQ rout the unit (SPQR 10.1).
        if cost.hits > 0 {
            self.need_tq(unit, dice, events)?;
        }
        if self.add_hits(unit, cost.hits, events) {
            self.rout(unit, dice, events)?;
        }
        // SPQR 8.2 with a game's own weapons (Gergovia 9.33).
        self.game_fire_at(unit, dice, events)?;
        self.mark_closed(unit, &before, friend.is_some());
        for (friend, hits) in passed {
            if hits == 0 || !self.field.units.get(friend).is_some_and(|f| f.on_map()) {
                continue;
            }
            events.push(Self::event(
                RuleRef::Stacking,
                StandardEvent::PassedFriend { unit: friend, by: unit, hits },
            ));
            self.need_tq(friend, dice, events)?;
            if self.add_hits(friend, hits, events) {
                self.rout(friend, dice, events)?;
            }
        }
        self.open_reactions(unit, &before, &leader_before, friend.is_some(), events);
        Ok(())
    }

    /// SPQR 6.27: unit `unit` turns to `facing`.
    pub(super) fn perform_face(
        &mut self,
        unit: usize,
        facing: Facing,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let cost = self.face_check(unit, facing)?;
        if let Some(x) = self.order(unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp);
            x.faced_here = true;
        }
        if self.field.is_double(unit) {
            self.reverse_face(unit, facing);
        } else if let Some(m) = self.field.units.get_mut(unit) {
            m.facing = facing;
        }
        events.push(Self::event(
            if self.field.is_double(unit) { RuleRef::PhalanxFacing } else { RuleRef::MovementCost },
            StandardEvent::Faced { unit, facing, hits: cost.hits },
        ));
        if cost.hits > 0 {
            self.need_tq(unit, dice, events)?;
        }
        if self.add_hits(unit, cost.hits, events) {
            self.rout(unit, dice, events)?;
        }
        Ok(())
    }

    /// SPQR 6.27: `unit` enters or leaves column (its MA +1 or -1 at once).
    pub(super) fn perform_column(&mut self, unit: usize, events: &mut Vec<GameEvent<G>>) {
        let Ok(cost) = self.column_check(unit) else { return };
        let bonus = u16::from(self.tables.movement.facing().column_ma_bonus.value) * 2;
        let column = !self.field.units.get(unit).is_some_and(|s| s.column);
        if let Some(x) = self.order(unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp);
            x.half_mp_left = if column {
                x.half_mp_left.saturating_add(bonus)
            } else {
                x.half_mp_left.saturating_sub(bonus)
            };
            x.formed = true;
        }
        if let Some(s) = self.field.units.get_mut(unit) {
            s.column = column;
            s.column_right = false;
        }
        events.push(Self::event(RuleRef::MovementCost, StandardEvent::Column { unit, column }));
    }

    /// SPQR 6.14: a leader moves a hex at cavalry costs (the active leader,
    /// or one he ordered to move).
    pub(super) fn perform_leader_step(
        &mut self,
        leader: usize,
        dir: Direction,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let Some(hex) = self.field.leaders.get(leader).map(|s| dir.neighbor(s.hex)) else { return };
        let Ok(super::Preview::Cost(cost)) =
            self.validate(&super::Action::LeaderStep { leader, dir })
        else {
            return;
        };
        if let Phase::Orders(o) = &mut self.phase {
            if leader == o.leader {
                o.leader_half_mp = o.leader_half_mp.saturating_sub(cost.half_mp);
            } else if let Some((_, mp)) = o.moving_leaders.iter_mut().find(|(x, _)| *x == leader) {
                *mp = mp.saturating_sub(cost.half_mp);
            }
        }
        if let Some(s) = self.field.leaders.get_mut(leader) {
            s.hex = hex;
        }
        let to = self.field.label(hex);
        events.push(Self::event(RuleRef::Movement, StandardEvent::LeaderMoved { leader, to }));
    }

    /// SPQR 4.4: the active leader orders `leader` to move (9 MP).
    pub(super) fn perform_order_leader(&mut self, leader: usize, events: &mut Vec<GameEvent<G>>) {
        let Ok(cost) = self.order_leader_check(leader) else { return };
        if let Phase::Orders(o) = &mut self.phase {
            o.orders_left = o.orders_left.saturating_sub(cost);
            o.moving_leaders.push((leader, 18));
        }
        events.push(Self::event(
            RuleRef::OverallCommander,
            StandardEvent::LeaderOrdered { leader, orders: cost },
        ));
    }

    /// SPQR 8.2: `unit` fires at `target` without moving.
    pub(super) fn perform_fire(
        &mut self,
        unit: usize,
        target: usize,
        harass: bool,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let inputs = if harass {
            self.harass_inputs(unit, target)?
        } else {
            self.fire_inputs(unit, target)?
        };
        let (Some(s), Some(d)) = (self.field.units.get(unit).copied(), self.field.def(unit)) else {
            return Ok(());
        };
        let legionary = d.class() == crate::kinds::ShockClass::LG;
        let roll = dice.d10()?;
        let modifiers = self.fire_modifiers_of(unit, target, &inputs);
        let result = crate::missile::fire_with(
            &self.tables.missile,
            &inputs,
            &modifiers,
            s.supply,
            legionary,
            roll.face,
        )
        .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
        if let Some(x) = self.order(unit, OrderKind::Fire) {
            x.fired = true;
        }
        if let Some(m) = self.field.units.get_mut(unit) {
            m.supply = result.supply;
        }
        events.push(
            Self::event(
                RuleRef::MissileFire,
                StandardEvent::Fired { unit, target, hits: result.hits, modifiers },
            )
            .with_roll(roll),
        );
        self.need_tq(target, dice, events)?;
        if self.add_hits(target, result.hits, events) {
            self.rout(target, dice, events)?;
        }
        if result.leader_check {
            let side = self.field.side(target).unwrap_or(gboh_core::Side::Roman);
            let hex = self.field.units.get(target).map(|t| t.hex);
            if let Some(hex) = hex {
                for l in self.field.leaders_in(hex, side) {
                    // The unmodified 0 of the fire is the first roll of 4.53.
                    self.casualty_check(l, Some(0), dice, events)?;
                }
            }
        }
        self.open_return_fire(unit, target);
        Ok(())
    }

    /// SPQR 10.2: the active leader tries to rally `unit`.
    pub(super) fn perform_rally(
        &mut self,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Orders(o) = &self.phase else { return Ok(()) };
        let initiative = self.field.initiative(o.leader);
        self.need_tq(unit, dice, events)?;
        let tq = self.tq(unit);
        let Some(s) = self.field.units.get(unit).copied() else { return Ok(()) };
        let first = dice.d10()?;
        let table = if crate::rally::rally_succeeds(initiative, s.depleted, first.face) {
            Some(dice.d10()?)
        } else {
            None
        };
        let outcome = rally(
            &self.tables,
            initiative,
            tq,
            s.depleted,
            first.face,
            table.map_or(0, |r| r.face),
        );
        self.order(unit, OrderKind::Rally);
        let mut e =
            Self::event(RuleRef::Rally, StandardEvent::Rally { unit, outcome }).with_roll(first);
        if let Some(r) = table {
            e = e.with_roll(r);
        }
        events.push(e);
        let foot_missile =
            self.field.def(unit).is_some_and(|d| d.missile.is_some() && !d.class().is_mounted());
        if let Some(o) = self.orders() {
            let leader = o.leader;
            self.field.rallies.push((unit, leader));
        }
        match outcome {
            RallyOutcome::Rallied { hits } => {
                if let Some(m) = self.field.units.get_mut(unit) {
                    m.status = UnitStatus::InPlay;
                    m.hits = hits.min(tq.saturating_sub(1));
                    m.depleted = true;
                    if foot_missile {
                        m.supply = crate::missile::Supply::No;
                    }
                }
            }
            RallyOutcome::Fails => self.rout_move(unit, 2, dice, events)?,
            RallyOutcome::Eliminated => self.eliminate(unit, RuleRef::Rally, events),
        }
        Ok(())
    }

    /// SPQR 10.3: `unit` removes hits.
    /// SPQR 6.66: the bottom unit goes on top (validated), for one order.
    pub(super) fn perform_swap(&mut self, unit: usize, events: &mut Vec<GameEvent<G>>) {
        if self.swap_check(unit).is_err() {
            return;
        }
        let other = self.field.stacked_with(unit);
        self.order(unit, OrderKind::Swap);
        if let Some(m) = self.field.units.get_mut(unit) {
            m.bottom = false;
        }
        if let Some(o) = other.and_then(|o| self.field.units.get_mut(o)) {
            o.bottom = true;
        }
        events.push(Self::event(RuleRef::Stacking, StandardEvent::StackSwapped { unit }));
    }

    pub(super) fn perform_recover(&mut self, unit: usize, events: &mut Vec<GameEvent<G>>) {
        let Ok(n) = self.recovery(unit) else { return };
        self.order(unit, OrderKind::Recover);
        let mut removed = 0;
        if let Some(m) = self.field.units.get_mut(unit) {
            removed = n.min(m.hits);
            m.hits -= removed;
        }
        events
            .push(Self::event(RuleRef::Recovery, StandardEvent::Recovered { unit, hits: removed }));
    }

    /// SPQR 6.67: a unit that stopped on `friend` facing otherwise turns to
    /// its facing (the turn paid in the step's cost, `stack_check`).
    pub(super) fn conform(
        &mut self,
        unit: usize,
        friend: Option<usize>,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let Some(facing) = friend.and_then(|f| self.field.units.get(f)).map(|f| f.facing) else {
            return;
        };
        if self.in_double_depth(unit) {
            return;
        }
        if let Some(m) = self.field.units.get_mut(unit)
            && m.facing != facing
        {
            m.facing = facing;
            events.push(Self::event(
                RuleRef::Stacking,
                StandardEvent::Faced { unit, facing, hits: 0 },
            ));
        }
    }

    /// The end of the movement segment: the active player designates the
    /// shocks that are his choice (SPQR 8.31), if any; then the Shock segment
    /// and Momentum.
    pub(super) fn end_orders(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Orders(mut o) = self.phase.clone() else { return Ok(()) };
        // SPQR 8.64: the Regroup and Return ends with the movement.
        self.field.regrouping = false;
        o.joined.clear();
        o.shocked.clear();
        let optional = !self.optional_attackers(&o).is_empty();
        self.phase = Phase::ShockDesignation { orders: o.clone(), designated: Vec::new() };
        // SPQR 8.42: the active player also designates the combats when two
        // attackers could combine.
        if optional || !self.combinations().is_empty() {
            return Ok(());
        }
        self.phase = Phase::Orders(o);
        if self.shock_segment(&[], dice, events)? {
            return Ok(());
        }
        self.after_phase(dice, events)
    }

    /// SPQR 8.42: attacker `unit` joins `with`'s combat.
    pub(super) fn perform_combine(&mut self, unit: usize, with: usize) {
        if let Phase::ShockDesignation { orders, .. } = &mut self.phase {
            orders.joined.push((unit, with));
        }
    }

    /// SPQR 8.31: designates one more optional attacker.
    pub(super) fn perform_designate(&mut self, unit: usize) {
        if let Phase::ShockDesignation { designated, .. } = &mut self.phase {
            designated.push(unit);
        }
    }

    /// Resolves the Shock segment with the designated attackers.
    pub(super) fn perform_resolve_shocks(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::ShockDesignation { orders, designated } = self.phase.clone() else {
            return Ok(());
        };
        self.phase = Phase::Orders(orders);
        if self.shock_segment(&designated, dice, events)? {
            return Ok(());
        }
        self.after_phase(dice, events)
    }

    /// Dictator 9.106: the attacker's allocation, then the rest of the shock
    /// and of the Shock segment.
    pub(super) fn perform_allocate(
        &mut self,
        first: u8,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Allocation { orders, aftermath, queue, mut shares } = self.phase.clone() else {
            return Ok(());
        };
        shares.push(first);
        let left = super::validate::allocation_left(&aftermath, &shares);
        // One decision per defender but the last, who takes what is left.
        if shares.len() + 1 < aftermath.remaining.len() {
            self.phase = Phase::Allocation { orders, aftermath, queue, shares };
            return Ok(());
        }
        shares.push(left);
        self.phase = Phase::Orders(orders);
        self.finish_shock(&aftermath, &shares, dice, events)?;
        if self.run_shocks(queue, dice, events)? {
            return Ok(());
        }
        self.after_phase(dice, events)
    }
}
