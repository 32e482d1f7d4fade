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
use crate::combat::action::CombatEvent;
use crate::combat::state::activation_mut;
use crate::combat::terrain::{Entry, retreat_entry, side_of};
use crate::game::{Battlefield, Uid};
use crate::movement::disorder;
use crate::movement::stacking;
use crate::protocol::{Alesia, AlesiaEvent};
use crate::zoc;

/// 10.21, 10.22, 7.25, 6.68: the hexes unit `uid` in `from` may retreat
/// into, away from every hex of `away`, in board order: out of enemy ZOC if
/// possible (7.25), and not onto a Rampart next to friends if possible (6.68).
#[must_use]
pub fn options(field: &Battlefield, uid: Uid, from: Hex, away: &[Hex]) -> Vec<Hex> {
    let board = &field.setup().board;
    let Some(side) = side_of(field, uid) else {
        return Vec::new();
    };
    let mut legal: Vec<((bool, bool), Hex)> = board
        .neighbors(from)
        .into_iter()
        .flatten()
        .filter(|&to| {
            away.iter().all(|&a| to.unsigned_distance_to(a) > from.unsigned_distance_to(a))
        })
        .filter_map(|to| {
            let entry = retreat_entry(field, uid, from, to)?;
            Some(((zoc::in_enemy_zoc(field, to, side), entry == Entry::Crowded), to))
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
/// hex of `away` (10.21, 10.22): whether [`options`] is not empty, found
/// without ranking the hexes (7.25, 6.68) and stopping at the first.
#[must_use]
pub fn can_retreat(field: &Battlefield, uid: Uid, from: Hex, away: &[Hex]) -> bool {
    let board = &field.setup().board;
    side_of(field, uid).is_some()
        && board.neighbors(from).into_iter().flatten().any(|to| {
            away.iter().all(|&a| to.unsigned_distance_to(a) > from.unsigned_distance_to(a))
                && retreat_entry(field, uid, from, to).is_some()
        })
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
/// facing, with everything that follows: 10.25's hit, 6.68's Disorder
/// ([`disorder::apply_forced_adjacency`]), the Aquila (10.8) going with it, an
/// enemy Aquila captured, lone enemy leaders it comes next to (4.33). Its
/// leaders choose afterwards whether to go with it (10.26,
/// [`crate::combat::leaders::retreat_tasks`]).
pub fn retreat(
    game: &mut Alesia,
    uid: Uid,
    from: Hex,
    to: Hex,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let Some(state) = game.field.unit(uid).copied() else {
        return;
    };
    let Some(side) = side_of(&game.field, uid) else {
        return;
    };
    let facing = stacking::joined_facing(&game.field, uid, to, state.facing);
    if game.field.move_unit(uid, to, facing).is_err() {
        return;
    }
    events.push(Event::new(
        rule,
        AlesiaEvent::Combat(CombatEvent::Retreated { unit: uid, from, to }),
    ));
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
