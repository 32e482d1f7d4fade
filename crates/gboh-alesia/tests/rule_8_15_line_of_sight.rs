//! 8.15 Line of Sight: what blocks it, hexspine ties, and the Palintonos and
//! Scorpio exceptions of 8.55.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::los::{Blocker, Trajectory, sight};
use gboh_alesia::combat::{CombatAction, CombatError, CombatPreview};
use gboh_alesia::map::{Region, Ring, Works};
use gboh_core::board::{HexsideFeature, HexsideFeatures, LosStep, Terrain, los_path};
use gboh_core::facing::{Direction, Facing};
use gboh_core::table::Drm;

const ARCHERS: Trajectory =
    Trajectory { over_closer_units: true, over_works: false, low: false, flame_at_redoubt: false };
const JAVELINS: Trajectory =
    Trajectory { over_closer_units: false, over_works: false, low: false, flame_at_redoubt: false };

/// Two hexes straight on from `from` toward `d`: the line passes through the
/// middle one.
fn straight(
    b: &gboh_alesia::map::Board,
    from: &str,
    d: Direction,
    n: usize,
) -> (hexx::Hex, hexx::Hex) {
    let f = b.hex_of(from).unwrap();
    let mut t = f;
    for _ in 0..n {
        t = d.neighbor(t);
    }
    (f, t)
}

fn rampart() -> Works {
    Works::Rampart { ring: Ring::Contravallation, gate: false }
}

#[test]
fn rule_8_15_woods_and_ramparts_block_unless_they_hold_the_target() {
    let mut b = test_board(9, 9);
    // T0505 -> T0705 is a straight line through one hex.
    let (from, to) = straight(&b, "T0505", Direction::E, 2);
    let [LosStep::Hex(mid)] = los_path(from, to)[..] else { panic!("{:?}", los_path(from, to)) };
    let mid_label = b.label(mid).unwrap().to_string();
    set(&mut b, &mid_label, Terrain::Woods, 0, Works::None, Region::Outside);
    let to_label = b.label(to).unwrap().to_string();
    set(&mut b, &to_label, Terrain::Woods, 0, Works::None, Region::Outside);
    let p = Pos::on(b.clone());
    assert_eq!(sight(&p.field, from, to, ARCHERS), Err(Blocker::Woods(mid)));
    assert!(sight(&p.field, from, mid, ARCHERS).is_ok(), "a unit may always fire into a woods hex");
    set(&mut b, &mid_label, Terrain::Clear, 0, rampart(), Region::Inside);
    let p = Pos::on(b);
    assert_eq!(sight(&p.field, from, to, ARCHERS), Err(Blocker::Rampart(mid)));
    assert!(sight(&p.field, from, mid, ARCHERS).is_ok(), "nor into a rampart hex");
    let palintonos = Trajectory { over_works: true, ..ARCHERS };
    assert_eq!(sight(&p.field, from, to, palintonos).map(|s| s.over_works), Ok(true), "8.55");
}

#[test]
fn rule_8_15_along_a_hexspine_both_sides_must_block() {
    let mut b = test_board(9, 9);
    let from = b.hex_of("T0505").unwrap();
    // A line along a hexspine, two hexes long: one tie between.
    let to = (0..6)
        .map(|i| {
            let d = Direction::from_index(i);
            let e = Direction::from_index(i + 1);
            e.neighbor(d.neighbor(from))
        })
        .find(|&t| matches!(los_path(from, t)[..], [LosStep::Tie(..)]))
        .unwrap();
    let [LosStep::Tie(p1, q1)] = los_path(from, to)[..] else { panic!() };
    let (pl, ql) = (b.label(p1).unwrap().to_string(), b.label(q1).unwrap().to_string());
    set(&mut b, &pl, Terrain::Woods, 0, Works::None, Region::Outside);
    let p = Pos::on(b.clone());
    assert!(sight(&p.field, from, to, JAVELINS).is_ok(), "one side blocked is not enough");
    set(&mut b, &ql, Terrain::Woods, 0, Works::None, Region::Outside);
    let p = Pos::on(b);
    assert!(sight(&p.field, from, to, JAVELINS).is_err(), "both sides block");
}

#[test]
fn rule_8_15_higher_ground_between_blocks() {
    let mut b = test_board(9, 9);
    let (from, to) = straight(&b, "T0505", Direction::E, 2);
    let [LosStep::Hex(mid)] = los_path(from, to)[..] else { panic!() };
    let mid_label = b.label(mid).unwrap().to_string();
    set(&mut b, &mid_label, Terrain::Clear, 1, Works::None, Region::Outside);
    let p = Pos::on(b.clone());
    assert_eq!(sight(&p.field, from, to, ARCHERS), Err(Blocker::Elevation(mid)));
    // Not if an end is as high.
    let to_label = b.label(to).unwrap().to_string();
    set(&mut b, &to_label, Terrain::Clear, 1, Works::None, Region::Outside);
    let p = Pos::on(b);
    assert!(sight(&p.field, from, to, ARCHERS).is_ok());
}

