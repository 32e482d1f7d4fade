//! A sensible Roman defender.

use crate::map::{SiegeWorks, Works};
use gboh_core::Side;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, UniformRandom};

use super::nearest::{self, Moves};
use super::targets::{DistanceMap, Nearness};
use crate::combat::action::{CombatAction, CombatPending, CombatPreview, SiegeAction};
use crate::protocol::{Action, Alesia, AlesiaDecision, Pending, Preview};

/// The Roman player: mans the walls, reacts, rallies, reinforces.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RomanDefender {
    rng: UniformRandom,
    /// Its own activations in a row in which nobody shocked (the log read up
    /// to `read`).
    quiet: u32,
    read: usize,
}

/// Roman activations in a row without any shock after which the defender
/// takes every attack offered, not only those at favourable odds: when the
/// Gauls can no longer attack (cavalry below the walls, 9.26), the period
/// ends only if the Romans wear them down (3.1).
const QUIET_LIMIT: u32 = 6;

impl RomanDefender {
    /// A defender bot; `seed` breaks ties.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        RomanDefender { rng: UniformRandom::seeded(seed), quiet: 0, read: 0 }
    }

    /// Counts this Roman activation as quiet or not: whether anybody has
    /// designated an attack since the last time it looked.
    fn note_activity(&mut self, game: &Game<Alesia>) {
        let log = game.log();
        let shocked = log.get(self.read..).is_some_and(|t| {
            t.iter().any(|a| matches!(a, Action::Combat(CombatAction::Designate { .. })))
        });
        self.read = log.len();
        self.quiet = if shocked { 0 } else { self.quiet.saturating_add(1) };
    }
}

/// The nearest Gaul's distance from each hex, up to three hexes: what this
/// bot asks (1, 2 and 3 hexes).
fn gauls(game: &Alesia) -> Nearness {
    Nearness::of(&game.field, Side::Adversary, 3)
}

/// Rampart hexes (board indices) with Gauls within two hexes and no Roman
/// infantry on them.
fn threatened(game: &Alesia, gauls: &Nearness) -> Vec<usize> {
    let board = &game.setup().board;
    (0..board.len())
        .filter(|&i| {
            board.info_at(i).is_some_and(|h| matches!(h.works.works, Works::Rampart { .. }))
        })
        .filter(|&i| game.field.side_at(i) != Some(Side::Roman))
        .filter(|&i| gauls.within_at(i, 2))
        .collect()
}

impl Policy<Alesia> for RomanDefender {
    fn choose(&mut self, game: &Game<Alesia>, legal: &[Action]) -> usize {
        let state = game.state();
        let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().position(pred);
        match game.pending() {
            Pending::Seizure { .. } => {
                // Seize when the Gauls are at the walls (a Roman unit has a Gaul adjacent).
                let gauls = gauls(state);
                let pressed = state.setup().units.iter().zip(state.field.units()).any(|(i, u)| {
                    i.side == Side::Roman && u.at.is_some_and(|h| gauls.within(&state.field, h, 1))
                });
                if pressed {
                    first(&|a| matches!(a, Action::AttemptSeizure(_))).unwrap_or(0)
                } else {
                    first(&|a| matches!(a, Action::DeclineSeizure)).unwrap_or(0)
                }
            }
            Pending::ChooseCommand { .. } => {
                self.note_activity(game);
                if let Some(i) = super::return_leader(legal) {
                    return i;
                }
                // The command with the most units near the Gauls; once the
                // front has been quiet too long, the one with the most units
                // that may attack (an enemy in their own ZOC, 9.12) or turn
                // to face one.
                let gauls = gauls(state);
                let deadlock = self.quiet >= QUIET_LIMIT;
                let mut best = (0usize, 0usize);
                for (i, a) in legal.iter().enumerate() {
                    let Action::Activate(c) = a else { continue };
                    let score = state
                        .command_units(c)
                        .filter_map(|u| state.field.position(u).map(|h| (u, h)))
                        .map(|(u, h)| {
                            let near = usize::from(gauls.within(&state.field, h, 3));
                            if !deadlock {
                                near
                            } else if crate::zoc::enemy_in_own_zoc(&state.field, u) {
                                100
                            } else {
                                10 * usize::from(gauls.within(&state.field, h, 1)) + near
                            }
                        })
                        .sum::<usize>()
                        + 1;
                    if score > best.1 {
                        best = (i, score);
                    }
                }
                best.0
            }
            Pending::Activation { .. } => self
                .activation(game, legal, Moves::Listed)
                .and_then(|a| legal.iter().position(|l| *l == a))
                .unwrap_or(0),
            Pending::Combat(p) => combat(game, &p, legal, self.quiet >= QUIET_LIMIT),
            // 4.33: a lone leader retreats to the first hex offered.
            Pending::LeaderRetreat { .. } => 0,
            // 5.5: keep the deployment (the last action offered).
            Pending::Game { decision: AlesiaDecision::RomanRedeployment, .. } => {
                legal.len().saturating_sub(1)
            }
            Pending::Game { decision: AlesiaDecision::GallicPlanning(_), .. }
            | Pending::Over(_) => 0,
        }
    }

