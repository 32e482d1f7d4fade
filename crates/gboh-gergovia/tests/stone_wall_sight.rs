//! Special Terrain Notes, Stone Walls, on the real Gergovia map: "A stone
//! wall blocks line of sight, unless the target stands at the wall", "Fire
//! over a stone-wall hexside at a target standing at the wall receives a +1
//! modifier" (8.71 (b)), and a wall knocked down ("Wall Down/Rubble") is no
//! wall; knocking it down is an Individual Order (SPQR 4.2) of the unit,
//! which spends all its movement points at the wall. The Cretan archers
//! below the south-west wall shoot at the camped Gauls behind it, as they
//! stand at the start.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

mod support;

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_core::table::Drm;
use gboh_gergovia::scorpions;
use gboh_gergovia::sight::{StoneWallSight, stone_walls};
use gboh_gergovia::standard::Gergovia;
use gboh_gergovia::walls::{self, FIRST_CHOICE};
use gboh_standard::protocol::{Phase, Preview};
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Battle, Pending, StandardGame};
use support::hex;

/// A Roman Orders Phase of the bots' game (seed 52) whose leader may order
/// the Cretan archers (Caesar: they are auxiliaries, 4.21).
fn roman_phase() -> (Battle<Gergovia>, usize) {
    let archers = |b: &Battle<Gergovia>, l: usize| {
        let f = b.field();
        b.game().may_command(f, l, support::unit(f, "Cretan archers-1"))
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Roman, leader } if archers(b, *leader)),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    (b, leader)
}

/// The archer at 2902 below the south-west wall, its leader with it, and a
/// Carnutes unit alone at `target`.
fn archer_and_gaul(
    s: &mut support::Save,
    f: &Field,
    leader: usize,
    target: &str,
) -> (usize, usize) {
    let (archer, gaul) = (support::unit(f, "Cretan archers-1"), support::unit(f, "Carnutes-1"));
    support::put(s, archer, "2902", support::facing_toward("2902", "3002"));
    s.leaders[leader].hex = hex("2902");
    for (u, st) in s.units.iter_mut().enumerate() {
        if u != gaul && u != archer && st.hex == hex(target) {
            st.status = UnitStatus::Eliminated;
        }
    }
    let g = &mut s.units[gaul];
    g.hex = hex(target);
    g.status = UnitStatus::InPlay;
    g.hits = 0;
    // Facing the archer's side of the wall.
    let toward = Direction::ALL
        .into_iter()
        .min_by_key(|d| Field::distance(d.neighbor(hex(target)), hex("2902")))
        .unwrap();
    g.facing = support::facing_toward_hex(hex(target), toward.neighbor(hex(target)));
    (archer, gaul)
}

/// The number of the stone-wall hexside between `a` and `b` (for its
/// knock-down declaration).
fn wall_choice(f: &Field, a: &str, b: &str) -> u8 {
    let (a, b) = (hex(a), hex(b));
    let i = walls::hexsides(f.board())
        .iter()
        .position(|&(h, d)| (h, d.neighbor(h)) == (a, b) || (h, d.neighbor(h)) == (b, a))
        .unwrap();
    FIRST_CHOICE + u8::try_from(i).unwrap()
}

#[test]
fn special_terrain_notes_a_stone_wall_blocks_sight_unless_the_target_stands_at_the_wall() {
    let board = gboh_gergovia::map::board().unwrap();
    // 3003/3102 and 3003/3103 are hexsides of the south-west wall; 3203 is
    // behind it, not at it.
    for (a, b) in [("3003", "3102"), ("3003", "3103")] {
        let d = Direction::between(hex(a), hex(b)).unwrap();
        assert!(board.has_hexside(hex(a), d, HexsideFeature::StoneWall), "{a}/{b}");
    }
    let none = |_: hexx::Hex, _: Direction| false;
    assert_eq!(stone_walls(board, hex("2902"), hex("3203"), none), StoneWallSight::Blocked);
    assert_eq!(stone_walls(board, hex("2902"), hex("3103"), none), StoneWallSight::OverAtTheWall);
    // On the wall's own side, nothing is crossed.
    assert_eq!(stone_walls(board, hex("2902"), hex("2905"), none), StoneWallSight::Clear);
    // The text names the target only: the firer at the wall sees no farther.
    assert_eq!(stone_walls(board, hex("3003"), hex("3203"), none), StoneWallSight::Blocked);

    // Through the engine: refused behind the wall, +1 at it.
    let (b, leader) = roman_phase();
    for (target, seen) in [("3203", false), ("3103", true)] {
        let mut s = support::save(&b);
        let (archer, gaul) = archer_and_gaul(&mut s, b.field(), leader, target);
        let b = support::load(&s);
        let check = b.check(&Action::Fire { unit: archer, target: gaul });
        if seen {
            let Ok(Preview::Odds { modifiers, .. }) = check else { panic!("{check:?}") };
            assert!(
                modifiers.iter().any(|m| m.rule == "Gergovia 8.71 (b)" && m.drm == Drm(1)),
                "{modifiers}"
            );
        } else {
            let e = check.unwrap_err().to_string();
            assert!(e.contains("Stone Walls") && e.contains("2902") && e.contains("3203"), "{e}");
        }
    }
}

