//! 6.45 Gardens of Death: hits on entering, from any direction, through the
//! unit's cohesion (10.13, 10.14, 10.44); 6.48 Fill negates them.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{FillTarget, MoveEvent};
use gboh_core::facing::Facing;
use gboh_core::unit::{HitOutcome, Status};
use movement_support::*;

#[test]
fn rule_6_45_an_outer_god_costs_2_hits_on_entering() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5212", Facing::Four);
    let god = p.hex("W5213");
    let mut game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    let preview = check(&game, &mv(bi, god, Facing::Four)).unwrap();
    assert_eq!(preview.hits.len(), 1);
    assert_eq!((preview.hits[0].hits, preview.hits[0].rule), (2, "6.45"));
    let events = perform(&mut game, mv(bi, god, Facing::Four)).unwrap();
    let ev = move_events(&events);
    assert!(ev.iter().any(|(rule, e)| *rule == "6.45"
        && matches!(
            e,
            MoveEvent::Hits { hits: 2, outcome: HitOutcome::Absorbed, removed: false, .. }
        )));
    assert_eq!(game.field.unit(bi).unwrap().cohesion.hits, 2);
    assert_eq!(game.field.unit(bi).unwrap().at, Some(god));
}

#[test]
fn rule_6_45_a_routing_gallic_bi_goes_to_the_camp_10_44() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5212", Facing::Four);
    p.field.unit_mut(bi).unwrap().cohesion.hits = 5; // TQ 6
    let (god, rampart) = (p.hex("W5213"), p.hex("W5214"));
    let mut game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    // The path stops where the hits rout it: nothing beyond the Garden.
    assert!(mp_to(&game, bi, rampart).is_none());
    let events = perform(&mut game, mv(bi, god, Facing::Four)).unwrap();
    let state = game.field.unit(bi).unwrap();
    assert_eq!(state.cohesion.status, Status::Routed);
    assert_eq!(state.at, None, "10.44: to the Gallic Camp");
    assert!(game.field.stack(god).is_empty());
    assert!(move_events(&events).iter().any(|(_, e)| matches!(
        e,
        MoveEvent::Hits { outcome: HitOutcome::Routed, removed: true, .. }
    )));
}

#[test]
fn rule_6_47_a_carrier_eliminated_in_a_garden_leaves_its_fill() {
    let mut p = Pos::west();
    let bi = p.unit("Alesia-1", "W4624", Facing::Twelve); // TQ 5, no rout
    p.field.unit_mut(bi).unwrap().cohesion.hits = 2;
    p.flag(bi, UnitFlags::CARRYING_FILL);
    let god = p.hex("W4724");
    let mut game = p.activate(Command::AlesiaForce);
    let events = perform(&mut game, mv(bi, god, Facing::Twelve)).unwrap();
    assert_eq!(game.field.unit(bi).unwrap().cohesion.status, Status::Eliminated);
    assert_eq!(game.field.unit(bi).unwrap().at, None);
    assert_eq!(game.field.markers(god).fill, 1);
    assert!(move_events(&events).iter().any(|(rule, e)| *rule == "6.47"
        && matches!(e, MoveEvent::FillPlaced { target: FillTarget::Hex, value: 1, .. })));
}

#[test]
fn rule_6_48_a_filled_garden_is_no_longer_a_garden() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5212", Facing::Four);
    let god = p.hex("W5213");
    p.field.markers_mut(god).unwrap().fill = 2; // outer: 2 negates
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    let preview = check(&game, &mv(bi, god, Facing::Four)).unwrap();
    assert!(preview.hits.is_empty());
    assert_eq!(preview.mp, 1, "as the clear hex beneath");
}

#[test]
fn rule_6_45_from_any_direction_even_down_from_the_rampart() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W5214", Facing::Ten);
    let god = p.hex("W5213");
    let mut game = p.activate(legion_of(&setup(), "X-1"));
    let preview = check(&game, &mv(co, god, Facing::Ten)).unwrap();
    // 6.42: +3 to leave the rampart outside; the Garden's 2 MP and 2 hits.
    assert_eq!(preview.mp, 2 + 3);
    assert_eq!(preview.hits.iter().map(|h| h.hits).sum::<u8>(), 2);
    perform(&mut game, mv(co, god, Facing::Ten)).unwrap();
    assert_eq!(game.field.unit(co).unwrap().cohesion.hits, 2);
    let _ = Command::AlesiaForce;
}
