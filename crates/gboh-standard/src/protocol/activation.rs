//! Leader activation (SPQR 5.1), Trump and trump-the-trump (5.4), Momentum
//! and the die roll of doom (5.3, 5.33), the Rout and Reload Phase and the
//! army withdrawal check (3.0 D-E, 11.0).

use gboh_core::Side;
use gboh_core::dice::Dice;

use super::{Battle, OrdersPhase, Outcome, Phase, StandardError, StandardEvent};
use crate::command::{MomentumOutcome, momentum, trump_succeeds};
use crate::game::{GameEvent, StandardGame};
use crate::missile::Supply;
use crate::rule::RuleRef;
use crate::state::{LeaderStatus, UnitStatus};
use crate::tables::Doom;

impl<G: StandardGame> Battle<G> {
    /// Whether the lowest Initiative among ready leaders is held by both sides.
    pub(super) fn opening_tie(&self) -> bool {
        let ready: Vec<usize> = (0..self.field.leaders.len())
            .filter(|&l| self.field.leaders.get(l).is_some_and(|s| s.status == LeaderStatus::Ready))
            .collect();
        let Some(lowest) = ready.iter().map(|&l| self.field.initiative(l)).min() else {
            return false;
        };
        Side::ALL.iter().all(|s| {
            ready
                .iter()
                .any(|&l| self.leader_side(l) == Some(*s) && self.field.initiative(l) == lowest)
        })
    }

    /// SPQR 5.1: the lowest-Initiative leader not yet Finished activates; a
    /// tie between the sides is rolled off (each side rolls, high goes first,
    /// ties rolled again). The active side may then try a Trump. With no
    /// leader left, the turn ends.
    pub(super) fn next_activation(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let ready: Vec<usize> = (0..self.field.leaders.len())
            .filter(|&l| self.field.leaders.get(l).is_some_and(|s| s.status == LeaderStatus::Ready))
            .collect();
        let Some(lowest) = ready.iter().map(|&l| self.field.initiative(l)).min() else {
            return self.end_turn(dice, events);
        };
        let tied: Vec<usize> =
            ready.iter().copied().filter(|&l| self.field.initiative(l) == lowest).collect();
        let sides: Vec<Side> = Side::ALL
            .into_iter()
            .filter(|s| tied.iter().any(|&l| self.leader_side(l) == Some(*s)))
            .collect();
        let side = if sides.len() > 1 {
            loop {
                let r = dice.d10()?;
                let a = dice.d10()?;
                if r.face != a.face {
                    let first = if r.face > a.face { Side::Roman } else { Side::Adversary };
                    events.push(
                        Self::event(RuleRef::Activation, StandardEvent::TieRolled { first })
                            .with_roll(r)
                            .with_roll(a),
                    );
                    break first;
                }
            }
        } else {
            sides.first().copied().unwrap_or(Side::Roman)
        };
        // Among one side's tied leaders, the first listed goes (the player's
        // choice is not offered; docs/rules-coverage.md).
        let Some(candidate) = tied.iter().copied().find(|&l| self.leader_side(l) == Some(side))
        else {
            return self.end_turn(dice, events);
        };
        let can_trump = ready
            .iter()
            .any(|&l| self.leader_side(l) == Some(side) && self.field.initiative(l) > lowest);
        if can_trump {
            self.phase = Phase::Trump { side, candidate };
        } else {
            self.start_orders(candidate, false, false, events);
        }
        Ok(())
    }

