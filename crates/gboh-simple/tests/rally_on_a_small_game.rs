//! Rally on the tiny game: what the engine refuses (an enemy within one hex,
//! a routed unit, a unit that has acted, no hits) and what a rally does (hits
//! removed up to the game's limit, once, cited by the game's section).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::facing::Facing;
use gboh_simple::doc_game::TinyBattle;
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::effects::take_hits;
use gboh_simple::rules::rally::{RallyRefusal, check, rally};
use gboh_simple::{SimpleEvent, Uid};

/// The cohort (Uid 0) at `cohort` with 3 hits, the warband (Uid 1) at `warband`.
fn battle(cohort: &str, warband: &str) -> TinyBattle {
    let mut b = TinyBattle::new();
    for (uid, label) in [(Uid(0), cohort), (Uid(1), warband)] {
        let hex = b.field.setup().board.hex_of(label).unwrap();
        b.field.move_unit(uid, hex, Facing::Twelve).unwrap();
    }
    take_hits(&mut b, Uid(0), 3, "8.14", &mut Vec::new());
    b
}

#[test]
fn rule_rally_not_with_an_enemy_within_one_hex_but_at_two() {
    assert_eq!(check(&battle("T0303", "T0304").field, Uid(0), 2), Err(RallyRefusal::EnemyNear));
    assert_eq!(check(&battle("T0303", "T0305").field, Uid(0), 2), Ok(2));
    // The game's limit caps it.
    assert_eq!(check(&battle("T0303", "T0305").field, Uid(0), 1), Ok(1));
}

#[test]
fn rule_rally_removes_hits_once_as_the_units_only_action() {
    let mut b = battle("T0101", "T0404");
    let mut events = Vec::new();
    rally(&mut b, Uid(0), 2, &mut events);
    assert_eq!(b.field.unit(Uid(0)).unwrap().cohesion.hits, 1);
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "10.5");
    assert!(matches!(events[0].what, SimpleEvent::HitsRemoved { unit: Uid(0), removed: 2 }));
    assert_eq!(check(&b.field, Uid(0), 2), Err(RallyRefusal::Busy));
    let mut moved = battle("T0101", "T0404");
    moved.field.unit_mut(Uid(0)).unwrap().flags.set(UnitFlags::MOVED, true);
    assert_eq!(check(&moved.field, Uid(0), 2), Err(RallyRefusal::Busy), "it moved");
}

#[test]
fn rule_rally_not_routed_not_without_hits_not_off_the_map() {
    let mut routed = battle("T0101", "T0404");
    take_hits(&mut routed, Uid(0), 4, "8.14", &mut Vec::new());
    assert_eq!(check(&routed.field, Uid(0), 2), Err(RallyRefusal::Routed));
    assert_eq!(check(&battle("T0101", "T0404").field, Uid(1), 2), Err(RallyRefusal::NoHits));
    assert_eq!(check(&TinyBattle::new().field, Uid(0), 2), Err(RallyRefusal::OffMap));
}
