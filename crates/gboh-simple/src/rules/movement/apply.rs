//! Carrying out a move found by the search ([`make_move`]).

use gboh_core::facing::Facing;
use gboh_core::game::Event;
use hexx::Hex;

use super::{PathStep, Reachable};
use crate::event::SimpleEvent;
use crate::field::UnitFlags;
use crate::game::{Roster, SimpleGame};
use crate::ground::GroundRules;
use crate::ground::stacking::{self, Mover};
use crate::ground::zoc;
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, report};

/// What a move did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveReport {
    /// The unit.
    pub unit: Uid,
    /// Where it started.
    pub from: Hex,
    /// Where it ended.
    pub to: Hex,
    /// Its facing there.
    pub facing: Facing,
    /// MP spent.
    pub mp: u8,
    /// The hexes entered, in order (not the start).
    pub entered: Vec<Hex>,
    /// It entered an enemy ZOC and had to stop (7.23).
    pub stopped_in_zoc: bool,
}

/// Moves unit `unit` to `end` along `path` (both from the last
/// [`MoveSearch`](super::MoveSearch) on this position):
///
/// - the unit goes to the end hex with the end facing (at the bottom of
///   any friends there, 6.65), and spends the end's MP;
/// - when it changed hex it is flagged [`UnitFlags::MOVED`], and the hexes
///   it entered are appended to its track of the activation
///   ([`ActivationCombat::tracks`](crate::sequence::ActivationCombat::tracks),
///   8.12), its start hex first when the track is new;
/// - its movement is over ([`UnitFlags::DONE_MOVING`]) when it ends in an
///   enemy ZOC ([`Rule::ZocEntry`], 7.23; a pivot in place in one too,
///   7.13) or where an entry made it stop (6.63);
/// - [`SimpleEvent::Moved`] is reported under [`Rule::Movement`], or
///   [`Rule::Facing`] for a pivot in place.
///
/// What follows in the game (reaction fire, lone leaders next to it) is the
/// game's.
pub fn make_move<E: Effects + ?Sized>(
    e: &mut E,
    unit: Uid,
    end: &Reachable,
    path: &[PathStep],
    events: &mut Vec<Event<E::Event>>,
) -> MoveReport
where
    E::Game: GroundRules,
{
    let field = e.field();
    let from = field.unit(unit).and_then(|s| s.at).unwrap_or(end.hex);
    let changed = end.hex != from;
    let mut entered = Vec::with_capacity(path.len());
    let mut previous = from;
    for step in path {
        if step.hex != previous {
            entered.push(step.hex);
            previous = step.hex;
        }
    }
    // 6.63: an entry the game makes the move end with.
    let must_stop = changed
        && Mover::unit(field, unit)
            .and_then(|m| stacking::entering(field, end.hex, &m).ok())
            .is_some_and(|f| f.must_stop);
    let field = e.field_mut();
    let _placed = field.move_unit(unit, end.hex, end.facing);
    let side = field.setup().unit_side(unit);
    let in_zoc = side.is_some_and(|s| zoc::in_enemy_zoc(field, end.hex, s));
    if let Some(s) = field.unit_mut(unit) {
        s.mp_spent = s.mp_spent.saturating_add(end.mp);
        if changed {
            s.flags.set(UnitFlags::MOVED, true);
        }
        if in_zoc || must_stop {
            s.flags.set(UnitFlags::DONE_MOVING, true);
        }
    }
    if changed && let Some(c) = e.combat_mut() {
        match c.tracks.iter_mut().find(|(u, _)| *u == unit) {
            Some((_, track)) => track.extend_from_slice(&entered),
            None => {
                let mut track = Vec::with_capacity(entered.len() + 1);
                track.push(from);
                track.extend_from_slice(&entered);
                c.tracks.push((unit, track));
            }
        }
    }
    let stopped_in_zoc = in_zoc && changed;
    let rule = if changed { Rule::Movement } else { Rule::Facing };
    report::<E>(
        events,
        <E::Game as SimpleGame>::section(rule),
        SimpleEvent::Moved {
            unit,
            from: Some(from),
            to: end.hex,
            facing: end.facing,
            mp: end.mp,
            stopped_in_zoc,
        },
        &[],
    );
    MoveReport { unit, from, to: end.hex, facing: end.facing, mp: end.mp, entered, stopped_in_zoc }
}
