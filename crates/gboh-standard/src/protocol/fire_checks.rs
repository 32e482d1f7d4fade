//! What a missile order needs to be legal (SPQR 8.2, with 8.13 and 6.68 for
//! fire at a stack): the facts of a fire or a harassment, the game's own
//! limits and modifiers. Split from checks.rs without change.

use gboh_core::facing::Direction;

use super::{Battle, OrderKind, StandardError};
use crate::game::StandardGame;
use crate::kinds::{MoveTerrain, ShockClass};
use crate::missile::{FireInputs, Supply};
use crate::rule::RuleRef;
use crate::state::Field;

impl<G: StandardGame> Battle<G> {
    /// SPQR 8.2: the facts of unit `u` firing at `target`.
    /// SPQR 8.2 harassment and dispersal: skirmishers and light infantry
    /// against units of no greater MA within 2 hexes, light cavalry against
    /// lower MA within 4, fire at range 1 as moving fire without moving, with
    /// an order of their own, not from an enemy ZOC.
    pub(super) fn harass_inputs(
        &self,
        unit: usize,
        target: usize,
    ) -> Result<FireInputs, StandardError> {
        self.may_order(unit)?;
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such unit"));
        };
        let (Some(ts), Some(td)) = (self.field.units.get(target), self.field.def(target)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such target"));
        };
        let Some(key) = d.missile else {
            return Err(Self::illegal(RuleRef::MissileFire, format!("{} has no missiles", d.id)));
        };
        if !s.in_play() || s.supply == Supply::No || td.side == d.side || !ts.in_play() {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                "a supplied unit in good order against an enemy in good order",
            ));
        }
        if self.field.in_enemy_zoc(s.hex, d.side) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} is in an enemy ZOC", d.id),
            ));
        }
        // SPQR 6.68: only the top unit of a stack fires, and fire at a stack
        // hits the unit 8.13 says, harassment as any fire.
        self.top_of_stack(unit)?;
        self.stack_target_check(s.hex, target)?;
        let (own, theirs) = (self.ma(unit), self.ma(target));
        let aim = self.field.nearest_half(target, s.hex).unwrap_or(ts.hex);
        let reach = Field::distance(s.hex, aim);
        let allowed = match d.class() {
            ShockClass::SK | ShockClass::LI => reach <= 2 && theirs <= own,
            ShockClass::LC => reach <= 4 && theirs < own,
            _ => false,
        };
        if !allowed {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                "harassment: SK and LI against no greater MA within 2 hexes, LC against lower MA within 4",
            ));
        }
        // The game's own refusals last (see `fire_inputs`): its limits, and
        // its terrain's bar to the sight (8.14; the engine traces no terrain
        // line for harassment).
        self.game_may_fire(unit, target)?;
        self.game_sight(RuleRef::MissileFire, s.hex, aim)?;
        // The side of the target the harassers come from.
        let toward = Direction::ALL
            .iter()
            .copied()
            .min_by_key(|dir| Field::distance(dir.neighbor(aim), s.hex))
            .map_or(gboh_core::facing::Aspect::Front, |dir| ts.facing.aspect(dir));
        Ok(FireInputs {
            key,
            range: 1,
            target: td.class(),
            target_in_woods: self.field.move_terrain(aim) == Some(MoveTerrain::Woods),
            through_front: toward == gboh_core::facing::Aspect::Front,
            firer_moving: true,
            firer_depleted: s.depleted,
            firing_down: false,
            firer_elephant: false,
        })
    }

    /// SPQR 8.13, 6.68: fire (harassment included) from `from` at a stack
    /// hits its top unit through a front or flank hex, its bottom unit
    /// through a rear hex; the firer does not choose (the living rules' 8.13
    /// gives no choice).
    pub(super) fn stack_target_check(
        &self,
        from: hexx::Hex,
        target: usize,
    ) -> Result<(), StandardError> {
        let (Some(ts), Some(td)) = (self.field.units.get(target), self.field.def(target)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such target"));
        };
        if self.field.stacked_with(target).is_some() {
            // The hex (or, down a hexspine, both hexes) next to the target
            // that the fire comes through.
            let is_rear = |h: hexx::Hex| {
                Direction::between(ts.hex, h)
                    .is_some_and(|dir| ts.facing.aspect(dir) == gboh_core::facing::Aspect::Rear)
            };
            let rear = match gboh_core::board::los_path(ts.hex, from).first() {
                Some(step) => step.hexes().all(is_rear),
                None => is_rear(from),
            };
            if self.field.is_bottom(target) != rear {
                return Err(Self::illegal(
                    RuleRef::Stacking,
                    format!(
                        "fire at a stack hits its {} unit, not {} (8.13, 6.68)",
                        if rear { "bottom" } else { "top" },
                        td.id
                    ),
                ));
            }
        }
        Ok(())
    }

    /// SPQR 8.14, 4.33: the game's own bar to the line of sight from `from`
    /// to what stands in `to` ([`StandardGame::sight_blocked`]), as an error
    /// under `rule` that gives the game's reason and section.
    pub(super) fn game_sight(
        &self,
        rule: RuleRef,
        from: hexx::Hex,
        to: hexx::Hex,
    ) -> Result<(), StandardError> {
        match self.game.sight_blocked(&self.field, from, to) {
            Some(why) => Err(Self::illegal(rule, why)),
            None => Ok(()),
        }
    }

    /// Whether the game's own terrain leaves the line of sight from `from`
    /// to `to` clear ([`StandardGame::sight_blocked`]); for the offers and
    /// the tests that need no reason.
    pub(super) fn game_sight_clear(&self, from: hexx::Hex, to: hexx::Hex) -> bool {
        self.game.sight_blocked(&self.field, from, to).is_none()
    }

    /// SPQR 8.2: the game's own limits on `unit` firing at `target`.
    pub(super) fn game_may_fire(&self, unit: usize, target: usize) -> Result<(), StandardError> {
        self.game
            .may_fire(&self.field, unit, target)
            .map_err(|e| Self::illegal(RuleRef::MissileFire, e))
    }

    /// SPQR 8.2's modifiers for `unit` firing at `target` with inputs `i`,
    /// then the game's.
    pub(super) fn fire_modifiers_of(
        &self,
        unit: usize,
        target: usize,
        i: &FireInputs,
    ) -> gboh_core::table::Modifiers {
        let mut m = crate::missile::fire_modifiers(G::section(RuleRef::MissileFire), i);
        self.game.fire_modifiers(&self.field, unit, target, &mut m);
        m
    }

    pub(super) fn fire_inputs(
        &self,
        unit: usize,
        target: usize,
    ) -> Result<FireInputs, StandardError> {
        // SPQR 4.2: a missile unit fires with an order of its own, or once
        // during its move.
        let moving = match self.ordered(unit) {
            Some(x) if x.kind == OrderKind::Move && !x.fired => true,
            Some(_) => {
                return Err(Self::illegal(
                    RuleRef::MissileFire,
                    "it has fired, or was ordered to do something else",
                ));
            }
            None => {
                self.may_order(unit)?;
                false
            }
        };
        let (Some(s), Some(d)) = (self.field.units.get(unit), self.field.def(unit)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such unit"));
        };
        let (Some(ts), Some(td)) = (self.field.units.get(target), self.field.def(target)) else {
            return Err(Self::illegal(RuleRef::MissileFire, "no such target"));
        };
        let Some(key) = d.missile else {
            return Err(Self::illegal(RuleRef::MissileFire, format!("{} has no missiles", d.id)));
        };
        if !s.in_play() || s.supply == Supply::No {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} may not fire (routed or Missile No)", d.id),
            ));
        }
        if key == crate::kinds::MissileKey::ElephantScreen {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                "an elephant screen fires only in reaction",
            ));
        }
        if td.side == d.side || !ts.on_map() {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} is not an enemy on the map", td.id),
            ));
        }
        // At a double-size phalanx, the fire is aimed at its nearer half
        // (Dictator 9.101); the other half, no nearer, does not block it.
        let aim = self.field.nearest_half(target, s.hex).unwrap_or(ts.hex);
        let range = Field::distance(s.hex, aim);
        let max = self.tables.missile.max_range(&key).unwrap_or(0);
        if range > u32::from(max) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("{} is beyond range {max}", td.id),
            ));
        }
        // The game's own refusals once the target is in range: they may
        // trace lines of their own (Gergovia's stone walls), dear beside the
        // checks above, and a target beyond range needs none of them.
        self.game_may_fire(unit, target)?;
        self.top_of_stack(unit)?;
        self.stack_target_check(s.hex, target)?;
        if !self.field.board().terrain_los(s.hex, aim) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("no line of sight to {}", td.id),
            ));
        }
        if self.field.units_block_los(s.hex, aim, key == crate::kinds::MissileKey::Archer) {
            return Err(Self::illegal(
                RuleRef::MissileFire,
                format!("units block the line of sight to {} (8.14)", td.id),
            ));
        }
        // The game's own terrain on the line (8.14).
        self.game_sight(RuleRef::MissileFire, s.hex, aim)?;
        let through_front = Direction::between(aim, s.hex)
            .is_some_and(|dir| ts.facing.aspect(dir) == gboh_core::facing::Aspect::Front);
        let board = self.field.board();
        Ok(FireInputs {
            key,
            range: u8::try_from(range).unwrap_or(u8::MAX),
            target: td.class(),
            target_in_woods: self.field.move_terrain(aim) == Some(MoveTerrain::Woods),
            through_front,
            firer_moving: moving,
            firer_depleted: s.depleted,
            firing_down: board.elevation(s.hex) > board.elevation(aim),
            firer_elephant: d.class() == ShockClass::EL,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use gboh_core::Side;
    use gboh_core::dice::Dice;
    use gboh_core::facing::{Direction, Facing};
    use gboh_core::game::Rules;

    use super::super::{Action, Battle, Pending};
    use crate::Spqr;

    const LG_1: usize = 0;
    const LG_2: usize = 1;
    const SL: usize = 10;
    const PRINCEPS: usize = 3;

    /// Skirmish at the Princeps's orders, LG-2 put under LG-1 (facing
    /// twelve o'clock) and the slinger SL beside the stack, in the hex in
    /// `dir` from it, facing `facing` (toward it).
    fn slinger_beside_a_stack(dir: Direction, facing: Facing) -> Battle<Spqr> {
        let (mut b, _) = Battle::new(Spqr, "Skirmish").unwrap();
        let mut events = Vec::new();
        b.perform(Action::Decline, &mut Dice::scripted([]), &mut events).unwrap();
        assert_eq!(b.pending(), Pending::Orders { side: Side::Adversary, leader: PRINCEPS });
        let h = b.field.units[LG_1].hex;
        b.field.units[LG_2].hex = h;
        b.field.units[LG_2].bottom = true;
        let at = dir.neighbor(h);
        assert!(b.field.units_at(at).is_empty());
        b.field.units[SL].hex = at;
        b.field.units[SL].facing = facing;
        // The Princeps a hex beyond, out of the stack's ZOC (SPQR 5.26).
        b.field.leaders[PRINCEPS].hex = dir.neighbor(at);
        b
    }

    #[test]
    fn rule_8_13_fire_at_a_stack_hits_the_top_unit_through_the_front_and_flank() {
        // Facing twelve o'clock, the stack's front hexes are NE and NW, its
        // flanks E and W.
        for (dir, facing) in [(Direction::NE, Facing::Six), (Direction::E, Facing::Eight)] {
            let b = slinger_beside_a_stack(dir, facing);
            let r = b.check(&Action::Fire { unit: SL, target: LG_1 });
            assert!(r.is_ok(), "{dir:?} {r:?}");
            let e = b.check(&Action::Fire { unit: SL, target: LG_2 }).unwrap_err().to_string();
            assert_eq!(e, "SPQR 6.6: fire at a stack hits its top unit, not LG-2 (8.13, 6.68)");
        }
    }

    #[test]
    fn rule_8_13_fire_at_a_stack_through_a_rear_hex_hits_the_bottom_unit() {
        for dir in [Direction::SE, Direction::SW] {
            let b = slinger_beside_a_stack(dir, Facing::Twelve);
            assert!(b.check(&Action::Fire { unit: SL, target: LG_2 }).is_ok(), "{dir:?}");
            let e = b.check(&Action::Fire { unit: SL, target: LG_1 }).unwrap_err().to_string();
            assert_eq!(e, "SPQR 6.6: fire at a stack hits its bottom unit, not LG-1 (8.13, 6.68)");
            // The firer has no choice: only the bottom unit is listed.
            let mut legal = Vec::new();
            b.legal_actions(&mut legal);
            assert!(legal.contains(&Action::Fire { unit: SL, target: LG_2 }));
            assert!(!legal.contains(&Action::Fire { unit: SL, target: LG_1 }));
        }
    }
}
