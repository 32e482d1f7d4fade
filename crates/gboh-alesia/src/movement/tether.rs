//! 6.2 Movement and Gallic Tribal Counters, and 5.49's twelve-hex tether.
//!
//! - 6.21: units placed atop their Tribal Counter (5.48, the
//!   [`UnitFlags::ON_COUNTER`] flag) start their movement in its hex, with
//!   any facing.
//! - 6.22: no combat unit may enter a hex holding a Tribal Counter (placed,
//!   not withdrawn), unless it is flipped to its "No Units" side (5.47).
//! - 5.49: relief-force units may not voluntarily move more than 12 hexes
//!   from their Tribal Counter until they move onto a rampart or inside the
//!   vallations, or onto the Hill (W5815-W5819, 5.49 play note); units of
//!   the Alesia Force and of the Cavalry Counters are exempt. Once free, a
//!   unit stays free ([`UnitFlags::UNTETHERED`]).

use crate::game::AlesiaField;
use hexx::Hex;

use super::cost;
use crate::game::{Battlefield, Membership, Uid, UnitFlags};

/// 5.49: the most hexes a tethered unit may be from its Tribal Counter.
pub const TETHER_HEXES: u32 = 12;

/// 5.49: the hex of the Tribal Counter `uid` must stay within
/// [`TETHER_HEXES`] of, or `None` if it is free (not a relief-force tribe's
/// unit, already freed, or its counter is off the map).
#[must_use]
pub fn tether(field: &Battlefield, uid: Uid) -> Option<Hex> {
    let info = field.setup().unit(uid)?;
    let Membership::Tribe { counter, .. } = info.membership else {
        return None;
    };
    if field.unit(uid)?.flags.has(UnitFlags::UNTETHERED) {
        return None;
    }
    field.counter(counter).filter(|c| !c.withdrawn)?.at
}

/// 5.49: whether entering `hex` frees a unit from its tether: a rampart, a
/// hex between the vallations, or the Hill.
#[must_use]
pub fn frees(field: &Battlefield, hex: Hex) -> bool {
    let setup = field.setup();
    setup.board.index(hex).is_some_and(|i| setup.frees_tether(i)) || cost::is_rampart(field, hex)
}

/// 5.49: whether a unit tethered at `counter` may voluntarily enter `hex`.
#[must_use]
pub fn may_enter(field: &Battlefield, counter: Hex, hex: Hex) -> bool {
    counter.unsigned_distance_to(hex) <= TETHER_HEXES || frees(field, hex)
}

/// 6.22: whether a Tribal Counter keeps combat units out of `hex`.
#[must_use]
pub fn counter_blocks(field: &Battlefield, hex: Hex) -> bool {
    field.counters().iter().any(|c| c.at == Some(hex) && !c.flipped && !c.withdrawn)
}

/// 6.21: whether `uid` waits atop its Tribal Counter, and the counter's hex.
#[must_use]
pub fn on_counter(field: &Battlefield, uid: Uid) -> Option<Hex> {
    let state = field.unit(uid)?;
    if state.at.is_some() || !state.flags.has(UnitFlags::ON_COUNTER) {
        return None;
    }
    field.position(uid)
}