    /// Opens an Orders Phase for `leader` (SPQR 4.2: as many Individual
    /// Orders as his Initiative; he moves 9 MP).
    pub(super) fn start_orders(
        &mut self,
        leader: usize,
        momentum: bool,
        no_momentum: bool,
        events: &mut Vec<GameEvent<G>>,
    ) {
        if let Some(s) = self.field.leaders.get_mut(leader) {
            s.phases = s.phases.saturating_add(1);
        }
        // SPQR 4.33 #1 (Dictator 4.64): measured as the phase begins.
        let started_in_oc_range = self
            .game
            .line_range_leader(&self.field, leader)
            .is_some_and(|of| self.in_range_of(leader, of));
        events.push(Self::event(
            RuleRef::IndividualOrders,
            StandardEvent::Activated { leader, momentum },
        ));
        let mut hook = Vec::new();
        self.game.orders_phase_began(&self.field, leader, &mut hook);
        // SPQR 8.64: a Regroup and Return lasts one Orders Phase.
        self.field.regrouping = false;
        events.extend(hook);
        self.phase = Phase::Orders(OrdersPhase {
            leader,
            orders_left: self.field.initiative(leader),
            must_act: false,
            refaced: Vec::new(),
            stack: Vec::new(),
            joined: Vec::new(),
            shocked: Vec::new(),
            auxiliares: None,
            leader_half_mp: 18,
            moving_leaders: Vec::new(),
            momentum,
            no_momentum,
            lines: 0,
            elite: false,
            line_refused: false,
            started_in_oc_range,
            ordered: Vec::new(),
        });
    }

    /// SPQR 5.4: a leader activated by a successful Trump must do something.
    fn set_must_act(&mut self) {
        if let Phase::Orders(o) = &mut self.phase {
            o.must_act = true;
        }
    }

    pub(super) fn finish(&mut self, leader: usize, events: &mut Vec<GameEvent<G>>) {
        if let Some(s) = self.field.leaders.get_mut(leader)
            && s.status == LeaderStatus::Ready
        {
            s.status = LeaderStatus::Finished;
            events.push(Self::event(RuleRef::Activation, StandardEvent::Finished { leader }));
        }
    }

    /// SPQR 5.4: the trumper rolls against his Initiative. Success: the
    /// passed-over leader is Bypassed and the opponent may trump the trump;
    /// failure: the trumper is Finished and the original leader goes.
    pub(super) fn perform_trump(
        &mut self,
        leader: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Trump { candidate, .. } = self.phase else { return Ok(()) };
        let roll = dice.d10()?;
        let success = trump_succeeds(self.field.initiative(leader), roll.face);
        events.push(
            Self::event(RuleRef::Trump, StandardEvent::Trump { leader, success }).with_roll(roll),
        );
        if !success {
            self.finish(leader, events);
            self.start_orders(candidate, false, false, events);
            return Ok(());
        }
        if let Some(s) = self.field.leaders.get_mut(candidate) {
            s.bypassed = true;
        }
        let trumper_init = self.field.initiative(leader);
        let opponent = self.leader_side(leader).map(Side::opponent);
        let challengers = (0..self.field.leaders.len()).any(|l| {
            self.leader_side(l) == opponent
                && self.field.leaders.get(l).is_some_and(|s| s.status == LeaderStatus::Ready)
                && self.field.initiative(l) >= trumper_init
        });
        if challengers {
            self.phase =
                Phase::Challenge { trumper: leader, passed_over: candidate, after_momentum: false };
        } else {
            self.start_orders(leader, false, false, events);
            self.set_must_act();
        }
        Ok(())
    }

    /// SPQR 5.4 trump-the-trump: success Finishes the trumper and the
    /// challenger activates; failure Finishes the challenger and the trumper goes.
    pub(super) fn perform_challenge(
        &mut self,
        leader: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Challenge { trumper, after_momentum, .. } = self.phase else { return Ok(()) };
        let roll = dice.d10()?;
        let success = trump_succeeds(self.field.initiative(leader), roll.face);
        events.push(
            Self::event(RuleRef::Trump, StandardEvent::Trump { leader, success }).with_roll(roll),
        );
        if success {
            self.finish(trumper, events);
            self.start_orders(leader, false, false, events);
            self.set_must_act();
        } else {
            self.finish(leader, events);
            self.start_orders(trumper, after_momentum, false, events);
            if !after_momentum {
                self.set_must_act();
            }
        }
        Ok(())
    }

    pub(super) fn perform_decline(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        match self.phase.clone() {
            Phase::Trump { candidate, .. } => self.start_orders(candidate, false, false, events),
            Phase::Challenge { trumper, after_momentum, .. } => {
                self.start_orders(trumper, after_momentum, false, events);
                if !after_momentum {
                    self.set_must_act();
                }
            }
            Phase::Momentum { leader } => {
                self.finish(leader, events);
                return self.next_activation(dice, events);
            }
            Phase::Elite { .. } => return self.next_activation(dice, events),
            Phase::Auxiliares { side, .. } => return self.after_auxiliares(side, dice, events),
            _ => {}
        }
        Ok(())
    }

