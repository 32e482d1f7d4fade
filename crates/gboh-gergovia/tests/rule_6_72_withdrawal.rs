//! 6.72 on the real Gergovia map: "Units of both sides may not cross a
//! fortified hexside (even one of their own side) to retreat or rout": an
//! orderly withdrawal (SPQR 6.5) stops at the wall of the small camp as a
//! rout does (the engine asks the game's `rout_may_cross` of each hex).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::{Action, Battle, Pending, StandardGame};
use support::hex;

/// A Gallic unit (BI) the leader may order.
fn gallic_bi(b: &Battle<Gergovia>, leader: usize) -> Option<usize> {
    let f = b.field();
    (0..f.units.len()).find(|&u| {
        f.units[u].in_play()
            && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::BI
            && b.game().may_command(f, leader, u)
    })
}

/// The first Gallic Orders Phase of the bots' game (seed 52) whose leader
/// is free to order a BI.
fn gallic_phase() -> (Battle<Gergovia>, usize, usize) {
    let b = support::play_until(52, |b, p| {
        matches!(p, Pending::Orders { side: Side::Adversary, leader }
            if b.game().must_pass(b.field(), *leader).is_none() && gallic_bi(b, *leader).is_some())
    });
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let bi = gallic_bi(&b, leader).unwrap();
    (b, leader, bi)
}

/// The Numidian LI at `at` facing north (toward `ahead`), the Arverni BI two
/// hexes beyond at `from`, its leader with it; the BI steps to `to`
/// (two hexes from the LI): the Withdraw actions the LI is offered.
fn withdrawals(at: &str, ahead: &str, from: &str, to: &str) -> Vec<Action> {
    let (b, leader, bi) = gallic_phase();
    let f = b.field();
    let li = support::unit(f, "Numidian LI-1");
    let mut s = support::save(&b);
    support::put(&mut s, li, at, support::facing_toward(at, ahead));
    support::put(&mut s, bi, from, support::facing_toward(from, to));
    s.leaders[leader].hex = hex(from);
    let b = support::load(&s);
    assert_eq!(gboh_standard::state::Field::distance(hex(to), hex(at)), 2);
    let mut g = Game::new(b, Dice::seeded(1));
    let dir = Direction::between(hex(from), hex(to)).unwrap();
    g.apply(Action::Step { unit: bi, dir }).unwrap();
    g.legal_actions()
        .into_iter()
        .filter(|a| matches!(a, Action::Withdraw { unit, .. } if *unit == li))
        .collect()
}

#[test]
fn rule_6_72_no_orderly_withdrawal_over_a_camp_wall() {
    // In the open, north of the small camp: the LI (MA 6) withdraws one
    // hex from the BI (MA 5), into 2414 or 2415.
    let open = withdrawals("2514", "2614", "2814", "2714");
    assert!(!open.is_empty(), "SPQR 6.5: the faster unit may withdraw in the open");
    // Against the camp's north wall (2313/2414, 2314/2414): its rear hexes
    // are inside the camp, over the wall: no withdrawal, even into its own
    // side's camp.
    let board = gboh_gergovia::map::board().unwrap();
    for inside in ["2313", "2314"] {
        let d = Direction::between(hex("2414"), hex(inside)).unwrap();
        assert!(gboh_gergovia::movement::fortified(board, hex("2414"), d), "{inside}");
    }
    let walled = withdrawals("2414", "2514", "2714", "2614");
    assert!(walled.is_empty(), "6.72: {walled:?}");
}

/// A Roman leader alone at 2414, outside the small camp's north wall
/// (2414/2313 and 2414/2314 are wall hexsides), and the Arverni BI stepping
/// from 2614 to 2514, next to him (SPQR 4.72): the battle after the step.
fn leader_at_the_camp_wall() -> (Battle<Gergovia>, usize) {
    let (b, leader, bi) = gallic_phase();
    let f = b.field();
    let roman = (0..f.leaders.len())
        .find(|&l| f.leader_def(l).unwrap().side == Side::Roman && f.leaders[l].hex != hex("2414"))
        .unwrap();
    let mut s = support::save(&b);
    support::put(&mut s, bi, "2614", support::facing_toward("2614", "2514"));
    // Within 3 hexes of 2414, no other unit in good order but Romans
    // inside the camp (their ZOC stops at its wall, 6.73).
    assert!((0..s.units.len()).all(|u| {
        let st = &s.units[u];
        !st.in_play()
            || u == bi
            || gboh_standard::state::Field::distance(st.hex, hex("2414")) > 3
            || (f.side(u) == Some(Side::Roman)
                && gboh_gergovia::map::in_roman_camp(f.board(), st.hex))
    }));
    s.leaders[leader].hex = hex("2614");
    s.leaders[roman].hex = hex("2414");
    let b = support::load(&s);
    let mut g = Game::new(b, Dice::seeded(1));
    g.apply(Action::Step { unit: bi, dir: Direction::between(hex("2614"), hex("2514")).unwrap() })
        .unwrap();
    (g.state().clone(), roman)
}

#[test]
fn rule_6_72_a_leader_does_not_withdraw_over_a_camp_wall() {
    let board = gboh_gergovia::map::board().unwrap();
    for inside in ["2313", "2314"] {
        let d = Direction::between(hex("2414"), hex(inside)).unwrap();
        assert!(gboh_gergovia::movement::fortified(board, hex("2414"), d), "{inside}");
        assert!(gboh_gergovia::map::in_roman_camp(board, hex(inside)));
    }
    let (b, roman) = leader_at_the_camp_wall();
    assert!(
        matches!(b.pending(), Pending::Reaction { unit, leader: true, .. } if unit == roman),
        "SPQR 4.72: {:?}",
        b.pending()
    );
    let mut legal = Vec::new();
    b.legal_actions(&mut legal);
    let withdrawals: Vec<u8> = legal
        .iter()
        .filter_map(|a| match a {
            Action::LeaderWithdraw { leader, hexes } if *leader == roman => Some(*hexes),
            _ => None,
        })
        .collect();
    // Along the wall, then away from it: three hexes, none in the camp.
    assert_eq!(withdrawals, vec![1, 2, 3]);
    for hexes in withdrawals {
        let mut g = Game::new(b.clone(), Dice::seeded(1));
        g.apply(Action::LeaderWithdraw { leader: roman, hexes }).unwrap();
        let at = g.state().field().leaders[roman].hex;
        assert!(!gboh_gergovia::map::in_roman_camp(board, at), "6.72: {hexes} hexes to {at:?}");
        if hexes == 1 {
            // 2413, the one hex away from 2514 not over the wall.
            assert_eq!(at, hex("2413"));
        }
    }
}
