//! Double-depth phalanxes (SPQR 9.5): two single-hex phalanxes the game names
//! eligible (hook `double_depth_eligible`; "listed in the scenario specific
//! rules", 9.5) stacked in one hex.
//!
//! ```text
//!    . F .      B, directly behind F (F in one of B's front hexes, both
//!     B .       facing alike), steps into F's hex for the hex's cost + 1 MP
//!               and is placed underneath; neither moves again this phase.
//! ```
//!
//! Forming it (9.51) is a `Step` into the front phalanx's hex, ordered by the
//! OC (an Individual Order, or a Line Command he issued); what follows from it
//! is asked of [`double_depth_partner`] by the rules it changes: orders only
//! from the OC, no column, no unit into or through it, an un-stacking top unit
//! leaves the bottom one in place (9.52); sizes combined, the TQ check of the
//! top unit (the bottom one from the rear) and of the other only if that one
//! took hits, +1 to the checks of its opponents when it attacks and -1 to its
//! own when it defends, defender hits tripled (not doubled) through its flank
//! or rear, hits shared with the odd one on top, both routing together (9.53).

use gboh_core::dice::Dice;
use gboh_core::facing::Aspect;
use gboh_core::table::{Drm, Modifiers};

use super::{Battle, OrderKind, Ordered, Phase, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;
use crate::protocol::overall_commander;
use crate::rule::RuleRef;
use crate::state::Field;

/// SPQR 9.5: the other phalanx of `unit`'s double-depth stack, if `unit` is
/// one of two single-hex phalanxes stacked in one hex (only 9.51 lets
/// phalanxes stack, so such a stack is a double-depth one).
#[must_use]
pub fn double_depth_partner(field: &Field, unit: usize) -> Option<usize> {
    let phalanx = |u: usize| field.def(u).is_some_and(|d| d.class() == ShockClass::PH && !d.double);
    if !phalanx(unit) {
        return None;
    }
    field.stacked_with(unit).filter(|&p| phalanx(p))
}

impl<G: StandardGame> Battle<G> {
    /// SPQR 9.52: whether `unit` is one of a double-depth stack.
    pub(super) fn in_double_depth(&self, unit: usize) -> bool {
        double_depth_partner(&self.field, unit).is_some()
    }

    /// Whether the active leader is his side's OC.
    fn active_is_oc(&self) -> bool {
        self.orders().is_some_and(|o| {
            self.leader_side(o.leader)
                .and_then(|side| overall_commander(&self.field, side))
                .is_some_and(|oc| oc == o.leader)
        })
    }

    /// SPQR 9.52: "the units may receive orders only from the OC".
    pub(super) fn double_depth_order_check(&self, unit: usize) -> Result<(), StandardError> {
        if self.in_double_depth(unit) && !self.active_is_oc() {
            let id = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
            return Err(Self::illegal(
                RuleRef::DoubleDepth,
                format!("{id} is in double depth: only the OC orders it"),
            ));
        }
        Ok(())
    }

    /// SPQR 9.51: whether `unit` stepping into `to` would form a double
    /// depth with the phalanx there: `Some(Ok(front))` if it may, `Some(Err)`
    /// why not, `None` if this is no double-depth step (not two phalanxes).
    pub(super) fn double_depth_entry(
        &self,
        unit: usize,
        to: hexx::Hex,
    ) -> Option<Result<usize, StandardError>> {
        let occupants = self.field.units_at(to);
        let &front = occupants.first()?;
        let phalanx =
            |u: usize| self.field.def(u).is_some_and(|d| d.class() == ShockClass::PH && !d.double);
        if !phalanx(unit) || !phalanx(front) || self.field.side(front) != self.field.side(unit) {
            return None;
        }
        let name = |u: usize| self.field.def(u).map_or_else(String::new, |d| d.id.to_string());
        let refuse = |why: String| Some(Err(Self::illegal(RuleRef::DoubleDepth, why)));
        if occupants.len() > 1 {
            return refuse(format!(
                "{} is a double-depth stack: no unit enters it (9.52)",
                self.field.label(to)
            ));
        }
        let eligible = |u: usize| self.game.double_depth_eligible(&self.field, u);
        if !eligible(unit) || !eligible(front) {
            return refuse(format!(
                "{} and {} are not both listed for double depth by the scenario (9.5)",
                name(unit),
                name(front)
            ));
        }
        if !self.active_is_oc() {
            return refuse("double depth is formed only by an order of the OC (9.51)".into());
        }
        let (Some(b), Some(f)) = (self.field.units.get(unit), self.field.units.get(front)) else {
            return None;
        };
        if b.facing != f.facing || !f.in_play() {
            return refuse(format!(
                "{} must start directly behind {}, facing as it does (9.51)",
                name(unit),
                name(front)
            ));
        }
        if self.ordered(unit).is_some_and(|x| x.moved) {
            return refuse(format!(
                "{} must start its movement directly behind {} (9.51)",
                name(unit),
                name(front)
            ));
        }
        Some(Ok(front))
    }

    /// SPQR 9.51: the MP (in halves) a step forming double depth adds: the
    /// chart's "stack to form double depth" (+1 MP).
    pub(super) fn double_depth_half_mp(&self) -> u16 {
        u16::from(self.tables.movement.facing().double_depth.value) * 2
    }

    /// SPQR 9.51, 9.52: after `unit` moved: if it formed double depth with
    /// `front`, neither moves again this phase; if it left a double-depth
    /// stack (`left`: its partner before the move), the bottom unit stays in
    /// place this phase.
    pub(super) fn after_double_depth_move(
        &mut self,
        unit: usize,
        left: Option<usize>,
        events: &mut Vec<GameEvent<G>>,
    ) {
        let formed = double_depth_partner(&self.field, unit);
        if let Some(front) = formed {
            events.push(Self::event(
                RuleRef::DoubleDepth,
                StandardEvent::DoubleDepthFormed { back: unit, front },
            ));
        }
        for u in [Some(unit).filter(|_| formed.is_some()), formed, left].into_iter().flatten() {
            self.hold_in_place(u);
        }
    }

    /// `u` moves no more this phase (without spending an order on it).
    fn hold_in_place(&mut self, u: usize) {
        let Phase::Orders(o) = &mut self.phase else { return };
        match o.ordered.iter_mut().find(|x| x.unit == u) {
            Some(x) => {
                x.half_mp_left = 0;
                x.stopped = true;
            }
            None => {
                let mut x = Ordered::new(u, OrderKind::Move, 0);
                x.stopped = true;
                o.ordered.push(x);
            }
        }
    }

    /// SPQR 9.53: `u` is the bottom unit of a double-depth stack, which
    /// shocks with its top unit, not on its own.
    pub(super) fn double_depth_bottom(&self, u: usize) -> bool {
        self.in_double_depth(u) && self.field.is_bottom(u)
    }

    /// SPQR 8.4 (its double-depth DRMs) and 9.53: -1 to a defending
    /// double-depth unit's pre-shock check, +1 to a defender's check against
    /// a double-depth attacker.
    pub(super) fn double_depth_modifiers(
        &self,
        u: usize,
        attacking: bool,
        opponents: &[usize],
        m: &mut Modifiers,
    ) {
        if attacking {
            return;
        }
        let rule = G::section(RuleRef::DoubleDepth);
        if self.in_double_depth(u) {
            m.push(rule, "defending in double depth", Drm(-1));
        }
        if opponents.iter().any(|&a| self.in_double_depth(a)) {
            m.push(rule, "attacked by a double-depth phalanx", Drm(1));
        }
    }

    /// SPQR 9.53: the unit of `u`'s double-depth stack that takes the TQ
    /// check against `attacker`: the top one, the bottom one from the rear.
    fn double_depth_checker(&self, u: usize, attacker: usize) -> Option<usize> {
        let p = double_depth_partner(&self.field, u)?;
        let rear = self.aspect(u, attacker) == Aspect::Rear;
        let (top, bottom) = if self.field.is_bottom(u) { (p, u) } else { (u, p) };
        Some(if rear { bottom } else { top })
    }

    /// SPQR 9.53: whether defender `d` does not check first (its stack's
    /// other unit does, and `d` only if that one takes hits).
    pub(super) fn double_depth_skips_check(&self, d: usize, attacker: usize) -> bool {
        self.double_depth_checker(d, attacker).is_some_and(|c| c != d)
    }

    /// SPQR 9.53: after `u` (of a double-depth stack) checked, its partner
    /// checks if `u` took hits. Returns whether the stack is out of the
    /// combat (routed).
    pub(super) fn double_depth_second_check(
        &mut self,
        u: usize,
        attacking: bool,
        opponents: &[usize],
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<bool, StandardError> {
        let Some(p) = double_depth_partner(&self.field, u) else {
            return Ok(!self.field.units.get(u).is_some_and(|s| s.in_play()));
        };
        let took = events.iter().rev().find_map(|e| match e.what {
            StandardEvent::PreShock { unit, hits } if unit == u => Some(hits),
            _ => None,
        });
        if took.unwrap_or(0) == 0 {
            return Ok(false);
        }
        self.pre_shock_check(p, attacking, opponents, dice, events)
    }

    /// SPQR 9.53: the attacker's shock hits, shared equally between the
    /// units of a double-depth stack, the odd one to the top unit (the
    /// attacker: its bottom unit does not attack on its own).
    pub(super) fn double_depth_shares(&self, attacker: usize, hits: u8) -> Vec<(usize, u8)> {
        match double_depth_partner(&self.field, attacker) {
            Some(p) => vec![(attacker, hits.div_ceil(2)), (p, hits / 2)],
            None => vec![(attacker, hits)],
        }
    }

    /// SPQR 9.53, 8.47: the bottom unit of an attacking double-depth stack
    /// whose share of the hits reached its TQ routs (a phalanx first rolls
    /// to stand), and the top unit with it.
    pub(super) fn double_depth_bottom_collapse(
        &mut self,
        attacker: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let Some(p) = double_depth_partner(&self.field, attacker) else { return Ok(()) };
        self.need_tq(p, dice, events)?;
        let broken = self.field.units.get(p).is_some_and(|s| s.in_play() && s.hits >= self.tq(p));
        if broken {
            self.rout_or_stand(p, true, false, dice, events)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::facing::{Aspect, Direction};
    use gboh_core::game::Rules;
    use gboh_core::table::{CrtColumn, Modifiers};

    use super::super::{Action, Battle, Pending, Preview, StandardEvent};
    use crate::Spqr;
    use crate::shock::{Adjustments, Superiority, resolve};
    use crate::state::UnitStatus;

    const LG_1: usize = 0;
    const PH_1: usize = 2;
    const PH_2: usize = 3;
    const PH_3: usize = 4;
    const REX: usize = 1;
    const PRINCEPS: usize = 2;

    /// The "Depth" field at `leader`'s orders, PH-2 directly behind PH-1
    /// (in one of its rear hexes, facing alike); returns the direction from
    /// PH-2 into PH-1's hex.
    fn behind(leader: usize) -> (Battle<Spqr>, Direction) {
        let (mut b, _) = Battle::new(Spqr, "Depth").unwrap();
        let mut dice = Dice::seeded(9);
        for _ in 0..200 {
            let a = match b.pending() {
                Pending::Orders { leader: l, .. } if l == leader => break,
                Pending::Orders { .. } => Action::EndOrders,
                _ => {
                    let mut legal = Vec::new();
                    b.legal_actions(&mut legal);
                    legal.into_iter().next().unwrap()
                }
            };
            b.perform(a, &mut dice, &mut Vec::new()).unwrap();
        }
        assert!(matches!(b.pending(), Pending::Orders { leader: l, .. } if l == leader));
        let front = b.field.units[PH_1];
        let rear = front.facing.rear()[0];
        b.field.units[PH_2].hex = rear.neighbor(front.hex);
        b.field.units[PH_2].facing = front.facing;
        let into = Direction::ALL
            .into_iter()
            .find(|d| d.neighbor(b.field.units[PH_2].hex) == front.hex)
            .unwrap();
        assert!(front.facing.front().contains(&into), "PH-1 is in a front hex of PH-2");
        (b, into)
    }

    fn formed() -> Battle<Spqr> {
        let (mut b, into) = behind(REX);
        b.perform(Action::Step { unit: PH_2, dir: into }, &mut Dice::scripted([]), &mut Vec::new())
            .unwrap();
        b
    }

    /// SPQR 9.51: by the OC's order, the back phalanx steps into the front
    /// one's hex for the hex's cost plus 1 MP (clear: 1 + 1), goes under it,
    /// and neither moves again this phase.
    #[test]
    fn rule_9_51_the_oc_stacks_the_back_phalanx_under_the_front_one_for_1_more_mp() {
        let (mut b, into) = behind(REX);
        let step = Action::Step { unit: PH_2, dir: into };
        let Ok(Preview::Cost(cost)) = b.check(&step) else { panic!("{:?}", b.check(&step)) };
        let plain = b.hex_cost(PH_2, b.field.units[PH_2].hex, into).unwrap();
        assert_eq!(cost.half_mp, plain.half_mp + 2, "the hex's cost + 1 MP");
        let mut legal = Vec::new();
        b.legal_actions(&mut legal);
        assert!(legal.contains(&step));
        let mut events = Vec::new();
        b.perform(step, &mut Dice::scripted([]), &mut events).unwrap();
        assert!(events.iter().any(|e| e.rule == "SPQR 9.5"
            && e.what == StandardEvent::DoubleDepthFormed { back: PH_2, front: PH_1 }));
        assert_eq!(b.field.units[PH_2].hex, b.field.units[PH_1].hex);
        assert!(b.field.is_bottom(PH_2) && !b.field.is_bottom(PH_1));
        assert_eq!(super::double_depth_partner(&b.field, PH_1), Some(PH_2));
        // Neither moves again this phase.
        for u in [PH_1, PH_2] {
            let dirs = b.field.units[u].facing.front();
            assert!(dirs.iter().all(|&dir| b.check(&Action::Step { unit: u, dir }).is_err()));
        }
    }

    /// SPQR 9.51: only by the OC's order, only listed phalanxes, only from
    /// directly behind facing alike.
    #[test]
    fn rule_9_51_who_may_form_double_depth() {
        let (b, into) = behind(PRINCEPS);
        let e = b.check(&Action::Step { unit: PH_2, dir: into }).unwrap_err().to_string();
        assert!(e.starts_with("SPQR 9.5:") && e.contains("OC"), "{e}");
        let (mut b, into) = behind(REX);
        b.field.units[PH_3].hex = b.field.units[PH_2].hex;
        b.field.units[PH_2].status = UnitStatus::Eliminated;
        let e = b.check(&Action::Step { unit: PH_3, dir: into }).unwrap_err().to_string();
        assert!(e.starts_with("SPQR 9.5:") && e.contains("not both listed"), "{e}");
        let (mut b, into) = behind(REX);
        b.field.units[PH_2].facing = b.field.units[PH_2].facing.rotated(1);
        assert!(b.check(&Action::Step { unit: PH_2, dir: into }).is_err());
    }

    /// SPQR 9.52: orders only from the OC; no column; no unit into or
    /// through the stack; the top unit leaving leaves the bottom in place.
    #[test]
    fn rule_9_52_double_depth_movement_restrictions() {
        let b = formed();
        assert!(b.in_double_depth(PH_1) && b.in_double_depth(PH_2));
        let e = b.double_depth_order_check(PH_1);
        assert!(e.is_ok(), "Rex is the OC");
        let e = b.column_check(PH_1).unwrap_err().to_string();
        assert!(e.starts_with("SPQR 9.5:"), "{e}");
        // A third phalanx may not join it.
        let mut c = formed();
        let hex = c.field.units[PH_1].hex;
        let side_dir = Direction::ALL
            .into_iter()
            .find(|d| {
                let h = d.neighbor(hex);
                c.field.units_at(h).is_empty() && c.field.board().contains(h)
            })
            .unwrap();
        c.field.units[PH_3].hex = side_dir.neighbor(hex);
        let back = Direction::ALL.into_iter().find(|d| d.neighbor(c.field.units[PH_3].hex) == hex);
        let back = back.unwrap();
        c.field.units[PH_3].facing = gboh_core::facing::Facing::toward(back)[0];
        let e = c.check(&Action::Step { unit: PH_3, dir: back }).unwrap_err().to_string();
        assert!(e.contains("no unit enters it"), "{e}");
        // Under the subordinate: no orders to it at all.
        let (mut d, into) = behind(PRINCEPS);
        let front = d.field.units[PH_1].hex;
        d.field.units[PH_2].hex = front;
        d.field.units[PH_2].bottom = true;
        let _ = into;
        let e = d.double_depth_order_check(PH_1).unwrap_err().to_string();
        assert!(e.contains("only the OC orders it"), "{e}");
        // The top unit un-stacks (next phase: give PH-1 an order anew): the
        // bottom one stays in place.
        let mut f = formed();
        if let super::super::Phase::Orders(o) = &mut f.phase {
            o.ordered.clear();
            o.orders_left = 3;
        }
        let dir = f.field.units[PH_1].facing.front()[0];
        f.perform(Action::Step { unit: PH_1, dir }, &mut Dice::seeded(3), &mut Vec::new()).unwrap();
        assert!(!f.in_double_depth(PH_2));
        let dirs = f.field.units[PH_2].facing.front();
        assert!(dirs.iter().all(|&dir| f.check(&Action::Step { unit: PH_2, dir }).is_err()));
    }

    /// SPQR 8.4 and 9.53: -1 to a defending double-depth unit's pre-shock
    /// check, +1 to its opponents' checks when it attacks; the top unit
    /// checks (the bottom from the rear); shock hits to an attacking stack
    /// shared with the odd one on top; either routing routs both.
    #[test]
    fn rule_9_53_double_depth_checks_modifiers_shares_and_rout() {
        let b = formed();
        let mut m = Modifiers::new();
        b.double_depth_modifiers(PH_1, false, &[LG_1], &mut m);
        assert_eq!(m.total().0, -1);
        let mut m = Modifiers::new();
        b.double_depth_modifiers(LG_1, false, &[PH_1], &mut m);
        assert_eq!(m.total().0, 1);
        let mut m = Modifiers::new();
        b.double_depth_modifiers(PH_1, true, &[LG_1], &mut m);
        assert_eq!(m.total().0, 0, "not to its own check as attacker");
        assert_eq!(b.double_depth_shares(PH_1, 5), vec![(PH_1, 3), (PH_2, 2)]);
        assert_eq!(b.double_depth_shares(LG_1, 5), vec![(LG_1, 5)]);
        // The checker: from the front the top unit, from the rear the bottom.
        let mut c = formed();
        let hex = c.field.units[PH_1].hex;
        let facing = c.field.units[PH_1].facing;
        for (dir, aspect, skips_top) in
            [(facing.front()[0], Aspect::Front, false), (facing.rear()[0], Aspect::Rear, true)]
        {
            c.field.units[LG_1].hex = dir.neighbor(hex);
            assert_eq!(c.aspect(PH_1, LG_1), aspect);
            assert_eq!(c.double_depth_skips_check(PH_1, LG_1), skips_top);
            assert_eq!(c.double_depth_skips_check(PH_2, LG_1), !skips_top);
        }
        // The bottom routs: the top routs with it, no check.
        let mut r = formed();
        let mut events = Vec::new();
        r.rout(PH_2, &mut Dice::scripted([]), &mut events).unwrap();
        assert!(events.iter().any(|e| e.rule == "SPQR 9.5"
            && e.what == StandardEvent::StackRout { unit: PH_1, checked: false, routs: true }));
        assert_ne!(r.field.units[PH_1].status, UnitStatus::InPlay);
        let (h1, h2) = (r.field.units[PH_1].hex, r.field.units[PH_2].hex);
        let on = |u: usize| r.field.units[u].on_map();
        assert!(!(on(PH_1) && on(PH_2) && h1 == h2), "separate hexes");
    }

    /// SPQR 9.53: the sizes combine when the stack attacks; a stack shocked
    /// through its rear takes its hits tripled, not doubled.
    #[test]
    fn rule_9_53_sizes_combine_and_rear_hits_are_tripled() {
        let shock_event = |b: &mut Battle<Spqr>, a: usize, d: usize| {
            let mut events = Vec::new();
            b.shock(a, &[d], false, None, &mut Dice::scripted([5]), &mut events).unwrap();
            events
                .into_iter()
                .find_map(|e| match e.what {
                    StandardEvent::Shock { column, superiority, defender_hits, .. } => {
                        Some((column, superiority, defender_hits))
                    }
                    _ => None,
                })
                .unwrap()
        };
        // PH-1 (8, with PH-2's 8 under it) against LG-1 (3) in its front.
        let mut b = formed();
        let hex = b.field.units[PH_1].hex;
        let facing = b.field.units[PH_1].facing;
        b.field.units[LG_1].hex = facing.front()[0].neighbor(hex);
        b.field.units[LG_1].facing = facing.rotated(3);
        let (stacked, _, _) = shock_event(&mut b.clone(), PH_1, LG_1);
        b.field.units[PH_2].status = UnitStatus::Eliminated;
        let (alone, _, _) = shock_event(&mut b, PH_1, LG_1);
        assert!(stacked > alone, "16:3 is a bigger ratio than 8:3 ({stacked} vs {alone})");
        // LG-1 shocks the stack through its rear: Attack Superior, x3.
        let mut c = formed();
        let rear = facing.rear()[0];
        c.field.units[LG_1].hex = rear.neighbor(hex);
        c.field.units[LG_1].facing = Direction::ALL
            .into_iter()
            .find(|d| d.neighbor(c.field.units[LG_1].hex) == hex)
            .map(|d| gboh_core::facing::Facing::toward(d)[0])
            .unwrap();
        assert_eq!(c.aspect(PH_2, LG_1), Aspect::Rear);
        let (column, sup, hits) = shock_event(&mut c, LG_1, PH_1);
        assert_eq!(sup, Superiority::Attacker);
        let base = resolve(
            &c.tables.shock_crt,
            CrtColumn(column),
            0,
            gboh_core::table::Drm(0),
            5,
            Superiority::None,
            &Adjustments::default(),
        );
        assert_eq!(hits, base.defender * 3, "tripled, not doubled");
    }

    /// SPQR 9.52 with 6.64: the OC in their hex moves the double-depth
    /// stack as one with his stack order; it stays in double depth.
    #[test]
    fn rule_9_52_the_oc_in_its_hex_moves_the_stack_as_one() {
        let mut b = formed();
        if let super::super::Phase::Orders(o) = &mut b.phase {
            o.ordered.clear();
            o.orders_left = 3;
        }
        let hex = b.field.units[PH_1].hex;
        b.field.leaders[REX].hex = hex;
        // Out of any enemy ZOC, on open ground ahead.
        b.field.units[LG_1].status = UnitStatus::Eliminated;
        b.field.units[LG_1 + 1].status = UnitStatus::Eliminated;
        assert!(b.check(&Action::OrderStack).is_ok());
        b.perform(Action::OrderStack, &mut Dice::scripted([]), &mut Vec::new()).unwrap();
        let dir = b.field.units[PH_1].facing.front()[0];
        assert!(b.check(&Action::StackStep { dir }).is_ok());
        b.perform(Action::StackStep { dir }, &mut Dice::seeded(1), &mut Vec::new()).unwrap();
        let to = dir.neighbor(hex);
        assert_eq!((b.field.units[PH_1].hex, b.field.units[PH_2].hex), (to, to));
        assert_eq!(super::double_depth_partner(&b.field, PH_1), Some(PH_2));
        assert!(b.field.is_bottom(PH_2));
    }
}
