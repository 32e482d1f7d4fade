//! The Shock segment (SPQR 8.3-8.47): every heavy unit that moved next to an
//! enemy this phase shocks the enemies in its front hexes, alone or combined
//! with others the active player joined to it (8.42, `combined.rs`), each
//! defender once a segment: pre-shock TQ checks, leader casualties, then the
//! terms of the combat (`terms.rs`), the CRT, and its end (`collapse.rs`).

use gboh_core::dice::Dice;
use gboh_core::facing::{Aspect, Direction};
use gboh_core::table::{Drm, Modifiers};

use super::terms::{CombatTerms, phalanx_defence_flanks};
use super::{Battle, OrderKind, OrdersPhase, Phase, StandardError, StandardEvent};
use crate::check::{PhalanxStand, PreShockOutcome, phalanx_stand, pre_shock_stacked};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;
use crate::rule::RuleRef;
use crate::shock::{ShockDuty, allocate, resolve, shock_duty};
use crate::state::LeaderStatus;

impl<G: StandardGame> Battle<G> {
    /// The aspect of `defender` that an attack from `attacker`'s hex comes
    /// through. A double-size phalanx attacks from both halves: an attack
    /// through the vertex between different facings gives the defender the
    /// most advantageous (Dictator 9.101, fourth bullet); a double-size
    /// defender is seen from the half the attacker is next to.
    pub(super) fn aspect(&self, defender: usize, attacker: usize) -> Aspect {
        self.field
            .halves(attacker)
            .into_iter()
            .filter_map(|h| self.field.aspect_from(defender, h))
            .min()
            .unwrap_or(Aspect::Front)
    }

    /// The enemy units in unit `u`'s front hexes (a double-size counter's
    /// three, Dictator 9.101), each once.
    pub(super) fn front_enemies(&self, u: usize) -> Vec<usize> {
        let Some(side) = self.field.side(u) else { return Vec::new() };
        let mut out: Vec<usize> = Vec::new();
        for e in self.field.front_hexes(u).into_iter().flat_map(|h| self.field.units_at(h)) {
            if self.field.side(e) == Some(side.opponent()) && !out.contains(&e) {
                out.push(e);
            }
        }
        out
    }

    /// Gergovia 6.73: a melee across a hexside closed to ZOC is marked, and
    /// the two exert a ZOC on each other across it from now on this turn
    /// (`Field::melees`). Nothing when the scenario closes no hexside.
    fn mark_melees(&mut self, attacker: usize, defenders: &[usize]) {
        for &d in defenders {
            let across = self.field.halves(attacker).into_iter().any(|a| {
                self.field.halves(d).into_iter().any(|h| {
                    Direction::between(a, h).is_some_and(|dir| self.field.zoc_closed(a, dir))
                })
            });
            if across && !self.field.melees.contains(&(attacker, d)) {
                self.field.melees.push((attacker, d));
            }
        }
    }

    pub(super) fn phalanx_defence(&self, defender: usize, attacker: usize, moved: bool) -> u8 {
        phalanx_defence_flanks(&self.field, defender, attacker, moved)
    }

    /// SPQR 8.31, 7.31: the attackers of this phase: units ordered to move
    /// that moved adjacent to an enemy from a hex not adjacent to it, must
    /// shock (heavy types), and have an enemy in a front hex.
    pub(super) fn attackers(&self, o: &OrdersPhase) -> Vec<usize> {
        o.ordered
            .iter()
            .filter(|x| x.kind == OrderKind::Move && x.moved && x.closed)
            .map(|x| x.unit)
            .filter(|&u| {
                let (Some(s), Some(d)) = (self.field.units.get(u), self.field.def(u)) else {
                    return false;
                };
                shock_duty(d.class(), true, d.is_archer(), !s.in_play(), s.column)
                    == ShockDuty::Must
                    && !self.front_enemies(u).is_empty()
                    && !self.double_depth_bottom(u)
            })
            .collect()
    }

