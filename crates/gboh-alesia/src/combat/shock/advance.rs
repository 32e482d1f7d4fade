//! 9.3 Advance After Combat: the engine's ([`gboh_simple::rules::advance`]).
//!
//! Attackers must advance into every hex their attack's defenders vacated as
//! a result of shock, Pre-Shock Check retreats included (9.31), as stacking
//! allows, one at a time: first those that gave a positive DRM, then the
//! highest TQ, the player choosing between equals (9.33). Each may turn one
//! vertex on arriving (9.32), except in Continued Shock (10.3). Alesia's
//! part ([`AdvanceRules`]): not for attackers on a Rampart whose defenders
//! were not (Rampart Exception #1), not into a hex On Fire (8.43), the
//! Rampart's climb from outside open (6.42), 6.61's stacking, 6.44's
//! cavalry kept out of a Redoubt; and what entering does: a Garden of
//! Death's hits (6.45), an Aquila alone there captured (10.8), 6.68's
//! Disorder. Defenders never advance; nor is there an advance after missile
//! fire (9.34).

use gboh_core::game::Event;
use gboh_simple::rules::advance::AdvanceRules;
use hexx::Hex;

use crate::combat::effects::{aquila, hits};
use crate::combat::terrain::{is_rampart, may_stack, side_of};
use crate::game::{Battlefield, Uid};
use crate::movement::{MoveError, disorder, garden, step};
use crate::protocol::{Alesia, AlesiaEvent};

pub use gboh_simple::rules::advance::{advance, options, queue};

impl AdvanceRules for Alesia {
    /// Rampart Exception #1, 8.43, 6.42, 6.61, 6.44.
    fn may_advance(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
        let exception = is_rampart(field, from) && !is_rampart(field, to);
        !exception
            && !field.markers(to).on_fire
            && enterable(field, uid, from, to)
            && may_stack(field, uid, to)
    }

    /// 6.45, 10.8, 6.68.
    fn advanced(&mut self, uid: Uid, to: Hex, events: &mut Vec<Event<AlesiaEvent>>) {
        let entry_hits = garden::entry_hits(&self.field, to).garden;
        hits::take(self, uid, entry_hits, "6.45", events);
        if let Some(side) = side_of(&self.field, uid) {
            aquila::entered(self, to, side, events);
        }
        disorder::apply_forced_adjacency(&mut self.field, uid, to, events);
    }
}

/// Whether an attacker may enter the vacated hex as movement could, 6.68
/// aside: an advance after combat may break it (then Disorder follows).
///
/// The advance is a one-hex move out of the hex the attacker stands in, so it
/// is the first step of that move: a Gaul in a Garden of Death (or any outside
/// hex) next to the rampart may climb onto it, as 6.42 says ("by attacking a
/// Roman occupied hex on the Rampart, and forcing the Roman to leave the hex
/// and thereby advancing thereunto"). The step's MP is not paid (9.31 charges
/// none; the pursuit of 9.22 is the advance that pays).
/// Enemy leaders left alone in the hex (10.26) do not keep the attackers out:
/// they must retreat as 4.33 says once a unit comes in.
fn enterable(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
    let side = side_of(field, uid);
    let lone_enemies: Vec<crate::game::Lid> = field
        .leaders_in(to)
        .filter(|&l| field.setup().leader(l).is_some_and(|x| Some(x.side) != side))
        .collect();
    let ok = |f: &Battlefield| {
        matches!(
            step::unit_step(f, uid, from, to, true),
            Ok(_) | Err(MoveError::RampartAdjacency(_))
        )
    };
    if lone_enemies.is_empty() || field.side_in(to).is_some() {
        return ok(field);
    }
    let mut without = field.clone();
    for l in lone_enemies {
        let _ = without.move_leader(l, None);
    }
    ok(&without)
}
