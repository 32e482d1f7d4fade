//! 8.4 Flame, 8.5 artillery modes, 8.6 Reaction Fire.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::ROMANS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::state::ReactionKind;
use gboh_alesia::combat::{
    self, CombatAction, CombatEvent, CombatPending, CombatPreview, SiegeAction, flame, reaction,
};
use gboh_alesia::command::Command;
use gboh_alesia::game::UnitFlags;
use gboh_alesia::map::{Region, Ring, Works};
use gboh_core::board::Terrain;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::Status;

fn rampart() -> Works {
    Works::Rampart { ring: Ring::Contravallation, gate: false }
}

/// A rampart at T0505's north-east with a cohort on it; the hexes behind it
/// inside the works; a Gallic archer at T0505.
fn wall() -> Pos {
    let mut b = test_board(9, 9);
    let d = nb(&b, "T0505", Direction::NE);
    set(&mut b, &d, Terrain::Clear, 0, rampart(), Region::Inside);
    let (a, dh) = (b.hex_of("T0505").unwrap(), b.hex_of(&d).unwrap());
    for n in b.neighbors(dh).into_iter().flatten().collect::<Vec<_>>() {
        if n.unsigned_distance_to(a) > 1 {
            let l = b.label(n).unwrap().to_string();
            set(&mut b, &l, Terrain::Clear, 0, Works::None, Region::Inside);
        }
    }
    let mut p = Pos::on(b);
    p.unit("Arverni-A1", "T0505", Facing::Twelve);
    p.unit("X-1", &d, Facing::Six);
    p
}

#[test]
fn rule_8_43_a_hex_set_on_fire_hits_its_units_and_drives_them_out() {
    let p = wall();
    let (archer, co) = (p.uid("Arverni-A1"), p.uid("X-1"));
    let target = p.field.unit(co).unwrap().at.unwrap();
    let mut game = p.activate(tribe_of("Arverni-A1", "Vercassivellaunus"), &[0]);
    let a = CombatAction::Game(SiegeAction::Flame { unit: archer, target });
    let CombatPreview::Check { modifiers, odds } = preview(&game, a.clone()) else { panic!() };
    assert!(modifiers.iter().any(|m| m.what == "target on a Rampart, archery from below"));
    assert_eq!(odds.chance(&true).to_string(), "3/10", "Flame range 1: 3, +1 from below");
    let events = game.apply(combat(a)).unwrap();
    let ce = combat_events(&events);
    assert!(
        ce.iter().any(|(rule, e)| *rule == "8.43" && matches!(e, CombatEvent::SetOnFire { .. }))
    );
    assert!(game.state().field.markers(target).on_fire);
    assert_eq!(hits_of(&game, co), 1);
    // It must leave the hex, as in a retreat (to the inside).
    while pending(&game).is_some() {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    assert_ne!(game.state().field.unit(co).unwrap().at, Some(target));
}

#[test]
fn rule_8_44_a_roman_unit_puts_out_a_fire_on_0_to_5_as_its_only_action() {
    let mut b = test_board(9, 9);
    set(&mut b, "T0505", Terrain::Clear, 0, rampart(), Region::Inside);
    let fire_label = nb(&b, "T0505", Direction::NE);
    set(&mut b, &fire_label, Terrain::Clear, 0, rampart(), Region::Inside);
    let mut p = Pos::on(b);
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let fire = p.hex(&fire_label);
    p.field.markers_mut(fire).unwrap().on_fire = true;
    let mut game = p.activate(legion_of("X-1"), &[5]);
    let a = CombatAction::Game(SiegeAction::PutOutFire { unit: co, hex: fire });
    let CombatPreview::Check { odds, .. } = preview(&game, a.clone()) else { panic!() };
    assert_eq!(odds.chance(&true).to_string(), "6/10");
    game.apply(combat(a)).unwrap();
    assert!(!game.state().field.markers(fire).on_fire);
    assert!(combat::may_move(game.state(), co).is_err());
}

#[test]
fn rule_8_45_a_fire_near_an_activated_chief_burns_down_on_9_and_8_46_repairs() {
    let p = wall();
    let co = p.uid("X-1");
    let target = p.field.unit(co).unwrap().at.unwrap();
    let mut p = p;
    p.field.markers_mut(target).unwrap().on_fire = true;
    let chief = p.leader("Vercassivellaunus", "T0505");
    let mut state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    let mut events = Vec::new();
    flame::burn_down(&mut state, chief, &mut Dice::scripted([9]), &mut events).unwrap();
    assert!(state.field.markers(target).rubble);
    assert_eq!(state.field.unit(co).unwrap().cohesion.status, Status::Eliminated);
    assert!(!combat::terrain::is_rampart(&state.field, target), "8.45: no longer a Rampart");
    flame::end_of_period(&mut state);
    assert!(!state.field.markers(target).rubble && !state.field.markers(target).on_fire);
}

#[test]
fn rule_8_52_artillery_changes_mode_as_its_only_action_and_8_56_palintonos_not_adjacent() {
    let mut p = Pos::on(test_board(9, 9));
    let gun = p.unit("Palintonos-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let target = p.hex(&ne);
    let mut game = p.activate(Command::Auxiliaries(setup().lid("Labienus").unwrap()), &[]);
    let events =
        game.apply(combat(CombatAction::Game(SiegeAction::ChangeMode { unit: gun }))).unwrap();
    assert!(combat_events(&events).iter().any(
        |(rule, e)| *rule == "8.52" && matches!(e, CombatEvent::ModeChanged { fire: true, .. })
    ));
    assert!(
        !legal(&game, &CombatAction::Fire { unit: gun, target, will_move: false }),
        "changing mode was all it could do"
    );
    let mut p = Pos::on(test_board(9, 9));
    let gun = p.unit("Palintonos-1", "T0505", Facing::Twelve);
    p.with(gun, 0, UnitFlags::FIRE_MODE);
    p.unit("Aedui-1", &ne, Facing::Six);
    let game = p.activate(Command::Auxiliaries(setup().lid("Labienus").unwrap()), &[]);
    let err = game
        .check(&combat(CombatAction::Fire { unit: gun, target, will_move: false }))
        .unwrap_err();
    assert!(err.to_string().starts_with("8.56"), "{err}");
}

#[test]
fn rule_8_63_return_fire_from_the_target_hex() {
    let mut p = Pos::on(test_board(9, 9));
    let gaul = p.unit("Arverni-A1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let roman = p.unit("Archers-1", &ne, Facing::Six);
    let target = p.hex(&ne);
    let from = p.hex("T0505");
    let mut game = p.activate(tribe_of("Arverni-A1", "Vercassivellaunus"), &[9, 0]);
    game.apply(combat(CombatAction::Fire { unit: gaul, target, will_move: false })).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Return })
    );
    let events = game.apply(combat(CombatAction::React { unit: roman, target: from })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "8.16"
        && matches!(e, CombatEvent::Family(SimpleEvent::Fired { hit: true, .. }))));
    assert_eq!(hits_of(&game, gaul), 1);
    assert_eq!(pending(&game), None);
}

