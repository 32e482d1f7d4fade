//! Retreat ([`Rule::Retreat`]; Alesia 10.2): one hex away from the units
//! that caused it, into a hex it could enter, out of an enemy ZOC if it can
//! ([`Rule::RetreatIntoZoc`]); a stack with nowhere to go stays and takes
//! hits instead ([`Rule::NoRetreat`]).
//!
//! [`Rule::Retreat`]: crate::Rule::Retreat
//! [`Rule::RetreatIntoZoc`]: crate::Rule::RetreatIntoZoc
//! [`Rule::NoRetreat`]: crate::Rule::NoRetreat
//!
//! ```text
//!      A  A          A = attackers. The defender D may retreat to a hex
//!     . D .          farther from every attacker than D's own hex: the two
//!      r  r          hexes marked r ("away from").
//! ```
//!
//! [`RetreatRules`] says which hexes a game lets a retreat end in and what
//! staying costs; the family's default is a hex movement could enter and the
//! stack may hold, and two hits.

use gboh_core::game::Event;
use hexx::Hex;

use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::Roster;
use crate::ground::GroundRules;
use crate::ground::stacking::{Mover, joined_facing};
use crate::ground::zoc::in_enemy_zoc;
use crate::id::Uid;
use crate::rules::effects::{Effects, report};

/// How a retreat may enter a hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum RetreatEntry {
    /// As movement could.
    Free,
    /// Only because it is forced, at a price the game names (Alesia 6.68:
    /// onto a rampart next to friends, both Disordered); taken only if no
    /// free hex is left.
    Crowded,
}

/// What a game changes about retreats.
pub trait RetreatRules: GroundRules {
    /// Whether unit `uid` in `from` may end a one-hex retreat in the
    /// adjacent `to`, and how. Default: [`family_retreat_entry`].
    fn retreat_entry(field: &Field<Self>, uid: Uid, from: Hex, to: Hex) -> Option<RetreatEntry> {
        family_retreat_entry(field, uid, from, to)
    }

    /// The hits a stack in `hex` that cannot retreat away from `away` takes
    /// ([`Rule::NoRetreat`](crate::Rule::NoRetreat)), `defending` if it was
    /// attacked. Default: 2.
    fn no_retreat_hits(field: &Field<Self>, hex: Hex, away: &[Hex], defending: bool) -> u8 {
        let _ = (field, hex, away, defending);
        2
    }
}

/// The family's retreat entry: a hex on the map with no enemy unit that
/// movement could enter ([`GroundRules::step_cost`]) and where the unit may
/// stack with the friends there ([`GroundRules::check_stack`]).
#[must_use]
pub fn family_retreat_entry<G: GroundRules>(
    field: &Field<G>,
    uid: Uid,
    from: Hex,
    to: Hex,
) -> Option<RetreatEntry> {
    let mover = Mover::unit(field, uid)?;
    let board = field.setup().board();
    // Not along a side link (to or from a Block, Alexandria 5.23): that is
    // the game's to allow, in its `retreat_entry`.
    let dir = board.direction(from, to)?;
    if !board.contains(to) || field.side_in(to).is_some_and(|s| s != mover.side) {
        return None;
    }
    G::step_cost(field, &mover, from, to, dir).ok()?;
    let mut units: Vec<Uid> = field.stack(to).iter().filter(|&u| u != uid).collect();
    units.push(uid);
    G::check_stack(field, to, &units).ok()?;
    Some(RetreatEntry::Free)
}

fn away_from(from: Hex, to: Hex, away: &[Hex]) -> bool {
    away.iter().all(|&a| to.unsigned_distance_to(a) > from.unsigned_distance_to(a))
}

/// The hexes unit `uid` in `from` may retreat into, away from every hex of
/// `away`, in board order: out of an enemy ZOC if it can, and a free entry
/// before a crowded one.
#[must_use]
pub fn options<G: RetreatRules>(field: &Field<G>, uid: Uid, from: Hex, away: &[Hex]) -> Vec<Hex> {
    let board = field.setup().board();
    let Some(side) = field.setup().unit_side(uid) else {
        return Vec::new();
    };
    let mut legal: Vec<((bool, RetreatEntry), Hex)> = board
        .neighbors(from)
        .into_iter()
        .flatten()
        .chain(board.side_neighbors(from))
        .filter(|&to| away_from(from, to, away))
        .filter_map(|to| {
            let entry = G::retreat_entry(field, uid, from, to)?;
            Some(((in_enemy_zoc(field, to, side), entry), to))
        })
        .collect();
    let Some(best) = legal.iter().map(|(tier, _)| *tier).min() else {
        return Vec::new();
    };
    legal.retain(|(tier, _)| *tier == best);
    let mut out: Vec<Hex> = legal.into_iter().map(|(_, h)| h).collect();
    out.sort_by_key(|&h| board.index(h));
    out
}

/// Whether unit `uid` in `from` has any hex to retreat into, away from every
/// hex of `away`: whether [`options`] is not empty, found without ranking the
/// hexes and stopping at the first.
#[must_use]
pub fn can_retreat<G: RetreatRules>(field: &Field<G>, uid: Uid, from: Hex, away: &[Hex]) -> bool {
    let board = field.setup().board();
    field.setup().unit_side(uid).is_some()
        && board
            .neighbors(from)
            .into_iter()
            .flatten()
            .chain(board.side_neighbors(from))
            .any(|to| away_from(from, to, away) && G::retreat_entry(field, uid, from, to).is_some())
}

/// Moves unit `uid` from `from` to `to` as a retreat under `rule` (a
/// section of the game's rulebook: a retreat, or what forced it), keeping
/// its facing (or taking that of friends already there), and reports it;
/// then what follows in the game ([`Effects::retreated`]). Returns whether
/// the unit moved (not if it is not in `from`, or `to` cannot hold it).
pub fn retreat<E: Effects + ?Sized>(
    e: &mut E,
    uid: Uid,
    from: Hex,
    to: Hex,
    rule: &'static str,
    events: &mut Vec<Event<E::Event>>,
) -> bool {
    let Some(state) = e.field().unit(uid).copied() else {
        return false;
    };
    if state.at != Some(from) {
        return false;
    }
    let facing = joined_facing(e.field(), uid, to, state.facing);
    if e.field_mut().move_unit(uid, to, facing).is_err() {
        return false;
    }
    report::<E>(events, rule, SimpleEvent::Retreated { unit: uid, from, to }, &[]);
    e.retreated(uid, from, to, events);
    true
}
