//! SPQR 8.42 (the living rules' numbering) combined attacks: the attacking
//! player designates the combats of the Shock segment. Two or more attackers
//! may combine against the enemies in their fronts (`Combine`): one combat,
//! their sizes added, the attacker's pick of whose type and angle set the
//! column, the attacker's hits shared out as 10.13 says; each defender is
//! shocked once a segment, so an attacker whose front enemies were all
//! shocked already makes no combat of its own.

use super::{Battle, OrdersPhase, Phase, Preview};
use crate::game::StandardGame;

impl<G: StandardGame> Battle<G> {
    /// The current Orders Phase, whatever decision of its Shock segment the
    /// battle waits on.
    pub(super) fn segment_orders(&self) -> Option<&OrdersPhase> {
        match &self.phase {
            Phase::Orders(o)
            | Phase::ShockDesignation { orders: o, .. }
            | Phase::ClashChoice { orders: o, .. }
            | Phase::Allocation { orders: o, .. } => Some(o),
            _ => None,
        }
    }

    /// SPQR 8.42: the attackers of `lead`'s combat: `lead` and the units the
    /// active player joined to it, those still in play.
    pub(super) fn combat_group(&self, lead: usize) -> Vec<usize> {
        let joined = self.segment_orders().map_or(&[][..], |o| o.joined.as_slice());
        core::iter::once(lead)
            .chain(joined.iter().filter(|j| j.1 == lead).map(|j| j.0))
            .filter(|&u| self.field.units.get(u).is_some_and(|s| s.in_play()))
            .collect()
    }

    /// SPQR 8.42: the defenders of the combat of `group`: every enemy in a
    /// front hex of any of them (less those a game takes out), each once,
    /// but those already shocked this segment ("unless that defending unit is
    /// being attacked by another friendly unit").
    pub(super) fn combat_defenders(&self, group: &[usize]) -> Vec<usize> {
        let shocked = self.segment_orders().map_or(&[][..], |o| o.shocked.as_slice());
        let mut out: Vec<usize> = Vec::new();
        for &a in group {
            let mut front = self.front_enemies(a);
            self.game.shock_defenders(&self.field, a, &mut front);
            for e in front {
                if !shocked.contains(&e) && !out.contains(&e) {
                    out.push(e);
                }
            }
        }
        out
    }

    /// SPQR 7.31: unit `u` moved adjacent to an enemy from a hex not adjacent
    /// to it this phase (its shock counts as a moving one).
    pub(super) fn closed_in(&self, u: usize) -> bool {
        self.segment_orders()
            .is_some_and(|o| o.ordered.iter().any(|x| x.unit == u && x.moved && x.closed))
    }

    /// SPQR 8.42: whether `unit` may join `with`'s combat now: both shock this
    /// segment (must, or designated), `unit` is not joined yet and leads no
    /// combat of its own, `with` is joined to none, and they have an enemy in
    /// their front hexes in common (two units combine to attack one
    /// defender).
    pub(super) fn may_combine(&self, unit: usize, with: usize) -> bool {
        let Phase::ShockDesignation { orders, designated } = &self.phase else { return false };
        let shocking = |u: usize| designated.contains(&u) || self.attackers(orders).contains(&u);
        if unit == with || !shocking(unit) || !shocking(with) {
            return false;
        }
        if orders.joined.iter().any(|j| j.0 == unit || j.1 == unit || j.0 == with) {
            return false;
        }
        if self.field.side(unit) != self.field.side(with) {
            return false;
        }
        let theirs = self.combat_defenders(&[with]);
        self.combat_defenders(&[unit]).iter().any(|e| theirs.contains(e))
    }

    /// SPQR 8.42: the exact odds of the CRT roll of the combat `unit` would
    /// make joining `with`'s (the result's hits before they are shared out,
    /// as the units stand now: before the pre-shock checks and the leaders'
    /// casualty checks).
    pub(super) fn combine_preview(&self, unit: usize, with: usize) -> Preview {
        let mut group = self.combat_group(with);
        group.push(unit);
        let moved = group.iter().any(|&u| self.closed_in(u));
        let remaining: Vec<usize> = self
            .combat_defenders(&group)
            .into_iter()
            .filter(|&d| self.field.units.get(d).is_some_and(|s| s.in_play()))
            .collect();
        let Some(t) = self.combat_terms(&group, &remaining, moved, None, &[]) else {
            return Preview::Nothing;
        };
        let d = crate::shock::shock_distribution(
            &self.tables.shock_crt,
            t.column,
            0,
            t.drm,
            t.superiority,
            &t.adjustments,
        );
        super::validate::odds(&d, t.modifiers)
    }

    /// SPQR 8.42, for players and bots weighing a `Combine`: whether every
    /// enemy in `unit`'s fronts is already in the combat `with` leads, so
    /// that joining adds `unit`'s size to it and takes away no combat of
    /// `unit`'s own.
    #[must_use]
    pub fn joins_without_loss(&self, unit: usize, with: usize) -> bool {
        let theirs = self.combat_defenders(&self.combat_group(with));
        self.combat_defenders(&[unit]).iter().all(|e| theirs.contains(e))
    }

