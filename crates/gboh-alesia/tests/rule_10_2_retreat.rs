//! 10.2 Retreat (10.21-10.25), 9.22 Retreat Before Shock and pursuit, 10.3
//! Continued Shock.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{Region, Ring, Works};
use gboh_alesia::protocol::Action;
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::board::Terrain;
use gboh_core::facing::{Direction, Facing};

const ALWAYS_RETREAT: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true), provenance: Reconstructed),";

/// Designates the one attack open (standing against Retreat Before Shock)
/// and resolves it.
fn attack_and_resolve(
    game: &mut gboh_core::game::Game<gboh_alesia::protocol::Alesia>,
) -> Vec<gboh_core::game::Event<gboh_alesia::protocol::AlesiaEvent>> {
    let mut events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    loop {
        match pending(game) {
            Some(CombatPending::Designation { .. }) => {
                let first = game.legal_actions()[0].clone();
                events.extend(game.apply(first).unwrap());
            }
            Some(CombatPending::RetreatBeforeShock { .. }) => {
                events.extend(game.apply(combat(CombatAction::Done)).unwrap())
            }
            Some(CombatPending::ResolutionOrder { .. }) => {
                events.extend(game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap());
                return events;
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn rule_10_23_a_unit_that_cannot_retreat_takes_two_more_hits() {
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    let a = b.hex_of("T0505").unwrap();
    let dh = b.hex_of(&d).unwrap();
    for n in b.neighbors(dh).into_iter().flatten().collect::<Vec<_>>() {
        if n.unsigned_distance_to(a) > dh.unsigned_distance_to(a) {
            let l = b.label(n).unwrap().to_string();
            set(&mut b, &l, Terrain::Water, 0, Works::None, Region::Outside);
        }
    }
    let mut p = Pos::on_setup(setup_with_shock(b, ALWAYS_RETREAT));
    p.unit("X-1", "T0505", Facing::Twelve);
    let bi = p.unit("Aedui-1", &d, Facing::Six);
    let mut game = p.activate(legion_of("X-1"), &[5]);
    let events = attack_and_resolve(&mut game);
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.23"
        && matches!(e, CombatEvent::Family(SimpleEvent::NoRetreat { unit }) if *unit == bi)));
    assert_eq!(hits_of(&game, bi), 3, "one from the table, two for not retreating");
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(dh));
}

#[test]
fn rule_10_24_on_a_rampart_attacked_from_below_a_unit_may_stand_for_one_hit() {
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    set(
        &mut b,
        &d,
        Terrain::Clear,
        0,
        Works::Rampart { ring: Ring::Contravallation, gate: false },
        Region::Inside,
    );
    // Behind the rampart, the inside of the works.
    let (a, dh) = (b.hex_of("T0505").unwrap(), b.hex_of(&d).unwrap());
    for n in b.neighbors(dh).into_iter().flatten().collect::<Vec<_>>() {
        if n.unsigned_distance_to(a) > 1 {
            let l = b.label(n).unwrap().to_string();
            set(&mut b, &l, Terrain::Clear, 0, Works::None, Region::Inside);
        }
    }
    let mut p = Pos::on_setup(setup_with_shock(b, ALWAYS_RETREAT));
    let bi = p.unit("Aedui-1", "T0505", Facing::Twelve);
    // It moved up (9.11): from below, its ZOC does not reach the rampart
    // (7.22), so it could not attack unmoved (9.12).
    p.with(bi, 0, UnitFlags::MOVED);
    let co = p.unit("X-1", &d, Facing::Six);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[5]);
    attack_and_resolve(&mut game);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    assert!(legal(&game, &CombatAction::Done), "10.24: stand");
    let events = game.apply(combat(CombatAction::Done)).unwrap();
    assert!(
        combat_events(&events).iter().any(|(rule, e)| *rule == "10.24"
            && matches!(e, CombatEvent::Family(SimpleEvent::Stood { .. })))
    );
    assert_eq!(hits_of(&game, co), 2);
    assert_eq!(
        game.state().field.unit(co).unwrap().at,
        Some(game.state().setup().board.hex_of(&d).unwrap())
    );
}

#[test]
fn rule_10_22_10_25_no_garden_of_death_and_a_hit_in_front_of_enemy_missiles() {
    // The BI's only retreat hexes: a Garden of Death, and one in front of a
    // Roman archer.
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    let a = b.hex_of("T0505").unwrap();
    let dh = b.hex_of(&d).unwrap();
    let away: Vec<_> =
        b.neighbors(dh).into_iter().flatten().filter(|n| n.unsigned_distance_to(a) > 1).collect();
    let labels: Vec<String> = away.iter().map(|h| b.label(*h).unwrap().to_string()).collect();
    set(
        &mut b,
        &labels[0],
        Terrain::Clear,
        0,
        Works::GardenOfDeath { ring: Ring::Contravallation },
        Region::Outside,
    );
    set(&mut b, &labels[1], Terrain::Water, 0, Works::None, Region::Outside);
    let open = labels[2].clone();
    let mut p = Pos::on_setup(setup_with_shock(b, ALWAYS_RETREAT));
    p.unit("X-1", "T0505", Facing::Twelve);
    let bi = p.unit("Aedui-1", &d, Facing::Six);
    // A Roman archer whose front covers the open hex.
    let archer_hex = p.nb(&open, Direction::NE);
    p.unit("Archers-1", &archer_hex, Facing::Six);
    let mut game = p.activate(legion_of("X-1"), &[5]);
    let events = attack_and_resolve(&mut game);
    assert_eq!(
        game.state().field.unit(bi).unwrap().at,
        Some(game.state().setup().board.hex_of(&open).unwrap())
    );
    assert!(hits_taken(&events).contains(&(bi, 1)));
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.25"
        && matches!(e, CombatEvent::Family(SimpleEvent::Hits { unit, .. }) if *unit == bi)));
    assert_eq!(hits_of(&game, bi), 2);
}

