//! 9.31-9.35 and 8.71 (a) on the real Gergovia map: the large camp's tower
//! scorpions (range 7, on the engine's scorpio line) fire in reaction at a
//! Gallic unit that comes within range, each unit once a Gallic command
//! phase, not through walls, and a Gaul entering a tower destroys its
//! scorpion.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_core::table::ModifiedRoll;
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::scorpions::{self, shot_at};
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_gergovia::{fortifications, map};
use gboh_standard::kinds::MissileKey;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

fn range() -> u8 {
    fortifications::fortifications().unwrap().scorpion_range.value
}

fn place(f: &mut Field, u: usize, at: &str) {
    f.units[u].hex = hex(at);
    f.units[u].status = UnitStatus::InPlay;
}

#[test]
fn rule_9_33_a_gaul_within_7_hexes_is_fired_at_once_by_the_nearest_tower_on_the_scorpio_line() {
    let mut f = field();
    let gaul = support::unit(&f, "Carnutes-1");
    let towers = scorpions::towers().unwrap();
    assert_eq!(range(), 7, "9.31: range 7, as data");
    // 0740: 7 hexes from the nearest towers; 0739: 8 from every tower.
    place(&mut f, gaul, "0739");
    assert!(towers.iter().all(|&t| Field::distance(t, hex("0739")) > 7));
    assert_eq!(shot_at(&f, gaul, range(), &[], &[], |_, _| false), None, "out of range");
    place(&mut f, gaul, "0740");
    let shot = shot_at(&f, gaul, range(), &[], &[], |_, _| false).expect("9.33: within range");
    assert_eq!(Field::distance(shot.from, hex("0740")), 7);
    assert!(map::board().unwrap().in_area(map::areas::TOWERS, shot.from));
    assert_eq!(shot.key, MissileKey::Scorpio, "8.71 (a): the catapult line");
    assert!(shot.by.contains("scorpion in tower"));
    // Each unit once: not again once fired at.
    assert_eq!(shot_at(&f, gaul, range(), &[], &[gaul], |_, _| false), None);
    // A Roman unit is never a target.
    let roman = support::unit(&f, "X-1");
    place(&mut f, roman, "0741");
    assert_eq!(shot_at(&f, roman, range(), &[], &[], |_, _| false), None);
}

#[test]
fn rule_9_34_no_fire_through_walls() {
    let mut f = field();
    let gaul = support::unit(&f, "Carnutes-1");
    let towers = scorpions::towers().unwrap();
    let board = map::board().unwrap();
    // Only tower 0446 left standing.
    let others: Vec<String> =
        towers.iter().filter(|&&t| t != hex("0446")).map(|&t| f.label(t)).collect();
    // 1045, 6 hexes east of 0446 outside the camp: the line runs across the
    // camp and out over its far wall.
    place(&mut f, gaul, "1045");
    assert!(!map::in_roman_camp(board, hex("1045")));
    assert!(Field::distance(hex("0446"), hex("1045")) <= 7);
    let crosses_far_wall =
        hex("0446").line_to(hex("1045")).collect::<Vec<_>>().windows(2).any(|w| {
            w[0] != hex("0446")
                && gboh_gergovia::movement::fortified(
                    board,
                    w[0],
                    Direction::between(w[0], w[1]).unwrap(),
                )
        });
    assert!(crosses_far_wall);
    assert_eq!(shot_at(&f, gaul, range(), &others, &[], |_, _| false), None, "9.34");
    // 0741, out across the tower's own hexside: a clear shot.
    place(&mut f, gaul, "0741");
    let shot = shot_at(&f, gaul, range(), &others, &[], |_, _| false).expect("a clear shot");
    assert_eq!(shot.from, hex("0446"));
}

#[test]
fn rule_9_35_a_gaul_entering_a_tower_destroys_its_scorpion() {
    let mut f = field();
    let gaul = support::unit(&f, "Carnutes-1");
    let mut g = Gergovia::default();
    place(&mut f, gaul, "0446");
    let mut events = Vec::new();
    g.unit_moved(&f, gaul, &mut events);
    assert!(events.iter().any(|e| e.rule == "Gergovia 9.35"
        && e.what
            == StandardEvent::Game(GergoviaEvent::ScorpionDestroyed { tower: "0446".into() })));
    // 0740 is 7 from 0446 and from 0946: with 0446 gone, 0946 fires.
    let other = support::unit(&f, "Carnutes-2");
    place(&mut f, other, "0740");
    let shots = g.shots_at_mover(&f, other);
    assert_eq!(shots.len(), 1);
    assert_eq!(f.label(shots[0].from), "0946");
    // A Roman in a tower destroys nothing.
    let mut events = Vec::new();
    let roman = support::unit(&f, "X-1");
    place(&mut f, roman, "0950");
    g.unit_moved(&f, roman, &mut events);
    assert!(!events.iter().any(|e| e.rule == "Gergovia 9.35"));
}

