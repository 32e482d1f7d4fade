//! 9.25 Resolution: every DRM, each with its rule; 9.27 archers and
//! artillery; 9.3 advance after combat.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview};
use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{Region, Ring, Works};
use gboh_alesia::protocol::Alesia;
use gboh_core::board::{HexsideFeature, HexsideFeatures, Terrain};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_core::table::Drm;
use gboh_core::unit::UnitType;

/// Designates every attack open (each stack attacking, joining where it
/// must), and returns the DRMs of attack 0.
fn drms_of(mut game: Game<Alesia>) -> (Game<Alesia>, Vec<(String, String, Drm)>) {
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    loop {
        match pending(&game) {
            Some(CombatPending::Designation { .. }) => {
                let first = game.legal_actions()[0].clone();
                game.apply(first).unwrap();
            }
            // 9.22: the defender stands; 4.32: its leader stays with it.
            Some(CombatPending::RetreatBeforeShock { .. } | CombatPending::Leader { .. }) => {
                game.apply(combat(CombatAction::Done)).unwrap();
            }
            _ => break,
        }
    }
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!("{:?}", pending(&game))
    };
    let list = modifiers.iter().map(|m| (m.rule.clone(), m.what.clone(), m.drm)).collect();
    (game, list)
}

fn has(list: &[(String, String, Drm)], rule: &str, what: &str, drm: i32) -> bool {
    list.iter().any(|(r, w, d)| r == rule && w.contains(what) && *d == Drm(drm))
}

/// A cohort at T0505 facing twelve o'clock, a BI north-east of it facing
/// `facing`.
fn cohort_and_bi(facing: Facing) -> Pos {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, facing);
    p
}

#[test]
fn rule_9_25_position_superiority_through_flank_or_rear_plus_3() {
    let (_, front) = drms_of(cohort_and_bi(Facing::Six).activate(legion_of("X-1"), &[]));
    assert!(!front.iter().any(|(_, w, _)| w.contains("superiority")), "{front:?}");
    assert!(has(&front, "9.43", "weapon systems CO against BI", 1), "{front:?}");
    let (_, flank) = drms_of(cohort_and_bi(Facing::Ten).activate(legion_of("X-1"), &[]));
    assert!(
        has(&flank, "9.25", "position superiority: through the defender's flank", 3),
        "{flank:?}"
    );
    let (_, rear) = drms_of(cohort_and_bi(Facing::Twelve).activate(legion_of("X-1"), &[]));
    assert!(has(&rear, "9.25", "position superiority: through the defender's rear", 3), "{rear:?}");
}

