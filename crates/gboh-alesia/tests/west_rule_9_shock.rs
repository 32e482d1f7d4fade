//! Issue 12, section 3: 9.0-9.43 on the West map, in positions that arise in
//! play: the contravallation rampart W3911 with its outer Gardens of Death
//! W3910 and W4011 before it, its walkway (W3811-W3911-W4012), the redoubt
//! W3812 and the inside behind it (W3912..); the circumvallation W3918 with
//! the inner Gardens W3919 and W3819 and Alesia's side (W3920..).
//!
//! Facings at W3911 (7.11): Ten faces W3910 (W) and W4011 (NW), the outside;
//! Two faces W4012 (NE) and W3912 (E), with W4011 on its flank and W3910 in
//! its rear; Four faces W3912 (E) and W3812 (SE).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;
use crate::west_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview, SiegeAction};
use gboh_alesia::command::Command;
use gboh_alesia::game::Uid;
use gboh_alesia::protocol::Action;
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::facing::Facing;
use gboh_core::table::{Drm, ModifiedRoll, ShockResult};
use gboh_core::unit::{Status, UnitType};
use west_support::*;

fn mods(m: &gboh_core::table::Modifiers) -> Vec<(String, Drm)> {
    let mut v: Vec<(String, Drm)> = m.iter().map(|m| (m.rule.clone(), m.drm)).collect();
    v.sort();
    v
}

fn texts(m: &gboh_core::table::Modifiers) -> Vec<String> {
    m.iter().map(|m| format!("{} {:?} {}", m.rule, m.drm, m.what)).collect()
}

// ---------------------------------------------------------------- 9.0

#[test]
fn rule_9_0_once_shock_begins_a_gallic_archer_before_the_rampart_may_no_longer_fire() {
    // An Arverni archer in W4010, two hexes from the cohort on W3911, beside
    // the BI that moved into the Garden W3910. "Shock combat is conducted
    // after all activated units have Moved/Fired": the archer may fire
    // before BeginShock, not after.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let archer = p.unit("Arverni-A1", "W4010", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[9]);
    let w3911 = hx(&game, "W3911");
    let fire = CombatAction::Fire { unit: archer, target: w3911, will_move: false };
    assert!(legal(&game, &fire), "8.1: the archer may fire before shock");
    act(&mut game, CombatAction::BeginShock);
    assert!(!legal(&game, &fire), "9.0: no fire once shock has begun");
    assert!(game.check(&combat(fire)).is_err());
    assert_eq!(at(&game, co), Some(w3911));
}

// ---------------------------------------------------------------- 9.1, 9.11, 9.12

#[test]
fn rule_9_11_on_the_wall_a_gaul_inside_the_works_does_not_force_the_attack_one_outside_does() {
    // A cohort on W3911 facing the inside, a Gaul that broke in standing in
    // W3912 (inside the works, not outside the Ramparts): the cohort, which
    // has not moved, may attack (9.12) but need not (9.11's last sentence
    // speaks of enemies "in non-Rampart hexes outside the Ramparts").
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Four);
    p.unit("Aedui-1", "W3912", Facing::Ten);
    let mut game = p.activate(legion_of("X-1"), &[9, 9]);
    assert!(game.check(&Action::EndActivation).is_ok(), "9.11: not mandatory");
    act(&mut game, CombatAction::BeginShock);
    assert_eq!(pending(&game), Some(CombatPending::Designation { side: ROMANS }));
    let w3911 = hx(&game, "W3911");
    assert!(legal(&game, &CombatAction::Designate { attacker: w3911, join: None }), "9.12");
    assert!(legal(&game, &CombatAction::Done), "9.12: voluntary");

    // The same cohort facing the outside with a Gaul in the Garden W3910
    // (outside the Ramparts): it must attack, moved or not.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    p.unit("Aedui-1", "W3910", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[0, 0]);
    assert!(game.check(&Action::EndActivation).is_err(), "9.11: Must Attack");
    act(&mut game, CombatAction::BeginShock);
    assert!(!legal(&game, &CombatAction::Done));
}

#[test]
fn rule_9_12_a_gaul_on_the_rampart_may_attack_the_cohort_inside_unmoved_without_tq_checks() {
    // A Gaul who took W3911 in an earlier activation, a cohort below it
    // inside the works in W3912. The Gaul's ZOC reaches down (7.22), the
    // cohort is inside, not outside the Ramparts: a voluntary attack, and
    // "Neither Attacker nor Defender undertakes a TQ check".
    let mut p = Pos::west();
    p.unit("Aedui-1", "W3911", Facing::Four);
    p.unit("X-1", "W3912", Facing::Ten);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[]);
    assert!(game.check(&Action::EndActivation).is_ok());
    act(&mut game, CombatAction::BeginShock);
    let w3911 = hx(&game, "W3911");
    let designate = CombatAction::Designate { attacker: w3911, join: None };
    assert!(legal(&game, &designate) && legal(&game, &CombatAction::Done));
    let events = act(&mut game, designate);
    assert!(events.iter().all(|e| e.rolls.is_empty()), "no Pre-Shock Check");
    assert!(
        !combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::PreShockCheck { .. })))
    );
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: GAULS }));
}

