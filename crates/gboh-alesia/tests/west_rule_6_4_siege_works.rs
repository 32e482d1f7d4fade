//! Issue 12, section 3: 6.41-6.49 on the West map, where the assault of 9.21's
//! example takes place: the outer Gardens of Death W3910 and W4011 before the
//! contravallation rampart W3911 (walkway W3811-W3911-W4012), the redoubt
//! W3812 behind it, the deep water-filled ditch W4009/W4010 in front, the
//! inside W3912..W3917, the circumvallation W3918 with the inner Gardens
//! W3919 and W3819 and Alesia's side W3920; and the cavalry camp of W3608
//! behind its wall (W3708/W3608).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;
use crate::west_support;

use combat_support::*;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview, SiegeAction};
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{Uid, UnitFlags};
use gboh_alesia::map::{Region, SiegeWorks};
use gboh_alesia::movement::{self, FillTarget, MoveAction, MoveError, MoveEvent, MoveRules};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent};
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use hexx::Hex;
use west_support::*;

/// The cheapest MP for `unit` to end in `to`, if it can.
fn mp_to(game: &Alesia, unit: Uid, to: Hex) -> Option<u8> {
    let rules = MoveRules::for_game(game);
    let mut generator = movement::MoveGenerator::new();
    let reach = generator.reach(game, &rules, unit).ok()?;
    reach.iter().filter(|r| r.hex == to).map(|r| r.mp).min()
}

fn mv(unit: Uid, to: Hex, facing: Facing) -> MoveAction {
    MoveAction::Move { unit, to, facing }
}

fn perform(game: &mut Alesia, a: MoveAction) -> Vec<Event<AlesiaEvent>> {
    let mut events = Vec::new();
    movement::perform(game, a.clone(), &mut Dice::seeded(1), &mut events)
        .unwrap_or_else(|e| panic!("{a:?}: {e:?}"));
    events
}

fn move_hits(events: &[Event<AlesiaEvent>]) -> Vec<(&'static str, Uid, u8)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            AlesiaEvent::Move(MoveEvent::Hits { unit, hits, .. }) => Some((e.rule, *unit, *hits)),
            _ => None,
        })
        .collect()
}

fn h(game: &Alesia, label: &str) -> Hex {
    game.setup().board.hex_of(label).unwrap()
}

// ---------------------------------------------------------------- 6.41

#[test]
fn rule_6_41_column_39_from_the_outside_through_the_works_to_alesias_side() {
    // Between the two ramparts, and the ramparts themselves: inside. All
    // other hexes: outside, in front of the contravallation or on Alesia's
    // side of the circumvallation.
    let s = setup();
    let b = &s.board;
    let region = |l: &str| b.region(b.hex_of(l).unwrap()).unwrap();
    for l in ["W3908", "W3909", "W3910"] {
        assert_eq!(region(l), Region::Outside, "{l}");
    }
    for l in ["W3911", "W3912", "W3915", "W3917", "W3918", "W3812", "W4012"] {
        assert_eq!(region(l), Region::Inside, "{l}");
    }
    for l in ["W3919", "W3920", "W3921"] {
        assert_eq!(region(l), Region::Besieged, "{l}");
    }
}

#[test]
fn rule_6_41_leaving_the_circumvallation_for_alesias_side_is_leaving_for_the_outside() {
    // 6.42: +1 MP from a Rampart to a hex inside the vallation, +3 outside
    // it. Numidian LI (MA 6) on the circumvallation W3918: 1 + 1 to W3917
    // (inside); 3 (an inner Garden, 6.35) + 3 to the inner Garden W3919 on
    // Alesia's side: outside the works. (Facing the hex it goes to: no
    // facing change to pay for.)
    let labienus = setup().lid("Labienus").unwrap();
    let mut p = Pos::west();
    let li = p.unit("Numidian-1", "W3918", Facing::Ten);
    let game = p.activated(gboh_alesia::command::Command::Auxiliaries(labienus));
    assert_eq!(mp_to(&game, li, h(&game, "W3917")), Some(2));
    let mut p = Pos::west();
    let li = p.unit("Numidian-1", "W3918", Facing::Four);
    let game = p.activated(gboh_alesia::command::Command::Auxiliaries(labienus));
    assert_eq!(mp_to(&game, li, h(&game, "W3919")), Some(6));
    // The same on the contravallation: down into the outer Garden W3910 is
    // 2 + 3 for a cohort.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let game = p.activated(legion_of("X-1"));
    assert_eq!(mp_to(&game, co, h(&game, "W3910")), Some(5));
}

