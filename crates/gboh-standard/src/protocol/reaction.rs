//! Reactions to an enemy's move (SPQR 6.5, 7.15-7.16): after each step, the
//! units of the other side the mover came next to may turn one vertex to face
//! it, and those it came within 2 hexes of with a lower MA than theirs may
//! withdraw; one decision per unit, in index order. Then the move goes on
//! (the mover stops if a reaction put it in an enemy ZOC).

use gboh_core::dice::Dice;
use gboh_core::facing::{Aspect, Direction, Facing};
use gboh_core::table::{Distribution, Drm, Modifiers};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::{Battle, Phase, Preview, StandardError, StandardEvent};
use crate::check::tq_check_distribution;
use crate::game::{GameEvent, StandardGame};
use crate::kinds::{MoveTerrain, ShockClass};
use crate::movement::{reaction_facing_hits, withdrawal_hits};
use crate::rule::RuleRef;
use crate::state::{Field, LeaderStatus};

/// A unit (or leader) that may react, and how.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ReactionChoice {
    /// The unit, or the leader when `leader`.
    pub unit: usize,
    /// A leader the mover came next to (SPQR 4.72): he may withdraw 1-3 hexes.
    #[serde(default)]
    pub leader: bool,
    /// The mover came next to it: it may turn one vertex.
    pub face: bool,
    /// The most hexes it may withdraw (0: none).
    pub withdraw: u8,
    /// It may fire at the mover (entry reaction fire, SPQR 8.2).
    #[serde(default)]
    pub fire: bool,
    /// The fire is retire reaction fire (SPQR 8.22), at range 2.
    #[serde(default)]
    pub retire: bool,
}

impl<G: StandardGame> Battle<G> {
    /// After `mover`'s step (its enemies' distances before in `before`),
    /// opens the reactions, if any. `stacked_in`: the step took it into a
    /// friend's hex to stack (SPQR 6.66: no entry reaction fire then, unless
    /// it came into a rear hex of the firer).
    pub(super) fn open_reactions(
        &mut self,
        mover: usize,
        before: &[u32],
        leader_before: &[u32],
        stacked_in: bool,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let Phase::Orders(o) = self.phase.clone() else { return };
        let (Some(m), Some(side)) = (self.field.units.get(mover).copied(), self.field.side(mover))
        else {
            return;
        };
        if !m.in_play() {
            return;
        }
        let mover_ma = self.ma(mover);
        let mut queue = Vec::new();
        for (u, s) in self.field.units.iter().enumerate() {
            if self.field.side(u) != Some(side.opponent()) || !s.in_play() {
                continue;
            }
            let (was, now) =
                (before.get(u).copied().unwrap_or(u32::MAX), self.field.units_distance(u, mover));
            // A stack keeps one facing (SPQR 6.6, Reconstructed). A double-size
            // phalanx re-faces only when the mover came into one of its rear
            // hexes, once per Orders Phase (Dictator 9.101, third bullet).
            let face = now == 1
                && was > 1
                && self.field.stacked_with(u).is_none()
                && (!self.field.is_double(u)
                    || (!o.refaced.contains(&u)
                        && self
                            .field
                            .halves(mover)
                            .into_iter()
                            .any(|h| self.field.aspect_from(u, h) == Some(Aspect::Rear))));
            let own_ma = self.ma(u);
            let withdraw = if now <= 2 && was > 2 && own_ma > mover_ma {
                self.withdraw_room(u, m.hex, own_ma - mover_ma)
            } else {
                0
            };
            // SPQR 8.2 entry reaction fire: a supplied missile unit the mover
            // came next to may fire at it; at a unit that moved in to stack
            // only through a rear hex of the firer (6.66).
            let fire = face
                && (!stacked_in || self.field.aspect_from(u, m.hex) == Some(Aspect::Rear))
                && s.supply != crate::missile::Supply::No
                && self.field.def(u).is_some_and(|d| {
                    d.missile.is_some_and(|k| k != crate::kinds::MissileKey::Scorpio)
                });
            if face || withdraw > 0 {
                queue.push(ReactionChoice {
                    unit: u,
                    leader: false,
                    face,
                    withdraw,
                    fire,
                    retire: false,
                });
            }
        }
        // SPQR 4.72: leaders the mover came next to may withdraw 1-3 hexes; one
        // alone who cannot is eliminated.
        let mut captured = Vec::new();
        for (l, s) in self.field.leaders.iter().enumerate() {
            if self.leader_side(l) != Some(side.opponent()) || s.status == LeaderStatus::Dead {
                continue;
            }
            let was = leader_before.get(l).copied().unwrap_or(u32::MAX);
            if Field::distance(s.hex, m.hex) != 1 || was <= 1 {
                continue;
            }
            let room = self.leader_room(l, m.hex);
            if room > 0 {
                queue.push(ReactionChoice {
                    unit: l,
                    leader: true,
                    face: false,
                    withdraw: room,
                    fire: false,
                    retire: false,
                });
            } else if self
                .field
                .unit_at(s.hex)
                .is_none_or(|u| self.field.side(u) != Some(side.opponent()))
            {
                captured.push(l);
            }
        }
        for l in captured {
            self.kill_leader(l, RuleRef::LeaderWithdrawal, events);
        }
        if !queue.is_empty() {
            self.phase = Phase::Reaction { orders: o, mover, queue, then: None };
        }
    }