    /// After the Shock segment: the leader may attempt Momentum, or is Finished.
    pub(super) fn after_phase(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Orders(o) = self.phase.clone() else { return Ok(()) };
        if let Some((side, mut done)) = o.auxiliares {
            done.push(o.leader);
            return self.auxiliares(side, done, dice, events);
        }
        if o.elite {
            // SPQR 5.5: no Momentum; the leader is inactive, not Finished.
            return self.next_activation(dice, events);
        }
        if !o.no_momentum && self.momentum_allowed(o.leader) {
            self.phase = Phase::Momentum { leader: o.leader };
            Ok(())
        } else {
            self.finish(o.leader, events);
            self.next_activation(dice, events)
        }
    }

    /// SPQR 5.3 and 5.33.
    pub(super) fn perform_momentum(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Phase::Momentum { leader } = self.phase else { return Ok(()) };
        let first = dice.d10()?;
        let second = if first.face == 9 { Some(dice.d10()?) } else { None };
        let outcome = momentum(
            &self.tables,
            self.field.initiative(leader),
            self.momentum_drm(leader),
            first.face,
            second.map(|r| r.face),
        );
        let rule = if second.is_some() { RuleRef::DieRollOfDoom } else { RuleRef::Momentum };
        let mut e = Self::event(rule, StandardEvent::Momentum { leader, outcome }).with_roll(first);
        if let Some(r) = second {
            e = e.with_roll(r);
        }
        events.push(e);
        match outcome {
            MomentumOutcome::Another => {
                // SPQR 5.4: the opponent may trump after a successful Momentum
                // roll, with a leader of equal or higher Initiative.
                let init = self.field.initiative(leader);
                let opponent = self.leader_side(leader).map(Side::opponent);
                let challengers = (0..self.field.leaders.len()).any(|l| {
                    self.leader_side(l) == opponent
                        && self
                            .field
                            .leaders
                            .get(l)
                            .is_some_and(|s| s.status == LeaderStatus::Ready)
                        && self.field.initiative(l) >= init
                });
                if challengers {
                    self.phase = Phase::Challenge {
                        trumper: leader,
                        passed_over: leader,
                        after_momentum: true,
                    };
                } else {
                    self.start_orders(leader, true, false, events);
                }
                Ok(())
            }
            MomentumOutcome::Finished | MomentumOutcome::Doom(Doom::Finished) => {
                self.finish(leader, events);
                self.next_activation(dice, events)
            }
            MomentumOutcome::Doom(Doom::OpponentActivates) => {
                self.finish(leader, events);
                let side = self.leader_side(leader).map_or(Side::Roman, Side::opponent);
                let any = (0..self.field.leaders.len()).any(|l| {
                    self.leader_side(l) == Some(side)
                        && self.field.leaders.get(l).is_some_and(|s| s.status != LeaderStatus::Dead)
                });
                if any {
                    self.phase = Phase::DoomActivation { side };
                    Ok(())
                } else {
                    self.next_activation(dice, events)
                }
            }
            MomentumOutcome::Doom(Doom::TurnEnds) => {
                self.finish(leader, events);
                self.end_turn(dice, events)
            }
        }
    }

