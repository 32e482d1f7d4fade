//! The double-size phalanx counter on two hexes (SPQR 6.4-6.45, Dictator
//! 9.101-9.104): going forward with both halves, the pivot (one half stays,
//! the other enters the centre front hex) and the wheel out of an enemy ZOC
//! with its TQ check, the reverse face, the advance after combat as a whole
//! or by a pivot, and the rout move of both halves.
//!
//! ```text
//!   facing twelve o'clock:      lf  c  rf      L, R: the halves; lf, c, rf:
//!                              L    R          the front; a pivot about L
//!                                              moves R into c (the counter
//!   turns a vertex counter-clockwise), about R moves L into c (clockwise).
//! ```

use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::{Distribution, Drm, Modifiers};
use hexx::Hex;

use super::{Battle, OrderKind, Preview, StandardError, StandardEvent};
use crate::check::{tq_check_distribution, tq_check_hits};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::{MoveTerrain, ShockClass};
use crate::movement::{StepCost, ZocHolder, may_leave_zoc, second_move_hits};
use crate::rule::RuleRef;
use crate::shock::{ShockDuty, shock_duty};
use crate::state::{UnitStatus, double_front, right_half};

/// Where a pivot takes a double-size counter (Dictator 9.102, first bullet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pivot {
    /// The half that stays.
    pub stays: Hex,
    /// The hex the other half leaves.
    pub from: Hex,
    /// The centre front hex it enters.
    pub enters: Hex,
    /// The direction it enters it in.
    pub dir: Direction,
    /// The counter's new left half.
    pub left: Hex,
    /// Its new facing (one vertex turned toward the half that stays).
    pub facing: Facing,
}

/// Dictator 9.102: the pivot of the counter whose left half is `left`,
/// facing `facing`: clockwise about its right half (the left half enters the
/// centre front hex), counter-clockwise about its left half.
#[must_use]
pub fn pivot(left: Hex, facing: Facing, clockwise: bool) -> Pivot {
    let right = right_half(left, facing);
    let [ccw, cw] = facing.front();
    let centre = cw.neighbor(left);
    if clockwise {
        Pivot {
            stays: right,
            from: left,
            enters: centre,
            dir: cw,
            left: centre,
            facing: facing.rotated(1),
        }
    } else {
        Pivot {
            stays: left,
            from: right,
            enters: centre,
            dir: ccw,
            left,
            facing: facing.rotated(-1),
        }
    }
}

/// Dictator 9.102 (SPQR 6.44): the wheel's extra hits after a pivot with the
/// staying half in an enemy ZOC: a TQ check, the excess with a minimum of 1.
#[must_use]
pub fn wheel_check_hits(tq: u8, face: u8) -> u8 {
    tq_check_hits(tq, face, Drm(0)).max(1)
}

/// What a pivot costs, and whether the wheel's TQ check follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PivotCost {
    /// Where it goes.
    pub pivot: Pivot,
    /// MP and hits before the check.
    pub cost: StepCost,
    /// The staying half is in an enemy ZOC held by more than skirmishers:
    /// a TQ check follows (Dictator 9.102, second bullet).
    pub wheel: bool,
}

/// Dictator 9.102 (fourth and fifth bullets): a double-size phalanx in
/// column moves lengthwise: its front end (the half with the In Column
/// marker; `right_end`: the right half) enters its front hex straight ahead
/// or one of the two hexes beside it, turning the counter, and the rear half
/// takes the hex the front half left. `None` for any other direction.
/// Returns the new left half, the new facing and the hex entered.
#[must_use]
pub fn column_step(
    left: Hex,
    facing: Facing,
    right_end: bool,
    dir: Direction,
) -> Option<(Hex, Facing, Hex)> {
    let [l_flank, r_flank] = facing.flank();
    let ahead = if right_end { r_flank } else { l_flank };
    let turn = (dir.index() + 6 - ahead.index()) % 6;
    if !matches!(turn, 0 | 1 | 5) {
        return None;
    }
    if right_end {
        let front = right_half(left, facing);
        let enters = dir.neighbor(front);
        // The new right half is `enters`, on the flank of the new facing.
        Some((front, Facing::from_index(dir.index() + 5), enters))
    } else {
        let enters = dir.neighbor(left);
        Some((enters, Facing::from_index(dir.index() + 2), enters))
    }
}