// ---------------------------------------------------------------- 9.2, 9.23

/// A cohort that moved along the walkway to W4012 and faces W3911 (SW) and
/// W4011 (W), where the Aedui-1 that took W3911 stands; Brutus with it.
fn walkway_attack(
    faces: &[u8],
) -> (gboh_core::game::Game<gboh_alesia::protocol::Alesia>, Uid, Uid) {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4012", Facing::Eight);
    moved_in(&mut p, co, 0);
    p.leader("Brutus", "W4012");
    let bi = p.unit("Aedui-1", "W3911", Facing::Four);
    let mut state = p.activated(legion_of("X-1"));
    not_in_zoc_at_start(&mut state, co);
    (game(state, faces), co, bi)
}

#[test]
fn rule_9_23_a_gaul_on_the_rampart_attacked_along_the_walkway_checks_tq_and_retreats_inside() {
    // 9.23: the cohort Must Attack (9.11: it moved into contact); the
    // defender is on a Rampart attacked from another Rampart hex, not from
    // below: it checks. 7 is over its TQ of 6: one hit and a retreat one hex
    // (10.21), never off the Rampart to the outside (10.24's play note) nor
    // into a Garden (10.22), and away from the cohort: only W3811 (the
    // walkway on) and W3812 (the redoubt) are left; W3912 is next to W4012.
    let (mut game, _, bi) = walkway_attack(&[7]);
    let events = act(&mut game, CombatAction::BeginShock);
    let check = combat_events(&events).into_iter().find_map(|(rule, e)| match e {
        CombatEvent::Family(SimpleEvent::PreShockCheck { tq, passed, .. }) => {
            Some((rule, tq, passed))
        }
        _ => None,
    });
    assert_eq!(check, Some(("9.23", 6, false)));
    assert_eq!(hits_of(&game, bi), 1);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    assert_eq!(place_labels(&game, bi), ["W3811", "W3812"]);
    assert!(!legal(&game, &CombatAction::Done), "10.24 is for Rampart units attacked from below");
}

#[test]
fn rule_9_2_after_a_pre_shock_retreat_there_is_no_leader_check_and_no_resolution() {
    // 9.2: "Steps 4-5 are not conducted for units if the defender retreats
    // ... as a result of its Pre-Shock check": Brutus, with the attacking
    // cohort, rolls for nothing (the dice hold the 7 of the check only), no
    // Shock Table roll, and the cohort advances along the walkway (9.31: a
    // Rampart unit attacking a Rampart unit).
    let (mut game, co, bi) = walkway_attack(&[7]);
    let mut events = act(&mut game, CombatAction::BeginShock);
    let w3811 = hx(&game, "W3811");
    events
        .extend(act(&mut game, CombatAction::Place { unit: bi, to: w3811, facing: Facing::Four }));
    assert_eq!(at(&game, bi), Some(w3811));
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: ROMANS, attack: 0 }));
    let w3911 = hx(&game, "W3911");
    assert!(places(&game).iter().all(|&(u, to, _)| u == co && to == w3911), "{:?}", places(&game));
    events.extend(run_until(&mut game, |_| false));
    let ce = combat_events(&events);
    assert!(
        !ce.iter().any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::LeaderCheck { .. }))),
        "no 9.24"
    );
    assert!(
        !ce.iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockResolved { .. }))),
        "no 9.25"
    );
    assert_eq!(at(&game, co), Some(w3911), "9.31: the cohort advanced onto W3911");
    assert_eq!(pending(&game), None);
}