#[test]
fn rule_9_25_light_infantry_through_a_flank_plus_1() {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("Numidian-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Ten);
    let labienus = setup().lid("Labienus").unwrap();
    let (_, list) = drms_of(p.activate(Command::Auxiliaries(labienus), &[]));
    assert!(has(&list, "9.25", "position superiority", 1), "{list:?}");
    assert!(has(&list, "9.25", "TQ differential 5 to 6", -1), "{list:?}");
}

#[test]
fn rule_9_25_rampart_exception_1_only_the_rear_counts_from_below() {
    let rampart = Works::Rampart { ring: Ring::Contravallation, gate: false };
    for (facing, superiority) in [(Facing::Ten, false), (Facing::Twelve, true)] {
        let mut b = test_board(9, 9);
        let ne = nb(&b, "T0505", Direction::NE);
        set(&mut b, &ne, Terrain::Clear, 0, rampart, Region::Inside);
        let mut p = Pos::on(b);
        let co = p.unit("X-1", "T0505", Facing::Twelve);
        // Moved up (9.11): its ZOC does not reach the rampart (7.22, 9.12).
        p.with(co, 0, UnitFlags::MOVED);
        p.unit("Aedui-1", &ne, facing);
        let (_, list) = drms_of(p.activate(legion_of("X-1"), &[]));
        assert_eq!(
            list.iter().any(|(_, w, _)| w.contains("superiority")),
            superiority,
            "{facing:?}: {list:?}"
        );
        assert!(has(&list, "9.25", "Rampart attacked from below", -3), "{list:?}");
    }
}

#[test]
fn rule_9_25_terrain_only_the_highest_when_attacked_from_two_hexes() {
    // Publisher's ruling: a hex attacked from two hexes takes only the
    // highest terrain DRM.
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    let other = nb(&b, &d, Direction::SE);
    let dh = b.hex_of(&d).unwrap();
    assert!(b.add_hexside(
        b.hex_of("T0505").unwrap(),
        Direction::NE,
        HexsideFeatures::EMPTY.with(HexsideFeature::StoneWall)
    ));
    assert!(b.add_hexside(
        dh,
        Direction::SE,
        HexsideFeatures::EMPTY.with(HexsideFeature::CampWall)
    ));
    let mut p = Pos::on(b);
    // Both moved up (9.11): their ZOCs do not cross the walls (7.22, 9.12).
    let a = p.unit("X-1", "T0505", Facing::Twelve);
    let b = p.unit("X-2", &other, Facing::Twelve);
    p.with(a, 0, UnitFlags::MOVED);
    p.with(b, 0, UnitFlags::MOVED);
    p.unit("Aedui-1", &d, Facing::Six);
    // 9.23: a Pre-Shock Check for the defender, passed on 0.
    let (_, list) = drms_of(p.activate(legion_of("X-1"), &[0]));
    let terrain: Vec<_> = list.iter().filter(|(_, w, _)| w.starts_with("terrain")).collect();
    assert_eq!(terrain.len(), 1, "{list:?}");
    assert_eq!(terrain[0].2, Drm(-3), "the camp wall, not the stone wall: {list:?}");
    assert!(has(&list, "9.25", "unit numbers 2 to 1", 1), "{list:?}");
}

#[test]
fn rule_4_34_charisma_and_6_72_disorder() {
    let mut p = cohort_and_bi(Facing::Six);
    p.leader("Caesar", "T0504");
    let co = p.uid("X-1");
    p.with(co, 0, UnitFlags::DISORDERED);
    let ne = p.nb("T0505", Direction::NE);
    p.leader("Commius", &ne);
    // 9.24: he is stacked with a defending unit: a roll of 1 spares him.
    let (_, list) = drms_of(p.activate(legion_of("X-1"), &[1]));
    assert!(has(&list, "4.34", "with or next to the attackers", 1), "{list:?}");
    assert!(has(&list, "4.34", "with or next to the defenders", -1), "{list:?}");
    assert!(has(&list, "9.25", "an attacking unit is Disordered", -1), "{list:?}");
}

#[test]
fn rule_9_25_moving_attack_plus_1_but_not_across_a_wall() {
    let mut p = cohort_and_bi(Facing::Six);
    let co = p.uid("X-1");
    p.with(co, 0, UnitFlags::MOVED);
    let (_, list) = drms_of(p.activate(legion_of("X-1"), &[0]));
    assert!(has(&list, "9.25", "moving attack", 1), "{list:?}");
    let mut b = test_board(9, 9);
    assert!(b.add_hexside(
        b.hex_of("T0505").unwrap(),
        Direction::NE,
        HexsideFeatures::EMPTY.with(HexsideFeature::StoneWall)
    ));
    let mut p = Pos::on(b);
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.with(co, 0, UnitFlags::MOVED);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let (_, list) = drms_of(p.activate(legion_of("X-1"), &[0]));
    assert!(!list.iter().any(|(_, w, _)| w == "moving attack"), "{list:?}");
}

#[test]
fn rule_9_25_weapon_systems_the_attacker_chooses_first() {
    // Gallic lancers and their light infantry attack a cohort together.
    let mut p = Pos::on(test_board(9, 9));
    let d = p.nb("T0505", Direction::NE);
    let other = p.nb(&d, Direction::SE);
    p.unit("GallicCavalry-1", "T0505", Facing::Twelve);
    p.unit("GallicCavalry-LI1", &other, Facing::Twelve);
    p.unit("X-1", &d, Facing::Six);
    let leader = setup().lid("CavalryLeader-1").unwrap();
    let (mut game, list) = drms_of(p.activate(Command::GallicCavalry(leader), &[5]));
    // The preview assumes the attacker's best pick: lancers.
    assert!(has(&list, "9.43", "LN against CO", -2), "{list:?}");
    game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    assert_eq!(pending(&game), Some(CombatPending::Weapon { side: gboh_alesia::GAULS, attack: 0 }));
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::Weapon { unit_type: UnitType::LI }),
            combat(CombatAction::Weapon { unit_type: UnitType::LN }),
        ]
    );
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Weapon { unit_type: UnitType::LI })
    else {
        panic!()
    };
    assert!(modifiers.iter().any(|m| m.what == "weapon systems LI against CO" && m.drm == Drm(-3)));
    let events = game.apply(combat(CombatAction::Weapon { unit_type: UnitType::LI })).unwrap();
    let resolved = combat_events(&events).into_iter().find_map(|(_, e)| match e {
        CombatEvent::Family(SimpleEvent::ShockResolved { modifiers, .. }) => Some(modifiers),
        _ => None,
    });
    assert!(resolved.unwrap().iter().any(|m| m.what == "weapon systems LI against CO"));
}

