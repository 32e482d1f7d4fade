//! Hits, rout, rout movement, elimination and rout points (SPQR 10.1, 11.0),
//! and leader casualties (4.53).

use gboh_core::dice::Dice;
use gboh_core::facing::Direction;

use super::{Battle, StandardError, StandardEvent};
use crate::command::leader_casualty;
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;
use crate::rule::RuleRef;
use crate::state::{LeaderStatus, UnitStatus};
use crate::tables::CasualtyEffect;

impl<G: StandardGame> Battle<G> {
    /// Lets the game prepare unit `u`'s TQ before it is read (its hook).
    pub(super) fn need_tq(
        &mut self,
        u: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.game.tq_needed(&self.field, u, dice, events)?;
        Ok(())
    }

    /// Adds `hits` to unit `u`: a routed unit hit again is eliminated (SPQR
    /// 10.1). Returns whether its hits reached its TQ (the caller routs it).
    pub(super) fn add_hits(&mut self, u: usize, hits: u8, events: &mut Vec<GameEvent<G>>) -> bool {
        if hits == 0 {
            return false;
        }
        let tq = self.tq(u);
        let Some(s) = self.field.units.get_mut(u) else { return false };
        match s.status {
            UnitStatus::Eliminated => false,
            UnitStatus::Routed => {
                self.eliminate(u, RuleRef::Rout, events);
                false
            }
            UnitStatus::InPlay => {
                s.hits = s.hits.saturating_add(hits);
                s.hits >= tq
            }
        }
    }

    /// SPQR 10.1: unit `u` routs: skirmishers and scorpions are eliminated,
    /// others move two hexes toward their retreat edge. The game's hook sees
    /// the rout first.
    pub(super) fn rout(
        &mut self,
        u: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        // SPQR 6.68 (last bullet): the unit it is stacked with, and whether
        // this one is the top unit.
        let partner = self.field.stacked_with(u);
        let top = !self.field.is_bottom(u);
        let depth = super::double_depth_partner(&self.field, u).is_some();
        let Some(s) = self.field.units.get_mut(u) else { return Ok(()) };
        if s.status != UnitStatus::InPlay {
            return Ok(());
        }
        s.status = UnitStatus::Routed;
        events.push(Self::event(RuleRef::Rout, StandardEvent::Routed { unit: u }));
        self.game.unit_routed(&self.field, u, dice, events)?;
        let scorpio = self.field.def(u).is_some_and(|d| {
            d.class() == ShockClass::SK || d.missile == Some(crate::kinds::MissileKey::Scorpio)
        });
        if scorpio {
            self.eliminate(u, RuleRef::Rout, events);
        } else {
            self.rout_move(u, 2, dice, events)?;
        }
        if let Some(p) = partner.filter(|&p| self.field.units.get(p).is_some_and(|s| s.in_play())) {
            self.stack_rout(p, top, depth, dice, events)?;
        }
        Ok(())
    }

    /// SPQR 6.68 (last bullet): if the top unit of a stack routs, so does the
    /// bottom one; if the bottom one routs, the top unit takes a TQ check and
    /// routs if it fails (a roll above its TQ). SPQR 9.53: in a double-depth
    /// stack (`depth`) it routs whichever unit routed.
    fn stack_rout(
        &mut self,
        p: usize,
        top_routed: bool,
        depth: bool,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        if top_routed || depth {
            events.push(Self::event(
                if depth { RuleRef::DoubleDepth } else { RuleRef::Stacking },
                StandardEvent::StackRout { unit: p, checked: false, routs: true },
            ));
            return self.rout(p, dice, events);
        }
        self.need_tq(p, dice, events)?;
        let roll = dice.d10()?;
        let routs = roll.face > self.tq(p);
        events.push(
            Self::event(
                RuleRef::Stacking,
                StandardEvent::StackRout { unit: p, checked: true, routs },
            )
            .with_roll(roll),
        );
        if routs {
            self.rout(p, dice, events)?;
        }
        Ok(())
    }

