//! The bots' common move choice: the Moves that bring their unit strictly
//! closer to a target, the nearest first, found in the full list of legal
//! actions or by searching only the units that could be nearest.

use std::cell::Cell;
use std::ops::ControlFlow;

use hexx::Hex;

use super::targets::DistanceMap;
use crate::game::Uid;
use crate::movement::{MoveAction, Toward};
use crate::protocol::{Action, Alesia};

/// Where a bot finds the Moves it compares: among the actions it is given
/// (the full list of legal actions), or by searching units one by one
/// ([`direct`]: the unsearched actions are given).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Moves {
    Listed,
    Searched,
}

impl Moves {
    /// The nearest Moves ([`listed`] or [`direct`]), in the full list's order.
    pub(super) fn nearest(
        self,
        game: &Alesia,
        legal: &[Action],
        steering: &Steering<'_, '_>,
    ) -> Vec<Action> {
        match self {
            Moves::Listed => listed(game, legal, steering)
                .into_iter()
                .filter_map(|i| legal.get(i).cloned())
                .collect(),
            Moves::Searched => direct(game, steering),
        }
    }

    /// The full list's first action, the bots' last resort; `None` when
    /// `legal` is not the full list (the bot then asks for it).
    pub(super) fn first_listed(self, legal: &[Action]) -> Option<Action> {
        if self == Moves::Listed { legal.first().cloned() } else { None }
    }
}

/// Which moves count: a unit may steer (`unit(uid, from)`) and a move may be
/// taken (`to(uid, to)`); each unit steers by `map(from)`, and no Move of a
/// unit standing at `from` can end nearer than `least(from)` (1 when every
/// target is an enemy-held hex, which no move enters, 6.64).
pub(super) struct Steering<'a, 'm> {
    pub map: &'a dyn Fn(Hex) -> &'m DistanceMap,
    pub unit: &'a dyn Fn(Uid, Hex) -> bool,
    pub to: &'a dyn Fn(Uid, Hex) -> bool,
    pub least: &'a dyn Fn(Hex) -> u16,
}

impl<'m> Steering<'_, 'm> {
    /// Where `unit` stands and the map it steers by, if it may steer.
    fn steers(&self, game: &Alesia, unit: Uid) -> Option<(u16, &'m DistanceMap)> {
        let from = game.field.position(unit)?;
        if !(self.unit)(unit, from) {
            return None;
        }
        let map = (self.map)(from);
        Some((map.get(&game.field, from), map))
    }

    /// The distance a Move of a unit standing at distance `d_from` on `map`
    /// brings it to, if it counts: strictly closer.
    fn closer(
        &self,
        game: &Alesia,
        map: &DistanceMap,
        d_from: u16,
        action: &MoveAction,
    ) -> Option<u16> {
        let MoveAction::Move { unit, to, .. } = *action else { return None };
        let d_to = map.get(&game.field, to);
        (d_to < d_from && (self.to)(unit, to)).then_some(d_to)
    }
}

/// The nearest distance seen so far and the moves that reach it.
struct Ties<T> {
    best: Option<u16>,
    ties: Vec<T>,
}

impl<T> Ties<T> {
    fn offer(&mut self, d: u16, item: T) {
        match self.best {
            Some(b) if d > b => {}
            Some(b) if d == b => self.ties.push(item),
            _ => {
                self.best = Some(d);
                self.ties.clear();
                self.ties.push(item);
            }
        }
    }
}

/// The indices in `legal` of the Moves that bring their unit nearest,
/// strictly closer, in `legal`'s order.
fn listed(game: &Alesia, legal: &[Action], steering: &Steering<'_, '_>) -> Vec<usize> {
    let mut ties = Ties { best: None, ties: Vec::new() };
    // The Moves of one unit are listed together: its map is looked up once.
    let mut current: Option<(Uid, Option<(u16, &DistanceMap)>)> = None;
    for (i, a) in legal.iter().enumerate() {
        let Action::Move(m @ MoveAction::Move { unit, .. }) = a else { continue };
        if current.is_none_or(|(u, _)| u != *unit) {
            current = Some((*unit, steering.steers(game, *unit)));
        }
        if let Some((_, Some((d_from, map)))) = current
            && let Some(d) = steering.closer(game, map, d_from, m)
        {
            ties.offer(d, i);
        }
    }
    ties.ties
}

/// The same Moves as [`listed`] over the full listing, in the same order,
/// searching only the units that could make them: units are searched in the
/// order of the least distance they could reach (where they start, less the
/// most hexes they can go, [`Alesia::reach_bound`]; the map is one hex step
/// per hex, so no move gets further below it; and never below
/// `Steering::least`), a unit that could not get strictly closer is not
/// searched, and the search stops at the first unit that could not equal the
/// nearest found. Each unit's own search is cut short the same way, node by
/// node ([`Toward`]): it leaves out only Moves that could not count.
fn direct(game: &Alesia, steering: &Steering<'_, '_>) -> Vec<Action> {
    let mut order: Vec<(u16, usize, Uid)> = Vec::new();
    for (rank, uid) in game.movers().into_iter().enumerate() {
        let Some((d_from, map)) = steering.steers(game, uid) else { continue };
        let reach = game.reach_bound(uid).map_or(0, |(start, hexes)| {
            map.get(&game.field, start).saturating_sub(u16::from(hexes))
        });
        let floor =
            game.field.position(uid).map_or(reach, |from| reach.max((steering.least)(from)));
        if floor >= d_from {
            continue; // none of its Moves can be strictly closer
        }
        order.push((floor, rank, uid));
    }
    order.sort_unstable();
    let units: Vec<Uid> = order.iter().map(|&(_, _, u)| u).collect();
    let mut ties = Ties { best: None, ties: Vec::new() };
    // The nearest so far, and the unit about to be searched: each unit's
    // search is cut short where no end could equal the nearest so far or be
    // strictly closer than where the unit stands.
    let best: Cell<Option<u16>> = Cell::new(None);
    let steers: Cell<Option<(Uid, u16, &DistanceMap)>> = Cell::new(None);
    let mut next = order.iter();
    game.unit_moves_toward(
        &units,
        |unit| {
            let s = steering.steers(game, unit);
            steers.set(s.map(|(d, m)| (unit, d, m)));
            let (d_from, map) = s?;
            let within = d_from.saturating_sub(1);
            Some(Toward {
                distance: map.distances(),
                within: best.get().map_or(within, |b| b.min(within)),
            })
        },
        |unit, moves| {
            let Some(&(floor, rank, _)) = next.next() else { return ControlFlow::Break(()) };
            if ties.best.is_some_and(|b| floor > b) {
                return ControlFlow::Break(());
            }
            let Some((_, d_from, map)) = steers.take().filter(|&(u, _, _)| u == unit) else {
                return ControlFlow::Continue(());
            };
            for (k, m) in moves.iter().enumerate() {
                if let Some(d) = steering.closer(game, map, d_from, m) {
                    ties.offer(d, (rank, k, m.clone()));
                }
            }
            best.set(ties.best);
            ControlFlow::Continue(())
        },
    );
    ties.ties.sort_unstable_by_key(|&(rank, k, _)| (rank, k));
    ties.ties.into_iter().map(|(_, _, m)| Action::Move(m)).collect()
}
