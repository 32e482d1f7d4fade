//! Rally: a unit far enough from the enemy removes hits instead of doing
//! anything else in its activation (Alesia 10.5 Roman Rally).
//!
//! The engine holds what every rally shares: not a routed unit, not one that
//! moved, fired or took its sole action, no enemy within one hex, and hits
//! to remove. The game says who may rally at all and how many hits a unit
//! removes at most (Alesia: Romans only, in the active legion, cavalry or
//! light infantry command; a cohort two, cavalry and light infantry one,
//! archers none).
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::doc_game::TinyBattle;
//! use gboh_simple::rules::effects::take_hits;
//! use gboh_simple::rules::rally::{RallyRefusal, check, rally};
//! use gboh_simple::Uid;
//! let mut battle = TinyBattle::new();
//! let hex = |b: &TinyBattle, l: &str| b.field.setup().board.hex_of(l).unwrap();
//! let (t0101, t0505) = (hex(&battle, "T0101"), hex(&battle, "T0404"));
//! battle.field.move_unit(Uid(0), t0101, Facing::Twelve).unwrap();
//! battle.field.move_unit(Uid(1), t0505, Facing::Twelve).unwrap();
//! let mut events = Vec::new();
//! assert_eq!(check(&battle.field, Uid(0), 2), Err(RallyRefusal::NoHits));
//! take_hits(&mut battle, Uid(0), 3, "8.14", &mut events);
//! assert_eq!(check(&battle.field, Uid(0), 2), Ok(2));
//! rally(&mut battle, Uid(0), 2, &mut events);
//! assert_eq!(battle.field.unit(Uid(0)).unwrap().cohesion.hits, 1);
//! assert_eq!(check(&battle.field, Uid(0), 2), Err(RallyRefusal::Busy), "once, as its only action");
//! ```

use gboh_core::game::Event;
use gboh_core::unit::Status;

use crate::event::SimpleEvent;
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::effects::{Effects, report};

/// Why a unit may not rally, as far as the engine's part of the rule goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RallyRefusal {
    /// It is not on the map.
    OffMap,
    /// It is routed (routed units recover, they do not rally).
    Routed,
    /// It has moved, fired or taken its sole action this activation.
    Busy,
    /// An enemy unit stands within one hex.
    EnemyNear,
    /// It has no hits to remove.
    NoHits,
}

impl RallyRefusal {
    /// Why, in words.
    #[must_use]
    pub const fn why(self) -> &'static str {
        match self {
            RallyRefusal::OffMap => "the unit is not on the map",
            RallyRefusal::Routed => "routed units do not rally; they recover",
            RallyRefusal::Busy => "rallying is instead of doing anything else",
            RallyRefusal::EnemyNear => "an enemy unit is within one hex",
            RallyRefusal::NoHits => "the unit has no hits to remove",
        }
    }
}

/// How many hits unit `uid` would remove by rallying now, at most `most`
/// (the game's limit for it).
///
/// # Errors
/// [`RallyRefusal`]: why it may not.
pub fn check<G: SimpleGame>(field: &Field<G>, uid: Uid, most: u8) -> Result<u8, RallyRefusal> {
    let setup = field.setup();
    let (Some(s), Some(side)) = (field.unit(uid), setup.unit_side(uid)) else {
        return Err(RallyRefusal::OffMap);
    };
    let Some(at) = s.at else {
        return Err(RallyRefusal::OffMap);
    };
    if s.cohesion.status == Status::Routed {
        return Err(RallyRefusal::Routed);
    }
    if s.flags.has(UnitFlags::MOVED) || s.fires > 0 || s.flags.has(UnitFlags::SOLE_ACTION) {
        return Err(RallyRefusal::Busy);
    }
    let near = field.units().iter().enumerate().any(|(i, u)| {
        let other = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        setup.unit_side(other).is_some_and(|o| o != side)
            && u.at.is_some_and(|h| h == at || setup.board().adjacent(h, at))
    });
    if near {
        return Err(RallyRefusal::EnemyNear);
    }
    match s.cohesion.hits.min(most) {
        0 => Err(RallyRefusal::NoHits),
        n => Ok(n),
    }
}

/// Unit `uid` rallies, removing `n` hits (a checked number) as its sole
/// action, reported as [`SimpleEvent::HitsRemoved`] under [`Rule::Rally`].
pub fn rally<E: Effects + ?Sized>(e: &mut E, uid: Uid, n: u8, events: &mut Vec<Event<E::Event>>) {
    let Some(s) = e.field_mut().unit_mut(uid) else { return };
    let removed = s.cohesion.remove_hits(n);
    s.flags.set(UnitFlags::SOLE_ACTION, true);
    let section = <E::Game as SimpleGame>::section(Rule::Rally);
    report::<E>(events, section, SimpleEvent::HitsRemoved { unit: uid, removed }, &[]);
}
