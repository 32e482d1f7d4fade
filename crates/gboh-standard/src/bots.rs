//! Bots: policies over the legal actions (`gboh_core::policy::Policy`).
//!
//! [`Advance`] is a plain aggressive player, deterministic: it orders lines
//! where it can, steps toward the nearest enemy, fires, designates every
//! optional shock, rolls for Momentum, faces enemies that come next to its
//! units, and never trumps. `gboh_core::policy::UniformRandom` is the random player.

use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use hexx::Hex;

use crate::game::StandardGame;
use crate::protocol::{Action, Battle, Pending};
use crate::state::Field;

/// The aggressive bot.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Advance;

fn nearest_enemy(field: &Field, unit: usize, from: Hex) -> u32 {
    let Some(side) = field.side(unit) else { return u32::MAX };
    field
        .units
        .iter()
        .enumerate()
        .filter(|(e, s)| field.side(*e) == Some(side.opponent()) && s.on_map())
        .map(|(e, _)| field.distance_to(e, from))
        .min()
        .unwrap_or(u32::MAX)
}

/// How much [`Advance`] likes `action` (higher is better).
#[must_use]
pub fn score<G: StandardGame>(battle: &Battle<G>, action: &Action) -> i32 {
    let field = battle.field();
    match *action {
        Action::LineCommand { .. } => 50,
        Action::Step { unit, dir } => {
            let halves = field.halves(unit);
            let near = |hexes: &mut dyn Iterator<Item = Hex>| {
                hexes.map(|h| nearest_enemy(field, unit, h)).min().unwrap_or(u32::MAX)
            };
            let before = near(&mut halves.iter().copied());
            let after = near(&mut halves.iter().map(|&h| dir.neighbor(h)));
            if after < before { 20 + 10 * i32::try_from(before - after).unwrap_or(0) } else { -20 }
        }
        Action::PassThrough { unit, dir } => {
            let Some(s) = field.units.get(unit) else { return -100 };
            let before = nearest_enemy(field, unit, s.hex);
            let after = nearest_enemy(field, unit, dir.neighbor(dir.neighbor(s.hex)));
            if after + 1 < before { 15 } else { -20 }
        }
        Action::Pivot { unit, clockwise } => {
            // Dictator 9.102: a pivot costs a hit; only to close on the enemy.
            let Some(s) = field.units.get(unit) else { return -100 };
            let p = crate::protocol::pivot(s.hex, s.facing, clockwise);
            let before =
                field.halves(unit).into_iter().map(|h| nearest_enemy(field, unit, h)).min();
            let after = nearest_enemy(field, unit, p.enters);
            if before.is_some_and(|b| after < b) { 10 } else { -25 }
        }
        Action::Fire { .. } => 15,
        Action::Harass { .. } => 10,
        Action::Rally { .. } => 12,
        Action::Recover { unit } => {
            if field.units.get(unit).is_some_and(|s| s.hits >= 2) {
                8
            } else {
                -5
            }
        }
        Action::Face { unit, facing } => {
            // Turn only to bring the nearest enemy into the front.
            let Some(s) = field.units.get(unit) else { return -100 };
            let now = s
                .facing
                .front()
                .iter()
                .map(|d| nearest_enemy(field, unit, d.neighbor(s.hex)))
                .min();
            let then =
                facing.front().iter().map(|d| nearest_enemy(field, unit, d.neighbor(s.hex))).min();
            if then < now { 5 } else { -30 }
        }
        Action::DesignateShock { .. } => 5,
        // SPQR 8.42: once it has designated its optional shocks, the
        // aggressive bot joins an attacker to another's combat when that
        // adds its size and costs it no combat of its own.
        Action::Combine { unit, with } => {
            if battle.joins_without_loss(unit, with) {
                3
            } else {
                -5
            }
        }
        Action::Momentum => 2,
        Action::ElitePhase { .. }
        | Action::AuxiliaresPhase { .. }
        | Action::Activate { .. }
        | Action::RollOff => 1,
        Action::ReactFace { unit, facing } => {
            let Some(s) = field.units.get(unit) else { return -100 };
            let mover_hex = match battle.pending() {
                Pending::Reaction { mover, .. } => field.units.get(mover).map(|m| m.hex),
                _ => None,
            };
            let faces = mover_hex
                .and_then(|h| Direction::between(s.hex, h))
                .is_some_and(|d| facing.front().contains(&d));
            if faces { 3 } else { -10 }
        }
        // SPQR 6.64: the OC's stack order is left to players (the bot moves
        // units one at a time).
        Action::OrderStack | Action::StackStep { .. } | Action::StackFace { .. } => -40,
        // SPQR 6.41: the bot keeps its phalanxes at MA 4.
        Action::FifthMp { .. } => -50,
        // SPQR 4.74: put a leader back where he commands.
        Action::ReplaceLeader { .. } => 6,
        // SPQR 8.64: bring the pursuers back, as soon as the OC may.
        Action::RegroupAndReturn => 8,
        Action::ReturnPursuer { .. } => 5,
        Action::ReactFire { .. } => 4,
        // A game's declaration (Gergovia 6.8: impetuosity): the aggressive
        // bot makes it as soon as it may; an entry of reinforcements
        // (Gergovia's Gallic Reinforcements) before anything else, a Line
        // Command too.
        Action::Declare { choice } => {
            let entry = match battle.pending() {
                Pending::Orders { leader, .. } => {
                    battle.game().declared_entry(field, leader, choice).is_some()
                }
                _ => false,
            };
            if entry { 60 } else { 7 }
        }
        Action::Allocate { .. } => 0,
        // The candidates are listed lowest column first: the first is taken.
        Action::ClashType { .. } => 0,
        Action::NoReaction { .. } | Action::Decline | Action::EndOrders | Action::ResolveShocks => {
            0
        }
        Action::Trump { .. }
        | Action::Challenge { .. }
        | Action::Withdraw { .. }
        | Action::LeaderWithdraw { .. }
        | Action::Column { .. }
        | Action::PhalanxColumn { .. }
        | Action::SwapStack { .. }
        | Action::OrderLeader { .. }
        | Action::LeaderStep { .. } => -10,
    }
}

