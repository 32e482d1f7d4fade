//! 10.32 (Romans rout to the nearest camp, Gauls to the town, and stay
//! there) and 6.72 (no rout across a fortified hexside; own gates in, enemy
//! gates out) on the real Gergovia map, and in the bots' game.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::Game;
use gboh_core::policy::{Policy, choose};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::rout::{in_refuge, may_cross, refuge_gates, rout_facing};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::bots::Advance;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Battle, StandardEvent};
use hexx::Hex;
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

fn nearest(gates: &[Hex], at: Hex) -> u32 {
    gates.iter().map(|&g| Field::distance(at, g)).min().unwrap()
}

#[test]
fn rule_10_32_routed_romans_in_a_camp_and_gauls_in_the_town_stay_there() {
    let board = map::board().unwrap();
    let mut f = field();
    let x1 = support::unit(&f, "X-1");
    let camp = board.area(areas::SMALL_CAMP).unwrap().hexes()[0];
    f.units[x1].hex = camp;
    f.units[x1].status = UnitStatus::Routed;
    assert_eq!(rout_facing(&f, x1), None);
    let bi = support::unit(&f, "Carnutes-1");
    f.units[bi].hex = hex("3801");
    f.units[bi].status = UnitStatus::Routed;
    assert_eq!(rout_facing(&f, bi), None);
    // A Gaul in a Roman camp is not in his refuge: he routs on.
    f.units[bi].hex = camp;
    assert!(rout_facing(&f, bi).is_some());
    assert!(!in_refuge(board, Side::Adversary, camp));
}

#[test]
fn rule_10_32_romans_rout_toward_the_nearest_camp_and_gauls_toward_the_town() {
    let board = map::board().unwrap();
    let f = field();
    let roman_gates = refuge_gates(board, Side::Roman);
    let town_gates = refuge_gates(board, Side::Adversary);
    assert_eq!(roman_gates.len(), 8, "four gates in each camp");
    assert_eq!(town_gates.len(), 4);
    assert!(roman_gates.iter().all(|&g| map::in_roman_camp(board, g)));
    assert!(town_gates.iter().all(|&g| board.in_area(areas::GERGOVIA, g)));
    for (id, gates) in
        [("X-1", &roman_gates), ("VIII-5", &roman_gates), ("Carnutes-1", &town_gates)]
    {
        let u = support::unit(&f, id);
        let at = f.units[u].hex;
        let facing = rout_facing(&f, u).unwrap();
        let best = facing.front().iter().map(|d| nearest(gates, d.neighbor(at))).min().unwrap();
        assert!(best < nearest(gates, at), "{id}: a front hex of {facing:?} is nearer its refuge");
    }
}

#[test]
fn rule_6_72_no_rout_across_a_wall_and_gates_only_one_way() {
    let board = map::board().unwrap();
    let d = |a: &str, b: &str| Direction::between(hex(a), hex(b)).unwrap();
    // The small camp's wall 2013/2113: neither side routs across it.
    for side in Side::ALL {
        assert!(!may_cross(board, side, hex("2013"), d("2013", "2113")));
        assert!(!may_cross(board, side, hex("2113"), d("2113", "2013")));
    }
    // Its gate 2015/2115: Romans in, Gauls out.
    let (out_c, in_c) =
        if map::in_roman_camp(board, hex("2115")) { ("2015", "2115") } else { ("2115", "2015") };
    assert!(may_cross(board, Side::Roman, hex(out_c), d(out_c, in_c)));
    assert!(!may_cross(board, Side::Roman, hex(in_c), d(in_c, out_c)));
    assert!(!may_cross(board, Side::Adversary, hex(out_c), d(out_c, in_c)));
    assert!(may_cross(board, Side::Adversary, hex(in_c), d(in_c, out_c)));
    // The town's gate 3307/3407: Gauls in, Romans out; its wall 3301/3401: no one.
    assert!(may_cross(board, Side::Adversary, hex("3307"), d("3307", "3407")));
    assert!(!may_cross(board, Side::Roman, hex("3307"), d("3307", "3407")));
    assert!(may_cross(board, Side::Roman, hex("3407"), d("3407", "3307")));
    assert!(!may_cross(board, Side::Adversary, hex("3301"), d("3301", "3401")));
    // Open ground: anyone.
    assert!(may_cross(board, Side::Roman, hex("2714"), d("2714", "2614")));
}

