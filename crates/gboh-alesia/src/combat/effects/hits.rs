//! 10.1 Hits, and how a side's hits are spread over its units (6.67, 9.25
//! "#": the engine's rules, [`gboh_simple::rules::hits`]).

use gboh_core::game::Event;
use gboh_core::unit::HitOutcome;

use gboh_simple::rules::effects;

use crate::game::Uid;
use crate::protocol::{Alesia, AlesiaEvent};

/// Unit `uid` absorbs `n` hits (10.12) and routs or is eliminated when they
/// reach its TQ (10.13, 10.14, 10.41, 10.43, 10.64), with the consequences of
/// 10.4 (the engine's [`effects::take_hits`] through Alesia's
/// [`Effects`](gboh_simple::rules::effects::Effects)). Returns what the hits did.
pub fn take(
    game: &mut Alesia,
    uid: Uid,
    n: u8,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> HitOutcome {
    effects::take_hits(game, uid, n, rule, events)
}

pub use gboh_simple::rules::hits::{
    combinations, first_leftover_choice, leftover_choices, sharers, split,
};

/// Applies an even split of `hits` over `units`, one more to each unit of
/// `extra` (the leftover): the engine's [`effects::share_hits`].
pub fn apply_split(
    game: &mut Alesia,
    units: &[Uid],
    hits: u8,
    extra: &[Uid],
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    effects::share_hits(game, units, hits, extra, rule, events);
}
