//! 12.1 Gallic Aggression as a policy.

use crate::map::{Region, Ring, SiegeWorks};
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;
use std::sync::Arc;

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, UniformRandom};
use hexx::Hex;

use super::contact;
use super::nearest::{self, Moves};
use super::targets::{DistanceMap, TracedMaps};
use crate::combat::action::{CombatAction, CombatPending, SiegeAction};
use crate::command::Command;
use crate::game::{Setup, Uid};
use crate::movement::MoveAction;
use crate::protocol::{Action, Alesia, AlesiaDecision, Pending};

/// The Gallic player under 12.1's Gallic Aggression rule.
#[derive(Debug, Clone, PartialEq)]
pub struct GallicAggression {
    rng: UniformRandom,
    /// The last command activated and where in the log it began.
    last: Option<(Command, usize)>,
    /// Commands whose last activation moved no unit, or whose last
    /// [`IDLE_LIMIT`] activations attacked nobody, and the activation count
    /// until which they rest (so that a stuck command does not hog the turn).
    resting: BTreeMap<Command, u32>,
    /// Commands and how many of their activations in a row attacked nobody.
    idle: BTreeMap<Command, u8>,
    /// Where each unit's last move started.
    came_from: BTreeMap<Uid, Hex>,
    /// Hex steps to the nearest rampart hex on the setup's map (the works do
    /// not move: traced once).
    ramparts: Option<(Arc<Setup>, DistanceMap)>,
    /// The maps to the targets of the last activations (derived data).
    traced: TracedMaps,
}

impl GallicAggression {
    /// A Gallic Aggression bot; `seed` breaks ties among equally good choices.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        GallicAggression {
            rng: UniformRandom::seeded(seed),
            last: None,
            resting: BTreeMap::new(),
            idle: BTreeMap::new(),
            came_from: BTreeMap::new(),
            ramparts: None,
            traced: TracedMaps::default(),
        }
    }
}

/// Activations in a row without an attack after which a command rests: enough
/// for a tribe to march from its counter to the walls.
const IDLE_LIMIT: u8 = 4;

/// The hexes Gauls must attack (12.1), as sorted board indices: Roman-held
/// hexes, and the `ramparts` (those of the ring the command attacks, or
/// none), not already being attacked (two or more Gallic units adjacent).
fn targets(game: &Alesia, ramparts: &[usize], spread: bool) -> Vec<usize> {
    let field = &game.field;
    let setup = game.setup();
    let board = &setup.board;
    let under_attack = |i: usize| {
        Direction::ALL
            .into_iter()
            .filter_map(|d| board.neighbor_index(i, d))
            .map(|n| {
                if field.side_at(n) == Some(Side::Adversary) { field.stack_at(n).len() } else { 0 }
            })
            .sum::<usize>()
            >= 2
    };
    let romans = setup
        .units
        .iter()
        .zip(field.units())
        .filter(|(info, _)| info.side == Side::Roman)
        .filter_map(|(_, u)| u.at.and_then(|h| board.index(h)));
    let mut out: Vec<usize> =
        romans.chain(ramparts.iter().copied()).filter(|&i| !(spread && under_attack(i))).collect();
    out.sort_unstable();
    out.dedup();
    out
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
            Pending::ChooseCommand { .. } => {
                if let Some((command, start)) = self.last.take() {
                    let tail = game.log().get(start..).unwrap_or(&[]);
                    let moved = tail.iter().any(|a| matches!(a, Action::Move(_)));
                    let attacked = tail
                        .iter()
                        .any(|a| matches!(a, Action::Combat(CombatAction::Designate { .. })));
                    let idle = self.idle.entry(command.clone()).or_insert(0);
                    *idle = if attacked { 0 } else { idle.saturating_add(1) };
                    if !moved || *idle >= IDLE_LIMIT {
                        // A command that moves without ever attacking (a unit
                        // shuttling between hexes) rests like one that
                        // cannot move, and the others get their turn.
                        *idle = 0;
                        self.resting.insert(command, state.turn.play.activations.saturating_add(6));
                    }
                }
                self.resting.retain(|_, until| *until > state.turn.play.activations);
                let ramparts = rampart_map(&mut self.ramparts, state);
                let i = choose_command(state, legal, ramparts, &self.resting, &mut self.rng);
                if let Some(Action::Activate(c)) = legal.get(i) {
                    self.last = Some((c.clone(), game.log().len()));
                }
                i
            }
            Pending::Activation { command, .. } => {
                let chosen = activation(state, &command, legal, Moves::Listed, self);
                chosen.and_then(|a| legal.iter().position(|l| *l == a)).unwrap_or(0)
            }
            Pending::Combat(p) => combat(state, &p, legal),
            // 5.31: the first area offered (Areas I-II come first and arrive
            // without a roll); 5.41, 5.42: placements as at 12.1's entry,
            // nearest the ramparts, then the end of the placement.
            Pending::Game { decision: AlesiaDecision::GallicPlanning(_), .. } => {
                let ramparts = rampart_map(&mut self.ramparts, state);
                choose_command(state, legal, ramparts, &self.resting, &mut self.rng)
            }
            // 4.33: a lone leader retreats to the first hex offered.
            Pending::LeaderRetreat { .. } => 0,
            Pending::Game { decision: AlesiaDecision::RomanRedeployment, .. }
            | Pending::Over(_) => 0,
        }
    }

    /// In an activation, the same choice from the unsearched actions and
    /// the Moves of only the units that could be nearest a target
    /// (units searched in the order of the nearest they could get, until none
    /// could equal the best found); elsewhere the full list is cheap and asked
    /// for.
    fn choose_directly(&mut self, game: &Game<Alesia>) -> Option<Action> {
        let Pending::Activation { command, .. } = game.pending() else { return None };
        let state = game.state();
        let mut unsearched = Vec::new();
        state.legal_actions_unsearched(&mut unsearched);
        activation(state, &command, &unsearched, Moves::Searched, self)
    }
}