    /// The next hex straight away from `from` for unit `u`: the rear hex
    /// farthest from it.
    fn away(&self, u: usize, at: Hex, from: Hex) -> Option<Hex> {
        let s = self.field.units.get(u)?;
        s.facing.rear().iter().map(|d| d.neighbor(at)).max_by_key(|h| Field::distance(*h, from))
    }

    /// The next hex for leader `l` withdrawing from `from`: the neighbour
    /// farthest from it, on the map, passable, free of enemy units and ZOC,
    /// over a hexside the game lets him cross
    /// ([`StandardGame::leader_may_withdraw_across`]; Gergovia 6.72).
    fn leader_away(&self, l: usize, at: Hex, from: Hex) -> Option<Hex> {
        let side = self.leader_side(l)?;
        Direction::ALL
            .iter()
            .filter(|&&d| {
                Field::distance(d.neighbor(at), from) > Field::distance(at, from)
                    && self.game.leader_may_withdraw_across(&self.field, l, at, d)
            })
            .map(|d| d.neighbor(at))
            .filter(|&h| {
                self.field.move_terrain(h).is_some_and(|t| {
                    self.tables.movement.mp(t) != crate::tables::MpCost::Impassable
                }) && self.field.unit_at(h).is_none_or(|u| self.field.side(u) == Some(side))
                    && !self.field.in_enemy_zoc(h, side)
            })
            .max_by_key(|&h| {
                (Field::distance(h, from), core::cmp::Reverse(h.x), core::cmp::Reverse(h.y))
            })
    }

    /// SPQR 4.72: how many hexes (up to 3) leader `l` can withdraw from `from`.
    fn leader_room(&self, l: usize, from: Hex) -> u8 {
        let Some(mut at) = self.field.leaders.get(l).map(|s| s.hex) else { return 0 };
        let mut n = 0;
        while n < 3 {
            let Some(next) = self.leader_away(l, at, from) else { break };
            at = next;
            n += 1;
        }
        n
    }

    /// SPQR 4.72: the leader withdraws `hexes` away from the mover.
    pub(super) fn perform_leader_withdraw(
        &mut self,
        leader: usize,
        hexes: u8,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Reaction { mover, .. } = self.phase.clone() else { return Ok(()) };
        let (Some(m), Some(s)) =
            (self.field.units.get(mover).copied(), self.field.leaders.get(leader).copied())
        else {
            return Ok(());
        };
        let mut at = s.hex;
        for _ in 0..hexes {
            match self.leader_away(leader, at, m.hex) {
                Some(h) => at = h,
                None => break,
            }
        }
        if let Some(x) = self.field.leaders.get_mut(leader) {
            x.hex = at;
        }
        let to = self.field.label(at);
        events.push(Self::event(
            RuleRef::LeaderWithdrawal,
            StandardEvent::LeaderMoved { leader, to },
        ));
        self.finish_reaction(dice, events)
    }

