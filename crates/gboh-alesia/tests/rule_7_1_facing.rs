//! 7.1 Facing: front hexes only (6.32, 7.11), pivot costs (7.12), redoubts
//! face all round (6.44).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::movement::cost::Mover;
use gboh_alesia::movement::facing::pivot_cost;
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

#[test]
fn rule_7_11_a_unit_enters_only_its_front_hexes_without_pivoting() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let game = p.activate(legion_of(&setup(), "X-1"));
    for d in Direction::ALL {
        let n = game.field.setup().board.neighbor(p_hex(&game, "T0505"), d).unwrap();
        let mp = check(&game, &mv(co, n, Facing::Twelve)).map(|v| v.mp);
        let front = Facing::Twelve.front().contains(&d);
        // A front hex: 1 MP. Any other: not in one step with this facing.
        if front {
            assert_eq!(mp.ok(), Some(1), "{d:?}");
        } else {
            assert!(mp.is_err() || mp.clone().unwrap() > 1, "{d:?} keeping Twelve: {mp:?}");
        }
        if !front {
            // Pivot (1 MP, any number of vertices) then step (1 MP).
            let toward = Facing::toward(d)[0];
            assert_eq!(check(&game, &mv(co, n, toward)).unwrap().mp, 2, "{d:?}");
        }
    }
}

fn p_hex(game: &gboh_alesia::protocol::Alesia, l: &str) -> hexx::Hex {
    game.setup().board.hex_of(l).unwrap()
}

#[test]
fn rule_7_12_pivot_costs_by_unit_kind() {
    let s = setup();
    let field = gboh_alesia::game::Battlefield::new(s.clone());
    let m = |id: &str| Mover::unit(&field, s.uid(id).unwrap()).unwrap();
    let (co, bi, aux, lc, sc) =
        (m("X-1"), m("Aedui-1"), m("Numidian-1"), m("Iberian-1"), m("X-Scorpio"));
    // "All units pay a cost of one movement point ... regardless of the
    // number of vertices shifted."
    assert_eq!(pivot_cost(&co, Facing::Twelve, Facing::Six, false), 1);
    assert_eq!(pivot_cost(&sc, Facing::Twelve, Facing::Two, false), 1);
    // "Auxiliaries and all Gallic foot units ... [pay no] MP".
    assert_eq!(pivot_cost(&bi, Facing::Twelve, Facing::Six, false), 0);
    assert_eq!(pivot_cost(&aux, Facing::Twelve, Facing::Six, false), 0);
    // "Cavalry, which pay a cost of one movement point for each vertex".
    assert_eq!(pivot_cost(&lc, Facing::Twelve, Facing::Two, false), 1);
    assert_eq!(pivot_cost(&lc, Facing::Twelve, Facing::Six, false), 3);
    // Along a rampart walkway, free.
    assert_eq!(pivot_cost(&co, Facing::Twelve, Facing::Six, true), 0);
}

#[test]
fn rule_7_12_cavalry_pay_per_vertex_in_the_generator() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let lc = p.unit("Iberian-1", "T0505", Facing::Twelve);
    let t = p.hex("T0505");
    let lid = p.lid("Prefect-1");
    let game = p.activate(Command::RomanCavalry(lid));
    assert_eq!(check(&game, &mv(lc, t, Facing::Two)).unwrap().mp, 1);
    assert_eq!(check(&game, &mv(lc, t, Facing::Four)).unwrap().mp, 2);
    assert_eq!(check(&game, &mv(lc, t, Facing::Six)).unwrap().mp, 3);
}

#[test]
fn rule_7_12_gallic_foot_turn_for_free() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let bi = p.unit("Aedui-1", "T0505", Facing::Twelve);
    let t = p.hex("T0505");
    let s = p.nb("T0505", Direction::SE);
    let game = p.activate(tribe_of(&setup(), "Aedui-1", "Eporedorix"));
    assert_eq!(check(&game, &mv(bi, t, Facing::Six)).unwrap().mp, 0);
    assert_eq!(check(&game, &mv(bi, s, Facing::Six)).unwrap().mp, 1);
}

#[test]
fn rule_6_44_a_unit_in_a_redoubt_leaves_in_any_direction() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W2919", Facing::Twelve);
    let gate_side = p.hex("W2920"); // E, through the redoubt gate
    let game = p.activate(legion_of(&setup(), "X-1"));
    // Twelve fronts NW and NE; E is a flank, but a redoubt has no flank.
    // Clear 1 + gate 1.
    assert_eq!(check(&game, &mv(co, gate_side, Facing::Twelve)).unwrap().mp, 2);
}