// ---------------------------------------------------------------- 6.42

#[test]
fn rule_6_42_a_gaul_climbs_onto_the_empty_rampart_only_from_the_garden_below_it_for_4_mp() {
    // "start its movement in an outside hex adjacent to the Rampart ... and
    // paying 4 MP": from the Garden W3910, W3911 for 4; from W3909, two hexes
    // off, not at all this activation, though 2 + 4 would not be the point:
    // it did not start adjacent (PLAY NOTE).
    let mut p = Pos::west();
    let below = p.unit("Aedui-1", "W3910", Facing::Four);
    let behind = p.unit("Aedui-6", "W3909", Facing::Four);
    let game = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let w3911 = h(&game, "W3911");
    assert_eq!(mp_to(&game, below, w3911), Some(4));
    assert_eq!(mp_to(&game, behind, w3911), None);
}

#[test]
fn rule_6_42_along_the_walkway_1_mp_and_down_inside_1_more() {
    // A Gaul who took W3911 moves along the walkway to W4012 for 1 MP, or
    // climbs down inside to W3912 for 1 + 1.
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3911", Facing::Two);
    let game = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    assert_eq!(mp_to(&game, bi, h(&game, "W4012")), Some(1));
    assert_eq!(mp_to(&game, bi, h(&game, "W3912")), Some(2));
}

// ---------------------------------------------------------------- 6.43

#[test]
fn rule_6_43_a_bi_attacks_the_cavalry_camp_across_its_wall_without_the_moving_attack() {
    // A BI that moved to W3708 faces the cohort in the camp behind the wall
    // W3708/W3608 (Six: SE W3609 and SW W3608): "They may attack across a
    // Wall hexside", and a Moving Attack across a wall gains nothing (9.25).
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3708", Facing::Six);
    moved_in(&mut p, bi, 0);
    p.unit("X-1", "W3608", Facing::Twelve);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    not_in_zoc_at_start(&mut state, bi);
    let mut game = game(state, &[0]);
    assert!(game.check(&Action::EndActivation).is_err(), "9.11: it must attack");
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: gboh_alesia::GAULS }));
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!()
    };
    let texts: Vec<String> = modifiers.iter().map(|m| m.what.clone()).collect();
    assert!(!texts.iter().any(|t| t == "moving attack"), "{texts:?}");
    assert!(texts.iter().any(|t| t.contains("CampWall")), "{texts:?}");
}

#[test]
fn rule_6_43_foot_cross_the_camp_wall_into_an_empty_hex_cavalry_never() {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3708", Facing::Six);
    let cav = p.unit("GallicCavalry-1", "W3707", Facing::Six);
    let game = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let w3608 = h(&game, "W3608");
    assert!(mp_to(&game, bi, w3608).is_some(), "a BI crosses into the empty camp");
    let mut p = Pos { field: game.field.clone() };
    p.field.remove_unit(bi);
    let lid = p.field.setup().lid("Commius").unwrap();
    let game = p.activated(gboh_alesia::command::Command::GallicCavalry(lid));
    let w3607 = h(&game, "W3607");
    assert!(mp_to(&game, cav, h(&game, "W3706")).is_some(), "it can move elsewhere");
    assert_eq!(mp_to(&game, cav, w3607), None, "W3707/W3607 is a camp wall: cavalry use gates");
    assert_eq!(mp_to(&game, cav, w3608), None);
}

// ---------------------------------------------------------------- 6.44

/// The Aedui-1 in W3912, having moved, attacks the cohort X-1 in the
/// redoubt W3812 facing the outside (Ten); `burnt` puts a Rubble marker on
/// the redoubt first (8.45). The shock's DRM texts.
fn shock_on_the_redoubt(burnt: bool) -> Vec<String> {
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3912", Facing::Six);
    moved_in(&mut p, bi, 0);
    p.unit("X-1", "W3812", Facing::Ten);
    if burnt {
        let w3812 = p.field.setup().board.hex_of("W3812").unwrap();
        p.field.markers_mut(w3812).unwrap().rubble = true;
        assert!(!<gboh_alesia::game::SiegeOfAlesia as gboh_simple::GroundRules>::all_round_front(
            &p.field, w3812
        ));
    }
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    not_in_zoc_at_start(&mut state, bi);
    let mut game = game(state, &[0]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!()
    };
    modifiers.iter().map(|m| m.what.clone()).collect()
}