    /// SPQR 8.31: the units that may (not must) shock this phase: light
    /// units (LI, LC) that moved next to an enemy, and units that did not
    /// move, ordered to fire or in the active leader's Command Range.
    pub(super) fn optional_attackers(&self, o: &OrdersPhase) -> Vec<usize> {
        let must = self.attackers(o);
        let side = self.leader_side(o.leader);
        if self.field.leader_def(o.leader).is_none() {
            return Vec::new();
        }
        (0..self.field.units.len())
            .filter(|&u| {
                let (Some(s), Some(d)) = (self.field.units.get(u), self.field.def(u)) else {
                    return false;
                };
                let ordered = o.ordered.iter().find(|x| x.unit == u);
                // 7.31: moved adjacent from a hex not adjacent to the enemy.
                let closed = ordered.is_some_and(|x| x.moved && x.closed);
                let duty = shock_duty(d.class(), closed, d.is_archer(), !s.in_play(), s.column);
                let may = if closed {
                    duty == ShockDuty::May
                } else {
                    // 7.33: a Fire order, a Move order where 7.31 does not
                    // apply, or in the leader's Command Range (a Tribune's
                    // or Praefect's: a unit of the kind he commands, 4.52,
                    // 4.54).
                    duty != ShockDuty::Cannot
                        && (ordered
                            .is_some_and(|x| matches!(x.kind, OrderKind::Fire | OrderKind::Move))
                            || (self.in_command_range(o.leader, u)
                                && crate::roman::may_command(&self.field, o.leader, u)))
                };
                Some(d.side) == side
                    && !must.contains(&u)
                    && may
                    && !self.front_enemies(u).is_empty()
                    && !self.double_depth_bottom(u)
            })
            .collect()
    }

    /// The Shock segment: the must-shock attackers, then those designated
    /// (units that did not move shock with no pre-shock checks). Returns
    /// whether it paused for an attacker's hit allocation (Dictator 9.106).
    pub(super) fn shock_segment(
        &mut self,
        designated: &[usize],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        let Phase::Orders(o) = self.phase.clone() else { return Ok(false) };
        let must = self.attackers(&o);
        let queue: Vec<(usize, bool)> = must
            .iter()
            .chain(designated)
            .map(|&u| (u, o.ordered.iter().any(|x| x.unit == u && x.moved && x.closed)))
            .collect();
        self.run_shocks(queue, dice, events)
    }

    /// Resolves the shocks of `queue` in order; pauses (returning `true`) when
    /// an attacker allocates its hits itself, or when the defender picks the
    /// type for a shock's column (Gergovia 8.36 #B).
    pub(super) fn run_shocks(
        &mut self,
        queue: Vec<(usize, bool)>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        self.run_shocks_picked(queue, None, dice, events)
    }