    pub(super) fn leader_withdraw_check(
        &self,
        mover: usize,
        queue: &[ReactionChoice],
        leader: usize,
        hexes: u8,
    ) -> Result<(), StandardError> {
        let c =
            queue.first().copied().filter(|c| c.leader && c.unit == leader).ok_or_else(|| {
                Self::illegal(RuleRef::LeaderWithdrawal, "not this leader's reaction")
            })?;
        let room = self
            .field
            .units
            .get(mover)
            .map_or(0, |m| self.leader_room(leader, m.hex))
            .min(c.withdraw);
        if hexes == 0 || hexes > room {
            return Err(Self::illegal(RuleRef::LeaderWithdrawal, format!("1 to {room} hexes")));
        }
        Ok(())
    }

    /// SPQR 6.5: how many hexes unit `u` can withdraw from `from`, up to
    /// `most`: vacant, out of enemy ZOC, not woods or rough, on the map.
    fn withdraw_room(&self, u: usize, from: Hex, most: u8) -> u8 {
        let (Some(s), Some(side)) = (self.field.units.get(u), self.field.side(u)) else { return 0 };
        // A double-size phalanx does not withdraw (its MA is never the
        // higher in practice; the two-hex move is not written: Reconstructed).
        if self.field.is_double(u) || self.field.in_enemy_zoc(s.hex, side) {
            return 0;
        }
        let mut at = s.hex;
        let mut n = 0;
        while n < most {
            let Some(next) = self.away(u, at, from) else { break };
            // The game's limits on crossing (Gergovia 6.72: no withdrawal
            // over a fortified hexside).
            let crosses = Direction::between(at, next)
                .is_some_and(|d| self.game.rout_may_cross(&self.field, u, at, d));
            let open = crosses
                && self.field.unit_at(next).is_none()
                && !self.field.in_enemy_zoc(next, side)
                && matches!(self.field.move_terrain(next), Some(MoveTerrain::Clear));
            if !open {
                break;
            }
            at = next;
            n += 1;
        }
        n
    }

    fn current(
        &self,
        queue: &[ReactionChoice],
        unit: usize,
    ) -> Result<ReactionChoice, StandardError> {
        queue
            .first()
            .copied()
            .filter(|c| c.unit == unit)
            .ok_or_else(|| Self::illegal(RuleRef::ReactionFacing, "not this unit's reaction"))
    }

    fn facing_modifier(&self, mover: usize, unit: usize) -> (Drm, bool) {
        let ma = |u: usize| i32::from(self.ma(u));
        let class = |u: usize| self.field.def(u).map_or(ShockClass::LI, |d| d.class());
        let exempt = class(unit).is_cavalry() && !class(mover).is_mounted();
        (Drm(ma(mover) - ma(unit)), exempt)
    }

    pub(super) fn react_face_check(
        &self,
        mover: usize,
        queue: &[ReactionChoice],
        unit: usize,
        facing: Facing,
    ) -> Result<Preview, StandardError> {
        let c = self.current(queue, unit)?;
        let s = self
            .field
            .units
            .get(unit)
            .copied()
            .ok_or_else(|| Self::illegal(RuleRef::ReactionFacing, "no such unit"))?;
        if self.field.is_double(unit) {
            if !c.face || facing != s.facing.rotated(3) {
                return Err(Self::illegal(
                    RuleRef::PhalanxFacing,
                    "a phalanx re-faces in reaction only to the opposite direction, in the same two hexes",
                ));
            }
        } else if !c.face || s.facing.vertices_to(facing) != 1 {
            return Err(Self::illegal(
                RuleRef::ReactionFacing,
                "one vertex, toward an enemy that moved next to it",
            ));
        }
        let (drm, exempt) = self.facing_modifier(mover, unit);
        let d = if exempt {
            Distribution::certain(0)
        } else {
            tq_check_distribution(self.tq(unit), drm)
        };
        let mut m = Modifiers::new();
        m.push(G::section(RuleRef::ReactionFacing), "mover's MA less the unit's", drm);
        Ok(super::validate::odds(&d, m))
    }

    pub(super) fn withdraw_check(
        &self,
        _mover: usize,
        queue: &[ReactionChoice],
        unit: usize,
        hexes: u8,
    ) -> Result<(), StandardError> {
        let c = self.current(queue, unit)?;
        if hexes == 0 || hexes > c.withdraw {
            return Err(Self::illegal(
                RuleRef::OrderlyWithdrawal,
                format!("at most {} hexes", c.withdraw),
            ));
        }
        Ok(())
    }