#[test]
fn rule_6_44_the_cohort_in_the_redoubt_has_no_flank_for_the_gaul_come_down_off_the_wall() {
    // W3912 would be behind the cohort anywhere else, but "Units inside
    // Redoubts have all-around Frontal facing": no Position Superiority.
    let texts = shock_on_the_redoubt(false);
    assert!(!texts.iter().any(|t| t.contains("position superiority")), "{texts:?}");
}

#[test]
fn rule_8_45_a_redoubt_burnt_down_to_rubble_no_longer_faces_all_round() {
    // After the redoubt burnt down (8.45: it "no longer exists as such") the
    // Gaul in W3912 is behind the cohort: position superiority.
    let texts = shock_on_the_redoubt(true);
    assert!(texts.iter().any(|t| t.contains("position superiority")), "{texts:?}");
}

#[test]
fn rule_6_44_german_cavalry_never_ends_in_the_redoubt_w3812() {
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W3913", Facing::Ten);
    let prefect = p.field.setup().lid("Prefect-1").unwrap();
    let game = p.activated(gboh_alesia::command::Command::RomanCavalry(prefect));
    assert_eq!(mp_to(&game, gc, h(&game, "W3812")), None);
}

// ---------------------------------------------------------------- 6.45

#[test]
fn rule_6_45_two_hits_entering_the_outer_garden_three_entering_the_inner_one() {
    let mut p = Pos::west();
    let bi = p.unit("Arverni-1", "W3909", Facing::Four);
    let mut game = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let w3910 = h(&game, "W3910");
    let events = perform(&mut game, mv(bi, w3910, Facing::Four));
    assert_eq!(move_hits(&events), [("6.45", bi, 2)]);

    let mut p = Pos::west();
    let id = alesia_force(1).remove(0);
    let af = p.unit(&id, "W3920", Facing::Ten);
    let mut game = p.activated(gboh_alesia::command::Command::AlesiaForce);
    let w3919 = h(&game, "W3919");
    let events = perform(&mut game, mv(af, w3919, Facing::Ten));
    assert_eq!(move_hits(&events), [("6.45", af, 3)]);
    assert_eq!(game.field.unit(af).unwrap().cohesion.hits, 3);
}

// ---------------------------------------------------------------- 6.46

#[test]
fn rule_6_46_fill_goes_in_the_garden_and_across_the_water_ditch_not_across_a_plain_hexside() {
    // A carrier in W4010, inside the deep water-filled ditch (W4009/W4010
    // is on it, 6.46's "W4723 through W3704"): across the ditch yes; across
    // the plain hexside to W3910 no. A carrier in the Garden W3910: in it.
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W4010", Facing::Ten);
    p.with(bi, 0, UnitFlags::CARRYING_FILL);
    let garden = p.unit("Aedui-6", "W3910", Facing::Four);
    p.with(garden, 0, UnitFlags::CARRYING_FILL);
    let game = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let ditch = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hexside(Direction::W) };
    assert_eq!(movement::check(&game, &ditch).unwrap().mp, 1);
    let plain = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hexside(Direction::SE) };
    assert!(matches!(movement::check(&game, &plain), Err(MoveError::Fill { rule: "6.46", .. })));
    let in_garden = MoveAction::PlaceFill { unit: garden, target: FillTarget::Hex };
    assert_eq!(movement::check(&game, &in_garden).unwrap().mp, 1);
}

// ---------------------------------------------------------------- 6.47

#[test]
fn rule_6_47_a_carrier_enters_the_garden_before_w3911_and_drops_its_fill_there() {
    // MA 5 less one for the Fill (4); into W3910 from W3909; +1 MP to place
    // the Fill: the Garden holds Fill 1 and the unit carries none.
    let mut p = Pos::west();
    let bi = p.unit("Arverni-1", "W3909", Facing::Four);
    p.with(bi, 0, UnitFlags::CARRYING_FILL);
    let mut game = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    assert_eq!(movement::allowance::mp_left(&game.field, bi), 4);
    let w3910 = h(&game, "W3910");
    perform(&mut game, mv(bi, w3910, Facing::Four));
    let place = MoveAction::PlaceFill { unit: bi, target: FillTarget::Hex };
    assert_eq!(movement::check(&game, &place).unwrap().mp, 1);
    perform(&mut game, place);
    assert_eq!(game.field.markers(w3910).fill, 1);
    assert!(!game.field.unit(bi).unwrap().flags.has(UnitFlags::CARRYING_FILL));
}

