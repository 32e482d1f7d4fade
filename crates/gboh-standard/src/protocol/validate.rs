//! Which actions are legal now, why not, and what they would do: `check`.

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::{Distribution, Drm, Modifiers};

use super::{Action, Battle, OrderKind, Ordered, OrdersPhase, Phase, Preview, StandardError};
use crate::command::{momentum_distribution, trump_distribution};
use crate::game::StandardGame;
use crate::kinds::{MoveTerrain, MoverClass, ShockClass};
use crate::missile::{FireInputs, Supply, fire_distribution, fire_modifiers};
use crate::movement::{
    StepCost, StepTerrain, ZocHolder, facing_cost, may_leave_zoc, second_move_hits, step_cost,
};
use crate::rally::{rally_distribution, recovery_hits};
use crate::rule::RuleRef;
use crate::shock::{ShockDuty, shock_duty};
use crate::state::{Field, LeaderStatus, UnitStatus};

fn odds<T: PartialEq + core::fmt::Debug>(d: &Distribution<T>, modifiers: Modifiers) -> Preview {
    Preview::Odds {
        outcomes: d.outcomes().iter().map(|(o, _)| (format!("{o:?}"), d.chance(o))).collect(),
        modifiers,
    }
}

impl<G: StandardGame> Battle<G> {
    pub(super) fn orders(&self) -> Option<&OrdersPhase> {
        match &self.phase {
            Phase::Orders(o) => Some(o),
            _ => None,
        }
    }

    pub(super) fn ordered(&self, unit: usize) -> Option<&Ordered> {
        self.orders().and_then(|o| o.ordered.iter().find(|x| x.unit == unit))
    }

    /// SPQR 5.26: a leader in an enemy ZOC gives no orders.
    pub(super) fn leader_in_enemy_zoc(&self, leader: usize) -> bool {
        let (Some(s), Some(d)) = (self.field.leaders.get(leader), self.field.leader_def(leader))
        else {
            return false;
        };
        self.field.in_enemy_zoc(s.hex, d.side)
    }

    /// SPQR 5.3: Momentum is open to a leader with fewer than three phases this
    /// turn who was not Bypassed and is not in an enemy ZOC.
    pub(super) fn momentum_allowed(&self, leader: usize) -> bool {
        self.field
            .leaders
            .get(leader)
            .is_some_and(|s| s.status == LeaderStatus::Ready && s.phases < 3 && !s.bypassed)
            && !self.leader_in_enemy_zoc(leader)
    }

    /// The modifiers of `leader`'s Momentum roll (the game's hook).
    pub(super) fn momentum_modifiers(&self, leader: usize) -> Modifiers {
        let mut m = Modifiers::new();
        self.game.momentum_modifiers(&self.field, leader, &mut m);
        m
    }