/// In the bots' game (seed 52), a rout move of a unit outside its refuge
/// ends farther from its refuge's gates only when, where it began (a unit
/// may move in the action before it routs), every neighbouring hex nearer
/// them was held by a unit or behind a wall (a routed unit must move, SPQR
/// 10.1); most end nearer; none crosses a camp or town wall.
#[test]
fn rule_10_32_in_play_every_rout_move_heads_for_the_refuge() {
    let board = map::board().unwrap();
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut g = Game::new(b, Dice::seeded(52));
    let mut bot = Advance;
    let mut legal = Vec::new();
    let mut checked = [0, 0];
    let mut farther = 0;
    for _ in 0..5_000 {
        let before: Vec<(Hex, UnitStatus)> =
            g.state().field().units.iter().map(|s| (s.hex, s.status)).collect();
        let Some(a) = choose(&g, &mut bot as &mut dyn Policy<Battle<Gergovia>>, &mut legal) else {
            break;
        };
        let events = g.apply(a).unwrap();
        let f = g.state().field();
        // Where each unit stands as the events go: a unit may move (or be
        // moved) in this action before it routs, and its rout starts there.
        let mut at: Vec<Hex> = before.iter().map(|(h, _)| *h).collect();
        for e in &events {
            if let StandardEvent::Moved { unit, ref to, .. } = e.what {
                at[unit] = board.hex_of(to).unwrap();
            }
            let StandardEvent::RoutMove { unit, ref to } = e.what else { continue };
            let side = f.side(unit).unwrap();
            let from = at[unit];
            at[unit] = board.hex_of(to).unwrap();
            let to = at[unit];
            if from == to || in_refuge(board, side, from) {
                continue;
            }
            let gates = refuge_gates(board, side);
            if !in_refuge(board, side, to) && nearest(&gates, to) > nearest(&gates, from) {
                // Farther only when every way nearer was shut where it began.
                for dir in Direction::ALL {
                    let n = dir.neighbor(from);
                    if board.contains(n) && nearest(&gates, n) < nearest(&gates, from) {
                        let held =
                            before.iter().any(|(h, st)| *h == n && *st != UnitStatus::Eliminated);
                        assert!(
                            held || !may_cross(board, side, from, dir),
                            "{} routed from {} ({}) to {} ({}) though {} was open",
                            f.def(unit).unwrap().id,
                            f.label(from),
                            nearest(&gates, from),
                            f.label(to),
                            nearest(&gates, to),
                            f.label(n)
                        );
                    }
                }
                farther += 1;
            }
            // Never over a wall: a unit outside a fortification is still
            // outside unless it came in by a gate it may use.
            for (area, inside) in [
                (areas::GERGOVIA, board.in_area(areas::GERGOVIA, to)),
                (areas::SMALL_CAMP, board.in_area(areas::SMALL_CAMP, to)),
                (areas::LARGE_CAMP, board.in_area(areas::LARGE_CAMP, to)),
            ] {
                if inside && !board.in_area(area, from) {
                    assert!(in_refuge(board, side, to), "{area}: only into its own refuge");
                }
            }
            if in_refuge(board, side, to) || nearest(&gates, to) < nearest(&gates, from) {
                checked[usize::from(side == Side::Adversary)] += 1;
            }
        }
    }
    assert!(checked[0] > 0 && checked[1] > 0, "rout moves that got nearer: {checked:?}");
    assert!(farther < checked[0] + checked[1], "{farther} moves farther, {checked:?} nearer");
}
