//! A phalanx's fifth MP (SPQR 6.41): a phalanx's MA is 4, or 5 if its player
//! asks for it in a Move order (`Action::FifthMp`). Taking it in the unit's
//! first move of the Game Turn costs a TQ check (1 hit if the roll is above
//! its TQ); in a later move, 2 hits in all instead of the second move's 1
//! (6.13), so 1 more, and no check. The check is rolled when the player asks
//! for the MP, not at the end of the move (Reconstructed: the roll does not
//! depend on the move, and a decision point needs its odds now). A
//! double-depth stack never uses it (9.52).

use gboh_core::dice::{Dice, Die};
use gboh_core::table::{Distribution, Modifiers};

use super::{Battle, OrderKind, Phase, Preview, StandardError, StandardEvent};
use crate::game::{GameEvent, StandardGame};
use crate::kinds::ShockClass;
use crate::movement::{phalanx_fifth_mp_hits, second_move_hits};
use crate::rule::RuleRef;

impl<G: StandardGame> Battle<G> {
    /// SPQR 6.41: whether `unit` may take its fifth MP now; whether this is
    /// its first move of the turn, and the preview (the odds of its hits).
    pub(super) fn fifth_mp_check(&self, unit: usize) -> Result<(bool, Preview), StandardError> {
        let id = self.field.def(unit).map_or_else(String::new, |d| d.id.to_string());
        let refuse = |why: String| Err(Self::illegal(RuleRef::PhalanxFifthMp, why));
        if self.field.def(unit).is_none_or(|d| d.class() != ShockClass::PH) {
            return refuse(format!("{id} is not a phalanx"));
        }
        let Some(x) = self.ordered(unit).filter(|x| x.kind == OrderKind::Move) else {
            return refuse(format!("{id} has no Move order this phase"));
        };
        if x.fifth {
            return refuse(format!("{id} has taken its fifth MP in this order"));
        }
        if !self.field.units.get(unit).is_some_and(|s| s.in_play()) {
            return refuse(format!("{id} is not in good order"));
        }
        if self.in_double_depth(unit) {
            return refuse(format!("{id} is in double depth: it always uses its MA of 4 (9.52)"));
        }
        let moves = self.field.units.get(unit).map_or(0, |s| s.moves_this_turn);
        // This order's move is its first of the turn: no earlier move, or
        // the one it is making now.
        let first = moves == 0 || (moves == 1 && x.moved);
        let tq = self.tq(unit);
        let costs = self.tables.movement.facing();
        let later = 2u8.saturating_sub(second_move_hits(costs, ShockClass::PH));
        let odds = Distribution::over_faces(Die::D10, |f| {
            if first { phalanx_fifth_mp_hits(tq, true, f) } else { later }
        });
        let preview = Preview::Odds {
            outcomes: odds
                .outcomes()
                .iter()
                .map(|(h, _)| (format!("{h} hits"), odds.chance(h)))
                .collect(),
            modifiers: Modifiers::new(),
        };
        Ok((first, preview))
    }

