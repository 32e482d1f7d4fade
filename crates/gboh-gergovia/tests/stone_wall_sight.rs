//! Special Terrain Notes, Stone Walls, on the real Gergovia map: "A stone
//! wall blocks line of sight, unless the target stands at the wall", "Fire
//! over a stone-wall hexside at a target standing at the wall receives a +1
//! modifier" (8.71 (b)), and a wall knocked down ("Wall Down/Rubble") is no
//! wall; knocking it down is an Individual Order (SPQR 4.2) of the unit,
//! which spends all its movement points at the wall. The Cretan archers
//! below the south-west wall shoot at the camped Gauls behind it, as they
//! stand at the start.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

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

/// A facing toward `to` (its front holds the step from `from` nearest it).
fn facing_at(from: &str, to: &str) -> gboh_core::facing::Facing {
    let toward = Direction::ALL
        .into_iter()
        .min_by_key(|d| Field::distance(d.neighbor(hex(from)), hex(to)))
        .unwrap();
    support::facing_toward_hex(hex(from), toward.neighbor(hex(from)))
}

/// Every unit but `keep` within 2 hexes of `at` taken off the map.
fn clear_around(s: &mut support::Save, at: &str, keep: &[usize]) {
    for (u, st) in s.units.iter_mut().enumerate() {
        if !keep.contains(&u) && Field::distance(st.hex, hex(at)) <= 2 {
            st.status = UnitStatus::Eliminated;
        }
    }
}

/// The Cretan archers at `from` (their leader with them) fire at the
/// Arverni archers at `at`, facing them, and miss: the Arverni archers'
/// reaction actions then offered (SPQR 8.2 return fire).
fn return_fire_offered(phase: &(Battle<Gergovia>, usize), from: &str, at: &str) -> Vec<Action> {
    let (b, leader) = phase;
    let leader = *leader;
    let f = b.field();
    let (cretans, arverni) =
        (support::unit(f, "Cretan archers-1"), support::unit(f, "Arverni archers-1"));
    let mut s = support::save(b);
    clear_around(&mut s, from, &[]);
    clear_around(&mut s, at, &[]);
    for (u, here, there) in [(cretans, from, at), (arverni, at, from)] {
        let st = &mut s.units[u];
        st.hex = hex(here);
        st.facing = facing_at(here, there);
        st.status = UnitStatus::InPlay;
        st.hits = 0;
        st.column = false;
    }
    s.leaders[leader].hex = hex(from);
    let mut b = support::load(&s);
    let check = b.check(&Action::Fire { unit: cretans, target: arverni });
    assert!(check.is_ok(), "{check:?}");
    let mut events = Vec::new();
    // A 9 misses at every range of the foot archers' column.
    b.perform(
        Action::Fire { unit: cretans, target: arverni },
        &mut Dice::scripted([9]),
        &mut events,
    )
    .unwrap();
    assert!(b.field().units[arverni].in_play(), "the Arverni archers are still in good order");
    let mut legal = Vec::new();
    b.legal_actions(&mut legal);
    legal.retain(|a| matches!(a, Action::ReactFire { unit } if *unit == arverni));
    legal
}

#[test]
fn special_terrain_notes_return_fire_across_a_stone_wall_is_not_offered() {
    // 2902 -> 3103 crosses the south-west wall; 3103 stands at it, 2902
    // does not: the Cretans see the Arverni archers, who do not see them.
    let board = gboh_gergovia::map::board().unwrap();
    let none = |_: hexx::Hex, _: Direction| false;
    assert_eq!(stone_walls(board, hex("2902"), hex("3103"), none), StoneWallSight::OverAtTheWall);
    assert_eq!(stone_walls(board, hex("3103"), hex("2902"), none), StoneWallSight::Blocked);
    let phase = roman_phase();
    let blocked = return_fire_offered(&phase, "2902", "3103");
    assert!(blocked.is_empty(), "SPQR 8.14 with the stone wall: {blocked:?}");
    // From 3002, at the wall (3002/3102), the firer is seen over it: the
    // return fire is offered.
    assert_eq!(stone_walls(board, hex("3103"), hex("3002"), none), StoneWallSight::OverAtTheWall);
    let seen = return_fire_offered(&phase, "3002", "3103");
    assert_eq!(seen.len(), 1, "SPQR 8.2 return fire at a firer at the wall");
}

/// A Roman Orders Phase (see [`roman_phase`]) with a cohort its leader may
/// order alone at `at`, the leader at `leader_at`, nobody else within 2
/// hexes of either, and the stone-wall hexsides in `down` knocked down:
/// the check of a Line Command through the cohort.
fn line_command(
    phase: &(Battle<Gergovia>, usize),
    leader_at: &str,
    at: &str,
    down: &[u8],
) -> Result<Preview, String> {
    let (b, leader) = phase;
    let leader = *leader;
    let f = b.field();
    let cohort = (0..f.units.len())
        .find(|&u| {
            f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
                && b.game().may_command(f, leader, u)
        })
        .unwrap();
    let mut s = support::save(b);
    clear_around(&mut s, leader_at, &[cohort]);
    support::put(&mut s, cohort, at, facing_at(at, leader_at));
    s.leaders[leader].hex = hex(leader_at);
    if !down.is_empty() {
        // The breaches, through the game's own saved state.
        let game = ron::to_string(&s.game).unwrap();
        assert!(game.contains("walls:()"), "{game}");
        let breaches = down.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
        s.game = ron::from_str(&game.replace("walls:()", &format!("walls:(down:[{breaches}])")))
            .unwrap();
    }
    let b = support::load(&s);
    b.check(&Action::LineCommand { anchor: cohort }).map_err(|e| e.to_string())
}

#[test]
fn rule_4_33_a_leader_does_not_see_his_line_across_a_stone_wall() {
    // "A stone wall blocks line of sight, unless the target stands at the
    // wall": the leader at 3002 sees no unit at 3203, behind the wall, two
    // hexes away (SPQR 4.33: he must be within 2 hexes of, and see, a unit
    // of the line).
    let board = gboh_gergovia::map::board().unwrap();
    let none = |_: hexx::Hex, _: Direction| false;
    assert_eq!(Field::distance(hex("3002"), hex("3203")), 2);
    assert_eq!(stone_walls(board, hex("3002"), hex("3203"), none), StoneWallSight::Blocked);
    let phase = roman_phase();
    let e = line_command(&phase, "3002", "3203", &[]).unwrap_err();
    assert!(e.contains("4.3") && e.contains("Stone Walls") && e.contains("3203"), "{e}");
    // A unit at the wall is seen over it.
    assert!(line_command(&phase, "3002", "3103", &[]).is_ok());
    // With the walls the line crosses knocked down, the unit behind is seen.
    let crossed: Vec<u8> = walls::hexsides(board)
        .iter()
        .enumerate()
        .filter(|&(_, &(h, d))| {
            let wall = |x: hexx::Hex, y: Direction| {
                (x, y) == (h, d) || (x, y) == (d.neighbor(h), d.opposite())
            };
            gboh_gergovia::sight::crosses(hex("3002"), hex("3203"), wall)
        })
        .map(|(i, _)| u8::try_from(i).unwrap())
        .collect();
    assert!(!crossed.is_empty());
    let open = line_command(&phase, "3002", "3203", &crossed);
    assert!(open.is_ok(), "{open:?}");
}
