//! SPQR 6.64 (4.4 #5): the OC moves every combat unit in his hex, and
//! himself, with one Individual Order; they move together and end in one
//! hex. On the reconstructed Stacks field (Legatus, the Roman OC, Initiative
//! 3) and the Skirmish field (Princeps, not an OC).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_standard::protocol::{Phase, Preview};
use gboh_standard::state::Field;
use gboh_standard::{Action, Battle, Pending, Spqr, StandardEvent};

const X_H: usize = 0;
const X_P: usize = 1;
const Y_1: usize = 2;
const X_2: usize = 3;
const BI_1: usize = 6;
const LEGATUS: usize = 0;

fn stacks() -> Game<Battle<Spqr>> {
    let mut g = Game::new(Battle::new(Spqr, "Stacks").unwrap().0, Dice::scripted(vec![0; 40]));
    while !matches!(g.pending(), Pending::Orders { side: Side::Roman, .. }) {
        g.apply(Action::Decline).unwrap();
    }
    g
}

fn decline_reactions(g: &mut Game<Battle<Spqr>>) {
    while let Pending::Reaction { unit, .. } = g.pending() {
        g.apply(Action::NoReaction { unit }).unwrap();
    }
}

fn orders_left(g: &Game<Battle<Spqr>>) -> u8 {
    match g.state().phase() {
        Phase::Orders(o) => o.orders_left,
        other => panic!("{other:?}"),
    }
}

/// The Legatus walks hex by hex (LeaderStep) to `target`.
fn walk_legatus(g: &mut Game<Battle<Spqr>>, target: hexx::Hex) {
    while g.state().field().leaders[LEGATUS].hex != target {
        let at = g.state().field().leaders[LEGATUS].hex;
        let dir = Direction::ALL
            .into_iter()
            .filter(|&d| g.check(&Action::LeaderStep { leader: LEGATUS, dir: d }).is_ok())
            .min_by_key(|&d| Field::distance(d.neighbor(at), target))
            .expect("a step toward the target");
        assert!(Field::distance(dir.neighbor(at), target) < Field::distance(at, target));
        g.apply(Action::LeaderStep { leader: LEGATUS, dir }).unwrap();
    }
}

#[test]
fn rule_6_64_the_oc_and_the_unit_in_his_hex_move_as_one_for_one_order() {
    let mut g = stacks();
    // Alone in his hex, the Legatus has no stack to order.
    let e = g.check(&Action::OrderStack).unwrap_err().to_string();
    assert!(e.starts_with("SPQR 6.64: no combat unit in Legatus's hex"), "{e}");
    assert!(!g.legal_actions().contains(&Action::OrderStack));
    let x2 = g.state().field().units[X_2].hex;
    walk_legatus(&mut g, x2);
    assert!(g.legal_actions().contains(&Action::OrderStack));
    // What a Step of X-2 would cost, before the order.
    let Ok(Preview::Cost(alone)) = g.check(&Action::Step { unit: X_2, dir: Direction::NW }) else {
        panic!("X-2 may step north-west");
    };
    // No stack order yet: nothing to step with.
    assert!(g.check(&Action::StackStep { dir: Direction::NW }).is_err());
    let before = orders_left(&g);
    let events = g.apply(Action::OrderStack).unwrap();
    assert_eq!(orders_left(&g), before - 1, "one Individual Order");
    assert!(events.iter().any(|e| e.rule == "SPQR 6.64"
        && e.what == StandardEvent::StackOrdered { leader: LEGATUS, units: vec![X_2] }));
    // Once a phase; the unit moves only with its stack, and the OC with it.
    assert!(g.check(&Action::OrderStack).unwrap_err().to_string().contains("6.64"));
    let e = g.check(&Action::Step { unit: X_2, dir: Direction::NW }).unwrap_err().to_string();
    assert!(e.starts_with("SPQR 6.64: X-2 moves with the OC's stack"), "{e}");
    let e = g
        .check(&Action::LeaderStep { leader: LEGATUS, dir: Direction::NW })
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("SPQR 6.64"), "{e}");
    // The stack's step costs the unit what its own Step would.
    let from = g.state().field().units[X_2].hex;
    assert_eq!(g.check(&Action::StackStep { dir: Direction::NW }).unwrap(), Preview::Cost(alone));
    // Not into a hex behind it (front hexes only, SPQR 6.1).
    assert!(g.check(&Action::StackStep { dir: Direction::SE }).is_err());
    let events = g.apply(Action::StackStep { dir: Direction::NW }).unwrap();
    decline_reactions(&mut g);
    let f = g.state().field();
    let to = Direction::NW.neighbor(from);
    assert_eq!((f.units[X_2].hex, f.leaders[LEGATUS].hex), (to, to), "they end in one hex");
    assert!(events.iter().any(|e| matches!(
        &e.what,
        StandardEvent::StackMoved { leader: LEGATUS, units, .. } if units == &vec![(X_2, alone.hits)]
    )));
    match g.state().phase() {
        Phase::Orders(o) => {
            let x = o.ordered.iter().find(|x| x.unit == X_2).unwrap();
            assert!(x.moved);
            assert_eq!(x.half_mp_left, 2 * 5 - alone.half_mp, "MA 5 less the step");
        }
        other => panic!("{other:?}"),
    }
    // They turn together too, the unit paying its turn.
    assert!(g.legal_actions().contains(&Action::StackFace { facing: Facing::Two }));
    g.apply(Action::StackFace { facing: Facing::Two }).unwrap();
    assert_eq!(g.state().field().units[X_2].facing, Facing::Two);
    assert_eq!(g.state().field().leaders[LEGATUS].hex, to);
}