    /// Moves a routed unit up to `hexes` toward its retreat edge: into a front
    /// hex of its side's retreat facing, vacant and out of enemy ZOC if it can,
    /// else vacant, else through a friend into the vacant hex beyond (SPQR 6.6);
    /// off the map it is eliminated; if it cannot move at all it is eliminated.
    pub(super) fn rout_move(
        &mut self,
        u: usize,
        hexes: u8,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(side) = self.field.side(u) else { return Ok(()) };
        let mut moved = false;
        for _ in 0..hexes {
            let Some(s) = self.field.units.get(u).copied() else { return Ok(()) };
            if s.status != UnitStatus::Routed {
                return Ok(());
            }
            // The game's facing for this step (default: the side's retreat
            // facing); none: the unit stays where it is.
            let Some(facing) = self.game.rout_facing(&self.field, u) else {
                if moved {
                    break;
                }
                return Ok(());
            };
            let cross = |a: hexx::Hex, b: hexx::Hex| {
                Direction::between(a, b)
                    .is_some_and(|d| self.game.rout_may_cross(&self.field, u, a, d))
            };
            if self.field.is_double(u) {
                // Dictator 9.101: both halves move (see `double_rout_step`).
                match self.double_rout_step(u, facing) {
                    Some(true) => {
                        moved = true;
                        continue;
                    }
                    Some(false) => {
                        self.left_map.push((u, s.hex));
                        self.eliminate(u, RuleRef::Rout, events);
                        return Ok(());
                    }
                    None if !moved => {
                        self.eliminate(u, RuleRef::Rout, events);
                        return Ok(());
                    }
                    None => break,
                }
            }
            let dirs: [Direction; 2] = facing.front();
            let targets: Vec<_> = dirs.iter().map(|d| d.neighbor(s.hex)).collect();
            if targets.iter().any(|&h| !self.field.board().contains(h)) {
                // SPQR 8.62: the hex it left the map by, for a pursuer.
                self.left_map.push((u, s.hex));
                self.eliminate(u, RuleRef::Rout, events);
                return Ok(());
            }
            let vacant = |h: &hexx::Hex| {
                self.field.unit_at(*h).is_none()
                    && self.field.move_terrain(*h).is_some_and(|t| {
                        self.tables.movement.mp(t) != crate::tables::MpCost::Impassable
                    })
            };
            let next = targets
                .iter()
                .find(|h| vacant(h) && cross(s.hex, **h) && !self.field.in_enemy_zoc(**h, side))
                .or_else(|| targets.iter().find(|h| vacant(h) && cross(s.hex, **h)))
                .copied();
            // SPQR 6.6: through a friend into the vacant hex beyond.
            let through = if next.is_none() {
                dirs.iter().find_map(|d| {
                    let mid = d.neighbor(s.hex);
                    let beyond = d.neighbor(mid);
                    let friends = self.field.units_at(mid);
                    // SPQR 9.52: never through a double-depth stack.
                    let friendly = !friends.is_empty()
                        && friends
                            .iter()
                            .all(|&f| self.field.side(f) == Some(side) && !self.in_double_depth(f));
                    (friendly && vacant(&beyond) && cross(s.hex, mid) && cross(mid, beyond))
                        .then_some((friends, beyond))
                })
            } else {
                None
            };
            if let Some((friends, beyond)) = through {
                // Every unit of a stack passed pays (SPQR 6.6).
                for friend in friends {
                    self.routed_through(u, friend, dice, events)?;
                }
                if let Some(m) = self.field.units.get_mut(u) {
                    m.hex = beyond;
                    m.facing = facing;
                }
                moved = true;
                continue;
            }
            match next {
                Some(h) => {
                    if let Some(m) = self.field.units.get_mut(u) {
                        m.hex = h;
                        m.facing = facing;
                    }
                    moved = true;
                }
                None if !moved => {
                    self.eliminate(u, RuleRef::Rout, events);
                    return Ok(());
                }
                None => break,
            }
        }
        if let Some(s) = self.field.units.get(u).filter(|s| s.on_map()) {
            let to = self.field.label(s.hex);
            events.push(Self::event(RuleRef::Rout, StandardEvent::RoutMove { unit: u, to }));
        }
        Ok(())
    }

    /// SPQR 6.6: routed `mover` passes through `stationary`: the stationary
    /// unit takes 1 hit and a TQ check (the roll's excess over its TQ in more
    /// hits); a skirmisher passing costs a non-skirmisher 1 hit only; the same
    /// legion's units pass for free.
    fn routed_through(
        &mut self,
        mover: usize,
        stationary: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let (Some(m), Some(st)) = (self.field.def(mover), self.field.def(stationary)) else {
            return Ok(());
        };
        let same_legion = m.group.is_some() && m.group == st.group && m.legion && st.legion;
        // SPQR 6.69 (rout): velites pass as skirmishers do (1 hit to a
        // stationary unit, no check; none to skirmishers or velites).
        let light = |d: &crate::state::UnitDef| d.class() == ShockClass::SK || d.is_velites();
        let skirmisher = light(m);
        if same_legion || (skirmisher && light(st)) {
            return Ok(());
        }
        if !self.field.units.get(stationary).is_some_and(|s| s.in_play()) {
            return Ok(());
        }
        self.need_tq(stationary, dice, events)?;
        let mut hits = 1;
        let mut rolls = Vec::new();
        if !skirmisher {
            let r = dice.d10()?;
            hits += crate::check::tq_check_hits(
                self.tq(stationary),
                r.face,
                self.field.stack_drm(stationary),
            );
            rolls.push(r);
        }
        let mut e = Self::event(
            RuleRef::Stacking,
            StandardEvent::PassedThrough { unit: stationary, by: mover, hits },
        );
        for r in rolls {
            e = e.with_roll(r);
        }
        events.push(e);
        if self.add_hits(stationary, hits, events) {
            self.rout(stationary, dice, events)?;
        }
        Ok(())
    }

