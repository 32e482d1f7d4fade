//! 3.0 A Activation Phase, 4.2 Command Eligibility and 4.4 Leaders and Unit
//! Activation: what one Player Turn activates, and who is within a
//! leader's Command Range, measured in Movement Points (4.41).

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_core::unit::Status;
use gboh_simple::field::Field;
use gboh_simple::ground::zoc;
use gboh_simple::{Lid, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::Land;
use super::chart::Ground;
use super::ground::{land_step, step_mp};
use crate::counters::Rank;

/// What one Activation Phase activates (3.0 A): a subordinate, the Fleet
/// (its galleys played by the fleet's rules, [`super::fleet`]), the
/// Auxiliaries or the Overall Commander alone.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Command {
    /// A Subordinate Leader and the eligible combat units within his
    /// Command Range (4.2, 4.41).
    Leader(Lid),
    /// All of a side's Auxiliaries, wherever they are (4.12, 4.42).
    Auxiliaries(Side),
    /// The Overall Commander alone (4.43): no other unit; steps C-F skipped.
    Commander(Lid),
    /// 3.0 A, 4.42: all of a side's galleys, wherever they are, and every
    /// land unit aboard them.
    Fleet(Side),
}

/// Whether unit `uid` is on the map and neither routed nor eliminated.
#[must_use]
pub fn fit(field: &Field<Land>, uid: Uid) -> bool {
    field.unit(uid).is_some_and(|s| {
        s.at.is_some() && !matches!(s.cohesion.status, Status::Routed | Status::Eliminated)
    })
}

/// Whether leader `lid` lives and stands on the map.
#[must_use]
pub fn on_map(field: &Field<Land>, lid: Lid) -> bool {
    field.leader(lid).is_some_and(|l| !l.dead && l.at.is_some())
}

/// 4.21-4.23: whether leader `lid` may activate unit `uid` (a legate his
/// own legion's cohorts, artillery and Gallic MI; an Egyptian subordinate
/// any land unit; an Overall Commander none).
#[must_use]
pub fn eligible(field: &Field<Land>, lid: Lid, uid: Uid) -> bool {
    let setup = field.setup();
    let (Some(l), Some(u)) = (setup.leader(lid), setup.unit(uid)) else { return false };
    let (Some(leader), Some(unit)) = (setup.mix.leader(&l.name), setup.mix.unit(&u.name)) else {
        return false;
    };
    setup.mix.may_activate(leader, unit)
}

/// 4.41: the MP from leader `lid` to every place within his Command Range,
/// a dense vector over the board (`u8::MAX`: out of range). Land movement
/// costs (the errata), +1 MP into a friendly-occupied place; into a Block
/// only from an adjacent Point (at a Point's cost, reconstructed) and
/// never through one; enemy-occupied places, empty places in an enemy ZOC
/// (friendly units negate it: the path may end there, not pass) and
/// terrain a leader could not cross or enter obstruct. `None` for a leader
/// off the map or dead.
#[must_use]
pub fn range_map(field: &Field<Land>, lid: Lid) -> Option<Vec<u8>> {
    let setup = field.setup();
    let info = setup.leader(lid)?;
    let l = field.leader(lid).filter(|l| !l.dead)?;
    let from = l.at?;
    Some(trace(field, info.side, from, info.range))
}

