//! 6.74 / 8.74 (4L, 3L, 2L across fortified hexsides) and 10.5 (no cavalry
//! pursuit) on the real Gergovia map.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::fortifications;
use gboh_gergovia::map;
use gboh_gergovia::melee::fortification_shift;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// Attacker `a` on `at`, defender `d` on `on`, nobody else within two hexes.
fn face_off(f: &mut Field, a: &str, at: &str, d: &str, on: &str) -> (usize, usize) {
    let (ua, ud) = (support::unit(f, a), support::unit(f, d));
    for (o, s) in f.units.iter_mut().enumerate() {
        if o != ua
            && o != ud
            && (Field::distance(s.hex, hex(at)) <= 2 || Field::distance(s.hex, hex(on)) <= 2)
        {
            s.status = UnitStatus::Eliminated;
        }
    }
    f.units[ua].hex = hex(at);
    f.units[ud].hex = hex(on);
    (ua, ud)
}

fn columns(f: &Field, a: usize, d: &[usize]) -> Option<i32> {
    fortification_shift(fortifications::fortifications().unwrap(), f, a, d).map(|s| s.columns)
}

#[test]
fn rule_6_74_four_left_over_the_town_wall_three_through_its_gate() {
    let mut f = field();
    // 3301/3401: the town wall; 3401 is in Gergovia.
    let (a, d) = face_off(&mut f, "X-1", "3301", "Carnutes-1", "3401");
    assert_eq!(columns(&f, a, &[d]), Some(-4));
    // 3307/3407: a gate of the town.
    let (a, d) = face_off(&mut f, "X-1", "3307", "Carnutes-1", "3407");
    assert_eq!(columns(&f, a, &[d]), Some(-3));
    // The Gaul inside attacking out over his wall: no shift (the defender is
    // not in Gergovia).
    let (a, d) = face_off(&mut f, "Carnutes-1", "3401", "X-1", "3301");
    assert_eq!(columns(&f, a, &[d]), None);
    // Open ground: none.
    let (a, d) = face_off(&mut f, "X-1", "2714", "Carnutes-1", "2814");
    assert_eq!(columns(&f, a, &[d]), None);
}

#[test]
fn rule_6_74_two_left_into_a_roman_camp_over_a_wall_or_gate_and_only_if_all_defenders_are_inside() {
    let board = map::board().unwrap();
    let inside = |h: &str| map::in_roman_camp(board, hex(h));
    let (out_w, in_w) = if inside("2113") { ("2013", "2113") } else { ("2113", "2013") };
    let (out_g, in_g) = if inside("2115") { ("2015", "2115") } else { ("2115", "2015") };
    let mut f = field();
    let (a, d) = face_off(&mut f, "Bituriges-1", out_w, "XIII-1", in_w);
    assert_eq!(columns(&f, a, &[d]), Some(-2));
    let (a, d) = face_off(&mut f, "Bituriges-1", out_g, "XIII-1", in_g);
    assert_eq!(columns(&f, a, &[d]), Some(-2));
    // A second defender outside the camp: not "all defenders in the camp".
    let other = support::unit(&f, "XIII-2");
    let beside = Direction::ALL
        .map(|dir| dir.neighbor(hex(out_w)))
        .into_iter()
        .find(|&h| !map::in_roman_camp(board, h) && board.contains(h) && h != hex(out_g))
        .unwrap();
    let (a, d) = face_off(&mut f, "Bituriges-1", out_w, "XIII-1", in_w);
    f.units[other].hex = beside;
    f.units[other].status = UnitStatus::InPlay;
    assert_eq!(columns(&f, a, &[d, other]), None);
}

#[test]
fn rule_10_5_cavalry_pursuit_does_not_apply() {
    let f = field();
    let g = Gergovia::default();
    for id in ["Gallic LN-1", "Arverni cavalry-1"] {
        assert!(!g.cavalry_pursuit(&f, support::unit(&f, id)), "{id}");
    }
    assert!(gboh_standard::Spqr.cavalry_pursuit(&f, 0), "the standard rule pursues");
}