#[test]
fn rule_10_16_the_alesia_force_below_the_circumvallation_checks_its_tq_of_5() {
    // 9.11: the cohort on the circumvallation W3918 must attack the Alesia
    // Force BI in the inner Garden W3919 (outside the Ramparts, on Alesia's
    // side); 9.23: the defender, not on a Rampart, checks its TQ (10.16):
    // 6 is over 5: a hit and a retreat one hex away, not into the Gardens
    // W4019/W3819 (10.22): W3820, W3920 or W4020.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3918", Facing::Four);
    let id = alesia_force(1).remove(0);
    let bi = p.unit(&id, "W3919", Facing::Ten);
    let mut game = p.activate(legion_of("X-1"), &[6]);
    let events = act(&mut game, CombatAction::BeginShock);
    let check = combat_events(&events).into_iter().find_map(|(rule, e)| match e {
        CombatEvent::Family(SimpleEvent::PreShockCheck { tq, passed, .. }) => {
            Some((rule, tq, passed))
        }
        _ => None,
    });
    assert_eq!(check, Some(("9.23", 5, false)));
    assert_eq!(hits_of(&game, bi), 1);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    assert_eq!(place_labels(&game, bi), ["W3820", "W3920", "W4020"]);
    let w3920 = hx(&game, "W3920");
    act(&mut game, CombatAction::Place { unit: bi, to: w3920, facing: Facing::Ten });
    // 9.31, Rampart Exception #1: the cohort on the Rampart, whose defender
    // was not on one, is not made to advance down into the Garden.
    assert!(
        !matches!(pending(&game), Some(CombatPending::Advance { .. }))
            || legal(&game, &CombatAction::Done),
        "{:?}",
        pending(&game)
    );
    run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. }));
    if matches!(pending(&game), Some(CombatPending::Advance { .. })) {
        act(&mut game, CombatAction::Done);
    }
    assert_eq!(at_label(&game, co), "W3918");
}

// ---------------------------------------------------------------- 9.21

#[test]
fn rule_9_21_the_cohort_on_the_wall_attacks_both_gardens_in_its_front_together() {
    // Unmoved Gauls in both outer Gardens before W3911. The cohort must
    // attack (9.11), and must attack both front hexes in one attack, not
    // split. The defenders check TQ (9.23: a mandatory attack on units that
    // are not on a Rampart): two 0s pass.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    p.unit("Aedui-1", "W3910", Facing::Four);
    p.unit("Aedui-6", "W4011", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[0, 0]);
    let mut events = act(&mut game, CombatAction::BeginShock);
    if pending(&game) == Some(CombatPending::Designation { side: ROMANS }) {
        assert!(!legal(&game, &CombatAction::Done));
        let w3911 = hx(&game, "W3911");
        events.extend(act(&mut game, CombatAction::Designate { attacker: w3911, join: None }));
    }
    let mut d = combat_events(&events)
        .into_iter()
        .find_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::Designated { defenders, .. }) => Some(defenders),
            _ => None,
        })
        .expect("designated");
    d.sort_by_key(|h| (h.x, h.y));
    let mut expected = vec![hx(&game, "W3910"), hx(&game, "W4011")];
    expected.sort_by_key(|h| (h.x, h.y));
    assert_eq!(d, expected, "both Gardens in one attack");
    let checks = combat_events(&events)
        .iter()
        .filter(|(_, e)| {
            matches!(e, CombatEvent::Family(SimpleEvent::PreShockCheck { passed: true, .. }))
        })
        .count();
    assert_eq!(checks, 2, "9.23: each defending hex checks");
}

// ---------------------------------------------------------------- 9.22

#[test]
fn rule_9_22_german_cavalry_inside_the_works_retreats_before_a_gaul_come_down_off_the_wall() {
    // A Gaul came down off W3911 into W3912 and faces the German horse in
    // W3913. The horse (MA 8) is faster than the BI (MA 5), which was not in
    // an enemy ZOC when the phase began: it may Retreat Before Shock, up to
    // 4 MP (half of 8) away, over the clear inside of the works (1 MP a hex):
    // as far as W3917, five hexes from the BI.
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3912", Facing::Four);
    moved_in(&mut p, bi, 0);
    let gc = p.unit("German-1", "W3913", Facing::Ten);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    not_in_zoc_at_start(&mut state, bi);
    let mut game = game(state, &[]);
    act(&mut game, CombatAction::BeginShock);
    assert_eq!(pending(&game), Some(CombatPending::RetreatBeforeShock { side: ROMANS, attack: 0 }));
    let a = hx(&game, "W3912");
    let options: Vec<_> = places(&game).into_iter().filter(|p| p.0 == gc).map(|p| p.1).collect();
    assert!(options.iter().all(|h| h.unsigned_distance_to(a) >= 2), "away from the BI");
    assert_eq!(options.iter().map(|h| h.unsigned_distance_to(a)).max(), Some(5));
    assert!(places(&game).iter().all(|p| p.2 == Facing::Ten), "the unit may not change facing");
    let w3917 = hx(&game, "W3917");
    act(&mut game, CombatAction::Place { unit: gc, to: w3917, facing: Facing::Ten });
    // Pursuit: up to 2 MP (half of 5, rounded down), the first hex entered
    // being the one vacated: W3913 or one step beyond it.
    assert_eq!(pending(&game), Some(CombatPending::Pursuit { side: GAULS, attack: 0 }));
    assert_eq!(place_labels(&game, bi), ["W3813", "W3814", "W3913", "W3914", "W4013", "W4014"]);
    assert!(places(&game).iter().all(|p| p.0 == bi));
}