    /// SPQR 8.2 return fire: after `firer` fired at `target`, the target, a
    /// supplied missile unit in good order with the firer in range, may fire
    /// back (one decision, no return to a return).
    pub(super) fn open_return_fire(&mut self, firer: usize, target: usize) {
        let Phase::Orders(o) = self.phase.clone() else { return };
        let (Some(t), Some(td), Some(f)) =
            (self.field.units.get(target), self.field.def(target), self.field.units.get(firer))
        else {
            return;
        };
        let in_range = td.missile.is_some_and(|k| {
            self.tables
                .missile
                .max_range(&k)
                .is_some_and(|r| Field::distance(t.hex, f.hex) <= u32::from(r))
        });
        // SPQR 8.14: it must see the firer: terrain, units between and the
        // game's own terrain (Gergovia's stone walls); and the game must
        // allow the fire (Gergovia 6.75): a return fire that would be
        // refused is not offered.
        let archer = td.missile == Some(crate::kinds::MissileKey::Archer);
        let sees = || {
            self.field.board().terrain_los(t.hex, f.hex)
                && !self.field.units_block_los(t.hex, f.hex, archer)
                && self.game_sight_clear(t.hex, f.hex)
        };
        if t.in_play()
            && t.supply != crate::missile::Supply::No
            && in_range
            && f.on_map()
            && sees()
            && self.game.may_fire(&self.field, target, firer).is_ok()
        {
            let choice = ReactionChoice {
                unit: target,
                leader: false,
                face: false,
                withdraw: 0,
                fire: true,
                retire: false,
            };
            self.phase =
                Phase::Reaction { orders: o, mover: firer, queue: vec![choice], then: None };
        }
    }