#[test]
fn rule_8_61_retire_reaction_at_range_two_before_the_unit_leaves() {
    let mut p = Pos::on(test_board(9, 9));
    let roman = p.unit("Archers-1", "T0505", Facing::Twelve);
    let ne = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &ne, Facing::Twelve);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    assert!(reaction::open_retire(&mut state, bi));
    let mut game = game(state, &[3]);
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Retire })
    );
    let CombatPreview::Shot { shot, .. } = preview(
        &game,
        CombatAction::React {
            unit: roman,
            target: game.state().field.unit(bi).unwrap().at.unwrap(),
        },
    ) else {
        panic!()
    };
    assert_eq!((shot.range, shot.read_at, shot.hit_number), (1, 2, 3), "A at range 2");
    assert_eq!(shot.affected, [bi]);
    let target = shot.spec.target;
    game.apply(combat(CombatAction::React { unit: roman, target })).unwrap();
    assert_eq!(hits_of(&game, bi), 1);
    // Offered once per departure.
    let mut state = game.into_state();
    assert!(!reaction::open_retire(&mut state, bi));
}

#[test]
fn rule_8_64_a_free_artillery_shot_before_shock() {
    let mut p = Pos::on(test_board(9, 9));
    let gun = p.unit("X-Scorpio", "T0505", Facing::Twelve);
    p.with(gun, 0, UnitFlags::FIRE_MODE);
    let far = p.nb(&p.nb("T0505", Direction::NE), Direction::NE);
    p.unit("Aedui-1", &far, Facing::Six);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::FreeShot })
    );
    game.apply(combat(CombatAction::Done)).unwrap();
    assert_eq!(pending(&game), None);
}
