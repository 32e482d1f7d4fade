//! The end of a shock (SPQR 8.47 and 8.5-8.6 in the living rules'
//! numbering): hits shared out, collapse, brink checks, javelins spent,
//! advance after combat and cavalry pursuit. Split from shock.rs without
//! change.

use gboh_core::dice::Dice;
use gboh_core::facing::Direction;

use super::{Battle, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::MissileKey;
use crate::missile::Supply;
use crate::rule::RuleRef;
use crate::shock::{CollapseUnit, Fate, allocate, brink_check, collapse_advancing};
use crate::state::UnitStatus;

use super::shock::ShockAftermath;

impl<G: StandardGame> Battle<G> {
    /// The rest of a shock once the defenders' hits are shared out: hits,
    /// collapse (8.47), brink checks, javelins spent, advance and pursuit.
    pub(super) fn finish_shock(
        &mut self,
        a: &ShockAftermath,
        shares: &[u8],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let ShockAftermath {
            attacker,
            ref partners,
            ref defenders,
            ref remaining,
            attacker_hits,
            position,
            moved,
            cavalry,
            ..
        } = *a;
        let a_side = self.field.side(attacker).unwrap_or(gboh_core::Side::Roman);
        self.left_map.clear();
        // SPQR 8.42, 8.46 step 4: a combined attack's hits are shared out as
        // 10.13 says, the odd one to the unit used for the column.
        let attackers: Vec<usize> =
            core::iter::once(attacker).chain(partners.iter().copied()).collect();
        let attacker_shares = allocate(attacker_hits, attackers.len(), 0);
        let mut given: Vec<(usize, u8)> = Vec::new();
        for (&a, &n) in attackers.iter().zip(&attacker_shares) {
            given.extend(self.double_depth_shares(a, n));
        }
        for (u, n) in given.into_iter().chain(remaining.iter().copied().zip(shares.iter().copied()))
        {
            if let Some(s) = self.field.units.get_mut(u) {
                s.hits = s.hits.saturating_add(n);
            }
        }
        // 8.47 Collapse.
        let units: Vec<usize> = attackers.iter().chain(remaining.iter()).copied().collect();
        for &u in &units {
            self.need_tq(u, dice, events)?;
        }
        let list: Vec<CollapseUnit> = units
            .iter()
            .map(|&u| CollapseUnit {
                tq: self.tq(u),
                hits: self.field.units.get(u).map_or(0, |s| s.hits),
                attacker: attackers.contains(&u),
                advance_hits: if attackers.contains(&u) {
                    self.advance_cost(u, remaining)
                } else {
                    0
                },
            })
            .collect();
        let mut stood = Vec::new();
        for (&u, fate) in units.iter().zip(collapse_advancing(&list)) {
            match fate {
                Fate::Routs => {
                    let attacking = attackers.contains(&u);
                    let no_roll = !attacking && position;
                    if !self.rout_or_stand(u, attacking, no_roll, dice, events)? {
                        stood.push(u);
                    }
                }
                Fate::Stays { hits } => {
                    if let Some(s) = self.field.units.get_mut(u) {
                        s.hits = hits;
                    }
                }
            }
        }
        for &a in &attackers {
            self.double_depth_bottom_collapse(a, dice, events)?;
        }
        // 8.47 #2: units on the brink in an enemy ZOC (not phalanxes that just stood).
        for &u in &units {
            let tq = self.tq(u);
            let Some(s) = self.field.units.get(u).copied() else { continue };
            let side = self.field.side(u).unwrap_or(a_side);
            if s.in_play()
                && !stood.contains(&u)
                && s.hits.saturating_add(1) == tq
                && self.field.in_enemy_zoc(s.hex, side)
            {
                let roll = dice.d10()?;
                let fate = brink_check(tq, roll.face);
                events.push(
                    Self::event(
                        RuleRef::Collapse,
                        StandardEvent::Brink { unit: u, stays: fate != Fate::Routs },
                    )
                    .with_roll(roll),
                );
                match fate {
                    Fate::Stays { hits } => {
                        if let Some(m) = self.field.units.get_mut(u) {
                            m.hits = hits;
                        }
                    }
                    Fate::Routs => self.rout(u, dice, events)?,
                }
            }
        }
        // 8.2: javelin-armed foot are Missile No after any shock.
        for &u in &units {
            let jav = self.field.def(u).is_some_and(|d| d.missile == Some(MissileKey::Javelin));
            if let Some(s) = self.field.units.get_mut(u)
                && jav
                && s.status != UnitStatus::Eliminated
            {
                s.supply = Supply::No;
            }
        }
        // 8.47 #3: the attackers advance (each of a combined attack in turn),
        // victorious cavalry that moved rolls to pursue.
        if remaining.iter().all(|&d| !self.field.units.get(d).is_some_and(|s| s.in_play())) {
            let vacated = a.vacated.clone();
            for &u in &attackers {
                if !self.field.units.get(u).is_some_and(|s| s.in_play()) || self.in_double_depth(u)
                {
                    continue;
                }
                self.advance(u, defenders, &vacated, dice, events)?;
                let is_cavalry = if u == attacker {
                    cavalry
                } else {
                    self.field.def(u).is_some_and(|d| d.class().is_cavalry())
                };
                if moved && is_cavalry && self.game.cavalry_pursuit(&self.field, u) {
                    self.pursuit(u, remaining, dice, events)?;
                }
            }
        }
        self.left_map.clear();
        Ok(())
    }

    /// SPQR 8.5 cavalry pursuit: victorious attacking cavalry rolls; above its
    /// TQ it pursues: it follows a routed defender still on the map and shocks
    /// it again (a routed unit hit again is eliminated), or, all defenders
    /// eliminated, rides on half its MA against infantry, its full MA against
    /// cavalry; a routed defender that left the map takes the pursuer (and
    /// the leaders stacked with it) off the map after it (8.62's last case,
    /// `place_off_map`). Either way it is Finished for the turn.
    pub(super) fn pursuit(
        &mut self,
        cavalry: usize,
        defenders: &[usize],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.need_tq(cavalry, dice, events)?;
        let tq = self.tq(cavalry);
        let roll = dice.d10()?;
        let pursues = crate::shock::pursues(tq, roll.face);
        events.push(
            Self::event(RuleRef::ShockResult, StandardEvent::Pursuit { unit: cavalry, pursues })
                .with_roll(roll),
        );
        if let Some(s) = self.field.units.get_mut(cavalry) {
            s.spent = true;
        }
        if !pursues {
            return Ok(());
        }
        let Some(side) = self.field.side(cavalry) else { return Ok(()) };
        let routed: Vec<usize> = defenders
            .iter()
            .copied()
            .filter(|&d| self.field.units.get(d).is_some_and(|s| s.status == UnitStatus::Routed))
            .collect();
        if let Some(&target) = routed.first() {
            let Some(t) = self.field.units.get(target).copied() else { return Ok(()) };
            let beside = Direction::ALL.iter().map(|d| d.neighbor(t.hex)).find(|&h| {
                self.field.unit_at(h).is_none()
                    && self.field.move_terrain(h).is_some_and(|m| {
                        self.tables.movement.mp(m) != crate::tables::MpCost::Impassable
                    })
            });
            if let Some(h) = beside {
                let facing =
                    Direction::between(h, t.hex).map(|d| gboh_core::facing::Facing::toward(d)[0]);
                if let Some(s) = self.field.units.get_mut(cavalry) {
                    s.hex = h;
                    if let Some(f) = facing {
                        s.facing = f;
                    }
                }
                let to = self.field.label(h);
                events.push(Self::event(
                    RuleRef::Collapse,
                    StandardEvent::Advanced { unit: cavalry, to },
                ));
                self.eliminate(target, RuleRef::Rout, events);
            }
            return Ok(());
        }
        // SPQR 8.62's last case: the routed unit left the map.
        if let Some(&(_, exit)) = self.left_map.iter().find(|(d, _)| defenders.contains(d)) {
            self.place_off_map(cavalry, exit, events);
            return Ok(());
        }
        let against_cavalry =
            defenders.iter().all(|&d| self.field.def(d).is_some_and(|x| x.class().is_mounted()));
        let ma = self.ma(cavalry);
        let hexes = if against_cavalry { ma } else { ma / 2 };
        for _ in 0..hexes {
            let Some(s) = self.field.units.get(cavalry).copied() else { break };
            let next = s.facing.front().iter().map(|d| d.neighbor(s.hex)).find(|&h| {
                self.field.unit_at(h).is_none()
                    && self.field.move_terrain(h).is_some_and(|m| {
                        self.tables.movement.mp(m) != crate::tables::MpCost::Impassable
                    })
            });
            let Some(h) = next else { break };
            if let Some(m) = self.field.units.get_mut(cavalry) {
                m.hex = h;
            }
            let to = self.field.label(h);
            events.push(Self::event(
                RuleRef::Collapse,
                StandardEvent::Advanced { unit: cavalry, to },
            ));
            if self.field.in_enemy_zoc(h, side) {
                break;
            }
        }
        Ok(())
    }

    /// SPQR 8.47 #1: the most hits `attacker`'s advance toward one of
    /// `defenders` would cost it (the game's, `advance_step_hits`).
    fn advance_cost(&self, attacker: usize, defenders: &[usize]) -> u8 {
        let Some(a) = self.field.units.get(attacker) else { return 0 };
        defenders
            .iter()
            .filter_map(|&d| self.field.units.get(d))
            .filter_map(|d| gboh_core::facing::Direction::between(a.hex, d.hex))
            .map(|dir| self.game.advance_step_hits(&self.field, attacker, a.hex, dir))
            .max()
            .unwrap_or(0)
    }

    /// SPQR 8.47: the attacker advances into a vacated front hex (a
    /// double-size phalanx as Dictator 9.104 says, `double_advance`).
    pub(super) fn advance(
        &mut self,
        attacker: usize,
        defenders: &[usize],
        vacated: &[hexx::Hex],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        if self.field.is_double(attacker) {
            return self.double_advance(attacker, vacated, dice, events);
        }
        let Some(s) = self.field.units.get(attacker).copied() else { return Ok(()) };
        if !s.in_play() {
            return Ok(());
        }
        let _ = defenders;
        let vacated = s
            .facing
            .front()
            .iter()
            .filter(|&&d| self.game.may_advance(&self.field, attacker, s.hex, d))
            .map(|d| d.neighbor(s.hex))
            .find(|&h| {
                self.field.unit_at(h).is_none()
                    && self.field.move_terrain(h).is_some_and(|t| {
                        self.tables.movement.mp(t) != crate::tables::MpCost::Impassable
                    })
            });
        if let Some(h) = vacated {
            // The game's cost of the advance (Gergovia 8.4), capped at TQ - 1.
            let cost = gboh_core::facing::Direction::between(s.hex, h)
                .map_or(0, |d| self.game.advance_step_hits(&self.field, attacker, s.hex, d));
            let tq = self.tq(attacker);
            if let Some(m) = self.field.units.get_mut(attacker) {
                m.hex = h;
                m.hits = crate::shock::advance_hits(tq, m.hits, cost);
            }
            let to = self.field.label(h);
            events.push(Self::event(
                RuleRef::Collapse,
                StandardEvent::Advanced { unit: attacker, to },
            ));
        }
        Ok(())
    }
}