/// What a step in column costs and where it goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColumnStep {
    /// The new left half.
    pub left: Hex,
    /// The new facing.
    pub facing: Facing,
    /// The hex the front end enters.
    pub enters: Hex,
    /// MP and hits.
    pub cost: StepCost,
}

impl<G: StandardGame> Battle<G> {
    /// The enemies holding a ZOC on `hex` as the ZOC-leaving rule sees them.
    fn zoc_holders_of(&self, hex: Hex, side: gboh_core::Side) -> Vec<ZocHolder> {
        self.field
            .zoc_holders(hex, side)
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
            .collect()
    }

    fn double_unit(&self, unit: usize) -> Result<(crate::state::UnitState, String), StandardError> {
        let (Some(s), Some(d)) = (self.field.units.get(unit).copied(), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::PhalanxMove, "no such unit"));
        };
        if !d.double {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!("{} is not a double-size phalanx", d.id),
            ));
        }
        if s.column {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!(
                    "{}: a phalanx in column only moves lengthwise (9.102) or leaves column",
                    d.id
                ),
            ));
        }
        Ok((s, d.id.to_string()))
    }

    fn second_move(&self, unit: usize, s: &crate::state::UnitState) -> u8 {
        if self.ordered(unit).is_none_or(|x| !x.moved) && s.moves_this_turn > 0 {
            second_move_hits(self.tables.movement.facing(), ShockClass::PH)
        } else {
            0
        }
    }

    fn vacant(&self, hex: Hex, name: &str) -> Result<(), StandardError> {
        if self.field.move_terrain(hex).is_none() {
            return Err(Self::illegal(RuleRef::PhalanxMove, format!("{name}: off the map")));
        }
        if let Some(o) = self.field.unit_at(hex) {
            let other = self.field.def(o).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::Stacking,
                format!("{name}: {} is occupied by {other}", self.field.label(hex)),
            ));
        }
        Ok(())
    }

    /// Dictator 9.102: entering column, the marker on one half; 1 MP, once
    /// a phase, not with a part in an enemy ZOC; the facing does not change.
    pub(super) fn phalanx_column_check(
        &self,
        unit: usize,
        right: bool,
    ) -> Result<StepCost, StandardError> {
        let _ = right;
        let left_mp = self.movement_left(unit)?;
        let (_, name) = self.double_unit(unit)?;
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        if self.ordered(unit).is_some_and(|x| x.formed) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{name} changed formation this phase"),
            ));
        }
        if self.field.halves(unit).into_iter().any(|h| self.field.in_enemy_zoc(h, side)) {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{name} may not form column in an enemy ZOC"),
            ));
        }
        let cost = StepCost {
            half_mp: u16::from(self.tables.movement.facing().column_change.value) * 2,
            hits: 0,
        };
        if cost.half_mp > left_mp {
            return Err(Self::illegal(RuleRef::MovementCost, format!("{name} lacks the MP")));
        }
        Ok(cost)
    }

    /// Dictator 9.102: performs the entry into column (validated): the MA
    /// bonus at once, as for any unit (SPQR 6.27).
    pub(super) fn perform_phalanx_column(
        &mut self,
        unit: usize,
        right: bool,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let Ok(cost) = self.phalanx_column_check(unit, right) else { return };
        let bonus = u16::from(self.tables.movement.facing().column_ma_bonus.value) * 2;
        if let Some(x) = self.order(unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(cost.half_mp).saturating_add(bonus);
            x.formed = true;
        }
        if let Some(s) = self.field.units.get_mut(unit) {
            s.column = true;
            s.column_right = right;
        }
        events
            .push(Self::event(RuleRef::PhalanxMove, StandardEvent::Column { unit, column: true }));
    }

    /// Dictator 9.102: a step in column: the front end enters the hex ahead
    /// or beside it (no MP or hits for the turn), paying that hex's MP and
    /// hits (the rear half enters the hex the front left: Reconstructed, no
    /// cost of its own); leaving an enemy ZOC as SPQR 7.2 allows.
    pub(super) fn column_step_check(
        &self,
        unit: usize,
        dir: Direction,
    ) -> Result<ColumnStep, StandardError> {
        let left_mp = self.movement_left(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit).copied(), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::PhalanxMove, "no such unit"));
        };
        let name = d.id.to_string();
        let Some((left, facing, enters)) = column_step(s.hex, s.facing, s.column_right, dir) else {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!("{name} in column enters only the hex ahead of its front end or beside it"),
            ));
        };
        self.vacant(enters, &name)?;
        let halves = self.field.halves(unit);
        if halves.iter().any(|&h| self.field.in_enemy_zoc(h, d.side)) {
            let holders: Vec<ZocHolder> =
                halves.iter().flat_map(|&h| self.zoc_holders_of(h, d.side)).collect();
            let after = [left, right_half(left, facing)];
            if !may_leave_zoc(self.ma(unit), &holders, true)
                || after.iter().any(|&h| self.field.in_enemy_zoc(h, d.side))
            {
                return Err(Self::illegal(
                    RuleRef::ZoneOfControl,
                    format!("{name} may not leave the enemy ZOC it is in"),
                ));
            }
        }
        let from = if s.column_right { right_half(s.hex, s.facing) } else { s.hex };
        let mut cost = self.hex_cost_with(unit, from, dir, true)?;
        cost.hits = cost.hits.saturating_add(self.second_move(unit, &s));
        if cost.half_mp > left_mp {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{name} lacks the MP to enter {}", self.field.label(enters)),
            ));
        }
        Ok(ColumnStep { left, facing, enters, cost })
    }

    /// Puts a double-size phalanx's left half on `left` facing `facing` after
    /// a move of its Move order costing `half_mp` (a pivot also turned it:
    /// `faced`): the order's MP, its moved and stopped marks (Dictator 9.101:
    /// either half entering an enemy ZOC stops it) and the unit's moves this
    /// turn. Returns the right half's hex.
    fn place_double(
        &mut self,
        unit: usize,
        left: Hex,
        facing: Facing,
        half_mp: u16,
        faced: bool,
    ) -> Hex {
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        let first = self.ordered(unit).is_none_or(|x| !x.moved);
        let right = right_half(left, facing);
        let stops = self.field.in_enemy_zoc(left, side) || self.field.in_enemy_zoc(right, side);
        if let Some(x) = self.order(unit, OrderKind::Move) {
            x.half_mp_left = x.half_mp_left.saturating_sub(half_mp);
            x.moved = true;
            x.stopped = x.stopped || stops;
            x.faced_here = x.faced_here || faced;
        }
        if let Some(m) = self.field.units.get_mut(unit) {
            m.hex = left;
            m.facing = facing;
            if first {
                m.moves_this_turn = m.moves_this_turn.saturating_add(1);
            }
        }
        right
    }

    /// Performs a step in column (validated); entering an enemy ZOC stops it.
    pub(super) fn perform_column_step(
        &mut self,
        unit: usize,
        dir: Direction,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let c = self.column_step_check(unit, dir)?;
        let (before, leader_before) = self.distances_before_move(unit);
        let right = self.place_double(unit, c.left, c.facing, c.cost.half_mp, false);
        let to = format!("{}/{}", self.field.label(c.left), self.field.label(right));
        events.push(Self::event(
            RuleRef::PhalanxMove,
            StandardEvent::Moved { unit, to, hits: c.cost.hits },
        ));
        let mut hook = Vec::new();
        self.game.unit_moved(&self.field, unit, &mut hook);
        events.extend(hook);
        if c.cost.hits > 0 {
            self.need_tq(unit, dice, events)?;
        }
        if self.add_hits(unit, c.cost.hits, events) {
            self.rout(unit, dice, events)?;
        }
        self.mark_closed(unit, &before, false);
        self.open_reactions(unit, &before, &leader_before, false, events);
        Ok(())
    }

    /// Dictator 9.102 (first and third bullets): a double-size phalanx goes
    /// forward in `dir` (one of its front directions) with both halves; it
    /// pays the higher of the two hexes' MP and the higher of their hits, once
    /// for the whole unit; leaving an enemy ZOC as SPQR 7.2 allows.
    pub(super) fn double_step_check(
        &self,
        unit: usize,
        dir: Direction,
    ) -> Result<StepCost, StandardError> {
        if self.field.units.get(unit).is_some_and(|s| s.column) {
            return self.column_step_check(unit, dir).map(|c| c.cost);
        }
        let left_mp = self.movement_left(unit)?;
        let (s, name) = self.double_unit(unit)?;
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        if !s.facing.front().contains(&dir) {
            return Err(Self::illegal(
                RuleRef::PhalanxMove,
                format!("{name} goes forward only into its front hexes"),
            ));
        }
        let halves = [s.hex, right_half(s.hex, s.facing)];
        for h in halves {
            self.vacant(dir.neighbor(h), &name)?;
        }
        if halves.iter().any(|&h| self.field.in_enemy_zoc(h, side)) {
            let holders: Vec<ZocHolder> =
                halves.iter().flat_map(|&h| self.zoc_holders_of(h, side)).collect();
            let stays_out = halves.iter().all(|&h| !self.field.in_enemy_zoc(dir.neighbor(h), side));
            if !may_leave_zoc(self.ma(unit), &holders, true) || !stays_out {
                return Err(Self::illegal(
                    RuleRef::ZoneOfControl,
                    format!("{name} may not leave the enemy ZOC it is in (it may wheel, 9.102)"),
                ));
            }
        }
        let [l, r] = halves;
        let a = self.hex_cost(unit, l, dir)?;
        let b = self.hex_cost(unit, r, dir)?;
        let mut cost = StepCost { half_mp: a.half_mp.max(b.half_mp), hits: a.hits.max(b.hits) };
        cost.hits = cost.hits.saturating_add(self.second_move(unit, &s));
        if cost.half_mp > left_mp {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!(
                    "{name} has {} MP left, needs {}",
                    f32::from(left_mp) / 2.0,
                    f32::from(cost.half_mp) / 2.0
                ),
            ));
        }
        Ok(cost)
    }

    /// Dictator 9.102: a pivot: the other half enters the centre front hex,
    /// paying its MP and hits plus the pivot's hit; with the staying half in
    /// an enemy ZOC (the moving one out of it) a TQ check follows, unless
    /// only skirmishers exert that ZOC.
    pub(super) fn pivot_check(
        &self,
        unit: usize,
        clockwise: bool,
    ) -> Result<PivotCost, StandardError> {
        let left_mp = self.movement_left(unit)?;
        let (s, name) = self.double_unit(unit)?;
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        let p = pivot(s.hex, s.facing, clockwise);
        self.vacant(p.enters, &name)?;
        if self.field.in_enemy_zoc(p.from, side) {
            return Err(Self::illegal(
                RuleRef::PhalanxWheel,
                format!("{name}: the half in an enemy ZOC stays; only the other may pivot forward"),
            ));
        }
        let wheel = self.field.in_enemy_zoc(p.stays, side)
            && self
                .field
                .zoc_holders(p.stays, side)
                .iter()
                .any(|&e| self.field.def(e).is_some_and(|d| d.class() != ShockClass::SK));
        let mut cost = self.hex_cost(unit, p.from, p.dir)?;
        cost.hits = cost
            .hits
            .saturating_add(self.tables.movement.facing().phalanx_pivot_hits.value)
            .saturating_add(self.second_move(unit, &s));
        if cost.half_mp > left_mp {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{name} lacks the MP to pivot into {}", self.field.label(p.enters)),
            ));
        }
        Ok(PivotCost { pivot: p, cost, wheel })
    }

    /// The preview of a pivot: its cost, or the exact odds of its hits when
    /// the wheel's TQ check follows.
    pub(super) fn pivot_preview(
        &self,
        unit: usize,
        clockwise: bool,
    ) -> Result<Preview, StandardError> {
        let c = self.pivot_check(unit, clockwise)?;
        if !c.wheel {
            return Ok(Preview::Cost(c.cost));
        }
        let base = c.cost.hits;
        let d: Distribution<u8> =
            tq_check_distribution(self.tq(unit), Drm(0)).map(|h| base.saturating_add(h.max(1)));
        let mut m = Modifiers::new();
        m.push(
            G::section(RuleRef::PhalanxWheel),
            "pivot in an enemy ZOC: TQ check, at least 1 hit",
            Drm(0),
        );
        Ok(super::validate::odds(&d, m))
    }

    /// Dictator 9.101 (second bullet, SPQR 6.45): the reverse face: 3 MP, in
    /// the same two hexes, not with any part in an enemy ZOC or rough terrain.
    pub(super) fn reverse_face_check(
        &self,
        unit: usize,
        facing: Facing,
    ) -> Result<StepCost, StandardError> {
        let left_mp = self.movement_left(unit)?;
        let (s, name) = self.double_unit(unit)?;
        let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
        if facing != s.facing.rotated(3) {
            return Err(Self::illegal(
                RuleRef::PhalanxFacing,
                format!("{name} changes facing only by a pivot or the reverse face"),
            ));
        }
        if self.ordered(unit).is_some_and(|x| x.faced_here) {
            return Err(Self::illegal(
                RuleRef::PhalanxFacing,
                format!("{name} already turned in these hexes"),
            ));
        }
        let halves = [s.hex, right_half(s.hex, s.facing)];
        if halves.iter().any(|&h| self.field.in_enemy_zoc(h, side)) {
            return Err(Self::illegal(
                RuleRef::PhalanxFacing,
                format!("{name} may not reverse face with a part in an enemy ZOC"),
            ));
        }
        if halves.iter().any(|&h| self.field.move_terrain(h) == Some(MoveTerrain::Broken)) {
            return Err(Self::illegal(
                RuleRef::PhalanxFacing,
                format!("{name} may not reverse face in rough terrain"),
            ));
        }
        let cost = StepCost {
            half_mp: u16::from(self.tables.movement.facing().phalanx_reverse.value) * 2,
            hits: 0,
        };
        if cost.half_mp > left_mp {
            return Err(Self::illegal(
                RuleRef::MovementCost,
                format!("{name} lacks the MP to reverse face"),
            ));
        }
        Ok(cost)
    }

    /// Dictator 9.102: performs a pivot (validated), then the wheel's TQ
    /// check when it is due; entering an enemy ZOC stops the unit.
    pub(super) fn perform_pivot(
        &mut self,
        unit: usize,
        clockwise: bool,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let c = self.pivot_check(unit, clockwise)?;
        let (before, leader_before) = self.distances_before_move(unit);
        self.place_double(unit, c.pivot.left, c.pivot.facing, c.cost.half_mp, true);
        let mut hits = c.cost.hits;
        let mut roll = None;
        if c.wheel || c.cost.hits > 0 {
            self.need_tq(unit, dice, events)?;
        }
        if c.wheel {
            let r = dice.d10()?;
            hits = hits.saturating_add(wheel_check_hits(self.tq(unit), r.face));
            roll = Some(r);
        }
        let to = self.field.label(c.pivot.enters);
        let mut e = Self::event(
            if c.wheel { RuleRef::PhalanxWheel } else { RuleRef::PhalanxMove },
            StandardEvent::Pivoted { unit, to, facing: c.pivot.facing, hits },
        );
        if let Some(r) = roll {
            e = e.with_roll(r);
        }
        events.push(e);
        let mut hook = Vec::new();
        self.game.unit_moved(&self.field, unit, &mut hook);
        events.extend(hook);
        if self.add_hits(unit, hits, events) {
            self.rout(unit, dice, events)?;
        }
        self.mark_closed(unit, &before, false);
        self.open_reactions(unit, &before, &leader_before, false, events);
        Ok(())
    }

    /// Dictator 9.101: the reverse face (validated): the same two hexes, the
    /// right half becomes the left.
    pub(super) fn reverse_face(&mut self, unit: usize, facing: Facing) {
        if let Some(m) = self.field.units.get_mut(unit) {
            m.hex = right_half(m.hex, m.facing);
            m.facing = facing;
        }
    }

    /// Dictator 9.104: a double-size attacker advances after combat: forward
    /// with both halves into hexes one of which a defender vacated, if it
    /// can as a whole; otherwise, with an enemy in its left or right front
    /// (not both) and the centre front the only hex vacated, it pivots into
    /// the centre (the half beside that enemy stays), paying the pivot's
    /// hits (and the wheel's check if that half is in an enemy ZOC).
    pub(super) fn double_advance(
        &mut self,
        attacker: usize,
        vacated: &[Hex],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(s) = self.field.units.get(attacker).copied() else { return Ok(()) };
        let Some(side) = self.field.side(attacker) else { return Ok(()) };
        if !s.in_play() {
            return Ok(());
        }
        let open = |b: &Self, h: Hex| {
            b.field.unit_at(h).is_none()
                && b.field
                    .move_terrain(h)
                    .is_some_and(|t| b.tables.movement.mp(t) != crate::tables::MpCost::Impassable)
        };
        let right = right_half(s.hex, s.facing);
        let [lf, centre, rf] = double_front(s.hex, s.facing);
        let enemy = |b: &Self, h: Hex| {
            b.field.units_at(h).into_iter().any(|e| b.field.side(e) == Some(side.opponent()))
        };
        let (l_enemy, r_enemy) = (enemy(self, lf), enemy(self, rf));
        let only_centre = vacated.contains(&centre)
            && !vacated.contains(&lf)
            && !vacated.contains(&rf)
            && open(self, centre);
        if l_enemy != r_enemy && only_centre {
            return self.pivot_advance(attacker, r_enemy, dice, events);
        }
        for dir in s.facing.front() {
            let to = [dir.neighbor(s.hex), dir.neighbor(right)];
            if to.iter().all(|&h| open(self, h)) && to.iter().any(|h| vacated.contains(h)) {
                let [l, r] = to;
                if let Some(m) = self.field.units.get_mut(attacker) {
                    m.hex = l;
                }
                let label = format!("{}/{}", self.field.label(l), self.field.label(r));
                events.push(Self::event(
                    RuleRef::PhalanxAdvance,
                    StandardEvent::Advanced { unit: attacker, to: label },
                ));
                return Ok(());
            }
        }
        Ok(())
    }

    /// Dictator 9.104: the advance by a pivot into the vacated centre front
    /// hex, the half beside the enemy staying (about the left half is
    /// counter-clockwise), with the pivot's hits and the wheel's check when
    /// that half is in an enemy ZOC.
    fn pivot_advance(
        &mut self,
        attacker: usize,
        clockwise: bool,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(s) = self.field.units.get(attacker).copied() else { return Ok(()) };
        let Some(side) = self.field.side(attacker) else { return Ok(()) };
        let p = pivot(s.hex, s.facing, clockwise);
        let wheel = self.field.in_enemy_zoc(p.stays, side)
            && self
                .field
                .zoc_holders(p.stays, side)
                .iter()
                .any(|&e| self.field.def(e).is_some_and(|d| d.class() != ShockClass::SK));
        let mut hits = self
            .hex_cost(attacker, p.from, p.dir)
            .map_or(0, |c| c.hits)
            .saturating_add(self.tables.movement.facing().phalanx_pivot_hits.value);
        if let Some(m) = self.field.units.get_mut(attacker) {
            m.hex = p.left;
            m.facing = p.facing;
        }
        self.need_tq(attacker, dice, events)?;
        let mut roll = None;
        if wheel {
            let r = dice.d10()?;
            hits = hits.saturating_add(wheel_check_hits(self.tq(attacker), r.face));
            roll = Some(r);
        }
        let to = self.field.label(p.enters);
        let mut e = Self::event(
            RuleRef::PhalanxAdvance,
            StandardEvent::Pivoted { unit: attacker, to, facing: p.facing, hits },
        );
        if let Some(r) = roll {
            e = e.with_roll(r);
        }
        events.push(e);
        if self.add_hits(attacker, hits, events) {
            self.rout(attacker, dice, events)?;
        }
        Ok(())
    }

    /// A routed double-size phalanx's step toward its retreat edge: both
    /// halves one hex in a direction of the retreat facing's front, into
    /// vacant hexes (out of enemy ZOC if it can). Returns `Some(true)` when
    /// it moved, `Some(false)` when it left the map (eliminated by the
    /// caller), `None` when it could not move. Passing through friends is
    /// not modelled for two hexes (Reconstructed: it is eliminated).
    pub(super) fn double_rout_step(&mut self, u: usize, retreat: Facing) -> Option<bool> {
        let s = self.field.units.get(u).copied()?;
        let side = self.field.side(u)?;
        if s.status != UnitStatus::Routed {
            return None;
        }
        let right = right_half(s.hex, s.facing);
        let mut options: Vec<(bool, Hex)> = Vec::new();
        for dir in retreat.front() {
            let to = [dir.neighbor(s.hex), dir.neighbor(right)];
            if to.iter().any(|&h| !self.field.board().contains(h)) {
                return Some(false);
            }
            let free = to.iter().all(|&h| {
                self.field.units_at(h).into_iter().all(|o| o == u)
                    && self.field.move_terrain(h).is_some_and(|t| {
                        self.tables.movement.mp(t) != crate::tables::MpCost::Impassable
                    })
            });
            if free {
                let zoc = to.iter().any(|&h| self.field.in_enemy_zoc(h, side));
                let [l, _] = to;
                options.push((zoc, l));
            }
        }
        options.sort_by_key(|(zoc, _)| *zoc);
        let (_, to) = options.first().copied()?;
        if let Some(m) = self.field.units.get_mut(u) {
            m.hex = to;
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Field;

    #[test]
    fn rule_9_102_a_pivot_keeps_the_halves_adjacent_and_turns_a_vertex() {
        let l = Hex::new(0, 0);
        for facing in Facing::ALL {
            for clockwise in [false, true] {
                let p = pivot(l, facing, clockwise);
                let r = right_half(p.left, p.facing);
                assert_eq!(Field::distance(p.left, r), 1);
                assert!([p.left, r].contains(&p.stays) && [p.left, r].contains(&p.enters));
                assert_eq!(facing.vertices_to(p.facing), 1);
                assert_eq!(p.dir.neighbor(p.from), p.enters);
                // The half entering moved into one of its own front hexes.
                assert!(facing.front().contains(&p.dir));
            }
        }
    }

    #[test]
    #[allow(clippy::unwrap_used, clippy::indexing_slicing)]
    fn rule_9_101_an_attack_through_a_vertex_gives_the_defender_the_better_facing() {
        use crate::Spqr;
        use gboh_core::facing::Aspect;
        let (mut b, _) = Battle::new(Spqr, "Phalanx").unwrap();
        let at = |b: &Battle<Spqr>, l: &str| b.field.board().hex_of(l).unwrap();
        // PH-A (S0705/S0704 facing Six) and LG-1 put in its centre front S0605.
        let (ph, lg) = (0, 3);
        b.field.units[lg].hex = at(&b, "S0605");
        // Facing Two: S0705 is in LG-1's front, S0704 in its flank: front.
        b.field.units[lg].facing = Facing::Two;
        assert_eq!(b.aspect(lg, ph), Aspect::Front);
        // Facing Four: a flank and a rear hex: the flank.
        b.field.units[lg].facing = Facing::Four;
        assert_eq!(b.aspect(lg, ph), Aspect::Flank);
        // Facing Six: both halves in its rear.
        b.field.units[lg].facing = Facing::Six;
        assert_eq!(b.aspect(lg, ph), Aspect::Rear);
    }

    #[test]
    #[allow(clippy::unwrap_used, clippy::indexing_slicing)]
    fn rule_10_1_a_routed_double_phalanx_moves_both_halves_out_of_enemy_zoc() {
        use crate::Spqr;
        let (mut b, _) = Battle::new(Spqr, "Phalanx").unwrap();
        let mut dice = Dice::seeded(1);
        let mut events = Vec::new();
        b.rout(0, &mut dice, &mut events).unwrap();
        let f = &b.field;
        let labels: Vec<String> = f.halves(0).into_iter().map(|h| f.label(h)).collect();
        // Twice toward twelve o'clock, north-west each time: north-east would
        // put a half in LG-1's, then LG-2's, ZOC.
        assert_eq!(labels, ["S0904", "S0903"]);
        assert_eq!(f.units[0].status, UnitStatus::Routed);
        assert!(events.iter().any(|e| matches!(&e.what, StandardEvent::RoutMove { unit: 0, .. })));
    }

    #[test]
    #[allow(clippy::unwrap_used, clippy::indexing_slicing)]
    fn rule_9_104_an_enemy_in_one_front_hex_and_only_the_centre_vacated_makes_it_pivot() {
        use crate::Spqr;
        let (mut b, _) = Battle::new(Spqr, "Phalanx").unwrap();
        let at = |b: &Battle<Spqr>, l: &str| b.field.board().hex_of(l).unwrap();
        // PH-C (S0607/S0606 facing Six): LG-1 in its left front S0507,
        // facing Twelve (its ZOC covers PH-C's left half); the centre
        // front S0506 was vacated.
        let (ph, lg) = (2, 3);
        b.field.units[lg].hex = at(&b, "S0507");
        b.field.units[lg].facing = Facing::Twelve;
        let centre = at(&b, "S0506");
        let mut dice = Dice::scripted([8]);
        let mut events = Vec::new();
        b.double_advance(ph, &[centre], &mut dice, &mut events).unwrap();
        let f = &b.field;
        let labels: Vec<String> = f.halves(ph).into_iter().map(|h| f.label(h)).collect();
        // The left half (beside LG-1) stays, the right pivots into the centre.
        assert_eq!(labels, ["S0607", "S0506"]);
        assert_eq!(f.units[ph].facing, Facing::Four);
        // The pivot's hit, and the wheel's check (its left half is in LG-1's
        // ZOC): an 8 against TQ 6 is 2 more.
        assert_eq!(f.units[ph].hits, 3);
        assert!(events.iter().any(|e| e.rule == "SPQR 8.47 (phalanx)" && e.rolls.len() == 1));
        // With enemies in both its left and right fronts it does not advance.
        let (mut b, _) = Battle::new(Spqr, "Phalanx").unwrap();
        b.field.units[lg].hex = at(&b, "S0507");
        b.field.units[5].hex = at(&b, "S0505");
        let before = b.field.units[ph];
        b.double_advance(ph, &[centre], &mut Dice::scripted([]), &mut Vec::new()).unwrap();
        assert_eq!(b.field.units[ph], before);
    }

    #[test]
    #[allow(clippy::unwrap_used)]
    fn rule_6_27_a_phalanx_in_column_takes_no_hit_for_its_first_level_up() {
        use crate::Spqr;
        let (b, _) = Battle::new(Spqr, "Phalanx").unwrap();
        let from = b.field.board().hex_of("S0705").unwrap();
        // North-west is S0805: woods one level up (1 hit each for a phalanx).
        let line = b.hex_cost_with(0, from, Direction::NW, false).unwrap();
        let column = b.hex_cost_with(0, from, Direction::NW, true).unwrap();
        assert_eq!((line.hits, column.hits), (2, 1));
        assert_eq!(line.half_mp, column.half_mp);
    }

    #[test]
    fn rule_9_102_wheel_printed_example() {
        // SPQR 6.44 / Dictator 9.102: TQ 6, a 5 gives one more hit, an 8 two more.
        assert_eq!(wheel_check_hits(6, 5), 1);
        assert_eq!(wheel_check_hits(6, 8), 2);
        assert_eq!(wheel_check_hits(6, 6), 1);
    }
}
