//! 10.2 Retreat: one hex away from the units that caused it, into a hex
//! movement could enter, never into a Garden of Death (10.22), off a Rampart
//! only to the inside (10.24 play note), into an enemy ZOC only if there is no
//! other hex (7.25), at the cost of a hit next to an enemy missile unit
//! (10.25), keeping its facing (10.21). A unit that cannot retreat stays and
//! takes two hits (10.23); one on a Rampart attacked from below may stay for
//! one hit instead (10.24).
//!
//! ```text
//!      A  A          A = attackers. The defender D may retreat to a hex
//!     . D .          farther from every attacker than D's own hex: the two
//!      r  r          hexes marked r (10.21 "away from").
//! ```

use gboh_core::Side;
use gboh_core::facing::{Aspect, Direction};
use gboh_core::game::Event;
use hexx::Hex;

use super::{aquila, hits};
use crate::combat::state::activation_mut;
use crate::combat::terrain::{Entry, is_rampart, retreat_entry, side_of};
use crate::game::SiegeOfAlesia;
use crate::game::{Battlefield, Uid};
use crate::movement::disorder;
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;
use gboh_simple::rules::retreat::{self as family, RetreatRules};

/// 10.21, 10.22, 7.25, 6.68: the hexes unit `uid` in `from` may retreat
/// into, away from every hex of `away`, in board order: out of enemy ZOC if
/// possible (7.25), and not onto a Rampart next to friends if possible (6.68).
/// The engine's [`family::options`] with Alesia's [`RetreatRules`].
#[must_use]
pub fn options(field: &Battlefield, uid: Uid, from: Hex, away: &[Hex]) -> Vec<Hex> {
    family::options(field, uid, from, away)
}

/// Whether unit `uid` in `from` has any hex to retreat into, away from every
/// hex of `away` (10.21, 10.22): whether [`options`] is not empty, found
/// without ranking the hexes (7.25, 6.68) and stopping at the first.
#[must_use]
pub fn can_retreat(field: &Battlefield, uid: Uid, from: Hex, away: &[Hex]) -> bool {
    family::can_retreat(field, uid, from, away)
}

/// Alesia's retreats over the engine's: 10.22's hexes it may end in
/// ([`retreat_entry`]: no Garden of Death, no On Fire hex, not off a Rampart
/// to the outside, 6.68's crowded rampart), and 10.24: a stack on a Rampart
/// attacked from below may stay for one hit instead of 10.23's two.
impl RetreatRules for SiegeOfAlesia {
    fn retreat_entry(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> Option<Entry> {
        retreat_entry(field, uid, from, to)
    }

    fn no_retreat_hits(field: &Battlefield, hex: Hex, away: &[Hex], defending: bool) -> u8 {
        let from_below = !away.iter().any(|&h| is_rampart(field, h));
        if defending && from_below && is_rampart(field, hex) { 1 } else { 2 }
    }
}

/// 10.25: whether `hex` is in the ZOC or a front hex of an enemy of `side`
/// with missile capability.
#[must_use]
pub fn next_to_enemy_missiles(field: &Battlefield, hex: Hex, side: Side) -> bool {
    let board = &field.setup().board;
    Direction::ALL.into_iter().any(|dir| {
        let Some(n) = board.neighbor(hex, dir) else {
            return false;
        };
        field.stack(n).iter().any(|u| {
            let enemy_missile = field
                .setup()
                .unit(u)
                .is_some_and(|i| i.side != side && i.profile.missile.is_some());
            let toward = dir.opposite();
            enemy_missile
                && (zoc::zoc_toward(field, u, toward)
                    || field.unit(u).is_some_and(|s| s.facing.aspect(toward) == Aspect::Front))
        })
    })
}

/// Moves unit `uid` from `from` to `to` as a retreat under `rule`, keeping its
/// facing (the engine's [`family::retreat`]), with everything that follows
/// ([`after_retreat`]). Its leaders choose afterwards whether to go with it
/// (10.26, [`crate::combat::leaders::retreat_tasks`]).
pub fn retreat(
    game: &mut Alesia,
    uid: Uid,
    from: Hex,
    to: Hex,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    family::retreat(game, uid, from, to, rule, events);
}

/// What follows unit `uid`'s retreat from `from` to `to` in Alesia (the
/// engine's `Effects::retreated`): it is noted as having retreated this
/// activation (8.62), its Aquila goes with it (10.8) and an enemy Aquila in
/// `to` is captured, 6.68's Disorder ([`disorder::apply_forced_adjacency`]),
/// 10.25's hit next to enemy missile units, and lone enemy leaders it comes
/// next to may retreat (4.33).
pub fn after_retreat(
    game: &mut Alesia,
    uid: Uid,
    from: Hex,
    to: Hex,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let Some(side) = side_of(&game.field, uid) else {
        return;
    };
    if let Some(a) = activation_mut(game)
        && !a.retreated.contains(&uid)
    {
        a.retreated.push(uid);
    }
    aquila::follow(game, uid, from, to, events);
    aquila::entered(game, to, side, events);
    disorder::apply_forced_adjacency(&mut game.field, uid, to, events);
    if next_to_enemy_missiles(&game.field, to, side) {
        hits::take(game, uid, 1, "10.25", events);
    }
    crate::combat::leaders::threaten_lone_leaders(game, side, to, events);
}