    /// SPQR 3.0 D-E: the Rout and Reload Phase (routed phalanxes eliminated,
    /// other routed units make a full rout move; missiles reload out of enemy
    /// ZOC and enemy missile range; leaders and units ready again), then the
    /// army withdrawal check (11.0) and the next turn.
    pub(super) fn end_turn(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        for u in 0..self.field.units.len() {
            let Some(s) = self.field.units.get(u).copied() else { continue };
            if s.status == UnitStatus::Routed {
                let phalanx =
                    self.field.def(u).is_some_and(|d| d.class() == crate::kinds::ShockClass::PH);
                if phalanx {
                    self.eliminate(u, RuleRef::Rout, events);
                } else {
                    let ma = self.ma(u);
                    self.rout_move(u, ma, dice, events)?;
                }
            }
        }
        for u in 0..self.field.units.len() {
            let Some(s) = self.field.units.get(u).copied() else { continue };
            let side = self.field.side(u).unwrap_or(Side::Roman);
            if s.in_play()
                && s.supply != Supply::Full
                && !self.field.in_enemy_zoc(s.hex, side)
                && !self.enemy_missiles_in_range(u)
            {
                if let Some(m) = self.field.units.get_mut(u) {
                    m.supply = Supply::Full;
                }
                events.push(Self::event(RuleRef::MissileFire, StandardEvent::Reloaded { unit: u }));
            }
            if let Some(m) = self.field.units.get_mut(u) {
                m.moves_this_turn = 0;
                m.spent = false;
            }
        }
        self.field.rallies.clear();
        // Gergovia 6.73: the melee markers across closed hexsides go.
        self.field.melees.clear();
        for s in &mut self.field.leaders {
            if s.status != LeaderStatus::Dead {
                s.status = LeaderStatus::Ready;
            }
            s.phases = 0;
            s.bypassed = false;
        }
        let turn = self.field.turn;
        events.push(Self::event(RuleRef::SequenceOfPlay, StandardEvent::TurnEnded { turn }));
        let mut hook = Vec::new();
        self.game.turn_ended(&self.field, &mut hook);
        events.extend(hook);
        if let Some(outcome) = self.withdrawal() {
            events.push(Self::event(RuleRef::Withdrawal, StandardEvent::Over(outcome)));
            self.phase = Phase::Over(outcome);
            return Ok(());
        }
        if turn >= self.field.scenario.turns {
            events.push(Self::event(
                RuleRef::SequenceOfPlay,
                StandardEvent::Over(Outcome::TurnLimit),
            ));
            self.phase = Phase::Over(Outcome::TurnLimit);
            return Ok(());
        }
        self.field.turn = turn.saturating_add(1);
        self.begin_turn(dice, events)
    }

    /// The living Elite OC of `side`, if any.
    fn elite_oc(&self, side: Side) -> Option<usize> {
        super::overall_commander(&self.field, side).filter(|&l| self.game.is_elite(&self.field, l))
    }

    /// Whether both sides have an Elite OC (the turn opens with a roll, SPQR 5.5).
    pub(super) fn elite_roll_needed(&self) -> bool {
        Side::ALL.iter().all(|&s| self.elite_oc(s).is_some())
    }

    /// SPQR 5.5, then 5.1: a side with an Elite OC may open the turn with an
    /// extra Orders Phase; two Elite OCs each roll and add their Initiative,
    /// the higher has it (a tie: neither).
    pub(super) fn begin_turn(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        self.auxiliares(self.game.auxiliares_first(), Vec::new(), dice, events)
    }

    /// After `side`'s Auxiliares Phases: the other side's, or the
    /// activations once both have had theirs (the game says who is first).
    fn after_auxiliares(
        &mut self,
        side: Side,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        if side == self.game.auxiliares_first() {
            self.auxiliares(side.opponent(), Vec::new(), dice, events)
        } else {
            self.begin_activations(dice, events)
        }
    }

    /// Caesar's Auxiliares Phase (5.6), Reconstructed: its text is not public.
    /// At the start of each turn, the Romans first (or the side the game
    /// names, `StandardGame::auxiliares_first`), each side's leaders the
    /// game names (`StandardGame::auxiliares_leaders`) may each hold one
    /// Orders Phase for the auxiliary units the game names, with no Momentum;
    /// it does not Finish them. A game with none (SPQR) goes straight on.
    pub(super) fn auxiliares(
        &mut self,
        side: Side,
        done: Vec<usize>,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let open =
            self.game.auxiliares_leaders(&self.field, side).into_iter().any(|l| !done.contains(&l));
        if open {
            self.phase = Phase::Auxiliares { side, done };
            return Ok(());
        }
        self.after_auxiliares(side, dice, events)
    }