// ---------------------------------------------------------------- 9.24

#[test]
fn rule_9_24_a_legate_on_the_wall_with_the_defending_cohort_dies_on_0_then_4() {
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let brutus = p.leader("Brutus", "W3911");
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[0, 4, 5, 5, 5]);
    let mut events = act(&mut game, CombatAction::BeginShock);
    if pending(&game) == Some(CombatPending::Designation { side: GAULS }) {
        let w3910 = hx(&game, "W3910");
        events.extend(act(&mut game, CombatAction::Designate { attacker: w3910, join: None }));
    }
    // 4.32: Brutus, threatened, stays with his cohort.
    while let Some(CombatPending::Leader { .. }) = pending(&game) {
        events.extend(act(&mut game, CombatAction::Done));
    }
    events.extend(run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. })));
    let check: Vec<_> = events
        .iter()
        .filter(|e| {
            matches!(
                e.what,
                gboh_alesia::protocol::AlesiaEvent::Combat(CombatEvent::Family(
                    SimpleEvent::LeaderCheck { .. }
                ))
            )
        })
        .map(|e| (e.rule, e.rolls.iter().map(|r| r.face).collect::<Vec<_>>()))
        .collect();
    assert_eq!(check, [("9.24", vec![0, 4])]);
    assert!(game.state().field.leader(brutus).unwrap().dead);
}

// ---------------------------------------------------------------- 9.25

fn assault_preview(gaul_hex: &str, cohort_facing: Facing) -> gboh_core::table::Modifiers {
    let mut p = Pos::west();
    p.unit("X-1", "W3911", cohort_facing);
    let bi = p.unit("Arverni-1", gaul_hex, Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[]);
    act(&mut game, CombatAction::BeginShock);
    if pending(&game) == Some(CombatPending::Designation { side: GAULS }) {
        let from = hx(&game, gaul_hex);
        act(&mut game, CombatAction::Designate { attacker: from, join: None });
    }
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: GAULS }));
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!()
    };
    modifiers
}

#[test]
fn rule_9_25_rampart_exception_1_no_position_superiority_through_the_flank_from_below() {
    // The cohort on W3911 faces the inside (Two): W4011 is on its flank. The
    // Arverni BI (TQ 7) that moved into that Garden gains no +3 (Rampart
    // Exception #1), and no +1 for a Moving Attack across the Rampart: -3
    // Rampart from below, +1 TQ 7 to 6, -2 BI against CO.
    let m = assault_preview("W4011", Facing::Two);
    assert_eq!(
        mods(&m),
        [("9.25".to_owned(), Drm(-3)), ("9.25".to_owned(), Drm(1)), ("9.43".to_owned(), Drm(-2))],
        "{:?}",
        texts(&m)
    );
    assert_eq!(m.total(), Drm(-4));
}

#[test]
fn rule_9_25_rampart_exception_1_position_superiority_through_the_rear_from_below() {
    // Same cohort, the BI in W3910, its rear: +3 for Position Superiority.
    let m = assault_preview("W3910", Facing::Two);
    assert_eq!(
        mods(&m),
        [
            ("9.25".to_owned(), Drm(-3)),
            ("9.25".to_owned(), Drm(1)),
            ("9.25".to_owned(), Drm(3)),
            ("9.43".to_owned(), Drm(-2))
        ],
        "{:?}",
        texts(&m)
    );
    assert_eq!(m.total(), Drm(-1));
}

// ---------------------------------------------------------------- 9.26

#[test]
fn rule_9_26_german_cavalry_inside_may_not_shock_the_gaul_on_the_rampart() {
    // The German horse rode up to W3912 below the Gaul who took W3911: it
    // may not shock into a Rampart, so it need not (9.11) and cannot.
    let mut p = Pos::west();
    let gc = p.unit("German-1", "W3912", Facing::Ten);
    moved_in(&mut p, gc, 0);
    p.unit("Aedui-1", "W3911", Facing::Four);
    let prefect = p.field.setup().lid("Prefect-1").unwrap();
    let mut game = p.activate(Command::RomanCavalry(prefect), &[]);
    assert!(game.check(&Action::EndActivation).is_ok(), "9.26: no mandatory attack");
    act(&mut game, CombatAction::BeginShock);
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Combat(CombatAction::Designate { .. }))),
        "9.26"
    );
}

// ---------------------------------------------------------------- 9.27, 9.3, 9.31, 9.32

