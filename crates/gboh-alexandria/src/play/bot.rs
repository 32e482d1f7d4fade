//! A bot for each side: the engine's [`Aggressor`] (close with the enemy,
//! fire, shock), taught this game's own actions: the Egyptians storm the
//! Palace Block (their objective, 5.23), units in a Block come out toward
//! the enemy unless one is already next to them or they hold the Palace
//! alone; leaders stay out of Blocks; units with nothing to fight march on
//! the places their side must occupy (11.0); a subordinate with none of
//! his units in range goes back to them (4.41).

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use gboh_simple::bots::Aggressor;
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::{Battle, BattleRules, CombatAction, Uid};
use hexx::Hex;

use super::blocks::Own;
use super::command::{Command, fit};
use super::fleet;
use super::replacement::hosts;
use super::state::Alexandria;
use super::victory::{all_objectives, objectives, palace};
use crate::fleet::Action as FleetAction;

/// The bot. It remembers the commands it chose lately and prefers others
/// (4.44 allows any command any turn), so a command whose units can do
/// nothing useful does not hold the game in a loop.
#[derive(Debug, Clone, Default)]
pub struct CityBot {
    recent: Vec<Command>,
}

/// How many of its last commands the bot remembers.
const MEMORY: usize = 6;

type B = Battle<Alexandria>;
type A = gboh_simple::protocol::ActionOf<Alexandria>;

fn foes(g: &Alexandria, side: Side) -> Vec<Hex> {
    (0..g.setup().units.len())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| g.setup().unit(u).is_some_and(|x| x.side != side) && fit(&g.field, u))
        .filter_map(|u| g.field.unit(u).and_then(|s| s.at))
        .collect()
}

fn nearest(foes: &[Hex], h: Hex) -> u32 {
    foes.iter().map(|f| f.unsigned_distance_to(h)).min().unwrap_or(u32::MAX)
}

/// Whether the bot wants this own action.
fn wanted(g: &Alexandria, own: &Own) -> bool {
    match *own {
        Own::EnterBlock { unit, block } => {
            let side = g.setup().unit(unit).map(|x| x.side);
            side == Some(Side::Adversary) && palace(g) == Some(block)
        }
        Own::LeaveBlock { unit, point } => {
            let Some(side) = g.setup().unit(unit).map(|x| x.side) else { return false };
            let Some(at) = g.field.unit(unit).and_then(|s| s.at) else { return false };
            let board = g.setup().map.board();
            let f = foes(g, side);
            let engaged = f.iter().any(|&h| board.adjacent(h, at));
            let alone = g.field.stack(at).iter().filter(|&u| u != unit).count() == 0;
            let holds_palace = palace(g) == Some(at) && alone;
            !engaged && !holds_palace && nearest(&f, point) < nearest(&f, at)
        }
        Own::LeaderEnterBlock { .. } | Own::LeaderLeaveBlock { .. } | Own::Fleet(_) => false,
        // 4.44: troops aboard a beached galley go ashore to fight.
        Own::Debark { .. } => true,
    }
}

/// 3.0 A: what a Fleet activation is worth to the bot: 8 a land unit
/// aboard its galleys (4.42: they may debark and fight), 4 if an enemy
/// galley is within 8 hexes of one of its galleys (a naval fight), else 1;
/// 0 with no galley. The land commands score their units near the enemy,
/// so the fleet is chosen when they have little to do.
fn fleet_score(g: &Alexandria, side: Side) -> i64 {
    let galleys = &g.fleet.game.galleys;
    let own: Vec<_> = galleys.iter().filter(|x| x.afloat() && x.side == side).collect();
    if own.is_empty() {
        return 0;
    }
    let troops: usize = own.iter().map(|x| x.troops().count()).sum();
    let near = own.iter().any(|x| {
        galleys
            .iter()
            .any(|e| e.afloat() && e.side != side && x.hex.unsigned_distance_to(e.hex) <= 8)
    });
    8 * i64::try_from(troops).unwrap_or(0) + if near { 4 } else { 1 }
}

/// The fleet bot's choice among the legal fleet actions, if there are any:
/// its own pick when legal (and useful, [`fleet::useful`]), else the first
/// useful fleet action that ends something.
fn fleet_pick(g: &Alexandria, legal: &[A]) -> Option<usize> {
    let find = |want: &FleetAction| {
        legal.iter().position(
            |a| matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(f))) if f == want),
        )
    };
    let any = legal.iter().any(|a| matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(_)))));
    if !any {
        return None;
    }
    let view = fleet::synced(g);
    let fleet_legal: Vec<FleetAction> = legal
        .iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Game(Own::Fleet(f))) => Some(f.clone()),
            _ => None,
        })
        .collect();
    // 5.29, 5.48: troops aboard go ashore; a galley carrying troops beaches.
    let carrying =
        view.current.and_then(|i| view.galleys.get(i)).is_some_and(|x| x.troops().next().is_some());
    if let Some(i) = legal.iter().position(|a| {
        matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(FleetAction::Debark { .. }))))
    }) {
        return Some(i);
    }
    if carrying && let Some(i) = find(&FleetAction::Beach) {
        return Some(i);
    }
    if let Some(want) = super::fleet_bot::plan(&view, &fleet_legal) {
        return find(&want);
    }
    if let Some(want) = crate::fleet::bot::choose(&view).filter(|a| fleet::useful(g, a))
        && let Some(i) = find(&want)
    {
        return Some(i);
    }
    [FleetAction::EndMovement, FleetAction::EndPhase].iter().find_map(find)
}

