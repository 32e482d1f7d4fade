//! 5.48-5.49 and 6.2: units atop their Tribal Counter, the counter's hex,
//! and the twelve-hex tether.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::movement::{MoveError, MoveEvent, tether};
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;
use movement_support::*;

/// The neighbours of `hex` on the board at `d` hexes from `center`.
fn ring_neighbours(p: &Pos, hex: Hex, center: Hex, d: u32) -> Vec<Hex> {
    Direction::ALL
        .into_iter()
        .filter_map(|dir| p.field.setup().board.neighbor(hex, dir))
        .filter(|n| n.unsigned_distance_to(center) == d)
        .collect()
}

#[test]
fn rule_6_21_units_atop_their_counter_start_in_its_hex_with_any_facing() {
    let mut p = Pos::on(setup_on(test_board(20, 20)));
    let bi = p.uid("Aedui-1");
    p.counter_of("Aedui-1", "T1010");
    p.flag(bi, UnitFlags::ON_COUNTER);
    let counter_hex = p.hex("T1010");
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    let reach = |h| facings_at(&game, bi, h);
    // Every neighbour, in every facing its front allows, for 1 MP.
    for d in Direction::ALL {
        let n = game.setup().board.neighbor(counter_hex, d).unwrap();
        assert_eq!(mp_to(&game, bi, n), Some(1), "{d:?}");
    }
    // 6.22: never back into (or staying in) the counter's hex.
    assert!(reach(counter_hex).is_empty());
    assert_eq!(
        check(&game, &mv(bi, counter_hex, Facing::Twelve)).unwrap_err(),
        MoveError::TribalCounter(counter_hex)
    );
    let mut game = game;
    let n = game.setup().board.neighbor(counter_hex, Direction::NE).unwrap();
    let events = perform(&mut game, mv(bi, n, Facing::Twelve)).unwrap();
    assert!(
        move_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, MoveEvent::Moved { from: Some(f), .. } if *f == counter_hex))
    );
    assert_eq!(game.field.unit(bi).unwrap().at, Some(n));
    assert!(!flags(&game, bi).has(UnitFlags::ON_COUNTER));
}

#[test]
fn rule_6_22_no_unit_enters_a_tribal_counter_hex_until_it_is_flipped() {
    let mut p = Pos::on(setup_on(test_board(12, 12)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let l = p.label(ne);
    let c = p.counter_of("Aedui-1", &l);
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(
        check(&game, &mv(co, ne, Facing::Twelve)).unwrap_err(),
        MoveError::TribalCounter(ne)
    );
    let mut game = game;
    game.field.counter_mut(c).unwrap().flipped = true; // 5.47
    assert_eq!(check(&game, &mv(co, ne, Facing::Twelve)).unwrap().mp, 1);
}

#[test]
fn rule_5_49_no_voluntary_move_beyond_12_hexes_of_the_counter() {
    let mut p = Pos::on(setup_on(test_board(30, 30)));
    let center = p.hex("T0515");
    p.counter_of("Aedui-1", "T0515");
    // A hex 12 hexes away, straight north-east.
    let mut at = center;
    for _ in 0..12 {
        at = p.field.setup().board.neighbor(at, Direction::NE).unwrap();
    }
    let label = p.label(at);
    let bi = p.unit("Aedui-1", &label, Facing::Twelve);
    let lancer_hex = p.label(p.field.setup().board.neighbor(center, Direction::SE).unwrap());
    let out = ring_neighbours(&p, at, center, 13);
    let along = ring_neighbours(&p, at, center, 12);
    assert!(!out.is_empty() && !along.is_empty());
    let _ = lancer_hex;
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(tether::tether(&game.field, bi), Some(center));
    for h in &out {
        assert!(mp_to(&game, bi, *h).is_none(), "13 hexes away");
    }
    for h in &along {
        assert!(mp_to(&game, bi, *h).is_some(), "12 hexes away");
    }
}

#[test]
fn rule_5_49_cavalry_counter_and_alesia_force_units_are_free() {
    let s = setup();
    let field = gboh_alesia::game::Battlefield::new(s.clone());
    assert_eq!(tether::tether(&field, s.uid("GallicCavalry-1").unwrap()), None);
    assert_eq!(tether::tether(&field, s.uid("Alesia-1").unwrap()), None);
    assert_eq!(tether::tether(&field, s.uid("X-1").unwrap()), None);
}

#[test]
fn rule_5_49_the_hill_w5815_w5819_frees_a_unit_for_good() {
    let mut p = Pos::west();
    p.counter_of("Aedui-1", "W6410");
    let bi = p.unit("Aedui-1", "W5915", Facing::Six);
    let hill = p.hex("W5815");
    assert!(setup().board.in_area(gboh_alesia::map::areas::THE_HILL, hill));
    let mut game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert!(tether::frees(&game.field, hill));
    let events = perform(&mut game, mv(bi, hill, Facing::Six)).unwrap();
    assert!(
        move_events(&events)
            .iter()
            .any(|(r, e)| *r == "5.49" && matches!(e, MoveEvent::Untethered { .. }))
    );
    assert!(flags(&game, bi).has(UnitFlags::UNTETHERED));
    assert_eq!(tether::tether(&game.field, bi), None);
    let _ = Command::AlesiaForce;
}