    /// A unit the active leader may give a new order to (SPQR 4.2): his
    /// side's, within his Command Range, not yet ordered this phase, with an
    /// order left, the leader not in an enemy ZOC (5.26).
    fn may_order(&self, unit: usize) -> Result<(), StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
        let (Some(l), Some(ld)) =
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
        if o.orders_left == 0 {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} has no orders left", ld.name),
            ));
        }
        if self.leader_in_enemy_zoc(o.leader) {
            return Err(Self::illegal(
                RuleRef::LeaderInEnemyZoc,
                format!("{} is in an enemy ZOC", ld.name),
            ));
        }
        if Field::distance(l.hex, s.hex) > u32::from(ld.command_range) {
            return Err(Self::illegal(
                RuleRef::IndividualOrders,
                format!("{} is beyond {}'s Command Range", d.id, ld.name),
            ));
        }
        Ok(())
    }

    /// MP left (halves) for a unit that has or would get a Move order.
    fn movement_left(&self, unit: usize) -> Result<u16, StandardError> {
        let d = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
        if !self.field.units.get(unit).is_some_and(|s| s.in_play()) {
            return Err(Self::illegal(RuleRef::Rout, format!("{d} is not in good order")));
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
        let left = self.movement_left(unit)?;
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
        let Some(terrain) = self.field.move_terrain(to) else {
            return Err(Self::illegal(RuleRef::Movement, "off the map"));
        };
        if let Some(other) = self.field.unit_at(to) {
            let o = self.field.def(other).map_or_else(String::new, |o| o.id.to_string());
            return Err(Self::illegal(
                RuleRef::Movement,
                format!("{} is occupied by {o}", self.field.label(to)),
            ));
        }
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
        let climb = self.field.board().elevation(to).unwrap_or(0) as i8
            - self.field.board().elevation(s.hex).unwrap_or(0) as i8;
        let step = StepTerrain {
            hex: Some(terrain),
            hexside: self.field.hexside_terrain(s.hex, dir),
            climb,
            ..StepTerrain::default()
        };
        let mut cost = step_cost(&self.tables.movement, MoverClass::of(d.class()), false, &step)
            .map_err(|e| Self::illegal(RuleRef::MovementCost, e.to_string()))?;
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

    /// SPQR 6.27: the cost of unit `u` turning to `facing`.
    pub(super) fn face_check(
        &self,
        unit: usize,
        facing: Facing,
    ) -> Result<StepCost, StandardError> {
        let left = self.movement_left(unit)?;
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
        let left = self.movement_left(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::Movement, "no such unit"));
        };
        if self.ordered(unit).is_some_and(|x| x.formed) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{} changed formation this phase", d.id),
            ));
        }
        if self.field.in_enemy_zoc(s.hex, d.side) || d.class() == ShockClass::PH {
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

    /// SPQR 8.2: the facts of unit `u` firing at `target`.
    pub(super) fn fire_inputs(
        &self,
        unit: usize,
        target: usize,
    ) -> Result<FireInputs, StandardError> {
        // SPQR 4.2: a missile unit fires with an order of its own, or once
        // during its move.
        let moving = match self.ordered(unit) {
            Some(x) if x.kind == OrderKind::Move && !x.fired => true,
            Some(_) => {
                return Err(Self::illegal(
                    RuleRef::MissileFire,
                    "it has fired, or was ordered to do something else",
                ));
            }
            None => {
                self.may_order(unit)?;
                false
            }
        };
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such unit"));
        };
        let (Some(ts), Some(td)) = (self.field.units.get(target), self.field.def(target)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such target"));
        };
        let Some(key) = d.missile else {
            return Err(Self::illegal(RuleRef::MissileFire, format!("{} has no missiles", d.id)));
        };
        if !s.in_play() || s.supply == Supply::No {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} may not fire (routed or Missile No)", d.id),
            ));
        }
        if key == crate::kinds::MissileKey::ElephantScreen {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                "an elephant screen fires only in reaction",
            ));
        }
        if td.side == d.side || !ts.on_map() {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} is not an enemy on the map", td.id),
            ));
        }
        let range = Field::distance(s.hex, ts.hex);
        let max = self.tables.missile.max_range(&key).unwrap_or(0);
        if range > u32::from(max) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} is beyond range {max}", td.id),
            ));
        }
        if !self.field.board().terrain_los(s.hex, ts.hex) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("no line of sight to {}", td.id),
            ));
        }
        let through_front = Direction::between(ts.hex, s.hex)
            .is_some_and(|dir| ts.facing.aspect(dir) == gboh_core::facing::Aspect::Front);
        let board = self.field.board();
        Ok(FireInputs {
            key,
            range: u8::try_from(range).unwrap_or(u8::MAX),
            target: td.class(),
            target_in_woods: self.field.move_terrain(ts.hex) == Some(MoveTerrain::Woods),
            through_front,
            firer_moving: moving,
            firer_depleted: s.depleted,
            firing_down: board.elevation(s.hex) > board.elevation(ts.hex),
            firer_elephant: d.class() == ShockClass::EL,
        })
    }

    fn rally_check(&self, unit: usize) -> Result<(), StandardError> {
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
        Ok(n)
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

    fn leader_step_check(&self, leader: usize, dir: Direction) -> Result<StepCost, StandardError> {
        let Some(o) = self.orders() else {
            return Err(Self::illegal(RuleRef::SequenceOfPlay, "not in an Orders Phase"));
        };
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
        let cost = step_cost(&self.tables.movement, MoverClass::Cavalry, true, &step)
            .map_err(|e| Self::illegal(RuleRef::MovementCost, e.to_string()))?;
        if cost.half_mp > budget {
            return Err(Self::illegal(RuleRef::MovementCost, format!("{} lacks the MP", ld.name)));
        }
        Ok(cost)
    }

    /// Validates `action` and previews it.
    pub(super) fn validate(&self, action: &Action) -> Result<Preview, StandardError> {
        match (*action, &self.phase) {
            (Action::Trump { leader }, Phase::Trump { side, candidate }) => {
                let ok = self.field.leader_def(leader).is_some_and(|d| d.side == *side)
                    && self
                        .field
                        .leaders
                        .get(leader)
                        .is_some_and(|s| s.status == LeaderStatus::Ready)
                    && leader != *candidate
                    && self.field.initiative(leader) > self.field.initiative(*candidate);
                if !ok {
                    return Err(Self::illegal(
                        RuleRef::Trump,
                        "only a ready leader of higher Initiative may trump",
                    ));
                }
                Ok(odds(&trump_distribution(self.field.initiative(leader)), Modifiers::new()))
            }
            (Action::Challenge { leader }, Phase::Challenge { trumper, .. }) => {
                let side = self.leader_side(*trumper).map(Side::opponent);
                let ok = self.leader_side(leader) == side
                    && self
                        .field
                        .leaders
                        .get(leader)
                        .is_some_and(|s| s.status == LeaderStatus::Ready)
                    && self.field.initiative(leader) >= self.field.initiative(*trumper);
                if !ok {
                    return Err(Self::illegal(
                        RuleRef::Trump,
                        "only a ready enemy leader of equal or higher Initiative may trump the trump",
                    ));
                }
                Ok(odds(&trump_distribution(self.field.initiative(leader)), Modifiers::new()))
            }
            (Action::RollOff, Phase::RollOff) => Ok(Preview::Nothing),
            (Action::AuxiliaresPhase { leader }, Phase::Auxiliares { side, done }) => {
                let ok = !done.contains(&leader)
                    && self.game.auxiliares_leaders(&self.field, *side).contains(&leader);
                if ok {
                    Ok(Preview::Nothing)
                } else {
                    Err(Self::illegal(RuleRef::Auxiliares, "a leader the game names, once a turn"))
                }
            }
            (Action::ElitePhase { leader }, Phase::Elite { side }) => {
                if self.elite_candidates(*side).any(|l| l == leader) {
                    Ok(Preview::Nothing)
                } else {
                    Err(Self::illegal(
                        RuleRef::EliteCommander,
                        "the OC or a ready leader in his Command Range (any on turn 1)",
                    ))
                }
            }
            (
                Action::Decline,
                Phase::Trump { .. }
                | Phase::Challenge { .. }
                | Phase::Momentum { .. }
                | Phase::Elite { .. }
                | Phase::Auxiliares { .. },
            ) => Ok(Preview::Nothing),
            (Action::Momentum, Phase::Momentum { leader }) => {
                if !self.momentum_allowed(*leader) {
                    return Err(Self::illegal(
                        RuleRef::Momentum,
                        "no Momentum: three phases, Bypassed, or in an enemy ZOC",
                    ));
                }
                let m = self.momentum_modifiers(*leader);
                Ok(odds(
                    &momentum_distribution(&self.tables, self.field.initiative(*leader), m.total()),
                    m,
                ))
            }
            (Action::Activate { leader }, Phase::DoomActivation { side }) => {
                let ok = self.leader_side(leader) == Some(*side)
                    && self
                        .field
                        .leaders
                        .get(leader)
                        .is_some_and(|s| s.status != LeaderStatus::Dead);
                if !ok {
                    return Err(Self::illegal(
                        RuleRef::DieRollOfDoom,
                        "activate a living leader of the side",
                    ));
                }
                Ok(Preview::Nothing)
            }
            (Action::Step { unit, dir }, Phase::Orders(_)) => {
                self.step_check(unit, dir).map(Preview::Cost)
            }
            (Action::Face { unit, facing }, Phase::Orders(_)) => {
                self.face_check(unit, facing).map(Preview::Cost)
            }
            (Action::LineCommand { anchor }, Phase::Orders(_)) => {
                self.line_check(anchor).map(|(_, p)| p)
            }
            (Action::Column { unit }, Phase::Orders(_)) => {
                self.column_check(unit).map(Preview::Cost)
            }
            (Action::OrderLeader { leader }, Phase::Orders(_)) => {
                self.order_leader_check(leader).map(|_| Preview::Nothing)
            }
            (Action::LeaderStep { leader, dir }, Phase::Orders(_)) => {
                self.leader_step_check(leader, dir).map(Preview::Cost)
            }
            (Action::Fire { unit, target }, Phase::Orders(_)) => {
                let i = self.fire_inputs(unit, target)?;
                let rule = G::section(RuleRef::MissileFire);
                let d = fire_distribution(&self.tables.missile, &i, rule)
                    .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
                Ok(odds(&d, fire_modifiers(rule, &i)))
            }
            (Action::Rally { unit }, Phase::Orders(o)) => {
                self.rally_check(unit)?;
                let init = self.field.initiative(o.leader);
                let depleted = self.field.units.get(unit).is_some_and(|s| s.depleted);
                Ok(odds(
                    &rally_distribution(&self.tables, init, self.tq(unit), depleted),
                    Modifiers::new(),
                ))
            }
            (Action::Recover { unit }, Phase::Orders(_)) => {
                self.recovery(unit).map(|_| Preview::Nothing)
            }
            (Action::EndOrders, Phase::Orders(o)) => {
                let acted = !o.ordered.is_empty() || o.lines > 0 || !o.moving_leaders.is_empty();
                if o.must_act && !acted {
                    let mut candidates = Vec::new();
                    self.candidate_actions(&mut candidates);
                    let could = candidates.iter().any(|a| {
                        matches!(
                            a,
                            Action::Step { .. }
                                | Action::Face { .. }
                                | Action::Fire { .. }
                                | Action::Rally { .. }
                                | Action::Recover { .. }
                                | Action::Column { .. }
                                | Action::LineCommand { .. }
                                | Action::OrderLeader { .. }
                        ) && self.validate(a).is_ok()
                    });
                    if could {
                        return Err(Self::illegal(
                            RuleRef::Trump,
                            "a leader activated by a successful Trump must give an order",
                        ));
                    }
                }
                Ok(Preview::Nothing)
            }
            (Action::DesignateShock { unit }, Phase::ShockDesignation { orders, designated }) => {
                if designated.contains(&unit) || !self.optional_attackers(orders).contains(&unit) {
                    return Err(Self::illegal(
                        RuleRef::ShockDesignation,
                        "only a unit that may shock, once",
                    ));
                }
                Ok(Preview::Nothing)
            }
            (Action::ResolveShocks, Phase::ShockDesignation { .. }) => Ok(Preview::Nothing),
            (Action::ReactFace { unit, facing }, Phase::Reaction { mover, queue, .. }) => {
                self.react_face_check(*mover, queue, unit, facing)
            }
            (Action::Withdraw { unit, hexes }, Phase::Reaction { mover, queue, .. }) => {
                self.withdraw_check(*mover, queue, unit, hexes).map(|_| Preview::Nothing)
            }
            (Action::LeaderWithdraw { leader, hexes }, Phase::Reaction { mover, queue, .. }) => {
                self.leader_withdraw_check(*mover, queue, leader, hexes).map(|_| Preview::Nothing)
            }
            (Action::NoReaction { unit }, Phase::Reaction { queue, .. }) => {
                if queue.first().is_some_and(|c| c.unit == unit) {
                    Ok(Preview::Nothing)
                } else {
                    Err(Self::illegal(RuleRef::ReactionFacing, "not this unit's reaction"))
                }
            }
            (_, Phase::Over(_)) => Err(Self::illegal(RuleRef::Withdrawal, "the battle is over")),
            (a, _) => Err(Self::illegal(
                RuleRef::SequenceOfPlay,
                format!("{a:?} is not a decision of this point"),
            )),
        }
    }

    /// Every action that might be legal now, before validation.
    pub(super) fn candidate_actions(&self, out: &mut Vec<Action>) {
        let leaders = 0..self.field.leaders.len();
        match &self.phase {
            Phase::RollOff => out.push(Action::RollOff),
            Phase::Reaction { queue, .. } => {
                if let Some(c) = queue.first() {
                    let unit = c.unit;
                    if c.leader {
                        out.extend(
                            (1..=3).map(|hexes| Action::LeaderWithdraw { leader: unit, hexes }),
                        );
                    } else {
                        out.extend(Facing::ALL.map(|facing| Action::ReactFace { unit, facing }));
                        out.extend((1..=c.withdraw).map(|hexes| Action::Withdraw { unit, hexes }));
                    }
                    out.push(Action::NoReaction { unit });
                }
            }
            Phase::ShockDesignation { .. } => {
                out.extend((0..self.field.units.len()).map(|unit| Action::DesignateShock { unit }));
                out.push(Action::ResolveShocks);
            }
            Phase::Auxiliares { .. } => {
                out.extend(leaders.clone().map(|leader| Action::AuxiliaresPhase { leader }));
                out.push(Action::Decline);
            }
            Phase::Elite { .. } => {
                out.extend(leaders.clone().map(|leader| Action::ElitePhase { leader }));
                out.push(Action::Decline);
            }
            Phase::Trump { .. } => {
                out.extend(leaders.map(|leader| Action::Trump { leader }));
                out.push(Action::Decline);
            }
            Phase::Challenge { .. } => {
                out.extend(leaders.map(|leader| Action::Challenge { leader }));
                out.push(Action::Decline);
            }
            Phase::Momentum { .. } => out.extend([Action::Momentum, Action::Decline]),
            Phase::DoomActivation { .. } => {
                out.extend(leaders.map(|leader| Action::Activate { leader }))
            }
            Phase::Orders(o) => {
                let side = self.leader_side(o.leader);
                for unit in 0..self.field.units.len() {
                    if self.field.side(unit) != side {
                        continue;
                    }
                    if let Some(s) = self.field.units.get(unit) {
                        out.extend(s.facing.front().map(|dir| Action::Step { unit, dir }));
                    }
                    out.extend(Facing::ALL.map(|facing| Action::Face { unit, facing }));
                    out.push(Action::Column { unit });
                    for target in 0..self.field.units.len() {
                        if self.field.side(target) != side {
                            out.push(Action::Fire { unit, target });
                        }
                    }
                    out.push(Action::Rally { unit });
                    out.push(Action::Recover { unit });
                    out.push(Action::LineCommand { anchor: unit });
                }
                for leader in 0..self.field.leaders.len() {
                    if self.leader_side(leader) == side {
                        out.push(Action::OrderLeader { leader });
                        out.extend(Direction::ALL.map(|dir| Action::LeaderStep { leader, dir }));
                    }
                }
                out.push(Action::EndOrders);
            }
            Phase::Over(_) => {}
        }
    }

    /// A momentum roll's modifiers total.
    pub(super) fn momentum_drm(&self, leader: usize) -> Drm {
        self.momentum_modifiers(leader).total()
    }
}