    /// SPQR 6.41: `unit` takes its fifth MP: 1 more MP for this order, and
    /// the hits (a TQ check in its first move of the turn).
    pub(super) fn perform_fifth_mp(
        &mut self,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        let (first, _) = self.fifth_mp_check(unit)?;
        let mut roll = None;
        let hits = if first {
            self.need_tq(unit, dice, events)?;
            let r = dice.d10()?;
            roll = Some(r);
            phalanx_fifth_mp_hits(self.tq(unit), true, r.face)
        } else {
            2u8.saturating_sub(second_move_hits(self.tables.movement.facing(), ShockClass::PH))
        };
        if let Phase::Orders(o) = &mut self.phase
            && let Some(x) = o.ordered.iter_mut().find(|x| x.unit == unit)
        {
            x.fifth = true;
            x.half_mp_left = x.half_mp_left.saturating_add(2);
        }
        let mut e = Self::event(RuleRef::PhalanxFifthMp, StandardEvent::FifthMp { unit, hits });
        if let Some(r) = roll {
            e = e.with_roll(r);
        }
        events.push(e);
        if hits > 0 {
            self.need_tq(unit, dice, events)?;
            if self.add_hits(unit, hits, events) {
                self.rout(unit, dice, events)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::game::Rules;

    use super::super::{Action, Battle, Pending, Phase, Preview, StandardEvent};
    use crate::Spqr;

    const PH_3: usize = 4;
    const REX: usize = 1;

    /// The Depth field at Rex's orders, PH-3 (TQ 6) given a Move order by a
    /// turn in place (it has not entered a hex), with `moves` earlier moves
    /// this turn.
    fn ordered(moves: u8) -> Battle<Spqr> {
        let (mut b, _) = Battle::new(Spqr, "Depth").unwrap();
        let mut dice = Dice::seeded(9);
        for _ in 0..200 {
            let a = match b.pending() {
                Pending::Orders { leader: REX, .. } => break,
                Pending::Orders { .. } => Action::EndOrders,
                _ => {
                    let mut legal = Vec::new();
                    b.legal_actions(&mut legal);
                    legal[0]
                }
            };
            b.perform(a, &mut dice, &mut Vec::new()).unwrap();
        }
        b.field.units[PH_3].moves_this_turn = moves;
        b.field.units[PH_3].hits = 0;
        let mut x = super::super::Ordered::new(PH_3, super::super::OrderKind::Move, 8);
        x.moved = false;
        if let Phase::Orders(o) = &mut b.phase {
            o.ordered.push(x);
        }
        b
    }

    fn odds(p: &Preview) -> Vec<(String, String)> {
        match p {
            Preview::Odds { outcomes, .. } => {
                outcomes.iter().map(|(o, c)| (o.clone(), c.to_string())).collect()
            }
            other => panic!("{other:?}"),
        }
    }

    /// SPQR 6.41: in its first move of the turn the fifth MP costs a TQ check
    /// (TQ 6: 7 in 10 no hit, 3 in 10 one hit); a roll of 8 is one hit; the
    /// order has 1 more MP; not twice in one order.
    #[test]
    fn rule_6_41_the_fifth_mp_in_the_first_move_costs_a_tq_check() {
        let mut b = ordered(0);
        let action = Action::FifthMp { unit: PH_3 };
        let mut legal = Vec::new();
        b.legal_actions(&mut legal);
        assert!(legal.contains(&action));
        let p = b.check(&action).unwrap();
        assert_eq!(
            odds(&p),
            vec![
                ("0 hits".to_string(), "7/10".to_string()),
                ("1 hits".to_string(), "3/10".to_string())
            ]
        );
        let mut events = Vec::new();
        b.perform(action, &mut Dice::scripted([8]), &mut events).unwrap();
        assert!(
            events.iter().any(|e| e.rule == "SPQR 6.41"
                && e.what == StandardEvent::FifthMp { unit: PH_3, hits: 1 })
        );
        assert_eq!(b.field.units[PH_3].hits, 1);
        assert_eq!(b.ordered(PH_3).unwrap().half_mp_left, 10, "MA 5");
        assert!(b.check(&action).is_err(), "once an order");
        // A roll of 6 (its TQ): no hit.
        let mut c = ordered(0);
        c.perform(action, &mut Dice::scripted([6]), &mut Vec::new()).unwrap();
        assert_eq!(c.field.units[PH_3].hits, 0);
    }

    /// SPQR 6.41: a phalanx that moved earlier this turn takes 2 hits in all
    /// for its fifth MP (the second move's 1, 6.13, and 1 more), no check.
    #[test]
    fn rule_6_41_the_fifth_mp_in_a_later_move_costs_one_more_hit_no_check() {
        let mut b = ordered(1);
        let action = Action::FifthMp { unit: PH_3 };
        assert_eq!(
            odds(&b.check(&action).unwrap()),
            vec![("1 hits".to_string(), "10/10".to_string())]
        );
        b.perform(action, &mut Dice::scripted([]), &mut Vec::new()).unwrap();
        assert_eq!(b.field.units[PH_3].hits, 1);
        // Not for a unit that is not a phalanx, nor without a Move order.
        let c = ordered(0);
        assert!(c.check(&Action::FifthMp { unit: 0 }).is_err());
        assert!(c.check(&Action::FifthMp { unit: 2 }).is_err());
    }
}