#[test]
fn rule_9_22_a_faster_defender_retreats_before_shock_and_the_attacker_may_pursue() {
    let mut p = Pos::on(test_board(11, 11));
    let bi = p.unit("Aedui-1", "T0505", Facing::Twelve);
    p.with(bi, 0, UnitFlags::MOVED);
    let d = p.nb("T0505", Direction::NE);
    let lc = p.unit("Iberian-1", &d, Facing::Six);
    let dh = p.hex(&d);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(pending(&game), Some(CombatPending::RetreatBeforeShock { side: ROMANS, attack: 0 }));
    let options: Vec<_> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Place { unit, to, .. }) if unit == lc => Some(to),
            _ => None,
        })
        .collect();
    let a = game.state().field.unit(bi).unwrap().at.unwrap();
    assert!(options.iter().all(|h| h.unsigned_distance_to(a) >= 2), "away from the attacker");
    assert!(options.iter().any(|h| h.unsigned_distance_to(a) == 5), "up to 4 MP: half of 8");
    let to = *options.iter().find(|h| h.unsigned_distance_to(a) == 5).unwrap();
    let events =
        game.apply(combat(CombatAction::Place { unit: lc, to, facing: Facing::Six })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "9.22"
        && matches!(e, CombatEvent::Family(SimpleEvent::Retreated { .. }))));
    // Every defender went: the BI may pursue, first into the vacated hex.
    assert_eq!(pending(&game), Some(CombatPending::Pursuit { side: GAULS, attack: 0 }));
    assert!(legal(&game, &CombatAction::Place { unit: bi, to: dh, facing: Facing::Twelve }));
    game.apply(combat(CombatAction::Place { unit: bi, to: dh, facing: Facing::Twelve })).unwrap();
    assert_eq!(game.state().field.unit(bi).unwrap().at, Some(dh));
    assert_eq!(pending(&game), None);
    assert!(game.check(&Action::EndActivation).is_ok());
}

#[test]
fn rule_10_3_continued_shock_advances_and_attacks_again_as_a_moving_attack() {
    let rows = "(rolls: (0, 4), result: (attacker_hits: 1, defender_hits: 1), provenance: Reconstructed),\n\
                (rolls: (5, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true, continued_shock: true), provenance: Reconstructed),";
    let mut b = test_board(11, 11);
    let d = nb(&b, "T0505", Direction::NE);
    let beyond = nb(&b, &d, Direction::NE);
    // Only one way back for the first BI: north-west of its hex.
    let a = b.hex_of("T0505").unwrap();
    let dh = b.hex_of(&d).unwrap();
    let nw = nb(&b, &d, Direction::NW);
    for n in b.neighbors(dh).into_iter().flatten().collect::<Vec<_>>() {
        let l = b.label(n).unwrap().to_string();
        if n.unsigned_distance_to(a) > 1 && l != nw && l != beyond {
            set(&mut b, &l, Terrain::Water, 0, Works::None, Region::Outside);
        }
    }
    let mut p = Pos::on_setup(setup_with_shock(b, rows));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.unit("Aedui-1", &d, Facing::Six);
    p.unit("Aedui-6", &beyond, Facing::Six);
    let nw_hex = p.hex(&nw);
    let mut game = p.activate(legion_of("X-1"), &[5, 0]);
    attack_and_resolve(&mut game);
    // The first BI retreats (north-west, or stacks with the second).
    let mut events = Vec::new();
    while let Some(CombatPending::Retreat { .. }) = pending(&game) {
        let to_nw = game
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Combat(CombatAction::Place { to, .. }) if *to == nw_hex))
            .unwrap();
        events.extend(game.apply(to_nw).unwrap());
    }
    let ce = combat_events(&events);
    assert!(ce.iter().any(|(rule, e)| *rule == "10.3"
        && matches!(e, CombatEvent::Family(SimpleEvent::Advanced { unit, facing: Facing::Twelve, .. }) if *unit == co)));
    assert!(
        ce.iter().any(|(_, e)| matches!(
            e,
            CombatEvent::Family(SimpleEvent::ContinuedShock { attack: 1 })
        ))
    );
    let second = ce.iter().find_map(|(_, e)| match e {
        CombatEvent::Family(SimpleEvent::ShockResolved { attack: 1, modifiers, .. }) => {
            Some(modifiers.clone())
        }
        _ => None,
    });
    let second = second.expect("the Continued Shock attack was resolved");
    assert!(second.iter().any(|m| m.what == "moving attack"), "{second}");
    assert_eq!(
        game.state().field.unit(co).unwrap().at,
        Some(game.state().setup().board.hex_of(&d).unwrap())
    );
}