    /// In an activation, the same choice from the unsearched actions and the
    /// Moves of only the reserves that could be nearest a threatened rampart
    /// (units searched in the order of the nearest they could get, until none
    /// could equal the best found); elsewhere the full list is cheap and asked
    /// for.
    fn choose_directly(&mut self, game: &Game<Alesia>) -> Option<Action> {
        if !matches!(game.pending(), Pending::Activation { .. }) {
            return None;
        }
        let mut unsearched = Vec::new();
        game.state().legal_actions_unsearched(&mut unsearched);
        self.activation(game, &unsearched, Moves::Searched)
    }
}

impl RomanDefender {
    /// Rally, put out fires, the best shot, reinforcements, then shock.
    /// `None` where the full list's first action would be the answer but
    /// `legal` is not the full list.
    fn activation(
        &mut self,
        game: &Game<Alesia>,
        legal: &[Action],
        moves: Moves,
    ) -> Option<Action> {
        let state = game.state();
        let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().find(|a| pred(a)).cloned();
        if let Some(a) = first(&|a| matches!(a, Action::Combat(CombatAction::Rally { .. }))) {
            return Some(a);
        }
        if let Some(a) = first(&|a| {
            matches!(a, Action::Combat(CombatAction::Game(SiegeAction::PutOutFire { .. })))
        }) {
            return Some(a);
        }
        // The shot with the best chance of a hit.
        let mut best_fire: Option<(u64, u64, &Action)> = None;
        for a in legal {
            if !matches!(a, Action::Combat(CombatAction::Fire { .. })) {
                continue;
            }
            if let Ok(Preview::Combat(CombatPreview::Shot { odds, .. })) = game.check(a) {
                let total = odds.total().max(1);
                let hits =
                    odds.outcomes().iter().filter(|(o, _)| o.hit).map(|(_, n)| *n).sum::<u64>();
                if best_fire.is_none_or(|(h, t, _)| hits * t > h * total) {
                    best_fire = Some((hits, total, a));
                }
            }
        }
        if let Some((hits, _, a)) = best_fire
            && hits > 0
        {
            return Some(a.clone());
        }
        // Reserves not already facing Gauls reinforce threatened ramparts.
        let gauls = gauls(state);
        let danger = threatened(state, &gauls);
        if !danger.is_empty() {
            let map = DistanceMap::from_indices(&state.field, danger);
            let board = &state.setup().board;
            let steering = nearest::Steering {
                map: &|_| &map,
                // Hold the wall and the line.
                unit: &|_, from| !board.is_rampart(from) && !gauls.within(&state.field, from, 1),
                to: &|_, _| true,
                least: &|_| 0,
            };
            let ties: Vec<Action> = moves.nearest(state, legal, &steering);
            // Equally good reinforcements: the seed decides.
            if !ties.is_empty() {
                return ties.get(self.rng.below(ties.len())).cloned();
            }
        }
        // Units beside Gauls they do not face turn to face them (and may
        // attack them next time, 9.12); they hold their hexes.
        if let Some(a) = super::contact::engage(state, legal, moves, false) {
            return Some(a);
        }
        first(&|a| matches!(a, Action::Combat(CombatAction::BeginShock)))
            .or_else(|| first(&|a| matches!(a, Action::EndActivation)))
            .or_else(|| moves.first_listed(legal))
    }
}

/// Reaction fire always; voluntary shock only when the preview's expected hits
/// favour Rome, or any that is offered once the front has been quiet too long
/// (`break_deadlock`); otherwise the first option offered.
fn combat(
    game: &Game<Alesia>,
    pending: &CombatPending,
    legal: &[Action],
    break_deadlock: bool,
) -> usize {
    if let Some(i) = super::leader_choice(pending, legal) {
        return i;
    }
    let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().position(pred);
    match pending {
        CombatPending::Reaction { .. } => {
            first(&|a| matches!(a, Action::Combat(CombatAction::React { .. }))).unwrap_or(0)
        }
        CombatPending::Designation { .. } => {
            // Mandatory attacks cannot be declined (no Done offered); voluntary ones
            // only at favourable odds.
            let done = first(&|a| matches!(a, Action::Combat(CombatAction::Done)));
            let designate = first(&|a| matches!(a, Action::Combat(CombatAction::Designate { .. })));
            let Some(done) = done else {
                return designate.unwrap_or(0);
            };
            if break_deadlock && let Some(i) = designate {
                return i;
            }
            for (i, a) in legal.iter().enumerate() {
                if let Ok(Preview::Combat(CombatPreview::Shock { odds, .. })) = game.check(a) {
                    let balance: i64 = odds
                        .outcomes()
                        .iter()
                        .map(|(o, n)| {
                            let n = i64::try_from(*n).unwrap_or(0);
                            (i64::from(o.result.defender_hits) - i64::from(o.result.attacker_hits))
                                * n
                        })
                        .sum();
                    if balance > 0 {
                        return i;
                    }
                }
            }
            done
        }
        _ => 0,
    }
}