/// Hex steps to the nearest rampart on `game`'s map, traced once per setup
/// (the works do not move) and kept in `cache`.
fn rampart_map<'c>(
    cache: &'c mut Option<(Arc<Setup>, DistanceMap)>,
    game: &Alesia,
) -> &'c DistanceMap {
    let setup = game.setup();
    if !cache.as_ref().is_some_and(|(s, _)| Arc::ptr_eq(s, setup)) {
        let board = &setup.board;
        let map =
            DistanceMap::from_targets(&game.field, board.hexes().filter(|&h| board.is_rampart(h)));
        *cache = Some((Arc::clone(setup), map));
    }
    &cache.get_or_insert_with(|| (Arc::clone(setup), DistanceMap::from_targets(&game.field, []))).1
}

/// Place counters first, nearest the ramparts; then activate the command with
/// the most units (the Alesia Force whenever it may try).
fn choose_command(
    game: &Alesia,
    legal: &[Action],
    ramparts: &DistanceMap,
    resting: &BTreeMap<Command, u32>,
    rng: &mut UniformRandom,
) -> usize {
    let placements: Vec<(usize, u16)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Action::PlaceCounter(p) => Some((i, ramparts.get(&game.field, p.hex))),
            _ => None,
        })
        .collect();
    if let Some(best) = placements.iter().map(|&(_, d)| d).min() {
        let ties: Vec<usize> =
            placements.iter().filter(|&&(_, d)| d == best).map(|&(i, _)| i).collect();
        return ties.get(rng.below(ties.len())).copied().unwrap_or(0);
    }
    if let Some(i) = super::return_leader(legal) {
        return i;
    }
    let mut best = (0usize, 0usize);
    for (i, a) in legal.iter().enumerate() {
        let score = match a {
            Action::Activate(c) if resting.contains_key(c) => 1,
            // 5.63: the Alesia Force comes out as soon as it can.
            Action::Activate(Command::AlesiaForce) if !game.alesia_force_in_play() => 1000,
            // 5.42: bring in more tribes whenever the rules allow.
            Action::AttemptEntry(_) => 500,
            Action::Activate(c) => 2 + game.command_units(c).count() + counters_units(game, c),
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
/// Gardens; then shock. `None` where the full list's first action would be
/// the answer but `legal` is not the full list.
fn activation(
    game: &Alesia,
    command: &Command,
    legal: &[Action],
    moves: Moves,
    bot: &mut GallicAggression,
) -> Option<Action> {
    let first = |pred: &dyn Fn(&Action) -> bool| legal.iter().find(|a| pred(a)).cloned();
    // Archers and javelins fire at any target (12.1: "move to attack" includes fire).
    if let Some(a) =
        first(&|a| matches!(a, Action::Combat(CombatAction::Game(SiegeAction::Flame { .. }))))
            .or_else(|| first(&|a| matches!(a, Action::Combat(CombatAction::Fire { .. }))))
    {
        return Some(a);
    }
    if let Some(a) = first(&|a| matches!(a, Action::Move(MoveAction::PlaceFill { .. }))) {
        return Some(a);
    }
    // 6.47: every BI coming onto the map carries Fill for the Gardens.
    if let Some(a) = first(&|a| matches!(a, Action::Move(MoveAction::TakeFill { .. }))) {
        return Some(a);
    }
    let ring = if *command == Command::AlesiaForce {
        Ring::Circumvallation
    } else {
        Ring::Contravallation
    };
    // Nearest targets not already under attack first; failing that, any target
    // at all (the play note: "no lollygagging around").
    // Units already on the walls or inside go for the Romans themselves.
    // "Not already being so attacked" makes the targets change as units
    // arrive; a unit never steps straight back to the hex it last left, so it
    // cannot shuttle between two targets.
    let traced = RefCell::new(&mut bot.traced);
    // Last of all, when no unit can get nearer its wall, every unit goes for
    // the Romans themselves, wherever they are.
    for (spread, romans_only) in [(true, false), (false, false), (false, true)] {
        // Each map is traced only if some unit steers by it.
        let walls = OnceCell::new();
        let romans = OnceCell::new();
        let board = &game.setup().board;
        let inside = |from: Hex| {
            romans_only || board.is_rampart(from) || board.region(from) == Some(Region::Inside)
        };
        let map = |from: Hex| -> &DistanceMap {
            if inside(from) {
                romans.get_or_init(|| {
                    traced.borrow_mut().get(&game.field, targets(game, &[], spread))
                })
            } else {
                walls.get_or_init(|| {
                    let mut traced = traced.borrow_mut();
                    let targets = targets(game, traced.ramparts(&game.field, ring), spread);
                    traced.get(&game.field, targets)
                })
            }
        };
        let came_from = &bot.came_from;
        let steering = nearest::Steering {
            map: &map,
            unit: &|_, _| true,
            // 12.1: as quickly as possible; no going back.
            to: &|unit, to| came_from.get(&unit) != Some(&to),
            // On the walls and inside, every target is a Roman-held hex.
            least: &|from| u16::from(inside(from)),
        };
        let ties = moves.nearest(game, legal, &steering);
        if ties.is_empty() {
            continue;
        }
        // Equally near: the seed decides.
        let chosen = ties.get(bot.rng.below(ties.len())).cloned();
        if let Some(Action::Move(MoveAction::Move { unit, .. })) = &chosen
            && let Some(from) = game.field.position(*unit)
        {
            bot.came_from.insert(*unit, from);
        }
        return chosen;
    }
    // No unit can get closer: units in contact that may not attack from
    // where they stand move to where they must (12.1: "move to attack").
    if let Some(a) = contact::engage(game, legal, moves, true) {
        return Some(a);
    }
    // 6.12: the chieftain follows, once his units are done.
    if let Some(a) = follow(game, command, legal, moves) {
        return Some(a);
    }
    first(&|a| matches!(a, Action::Combat(CombatAction::BeginShock)))
        .or_else(|| first(&|a| matches!(a, Action::EndActivation)))
        .or_else(|| moves.first_listed(legal))
}

/// 6.12, 6.14: the leader of the Gallic cavalry (which activates only within
/// his range, 4.12) or Vercingetorix with the Alesia Force moves after his
/// units to the hex nearest the furthest of them (then nearest them all),
/// only if that is nearer than where he stands. Not a tribal chieftain: his
/// tribes are activated by their counters' being in his range (4.12), so he
/// stays by them. The same choice from the full list as from the leaders' own
/// listing.
fn follow(game: &Alesia, command: &Command, legal: &[Action], moves: Moves) -> Option<Action> {
    if !matches!(command, Command::GallicCavalry(_) | Command::AlesiaForce) {
        return None;
    }
    let field = &game.field;
    let lid = command.leader(field)?;
    let at = field.leader(lid).filter(|l| l.mp_spent == 0)?.at?;
    let units: Vec<Hex> = game.command_units(command).filter_map(|u| field.position(u)).collect();
    if units.is_empty() {
        return None;
    }
    let spread = |h: Hex| -> (u32, u32) {
        let d = units.iter().map(|&u| u.unsigned_distance_to(h));
        (d.clone().max().unwrap_or(0), d.sum())
    };
    let listed: Vec<Action>;
    let options: &[Action] = match moves {
        Moves::Listed => legal,
        Moves::Searched => {
            let mut out = Vec::new();
            game.leader_moves(&mut out);
            listed = out;
            &listed
        }
    };
    let here = spread(at);
    options
        .iter()
        .filter_map(|a| match a {
            Action::Move(MoveAction::MoveLeader { leader, to }) if *leader == lid => {
                Some((spread(*to), a))
            }
            _ => None,
        })
        .filter(|(score, _)| *score < here)
        .min_by_key(|(score, _)| *score)
        .map(|(_, a)| a.clone())
}

/// Shock and its aftermath: attack everything (designate), accept the rest in
/// the order offered; as the non-active side, always react with fire.
pub(super) fn combat(_game: &Alesia, pending: &CombatPending, legal: &[Action]) -> usize {
    if let Some(i) = super::leader_choice(pending, legal) {
        return i;
    }
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