/// Whether unit `unit` ending on `to` facing `facing` has an enemy in a
/// front place (5.32: the Points of a city face along streets).
fn faces_enemy(g: &Alexandria, unit: Uid, to: Hex, facing: Facing) -> bool {
    let Some(side) = g.setup().unit(unit).map(|x| x.side) else { return false };
    let board = g.setup().map.board();
    facing
        .front()
        .into_iter()
        .filter_map(|d| board.neighbor(to, d))
        .chain(board.side_neighbors(to))
        .any(|h| g.field.side_in(h).is_some_and(|s| s != side))
}

impl Policy<B> for CityBot {
    fn choose(&mut self, game: &Game<B>, legal: &[A]) -> usize {
        let g = game.state().state();
        // A move that ends facing an enemy beats the same move facing away.
        let facing_ok = |unit: Uid, to: Hex, facing: Facing| {
            faces_enemy(g, unit, to, facing)
                || !legal.iter().any(|b| {
                    matches!(b, Action::Move { unit: u, to: t, facing: f }
                        if *u == unit && *t == to && faces_enemy(g, unit, to, *f))
                })
        };
        let foes_of = |side: Side| foes(g, side);
        // 3.0 A: the command with the most units near the enemy (each unit
        // counts 10 less a hex of distance to its nearest foe; archers and
        // artillery half), so the bot fights with its line, not only its
        // skirmishers.
        let command_score = |c: &Command| -> i64 {
            if let Command::Fleet(side) = *c {
                return fleet_score(g, side);
            }
            let side = g.command_side(c);
            let f = foes_of(side);
            g.command_units(c)
                .into_iter()
                .filter_map(|u| {
                    let at = g.field.unit(u).and_then(|s| s.at)?;
                    let near = 10 - i64::from(nearest(&f, at).min(10));
                    let shooter = g.setup().unit(u).is_some_and(|x| x.profile.missile.is_some());
                    Some(if shooter { near / 2 } else { near })
                })
                .sum()
        };
        if matches!(game.state().pending(), Pending::ChooseCommand { .. }) {
            let mut best: Option<(i64, usize)> = None;
            for (i, a) in legal.iter().enumerate() {
                if let Action::Activate(c) = a {
                    let used = self.recent.iter().filter(|r| *r == c).count();
                    let sc = command_score(c) - 12 * i64::try_from(used).unwrap_or(0);
                    if best.is_none_or(|(b, _)| sc > b) {
                        best = Some((sc, i));
                    }
                }
            }
            if let Some((_, i)) = best {
                if let Some(Action::Activate(c)) = legal.get(i) {
                    self.recent.push(c.clone());
                    if self.recent.len() > MEMORY {
                        self.recent.remove(0);
                    }
                }
                return i;
            }
        }
        // 4.42: in a Fleet activation the galleys act first, by the fleet's
        // bot (never a galley declared only to sit, 0 MP afloat).
        if let Some(i) = fleet_pick(g, legal) {
            return i;
        }
        if let Some(i) = rejoin(g, legal) {
            return i;
        }
        // A unit next to an enemy it does not face turns to face it (5.32),
        // so that it may attack.
        for (i, a) in legal.iter().enumerate() {
            if let Action::Move { unit, to, facing } = a {
                let here = g.field.unit(*unit).and_then(|s| s.at.map(|h| (h, s.facing)));
                if let Some((h, f)) = here
                    && h == *to
                    && !faces_enemy(g, *unit, h, f)
                    && faces_enemy(g, *unit, h, *facing)
                    && g.setup().unit(*unit).is_some_and(|x| x.profile.missile.is_none())
                {
                    return i;
                }
            }
        }
        // A unit with an enemy in front attacks rather than rallies.
        let engaged = |unit: Uid| {
            g.field
                .unit(unit)
                .and_then(|s| s.at.map(|h| (h, s.facing)))
                .is_some_and(|(h, f)| faces_enemy(g, unit, h, f))
        };
        let keep: Vec<usize> = (0..legal.len())
            .filter(|&i| match legal.get(i) {
                Some(Action::Combat(CombatAction::Game(own))) => wanted(g, own),
                Some(Action::Move { unit, to, facing }) => facing_ok(*unit, *to, *facing),
                Some(Action::Combat(CombatAction::Rally { unit, .. })) => !engaged(*unit),
                _ => true,
            })
            .collect();
        let filtered: Vec<A> = keep.iter().filter_map(|&i| legal.get(i).cloned()).collect();
        if filtered.is_empty() {
            return legal
                .iter()
                .position(|a| matches!(a, Action::EndActivation | Action::Pass))
                .unwrap_or(0);
        }
        let pick = Aggressor.choose(game, &filtered);
        let chosen = keep.get(pick).copied().unwrap_or(0);
        let idle = matches!(
            legal.get(chosen),
            Some(Action::EndActivation | Action::Combat(CombatAction::BeginShock))
        );
        if idle && let Some(i) = march(g, legal) {
            return i;
        }
        chosen
    }
}