#[test]
fn rule_9_27_an_archer_alone_on_the_rampart_is_eliminated_and_the_gaul_advances_onto_it() {
    // A Roman archer alone on W3911 (its tower), a BI that moved into the
    // Garden W3910: attacked, the archer is eliminated without a roll (9.27);
    // the hex is vacated by shock: the BI must advance onto the rampart
    // (6.42, 9.31), and may turn one vertex on arrival (9.32).
    let mut p = Pos::west();
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[]);
    let mut events = act(&mut game, CombatAction::BeginShock);
    events.extend(run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. })));
    assert!(
        combat_events(&events).iter().any(|(rule, e)| *rule == "9.27"
            && matches!(e, CombatEvent::Family(SimpleEvent::Eliminated { unit }) if *unit == archer)),
        "{:?}",
        combat_events(&events)
    );
    assert!(events.iter().all(|e| e.rolls.is_empty()), "no roll");
    assert_eq!(game.state().field.unit(archer).unwrap().cohesion.status, Status::Eliminated);
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    assert!(!legal(&game, &CombatAction::Done), "9.31: mandatory");
    let w3911 = hx(&game, "W3911");
    let mut facings: Vec<Facing> =
        places(&game).into_iter().filter(|p| p.0 == bi && p.1 == w3911).map(|p| p.2).collect();
    facings.sort();
    assert_eq!(facings, [Facing::Two, Facing::Four, Facing::Six], "9.32: one vertex either way");
    act(&mut game, CombatAction::Place { unit: bi, to: w3911, facing: Facing::Two });
    assert_eq!(at(&game, bi), Some(w3911));
    assert_eq!(hits_of(&game, bi), 2, "no Garden hits for the rampart");
}

#[test]
fn rule_9_31_rampart_exception_1_the_cohort_on_the_wall_does_not_follow_a_gaul_down() {
    // The cohort on W3911 must attack the Gaul in the Garden W3910 (9.11);
    // the Gaul fails its Pre-Shock check (9 over 6) and retreats to W3909.
    // "This mandatory advance does not apply to units in Rampart hexes
    // attacking units not in Rampart hexes": the cohort keeps the wall.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Aedui-1", "W3910", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[9]);
    act(&mut game, CombatAction::BeginShock);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    let w3909 = hx(&game, "W3909");
    act(&mut game, CombatAction::Place { unit: bi, to: w3909, facing: Facing::Four });
    assert!(
        !matches!(pending(&game), Some(CombatPending::Advance { .. }))
            || legal(&game, &CombatAction::Done),
        "{:?}",
        pending(&game)
    );
    if matches!(pending(&game), Some(CombatPending::Advance { .. })) {
        act(&mut game, CombatAction::Done);
    }
    assert_eq!(at_label(&game, co), "W3911");
}

#[test]
fn rule_9_33_the_gaul_that_took_the_cohort_in_the_rear_advances_onto_the_rampart() {
    // Two Aedui BI (TQ 6 each, as the cohort) attack the cohort on W3911,
    // which faces the inside (Two): Aedui-1 from W3910, its rear (+3,
    // Position Superiority), Aedui-2 from W4011, its flank (nothing: Rampart
    // Exception #1). The cohort, with 5 hits, routs on 2 more. One infantry
    // unit may stand on a Rampart (6.61): "the unit that effected a positive
    // DRM ... must advance": Aedui-1, though both have the same TQ.
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Two);
    p.with(co, 5, 0);
    let rear = p.unit("Aedui-1", "W3910", Facing::Four);
    let flank = p.unit("Aedui-2", "W4011", Facing::Four);
    moved_in(&mut p, rear, 2);
    moved_in(&mut p, flank, 2);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[5, 5, 5]);
    act(&mut game, CombatAction::BeginShock);
    let w3910 = hx(&game, "W3910");
    act(&mut game, CombatAction::Designate { attacker: w3910, join: None });
    if pending(&game) == Some(CombatPending::Designation { side: GAULS }) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    act(&mut game, CombatAction::Resolve { attack: 0 });
    run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. }));
    assert_ne!(at_label(&game, co), "W3911");
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    let units: Vec<Uid> = places(&game).into_iter().map(|p| p.0).collect();
    assert!(!units.is_empty() && units.iter().all(|&u| u == rear), "9.33: {units:?}");
}

// ---------------------------------------------------------------- 9.34

#[test]
fn rule_9_34_no_advance_onto_the_rampart_after_missile_fire_empties_it() {
    // The Arverni archer in W4010 shoots the worn cohort on W3911 (5 hits):
    // arrows at range 2 hit on 3 (9.41), +1 for a Rampart from below (8.17):
    // a 1 is a 2, a hit; the cohort routs and, with no Aquila, is
    // eliminated (10.42). The BI in the Garden W3910 does not advance.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, 5, 0);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let archer = p.unit("Arverni-A1", "W4010", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[1]);
    let w3911 = hx(&game, "W3911");
    let events =
        act(&mut game, CombatAction::Fire { unit: archer, target: w3911, will_move: false });
    assert!(
        combat_events(&events).iter().any(|(_, e)| matches!(
            e,
            CombatEvent::Family(SimpleEvent::Fired { hit: true, range: 2, .. })
        )),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(at(&game, co), None);
    assert!(!matches!(pending(&game), Some(CombatPending::Advance { .. })));
    assert!(
        !combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::Advanced { .. })))
    );
    assert_eq!(at_label(&game, bi), "W3910");
}