    /// Opens `leader`'s Auxiliares Phase.
    pub(super) fn start_auxiliares(&mut self, leader: usize, events: &mut Vec<GameEvent<G>>) {
        let Phase::Auxiliares { side, done } = self.phase.clone() else { return };
        let at = events.len();
        self.start_orders(leader, false, true, events);
        // A leaderless phase is the auxiliaries' own, not the leader's orders.
        if self.game.auxiliares_leaderless(&self.field, leader)
            && let Some(e) = events.get_mut(at)
            && matches!(e.what, StandardEvent::Activated { .. })
        {
            *e = Self::event(
                RuleRef::Auxiliares,
                StandardEvent::AuxiliariesActivated { side, leader },
            );
        }
        if let Phase::Orders(o) = &mut self.phase {
            o.auxiliares = Some((side, done));
            o.orders_left = u8::MAX;
        }
        if let Some(s) = self.field.leaders.get_mut(leader) {
            s.phases = s.phases.saturating_sub(1);
        }
    }

    /// SPQR 5.5 then 5.1, after the Auxiliares Phases.
    pub(super) fn begin_activations(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let side = if self.elite_roll_needed() {
            let r = dice.d10()?;
            let a = dice.d10()?;
            let score = |side: Side, face: u8| {
                u32::from(face)
                    + self.elite_oc(side).map_or(0, |l| u32::from(self.field.initiative(l)))
            };
            let (rs, as_) = (score(Side::Roman, r.face), score(Side::Adversary, a.face));
            let side = match rs.cmp(&as_) {
                core::cmp::Ordering::Greater => Some(Side::Roman),
                core::cmp::Ordering::Less => Some(Side::Adversary),
                core::cmp::Ordering::Equal => None,
            };
            events.push(
                Self::event(RuleRef::EliteCommander, StandardEvent::EliteRolled { side })
                    .with_roll(r)
                    .with_roll(a),
            );
            side
        } else {
            Side::ALL.into_iter().find(|&s| self.elite_oc(s).is_some())
        };
        match side {
            Some(side) if self.elite_candidates(side).next().is_some() => {
                self.phase = Phase::Elite { side };
                Ok(())
            }
            _ => self.next_activation(dice, events),
        }
    }

    /// SPQR 5.5: who may take the Elite phase: the OC or a leader in his
    /// Command Range (any leader on turn 1).
    pub(super) fn elite_candidates(&self, side: Side) -> impl Iterator<Item = usize> + '_ {
        let oc = self.elite_oc(side);
        (0..self.field.leaders.len()).filter(move |&l| {
            self.leader_side(l) == Some(side)
                && self.field.leaders.get(l).is_some_and(|s| s.status == LeaderStatus::Ready)
                && (self.field.turn == 1 || Some(l) == oc || self.in_oc_range(l))
        })
    }

    /// Opens the Elite phase for `leader`.
    pub(super) fn start_elite(&mut self, leader: usize, events: &mut Vec<GameEvent<G>>) {
        self.game.elite_phase_started(&self.field, leader);
        self.start_orders(leader, false, true, events);
        if let Phase::Orders(o) = &mut self.phase {
            o.elite = true;
        }
        // It is not one of his (at most three) phases.
        if let Some(s) = self.field.leaders.get_mut(leader) {
            s.phases = s.phases.saturating_sub(1);
        }
    }

    /// SPQR 11.0: a side at or over its withdrawal level loses; both: the one
    /// less far over wins (the same margin: a draw).
    #[must_use]
    pub fn withdrawal(&self) -> Option<Outcome> {
        let over = |side: Side| {
            let lost = i64::from(*self.field.rout_points.get(side));
            let level = i64::from(*self.field.scenario.withdrawal.get(side));
            (lost >= level).then_some(lost - level)
        };
        match (over(Side::Roman), over(Side::Adversary)) {
            (None, None) => None,
            (Some(_), None) => Some(Outcome::Withdrawal { loser: Side::Roman }),
            (None, Some(_)) => Some(Outcome::Withdrawal { loser: Side::Adversary }),
            (Some(r), Some(a)) if r > a => Some(Outcome::Withdrawal { loser: Side::Roman }),
            (Some(r), Some(a)) if a > r => Some(Outcome::Withdrawal { loser: Side::Adversary }),
            (Some(_), Some(_)) => Some(Outcome::Draw),
        }
    }
}
