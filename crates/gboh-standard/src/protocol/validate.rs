//! Which actions are legal now, why not, and what they would do: `check`.

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::{Distribution, Drm, Modifiers};

use super::words::Words;
use super::{Action, Battle, OrderKind, Ordered, OrdersPhase, Phase, Preview, StandardError};
use crate::command::{momentum_distribution, trump_distribution};
use crate::game::StandardGame;
use crate::rally::rally_distribution;
use crate::rule::RuleRef;
use crate::state::LeaderStatus;

/// A preview of each outcome in words with its exact chance.
pub(super) fn odds<T: PartialEq + Words>(d: &Distribution<T>, modifiers: Modifiers) -> Preview {
    Preview::Odds {
        outcomes: d.outcomes().iter().map(|(o, _)| (o.words(), d.chance(o))).collect(),
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
            && self.game.must_pass(&self.field, leader).is_none()
    }

    /// The modifiers of `leader`'s Momentum roll (the game's hook).
    pub(super) fn momentum_modifiers(&self, leader: usize) -> Modifiers {
        let mut m = Modifiers::new();
        self.game.momentum_modifiers(&self.field, leader, &mut m);
        m
    }

    /// A step's preview: its cost, or, when the game asks a
    /// [`crate::CrossingRoll`] of it, the exact odds of crossing and of
    /// being stopped (a d10 at least the TQ stops it).
    fn crossing_preview(
        &self,
        unit: usize,
        dir: Direction,
        cost: crate::movement::StepCost,
    ) -> Preview {
        let Some(from) = self.field.units.get(unit).map(|s| s.hex) else {
            return Preview::Cost(cost);
        };
        let Some(c) = self.game.crossing_roll(&self.field, unit, from, dir) else {
            return Preview::Cost(cost);
        };
        let tq = self.game.troop_quality(&self.field, unit);
        let d = Distribution::over_faces(gboh_core::dice::Die::D10, |face| face >= tq);
        let mp = if cost.half_mp.is_multiple_of(2) {
            format!("{}", cost.half_mp / 2)
        } else {
            format!("{}.5", cost.half_mp / 2)
        };
        let when = if c.before { "before crossing" } else { "after crossing" };
        Preview::Odds {
            outcomes: vec![
                (
                    format!("crosses {} ({mp} MP, {} hits) and may go on", c.what, cost.hits),
                    d.chance(&false),
                ),
                (
                    format!(
                        "stopped {when} {} (a d10 at least TQ {tq}): finished moving this Orders Phase",
                        c.what
                    ),
                    d.chance(&true),
                ),
            ],
            modifiers: Modifiers::new(),
        }
    }

    /// Validates `action` and previews it.
    pub(super) fn validate(&self, action: &Action) -> Result<Preview, StandardError> {
        // A leader the game makes pass does nothing but its declarations
        // (StandardGame::must_pass).
        if let Phase::Orders(o) = &self.phase
            && !matches!(action, Action::Declare { .. } | Action::EndOrders)
            && !(o.auxiliares.is_some() && self.game.auxiliares_leaderless(&self.field, o.leader))
            && let Some(why) = self.game.must_pass(&self.field, o.leader)
        {
            return Err(Self::illegal(RuleRef::IndividualOrders, why));
        }
        self.regroup_allows(action)?;
        // Caesar 5.6 (Reconstructed): in a leaderless Auxiliares Phase the
        // leader who holds it does nothing himself (no move, no rally, no
        // leader or stack order, no Line, no Regroup and Return).
        if let Phase::Orders(o) = &self.phase
            && o.auxiliares.is_some()
            && self.game.auxiliares_leaderless(&self.field, o.leader)
            && matches!(
                action,
                Action::OrderLeader { .. }
                    | Action::LeaderStep { .. }
                    | Action::ReplaceLeader { .. }
                    | Action::OrderStack
                    | Action::StackStep { .. }
                    | Action::StackFace { .. }
                    | Action::Rally { .. }
                    | Action::LineCommand { .. }
                    | Action::RegroupAndReturn
            )
        {
            return Err(Self::illegal(
                RuleRef::Auxiliares,
                "the auxiliaries are activated without a leader: he does nothing himself",
            ));
        }
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
                let cost = self.step_check(unit, dir)?;
                Ok(self.crossing_preview(unit, dir, cost))
            }
            (Action::PassThrough { unit, dir }, Phase::Orders(_)) => {
                self.pass_check(unit, dir).map(Preview::Cost)
            }
            (Action::Pivot { unit, clockwise }, Phase::Orders(_)) => {
                self.pivot_preview(unit, clockwise)
            }
            (Action::PhalanxColumn { unit, right }, Phase::Orders(_)) => {
                self.phalanx_column_check(unit, right).map(Preview::Cost)
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
            (Action::Declare { choice }, Phase::Orders(o)) => {
                // Caesar 5.6 (Reconstructed): a leaderless Auxiliares Phase
                // orders auxiliaries, nothing else.
                let leaderless = o.auxiliares.is_some()
                    && self.game.auxiliares_leaderless(&self.field, o.leader);
                if !leaderless && self.game.declarations(&self.field, o.leader).contains(&choice) {
                    if let Some(e) = self.game.declared_entry(&self.field, o.leader, choice) {
                        return self.entry_check(o, &e).map(Preview::Cost);
                    }
                    if let Some(u) = self.game.declared_order(&self.field, o.leader, choice) {
                        // SPQR 4.2: an Individual Order, to a unit not yet
                        // ordered this phase.
                        if o.orders_left == 0 {
                            return Err(Self::illegal(
                                RuleRef::IndividualOrders,
                                "no Individual Orders left",
                            ));
                        }
                        if o.ordered.iter().any(|x| x.unit == u) {
                            return Err(Self::illegal(
                                RuleRef::IndividualOrders,
                                format!(
                                    "{} has an order this phase already",
                                    self.field
                                        .def(u)
                                        .map_or_else(String::new, |d| d.id.to_string())
                                ),
                            ));
                        }
                    }
                    Ok(Preview::Nothing)
                } else {
                    Err(Self::illegal(
                        RuleRef::SequenceOfPlay,
                        format!(
                            "{} is not a declaration the active leader may make now",
                            self.game.declaration_name(&self.field, choice)
                        ),
                    ))
                }
            }
            (Action::FifthMp { unit }, Phase::Orders(_)) => {
                self.fifth_mp_check(unit).map(|(_, p)| p)
            }
            (Action::OrderLeader { leader }, Phase::Orders(_)) => {
                self.order_leader_check(leader).map(|_| Preview::Nothing)
            }
            (Action::LeaderStep { leader, dir }, Phase::Orders(_)) => {
                self.leader_step_check(leader, dir).map(Preview::Cost)
            }
            (Action::Harass { unit, target }, Phase::Orders(_)) => {
                let i = self.harass_inputs(unit, target)?;
                let m = self.fire_modifiers_of(unit, target, &i);
                let d = crate::missile::fire_distribution_with(&self.tables.missile, &i, &m)
                    .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
                Ok(odds(&d, m))
            }
            (Action::Fire { unit, target }, Phase::Orders(_)) => {
                let i = self.fire_inputs(unit, target)?;
                let m = self.fire_modifiers_of(unit, target, &i);
                let d = crate::missile::fire_distribution_with(&self.tables.missile, &i, &m)
                    .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
                Ok(odds(&d, m))
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
            (Action::ReplaceLeader { leader, unit }, Phase::Orders(_)) => {
                self.replace_check(leader, unit).map(|()| Preview::Nothing)
            }
            (Action::RegroupAndReturn, Phase::Orders(_)) => {
                self.regroup_check().map(|()| Preview::Nothing)
            }
            (Action::ReturnPursuer { unit, hex, .. }, Phase::Orders(_)) => {
                self.return_pursuer_check(unit, hex).map(|()| Preview::Nothing)
            }
            (Action::OrderStack, Phase::Orders(_)) => {
                self.order_stack_check().map(|_| Preview::Nothing)
            }
            (Action::StackStep { dir }, Phase::Orders(_)) => {
                self.stack_step_costs(dir).map(|c| Preview::Cost(Self::stack_preview(&c)))
            }
            (Action::StackFace { facing }, Phase::Orders(_)) => {
                self.stack_face_costs(facing).map(|c| Preview::Cost(Self::stack_preview(&c)))
            }
            (Action::SwapStack { unit }, Phase::Orders(_)) => {
                self.swap_check(unit).map(|()| Preview::Nothing)
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
                                | Action::Pivot { .. }
                                | Action::PhalanxColumn { .. }
                                | Action::Face { .. }
                                | Action::Fire { .. }
                                | Action::Harass { .. }
                                | Action::Rally { .. }
                                | Action::Recover { .. }
                                | Action::SwapStack { .. }
                                | Action::Column { .. }
                                | Action::LineCommand { .. }
                                | Action::OrderLeader { .. }
                                | Action::OrderStack
                                | Action::ReplaceLeader { .. }
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
            (Action::Combine { unit, with }, Phase::ShockDesignation { .. }) => {
                if !self.may_combine(unit, with) {
                    return Err(Self::illegal(
                        RuleRef::ShockDesignation,
                        "SPQR 8.42: only two units that shock this segment, with an enemy in \
                         both their fronts, each in one combat, joined to a unit not joined itself",
                    ));
                }
                Ok(self.combine_preview(unit, with))
            }
            (Action::ResolveShocks, Phase::ShockDesignation { .. }) => Ok(Preview::Nothing),
            (Action::ClashType { unit }, Phase::ClashChoice { queue, .. }) => {
                let attacker = queue.first().map_or(usize::MAX, |q| q.0);
                if self.clash_candidates(attacker).contains(&unit) {
                    Ok(Preview::Nothing)
                } else {
                    Err(Self::illegal(
                        RuleRef::ClashOfSpears,
                        "only one of the defenders of this shock sets its column",
                    ))
                }
            }
            (Action::Allocate { first }, Phase::Allocation { aftermath, shares, .. }) => {
                let left = allocation_left(aftermath, shares);
                if first > left {
                    return Err(Self::illegal(
                        RuleRef::ShockResult,
                        format!("only {left} hits left to share"),
                    ));
                }
                Ok(Preview::Nothing)
            }
            (Action::ReactFace { unit, facing }, Phase::Reaction { mover, queue, .. }) => {
                self.react_face_check(*mover, queue, unit, facing)
            }
            (Action::ReactFire { unit }, Phase::Reaction { mover, queue, .. }) => {
                let i = self.react_fire_inputs(*mover, queue, unit)?;
                let m = self.fire_modifiers_of(unit, *mover, &i);
                let d = crate::missile::fire_distribution_with(&self.tables.missile, &i, &m)
                    .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))?;
                Ok(odds(&d, m))
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
                        out.push(Action::ReactFire { unit });
                        out.extend((1..=c.withdraw).map(|hexes| Action::Withdraw { unit, hexes }));
                    }
                    out.push(Action::NoReaction { unit });
                }
            }
            Phase::ClashChoice { queue, .. } => {
                let attacker = queue.first().map_or(usize::MAX, |q| q.0);
                out.extend(
                    self.clash_candidates(attacker)
                        .into_iter()
                        .map(|unit| Action::ClashType { unit }),
                );
            }
            Phase::Allocation { aftermath, shares, .. } => {
                let left = allocation_left(aftermath, shares);
                out.extend((0..=left).map(|first| Action::Allocate { first }));
            }
            Phase::ShockDesignation { .. } => {
                out.extend((0..self.field.units.len()).map(|unit| Action::DesignateShock { unit }));
                out.extend(
                    self.combinations()
                        .into_iter()
                        .map(|(unit, with)| Action::Combine { unit, with }),
                );
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
                        // A double-size phalanx in column steps off its front
                        // end, any direction (listed below), not its long side.
                        if !(s.column && self.field.is_double(unit)) {
                            out.extend(s.facing.front().map(|dir| Action::Step { unit, dir }));
                        }
                        out.extend(s.facing.front().map(|dir| Action::PassThrough { unit, dir }));
                    }
                    if self.field.is_double(unit) {
                        out.extend(
                            [false, true].map(|clockwise| Action::Pivot { unit, clockwise }),
                        );
                        out.extend(
                            [false, true].map(|right| Action::PhalanxColumn { unit, right }),
                        );
                        // In column it may step to either side of its front end.
                        if self.field.units.get(unit).is_some_and(|s| s.column) {
                            out.extend(Direction::ALL.map(|dir| Action::Step { unit, dir }));
                        }
                    }
                    out.extend(Facing::ALL.map(|facing| Action::Face { unit, facing }));
                    out.push(Action::Column { unit });
                    for target in 0..self.field.units.len() {
                        if self.field.side(target) != side {
                            out.push(Action::Fire { unit, target });
                            out.push(Action::Harass { unit, target });
                        }
                    }
                    out.push(Action::Rally { unit });
                    out.push(Action::Recover { unit });
                    if self.field.is_bottom(unit) {
                        out.push(Action::SwapStack { unit });
                    }
                    out.push(Action::LineCommand { anchor: unit });
                }
                // SPQR 4.74: a Replacement leader waiting, with each unit of the side.
                for leader in 0..self.field.leaders.len() {
                    // And (the second case) a fallen Tribune or Praefect.
                    let returning = self.field.leader_def(leader).is_some_and(|d| {
                        d.office.is_some_and(crate::state::Office::placed_back) && !d.replacement
                    }) && self
                        .field
                        .leaders
                        .get(leader)
                        .is_some_and(|s| s.status == LeaderStatus::Dead)
                        && !self.field.leader_off_map(leader);
                    if (returning || self.field.leaders.get(leader).is_some_and(|s| s.reserve))
                        && self.leader_side(leader) == side
                    {
                        for unit in 0..self.field.units.len() {
                            if self.field.side(unit) == side {
                                out.push(Action::ReplaceLeader { leader, unit });
                            }
                        }
                    }
                }
                // SPQR 8.64: the Regroup and Return of off-map pursuers.
                self.regroup_candidates(out);
                out.push(Action::OrderStack);
                out.extend(Direction::ALL.map(|dir| Action::StackStep { dir }));
                out.extend(Facing::ALL.map(|facing| Action::StackFace { facing }));
                for leader in 0..self.field.leaders.len() {
                    if self.leader_side(leader) == side {
                        out.push(Action::OrderLeader { leader });
                        out.extend(Direction::ALL.map(|dir| Action::LeaderStep { leader, dir }));
                    }
                }
                out.extend(
                    self.game
                        .declarations(&self.field, o.leader)
                        .into_iter()
                        .map(|choice| Action::Declare { choice }),
                );
                // SPQR 6.41: a phalanx's fifth MP, in its Move order.
                if let Phase::Orders(o) = &self.phase {
                    out.extend(
                        o.ordered
                            .iter()
                            .filter(|x| x.kind == OrderKind::Move && !x.fifth)
                            .map(|x| Action::FifthMp { unit: x.unit }),
                    );
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

/// Dictator 9.106: the hits still to share out after `shares`.
pub(super) fn allocation_left(aftermath: &super::ShockAftermath, shares: &[u8]) -> u8 {
    let given: u32 = shares.iter().map(|&h| u32::from(h)).sum();
    u8::try_from(u32::from(aftermath.defender_hits).saturating_sub(given)).unwrap_or(0)
}
