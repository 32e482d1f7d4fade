//! Special Terrain Notes on the real map, through the engine: the roll
//! against TQ before crossing the town wall ("If the die roll is at least
//! the unit's TQ, the unit may not cross and is finished for this command
//! phase") and after crossing a stone wall ("the unit is finished for this
//! command phase if the roll is at least the TQ"), with exact odds in the
//! step's preview.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::{Game, Rules};
use gboh_gergovia::map;
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_standard::protocol::{Phase, Preview};
use gboh_standard::{Action, Battle, Pending, StandardEvent, StandardGame};
use hexx::Hex;

/// A Roman Orders Phase of the seed-52 bot game with a cohort the active
/// leader commands placed on `from`, facing `to`, the leader with it.
fn cohort_at(from: Hex, to: Hex) -> (Battle<Gergovia>, usize) {
    let b = support::play_until(52, |_, p| matches!(p, Pending::Orders { side: Side::Roman, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let u = (0..f.units.len())
        .find(|&u| {
            f.units[u].in_play()
                && b.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
        .expect("the active leader commands a cohort");
    let mut s = support::save(&b);
    support::put(&mut s, u, &f.label(from), support::facing_toward_hex(from, to));
    s.leaders[leader].hex = from;
    if let Phase::Orders(o) = &mut s.phase {
        o.ordered.retain(|x| x.unit != u);
        o.orders_left = o.orders_left.max(1);
    }
    (support::load(&s), u)
}

fn stopped_chance(p: &Preview) -> String {
    let Preview::Odds { outcomes, .. } = p else { panic!("{p:?}") };
    outcomes.iter().find(|(w, _)| w.starts_with("stopped")).unwrap().1.to_string()
}

fn rolled(events: &[gboh_standard::GameEvent<Gergovia>], stopped: bool) -> bool {
    events.iter().any(|e| {
        e.rule == "Gergovia, Special Terrain Notes"
            && matches!(&e.what, StandardEvent::Game(GergoviaEvent::WallRoll { stopped: s, .. }) if *s == stopped)
    })
}

#[test]
fn special_terrain_notes_the_town_wall_roll_before_crossing() {
    let (from, to) = (support::hex("3301"), support::hex("3401"));
    let dir = Direction::between(from, to).unwrap();
    let (b, u) = cohort_at(from, to);
    let tq = b.game().troop_quality(b.field(), u);
    // Exact odds: a d10 (0-9) at least the TQ stops it.
    let g = Game::new(b.clone(), Dice::scripted([9]));
    let p = g.check(&Action::Step { unit: u, dir }).unwrap();
    assert_eq!(stopped_chance(&p), format!("{}/10", 10 - tq));
    // A 9 (at least the TQ): it stays before the wall and may not try again.
    let mut g = Game::new(b.clone(), Dice::scripted([9]));
    let events = g.apply(Action::Step { unit: u, dir }).unwrap();
    assert!(rolled(&events, true), "{events:?}");
    assert_eq!(g.state().field().units[u].hex, from);
    assert!(g.check(&Action::Step { unit: u, dir }).is_err());
    // A 0: it goes over.
    let mut g = Game::new(b, Dice::scripted([0, 0, 0, 0, 0, 0]));
    let events = g.apply(Action::Step { unit: u, dir }).unwrap();
    assert!(rolled(&events, false), "{events:?}");
    assert_eq!(g.state().field().units[u].hex, to);
}

#[test]
fn special_terrain_notes_the_stone_wall_roll_after_crossing() {
    let board = map::board().unwrap();
    let clear = |h: Hex| board.terrain(h) == Some(gboh_core::board::Terrain::Clear);
    // A stone-wall hexside between two open hexes with nothing else on it.
    let (from, dir) = board
        .hexsides()
        .filter(|(_, _, f)| f.contains(HexsideFeature::StoneWall))
        .map(|(h, d, _)| (h, d))
        .find(|&(h, d)| {
            let to = d.neighbor(h);
            clear(h)
                && clear(to)
                && board.elevation(h) == board.elevation(to)
                && board.hexside_between(h, to).is_some_and(|s| s.iter().count() == 1)
        })
        .expect("a stone wall between open hexes");
    let to = dir.neighbor(from);
    let (b, u) = cohort_at(from, to);
    let tq = b.game().troop_quality(b.field(), u);
    let g = Game::new(b.clone(), Dice::scripted([9]));
    let p = g.check(&Action::Step { unit: u, dir }).unwrap();
    assert_eq!(stopped_chance(&p), format!("{}/10", 10 - tq));
    let Preview::Odds { outcomes, .. } = &p else { unreachable!() };
    assert!(outcomes.iter().any(|(w, _)| w.contains("after crossing a stone wall")));
    // A 9: across, and finished moving.
    let mut g = Game::new(b.clone(), Dice::scripted([9, 9, 9, 9]));
    let events = g.apply(Action::Step { unit: u, dir }).unwrap();
    assert!(rolled(&events, true), "{events:?}");
    assert_eq!(g.state().field().units[u].hex, to);
    // (Its move may have opened a reaction, which holds the Orders Phase.)
    let o = match g.state().phase() {
        Phase::Orders(o) | Phase::Reaction { orders: o, .. } => o,
        other => panic!("{other:?}"),
    };
    assert!(o.ordered.iter().find(|x| x.unit == u).unwrap().stopped);
    // A 0: across, and it may go on.
    let mut g = Game::new(b, Dice::scripted([0, 0, 0, 0]));
    let events = g.apply(Action::Step { unit: u, dir }).unwrap();
    assert!(rolled(&events, false), "{events:?}");
    let o = match g.state().phase() {
        Phase::Orders(o) | Phase::Reaction { orders: o, .. } => o,
        other => panic!("{other:?}"),
    };
    assert!(!o.ordered.iter().find(|x| x.unit == u).unwrap().stopped);
}