/// 4.41's trace from `from` for `side` within `range` MP.
#[must_use]
pub fn trace(field: &Field<Land>, side: Side, from: Hex, range: u8) -> Vec<u8> {
    let setup = field.setup();
    let board = setup.map.board();
    let mut dist = vec![u8::MAX; board.len()];
    let Some(start) = board.index(from) else { return dist };
    if let Some(d) = dist.get_mut(start) {
        *d = 0;
    }
    let point_mp = setup.tables.terrain.enter_mp(Ground::Point).unwrap_or(u8::MAX);
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((0u8, start)));
    let mut next: Vec<usize> = Vec::with_capacity(12);
    while let Some(Reverse((d, i))) = heap.pop() {
        if dist.get(i).is_some_and(|&best| d > best) {
            continue;
        }
        let Some(hex) = board.hex_at(i) else { continue };
        if i != start {
            // Never through a Block; not through an empty place in an enemy ZOC.
            if setup.is_block(hex)
                || (field.stack_at(i).is_empty() && zoc::in_enemy_zoc(field, hex, side))
            {
                continue;
            }
        }
        next.clear();
        next.extend(Direction::ALL.into_iter().filter_map(|dir| board.neighbor_index(i, dir)));
        next.extend(board.side_links(i).iter().filter_map(|&j| usize::try_from(j).ok()));
        for &j in &next {
            let Some(to) = board.hex_at(j) else { continue };
            if field.side_at(j).is_some_and(|s| s != side) {
                continue; // enemy-occupied places obstruct
            }
            let Ok(step) = land_step(setup, None, hex, to) else { continue };
            let base = if step.ground == Ground::Block {
                // Into a Block only from an adjacent Point.
                if !setup.is_point(hex) {
                    continue;
                }
                Some(point_mp)
            } else {
                step_mp(setup, step)
            };
            let Some(mut cost) = base else { continue };
            if !field.stack_at(j).is_empty() {
                cost = cost.saturating_add(1); // 4.41 Play Note
            }
            let nd = d.saturating_add(cost);
            if nd <= range && dist.get(j).is_some_and(|&best| nd < best) {
                if let Some(slot) = dist.get_mut(j) {
                    *slot = nd;
                }
                heap.push(Reverse((nd, j)));
            }
        }
    }
    dist
}

/// Whether `hex` is within `map`.
#[must_use]
pub fn in_range(field: &Field<Land>, map: &[u8], hex: Hex) -> bool {
    field.setup().map.board().index(hex).and_then(|i| map.get(i)).is_some_and(|&d| d != u8::MAX)
}

/// The units `command` activates, fit, in [`Uid`] order: a subordinate's
/// eligible units within his range (4.41), every Auxiliary of the side
/// (4.42), none for the Overall Commander (4.43).
#[must_use]
pub fn units_of(field: &Field<Land>, command: &Command) -> Vec<Uid> {
    let setup = field.setup();
    let all = (0..setup.units.len()).filter_map(|i| u16::try_from(i).ok().map(Uid));
    match *command {
        // 4.42: the units aboard are off the map; each joins the
        // activation as it debarks (super::fleet).
        Command::Commander(_) | Command::Fleet(_) => Vec::new(),
        Command::Auxiliaries(side) => all
            .filter(|&u| {
                fit(field, u) && setup.unit(u).is_some_and(|x| x.auxiliary && x.side == side)
            })
            .collect(),
        Command::Leader(lid) => {
            let Some(map) = range_map(field, lid) else { return Vec::new() };
            all.filter(|&u| {
                fit(field, u)
                    && eligible(field, lid, u)
                    && field.unit(u).and_then(|s| s.at).is_some_and(|h| in_range(field, &map, h))
            })
            .collect()
        }
    }
}

/// The commands `side` may choose (4.44: any leader, any turn), in a
/// fixed order: each living subordinate on the map, the Auxiliaries if one
/// is fit, the Overall Commander.
#[must_use]
pub fn commands(field: &Field<Land>, side: Side) -> Vec<Command> {
    let setup = field.setup();
    let mut out = Vec::new();
    let mut commander = None;
    for (i, (m, l)) in setup.muster.leaders.iter().zip(&setup.leaders).enumerate() {
        let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
        if m.side != side || !on_map(field, lid) {
            continue;
        }
        match l.rank {
            Rank::Subordinate => out.push(Command::Leader(lid)),
            Rank::OverallCommander => commander = Some(lid),
        }
    }
    if !units_of(field, &Command::Auxiliaries(side)).is_empty() {
        out.push(Command::Auxiliaries(side));
    }
    out.extend(commander.map(Command::Commander));
    out
}
