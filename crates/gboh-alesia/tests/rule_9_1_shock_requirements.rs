//! 9.1 Shock and Assault Requirements (9.11, 9.12), 9.21 Shock Designation,
//! 9.26 who may shock.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{Region, Ring, SiegeWorks, Works};
use gboh_alesia::protocol::Action;
use gboh_core::board::Terrain;
use gboh_core::facing::{Direction, Facing};

#[test]
fn rule_9_11_a_unit_that_moved_into_contact_must_attack() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.with(co, 0, UnitFlags::MOVED);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    // 9.23: a Pre-Shock Check (passed on 0).
    let mut game = p.activate(legion_of("X-1"), &[0]);
    assert!(game.check(&Action::EndActivation).is_err(), "9.11: begin shock first");
    assert!(!game.legal_actions().contains(&Action::EndActivation));
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    // The only answer is to attack: taken at once, then the choice of the attack.
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: ROMANS }));
}

#[test]
fn rule_9_12_an_unmoved_unit_in_contact_may_attack() {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let target = p.hex("T0505");
    let mut game = p.activate(legion_of("X-1"), &[]);
    assert!(game.check(&Action::EndActivation).is_ok());
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(pending(&game), Some(CombatPending::Designation { side: ROMANS }));
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::Designate { attacker: target, join: None }),
            combat(CombatAction::Done)
        ]
    );
    let events = game.apply(combat(CombatAction::Done)).unwrap();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockEnded)))
    );
    assert_eq!(pending(&game), None);
    assert!(game.legal_actions().contains(&Action::EndActivation));
}

#[test]
fn rule_9_21_a_unit_attacks_every_enemy_in_its_front_together() {
    let mut p = Pos::on(test_board(9, 9));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    p.with(co, 0, UnitFlags::MOVED);
    let (ne, nw) = (p.nb("T0505", Direction::NE), p.nb("T0505", Direction::NW));
    p.unit("Aedui-1", &ne, Facing::Six);
    p.unit("Aedui-6", &nw, Facing::Six);
    let (ne, nw) = (p.hex(&ne), p.hex(&nw));
    let mut game = p.activate(legion_of("X-1"), &[0, 0]);
    let events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    let designated = combat_events(&events).into_iter().find_map(|(_, e)| match e {
        CombatEvent::Family(SimpleEvent::Designated { defenders, .. }) => Some(defenders),
        _ => None,
    });
    let mut d = designated.unwrap();
    d.sort_by_key(|h| (h.x, h.y));
    let mut expected = vec![ne, nw];
    expected.sort_by_key(|h| (h.x, h.y));
    assert_eq!(d, expected, "not split: both in one attack");
}

#[test]
fn rule_9_26_archers_never_shock_and_cavalry_not_onto_a_rampart() {
    let mut b = test_board(9, 9);
    let ne = nb(&b, "T0505", Direction::NE);
    set(
        &mut b,
        &ne,
        Terrain::Clear,
        0,
        Works::Rampart { ring: Ring::Contravallation, gate: false },
        Region::Inside,
    );
    let mut p = Pos::on(b);
    let gc = p.unit("German-1", "T0505", Facing::Twelve);
    p.with(gc, 0, UnitFlags::MOVED);
    p.unit("Aedui-1", &ne, Facing::Six);
    let prefect = p.field.setup().lid("Prefect-1").unwrap();
    let mut game = p.activate(Command::RomanCavalry(prefect), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(pending(&game), None, "nothing to designate: shock is over at once");

    let mut p = Pos::on(test_board(9, 9));
    let archer = p.unit("Archers-1", "T0505", Facing::Twelve);
    p.with(archer, 0, UnitFlags::MOVED);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let mut game = p.activate(Command::Auxiliaries(labienus), &[]);
    assert!(game.check(&Action::EndActivation).is_ok(), "archers never must attack");
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(pending(&game), None);
}

#[test]
fn rule_9_11_a_cohort_on_the_circumvallation_must_attack_the_besieged_in_its_zoc() {
    // West map: the cohort on a circumvallation rampart faces the inner
    // Garden below it, where a unit of the Alesia Force stands. The Garden is
    // on Alesia's side of the works: "outside the Ramparts" (6.41: only the
    // hexes between the two rings, and the ramparts, are inside).
    let mut p = Pos::west();
    let (rampart, garden, gaul_facing, cohort_facing) =
        inner_garden_before_circumvallation(&p.field.setup().board);
    assert_eq!(p.field.setup().board.region(p.hex(&garden)), Some(Region::Besieged));
    p.unit("X-1", &rampart, cohort_facing);
    let id = alesia_force_ids(1).remove(0);
    p.unit(&id, &garden, gaul_facing);
    let mut game = p.activate(legion_of("X-1"), &[9, 9, 9, 9]);
    assert!(
        game.check(&Action::EndActivation).is_err(),
        "9.11: units on a Rampart with enemies outside the Ramparts in their ZOC must attack"
    );
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert!(!legal(&game, &CombatAction::Done), "9.12: such units Must Shock");
}

#[test]
fn rule_9_12_a_gaul_below_a_rampart_has_no_enemy_in_its_zoc_and_may_not_attack_unmoved() {
    // 9.21's position: BI in the outer Garden W3910 before the cohort on
    // W3911, but they have not moved this activation. Their ZOC does not
    // reach up onto the rampart (7.22), so they did not start the Activation
    // Phase "with an enemy unit in [their] ZOC" (9.12): no voluntary attack.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    p.unit("Arverni-1", "W3910", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[]);
    assert!(game.check(&Action::EndActivation).is_ok());
    let events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Combat(CombatAction::Designate { .. }))),
        "9.12: nobody may attack"
    );
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockEnded)))
    );
}

#[test]
fn rule_9_12_a_cohort_on_the_rampart_with_a_gaul_in_its_zoc_attacks_it_from_above() {
    // The other way round: the cohort's ZOC reaches down into the Garden
    // (7.22), and W3910 is outside the contravallation: 9.11's last sentence
    // makes the attack mandatory (9.12: "Such units Must Shock").
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    p.unit("Arverni-1", "W3910", Facing::Four);
    let game = p.activate(legion_of("X-1"), &[9, 9, 9, 9]);
    assert!(game.check(&Action::EndActivation).is_err(), "9.11");
}