    /// SPQR 8.42: the combinations the active player may make now.
    pub(super) fn combinations(&self) -> Vec<(usize, usize)> {
        let Phase::ShockDesignation { orders, designated } = &self.phase else {
            return Vec::new();
        };
        let mut shocking = self.attackers(orders);
        shocking.extend(designated.iter().copied());
        let mut out = Vec::new();
        for &u in &shocking {
            for &w in &shocking {
                if self.may_combine(u, w) && !out.contains(&(u, w)) {
                    out.push((u, w));
                }
            }
        }
        out
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use gboh_core::dice::Dice;
    use gboh_core::facing::{Direction, Facing};
    use gboh_core::game::Rules;
    use gboh_core::table::Chance;

    use super::super::words::Words;
    use super::super::{Action, Battle, Pending, Phase, Preview, StandardEvent};
    use crate::Spqr;
    use crate::shock::{ShockHits, size_ratio};

    type Ev = StandardEvent<<Spqr as crate::StandardGame>::Event>;

    const LG_1: usize = 0;
    const LG_2: usize = 1;
    const LG_3: usize = 2;
    const BI_1: usize = 6;
    const BI_2: usize = 7;
    const PRINCEPS: usize = 3;

    /// Skirmish at the Princeps's orders: BI-1 and BI-2 (size 6 each) put in
    /// the two hexes north of LG-2 (size 3), facing six o'clock, so LG-2 is in
    /// both their fronts; LG-1 and LG-3 taken away to the south edge, so
    /// LG-2 is the only enemy either has in front. The Princeps with BI-1.
    /// Neither moved: each may shock with no check (7.33); both designated.
    fn two_barbarians_on_a_legion() -> Battle<Spqr> {
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let mut dice = Dice::scripted(vec![5; 4]);
        b.perform(Action::Decline, &mut dice, &mut Vec::new()).unwrap();
        assert!(matches!(b.pending(), Pending::Orders { leader: PRINCEPS, .. }));
        let d = b.field.units[LG_2].hex;
        let south = Direction::SW.neighbor(Direction::SW.neighbor(d));
        b.field.units[LG_1].hex = Direction::W.neighbor(south);
        b.field.units[LG_3].hex = Direction::E.neighbor(south);
        b.field.units[BI_1].hex = Direction::NE.neighbor(d);
        b.field.units[BI_2].hex = Direction::NW.neighbor(d);
        for u in [BI_1, BI_2] {
            b.field.units[u].facing = Facing::Six;
        }
        b.field.leaders[PRINCEPS].hex = b.field.units[BI_1].hex;
        assert_eq!(b.front_enemies(BI_1), vec![LG_2]);
        assert_eq!(b.front_enemies(BI_2), vec![LG_2]);
        b.perform(Action::EndOrders, &mut dice, &mut Vec::new()).unwrap();
        for unit in [BI_1, BI_2] {
            b.perform(Action::DesignateShock { unit }, &mut dice, &mut Vec::new()).unwrap();
        }
        b
    }

    fn resolve(mut b: Battle<Spqr>, face: u8) -> (Battle<Spqr>, Vec<Ev>) {
        // The Princeps's casualty roll (a 5: unhurt), the CRT roll, then
        // the rest of the turn's rolls (varied, so roll-offs end).
        let mut faces = vec![5, face];
        faces.extend((0..500u16).map(|i| u8::try_from((i * 7 + 3) % 10).unwrap_or(0)));
        let mut events = Vec::new();
        b.perform(Action::ResolveShocks, &mut Dice::scripted(faces), &mut events).unwrap();
        (b, events.into_iter().map(|e| e.what).collect())
    }

    fn shocks(events: &[Ev]) -> Vec<&Ev> {
        events.iter().filter(|e| matches!(e, StandardEvent::Shock { .. })).collect()
    }

    #[test]
    fn rule_8_42_two_attackers_combine_their_sizes_against_one_defender() {
        let mut b = two_barbarians_on_a_legion();
        b.perform(
            Action::Combine { unit: BI_2, with: BI_1 },
            &mut Dice::scripted([]),
            &mut Vec::new(),
        )
        .unwrap();
        let (b, events) = resolve(b, 5);
        let shocks = shocks(&events);
        assert_eq!(shocks.len(), 1, "one combat: {events:?}");
        let StandardEvent::Shock { attacker, defender, with, shifts, attacker_hits, .. } =
            shocks[0].clone()
        else {
            unreachable!()
        };
        assert_eq!((attacker, defender, with), (BI_1, LG_2, vec![BI_2]));
        // 8.46 step 2: 6 + 6 against 3, neither moved: 4:1.
        let ratio = shifts.iter().find(|s| s.what == "size ratio").map(|s| s.columns);
        let combined = size_ratio(12, 3, false).map(|r| r.shift());
        assert_eq!(ratio, combined);
        assert_ne!(combined, size_ratio(6, 3, false).map(|r| r.shift()));
        // 8.46 step 4, 10.13: the attacker's hits shared out, the odd one to
        // the unit used for the column.
        let (h1, h2) = (b.field.units[BI_1].hits, b.field.units[BI_2].hits);
        assert_eq!((h1, h2), (attacker_hits.div_ceil(2), attacker_hits / 2));
    }

    #[test]
    fn rule_8_42_a_defender_is_shocked_once_a_segment() {
        // Not combined: BI-1 shocks LG-2 alone, at 6 against 3; BI-2 has no
        // enemy in front left to shock and makes no combat.
        let (_, events) = resolve(two_barbarians_on_a_legion(), 5);
        let shocks = shocks(&events);
        assert_eq!(shocks.len(), 1, "{events:?}");
        let StandardEvent::Shock { attacker, with, shifts, .. } = shocks[0].clone() else {
            unreachable!()
        };
        assert_eq!((attacker, with), (BI_1, vec![]));
        let ratio = shifts.iter().find(|s| s.what == "size ratio").map(|s| s.columns);
        assert_eq!(ratio, size_ratio(6, 3, false).map(|r| r.shift()));
    }

    #[test]
    fn rule_8_42_combining_is_the_attacking_player_s_choice_within_the_restrictions() {
        let b = two_barbarians_on_a_legion();
        let mut legal = Vec::new();
        b.legal_actions(&mut legal);
        assert!(legal.contains(&Action::Combine { unit: BI_2, with: BI_1 }));
        assert!(b.check(&Action::Combine { unit: BI_2, with: BI_2 }).is_err());
        assert!(b.check(&Action::Combine { unit: LG_2, with: BI_1 }).is_err(), "an enemy");
        let mut joined = b.clone();
        joined
            .perform(
                Action::Combine { unit: BI_2, with: BI_1 },
                &mut Dice::scripted([]),
                &mut Vec::new(),
            )
            .unwrap();
        // A unit attacks once: not twice, nor the other way round.
        assert!(joined.check(&Action::Combine { unit: BI_2, with: BI_1 }).is_err());
        assert!(joined.check(&Action::Combine { unit: BI_1, with: BI_2 }).is_err());
        // Before designation BI-2 is not an attacker: nothing to combine.
        let (mut fresh, _) = Battle::new(Spqr, "Skirmish").unwrap();
        fresh.perform(Action::Decline, &mut Dice::scripted([5; 4]), &mut Vec::new()).unwrap();
        assert!(fresh.check(&Action::Combine { unit: BI_2, with: BI_1 }).is_err());
        assert!(matches!(b.phase, Phase::ShockDesignation { .. }));
    }

    #[test]
    fn rule_8_42_the_preview_gives_the_exact_odds_of_the_combined_shock() {
        let b = two_barbarians_on_a_legion();
        let Ok(Preview::Odds { outcomes, .. }) =
            b.check(&Action::Combine { unit: BI_2, with: BI_1 })
        else {
            panic!("odds expected");
        };
        // Every face of the CRT roll played out: the results counted.
        let mut seen: Vec<(String, u64)> = Vec::new();
        for face in 0..10 {
            let mut c = b.clone();
            c.perform(
                Action::Combine { unit: BI_2, with: BI_1 },
                &mut Dice::scripted([]),
                &mut Vec::new(),
            )
            .unwrap();
            let (_, events) = resolve(c, face);
            let Some(StandardEvent::Shock { attacker_hits, defender_hits, .. }) =
                shocks(&events).first().copied().cloned()
            else {
                panic!("{events:?}")
            };
            let words = ShockHits { attacker: attacker_hits, defender: defender_hits }.words();
            match seen.iter_mut().find(|s| s.0 == words) {
                Some(s) => s.1 += 1,
                None => seen.push((words, 1)),
            }
        }
        assert_eq!(outcomes.len(), seen.len(), "{outcomes:?} {seen:?}");
        for (words, count) in seen {
            let chance = outcomes.iter().find(|o| o.0 == words).map(|o| o.1).unwrap();
            assert!(chance.same_as(Chance { count, out_of: 10 }), "{words}: {chance}");
        }
    }

    #[test]
    fn rule_8_42_a_unit_joined_to_a_lead_that_can_no_longer_shock_still_attacks() {
        let mut b = two_barbarians_on_a_legion();
        b.perform(
            Action::Combine { unit: BI_2, with: BI_1 },
            &mut Dice::scripted([]),
            &mut Vec::new(),
        )
        .unwrap();
        // BI-1 is routed before the Shock segment's combats (as by a rout
        // earlier in the segment): BI-2 attacks LG-2 alone.
        b.field.units[BI_1].status = crate::state::UnitStatus::Routed;
        let mut faces = vec![5];
        faces.extend((0..500u16).map(|i| u8::try_from((i * 7 + 3) % 10).unwrap_or(0)));
        let mut events = Vec::new();
        b.perform(Action::ResolveShocks, &mut Dice::scripted(faces), &mut events).unwrap();
        let events: Vec<Ev> = events.into_iter().map(|e| e.what).collect();
        let shocks = shocks(&events);
        assert_eq!(shocks.len(), 1, "{events:?}");
        assert!(
            matches!(shocks[0], StandardEvent::Shock { attacker: BI_2, defender: LG_2, with, .. } if with.is_empty())
        );
    }
}