// ---------------------------------------------------------------- 9.4, 9.41

#[test]
fn rule_9_41_javelins_from_the_wall_hit_on_5_at_range_1() {
    // 8.22: from a Rampart, javelins only as Entry Reaction Fire (8.62), at
    // the BI that entered the Garden W3910: column J, range 1: 5 (9.41),
    // -1 for the lower target (8.17).
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    assert!(gboh_alesia::combat::reaction::open_entry(&mut state, bi));
    let game = game(state, &[]);
    let w3910 = hx(&game, "W3910");
    let CombatPreview::Shot { shot, .. } =
        preview(&game, CombatAction::React { unit: co, target: w3910 })
    else {
        panic!()
    };
    assert_eq!((shot.read_at, shot.hit_number), (1, 5), "J at range 1");
    assert_eq!(mods(&shot.modifiers), [("8.17".to_owned(), Drm(-1))], "from above");
}

#[test]
fn rule_9_41_the_scorpio_in_the_tower_of_w3911_hits_on_5_at_range_3_and_3_at_range_4() {
    for (target, range, hit) in [("W3908", 3, 5), ("W3907", 4, 3)] {
        let mut p = Pos::west();
        p.unit("X-1", "W3911", Facing::Ten);
        let scorpio = p.unit("X-Scorpio", "W3911", Facing::Ten);
        p.with(scorpio, 0, gboh_alesia::game::UnitFlags::FIRE_MODE);
        p.unit("Arverni-3", target, Facing::Four);
        let game = p.activate(legion_of("X-1"), &[]);
        let t = hx(&game, target);
        let CombatPreview::Shot { shot, .. } =
            preview(&game, CombatAction::Fire { unit: scorpio, target: t, will_move: false })
        else {
            panic!()
        };
        assert_eq!((shot.read_at, shot.hit_number), (range, hit), "Scorpio at {target}");
    }
}

// ---------------------------------------------------------------- 9.42

#[test]
fn rule_9_42_one_adjusted_roll_for_both_sides_9_less_4_is_5_one_hit_and_two() {
    // Arverni-1 (TQ 7) from the Garden W3910 against the cohort on W3911
    // facing it: -3 Rampart, +1 TQ, -2 BI against CO: 9 is read as 5:
    // one hit to the attacker, two to the defender (the Shock Table, 9.42).
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[9]);
    act(&mut game, CombatAction::BeginShock);
    if pending(&game) == Some(CombatPending::Designation { side: GAULS }) {
        let w3910 = hx(&game, "W3910");
        act(&mut game, CombatAction::Designate { attacker: w3910, join: None });
    }
    let events = act(&mut game, CombatAction::Resolve { attack: 0 });
    let resolved = combat_events(&events).into_iter().find_map(|(rule, e)| match e {
        CombatEvent::Family(SimpleEvent::ShockResolved { modified, result, .. }) => {
            Some((rule, modified, result))
        }
        _ => None,
    });
    let result = ShockResult { attacker_hits: 1, defender_hits: 2, ..ShockResult::default() };
    assert_eq!(resolved, Some(("9.25", ModifiedRoll(5), result)));
    assert_eq!((hits_of(&game, bi), hits_of(&game, co)), (3, 2));
}

// ---------------------------------------------------------------- 9.43

#[test]
fn rule_9_43_a_cohort_and_numidians_in_the_redoubt_the_defender_chooses_co_against_bi() {
    // A Gaul came down off W3911 into W3912 and faces the redoubt W3812
    // (across its wall, 6.43), held by a cohort and Numidian LI (6.61: two
    // foot units of any type). The attacker has one type, BI; the defender
    // two: "the attacker chooses first which of his he wishes to use,
    // followed by the defender" (9.25): the defender is asked, and CO against
    // BI is -2 where LI would be +1.
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3912", Facing::Six);
    moved_in(&mut p, bi, 0);
    p.unit("X-1", "W3812", Facing::Two);
    p.unit("Numidian-1", "W3812", Facing::Two);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    not_in_zoc_at_start(&mut state, bi);
    let mut game = game(state, &[0, 5]);
    act(&mut game, CombatAction::BeginShock);
    // The Numidians (MA 6) could Retreat Before Shock (9.22): they stand.
    assert_eq!(pending(&game), Some(CombatPending::RetreatBeforeShock { side: ROMANS, attack: 0 }));
    act(&mut game, CombatAction::Done);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    act(&mut game, CombatAction::Resolve { attack: 0 });
    assert_eq!(pending(&game), Some(CombatPending::Weapon { side: ROMANS, attack: 0 }));
    let co_type = CombatAction::Weapon { unit_type: UnitType::CO };
    let li_type = CombatAction::Weapon { unit_type: UnitType::LI };
    assert!(legal(&game, &co_type) && legal(&game, &li_type));
    let events = act(&mut game, co_type);
    let m = combat_events(&events).into_iter().find_map(|(_, e)| match e {
        CombatEvent::Family(SimpleEvent::ShockResolved { modifiers, .. }) => Some(modifiers),
        _ => None,
    });
    let m = m.expect("resolved");
    let weapon: Vec<Drm> = m.iter().filter(|x| x.rule == "9.43").map(|x| x.drm).collect();
    assert_eq!(weapon, [Drm(-2)], "{:?}", texts(&m));
}