#[test]
fn special_terrain_notes_a_stone_wall_knocked_down_is_an_individual_order_and_blocks_no_sight() {
    let (b, leader) = roman_phase();
    let f = b.field();
    let cohort = (0..f.units.len())
        .find(|&u| {
            f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(f, leader, u)
        })
        .unwrap();
    let mut s = support::save(&b);
    let (archer, gaul) = archer_and_gaul(&mut s, f, leader, "3203");
    // The cohort at the wall, beside the archer and its leader.
    s.units[cohort].hex = hex("3003");
    s.units[cohort].status = UnitStatus::InPlay;
    s.units[cohort].moves_this_turn = 0;
    s.units[cohort].facing = support::facing_toward("3003", "3102");
    let choice = wall_choice(f, "3003", "3102");
    let orders_left = |b: &Battle<Gergovia>| match b.phase() {
        Phase::Orders(o) => o.orders_left,
        other => panic!("{other:?}"),
    };
    // No Individual Order left: no knocking down (SPQR 4.2).
    let Phase::Orders(o) = &mut s.phase else { unreachable!() };
    let had = o.orders_left.max(1);
    o.orders_left = 0;
    let none_left = support::load(&s);
    let e = none_left.check(&Action::Declare { choice }).unwrap_err().to_string();
    assert!(e.contains("no Individual Orders left"), "{e}");
    let Phase::Orders(o) = &mut s.phase else { unreachable!() };
    o.orders_left = had;
    let b = support::load(&s);
    assert_eq!(orders_left(&b), had);
    let e = b.check(&Action::Fire { unit: archer, target: gaul }).unwrap_err().to_string();
    assert!(e.contains("Stone Walls"), "the wall stands: {e}");
    let mut g = Game::new(b, Dice::seeded(3));
    g.apply(Action::Declare { choice }).unwrap();
    // One Individual Order, the cohort's, with all its MP spent.
    assert_eq!(orders_left(g.state()), had - 1);
    let Phase::Orders(o) = g.state().phase() else { unreachable!() };
    let x = o.ordered.iter().find(|x| x.unit == cohort).expect("the cohort is ordered");
    assert_eq!((x.half_mp_left, x.stopped), (0, true));
    assert!(
        Direction::ALL
            .into_iter()
            .all(|d| !g.legal_actions().contains(&Action::Step { unit: cohort, dir: d })),
        "it moves no more"
    );
    assert!(g.state().game().walls().is_down(
        g.state().field().board(),
        hex("3003"),
        Direction::between(hex("3003"), hex("3102")).unwrap()
    ));
    // The rubble blocks no sight, and gives no +1: the archer now sees the
    // Gaul behind the wall with no stone-wall modifier.
    let check = g.check(&Action::Fire { unit: archer, target: gaul });
    let Ok(Preview::Odds { modifiers, .. }) = check else { panic!("{check:?}") };
    assert!(!modifiers.iter().any(|m| m.rule == "Gergovia 8.71 (b)"), "{modifiers}");
}

#[test]
fn rule_9_34_the_scorpions_line_crosses_no_standing_stone_wall_and_none_is_in_their_reach() {
    let board = gboh_gergovia::map::board().unwrap();
    // A line across the south-west wall (as from a tower, were one there):
    // blocked while the wall stands, open over its rubble.
    let (from, to) = (hex("2902"), hex("3102"));
    let d = Direction::between(hex("3003"), hex("3102")).unwrap();
    let rubble = |h: hexx::Hex, x: Direction| {
        (h, x) == (hex("3003"), d) || (h, x) == (hex("3102"), d.opposite())
    };
    assert!(!scorpions::clear_shot(board, from, to, |_, _| false));
    assert!(scorpions::clear_shot(board, from, to, rubble));
    // On this map no tower stands within 7 hexes (9.31) of a stone wall.
    let towers = scorpions::towers().unwrap();
    for (h, d) in walls::hexsides(board) {
        for t in &towers {
            for end in [*h, d.neighbor(*h)] {
                assert!(Field::distance(*t, end) > 7, "{:?}", board.label(end));
            }
        }
    }
}
