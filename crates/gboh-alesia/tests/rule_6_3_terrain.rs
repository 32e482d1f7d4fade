//! 6.3 Natural terrain: 6.33 impassable hexsides, 6.34 enough MP, 6.36 the
//! stone crest of Alesia (on the oppidum test board: the oppidum is on the
//! East map, which is not reconstructed), 5.64 three to a hex inside Alesia.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::movement_support;

use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::map::test_boards;
use gboh_alesia::map::{SiegeWorks, Works};
use gboh_alesia::movement::MoveError;
use gboh_alesia::movement::step::unit_step;
use gboh_core::facing::{Direction, Facing};
use movement_support::*;

#[test]
fn rule_6_33_the_unfilled_water_ditch_is_impassable_and_6_48_fill_3_crosses_it() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3704", Facing::Ten);
    let (from, to) = (p.hex("W3704"), p.hex("W3804"));
    assert_eq!(unit_step(&p.field, bi, from, to, true).unwrap_err(), MoveError::Impassable(to));
    p.field.set_hexside_fill(from, Direction::NW, 2);
    assert!(unit_step(&p.field, bi, from, to, true).is_err(), "2 is not enough");
    p.field.set_hexside_fill(from, Direction::NW, 3);
    assert_eq!(unit_step(&p.field, bi, from, to, true).unwrap().mp, 1);
}

#[test]
fn rule_6_34_a_unit_needs_the_mp_to_enter() {
    let mut p = Pos::on(setup_on(test_board(9, 9)));
    let sc = p.unit("X-Scorpio", "T0505", Facing::Twelve); // MA 2
    let ne = p.nb("T0505", Direction::NE);
    let far = setup_on(test_board(9, 9)).board.neighbor(ne, Direction::NE).unwrap();
    let farther = setup_on(test_board(9, 9)).board.neighbor(far, Direction::NE).unwrap();
    let game = p.activate(legion_of(&setup(), "X-1"));
    assert_eq!(check(&game, &mv(sc, far, Facing::Twelve)).unwrap().mp, 2);
    let err = check(&game, &mv(sc, farther, Facing::Twelve)).unwrap_err();
    assert_eq!(err, MoveError::Unreachable { to: farther, facing: Facing::Twelve, mp_left: 2 });
    assert!(err.to_string().starts_with("6.34: "));
}

#[test]
fn rule_6_36_no_unit_crosses_the_stone_crest_except_through_a_gate() {
    let board = test_boards::oppidum().unwrap();
    let mut p = Pos::on(setup_on(board));
    let bi = p.unit("Alesia-1", "E0404", Facing::Eight);
    let (e0303, e0302, e0203) = (p.hex("E0303"), p.hex("E0302"), p.hex("E0203"));
    assert_eq!(
        unit_step(&p.field, bi, e0303, e0302, true).unwrap_err(),
        MoveError::StoneCrest(e0302)
    );
    // Through the gate E0303/E0203 into the inner Garden of Death below the
    // plateau: 3 for the Garden, +1 for the gate (as a camp gate).
    assert_eq!(unit_step(&p.field, bi, e0303, e0203, true).unwrap().mp, 3 + 1);
    let game = p.activate(Command::AlesiaForce);
    let out = check(&game, &mv(bi, e0203, Facing::Eight)).unwrap();
    let hexes: Vec<_> = out.path.iter().map(|s| s.0).collect();
    assert!(hexes.windows(2).any(|w| w[0] == e0303 && w[1] == e0203), "{hexes:?}");
}

#[test]
fn rule_5_64_the_alesia_force_stacks_three_to_a_hex_inside_alesia() {
    let board = test_boards::oppidum().unwrap();
    let mut p = Pos::on(setup_on(board));
    let third = p.unit("Alesia-3", "E0404", Facing::Twelve);
    p.unit("Alesia-1", "E0504", Facing::Twelve);
    p.unit("Alesia-2", "E0504", Facing::Twelve);
    let e0504 = p.hex("E0504");
    let game = p.activate(Command::AlesiaForce);
    let to = check(&game, &mv(third, e0504, Facing::Twelve));
    assert!(to.is_ok(), "{to:?}");
}

/// 6.3 on the West map: away from the works (no rampart, redoubt or Garden
/// of Death at either end, no stone crest, crest gate, water ditch or
/// walkway on the hexside), Alesia's step costs are the family's rule read
/// from Alesia's chart (the engine's `family_step_cost`): each hex and
/// hexside on the map, for foot and cavalry.
#[test]
fn rule_6_3_away_from_the_works_alesias_step_costs_are_the_familys() {
    use gboh_core::board::HexsideFeature;
    use gboh_core::table::terrain::MoverClass;
    use gboh_simple::ground::stacking::Mover;
    use gboh_simple::ground::step::family_step_cost;
    let p = Pos::west();
    let board = &p.field.setup().board;
    let foot = Mover::leader(gboh_core::Side::Adversary);
    let horse = Mover { class: MoverClass::Cavalry, ..foot };
    let alesia_only = [
        HexsideFeature::Escarpment,
        HexsideFeature::Pass,
        HexsideFeature::WaterDitch,
        HexsideFeature::Walkway,
    ];
    let (mut compared, mut refused, mut hexsides) = (0, 0, 0);
    for from in board.hexes() {
        if board.siege_works(from).is_some_and(|w| w != Works::None) {
            continue;
        }
        for dir in Direction::ALL {
            let Some(to) = board.neighbor(from, dir) else { continue };
            let side = board.hexside(from, dir);
            if board.siege_works(to).is_some_and(|w| w != Works::None)
                || alesia_only.iter().any(|&f| side.contains(f))
            {
                continue;
            }
            for mover in [foot, horse] {
                let alesia = gboh_alesia::movement::step::terrain_cost(&p.field, &mover, from, to);
                let family = family_step_cost(&p.field, &mover, from, to, dir).ok();
                assert_eq!(
                    alesia,
                    family,
                    "{} -> {} ({:?})",
                    p.label(from),
                    p.label(to),
                    mover.class
                );
                compared += 1;
                refused += usize::from(alesia.is_none());
                hexsides += usize::from(!side.is_empty());
            }
        }
    }
    // The comparison covers the map, its water and its walls and rivers.
    assert!(compared > 10_000, "{compared} steps compared");
    assert!(refused > 0 && hexsides > 0, "{refused} refused, {hexsides} across a hexside feature");
}