/// A subordinate whose activation reached none of his units (4.41: none
/// in his Command Range) goes back to them: the leader move that brings
/// him nearest a fit unit he may command, onto its place where he can
/// reach it. `None` when his command has units or no move brings him
/// nearer.
fn rejoin(g: &Alexandria, legal: &[A]) -> Option<usize> {
    let a = g.turn.current.as_ref()?;
    let Command::Leader(leader) = a.command else { return None };
    if !a.units.is_empty() {
        return None;
    }
    let hosts = hosts(g, leader);
    let distance = |h: Hex| hosts.iter().map(|t| t.unsigned_distance_to(h)).min();
    let mut best = distance(g.field.leader(leader)?.at?)?;
    let mut pick = None;
    for (i, act) in legal.iter().enumerate() {
        if let Action::MoveLeader { leader: l, to } = *act
            && l == leader
            && let Some(d) = distance(to)
            && d < best
        {
            best = d;
            pick = Some(i);
        }
    }
    pick
}

/// 11.0: when the engine's bot would end its movement, the move that takes
/// an activated unit the farthest toward the nearest place its side must
/// occupy and does not hold (the Egyptians the Palace, the Romans the
/// redoubts), ending facing an enemy where it can. Units next to an enemy
/// stay to fight, and units standing in an objective stay to hold it; a
/// move must bring the unit closer. `None` when no move does.
fn march(g: &Alexandria, legal: &[A]) -> Option<usize> {
    let targets = |side: Side| objectives(g, side);
    let (roman, egyptian) = (targets(Side::Roman), targets(Side::Adversary));
    let board = g.setup().map.board();
    let places = objectives_all(g);
    let (of_romans, of_egyptians) = (foes(g, Side::Roman), foes(g, Side::Adversary));
    let mut best: Option<(u32, bool, usize)> = None;
    for (i, a) in legal.iter().enumerate() {
        let Action::Move { unit, to, facing } = a else { continue };
        let Some(side) = g.setup().unit(*unit).map(|x| x.side) else { continue };
        let Some(at) = g.field.unit(*unit).and_then(|s| s.at) else { continue };
        let foes = if side == Side::Roman { &of_romans } else { &of_egyptians };
        if places.contains(&at) || foes.iter().any(|&h| board.adjacent(h, at)) {
            continue;
        }
        let goals = if side == Side::Roman { &roman } else { &egyptian };
        let Some(&goal) = goals.iter().min_by_key(|h| h.unsigned_distance_to(at)) else {
            continue;
        };
        let gain = at.unsigned_distance_to(goal).saturating_sub(to.unsigned_distance_to(goal));
        if gain == 0 {
            continue;
        }
        let facing_enemy = faces_enemy(g, *unit, *to, *facing);
        if best.is_none_or(|(g0, f0, _)| (gain, facing_enemy) > (g0, f0)) {
            best = Some((gain, facing_enemy, i));
        }
    }
    best.map(|(_, _, i)| i)
}

/// Every place either side must occupy to win, held or not.
fn objectives_all(g: &Alexandria) -> Vec<Hex> {
    let mut all = all_objectives(g);
    all.sort_by_key(|h| (h.x, h.y));
    all.dedup();
    all
}

/// Plays `game` with [`CityBot`] on both sides until it is over or
/// `max_actions` have been taken; each event through `each`.
///
/// # Errors
/// An action the game refuses (never: the bot picks from the legal ones).
pub fn play(
    game: &mut Game<B>,
    max_actions: usize,
    mut each: impl FnMut(&Alexandria, &gboh_core::game::Event<super::Happened>),
) -> Result<usize, gboh_simple::CombatError> {
    let mut legal = Vec::new();
    let mut bot = CityBot::default();
    let mut n = 0;
    while n < max_actions {
        legal.clear();
        game.state().legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let pick = bot.choose(game, &legal);
        let Some(a) = legal.get(pick).cloned() else { break };
        let events = game.apply(a)?;
        for e in &events {
            each(game.state().state(), e);
        }
        n += 1;
    }
    Ok(n)
}
