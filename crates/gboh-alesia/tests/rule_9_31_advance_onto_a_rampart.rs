//! 6.42, 9.31, 10.3: Gauls attacking a rampart from a Garden of Death advance
//! onto it when the Roman leaves.
//!
//! 6.42: a Gallic unit may enter a Rampart hex "by attacking a Roman occupied
//! hex on the Rampart, and forcing the Roman to leave the hex and thereby
//! advancing thereunto"; 9.31: attackers "must advance into any hex vacated by
//! enemy units as a result of Shock". The position is 9.21's example of combat
//! on the West map (four BI in the outer Gardens W3910 and W4011 before the
//! cohort on W3911), with the cohort worn down so that the shock breaks it.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::GAULS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::game::{Uid, UnitFlags};
use gboh_alesia::protocol::Action;
use gboh_alesia::protocol::Alesia;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use hexx::Hex;

/// 9.21's position: cohort X-1 on W3911 facing the outside, two stacks of
/// two Arverni BI in W3910 and W4011 that moved in (2 hits each, 6.45). The
/// cohort has `cohort_hits`.
fn assault(cohort_hits: u8, rows: Option<&str>) -> (Pos, Uid, [Uid; 4]) {
    let mut pos = match rows {
        Some(r) => {
            Pos::on_setup(setup_with_shock(gboh_alesia::map::west_map().unwrap().clone(), r))
        }
        None => Pos::west(),
    };
    let cohort = pos.unit("X-1", "W3911", Facing::Ten);
    let gauls = [
        pos.unit("Arverni-1", "W3910", Facing::Four),
        pos.unit("Arverni-2", "W3910", Facing::Four),
        pos.unit("Arverni-3", "W4011", Facing::Four),
        pos.unit("Arverni-4", "W4011", Facing::Four),
    ];
    for u in gauls {
        pos.with(u, 2, UnitFlags::MOVED);
    }
    pos.with(cohort, cohort_hits, 0);
    (pos, cohort, gauls)
}

fn hex(game: &Game<Alesia>, label: &str) -> Hex {
    game.state().setup().board.hex_of(label).unwrap()
}

/// Plays the shock from BeginShock: the Gauls designate W3910 (W4011 joins),
/// resolve attack 0, and take the first legal choice of every other decision
/// until an advance is pending or shock ends. Returns the events.
fn shock_until_advance(
    game: &mut Game<Alesia>,
) -> Vec<gboh_core::game::Event<gboh_alesia::protocol::AlesiaEvent>> {
    let mut all = Vec::new();
    all.extend(game.apply(combat(CombatAction::BeginShock)).unwrap());
    let w3910 = hex(game, "W3910");
    all.extend(
        game.apply(combat(CombatAction::Designate { attacker: w3910, join: None })).unwrap(),
    );
    all.extend(game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap());
    for _ in 0..50 {
        match pending(game) {
            Some(CombatPending::Advance { .. }) | None => break,
            Some(_) => {
                let first = game.legal_actions()[0].clone();
                all.extend(game.apply(first).unwrap());
            }
        }
    }
    all
}

#[test]
fn rule_9_31_gauls_in_a_garden_of_death_advance_onto_the_rampart_the_roman_left() {
    // The cohort (TQ 6) has 5 hits: the two hits of a roll of 5 (9.22's
    // example: modified to 4, two hits each) rout it off the wall (10.41).
    let (pos, cohort, gauls) = assault(5, None);
    let mut game = pos.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 0, 0, 0, 0]);
    let w3911 = hex(&game, "W3911");
    let events = shock_until_advance(&mut game);
    assert_ne!(
        game.state().field.unit(cohort).and_then(|s| s.at),
        Some(w3911),
        "the cohort left the rampart: {:?}",
        combat_events(&events)
    );
    assert_eq!(
        pending(&game),
        Some(CombatPending::Advance { side: GAULS, attack: 0 }),
        "9.31: the attackers must advance into the vacated rampart hex"
    );
    let offered: Vec<(Uid, Hex)> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Place { unit, to, .. }) => Some((unit, to)),
            _ => None,
        })
        .collect();
    assert!(!offered.is_empty());
    assert!(offered.iter().all(|&(u, to)| to == w3911 && gauls.contains(&u)), "{offered:?}");
    // 9.33: no positive DRM came from either stack; the highest TQ advances,
    // the player choosing among equals.
    let first = game.legal_actions()[0].clone();
    let Action::Combat(CombatAction::Place { unit, .. }) = first else { panic!() };
    let before = hits_of(&game, unit);
    let events = game.apply(first).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "9.3"
        && matches!(e, CombatEvent::Family(SimpleEvent::Advanced { unit: u, to, .. }) if *u == unit && *to == w3911)));
    assert_eq!(game.state().field.unit(unit).unwrap().at, Some(w3911), "6.42: on the wall");
    // An advance pays no MP and is not movement: the Garden's hits were paid
    // on the way in, and a rampart is not a Garden: no more hits.
    assert_eq!(hits_of(&game, unit), before);
}