#[test]
fn rule_6_64_the_oc_moves_a_stack_of_two_which_stops_as_one_in_an_enemy_zoc() {
    let mut g = stacks();
    // Turn 1: the principes stack under their hastati, and the Legatus joins them.
    g.apply(Action::Step { unit: X_P, dir: Direction::NE }).unwrap();
    decline_reactions(&mut g);
    let hex = g.state().field().units[X_H].hex;
    walk_legatus(&mut g, hex);
    // X-P has had its order this phase: no stack order for it now.
    let e = g.check(&Action::OrderStack).unwrap_err().to_string();
    assert!(e.contains("X-P already has an order"), "{e}");
    // On to the Legatus's next Orders Phase (turn 2).
    loop {
        match g.pending() {
            Pending::Orders { side: Side::Roman, .. } if g.state().field().turn == 2 => break,
            Pending::Orders { .. } => {
                g.apply(Action::EndOrders).unwrap();
            }
            Pending::ShockDesignation { .. } => {
                g.apply(Action::ResolveShocks).unwrap();
            }
            Pending::Reaction { unit, .. } => {
                g.apply(Action::NoReaction { unit }).unwrap();
            }
            Pending::Over(o) => panic!("{o:?}"),
            _ => {
                g.apply(Action::Decline).unwrap();
            }
        }
    }
    let f = g.state().field();
    assert_eq!(f.units_at(hex), vec![X_H, X_P]);
    assert!(f.is_bottom(X_P));
    assert_eq!(f.leaders[LEGATUS].hex, hex);
    // One order for both.
    let before = orders_left(&g);
    g.apply(Action::OrderStack).unwrap();
    assert_eq!(orders_left(&g), before - 1);
    // The bottom unit moves with the stack (alone it could not, SPQR 6.66).
    // North-west is S0505, in BI-1's ZOC: the stack stops there as one.
    let zoc = Direction::NW.neighbor(hex);
    assert!(g.state().field().in_enemy_zoc(zoc, Side::Roman));
    let events = g.apply(Action::StackStep { dir: Direction::NW }).unwrap();
    assert!(events.iter().any(|e| matches!(
        &e.what,
        StandardEvent::StackMoved { units, .. } if units == &vec![(X_H, 0), (X_P, 0)]
    )));
    decline_reactions(&mut g);
    let f = g.state().field();
    assert_eq!(
        (f.units[X_H].hex, f.units[X_P].hex, f.leaders[LEGATUS].hex),
        (zoc, zoc, zoc),
        "the OC and both units end in one hex"
    );
    assert!(f.is_bottom(X_P) && !f.is_bottom(X_H), "the stack keeps its order");
    let e = g.check(&Action::StackStep { dir: Direction::NE }).unwrap_err().to_string();
    assert!(e.starts_with("SPQR 7.2"), "{e}");
    // The legion shocks from the hex as a stack (SPQR 8.31: both moved).
    let _ = BI_1;
}

#[test]
fn rule_6_64_a_single_unit_stack_may_stop_on_a_friend_as_a_step_may() {
    // SPQR 6.6: X-2 may stop on Y-1 (another legion's cohort: 1 hit); moved
    // with the OC it does the same, goes to the bottom, and he is there too.
    let mut g = stacks();
    let x2 = g.state().field().units[X_2].hex;
    walk_legatus(&mut g, x2);
    g.apply(Action::OrderStack).unwrap();
    let ne = Direction::NE.neighbor(g.state().field().units[X_2].hex);
    assert_eq!(g.state().field().units_at(ne), vec![Y_1]);
    match g.check(&Action::StackStep { dir: Direction::NE }) {
        Ok(Preview::Cost(c)) => assert_eq!((c.half_mp, c.hits), (2, 1)),
        other => panic!("{other:?}"),
    }
    g.apply(Action::StackStep { dir: Direction::NE }).unwrap();
    decline_reactions(&mut g);
    let f = g.state().field();
    assert_eq!(f.units_at(ne), vec![Y_1, X_2]);
    assert!(f.is_bottom(X_2) && !f.is_bottom(Y_1));
    assert_eq!((f.units[X_2].hits, f.leaders[LEGATUS].hex), (1, ne));
}

#[test]
fn rule_6_64_only_the_oc_moves_his_stack_with_one_order() {
    // Skirmish: Princeps (not an OC) gives the first orders.
    let mut g = Game::new(Battle::new(Spqr, "Skirmish").unwrap().0, Dice::scripted(vec![]));
    g.apply(Action::Decline).unwrap();
    assert!(matches!(g.pending(), Pending::Orders { side: Side::Adversary, .. }));
    let e = g.check(&Action::OrderStack).unwrap_err().to_string();
    assert_eq!(e, "SPQR 6.64: Princeps is not the OC: only the OC moves his stack with one order");
}
