//! The bots' common move choice: the Moves that bring their unit strictly
//! closer to a target, the nearest first, found in the full list of legal
//! actions or by searching only the units that could be nearest.

use std::ops::ControlFlow;

use hexx::Hex;

use super::targets::DistanceMap;
use crate::game::Uid;
use crate::movement::MoveAction;
use crate::protocol::{Action, Alesia};

/// Which moves count: a unit may steer (`unit(uid, from)`) and a move may be
/// taken (`to(uid, to)`); each unit steers by `map(from)`.
pub(super) struct Steering<'a, 'm> {
    pub map: &'a dyn Fn(Hex) -> &'m DistanceMap,
    pub unit: &'a dyn Fn(Uid, Hex) -> bool,
    pub to: &'a dyn Fn(Uid, Hex) -> bool,
}

impl Steering<'_, '_> {
    /// The distance a Move brings its unit to, if it counts: strictly closer
    /// than where the unit stands.
    fn closer(&self, game: &Alesia, action: &MoveAction) -> Option<u16> {
        let MoveAction::Move { unit, to, .. } = *action else { return None };
        let from = game.field.position(unit)?;
        if !(self.unit)(unit, from) || !(self.to)(unit, to) {
            return None;
        }
        let map = (self.map)(from);
        let (d_from, d_to) = (map.get(&game.field, from), map.get(&game.field, to));
        (d_to < d_from).then_some(d_to)
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
pub(super) fn listed(game: &Alesia, legal: &[Action], steering: &Steering<'_, '_>) -> Vec<usize> {
    let mut ties = Ties { best: None, ties: Vec::new() };
    for (i, a) in legal.iter().enumerate() {
        if let Action::Move(m) = a
            && let Some(d) = steering.closer(game, m)
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
/// per hex, so no move gets further below it), and the search stops at the
/// first unit that could not equal the nearest found.
pub(super) fn direct(game: &Alesia, steering: &Steering<'_, '_>) -> Vec<Action> {
    let mut order: Vec<(u16, usize, Uid)> = Vec::new();
    for (rank, uid) in game.movers().into_iter().enumerate() {
        let Some(from) = game.field.position(uid) else { continue };
        if !(steering.unit)(uid, from) {
            continue;
        }
        let floor = game.reach_bound(uid).map_or(0, |(start, hexes)| {
            (steering.map)(from).get(&game.field, start).saturating_sub(u16::from(hexes))
        });
        order.push((floor, rank, uid));
    }
    order.sort_unstable();
    let units: Vec<Uid> = order.iter().map(|&(_, _, u)| u).collect();
    let mut ties = Ties { best: None, ties: Vec::new() };
    let mut next = order.iter();
    game.unit_moves(&units, |_, moves| {
        let Some(&(floor, rank, _)) = next.next() else { return ControlFlow::Break(()) };
        if ties.best.is_some_and(|b| floor > b) {
            return ControlFlow::Break(());
        }
        for (k, m) in moves.iter().enumerate() {
            if let Some(d) = steering.closer(game, m) {
                ties.offer(d, (rank, k, m.clone()));
            }
        }
        ControlFlow::Continue(())
    });
    ties.ties.sort_unstable_by_key(|&(rank, k, _)| (rank, k));
    ties.ties.into_iter().map(|(_, _, m)| Action::Move(m)).collect()
}