    /// As [`Self::run_shocks`], with the defender's pick (`pick`) for the
    /// first attacker's shock, once made.
    pub(super) fn run_shocks_picked(
        &mut self,
        queue: Vec<(usize, bool)>,
        mut pick: Option<usize>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        for (i, &(attacker, moved)) in queue.iter().enumerate() {
            let picked = pick.take();
            // SPQR 8.42: a unit joined to another's combat shocks with it.
            if self.segment_orders().is_some_and(|o| o.joined.iter().any(|j| j.0 == attacker)) {
                continue;
            }
            // The units of its combat still in play (8.42: those joined to it
            // shock even if it no longer can).
            let group = self.combat_group(attacker);
            if !group.is_empty() {
                let moved = (moved && group.first() == Some(&attacker))
                    || group.iter().any(|&u| self.closed_in(u));
                let defenders = self.combat_defenders(&group);
                if picked.is_none()
                    && !self.clash_candidates(attacker).is_empty()
                    && let Phase::Orders(orders) = self.phase.clone()
                {
                    let rest = queue.get(i..).map(<[_]>::to_vec).unwrap_or_default();
                    self.phase = Phase::ClashChoice { orders, queue: rest };
                    return Ok(true);
                }
                if defenders.is_empty() {
                    continue;
                }
                // SPQR 8.42: each defender is shocked once a segment.
                if let Phase::Orders(o) = &mut self.phase {
                    o.shocked.extend(defenders.iter().copied());
                }
                if let Some(aftermath) =
                    self.shock_group(&group, &defenders, moved, picked, dice, events)?
                    && let Phase::Orders(orders) = self.phase.clone()
                {
                    let rest = queue.get(i + 1..).map(<[_]>::to_vec).unwrap_or_default();
                    self.phase =
                        Phase::Allocation { orders, aftermath, queue: rest, shares: Vec::new() };
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// SPQR 8.4: one unit's pre-shock check; returns whether it is out of the
    /// combat (routed). A phalanx that would rout rolls to stand.
    pub(super) fn pre_shock_check(
        &mut self,
        u: usize,
        attacking: bool,
        opponents: &[usize],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        self.need_tq(u, dice, events)?;
        let mut m = Modifiers::new();
        if self.field.units.get(u).is_some_and(|s| s.column) {
            // SPQR 6.27: TQ -2 in column, as +2 to the check.
            m.push(G::section(RuleRef::MovementCost), "in column", Drm(2));
        }
        let depth = self.in_double_depth(u);
        let stacked = if depth { Drm(0) } else { self.field.stack_drm(u) };
        self.double_depth_modifiers(u, attacking, opponents, &mut m);
        if stacked != Drm(0) {
            // SPQR 6.6: +1 to TQ checks while stacked with another class or colour.
            m.push(G::section(RuleRef::Stacking), "stacked", stacked);
        }
        self.game.pre_shock_modifiers(&self.field, u, attacking, opponents, &mut m);
        let tq = self.tq(u);
        // SPQR 6.68: each unit of a stack checks, against the top unit's TQ.
        // SPQR 9.53: a unit in double depth checks at its own TQ.
        let top = self.field.stacked_with(u).filter(|_| self.field.is_bottom(u) && !depth);
        if let Some(t) = top {
            self.need_tq(t, dice, events)?;
        }
        let check_tq = top.map_or(tq, |t| self.tq(t));
        let before = self.field.units.get(u).map_or(0, |s| s.hits);
        let roll = dice.d10()?;
        let outcome = pre_shock_stacked(check_tq, tq, before, roll.face, m.total());
        let hits = match outcome {
            PreShockOutcome::Holds { hits } | PreShockOutcome::Routs { hits } => hits,
        };
        events.push(
            Self::event(RuleRef::PreShockCheck, StandardEvent::PreShock { unit: u, hits })
                .with_roll(roll),
        );
        if let Some(s) = self.field.units.get_mut(u) {
            s.hits = s.hits.saturating_add(hits);
        }
        if let PreShockOutcome::Routs { .. } = outcome {
            return self.rout_or_stand(u, attacking, false, dice, events);
        }
        Ok(false)
    }

    /// A unit whose hits reached its TQ routs; a phalanx first rolls to stand
    /// (SPQR 8.4, Dictator 9.103) unless `no_roll` (a defender against
    /// position superiority). Returns whether it routed.
    pub(super) fn rout_or_stand(
        &mut self,
        u: usize,
        attacking: bool,
        no_roll: bool,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        let phalanx = self.field.def(u).is_some_and(|d| d.class() == ShockClass::PH);
        if phalanx && !no_roll {
            let tq = self.tq(u);
            let hits = self.field.units.get(u).map_or(0, |s| s.hits);
            let roll = dice.d10()?;
            let stand = phalanx_stand(tq, hits, attacking, roll.face);
            let stands = matches!(stand, PhalanxStand::Stands { .. });
            events.push(
                Self::event(
                    RuleRef::PreShockCheck,
                    StandardEvent::PhalanxStands { unit: u, stands },
                )
                .with_roll(roll),
            );
            if let PhalanxStand::Stands { hits } = stand {
                if let Some(s) = self.field.units.get_mut(u) {
                    s.hits = hits;
                }
                return Ok(false);
            }
        }
        self.rout(u, dice, events)?;
        Ok(true)
    }

    #[cfg(test)]
    pub(super) fn shock(
        &mut self,
        attacker: usize,
        defenders: &[usize],
        moved: bool,
        picked: Option<usize>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<Option<ShockAftermath>, StandardError> {
        self.shock_group(&[attacker], defenders, moved, picked, dice, events)
    }

    /// SPQR 8.42-8.47 (the living rules' numbering): one combat of
    /// `attackers` (the first leading; more than one when the attacking
    /// player combined them, 8.42) against `defenders`.
    #[allow(clippy::too_many_lines)]
    pub(super) fn shock_group(
        &mut self,
        attackers: &[usize],
        defenders: &[usize],
        moved: bool,
        picked: Option<usize>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<Option<ShockAftermath>, StandardError> {
        let class = |b: &Self, u: usize| b.field.def(u).map_or(ShockClass::LI, |d| d.class());
        let Some(&lead) = attackers.first() else { return Ok(None) };
        for &a in attackers {
            self.mark_melees(a, defenders);
        }
        let vacated: Vec<hexx::Hex> =
            defenders.iter().flat_map(|&d| self.field.halves(d)).collect();
        // 8.4: no checks against skirmishers or routed units only, nor for
        // attackers that did not move (8.31). 8.43: with a combined attack,
        // each attacker that moved adjacent checks, and the defenders check
        // if any did.
        let checking: Vec<usize> = if attackers.len() == 1 {
            if moved { attackers.to_vec() } else { Vec::new() }
        } else {
            attackers.iter().copied().filter(|&a| self.closed_in(a)).collect()
        };
        let checks = !checking.is_empty()
            && defenders.iter().any(|&d| {
                class(self, d) != ShockClass::SK
                    && self.field.units.get(d).is_some_and(|s| s.in_play())
            });
        let mut out: Vec<usize> = Vec::new();
        let alive = |b: &Self, out: &[usize]| {
            attackers
                .iter()
                .copied()
                .filter(|&a| !out.contains(&a) && b.field.units.get(a).is_some_and(|s| s.in_play()))
                .collect::<Vec<usize>>()
        };
        if checks {
            for &a in &checking {
                // SPQR 9.53: the other unit of a double-depth stack checks
                // only if the one that checked took hits.
                if self.pre_shock_check(a, true, defenders, dice, events)?
                    || self.double_depth_second_check(a, true, defenders, dice, events)?
                {
                    out.push(a);
                }
            }
            if alive(self, &out).is_empty() {
                return Ok(None);
            }
            for &d in defenders {
                if self.double_depth_skips_check(d, lead) {
                    continue;
                }
                // 8.43: PH, HI and LG attacked frontally by LI do not check;
                // with a combined attack, only if every attacker that
                // checks is such an LI (Reconstructed).
                let exempt = class(self, d) == ShockClass::SK
                    || !self.field.units.get(d).is_some_and(|s| s.in_play())
                    || (matches!(class(self, d), ShockClass::PH | ShockClass::HI | ShockClass::LG)
                        && checking.iter().all(|&a| {
                            class(self, a) == ShockClass::LI && self.aspect(d, a) == Aspect::Front
                        }));
                if !exempt {
                    let foes = alive(self, &out);
                    self.pre_shock_check(d, false, &foes, dice, events)?;
                    self.double_depth_second_check(d, false, &foes, dice, events)?;
                }
            }
        }
        let attackers = alive(self, &out);
        if attackers.is_empty() {
            return Ok(None);
        }
        let remaining: Vec<usize> = defenders
            .iter()
            .copied()
            .filter(|&d| self.field.units.get(d).is_some_and(|s| s.in_play()))
            .collect();
        if remaining.is_empty() {
            for &a in &attackers {
                self.advance(a, defenders, &vacated, dice, events)?;
            }
            return Ok(None);
        }
        // 4.53: leaders in the hexes of the combat (both halves of a
        // double-size phalanx, Dictator 9.101), each hex once: a leader with a
        // stack rolls once.
        let mut hexes: Vec<(hexx::Hex, gboh_core::Side)> = Vec::new();
        for &u in attackers.iter().chain(remaining.iter()) {
            let Some(side) = self.field.side(u) else { continue };
            for h in self.field.halves(u) {
                if !hexes.contains(&(h, side)) {
                    hexes.push((h, side));
                }
            }
        }
        // SPQR 8.46 step 3 (8.5 in the summary's numbering): the leaders
        // killed here, whose side then suffers his Charisma plus 2, reversed.
        let mut killed: Vec<(gboh_core::Side, i32)> = Vec::new();
        for (hex, side) in hexes {
            for l in self.field.leaders_in(hex, side) {
                self.casualty_check(l, None, dice, events)?;
                if self.field.leaders.get(l).is_some_and(|s| s.status == LeaderStatus::Dead) {
                    let charisma = self.field.leader_def(l).map_or(0, |d| i32::from(d.charisma));
                    killed.push((side, charisma));
                }
            }
        }
        let Some(terms) = self.combat_terms(&attackers, &remaining, moved, picked, &killed) else {
            return Ok(None);
        };
        let CombatTerms { attacker, used, column, superiority: sup, position, .. } = terms;
        let roll = dice.d10()?;
        let hits = resolve(
            &self.tables.shock_crt,
            column,
            0,
            terms.drm,
            roll.face,
            sup,
            &terms.adjustments,
        );
        let with: Vec<usize> = attackers.iter().copied().filter(|&a| a != attacker).collect();
        let partners = with.clone();
        events.push(
            Self::event(
                RuleRef::ShockResult,
                StandardEvent::Shock {
                    attacker,
                    defender: used,
                    column: column.0,
                    shifts: terms.shifts,
                    shift_rule: G::section(RuleRef::ColumnShift),
                    modifiers: terms.modifiers,
                    superiority: sup,
                    attacker_hits: hits.attacker,
                    defender_hits: hits.defender,
                    with,
                },
            )
            .with_roll(roll),
        );
        let aftermath = ShockAftermath {
            attacker,
            partners,
            defenders: defenders.to_vec(),
            remaining: remaining.clone(),
            attacker_hits: hits.attacker,
            defender_hits: hits.defender,
            position,
            vacated: vacated.clone(),
            moved,
            cavalry: class(self, attacker).is_cavalry(),
        };
        if remaining.len() >= 2
            && hits.defender > 0
            && self.game.attacker_allocates(&self.field, attacker, &remaining)
        {
            return Ok(Some(aftermath));
        }
        let mut primary = remaining.iter().position(|&d| d == used).unwrap_or(0);
        // SPQR 6.68: a stack's odd hit goes to its top unit; from the rear,
        // to its bottom unit.
        if let [a, b] = remaining[..]
            && self.field.stacked_with(a) == Some(b)
        {
            let rear = self.aspect(a, attacker) == Aspect::Rear;
            let wanted = if rear == self.field.is_bottom(a) { 0 } else { 1 };
            primary = wanted;
        }
        let shares = allocate(hits.defender, remaining.len(), primary);
        self.finish_shock(&aftermath, &shares, dice, events)?;
        Ok(None)
    }
}

/// What a shock leaves to resolve once its hits are known (kept across the
/// attacker's hit allocation, Dictator 9.106).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct ShockAftermath {
    /// The attacker (with a combined attack, SPQR 8.42, the one whose type
    /// set the column).
    pub attacker: usize,
    /// The other attackers of a combined attack (SPQR 8.42).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub partners: Vec<usize>,
    /// Every defender it shocked.
    pub defenders: Vec<usize>,
    /// The defenders still in the combat after the pre-shock checks.
    pub remaining: Vec<usize>,
    /// Hits on the attacker.
    pub attacker_hits: u8,
    /// Hits on the defenders, to share out.
    pub defender_hits: u8,
    /// The attacker had position superiority (9.103: a phalanx defender routs unrolled).
    pub position: bool,
    /// The hexes the defenders stood on when the shock began (the hexes an
    /// advance may enter, Dictator 9.104).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub vacated: Vec<hexx::Hex>,
    /// The attacker moved (pursuit, 8.5).
    pub moved: bool,
    /// The attacker is cavalry (pursuit).
    pub cavalry: bool,
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::facing::{Direction, Facing};
    use gboh_core::table::Drm;

    use super::super::{Battle, StandardEvent};
    use crate::Spqr;
    use crate::state::LeaderStatus;

    const LG_3: usize = 2;
    const BI_3: usize = 8;
    const LEGATUS: usize = 0;

    /// Skirmish: BI-3 put in LG-3's north-east front hex, facing it; the
    /// Legatus (Charisma 1) with LG-3. LG-3 shocks without having moved (no
    /// pre-shock checks); the dice: the Legatus's casualty roll and its
    /// effect, then the CRT roll. Returns the CRT roll's modifiers.
    fn legatus_leads_a_shock(casualty: &[u8]) -> (Vec<(String, Drm)>, LeaderStatus) {
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let h = b.field.units[LG_3].hex;
        b.field.units[BI_3].hex = Direction::NE.neighbor(h);
        b.field.units[BI_3].facing = Facing::Eight;
        b.field.leaders[LEGATUS].hex = h;
        let mut faces = casualty.to_vec();
        faces.push(5);
        let mut events = Vec::new();
        b.shock(LG_3, &[BI_3], false, None, &mut Dice::scripted(faces), &mut events).unwrap();
        let modifiers = events
            .iter()
            .find_map(|e| match &e.what {
                StandardEvent::Shock { modifiers, .. } => {
                    Some(modifiers.iter().map(|m| (m.what.clone(), m.drm)).collect())
                }
                _ => None,
            })
            .unwrap();
        (modifiers, b.field.leaders[LEGATUS].status)
    }

    /// The Stacks field at the Legatus's orders, X-H put at `at` facing
    /// `facing` with the Legatus, BI-1 (S0606, facing six o'clock: its ZOC is
    /// the two hexes south of it) where it is.
    fn hastati_at(at: fn(hexx::Hex) -> hexx::Hex, facing: Facing) -> (Battle<Spqr>, hexx::Hex) {
        use gboh_core::game::Rules;
        let (mut b, _) = Battle::new(Spqr, "Stacks").unwrap();
        while !matches!(b.pending(), super::super::Pending::Orders { .. }) {
            b.perform(super::super::Action::Decline, &mut Dice::scripted([]), &mut Vec::new())
                .unwrap();
        }
        let c = b.field.units[BI_1].hex;
        let h = at(c);
        b.field.units[X_H].hex = h;
        b.field.units[X_H].facing = facing;
        b.field.leaders[LEGATUS].hex = h;
        (b, c)
    }

    fn act(b: &mut Battle<Spqr>, a: super::super::Action) {
        use gboh_core::game::Rules;
        let mut dice = Dice::scripted(vec![0; 10]);
        b.perform(a, &mut dice, &mut Vec::new()).unwrap();
        while let super::super::Pending::Reaction { unit, .. } = b.pending() {
            b.perform(super::super::Action::NoReaction { unit }, &mut dice, &mut Vec::new())
                .unwrap();
        }
    }

    fn orders(b: &Battle<Spqr>) -> super::super::OrdersPhase {
        match &b.phase {
            super::super::Phase::Orders(o) => o.clone(),
            other => panic!("{other:?}"),
        }
    }

    const X_H: usize = 0;
    const BI_1: usize = 6;

    #[test]
    fn rule_4_5_7_33_a_tribune_enables_shock_only_for_legion_infantry() {
        use super::super::{Action, Pending};
        use gboh_core::game::Rules;
        // The reconstructed "Tribunes" field at the Tribune's orders: an
        // enemy put in the front hex of the III's hastati and of the ala's
        // cohort, both in his Command Range.
        const H_III_1: usize = 0;
        const H_III_2: usize = 1;
        const C_ALA: usize = 4;
        const EQ_ALA: usize = 8;
        const TRIBUNUS: usize = 1;
        let (mut b, _) = Battle::new(Spqr, "Tribunes").unwrap();
        let mut dice = Dice::scripted(vec![0; 10]);
        loop {
            match b.pending() {
                Pending::Orders { leader: TRIBUNUS, .. } => break,
                Pending::Orders { .. } => b.perform(Action::EndOrders, &mut dice, &mut Vec::new()),
                _ => b.perform(Action::Decline, &mut dice, &mut Vec::new()),
            }
            .unwrap();
        }
        for (enemy, unit) in [(9, H_III_1), (10, C_ALA)] {
            let h = b.field.units[unit].hex;
            b.field.units[enemy].hex = Direction::NE.neighbor(h);
            b.field.units[enemy].facing = Facing::Eight;
        }
        // 7.33: the Tribune enables any legion's infantry (the Class and
        // legion limits do not apply: the III's two hastati here), not the
        // ala's cohort nor its cavalry beside it.
        let o = orders(&b);
        assert_eq!(b.optional_attackers(&o), vec![H_III_1, H_III_2]);
        // A leader with no office would enable them all.
        b.field.scenario = {
            let mut s = (*b.field.scenario).clone();
            s.leaders[TRIBUNUS].office = None;
            std::sync::Arc::new(s)
        };
        assert_eq!(b.optional_attackers(&o), vec![H_III_1, H_III_2, C_ALA, EQ_ALA]);
    }

    #[test]
    fn rule_7_31_only_a_unit_that_moved_adjacent_from_a_non_adjacent_hex_must_shock() {
        use super::super::Action;
        use crate::state::Field;
        // Already next to BI-1 (north-east of it, out of its ZOC), the
        // hastati step west, still next to it, and turn to face it: 7.31
        // does not apply; they may shock with no check (7.33), not must.
        let (mut b, c) = hastati_at(|c| Direction::NE.neighbor(c), Facing::Eight);
        act(&mut b, Action::Step { unit: X_H, dir: Direction::W });
        assert_eq!(Field::distance(b.field.units[X_H].hex, c), 1);
        act(&mut b, Action::Face { unit: X_H, facing: Facing::Four });
        assert_eq!(b.front_enemies(X_H), vec![BI_1]);
        let o = orders(&b);
        assert!(o.ordered[0].moved && !o.ordered[0].closed);
        assert!(b.attackers(&o).is_empty());
        assert_eq!(b.optional_attackers(&o), vec![X_H]);
        // Two hexes off, they step next to it: they must shock.
        let (mut b, _) =
            hastati_at(|c| Direction::NE.neighbor(Direction::NE.neighbor(c)), Facing::Eight);
        act(&mut b, Action::Step { unit: X_H, dir: Direction::SW });
        let o = orders(&b);
        assert!(o.ordered[0].closed);
        assert_eq!(b.attackers(&o), vec![X_H]);
        assert!(b.optional_attackers(&o).is_empty());
    }

    #[test]
    fn rule_7_32_a_light_unit_that_moved_adjacent_and_is_designated_checks() {
        use gboh_core::game::Rules;

        use super::super::{Action, Pending};
        const LG_1: usize = 0;
        const CAV: usize = 11;
        const PRINCEPS: usize = 3;
        // Skirmish at the Princeps's orders; his light cavalry two hexes
        // north-east of LG-1 (facing twelve o'clock), facing it.
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let mut dice = Dice::scripted(vec![5; 40]);
        b.perform(Action::Decline, &mut dice, &mut Vec::new()).unwrap();
        assert!(matches!(b.pending(), Pending::Orders { leader: PRINCEPS, .. }));
        let h = b.field.units[LG_1].hex;
        let start = Direction::NE.neighbor(Direction::NE.neighbor(h));
        b.field.units[CAV].hex = start;
        b.field.units[CAV].facing = Facing::Eight;
        b.field.leaders[PRINCEPS].hex = start;
        act(&mut b, Action::Step { unit: CAV, dir: Direction::SW });
        let o = orders(&b);
        assert!(o.ordered[0].closed);
        assert!(b.attackers(&o).is_empty(), "light: a choice (7.31)");
        assert_eq!(b.optional_attackers(&o), vec![CAV]);
        let mut events = Vec::new();
        for a in [Action::EndOrders, Action::DesignateShock { unit: CAV }, Action::ResolveShocks] {
            b.perform(a, &mut dice, &mut events).unwrap();
        }
        assert!(
            events.iter().any(|e| matches!(e.what, StandardEvent::Shock { attacker: CAV, .. }))
        );
        assert!(
            events.iter().any(|e| matches!(e.what, StandardEvent::PreShock { unit: CAV, .. })),
            "SHOCK MUST CHECK TQ (7.32, 8.43)"
        );
    }

    #[test]
    fn rule_8_5_a_leader_killed_in_the_combat_reverses_his_charisma_and_adds_2() {
        // No casualty (a 5): his Charisma, +1.
        let (m, status) = legatus_leads_a_shock(&[5]);
        assert_eq!(status, LeaderStatus::Ready);
        assert_eq!(m, vec![("the attacking leader's Charisma".to_owned(), Drm(1))]);
        // A 0, then a 9 on the Leader Casualty Table: killed; -(1 + 2).
        let (m, status) = legatus_leads_a_shock(&[0, 9]);
        assert_eq!(status, LeaderStatus::Dead);
        assert_eq!(
            m,
            vec![("the attacking leader killed: his Charisma + 2, reversed".to_owned(), Drm(-3))]
        );
        // A 0, then a 3: Finished, not killed: his Charisma still counts.
        let (m, status) = legatus_leads_a_shock(&[0, 3]);
        assert_eq!(status, LeaderStatus::Finished);
        assert_eq!(m, vec![("the attacking leader's Charisma".to_owned(), Drm(1))]);
    }
}