// ---------------------------------------------------------------- 9.27 with 6.61, 6.67, 8.52: towers

/// The cohort on W3911 with `passenger` in the tower (6.61), the Arverni BI
/// that moved into W3910; every roll: the defender takes a hit and retreats.
/// Resolves the attack up to the cohort's retreat decision (10.24: from
/// below, it may stand).
fn tower(passenger: &str) -> (gboh_core::game::Game<gboh_alesia::protocol::Alesia>, Uid, Uid, Uid) {
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let other = p.unit(passenger, "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 5, 5]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    act(&mut game, CombatAction::Resolve { attack: 0 });
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    (game, co, other, bi)
}

#[test]
fn rule_9_27_the_archer_in_the_tower_suffers_no_effect_when_its_cohort_stands_on_the_wall() {
    // 9.27: "If the other unit remains in the hex, the Archer or Artillery
    // suffers no effect"; 6.67: archers stacked with infantry "do not incur
    // Hits from any aspect of Shock Combat". The cohort stands (10.24).
    let (mut game, co, archer, _) = tower("Archers-1");
    let events = act(&mut game, CombatAction::Done);
    assert_eq!(hits_of(&game, co), 2, "one from the table, one for standing");
    assert_eq!(pending(&game), None, "no retreat for the archer: {:?}", pending(&game));
    assert_eq!(at_label(&game, archer), "W3911");
    assert_eq!(hits_of(&game, archer), 0);
    assert!(!hits_taken(&events).iter().any(|&(u, _)| u == archer));
}

#[test]
fn rule_6_67_the_scorpio_in_the_tower_takes_no_hit_when_its_cohort_stands_on_the_wall() {
    // 8.5: artillery does not "accumulate Hits in any way"; 6.67, 9.27.
    let (mut game, co, scorpio, _) = tower("X-Scorpio");
    let events = act(&mut game, CombatAction::Done);
    assert_eq!(hits_of(&game, co), 2);
    assert_eq!(hits_of(&game, scorpio), 0);
    assert!(!hits_taken(&events).iter().any(|&(u, _)| u == scorpio), "{:?}", hits_taken(&events));
    assert_eq!(at_label(&game, scorpio), "W3911");
}

#[test]
fn rule_8_52_the_scorpio_in_the_tower_is_eliminated_when_its_cohort_retreats_off_the_wall() {
    // 6.67: "Any Archers/Artillery stacked with an infantry unit that
    // retreats also retreat (but see 8.52)"; 8.52: "Scorpiones in Rampart
    // hexes ... are eliminated if forced to retreat". The hex is then empty:
    // the BI must advance onto the wall (9.31).
    let (mut game, co, scorpio, bi) = tower("X-Scorpio");
    let w3912 = hx(&game, "W3912");
    let mut events =
        act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    events.extend(run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. })));
    assert!(
        combat_events(&events).iter().any(|(rule, e)| *rule == "8.52"
            && matches!(e, CombatEvent::Family(SimpleEvent::Eliminated { unit }) if *unit == scorpio)),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(game.state().field.unit(scorpio).unwrap().cohesion.status, Status::Eliminated);
    assert!(!hits_taken(&events).iter().any(|&(u, _)| u == scorpio));
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    let w3911 = hx(&game, "W3911");
    assert!(places(&game).iter().all(|&(u, to, _)| u == bi && to == w3911));
}

#[test]
fn rule_6_67_the_archer_in_the_tower_retreats_with_its_cohort() {
    let (mut game, co, archer, _) = tower("Archers-1");
    let w3912 = hx(&game, "W3912");
    act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: archer }));
    // Away from W3910, not into W3912 now that the cohort is there (6.61:
    // elsewhere only two units of one type): the redoubt or the walkway.
    assert_eq!(place_labels(&game, archer), ["W3812", "W4012"]);
}

