//! 10.8 Aquilae: each legion's eagle, where its routed cohorts rally (10.42).
//!
//! An Aquila is a marker (`Legion::aquila` in the counter mix) whose hex the
//! game keeps in [`crate::combat::CombatState::aquilae`]. It moves with its
//! legion (movement calls [`move_to`]), retreats with the unit it is stacked
//! with ([`follow`]), and is captured when an enemy unit enters its hex while
//! it is alone ([`entered`]): every unit of the legion then takes one hit,
//! and the legion places a new one the next time it is activated
//! ([`crate::combat::SiegeAction::PlaceAquila`]).

use gboh_core::Side;
use gboh_core::game::Event;
use hexx::Hex;

use super::hits;
use crate::combat::action::CombatEvent;
use crate::combat::state::AquilaState;
use crate::combat::terrain::side_of;
use crate::game::{Battlefield, LegionIdx, Membership, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

/// The legion a unit belongs to, if any.
#[must_use]
pub fn legion_of(field: &Battlefield, uid: Uid) -> Option<LegionIdx> {
    match field.setup().unit(uid)?.membership {
        Membership::Legion(l) => Some(l),
        _ => None,
    }
}

/// The state of `legion`'s Aquila.
#[must_use]
pub fn state(game: &Alesia, legion: LegionIdx) -> AquilaState {
    game.turn.combat.aquilae.get(legion.index()).copied().unwrap_or_default()
}

/// Where `legion`'s Aquila is, if on the map and not captured.
#[must_use]
pub fn at(game: &Alesia, legion: LegionIdx) -> Option<Hex> {
    let s = state(game, legion);
    if s.captured { None } else { s.at }
}

fn slot(game: &mut Alesia, legion: LegionIdx) -> Option<&mut AquilaState> {
    let n = game.setup().legions.len();
    if legion.index() >= n {
        return None;
    }
    let aquilae = &mut game.turn.combat.aquilae;
    if aquilae.len() < n {
        aquilae.resize(n, AquilaState::default());
    }
    aquilae.get_mut(legion.index())
}

/// Places `legion`'s Aquila in `hex` (set-up, or 10.8's new Aquila after a
/// capture). Returns false for an unknown legion or a hex off the map.
pub fn place(game: &mut Alesia, legion: LegionIdx, hex: Hex) -> bool {
    if !game.setup().board.contains(hex) {
        return false;
    }
    match slot(game, legion) {
        Some(s) => {
            *s = AquilaState { at: Some(hex), captured: false };
            true
        }
        None => false,
    }
}

/// Moves `legion`'s Aquila (10.8: "Aquilae move, if desired, when their legion
/// is activated"; movement's business).
pub fn move_to(game: &mut Alesia, legion: LegionIdx, hex: Hex) -> bool {
    if at(game, legion).is_none() {
        return false;
    }
    place(game, legion, hex)
}

/// 10.8: a Roman unit retreating from `from` to `to` takes the Aquila stacked
/// with it along.
pub fn follow(
    game: &mut Alesia,
    uid: Uid,
    from: Hex,
    to: Hex,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    if side_of(&game.field, uid) != Some(Side::Roman) {
        return;
    }
    for l in 0..game.setup().legions.len() {
        let legion = LegionIdx(u8::try_from(l).unwrap_or(u8::MAX));
        if at(game, legion) == Some(from) && place(game, legion, to) {
            events.push(Event::new(
                "10.8",
                AlesiaEvent::Combat(CombatEvent::AquilaMoved { legion, to }),
            ));
        }
    }
}

/// 10.8: a unit of `side` entered `hex`: an enemy Aquila alone there is
/// captured, and every unit of its legion takes one hit. Movement calls this
/// for every hex a unit enters; retreats and advances call it too.
pub fn entered(game: &mut Alesia, hex: Hex, side: Side, events: &mut Vec<Event<AlesiaEvent>>) {
    if side != Side::Adversary {
        return;
    }
    let alone = !game.field.stack(hex).iter().any(|u| side_of(&game.field, u) == Some(Side::Roman));
    if !alone {
        return;
    }
    for l in 0..game.setup().legions.len() {
        let legion = LegionIdx(u8::try_from(l).unwrap_or(u8::MAX));
        if at(game, legion) == Some(hex) {
            capture(game, legion, events);
        }
    }
}

/// 10.8: `legion`'s Aquila is captured: each of its units on the map takes
/// one hit (its scorpio excepted: artillery takes no hits, 8.5).
pub fn capture(game: &mut Alesia, legion: LegionIdx, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(hex) = at(game, legion) else { return };
    if let Some(s) = slot(game, legion) {
        s.captured = true;
        s.at = None;
    }
    events
        .push(Event::new("10.8", AlesiaEvent::Combat(CombatEvent::AquilaCaptured { legion, hex })));
    let units: Vec<Uid> = game.setup().legions.get(legion.index()).cloned().unwrap_or_default();
    for u in units {
        let artillery = game.setup().unit(u).is_some_and(|i| i.unit_type().is_artillery());
        if !artillery && game.field.unit(u).is_some_and(|s| s.at.is_some()) {
            hits::take(game, u, 1, "10.8", events);
        }
    }
}