#[test]
fn rule_9_27_archers_alone_are_eliminated_and_the_attacker_advances() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let archer = p.unit("Arverni-A1", &ne, Facing::Six);
    let hex = p.hex(&ne);
    let mut game = p.activate(legion_of("X-1"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate {
        attacker: game.state().field.unit(co).unwrap().at.unwrap(),
        join: None,
    }))
    .unwrap();
    let events = game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "9.27"
        && matches!(e, CombatEvent::Family(SimpleEvent::Eliminated { unit }) if *unit == archer)));
    assert!(events.iter().all(|e| e.rolls.is_empty()), "no roll");
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: ROMANS, attack: 0 }));
    let facings: Vec<Facing> = game
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            gboh_alesia::protocol::Action::Combat(CombatAction::Place { to, facing, .. }) => {
                assert_eq!(to, hex);
                facing
            }
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(facings, [Facing::Ten, Facing::Twelve, Facing::Two], "9.32: one vertex either way");
    game.apply(combat(CombatAction::Place { unit: co, to: hex, facing: Facing::Two })).unwrap();
    assert_eq!(game.state().field.unit(co).unwrap().at, Some(hex));
    assert_eq!(game.state().field.unit(co).unwrap().facing, Facing::Two);
}

#[test]
fn rule_9_33_the_unit_that_gave_a_positive_drm_advances() {
    // Two cohorts attack a BI; one through its flank (+3).
    let mut p = Pos::on(test_board(9, 9));
    let d = p.nb("T0505", Direction::NE);
    let other = p.nb(&d, Direction::SE);
    p.unit("X-1", &other, Facing::Twelve);
    let flank = p.unit("X-2", "T0505", Facing::Twelve);
    // The BI faces the first cohort: the second is on its flank.
    p.unit("Aedui-1", &d, Facing::Four);
    let hex = p.hex(&d);
    // +3 flank, +1 CO against BI, +1 two to one: a roll of 4 reads 9, four
    // hits and a retreat.
    let mut game = p.activate(legion_of("X-1"), &[4]);
    let (mut game, list) = {
        let (g, l) = drms_of(game);
        game = g;
        (game, l)
    };
    assert!(has(&list, "9.25", "flank", 3), "{list:?}");
    game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    // Retreat choices, then the advance.
    while let Some(p) = pending(&game) {
        if let CombatPending::Advance { .. } = p {
            let units: Vec<_> = game
                .legal_actions()
                .into_iter()
                .filter_map(|a| match a {
                    gboh_alesia::protocol::Action::Combat(CombatAction::Place { unit, .. }) => {
                        Some(unit)
                    }
                    _ => None,
                })
                .collect();
            assert!(units.iter().all(|&u| u == flank), "only the flanking cohort: {units:?}");
            let first = game.legal_actions()[0].clone();
            game.apply(first).unwrap();
            break;
        }
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    assert_eq!(game.state().field.unit(flank).unwrap().at, Some(hex));
}

#[test]
fn rule_9_25_leftover_hits_are_placed_by_the_inflicting_player_top_units_first() {
    // Three hits on four BI in two stacks: none each evenly, the two top
    // units one each, and the Roman player picks the bottom unit for the third.
    let rows = "(rolls: (0, 10), result: (attacker_hits: 3, defender_hits: 0), provenance: Reconstructed),";
    let mut p = Pos::on_setup(setup_with_shock(test_board(9, 9), rows));
    let d = p.nb("T0505", Direction::NE);
    let other = p.nb(&d, Direction::SE);
    let tops =
        [p.unit("Aedui-1", "T0505", Facing::Twelve), p.unit("Aedui-3", &other, Facing::Twelve)];
    let bottoms =
        [p.unit("Aedui-2", "T0505", Facing::Twelve), p.unit("Aedui-4", &other, Facing::Twelve)];
    p.unit("X-1", &d, Facing::Six);
    let (mut game, _) = drms_of(p.activate(tribe_of("Aedui-1", "Viridomarus"), &[5]));
    game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap();
    assert_eq!(pending(&game), Some(CombatPending::DistributeHits { side: ROMANS, leftover: 3 }));
    let choices: Vec<Vec<_>> = game
        .legal_actions()
        .into_iter()
        .map(|a| match a {
            gboh_alesia::protocol::Action::Combat(CombatAction::DistributeHits { units }) => units,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(choices.len(), 2, "which bottom unit: {choices:?}");
    for (choice, bottom) in choices.iter().zip(bottoms) {
        assert!(tops.iter().all(|t| choice.contains(t)) && choice.contains(&bottom), "{choice:?}");
    }
    game.apply(combat(CombatAction::DistributeHits { units: choices[1].clone() })).unwrap();
    let total: u8 = tops.iter().chain(&bottoms).map(|&u| hits_of(&game, u)).sum();
    assert_eq!(total, 3);
    assert!(tops.iter().all(|&u| hits_of(&game, u) == 1));
    assert_eq!(hits_of(&game, bottoms[1]), 1);
}

#[test]
fn rule_9_25_the_preview_places_leftover_hits_as_the_first_legal_choice() {
    // The odds (9.25 "#") give the leftover to the first of every legal
    // choice: the same units, for every leftover, found without listing them.
    use gboh_alesia::combat::effects::hits;
    let mut p = Pos::on(test_board(9, 9));
    let other = p.nb("T0505", Direction::SE);
    let units = [
        p.unit("Aedui-1", "T0505", Facing::Twelve),
        p.unit("Aedui-2", "T0505", Facing::Twelve),
        p.unit("Aedui-3", &other, Facing::Twelve),
        p.unit("Aedui-4", &other, Facing::Twelve),
        p.unit("Aedui-5", &other, Facing::Twelve),
    ];
    let field = &p.field;
    for k in 0..=6u8 {
        for n in 1..=units.len() {
            let some = &units[..n];
            let mut first: Vec<_> = some
                .iter()
                .zip(hits::first_leftover_choice(field, some, k))
                .filter(|(_, takes)| *takes)
                .map(|(&u, _)| u)
                .collect();
            let mut listed =
                hits::leftover_choices(field, some, k).into_iter().next().unwrap_or_default();
            first.sort();
            listed.sort();
            assert_eq!(first, listed, "{k} leftover on {n} units");
        }
    }
}