/// Through the protocol: a Gallic unit ordered in a Gallic command phase
/// steps from 8 hexes to 7 of the towers and is fired at, the hits as the
/// missile table's scorpio line says for the roll; its next step in the same
/// phase draws no second shot.
#[test]
fn rule_9_33_the_engine_fires_the_scorpion_at_a_gaul_that_comes_within_range() {
    let commands_one = |b: &gboh_standard::Battle<Gergovia>, leader: usize| {
        let f = b.field();
        (0..f.units.len()).any(|u| f.units[u].in_play() && b.game().may_command(f, leader, u))
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Adversary, leader } if commands_one(b, *leader)),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let u = (0..f.units.len())
        .find(|&u| f.units[u].in_play() && b.game().may_command(f, leader, u))
        .unwrap();
    let mut s = support::save(&b);
    support::put(&mut s, u, "0739", support::facing_toward("0739", "0740"));
    s.leaders[leader].hex = hex("0739");
    let b = support::load(&s);
    let tables = b.tables().clone();
    let mut g = Game::new(b, Dice::seeded(5));
    let dir = Direction::between(hex("0739"), hex("0740")).unwrap();
    let events = g.apply(Action::Step { unit: u, dir }).unwrap();
    let (roll, hits, rng) = events
        .iter()
        .find_map(|e| match &e.what {
            StandardEvent::GameFired { target, hits, range, by, .. } if *target == u => {
                assert!(by.contains("scorpion"));
                assert_eq!(e.rule, "Gergovia 9.33");
                Some((e.rolls.first().copied().expect("a die"), *hits, *range))
            }
            _ => None,
        })
        .expect("9.33: the scorpion fires at the Gaul that came within range");
    assert_eq!(rng, 7);
    let table_hit = tables
        .missile
        .hits(&MissileKey::Scorpio, 7, ModifiedRoll::new(roll.face, gboh_core::table::Drm(0)))
        .unwrap();
    assert_eq!(hits > 0, table_hit, "the scorpio line at range 7, roll {}", roll.face);
    let line = gboh_standard::narrate::line(
        g.state().field(),
        events.iter().find(|e| matches!(e.what, StandardEvent::GameFired { .. })).unwrap(),
    );
    assert!(
        line.contains("[Gergovia 9.33]")
            && line.contains("the scorpion in tower")
            && line.contains("at range 7"),
        "{line}"
    );
    if g.state().field().units[u].in_play() {
        let dir = Direction::between(hex("0740"), hex("0741")).unwrap();
        if let Ok(events) = g.apply(Action::Step { unit: u, dir }) {
            assert!(
                !events.iter().any(|e| matches!(e.what, StandardEvent::GameFired { .. })),
                "9.33: each unit once a phase"
            );
        }
    }
}

#[test]
fn rule_9_33_exact_odds_of_a_tower_shot() {
    let b = support::play_until(52, |_, _| true);
    let mut s = support::save(&b);
    let gaul = support::unit(b.field(), "Carnutes-1");
    support::put(&mut s, gaul, "0741", support::facing_toward("0741", "0740"));
    let b = support::load(&s);
    let shot = shot_at(b.field(), gaul, range(), &[], &[], |_, _| false).unwrap();
    let r = u8::try_from(Field::distance(shot.from, hex("0741"))).unwrap();
    let odds = b.game_shot_odds(&shot, gaul).unwrap();
    let hit_faces = (0..10u8)
        .filter(|&face| {
            b.tables()
                .missile
                .hits(&MissileKey::Scorpio, r, ModifiedRoll::new(face, gboh_core::table::Drm(0)))
                .unwrap()
        })
        .count();
    let hit_count: u64 = odds.outcomes().iter().filter(|(h, _)| *h > 0).map(|(_, n)| *n).sum();
    assert_eq!((hit_count, odds.total()), (hit_faces as u64, 10), "range {r}");
}