/// The engine asks for the shift: a cohort ordered against a Gaul in the
/// town across the wall fights on a column 4 to the left, and the Shock
/// event says why.
#[test]
fn rule_6_74_the_engine_shifts_a_real_shock_over_the_town_wall() {
    let commands_a_cohort = |b: &gboh_standard::Battle<Gergovia>, leader: usize| {
        let f = b.field();
        (0..f.units.len()).any(|u| {
            f.units[u].in_play()
                && b.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Roman, leader } if commands_a_cohort(b, *leader)),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let u = (0..f.units.len())
        .find(|&u| {
            f.units[u].in_play()
                && b.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
        .expect("the active leader commands a cohort");
    let gaul = support::unit(f, "Carnutes-1");
    let mut s = support::save(&b);
    // Two hexes out from the wall, facing it; the Gaul inside, facing out.
    support::put(&mut s, u, "3201", support::facing_toward("3201", "3301"));
    s.leaders[leader].hex = hex("3201");
    s.units[gaul].hex = hex("3401");
    s.units[gaul].status = UnitStatus::InPlay;
    s.units[gaul].facing = support::facing_toward("3401", "3301");
    let b = support::load(&s);
    let mut g = Game::new(b, Dice::seeded(3));
    let dir = Direction::between(hex("3201"), hex("3301")).unwrap();
    let mut events = g.apply(Action::Step { unit: u, dir }).unwrap();
    let mut shock = None;
    for _ in 0..50 {
        if let Some(e) = events.iter().find_map(|e| match &e.what {
            StandardEvent::Shock { attacker, shifts, .. } if *attacker == u => Some(shifts.clone()),
            _ => None,
        }) {
            shock = Some(e);
            break;
        }
        let legal = g.legal_actions();
        let next = legal
            .iter()
            .find(|a| matches!(a, Action::DesignateShock { unit } if *unit == u))
            .or_else(|| {
                legal.iter().find(|a| matches!(a, Action::EndOrders | Action::ResolveShocks))
            })
            .or_else(|| legal.iter().find(|a| matches!(a, Action::NoReaction { .. })))
            .copied()
            .unwrap_or_else(|| panic!("no way on from {:?}: {legal:?}", g.pending()));
        events = g.apply(next).unwrap();
    }
    let shifts = shock.expect("the cohort shocked the Gaul");
    // 6.73: the melee across the wall is marked; the two exert a ZOC on
    // each other across it from now on.
    assert!(g.state().field().melees.contains(&(u, gaul)), "6.73: the melee is marked");
    assert!(
        shifts
            .iter()
            .any(|s| s.columns == -4 && s.what.contains("6.74") && s.what.contains("wall")),
        "{shifts:?}"
    );
}

#[test]
fn rule_8_4_no_advance_out_over_the_wall_one_attacked_from_but_in_from_outside() {
    use gboh_gergovia::melee::may_advance;
    let board = map::board().unwrap();
    let d = |a: &str, b: &str| Direction::between(hex(a), hex(b)).unwrap();
    let f = field();
    let (gaul, roman) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "X-1"));
    // The town wall 3301/3401: a Gaul inside does not advance out over it
    // (nor would 6.72 [d] let him); a Roman outside advances in.
    assert!(!may_advance(&f, gaul, hex("3401"), d("3401", "3301")));
    assert!(may_advance(&f, roman, hex("3301"), d("3301", "3401")));
    // Its gate 3307/3407: from inside, no advance out; from outside, in.
    assert!(!may_advance(&f, gaul, hex("3407"), d("3407", "3307")));
    assert!(may_advance(&f, roman, hex("3307"), d("3307", "3407")));
    // A camp wall: the Roman inside stays, the Gaul outside goes in.
    let (out_w, in_w) =
        if map::in_roman_camp(board, hex("2113")) { ("2013", "2113") } else { ("2113", "2013") };
    assert!(!may_advance(&f, roman, hex(in_w), d(in_w, out_w)));
    assert!(may_advance(&f, gaul, hex(out_w), d(out_w, in_w)));
    // Open ground: anyone.
    assert!(may_advance(&f, gaul, hex("2714"), d("2714", "2814")));
    // The hook the engine calls agrees.
    assert!(!Gergovia::default().may_advance(&f, gaul, hex("3401"), d("3401", "3301")));
}
