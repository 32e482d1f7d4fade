//! 10.1 Hits, and how a side's hits are spread over its units (6.67, 9.25
//! "#": the engine's rules, [`gboh_simple::rules::hits`]).

use gboh_core::game::Event;
use gboh_core::unit::HitOutcome;

use super::rout;
use crate::combat::action::CombatEvent;
use crate::game::Uid;
use crate::protocol::{Alesia, AlesiaEvent};

/// Unit `uid` absorbs `n` hits (10.12) and routs or is eliminated when they
/// reach its TQ (10.13, 10.14, 10.41, 10.43, 10.64), with the consequences of
/// 10.4. Returns what the hits did.
pub fn take(
    game: &mut Alesia,
    uid: Uid,
    n: u8,
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> HitOutcome {
    if n == 0 {
        return HitOutcome::Absorbed;
    }
    let setup = game.setup().clone();
    let (Some(info), Some(state)) = (setup.unit(uid), game.field.unit_mut(uid)) else {
        return HitOutcome::Absorbed;
    };
    if !state.cohesion.in_play() {
        return HitOutcome::Absorbed;
    }
    let outcome = state.cohesion.absorb(&info.profile, n);
    events.push(Event::new(
        rule,
        AlesiaEvent::Combat(CombatEvent::Hits { unit: uid, hits: n, outcome }),
    ));
    match outcome {
        HitOutcome::Routed => rout::routed(game, uid, events),
        HitOutcome::Eliminated => rout::remove_eliminated(game, uid, "10.14", events),
        HitOutcome::Absorbed => {}
    }
    outcome
}

pub use gboh_simple::rules::hits::{
    combinations, first_leftover_choice, leftover_choices, sharers, split,
};

/// Applies an even split of `hits` over `units`, one more to each unit of
/// `extra` (the leftover).
pub fn apply_split(
    game: &mut Alesia,
    units: &[Uid],
    hits: u8,
    extra: &[Uid],
    rule: &'static str,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let (each, _) = split(hits, units.len());
    for &u in units {
        let n = each.saturating_add(u8::from(extra.contains(&u)));
        take(game, u, n, rule, events);
    }
}
