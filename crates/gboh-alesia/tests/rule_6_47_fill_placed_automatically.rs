//! 6.47: "A Fill counter is automatically placed in a GoD hex, if the unit is
//! involved in Shock, or if the unit is eliminated" — by any cause, not only
//! by the Garden's own hits while moving. On the West map, before the rampart
//! W3911 (9.21's example position).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::CombatAction;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::MoveEvent;
use gboh_alesia::protocol::{Action, AlesiaEvent};
use gboh_core::facing::Facing;

fn fill_events(events: &[gboh_core::game::Event<AlesiaEvent>]) -> Vec<(&'static str, u8)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            AlesiaEvent::Move(MoveEvent::FillPlaced { value, .. }) => Some((e.rule, *value)),
            _ => None,
        })
        .collect()
}

#[test]
fn rule_6_47_a_carrier_in_a_garden_involved_in_shock_leaves_its_fill_there() {
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    p.with(bi, 2, UnitFlags::MOVED | UnitFlags::CARRYING_FILL);
    let w3910 = p.hex("W3910");
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 5, 5, 5]);
    assert_eq!(game.state().field.markers(w3910).fill, 0);
    let events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    // The one designation open is taken at once (9.11): the BI is involved.
    assert_eq!(fill_events(&events), [("6.47", 1)]);
    assert_eq!(game.state().field.markers(w3910).fill, 1);
    assert!(!game.state().field.unit(bi).unwrap().flags.has(UnitFlags::CARRYING_FILL));
}

#[test]
fn rule_6_47_a_carrier_eliminated_by_missile_fire_in_a_garden_leaves_its_fill() {
    // A Roman archer on the rampart W3911 fires at a BI in the Garden W3910
    // that has one hit short of its TQ: any hit eliminates it (12.1's routed
    // units are eliminated aside, a Relief BI routs first: give it its
    // Reduced side's worth).
    let mut p = Pos::west();
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    let w3910 = p.hex("W3910");
    let tq = p.field.setup().unit(bi).unwrap().profile.tq.0;
    p.with(bi, 0, UnitFlags::CARRYING_FILL);
    p.field.unit_mut(bi).unwrap().cohesion.status = gboh_core::unit::Status::Reduced;
    p.field.unit_mut(bi).unwrap().cohesion.hits = tq - 1;
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let mut game = p.activate(gboh_alesia::command::Command::Auxiliaries(labienus), &[0; 8]);
    let fire = Action::Combat(CombatAction::Fire { unit: archer, target: w3910, will_move: false });
    let events = game.apply(fire).unwrap();
    assert!(game.state().field.unit(bi).unwrap().at.is_none(), "eliminated");
    assert_eq!(fill_events(&events), [("6.47", 1)]);
    assert_eq!(game.state().field.markers(w3910).fill, 1);
}