#[test]
fn rule_8_5_the_palintonos_in_the_tower_of_w3911_set_on_fire_takes_no_hit() {
    // 8.43: every unit in a hex set On Fire suffers a hit and must leave;
    // 8.5: artillery units "are not affected by Missile Fire nor do they
    // accumulate Hits in any way". An Arverni archer in the Garden W3910
    // sets W3911 on fire (a 0): the cohort takes its hit, the Palintonos
    // none.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let gun = p.unit("Palintonos-1", "W3911", Facing::Ten);
    let archer = p.unit("Arverni-A1", "W3910", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-A1", "Vercassivellaunus"), &[0]);
    let w3911 = hx(&game, "W3911");
    let events =
        act(&mut game, CombatAction::Game(SiegeAction::Flame { unit: archer, target: w3911 }));
    assert!(
        combat_events(&events).iter().any(|(_, e)| matches!(e, CombatEvent::SetOnFire { .. })),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(hits_of(&game, co), 1);
    assert!(!hits_taken(&events).iter().any(|&(u, _)| u == gun), "{:?}", hits_taken(&events));
    assert_eq!(hits_of(&game, gun), 0);
}

#[test]
fn rule_8_62_the_archer_on_the_walkway_fires_at_the_gaul_advancing_onto_w3911() {
    // 8.62's Entry Reaction "applies ... to units advancing after Shock
    // combat": the Arverni BI from W4011 takes W3911 from the routed cohort
    // and enters the ZOC of the Roman archer on W3811 (facing W3910 and
    // W3911), which is in no enemy's ZOC (7.22: none reaches up onto it).
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, 5, 0);
    let archer = p.unit("Archers-1", "W3811", Facing::Twelve);
    let bi = p.unit("Arverni-1", "W4011", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 4]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    act(&mut game, CombatAction::Resolve { attack: 0 });
    run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. }));
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    let w3911 = hx(&game, "W3911");
    act(&mut game, CombatAction::Place { unit: bi, to: w3911, facing: Facing::Four });
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction {
            side: ROMANS,
            kind: gboh_alesia::combat::state::ReactionKind::Entry
        })
    );
    let react = CombatAction::React { unit: archer, target: w3911 };
    assert!(legal(&game, &react));
    let before = hits_of(&game, bi);
    act(&mut game, react);
    assert_eq!(hits_of(&game, bi), before + 1, "arrows at range 1 hit on 5: a 4 hits");
}

#[test]
fn rule_9_25_a_moving_attack_along_the_walkway_is_not_across_the_rampart() {
    // The cohort moved along the walkway to W4012 and attacks the Gaul on
    // W3911 (facing the inside, Four: W4012 is on its flank). Along the
    // walkway it crosses no "man-made defensive structure": +1 Moving
    // Attack; Position Superiority +3 (Rampart Exception #1 is for attacks
    // from outside the Rampart); CO against BI +1; no Rampart DRM (not from
    // below). The Gaul passes its Pre-Shock check on a 0.
    let mut p = Pos::west();
    let co = p.unit("X-1", "W4012", Facing::Eight);
    moved_in(&mut p, co, 0);
    p.unit("Aedui-1", "W3911", Facing::Four);
    let mut state = p.activated(legion_of("X-1"));
    not_in_zoc_at_start(&mut state, co);
    let mut game = game(state, &[0]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!()
    };
    assert_eq!(
        mods(&modifiers),
        [("9.25".to_owned(), Drm(1)), ("9.25".to_owned(), Drm(3)), ("9.43".to_owned(), Drm(1))],
        "{:?}",
        texts(&modifiers)
    );
    assert!(texts(&modifiers).iter().any(|t| t.ends_with("moving attack")));
}

#[test]
fn rule_9_11_a_gaul_turning_in_the_garden_below_the_cohort_has_not_moved_into_its_zoc() {
    // "Changing facing in an enemy ZOC is not considered moving into a ZOC":
    // the BI in W3910 (in the cohort's ZOC) turns from Twelve to Four to face
    // W3911. It need not attack (9.11) and cannot (9.12: the cohort above is
    // not in its ZOC, 7.22).
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Twelve);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[]);
    let w3910 = hx(&game, "W3910");
    game.apply(Action::Move(gboh_alesia::movement::MoveAction::Move {
        unit: bi,
        to: w3910,
        facing: Facing::Four,
    }))
    .unwrap();
    assert_eq!(game.state().field.unit(bi).unwrap().facing, Facing::Four);
    assert!(game.check(&Action::EndActivation).is_ok(), "9.11: no mandatory attack");
    act(&mut game, CombatAction::BeginShock);
    assert_eq!(pending(&game), None, "9.12: no voluntary attack either");
    assert_eq!(game.legal_actions(), [Action::EndActivation]);
}
