//! 6.46-6.48 Fill: carrying it (-1 MA), placing it (+1 MP, in a Garden
//! entered or across water), thresholds, and in an enemy ZOC (7.13).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{self, FillTarget, MoveAction, MoveError};
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

#[test]
fn rule_6_47_carrying_fill_costs_one_ma_and_placing_costs_1_mp() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5212", Facing::Four);
    p.flag(bi, UnitFlags::CARRYING_FILL);
    let god = p.hex("W5213");
    let mut game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(movement::allowance::mp_left(&game.field, bi), 4, "MA 5 - 1");
    perform(&mut game, mv(bi, god, Facing::Four)).unwrap(); // 2 MP, 2 hits
    let place = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hex };
    assert_eq!(check(&game, &place).unwrap().mp, 1);
    let events = perform(&mut game, place.clone()).unwrap();
    assert_eq!(events[0].rule, "6.47");
    assert_eq!(game.field.markers(god).fill, 1);
    assert!(!flags(&game, bi).has(UnitFlags::CARRYING_FILL));
    // The MA stays 4 this activation: 4 - 2 - 1 = 1 left.
    assert_eq!(movement::allowance::mp_left(&game.field, bi), 1);
    assert!(matches!(check(&game, &place), Err(MoveError::Fill { rule: "6.47", .. })));
}

#[test]
fn rule_7_13_fill_may_be_placed_in_an_enemy_zoc() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5212", Facing::Four);
    p.flag(bi, UnitFlags::CARRYING_FILL);
    p.unit("X-1", "W5214", Facing::Ten); // ZOC down into W5213
    let god = p.hex("W5213");
    let mut game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    let preview = check(&game, &mv(bi, god, Facing::Four)).unwrap();
    assert!(preview.ends_in_enemy_zoc);
    perform(&mut game, mv(bi, god, Facing::Four)).unwrap();
    assert!(flags(&game, bi).has(UnitFlags::DONE_MOVING));
    let place = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hex };
    perform(&mut game, place).unwrap();
    assert_eq!(game.field.markers(god).fill, 1);
}

#[test]
fn rule_6_48_fill_across_water_up_to_the_threshold_and_no_more() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3704", Facing::Ten);
    p.flag(bi, UnitFlags::CARRYING_FILL);
    let w3704 = p.hex("W3704");
    let ditch = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hexside(Direction::NW) };
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(check(&game, &ditch).unwrap().mp, 1);
    // Not across a plain hexside.
    let plain = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hexside(Direction::E) };
    assert!(matches!(check(&game, &plain), Err(MoveError::Fill { rule: "6.46", .. })));
    // 6.48: the water ditch needs 3; a fourth is more than needed.
    let mut game = game;
    game.field.set_hexside_fill(w3704, Direction::NW, 3);
    assert!(matches!(check(&game, &ditch), Err(MoveError::Fill { rule: "6.48", .. })));
    assert_eq!(movement::fill::hexside_threshold(&game.field, w3704, Direction::NW), 3);
}

#[test]
fn rule_6_47_only_a_gallic_bi_carrying_fill_may_place_it() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W5213", Facing::Four);
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    let place = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hex };
    assert!(matches!(check(&game, &place), Err(MoveError::Fill { rule: "6.47", .. })));
}