    /// Eliminates unit `u`; its side loses its rout points (SPQR 11.0).
    pub(super) fn eliminate(&mut self, u: usize, rule: RuleRef, events: &mut Vec<GameEvent<G>>) {
        let Some(s) = self.field.units.get_mut(u) else { return };
        if s.status == UnitStatus::Eliminated {
            return;
        }
        s.status = UnitStatus::Eliminated;
        let points = self.field.def(u).map_or(0, |d| d.rout_points());
        if let Some(side) = self.field.side(u) {
            let lost = self.field.rout_points.get_mut(side);
            *lost = lost.saturating_add(points);
        }
        events.push(Self::event(rule, StandardEvent::Eliminated { unit: u, rout_points: points }));
    }

    /// A dead leader's rout points (SPQR 11.0).
    fn leader_rout_points(&mut self, l: usize) {
        let points = self
            .field
            .leader_def(l)
            .map_or(0, |d| d.rout_points.unwrap_or(u32::from(d.initiative)));
        if let Some(side) = self.leader_side(l) {
            let lost = self.field.rout_points.get_mut(side);
            *lost = lost.saturating_add(points);
        }
    }

    /// SPQR 4.56: if fallen leader `l` was his army's OC and a Proconsul
    /// takes over (`roman::proconsul_in_command`), says so.
    fn proconsul_takes_over(&self, l: usize, events: &mut Vec<GameEvent<G>>) {
        let Some(d) = self.field.leader_def(l).filter(|d| d.overall) else { return };
        if let Some(p) = crate::roman::proconsul_in_command(&self.field, d.side) {
            events.push(Self::event(
                RuleRef::Proconsul,
                StandardEvent::ProconsulInCommand { leader: p },
            ));
        }
    }

    /// Leader `l` is eliminated under `rule` (captured, SPQR 4.72).
    pub(super) fn kill_leader(&mut self, l: usize, rule: RuleRef, events: &mut Vec<GameEvent<G>>) {
        let Some(s) = self.field.leaders.get_mut(l) else { return };
        if s.status == LeaderStatus::Dead {
            return;
        }
        s.status = LeaderStatus::Dead;
        self.leader_rout_points(l);
        events.push(Self::event(
            rule,
            StandardEvent::LeaderCasualty { leader: l, effect: CasualtyEffect::Killed },
        ));
        self.proconsul_takes_over(l, events);
    }