// ---------------------------------------------------------------- 6.48

#[test]
fn rule_6_48_fill_2_negates_the_outer_garden_fill_2_not_the_inner_one() {
    let mut p = Pos::west();
    let bi = p.unit("Arverni-1", "W3909", Facing::Four);
    let id = alesia_force(1).remove(0);
    let af = p.unit(&id, "W3920", Facing::Ten);
    let mut game = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let (w3910, w3919) = (h(&game, "W3910"), h(&game, "W3919"));
    game.field.markers_mut(w3910).unwrap().fill = 2;
    game.field.markers_mut(w3919).unwrap().fill = 2;
    let events = perform(&mut game, mv(bi, w3910, Facing::Four));
    assert_eq!(move_hits(&events), [], "an outer Garden with Fill 2 is no longer a Garden");
    // No third Fill in W3910: more than needed.
    let mut q = Pos { field: game.field.clone() };
    let carrier = q.unit("Arverni-2", "W3910", Facing::Four);
    q.with(carrier, 0, UnitFlags::CARRYING_FILL);
    let g2 = q.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let place = MoveAction::PlaceFill { unit: carrier, target: FillTarget::Hex };
    assert!(movement::check(&g2, &place).is_err(), "6.48: not more than necessary");

    let p = Pos { field: game.field.clone() };
    let mut game = p.activated(gboh_alesia::command::Command::AlesiaForce);
    let events = perform(&mut game, mv(af, w3919, Facing::Ten));
    assert_eq!(move_hits(&events), [("6.45", af, 3)], "the inner Garden needs Fill 3");
}

// ---------------------------------------------------------------- 6.49

#[test]
fn rule_6_49_the_roman_archer_in_the_tower_burns_the_fill_in_the_empty_garden() {
    // Fill 1 in W3910, no Gaul in it; a Roman archer on W3911 (in its
    // tower, with the cohort) fires Flame at it: a hit removes all Fill.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let mut state = p.activated(gboh_alesia::command::Command::Auxiliaries(labienus));
    let w3910 = h(&state, "W3910");
    state.field.markers_mut(w3910).unwrap().fill = 1;
    let mut game = game(state, &[0]);
    let events =
        act(&mut game, CombatAction::Game(SiegeAction::Flame { unit: archer, target: w3910 }));
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::FillBurnt { hex } if *hex == w3910)),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(game.state().field.markers(w3910).fill, 0);
}

#[test]
fn rule_6_49_at_the_end_of_the_period_every_fill_drops_by_one() {
    let p = Pos::west();
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let (w3910, w3919, w4010) = (h(&state, "W3910"), h(&state, "W3919"), h(&state, "W4010"));
    state.field.markers_mut(w3910).unwrap().fill = 2;
    state.field.markers_mut(w3919).unwrap().fill = 1;
    assert!(state.field.set_hexside_fill(w4010, Direction::W, 3));
    movement::fill::end_of_period(&mut state.field);
    assert_eq!(state.field.markers(w3910).fill, 1);
    assert_eq!(state.field.markers(w3919).fill, 0);
    assert_eq!(state.field.hexside_fill(w4010, Direction::W), 2);
}

#[test]
fn rule_6_49_the_fill_in_the_inner_garden_w3919_is_in_water_and_cannot_be_burnt() {
    // "This does not apply to Fills that are in water hexes/hexsides": the
    // inner Gardens have their ditch "filled with water" (6.45, 6.46). The
    // archer in the tower of the circumvallation W3918 may not burn the Fill
    // in W3919 (an engine reading: src/combat/flame.rs).
    let mut p = Pos::west();
    p.unit("X-1", "W3918", Facing::Four);
    let archer = p.unit("Archers-1", "W3918", Facing::Four);
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let mut state = p.activated(gboh_alesia::command::Command::Auxiliaries(labienus));
    let w3919 = h(&state, "W3919");
    state.field.markers_mut(w3919).unwrap().fill = 1;
    let game = game(state, &[0]);
    let flame = CombatAction::Game(SiegeAction::Flame { unit: archer, target: w3919 });
    assert!(!legal(&game, &flame));
    let err = game.check(&combat(flame)).unwrap_err().to_string();
    assert!(err.contains("6.49"), "{err}");
}
