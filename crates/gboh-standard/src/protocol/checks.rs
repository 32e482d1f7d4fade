//! What an order needs to be legal, unit by unit: command, movement,
//! facing, formation, fire, rally, recovery, leaders' moves. Each check
//! returns what the order would cost or do, or the rule that forbids it.

use gboh_core::facing::{Direction, Facing};

use super::{Battle, OrderKind, StandardError};
use crate::game::StandardGame;
use crate::kinds::{MoveTerrain, MoverClass, ShockClass};
use crate::movement::{
    StepCost, StepTerrain, ZocHolder, facing_cost, friend_entry_hits, may_leave_zoc,
    pass_through_hits, second_move_hits, stacking, step_cost,
};
use crate::rally::recovery_hits;
use crate::rule::RuleRef;
use crate::shock::{ShockDuty, shock_duty};
use crate::state::{Field, LeaderStatus, UnitStatus};

impl<G: StandardGame> Battle<G> {
    /// A unit the active leader may give a new order to (SPQR 4.2): his
    /// side's, within his Command Range, not yet ordered this phase, with an
    /// order left, the leader not in an enemy ZOC (5.26).
    pub(super) fn may_order(&self, unit: usize) -> Result<(), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let (Some(_), Some(ld)) =
            (self.field.leaders.get(o.leader), self.field.leader_def(o.leader))
        else {
            return Err(Self::illegal(RuleRef::IndividualOrders, "no such leader"));
        };
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::IndividualOrders, format!("no unit {unit}")));
        };
        if d.side != ld.side {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} is not {}'s", d.id, ld.name),
            ));
        }
        if self.ordered(unit).is_some() {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} already has an order", d.id),
            ));
        }
        if s.spent {
            return Err(Self::illegal(
                RuleRef::ShockResult,
                format!("{} is Finished for the turn after a pursuit roll", d.id),
            ));
        }
        if o.auxiliares.is_some() {
            let ordered: Vec<usize> = o.ordered.iter().map(|x| x.unit).collect();
            if !self.game.auxiliares_unit(&self.field, o.leader, unit, &ordered) {
                return Err(Self::illegal(
                    RuleRef::Auxiliares,
                    format!("{} is not an auxiliary {} may order", d.id, ld.name),
                ));
            }
        }
        if !self.game.may_command(&self.field, o.leader, unit) {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} may not order {}", ld.name, d.id),
            ));
        }
        self.roman_order_check(o, unit)?;
        self.double_depth_order_check(unit)?;
        if o.orders_left == 0 {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} has no orders left", ld.name),
            ));
        }
        // Caesar 5.6 (Reconstructed): auxiliaries the game activates
        // without a leader need neither his range nor his freedom.
        if o.auxiliares.is_some() && self.game.auxiliares_leaderless(&self.field, o.leader) {
            return Ok(());
        }
        if self.leader_in_enemy_zoc(o.leader) {
            return Err(Self::illegal(
                RuleRef::LeaderInEnemyZoc,
                format!("{} is in an enemy ZOC", ld.name),
            ));
        }
        if !self.in_command_range(o.leader, unit) {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!(
                    "{} is beyond {}'s Command Range (counted along a path free of enemy units, enemy ZOC and impassable terrain)",
                    d.id, ld.name
                ),
            ));
        }
        Ok(())
    }

    /// SPQR 4.51, 4.52, 4.54: whether the active leader, a Tribune or
    /// Praefect, may give `unit` an Individual Order: a unit of the kind he
    /// commands, and of the one Class of one legion or ala (a Praefect
    /// Equitum: legion or ala cavalry) he has ordered this phase. Leaders
    /// with no office pass.
    fn roman_order_check(&self, o: &super::OrdersPhase, unit: usize) -> Result<(), StandardError> {
        let (Some(ld), Some(d)) = (self.field.leader_def(o.leader), self.field.def(unit)) else {
            return Ok(());
        };
        // SPQR 4.56: a Proconsul orders any combat units, as a leader with
        // no office.
        let Some(office) = ld.office.filter(|o| o.placed_back()) else { return Ok(()) };
        if !crate::roman::may_order_in(&self.field, office, d) {
            // SPQR 4.52: as the scenario states (`RomanOrders`).
            let stated = self.field.scenario.roman_orders;
            let whom = match office {
                crate::state::Office::Tribune if stated.tribunes_order_ala => {
                    "legion and ala infantry and velites"
                }
                crate::state::Office::PraefectSociorum if stated.praefects_order_legions => {
                    "ala and legion infantry and velites"
                }
                crate::state::Office::Tribune => "legion infantry and velites",
                crate::state::Office::PraefectSociorum => "ala infantry and velites",
                crate::state::Office::PraefectEquitum => "cavalry",
                crate::state::Office::Proconsul => "any combat unit",
            };
            return Err(Self::illegal(
                RuleRef::RomanCommand,
                format!("{} is {}: he orders only {whom}, not {}", ld.name, office.title(), d.id),
            ));
        }
        // The units of a Line are not Individual Orders (4.53).
        if o.lines > 0 {
            return Ok(());
        }
        let group = crate::roman::order_group(office, d);
        if let Some(other) = o
            .ordered
            .iter()
            .filter_map(|x| self.field.def(x.unit))
            .find(|od| crate::roman::order_group(office, od) != group)
        {
            return Err(Self::illegal(
                RuleRef::RomanCommand,
                format!(
                    "{} ordered {} ({}) this phase: one Class of one legion or ala a phase, so not {} ({group})",
                    ld.name,
                    crate::roman::order_group(office, other),
                    other.id,
                    d.id
                ),
            ));
        }
        Ok(())
    }

    /// SPQR 4.2: whether `unit` is within leader `leader`'s Command Range,
    /// counted along a path ([`Field::command_path`]).
    pub(super) fn in_command_range(&self, leader: usize, unit: usize) -> bool {
        let range = self.field.leader_def(leader).map_or(0, |d| d.command_range);
        // To either half of a double-size phalanx (Dictator 9.101).
        self.field.leader_def(leader).is_some() && self.unit_in_range(leader, unit, range)
    }

    /// MP left (halves) for a unit that has or would get a Move order.
    pub(super) fn movement_left(&self, unit: usize) -> Result<u16, StandardError> {
        self.movement_left_as(unit, false)
    }

    /// [`Self::movement_left`]; `stack`: for a move of the OC's stack (SPQR
    /// 6.64), which only its units may make, and they only so.
    pub(super) fn movement_left_as(&self, unit: usize, stack: bool) -> Result<u16, StandardError> {
        let d = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
        if !self.field.units.get(unit).is_some_and(|s| s.in_play()) {
            return Err(Self::illegal(RuleRef::Rout, format!("{d} is not in good order")));
        }
        let in_stack = self.orders().is_some_and(|o| o.stack.contains(&unit));
        if in_stack != stack {
            return Err(Self::illegal(
                RuleRef::StackMove,
                if stack {
                    format!("{d} was not ordered to move with the OC's stack")
                } else {
                    format!("{d} moves with the OC's stack: only by StackStep and StackFace")
                },
            ));
        }
        match self.ordered(unit) {
            Some(x) if x.kind != OrderKind::Move => Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{d} was ordered to do something else"),
            )),
            Some(x) if x.stopped => Err(Self::illegal(
                RuleRef::ZoneOfControl,
                format!("{d} entered an enemy ZOC and stopped"),
            )),
            Some(x) => Ok(x.half_mp_left),
            None => {
                self.may_order(unit)?;
                Ok(u16::from(self.ma(unit)) * 2)
            }
        }
    }

    /// SPQR 6.1, 6.27, 7.2: the cost of unit `u` entering the hex in `dir`.
    pub(super) fn step_check(
        &self,
        unit: usize,
        dir: Direction,
    ) -> Result<StepCost, StandardError> {
        self.step_check_as(unit, dir, false)
    }

    /// [`Self::step_check`]; `stack`: the unit moves with the OC's stack
    /// (SPQR 6.64): the bottom unit moves too, and a stack of two enters only
    /// a hex no unit holds.
    pub(super) fn step_check_as(
        &self,
        unit: usize,
        dir: Direction,
        stack: bool,
    ) -> Result<StepCost, StandardError> {
        if self.field.is_double(unit) {
            return self.double_step_check(unit, dir);
        }
        let left = self.movement_left_as(unit, stack)?;
        if !stack {
            self.top_of_stack(unit)?;
        }
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Movement, "no such unit"));
        };
        if !s.facing.front().contains(&dir) {
            return Err(Self::illegal(
                RuleRef::Movement,
                format!("{} may enter only its front hexes", d.id),
            ));
        }
        let to = dir.neighbor(s.hex);
        if self.field.move_terrain(to).is_none() {
            return Err(Self::illegal(RuleRef::Movement, "off the map"));
        }
        let (stack_hits, stack_half_mp) = if stack && self.field.stacked_with(unit).is_some() {
            if let Some(&other) = self.field.units_at(to).first() {
                return Err(Self::illegal(
                    RuleRef::StackMove,
                    format!(
                        "{} is occupied by {}: a stack of two enters only a hex no unit holds",
                        self.field.label(to),
                        self.field.def(other).map_or_else(String::new, |d| d.id.to_string())
                    ),
                ));
            }
            (0, 0)
        } else {
            self.stack_check(unit, to)?
        };
        if self.field.in_enemy_zoc(s.hex, d.side) {
            let holders: Vec<ZocHolder> = self
                .field
                .zoc_holders(s.hex, d.side)
                .into_iter()
                .filter_map(|e| {
                    let ed = self.field.def(e)?;
                    let column = self.field.units.get(e).is_some_and(|s| s.column);
                    let duty = shock_duty(ed.class(), false, ed.is_archer(), false, column);
                    Some(ZocHolder {
                        ma: self.ma(e),
                        phalanx: ed.class() == ShockClass::PH,
                        can_shock: duty != ShockDuty::Cannot,
                    })
                })
                .collect();
            let ma = self.ma(unit);
            if !may_leave_zoc(ma, &holders, true) || self.field.in_enemy_zoc(to, d.side) {
                return Err(Self::illegal(
                    RuleRef::ZoneOfControl,
                    format!("{} may not leave the enemy ZOC it is in", d.id),
                ));
            }
        }
        let mut cost = self.hex_cost(unit, s.hex, dir)?;
        cost.hits = cost.hits.saturating_add(stack_hits);
        cost.half_mp = cost.half_mp.saturating_add(stack_half_mp);
        // SPQR 9.51: +1 MP to stack into double depth.
        if !stack && matches!(self.double_depth_entry(unit, to), Some(Ok(_))) {
            cost.half_mp = cost.half_mp.saturating_add(self.double_depth_half_mp());
        }
        if self.ordered(unit).is_none_or(|x| !x.moved) && s.moves_this_turn > 0 {
            cost.hits = cost
                .hits
                .saturating_add(second_move_hits(self.tables.movement.facing(), d.class()));
        }
        if cost.half_mp > left {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!(
                    "{} has {} MP left, {} needs {}",
                    d.id,
                    f32::from(left) / 2.0,
                    self.field.label(to),
                    f32::from(cost.half_mp) / 2.0
                ),
            ));
        }
        Ok(cost)
    }

    /// SPQR 6.66, 6.68: only the top unit of a stack may move (to unstack)
    /// or fire.
    pub(super) fn top_of_stack(&self, unit: usize) -> Result<(), StandardError> {
        if self.field.is_bottom(unit) {
            let id = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!("{id} is the bottom unit of a stack: only the top unit moves or fires"),
            ));
        }
        Ok(())
    }

    /// SPQR 6.6: whether `unit` may end a step in `to`: an empty hex, or one
    /// friend it may stack with (Roman LG/HI on Roman LG/HI, two units at
    /// most). Returns the hits and the MP (halves) for entering the friend's
    /// hex: the stacking chart's hits, and, facing otherwise, the turn to
    /// the friend's facing (6.67: "a moving unit must be able to conform to
    /// the facing of the stationary unit paying the MP and any cohesion
    /// costs"; at the costs of the friend's hex, and, a turn, not in an
    /// enemy ZOC: Reconstructed, as the engine's turns).
    fn stack_check(&self, unit: usize, to: hexx::Hex) -> Result<(u8, u16), StandardError> {
        let occupants = self.field.units_at(to);
        let Some(&other) = occupants.first() else { return Ok((0, 0)) };
        let name = |u: usize| self.field.def(u).map_or_else(String::new, |d| d.id.to_string());
        let occupied = || {
            Self::illegal(
                RuleRef::Movement,
                format!("{} is occupied by {}", self.field.label(to), name(other)),
            )
        };
        if self.field.side(other) != self.field.side(unit) {
            return Err(occupied());
        }
        // SPQR 9.51, 9.52: a phalanx onto a phalanx forms double depth, or
        // may not; nothing else enters a double-depth stack.
        match self.double_depth_entry(unit, to) {
            Some(Ok(_)) => return Ok((0, 0)),
            Some(Err(e)) => return Err(e),
            None => {}
        }
        if self.in_double_depth(other) {
            return Err(Self::illegal(
                RuleRef::DoubleDepth,
                format!("{} is a double-depth stack: no unit enters it", self.field.label(to)),
            ));
        }
        let (Some(mover), Some(friend)) =
            (self.field.stack_member(unit), self.field.stack_member(other))
        else {
            return Err(occupied());
        };
        if stacking(mover, friend).is_none() {
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!(
                    "{} may not stop on {}: only Roman LG/HI stack; it may pass through",
                    name(unit),
                    name(other)
                ),
            ));
        }
        if occupants.len() > 1 {
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!("{} already holds two units", self.field.label(to)),
            ));
        }
        let hits = friend_entry_hits(mover, friend);
        let (Some(s), Some(f), Some(d)) =
            (self.field.units.get(unit), self.field.units.get(other), self.field.def(unit))
        else {
            return Err(occupied());
        };
        if s.facing == f.facing {
            return Ok((hits, 0));
        }
        // SPQR 6.67: the conforming turn.
        if self.field.in_enemy_zoc(to, d.side) {
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!(
                    "{} faces otherwise than {} and may not turn to conform in an enemy ZOC (6.67)",
                    name(unit),
                    name(other)
                ),
            ));
        }
        let rough = matches!(
            self.field.move_terrain(to),
            Some(MoveTerrain::Woods | MoveTerrain::Broken | MoveTerrain::Marsh)
        );
        let turn = facing_cost(
            self.tables.movement.facing(),
            d.class(),
            d.legion,
            s.facing.vertices_to(f.facing),
            rough,
        );
        Ok((hits.saturating_add(turn.hits), turn.half_mp))
    }

    /// SPQR 6.27: the MP and hits for `unit` to enter the hex in `dir` from
    /// `from` (terrain, hexside, climb).
    pub(super) fn hex_cost(
        &self,
        unit: usize,
        from: hexx::Hex,
        dir: Direction,
    ) -> Result<StepCost, StandardError> {
        self.hex_cost_with(unit, from, dir, false)
    }

    /// [`Self::hex_cost`] for a phalanx in column when `phalanx_in_column`
    /// (SPQR 6.27: no hit for its first level up).
    pub(super) fn hex_cost_with(
        &self,
        unit: usize,
        from: hexx::Hex,
        dir: Direction,
        phalanx_in_column: bool,
    ) -> Result<StepCost, StandardError> {
        let d =
            self.field.def(unit).ok_or_else(|| Self::illegal(RuleRef::Movement, "no such unit"))?;
        if let Some(cost) = self.game.step_cost(&self.field, unit, from, dir) {
            return cost.map_err(|e| Self::illegal(RuleRef::MovementCost, e));
        }
        let to = dir.neighbor(from);
        let terrain = self
            .field
            .move_terrain(to)
            .ok_or_else(|| Self::illegal(RuleRef::Movement, "off the map"))?;
        let climb = self.field.board().elevation(to).unwrap_or(0) as i8
            - self.field.board().elevation(from).unwrap_or(0) as i8;
        let step = StepTerrain {
            hex: Some(terrain),
            hexside: self.field.hexside_terrain(from, dir),
            climb,
            phalanx_in_column,
            ..StepTerrain::default()
        };
        step_cost(&self.tables.movement, MoverClass::of(d.class()), false, &step)
            .map_err(|e| Self::illegal(RuleRef::MovementCost, e.to_string()))
    }

    /// SPQR 6.6: `unit` passes through the friendly unit in the hex in `dir`
    /// into the hex beyond (it may not stop on a friend): both hexes' costs,
    /// plus 1 hit per unit passed (none for skirmishers, nor for legionaries or
    /// heavy infantry passing their own legion's infantry unstacked; SPQR
    /// 6.63, 6.69), which each unit passed takes too.
    pub(super) fn pass_check(
        &self,
        unit: usize,
        dir: Direction,
    ) -> Result<StepCost, StandardError> {
        let left = self.movement_left(unit)?;
        self.top_of_stack(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Stacking, "no such unit"));
        };
        if d.double {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!(
                    "{}: a double-size phalanx does not pass through friends (not modelled)",
                    d.id
                ),
            ));
        }
        if !s.facing.front().contains(&dir) {
            return Err(Self::illegal(
                RuleRef::Movement,
                format!("{} may enter only its front hexes", d.id),
            ));
        }
        let mid = dir.neighbor(s.hex);
        let beyond = dir.neighbor(mid);
        if self.field.unit_at(mid).filter(|&f| self.field.side(f) == Some(d.side)).is_none() {
            return Err(Self::illegal(RuleRef::Stacking, "no friendly unit to pass through there"));
        }
        if !self.field.units_at(beyond).is_empty() {
            return Err(Self::illegal(
                RuleRef::Stacking,
                "a unit passing through may not stop on a friend",
            ));
        }
        if self.field.units_at(mid).iter().any(|&f| self.in_double_depth(f)) {
            return Err(Self::illegal(
                RuleRef::DoubleDepth,
                "no unit moves through a double-depth stack: it is impassable terrain",
            ));
        }
        if self.field.in_enemy_zoc(s.hex, d.side) || self.field.in_enemy_zoc(mid, d.side) {
            return Err(Self::illegal(
                RuleRef::ZoneOfControl,
                "not out of an enemy ZOC, nor through one",
            ));
        }
        let first = self.hex_cost(unit, s.hex, dir)?;
        let second = self.hex_cost(unit, mid, dir)?;
        // 1 hit, as each unit passed takes (SPQR 6.63, the 6.69 chart:
        // `pass_through_hits`); through a stack of two, 1 for the mover too
        // (6.63's example #1: the hastati "would incur one hit when moving
        // through a stack"), while each unit of the stack takes its own.
        let pass_hits: u8 = self.pass_through(unit, mid).iter().map(|&(_, h)| h).max().unwrap_or(0);
        let mut cost = first + second;
        cost.hits = cost.hits.saturating_add(pass_hits);
        if self.ordered(unit).is_none_or(|x| !x.moved) && s.moves_this_turn > 0 {
            cost.hits = cost
                .hits
                .saturating_add(second_move_hits(self.tables.movement.facing(), d.class()));
        }
        if cost.half_mp > left {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} lacks the MP to pass through", d.id),
            ));
        }
        Ok(cost)
    }

    /// SPQR 6.63, 6.69 (voluntary movement): the units `unit` would pass
    /// through in `mid`, each with the hits it and the passing unit take.
    pub(super) fn pass_through(&self, unit: usize, mid: hexx::Hex) -> Vec<(usize, u8)> {
        let stationary = self.field.units_at(mid);
        let stacked = stationary.len() > 1;
        stationary
            .iter()
            .filter_map(|&f| {
                let (m, s) = (self.field.stack_member(unit)?, self.field.stack_member(f)?);
                Some((f, pass_through_hits(m, s, stacked)))
            })
            .collect()
    }

    /// SPQR 6.27: the cost of unit `u` turning to `facing`.
    pub(super) fn face_check(
        &self,
        unit: usize,
        facing: Facing,
    ) -> Result<StepCost, StandardError> {
        self.face_check_as(unit, facing, false)
    }

    /// [`Self::face_check`]; `stack`: the unit turns with the OC's stack
    /// (SPQR 6.64), both units of it alike.
    pub(super) fn face_check_as(
        &self,
        unit: usize,
        facing: Facing,
        stack: bool,
    ) -> Result<StepCost, StandardError> {
        if self.field.is_double(unit) {
            return self.reverse_face_check(unit, facing);
        }
        let left = self.movement_left_as(unit, stack)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Movement, "no such unit"));
        };
        if facing == s.facing {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} already faces {facing:?}", d.id),
            ));
        }
        if self.ordered(unit).is_some_and(|x| x.faced_here) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} already turned in this hex", d.id),
            ));
        }
        if !stack && self.field.stacked_with(unit).is_some() {
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!("{} is stacked: a stack keeps one facing (Reconstructed)", d.id),
            ));
        }
        if self.field.in_enemy_zoc(s.hex, d.side) {
            return Err(Self::illegal(
                RuleRef::ZoneOfControl,
                format!("{} may not turn in an enemy ZOC", d.id),
            ));
        }
        let rough = matches!(
            self.field.move_terrain(s.hex),
            Some(MoveTerrain::Woods | MoveTerrain::Broken | MoveTerrain::Marsh)
        );
        let cost = facing_cost(
            self.tables.movement.facing(),
            d.class(),
            d.legion,
            s.facing.vertices_to(facing),
            rough,
        );
        if cost.half_mp > left {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} lacks the MP to turn", d.id),
            ));
        }
        Ok(cost)
    }

    /// SPQR 6.27: the cost of entering or leaving column: 1 MP, once a
    /// phase, not in an enemy ZOC; a phalanx's column is not modelled.
    pub(super) fn column_check(&self, unit: usize) -> Result<StepCost, StandardError> {
        if self.in_double_depth(unit) {
            let id = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::DoubleDepth,
                format!("{id}: a double-depth stack does not use column"),
            ));
        }
        let left = self.movement_left(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Movement, "no such unit"));
        };
        if d.double && !s.column {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!("{}: a phalanx enters column naming its front end (PhalanxColumn)", d.id),
            ));
        }
        if self.ordered(unit).is_some_and(|x| x.formed) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} changed formation this phase", d.id),
            ));
        }
        if !s.column {
            self.game
                .may_form_column(&self.field, unit)
                .map_err(|e| Self::illegal(RuleRef::MovementCost, e))?;
        }
        let in_zoc =
            self.field.halves(unit).into_iter().any(|h| self.field.in_enemy_zoc(h, d.side));
        if in_zoc || (d.class() == ShockClass::PH && !d.double) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} may not change formation here", d.id),
            ));
        }
        let cost = StepCost {
            half_mp: u16::from(self.tables.movement.facing().column_change.value) * 2,
            hits: 0,
        };
        if cost.half_mp > left {
            return Err(Self::illegal(RuleRef::MovementCost, format!("{} lacks the MP", d.id)));
        }
        Ok(cost)
    }

    pub(super) fn rally_check(&self, unit: usize) -> Result<(), StandardError> {
        self.may_order(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Rally, "no such unit"));
        };
        if s.status != UnitStatus::Routed {
            return Err(Self::illegal(RuleRef::Rally, format!("{} is not routed", d.id)));
        }
        let leader = self.orders().map(|o| o.leader);
        if self.field.rallies.iter().any(|&(u, l)| u == unit && Some(l) == leader) {
            return Err(Self::illegal(
                RuleRef::Rally,
                format!("this leader already tried to rally {} this turn", d.id),
            ));
        }
        if self.field.enemy_adjacent(s.hex, d.side)
            || self.field.move_terrain(s.hex) != Some(MoveTerrain::Clear)
        {
            return Err(Self::illegal(
                RuleRef::Rally,
                format!("{} is next to an enemy or not in clear terrain", d.id),
            ));
        }
        Ok(())
    }

    /// SPQR 6.66: the stack order changes only by an Individual Order to
    /// its bottom unit.
    pub(super) fn swap_check(&self, unit: usize) -> Result<(), StandardError> {
        self.may_order(unit)?;
        if !self.field.is_bottom(unit) {
            let id = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!("{id} is not the bottom unit of a stack"),
            ));
        }
        Ok(())
    }

    pub(super) fn recovery(&self, unit: usize) -> Result<u8, StandardError> {
        self.may_order(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Recovery, "no such unit"));
        };
        if !s.in_play() || s.hits == 0 {
            return Err(Self::illegal(
                RuleRef::Recovery,
                format!("{} has no hits to remove", d.id),
            ));
        }
        let in_range = self.enemy_missiles_in_range(unit);
        let n = recovery_hits(
            self.field.move_terrain(s.hex) == Some(MoveTerrain::Clear),
            self.field.enemy_adjacent(s.hex, d.side),
            in_range,
        );
        if n == 0 {
            return Err(Self::illegal(
                RuleRef::Recovery,
                format!("{} is next to an enemy or not in clear terrain", d.id),
            ));
        }
        Ok(self.game.recovery_limit(&self.field, unit).map_or(n, |limit| n.min(limit)))
    }

    /// Whether an enemy missile unit in good order has `unit` within its range.
    pub(super) fn enemy_missiles_in_range(&self, unit: usize) -> bool {
        let (Some(s), Some(side)) = (self.field.units.get(unit), self.field.side(unit)) else {
            return false;
        };
        (0..self.field.units.len()).any(|e| {
            let (Some(es), Some(ed)) = (self.field.units.get(e), self.field.def(e)) else {
                return false;
            };
            ed.side != side
                && es.in_play()
                && ed
                    .missile
                    .and_then(|k| self.tables.missile.max_range(&k))
                    .is_some_and(|r| Field::distance(es.hex, s.hex) <= u32::from(r))
        })
    }

    /// SPQR 4.4: what ordering `leader` to move costs the active leader in
    /// Individual Orders (2 if he is in an enemy ZOC), if the game lets him.
    pub(super) fn order_leader_check(&self, leader: usize) -> Result<u8, StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let (Some(l), Some(ld)) = (self.field.leaders.get(leader), self.field.leader_def(leader))
        else {
            return Err(Self::illegal(RuleRef::OverallCommander, "no such leader"));
        };
        if leader == o.leader
            || self.leader_side(o.leader) != Some(ld.side)
            || l.status == LeaderStatus::Dead
            || o.moving_leaders.iter().any(|(x, _)| *x == leader)
        {
            return Err(Self::illegal(
                RuleRef::OverallCommander,
                "a living leader of the side, once a phase",
            ));
        }
        if !self.game.may_move_leader(&self.field, o.leader, leader) {
            return Err(Self::illegal(
                RuleRef::OverallCommander,
                "only the OC (or as the game says) moves other leaders",
            ));
        }
        if self.leader_in_enemy_zoc(o.leader) || o.lines > 0 || o.auxiliares.is_some() {
            return Err(Self::illegal(
                RuleRef::OverallCommander,
                "the active leader is in an enemy ZOC or gave a Line Command",
            ));
        }
        let cost = if self.field.in_enemy_zoc(l.hex, ld.side) { 2 } else { 1 };
        if o.orders_left < cost {
            return Err(Self::illegal(
                RuleRef::OverallCommander,
                format!("{cost} Individual Orders needed"),
            ));
        }
        Ok(cost)
    }

    pub(super) fn leader_step_check(
        &self,
        leader: usize,
        dir: Direction,
    ) -> Result<StepCost, StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        if leader == o.leader && !o.stack.is_empty() {
            return Err(Self::illegal(
                RuleRef::StackMove,
                "the OC moves with the stack he ordered (StackStep) and ends in its hex",
            ));
        }
        let budget = if leader == o.leader {
            o.leader_half_mp
        } else {
            match o.moving_leaders.iter().find(|(x, _)| *x == leader) {
                Some((_, mp)) => *mp,
                None => {
                    return Err(Self::illegal(
                        RuleRef::Movement,
                        "a leader moves in his own phase or when ordered",
                    ));
                }
            }
        };
        let (Some(l), Some(ld)) = (self.field.leaders.get(leader), self.field.leader_def(leader))
        else {
            return Err(Self::illegal(RuleRef::Movement, "no such leader"));
        };
        let to = dir.neighbor(l.hex);
        let Some(terrain) = self.field.move_terrain(to) else {
            return Err(Self::illegal(RuleRef::Movement, "off the map"));
        };
        if self.field.unit_at(to).is_some_and(|u| self.field.side(u) != Some(ld.side)) {
            return Err(Self::illegal(RuleRef::Movement, "a leader may not enter an enemy's hex"));
        }
        if self.field.in_enemy_zoc(to, ld.side) {
            return Err(Self::illegal(
                RuleRef::LeaderInEnemyZoc,
                "a leader may not enter an enemy ZOC (this engine's simplification)",
            ));
        }
        let step = StepTerrain {
            hex: Some(terrain),
            hexside: self.field.hexside_terrain(l.hex, dir),
            ..StepTerrain::default()
        };
        let cost = match self.game.leader_step_cost(&self.field, leader, l.hex, dir) {
            Some(game) => game.map_err(|e| Self::illegal(RuleRef::MovementCost, e))?,
            None => step_cost(&self.tables.movement, MoverClass::Cavalry, true, &step)
                .map_err(|e| Self::illegal(RuleRef::MovementCost, e.to_string()))?,
        };
        if cost.half_mp > budget {
            return Err(Self::illegal(RuleRef::MovementCost, format!("{} lacks the MP", ld.name)));
        }
        Ok(cost)
    }
}