    /// SPQR 4.53: leader `l` rolls for a casualty (the first roll given, or
    /// rolled) and, on a casualty, for its effect.
    pub(super) fn casualty_check(
        &mut self,
        l: usize,
        first: Option<u8>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let mut rolls = Vec::new();
        let face = match first {
            Some(f) => f,
            None => {
                let r = dice.d10()?;
                rolls.push(r);
                r.face
            }
        };
        if leader_casualty(&self.tables, face, None).is_none() {
            return Ok(());
        }
        let second = dice.d10()?;
        rolls.push(second);
        let Some(effect) = leader_casualty(&self.tables, face, Some(second.face)) else {
            return Ok(());
        };
        let mut e = Self::event(
            RuleRef::LeaderCasualty,
            StandardEvent::LeaderCasualty { leader: l, effect },
        );
        for r in rolls {
            e = e.with_roll(r);
        }
        events.push(e);
        let initiative = self.field.leader_def(l).map_or(0, |d| d.initiative);
        let Some(s) = self.field.leaders.get_mut(l) else { return Ok(()) };
        match effect {
            CasualtyEffect::Finished => {
                if s.status == LeaderStatus::Ready {
                    s.status = LeaderStatus::Finished;
                }
            }
            CasualtyEffect::Wounded(n) => {
                s.wounds = s.wounds.saturating_add(n);
                if s.wounds >= initiative {
                    s.status = LeaderStatus::Dead;
                }
            }
            CasualtyEffect::Killed => s.status = LeaderStatus::Dead,
        }
        if s.status == LeaderStatus::Dead {
            self.leader_rout_points(l);
            self.proconsul_takes_over(l, events);
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use super::*;
    use crate::Spqr;

    #[test]
    fn rule_4_56_a_proconsul_takes_over_when_the_oc_is_killed() {
        let (mut b, _) = Battle::new(Spqr, "Proconsuls").unwrap();
        let mut events = Vec::new();
        b.kill_leader(0, RuleRef::LeaderCasualty, &mut events);
        let over = events
            .iter()
            .find(|e| matches!(e.what, StandardEvent::ProconsulInCommand { leader: 1 }))
            .expect("the Proconsul takes over");
        assert_eq!(over.rule, "SPQR 4.56");
        assert_eq!(
            crate::narrate::line(&b.field, over),
            "[SPQR 4.56] the OC has fallen: Proconsul, a Proconsul, takes over as OC, his Strategy 1"
        );
        // Another leader's fall: no one takes over.
        let (mut b, _) = Battle::new(Spqr, "Proconsuls").unwrap();
        events.clear();
        b.kill_leader(2, RuleRef::LeaderCasualty, &mut events);
        assert!(!events.iter().any(|e| matches!(e.what, StandardEvent::ProconsulInCommand { .. })));
    }

    /// The Stacks field with X-P (index 1) put under X-H (index 0) in S0406.
    fn stacked() -> Battle<Spqr> {
        let (mut b, _) = Battle::new(Spqr, "Stacks").unwrap();
        let h = b.field.units[0].hex;
        b.field.units[1].hex = h;
        b.field.units[1].bottom = true;
        assert!(b.field.is_bottom(1) && !b.field.is_bottom(0));
        b
    }

    fn stack_rout(events: &[GameEvent<Spqr>]) -> Option<(usize, bool, bool)> {
        events.iter().find_map(|e| match e.what {
            StandardEvent::StackRout { unit, checked, routs } => Some((unit, checked, routs)),
            _ => None,
        })
    }

    #[test]
    fn rule_6_68_the_top_unit_routing_routs_the_bottom_unit() {
        let mut b = stacked();
        let mut events = Vec::new();
        b.rout(0, &mut Dice::scripted([]), &mut events).unwrap();
        assert_eq!(stack_rout(&events), Some((1, false, true)));
        assert_eq!(b.field.units[1].status, UnitStatus::Routed);
    }

    #[test]
    fn rule_6_68_the_bottom_unit_routing_tests_the_top_unit() {
        // X-H (TQ 6) rolls 7: fails, routs; rolls 6: holds.
        for (face, routs) in [(7u8, true), (6, false)] {
            let mut b = stacked();
            let mut events = Vec::new();
            b.rout(1, &mut Dice::scripted([face]), &mut events).unwrap();
            assert_eq!(stack_rout(&events), Some((0, true, routs)));
            assert_eq!(b.field.units[0].status == UnitStatus::Routed, routs);
        }
    }

    /// X-H made a velites unit of legion X (LI with a javelin).
    fn velites_x_h(b: &mut Battle<Spqr>) {
        let d = &mut std::sync::Arc::make_mut(&mut b.field.scenario).units[0];
        d.unit_type = gboh_core::unit::UnitType::LI;
        d.shock_class = None;
        d.missile = Some(crate::kinds::MissileKey::Javelin);
        assert!(b.field.def(0).is_some_and(crate::state::UnitDef::is_velites));
    }

    /// SPQR 7.21: missile-armed velites exert a ZOC into their front and
    /// flank hexes; out of missiles (Missile No), only into their front.
    #[test]
    fn rule_7_21_velites_exert_a_zoc_into_their_flanks_while_they_have_missiles() {
        let (mut b, _) = Battle::new(Spqr, "Stacks").unwrap();
        velites_x_h(&mut b);
        let s = b.field.units[0];
        let flank = s.facing.flank()[0].neighbor(s.hex);
        assert_eq!(b.field.zoc_hexes(0).len(), 4);
        assert!(b.field.exerts_zoc(0, flank));
        b.field.units[0].supply = crate::missile::Supply::No;
        assert_eq!(b.field.zoc_hexes(0).len(), 2);
        assert!(!b.field.exerts_zoc(0, flank));
    }

    /// SPQR 6.63's example #2 (rout): routed velites passing through a
    /// stationary unit of another legion cost it 1 hit, with no TQ check; a
    /// routed unit of their own legion passes through them freely.
    #[test]
    fn rule_6_69_routed_velites_cost_a_unit_passed_one_hit_and_no_check() {
        let (mut b, _) = Battle::new(Spqr, "Stacks").unwrap();
        velites_x_h(&mut b);
        const Y_1: usize = 2;
        const X_2: usize = 3;
        let mut events = Vec::new();
        // No die is rolled (the scripted dice are empty).
        b.routed_through(0, Y_1, &mut Dice::scripted([]), &mut events).unwrap();
        assert_eq!(b.field.units[Y_1].hits, 1);
        b.routed_through(X_2, 0, &mut Dice::scripted([]), &mut events).unwrap();
        assert_eq!(b.field.units[0].hits, 0, "the same legion: free");
    }
}