impl<G: StandardGame> Policy<Battle<G>> for Advance {
    fn choose(&mut self, game: &Game<Battle<G>>, legal: &[Action]) -> usize {
        let battle = game.state();
        let mut best = 0;
        let mut best_score = i32::MIN;
        for (i, a) in legal.iter().enumerate() {
            let s = score(battle, a);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    }
}

/// Plays `game` to its end with [`Advance`] on both sides, or along
/// `replay` when given, passing every event's narrated line
/// ([`crate::narrate::line`]) to `say`; stops after `max_actions`.
///
/// # Errors
/// One line: the action the rules refused (a replayed log that does not
/// fit), or the cap reached.
pub fn play_narrated<G>(
    game: &mut Game<Battle<G>>,
    replay: Option<&[Action]>,
    max_actions: usize,
    mut say: impl FnMut(String),
) -> Result<(), String>
where
    G: StandardGame,
    G::Event: crate::narrate::Narrate,
{
    let (mut roman, mut adversary) = (Advance, Advance);
    let mut legal = Vec::new();
    for step in 0.. {
        if step >= max_actions {
            return Err(format!("no end after {max_actions} actions"));
        }
        let action = match replay {
            Some(log) => match log.get(step) {
                Some(a) => *a,
                None => return Ok(()),
            },
            None => {
                let policy: &mut dyn Policy<Battle<G>> =
                    if game.decider() == Some(gboh_core::Side::Adversary) {
                        &mut adversary
                    } else {
                        &mut roman
                    };
                match gboh_core::policy::choose(game, policy, &mut legal) {
                    Some(a) => a,
                    None => return Ok(()),
                }
            }
        };
        let events = game.apply(action).map_err(|e| {
            format!(
                "action {step} ({}) rejected: {e}",
                crate::narrate::action_in(game.state(), &action)
            )
        })?;
        for e in &events {
            say(crate::narrate::line(game.state().field(), e));
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::Spqr;
    use gboh_core::dice::Dice;
    use gboh_core::policy::{Limits, play};

    #[test]
    fn two_aggressive_bots_finish_a_battle_deterministically() {
        let run = || {
            let (battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
            let mut g = Game::new(battle, Dice::seeded(7));
            let r =
                play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 20_000 }).unwrap();
            assert!(r.finished);
            (g.log().to_vec(), gboh_core::game::fingerprint(g.state()).unwrap())
        };
        assert_eq!(run(), run());
    }
}
