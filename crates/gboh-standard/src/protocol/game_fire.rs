//! Fire by a game's own weapons that have no counter (Gergovia 9.31-9.35:
//! the towers' scorpions) at a unit that moved: the game names the shots
//! ([`StandardGame::shots_at_mover`]), the engine resolves each on its
//! missile table (SPQR 8.2) with the standard modifiers and the game's, and
//! applies the hits as any fire's.

use gboh_core::dice::Dice;
use gboh_core::facing::{Aspect, Direction};
use gboh_core::table::Distribution;

use super::{Battle, StandardError, StandardEvent};
use crate::game::{GameEvent, GameShot, StandardGame};
use crate::kinds::MoveTerrain;
use crate::missile::{FireInputs, Supply};
use crate::rule::RuleRef;
use crate::state::Field;

impl<G: StandardGame> Battle<G> {
    /// The facts of `shot` at `unit`, and its modifiers (SPQR 8.2's, then
    /// the shot's own), or `None` when the unit is not on the map.
    fn game_shot_inputs(
        &self,
        shot: &GameShot,
        unit: usize,
    ) -> Option<(FireInputs, gboh_core::table::Modifiers)> {
        let (s, d) = (self.field.units.get(unit)?, self.field.def(unit)?);
        if !s.on_map() {
            return None;
        }
        let aim = self.field.nearest_half(unit, shot.from).unwrap_or(s.hex);
        let board = self.field.board();
        let inputs = FireInputs {
            key: shot.key,
            range: u8::try_from(Field::distance(shot.from, aim)).unwrap_or(u8::MAX),
            target: d.class(),
            target_in_woods: self.field.move_terrain(aim) == Some(MoveTerrain::Woods),
            through_front: Direction::between(aim, shot.from)
                .is_some_and(|dir| s.facing.aspect(dir) == Aspect::Front),
            firer_moving: false,
            firer_depleted: false,
            firing_down: board.elevation(shot.from) > board.elevation(aim),
            firer_elephant: false,
        };
        let mut m = crate::missile::fire_modifiers(G::section(RuleRef::MissileFire), &inputs);
        for x in shot.modifiers.iter() {
            m.push(x.rule.clone(), x.what.clone(), x.drm);
        }
        Some((inputs, m))
    }

    /// The exact odds of `shot` at `unit` (hits), for a preview or a test.
    ///
    /// # Errors
    /// The shot is beyond its column's range, or the unit is not on the map.
    pub fn game_shot_odds(
        &self,
        shot: &GameShot,
        unit: usize,
    ) -> Result<Distribution<u8>, StandardError> {
        let (inputs, m) = self
            .game_shot_inputs(shot, unit)
            .ok_or_else(|| Self::illegal(RuleRef::MissileFire, "the target is not on the map"))?;
        crate::missile::fire_distribution_with(&self.tables.missile, &inputs, &m)
            .map_err(|e| Self::illegal(RuleRef::MissileFire, e.to_string()))
    }

    /// SPQR 8.2: the game's own weapons fire at `unit`, which has just
    /// entered a hex, each shot resolved as fire and reported as
    /// [`StandardEvent::GameFired`].
    pub(super) fn game_fire_at(
        &mut self,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<G>>,
    ) -> Result<(), StandardError> {
        for shot in self.game.shots_at_mover(&self.field, unit) {
            if !self.field.units.get(unit).is_some_and(|s| s.in_play()) {
                break;
            }
            let Some((inputs, modifiers)) = self.game_shot_inputs(&shot, unit) else { break };
            let roll = dice.d10()?;
            let Ok(result) = crate::missile::fire_with(
                &self.tables.missile,
                &inputs,
                &modifiers,
                Supply::Full,
                false,
                roll.face,
            ) else {
                // Beyond the column's range: the game asked for a shot the
                // table does not allow; no fire.
                continue;
            };
            events.push(
                gboh_core::game::Event::new(
                    shot.rule,
                    StandardEvent::GameFired {
                        by: shot.by.clone(),
                        from: self.field.label(shot.from),
                        target: unit,
                        range: inputs.range,
                        hits: result.hits,
                        modifiers,
                    },
                )
                .with_roll(roll),
            );
            self.game.game_shot_fired(&self.field, &shot, unit);
            self.need_tq(unit, dice, events)?;
            if self.add_hits(unit, result.hits, events) {
                self.rout(unit, dice, events)?;
            }
            if result.leader_check {
                let side = self.field.side(unit).unwrap_or(gboh_core::Side::Roman);
                if let Some(hex) = self.field.units.get(unit).map(|m| m.hex) {
                    for l in self.field.leaders_in(hex, side) {
                        self.casualty_check(l, Some(0), dice, events)?;
                    }
                }
            }
        }
        Ok(())
    }
}