#[test]
fn rule_9_31_the_advance_onto_the_rampart_is_mandatory() {
    let (pos, _, _) = assault(5, None);
    let mut game = pos.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 0, 0, 0, 0]);
    shock_until_advance(&mut game);
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    assert!(!legal(&game, &CombatAction::Done), "9.31: must advance");
    assert!(game.check(&Action::EndActivation).is_err());
}

#[test]
fn rule_10_3_continued_shock_from_a_garden_of_death_advances_onto_the_rampart() {
    // Every roll: the defender takes 4 hits and retreats; the attackers gain
    // Continued Shock. The cohort may not refuse the retreat when it is
    // eliminated or routed: with 2 hits the 4 rout it.
    let rows = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 4, defender_retreats: true, continued_shock: true), provenance: Reconstructed),";
    let (pos, cohort, gauls) = assault(2, Some(rows));
    let mut game = pos.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 0, 0, 0, 0]);
    let w3911 = hex(&game, "W3911");
    shock_until_advance(&mut game);
    assert_ne!(game.state().field.unit(cohort).and_then(|s| s.at), Some(w3911));
    assert!(
        matches!(pending(&game), Some(CombatPending::Advance { side: GAULS, .. })),
        "10.3: Continued Shock advances first: {:?}",
        pending(&game)
    );
    let offered: Vec<Hex> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Place { unit, to, .. }) if gauls.contains(&unit) => {
                Some(to)
            }
            _ => None,
        })
        .collect();
    assert!(offered.contains(&w3911), "{offered:?}");
}

#[test]
fn rule_9_31_the_alesia_force_in_an_inner_garden_advances_onto_the_circumvallation() {
    use gboh_alesia::command::Command;
    // Every roll: two hits each (9.22's example's result at a modified 4).
    let rows = "(rolls: (0, 10), result: (attacker_hits: 2, defender_hits: 2), provenance: Reconstructed),";
    let mut pos =
        Pos::on_setup(setup_with_shock(gboh_alesia::map::west_map().unwrap().clone(), rows));
    let board = pos.field.setup().board.clone();
    let (rampart, garden, facing, cohort_facing) = inner_garden_before_circumvallation(&board);
    let force = alesia_force_ids(2);
    let cohort = pos.unit("X-1", &rampart, cohort_facing);
    pos.with(cohort, 5, 0);
    let gauls: Vec<Uid> = force.iter().map(|id| pos.unit(id, &garden, facing)).collect();
    for &u in &gauls {
        pos.with(u, 3, UnitFlags::MOVED); // 6.45: 3 hits for an inner Garden
    }
    let mut game = pos.activate(Command::AlesiaForce, &[5, 0, 0, 0, 0, 0, 0, 0]);
    let (r, g) = (hex(&game, &rampart), hex(&game, &garden));
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    // 9.11 leaves one designation open (the cohort is the only enemy in
    // front): the engine takes it at once.
    if pending(&game) == Some(CombatPending::Designation { side: GAULS }) {
        game.apply(combat(CombatAction::Designate { attacker: g, join: None })).unwrap();
    }
    game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    for _ in 0..50 {
        match pending(&game) {
            Some(CombatPending::Advance { .. }) | None => break,
            Some(_) => {
                let first = game.legal_actions()[0].clone();
                game.apply(first).unwrap();
            }
        }
    }
    assert_ne!(game.state().field.unit(cohort).and_then(|s| s.at), Some(r), "10.41: routed");
    assert!(matches!(pending(&game), Some(CombatPending::Advance { side: GAULS, .. })));
    let onto: Vec<Uid> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Place { unit, to, .. }) if to == r => Some(unit),
            _ => None,
        })
        .collect();
    assert!(!onto.is_empty() && onto.iter().all(|u| gauls.contains(u)), "{onto:?}");
}