#[test]
fn rule_8_15_units_block_all_but_archers_and_palintonos() {
    let b = test_board(9, 9);
    let (from, to) = straight(&b, "T0505", Direction::E, 2);
    let [LosStep::Hex(mid)] = los_path(from, to)[..] else { panic!() };
    let mut p = Pos::on(b.clone());
    let mid_label = b.label(mid).unwrap().to_string();
    p.unit("I-1", &mid_label, Facing::Twelve);
    assert_eq!(sight(&p.field, from, to, JAVELINS), Err(Blocker::Units(mid)));
    assert!(sight(&p.field, from, to, ARCHERS).is_ok(), "closer to the firer than the target");
}

#[test]
fn rule_8_15_walls_block_even_next_to_the_firer_but_not_beside_a_rampart() {
    let mut b = test_board(9, 9);
    let (from, to) = straight(&b, "T0505", Direction::E, 2);
    let [LosStep::Hex(mid)] = los_path(from, to)[..] else { panic!() };
    let d = Direction::between(from, mid).unwrap();
    assert!(b.add_hexside(from, d, HexsideFeatures::EMPTY.with(HexsideFeature::CampWall)));
    let p = Pos::on(b.clone());
    assert_eq!(sight(&p.field, from, to, ARCHERS), Err(Blocker::Wall(from, mid)));
    assert!(sight(&p.field, from, mid, ARCHERS).is_err(), "even when adjacent");
    // A wall beside a rampart hex does not block (except Scorpiones, 8.55).
    let from_label = b.label(from).unwrap().to_string();
    set(&mut b, &from_label, Terrain::Clear, 0, rampart(), Region::Inside);
    let p = Pos::on(b);
    assert!(sight(&p.field, from, to, ARCHERS).is_ok());
    let scorpio = Trajectory { low: true, ..JAVELINS };
    assert!(sight(&p.field, from, to, scorpio).is_err(), "8.55: Scorpiones never fire over walls");
}

#[test]
fn rule_8_15_into_a_redoubt_only_from_an_adjacent_higher_hex() {
    let mut b = test_board(9, 9);
    set(&mut b, "T0505", Terrain::Clear, 0, Works::Redoubt, Region::Inside);
    let redoubt = b.hex_of("T0505").unwrap();
    let next = b.neighbor(redoubt, Direction::NE).unwrap();
    let nl = b.label(next).unwrap().to_string();
    let p = Pos::on(b.clone());
    assert_eq!(sight(&p.field, next, redoubt, ARCHERS), Err(Blocker::IntoRedoubt(redoubt)));
    set(&mut b, &nl, Terrain::Clear, 0, rampart(), Region::Inside);
    let p = Pos::on(b);
    assert!(sight(&p.field, next, redoubt, ARCHERS).is_ok(), "from the adjacent, higher rampart");
}

#[test]
fn rule_8_55_palintonos_fire_over_a_rampart_for_plus_1() {
    let mut b = test_board(11, 9);
    let (from, to) = straight(&b, "T0503", Direction::E, 4);
    let steps = los_path(from, to);
    let LosStep::Hex(mid) = steps[1] else { panic!("{steps:?}") };
    let mid_label = b.label(mid).unwrap().to_string();
    set(&mut b, &mid_label, Terrain::Clear, 0, rampart(), Region::Inside);
    let mut p = Pos::on(b.clone());
    let d = Direction::between(
        from,
        match steps[0] {
            LosStep::Hex(h) => h,
            _ => panic!(),
        },
    )
    .unwrap();
    let facing = Facing::toward(d)[0];
    let gun = p.unit("Palintonos-1", "T0503", facing);
    p.with(gun, 0, gboh_alesia::game::UnitFlags::FIRE_MODE);
    let to_label = b.label(to).unwrap().to_string();
    p.unit("Aedui-1", &to_label, Facing::Six);
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let game = p.activate(gboh_alesia::command::Command::Auxiliaries(labienus), &[]);
    let fire = CombatAction::Fire { unit: gun, target: to, will_move: false };
    let CombatPreview::Shot { shot, .. } = preview(&game, fire) else { panic!() };
    assert!(
        shot.modifiers.iter().any(|m| m.rule == "8.55" && m.drm == Drm(1)),
        "{:?}",
        shot.modifiers
    );
    // And a Scorpio may not.
    let mut p = Pos::on(b);
    let scorpio = p.unit("X-Scorpio", "T0503", facing);
    p.with(scorpio, 0, gboh_alesia::game::UnitFlags::FIRE_MODE);
    p.unit("Aedui-1", &to_label, Facing::Six);
    let game = p.activate(legion_of("X-1"), &[]);
    let err = game
        .check(&combat(CombatAction::Fire { unit: scorpio, target: to, will_move: false }))
        .unwrap_err();
    assert!(matches!(err, CombatError::Illegal { rule: "8.15", .. }), "{err}");
}
