//! 12.1 Gallic Aggression as a policy.

use gboh_core::Side;
use gboh_core::board::{Ring, Works};
use gboh_core::game::Game;
use gboh_core::policy::{Policy, UniformRandom};
use hexx::Hex;

use super::targets::DistanceMap;
use crate::combat::action::{CombatAction, CombatPending};
use crate::command::Command;
use crate::game::Membership;
use crate::movement::MoveAction;
use crate::protocol::{Action, Alesia, Pending};

/// The Gallic player under 12.1's Gallic Aggression rule.
#[derive(Debug, Clone)]
pub struct GallicAggression {
    rng: UniformRandom,
}

impl GallicAggression {
    /// A Gallic Aggression bot; `seed` breaks ties among equally good choices.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        GallicAggression {
            rng: UniformRandom::seeded(seed),
        }
    }
}

/// The hexes Gauls must attack (12.1): Roman-held hexes, and rampart hexes of
/// `ring`, not already being attacked (two or more Gallic units adjacent).
fn targets(game: &Alesia, ring: Ring) -> Vec<Hex> {
    let field = &game.field;
    let board = &game.setup().board;
    let under_attack = |h: Hex| {
        board
            .neighbors(h)
            .into_iter()
            .flatten()
            .map(|n| {
                if field.side_in(n) == Some(Side::Adversary) {
                    field.stack(n).len()
                } else {
                    0
                }
            })
            .sum::<usize>()
            >= 2
    };
    board
        .hexes()
        .filter(|&h| {
            let roman = field.side_in(h) == Some(Side::Roman);
            let rampart =
                matches!(board.works(h), Some(Works::Rampart { ring: r, .. }) if r == ring);
            (roman || rampart) && !under_attack(h)
        })
        .collect()
}

impl Policy<Alesia> for GallicAggression {
    fn choose(&mut self, game: &Game<Alesia>, legal: &[Action]) -> usize {
        let state = game.state();
        let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().position(pred);
        match game.pending() {
            Pending::Seizure { .. } => {
                // Aggression: seize whenever a leader can.
                first(&|a| matches!(a, Action::AttemptSeizure(_))).unwrap_or(0)
            }
            Pending::ChooseCommand { .. } => choose_command(state, legal, &mut self.rng),
            Pending::Activation { command, .. } => {
                activation(state, &command, legal, &mut self.rng)
            }
            Pending::Combat(p) => combat(state, &p, legal),
            Pending::Over(_) => 0,
        }
    }
}

/// Place counters first, nearest the ramparts; then activate the command with
/// the most units (the Alesia Force whenever it may try).
fn choose_command(game: &Alesia, legal: &[Action], rng: &mut UniformRandom) -> usize {
    let ramparts = DistanceMap::from_targets(
        &game.field,
        game.setup()
            .board
            .hexes()
            .filter(|&h| game.setup().board.is_rampart(h)),
    );
    let placements: Vec<(usize, u16)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Action::PlaceCounter(p) => Some((i, ramparts.get(&game.field, p.hex))),
            _ => None,
        })
        .collect();
    if let Some(best) = placements.iter().map(|&(_, d)| d).min() {
        let ties: Vec<usize> = placements
            .iter()
            .filter(|&&(_, d)| d == best)
            .map(|&(i, _)| i)
            .collect();
        return ties.get(rng.below(ties.len())).copied().unwrap_or(0);
    }
    let mut best = (0usize, 0usize);
    for (i, a) in legal.iter().enumerate() {
        let score = match a {
            Action::Activate(Command::AlesiaForce) => 1000,
            Action::Activate(c) => game.command_units(c).count() + counters_units(game, c),
            _ => 0,
        };
        if score > best.1 {
            best = (i, score);
        }
    }
    best.0
}

/// Units still inside the counters of a tribal command (they emerge, 5.48).
fn counters_units(game: &Alesia, command: &Command) -> usize {
    let Command::Tribes(_, counters) = command else {
        return 0;
    };
    counters
        .iter()
        .filter_map(|c| game.setup().counters.get(c.index()))
        .flat_map(|c| c.units.iter())
        .filter(|&&u| game.field.unit(u).is_some_and(|s| s.at.is_none()))
        .count()
}

/// Move every unit toward its nearest target, fire with archers, fill the
/// Gardens; then shock.
fn activation(
    game: &Alesia,
    command: &Command,
    legal: &[Action],
    rng: &mut UniformRandom,
) -> usize {
    let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().position(pred);
    // Archers and javelins fire at any target (12.1: "move to attack" includes fire).
    if let Some(i) = first(&|a| matches!(a, Action::Combat(CombatAction::Flame { .. })))
        .or_else(|| first(&|a| matches!(a, Action::Combat(CombatAction::Fire { .. }))))
    {
        return i;
    }
    if let Some(i) = first(&|a| matches!(a, Action::Move(MoveAction::PlaceFill { .. }))) {
        return i;
    }
    let ring = if *command == Command::AlesiaForce {
        Ring::Circumvallation
    } else {
        Ring::Contravallation
    };
    let map = DistanceMap::from_targets(&game.field, targets(game, ring));
    let mut best: Option<(u16, usize)> = None;
    let mut ties = Vec::new();
    for (i, a) in legal.iter().enumerate() {
        let Action::Move(MoveAction::Move { unit, to, .. }) = a else {
            continue;
        };
        let Some(from) = game.field.position(*unit) else {
            continue;
        };
        let (d_from, d_to) = (map.get(&game.field, from), map.get(&game.field, *to));
        if d_to >= d_from {
            continue; // 12.1: as quickly as possible; no lollygagging.
        }
        match best {
            Some((b, _)) if d_to > b => {}
            Some((b, _)) if d_to == b => ties.push(i),
            _ => {
                best = Some((d_to, i));
                ties.clear();
                ties.push(i);
            }
        }
    }
    if !ties.is_empty() {
        return ties.get(rng.below(ties.len())).copied().unwrap_or(0);
    }
    let _ = Membership::AlesiaForce;
    first(&|a| matches!(a, Action::Combat(CombatAction::BeginShock)))
        .or_else(|| first(&|a| matches!(a, Action::EndActivation)))
        .unwrap_or(0)
}

/// Shock and its aftermath: attack everything (designate), accept the rest in
/// the order offered; as the non-active side, always react with fire.
pub(super) fn combat(_game: &Alesia, pending: &CombatPending, legal: &[Action]) -> usize {
    let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().position(pred);
    match pending {
        CombatPending::Reaction { .. } => {
            first(&|a| matches!(a, Action::Combat(CombatAction::React { .. }))).unwrap_or(0)
        }
        CombatPending::Designation { .. } => {
            first(&|a| matches!(a, Action::Combat(CombatAction::Designate { .. }))).unwrap_or(0)
        }
        _ => 0,
    }
}