    /// SPQR 8.2 entry reaction fire: the facts of `unit` firing at the mover.
    pub(super) fn react_fire_inputs(
        &self,
        mover: usize,
        queue: &[ReactionChoice],
        unit: usize,
    ) -> Result<crate::missile::FireInputs, StandardError> {
        let c = self.current(queue, unit)?;
        self.game_may_fire(unit, mover)?;
        let (Some(s), Some(d), Some(m), Some(md)) = (
            self.field.units.get(unit),
            self.field.def(unit),
            self.field.units.get(mover),
            self.field.def(mover),
        ) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such unit"));
        };
        // SPQR 6.68: only the top unit of a stack fires.
        self.top_of_stack(unit)?;
        let Some(key) = d.missile.filter(|_| c.fire && s.in_play() && m.on_map()) else {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                "only a supplied missile unit the mover came next to",
            ));
        };
        // At a double-size phalanx, its nearer half (Dictator 9.101).
        let aim = self.field.nearest_half(mover, s.hex).unwrap_or(m.hex);
        // The game's own terrain on the line (8.14; the offer asked it too).
        self.game_sight(RuleRef::MissileFire, s.hex, aim)?;
        let through_front =
            Direction::between(aim, s.hex).is_some_and(|dir| m.facing.aspect(dir) == Aspect::Front);
        let board = self.field.board();
        Ok(crate::missile::FireInputs {
            key,
            range: if c.retire { 2 } else { 1 },
            target: md.class(),
            target_in_woods: self.field.move_terrain(aim) == Some(MoveTerrain::Woods),
            through_front,
            firer_moving: false,
            firer_depleted: s.depleted,
            firing_down: board.elevation(s.hex) > board.elevation(aim),
            firer_elephant: d.class() == ShockClass::EL,
        })
    }

    /// SPQR 8.2: `unit` fires at the mover in reaction.
    pub(super) fn perform_react_fire(
        &mut self,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Reaction { mover, queue, .. } = self.phase.clone() else { return Ok(()) };
        let inputs = self.react_fire_inputs(mover, &queue, unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit).copied(), self.field.def(unit)) else {
            return Ok(());
        };
        let legionary = d.class() == ShockClass::LG;
        let roll = dice.d10()?;
        let modifiers = self.fire_modifiers_of(unit, mover, &inputs);
        let result = crate::missile::fire_with(
            &self.tables.missile,
            &inputs,
            &modifiers,
            s.supply,
            legionary,
            roll.face,
        )
        .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
        if let Some(x) = self.field.units.get_mut(unit) {
            x.supply = result.supply;
        }
        events.push(
            Self::event(
                RuleRef::MissileFire,
                StandardEvent::Fired { unit, target: mover, hits: result.hits, modifiers },
            )
            .with_roll(roll),
        );
        self.need_tq(mover, dice, events)?;
        if self.add_hits(mover, result.hits, events) {
            self.rout(mover, dice, events)?;
        }
        if result.leader_check {
            let side = self.field.side(mover).unwrap_or(gboh_core::Side::Roman);
            if let Some(hex) = self.field.units.get(mover).map(|m| m.hex) {
                for l in self.field.leaders_in(hex, side) {
                    self.casualty_check(l, Some(0), dice, events)?;
                }
            }
        }
        self.finish_reaction(dice, events)
    }

    /// Ends this unit's reaction; with none left the move goes on.
    /// The next reaction; when none is left, the Orders Phase resumes, and a
    /// move that waited for its retire reaction fire (SPQR 8.22) is made.
    pub(super) fn finish_reaction(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        match self.next_reaction() {
            Some((mover, dir, hexes)) => self.resume_move(mover, dir, hexes, dice, events),
            None => Ok(()),
        }
    }

    /// SPQR 8.22: the moves a retire reaction fire waits on: enemy missile
    /// units with a range of 2 or more, in good order and supplied, whose
    /// ZOC `unit` would leave by moving `hexes` in `dir`, and which see it.
    pub(super) fn retire_shooters(&self, unit: usize, dir: Direction, hexes: u8) -> Vec<usize> {
        let (Some(s), Some(side)) = (self.field.units.get(unit), self.field.side(unit)) else {
            return Vec::new();
        };
        let to = (0..hexes).fold(s.hex, |h, _| dir.neighbor(h));
        // A double-size phalanx goes forward with both halves (Dictator 9.101).
        let now = self.field.halves(unit);
        let after: Vec<Hex> = if self.field.is_double(unit) {
            vec![to, crate::state::right_half(to, s.facing)]
        } else {
            vec![to]
        };
        (0..self.field.units.len())
            .filter(|&e| {
                let (Some(es), Some(ed)) = (self.field.units.get(e), self.field.def(e)) else {
                    return false;
                };
                ed.side == side.opponent()
                    && es.in_play()
                    && es.supply != crate::missile::Supply::No
                    && ed
                        .missile
                        .is_some_and(|k| self.tables.missile.max_range(&k).is_some_and(|r| r >= 2))
                    && now.iter().any(|&h| {
                        // Gergovia 6.73: for reaction fire the ZOC applies
                        // as it would without fortification.
                        self.field.exerts_zoc_unfortified(e, h)
                            && self.field.board().terrain_los(es.hex, h)
                            && self.game_sight_clear(es.hex, h)
                    })
                    && !after.iter().any(|&h| self.field.exerts_zoc_unfortified(e, h))
            })
            .collect()
    }

    /// SPQR 8.22: before `unit` moves `hexes` in `dir` out of enemy missile
    /// units' ZOC, each may fire at it; returns whether the move waits.
    pub(super) fn open_retire_fire(&mut self, unit: usize, dir: Direction, hexes: u8) -> bool {
        let Phase::Orders(o) = self.phase.clone() else { return false };
        let queue: Vec<ReactionChoice> = self
            .retire_shooters(unit, dir, hexes)
            .into_iter()
            .map(|e| ReactionChoice {
                unit: e,
                leader: false,
                face: false,
                withdraw: 0,
                fire: true,
                retire: true,
            })
            .collect();
        if queue.is_empty() {
            return false;
        }
        self.phase = Phase::Reaction { orders: o, mover: unit, queue, then: Some((dir, hexes)) };
        true
    }

    fn next_reaction(&mut self) -> Option<(usize, Direction, u8)> {
        let Phase::Reaction { orders, mover, mut queue, then } = self.phase.clone() else {
            return None;
        };
        if !queue.is_empty() {
            queue.remove(0);
        }
        if queue.is_empty() {
            let mut orders = orders;
            let stopped = self.field.units.get(mover).is_some_and(|m| {
                self.field.side(mover).is_some_and(|side| self.field.in_enemy_zoc(m.hex, side))
            });
            // A move still waiting for its retire fire has not stopped yet.
            // SPQR 6.64: the OC's stack stops as one.
            let group =
                if orders.stack.contains(&mover) { orders.stack.clone() } else { vec![mover] };
            for x in orders.ordered.iter_mut().filter(|x| group.contains(&x.unit)) {
                x.stopped |= stopped && x.moved && then.is_none();
            }
            self.phase = Phase::Orders(orders);
            then.map(|(dir, hexes)| (mover, dir, hexes))
        } else {
            self.phase = Phase::Reaction { orders, mover, queue, then };
            None
        }
    }

    /// SPQR 7.15-7.16: the unit turns one vertex, then rolls: die plus the
    /// mover's MA less its own; above its TQ costs the difference.
    pub(super) fn perform_react_face(
        &mut self,
        unit: usize,
        facing: Facing,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Reaction { mover, .. } = self.phase.clone() else { return Ok(()) };
        let (drm, exempt) = self.facing_modifier(mover, unit);
        let double = self.field.is_double(unit);
        if let Some(s) = self.field.units.get_mut(unit) {
            if double {
                // Dictator 9.101: the same two hexes, the right half becomes the left.
                s.hex = crate::state::right_half(s.hex, s.facing);
            }
            s.facing = facing;
        }
        if double && let Phase::Reaction { orders, .. } = &mut self.phase {
            orders.refaced.push(unit);
        }
        let mut hits = 0;
        let mut roll = None;
        if !exempt {
            self.need_tq(unit, dice, events)?;
            let r = dice.d10()?;
            let own = u8::try_from(i32::from(self.ma(unit)).max(0)).unwrap_or(0);
            let mover_ma = u8::try_from(i32::from(own) + drm.0).unwrap_or(0);
            hits = reaction_facing_hits(self.tq(unit), own, mover_ma, false, r.face);
            roll = Some(r);
        }
        let mut e = Self::event(
            RuleRef::ReactionFacing,
            StandardEvent::ReactionFaced { unit, facing, hits },
        );
        if let Some(r) = roll {
            e = e.with_roll(r);
        }
        events.push(e);
        if self.add_hits(unit, hits, events) {
            self.rout(unit, dice, events)?;
        }
        self.finish_reaction(dice, events)
    }

    /// SPQR 6.5: the unit withdraws `hexes` straight away, keeping its
    /// facing; LG take a TQ check (1 hit if failed), other infantry 1 hit
    /// (skirmishers none), +1 if approached through a flank or the rear
    /// (skirmishers: only the rear).
    pub(super) fn perform_withdraw(
        &mut self,
        unit: usize,
        hexes: u8,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Reaction { mover, .. } = self.phase.clone() else { return Ok(()) };
        let (Some(s), Some(m)) =
            (self.field.units.get(unit).copied(), self.field.units.get(mover).copied())
        else {
            return Ok(());
        };
        let toward = Direction::ALL
            .iter()
            .copied()
            .min_by_key(|d| Field::distance(d.neighbor(s.hex), m.hex))
            .map_or(Aspect::Front, |d| s.facing.aspect(d));
        // Validated: `hexes` is within the room, so every hex is open.
        let mut at = s.hex;
        for _ in 0..hexes.min(self.withdraw_room(unit, m.hex, hexes)) {
            match self.away(unit, at, m.hex) {
                Some(h) => at = h,
                None => break,
            }
        }
        if let Some(x) = self.field.units.get_mut(unit) {
            x.hex = at;
        }
        let class = self.field.def(unit).map_or(ShockClass::LI, |d| d.class());
        let mut roll = None;
        let face = if class == ShockClass::LG {
            self.need_tq(unit, dice, events)?;
            let r = dice.d10()?;
            roll = Some(r);
            r.face
        } else {
            0
        };
        // SPQR 9.21: velites withdraw as skirmishers do (hits only when
        // approached from the rear).
        let velites = self.field.def(unit).is_some_and(crate::state::UnitDef::is_velites);
        let hits = withdrawal_hits(
            if velites { ShockClass::SK } else { class },
            self.tq(unit),
            face,
            toward == Aspect::Flank,
            toward == Aspect::Rear,
        );
        let to = self.field.label(at);
        let mut e =
            Self::event(RuleRef::OrderlyWithdrawal, StandardEvent::Withdrew { unit, to, hits });
        if let Some(r) = roll {
            e = e.with_roll(r);
        }
        events.push(e);
        if hits > 0 {
            self.need_tq(unit, dice, events)?;
        }
        if self.add_hits(unit, hits, events) {
            self.rout(unit, dice, events)?;
        }
        self.finish_reaction(dice, events)
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::facing::{Direction, Facing};
    use gboh_core::game::Rules;

    use super::super::{Action, Battle, Pending, Phase};
    use crate::Spqr;

    const LG_1: usize = 0;
    const LG_2: usize = 1;
    const SL: usize = 10;
    const LEGATUS: usize = 0;

    /// Skirmish at the Legatus's orders: LG-2 put south-west of `h` (its
    /// north-east front hex), LG-1 on `h` when `stack`, else off the map; the
    /// slinger SL north-east of `h` facing `sl_facing`. LG-2 steps into `h`.
    /// Returns the reaction queue opened and whether LG-2 must shock.
    fn lg_2_steps_next_to_the_slinger(
        stack: bool,
        sl_facing: Facing,
    ) -> (Vec<super::ReactionChoice>, bool) {
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let mut dice = Dice::scripted(vec![7, 2, 0, 0, 0, 0, 0, 0]);
        loop {
            let a = match b.pending() {
                Pending::Orders { leader: LEGATUS, .. } => break,
                Pending::Orders { .. } => Action::EndOrders,
                _ => Action::Decline,
            };
            b.perform(a, &mut dice, &mut Vec::new()).unwrap();
        }
        let h = b.field.units[LG_1].hex;
        if !stack {
            // Out of the way.
            b.field.units[LG_1].status = crate::state::UnitStatus::Eliminated;
        }
        b.field.units[LG_2].hex = Direction::SW.neighbor(h);
        b.field.units[SL].hex = Direction::NE.neighbor(h);
        b.field.units[SL].facing = sl_facing;
        b.field.leaders[LEGATUS].hex = Direction::SW.neighbor(h);
        b.perform(Action::Step { unit: LG_2, dir: Direction::NE }, &mut dice, &mut Vec::new())
            .unwrap();
        assert_eq!(b.field.units[LG_2].hex, h);
        assert_eq!(b.field.stacked_with(LG_2).is_some(), stack);
        let queue = match &b.phase {
            Phase::Reaction { queue, .. } => queue.clone(),
            _ => Vec::new(),
        };
        let must = match &b.phase {
            Phase::Orders(o) | Phase::Reaction { orders: o, .. } => b.attackers(o).contains(&LG_2),
            other => panic!("{other:?}"),
        };
        (queue, must)
    }

    #[test]
    fn rule_6_66_a_unit_moving_in_to_stack_next_to_an_enemy_draws_no_entry_fire_and_no_shock() {
        // Facing six o'clock the slinger has LG-2's hex in its front.
        let (queue, must) = lg_2_steps_next_to_the_slinger(false, Facing::Six);
        let sl = queue.iter().find(|c| c.unit == SL).unwrap();
        assert!(sl.fire, "entry reaction fire at a unit that did not stack");
        assert!(must, "a legion that moved next to an enemy must shock (7.31)");
        let (queue, must) = lg_2_steps_next_to_the_slinger(true, Facing::Six);
        let sl = queue.iter().find(|c| c.unit == SL).unwrap();
        assert!(!sl.fire, "6.66: no entry reaction fire at a unit moving in to stack");
        assert!(!must, "6.66: no Shock marker for it (an exception to 7.32)");
        // Through a rear hex of the slinger (facing twelve o'clock, LG-2's
        // hex is behind it), the fire is open again.
        let (queue, _) = lg_2_steps_next_to_the_slinger(true, Facing::Twelve);
        let sl = queue.iter().find(|c| c.unit == SL).unwrap();
        assert!(sl.fire, "6.66: entry fire through a rear hex");
    }
}
