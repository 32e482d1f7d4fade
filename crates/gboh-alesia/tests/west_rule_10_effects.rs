//! Issue 12, section 3: 10.0-10.8 on the West map, in positions that arise in
//! play: the contravallation rampart W3911 with its outer Gardens of Death
//! W3910 and W4011 before it, the walkway W3811-W3911-W4012, the redoubt
//! W3812 and the inside of the works (W3912..); the circumvallation W3918
//! with the inner Garden W3919 and Alesia's side (W3920..).
//!
//! Facings at W3911 (7.11): Ten faces W3910 (W) and W4011 (NW), the outside.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;
use crate::west_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::effects::{aquila, recovery, rout, withdrawal};
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview};
use gboh_alesia::command::Command;
use gboh_alesia::game::AlesiaField;
use gboh_alesia::game::{LegionIdx, Uid, UnitFlags};
use gboh_alesia::movement::MoveAction;
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent};
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game};
use gboh_core::table::Drm;
use gboh_core::unit::{HitOutcome, Status};
use hexx::Hex;
use west_support::*;

fn legion_x() -> LegionIdx {
    match legion_of("X-1") {
        Command::Legion(l) => l,
        _ => unreachable!(),
    }
}

fn status(game: &Game<Alesia>, u: Uid) -> Status {
    game.state().field.unit(u).unwrap().cohesion.status
}

fn move_to(game: &Game<Alesia>, unit: Uid, to: Hex, facing: Facing) -> Option<Action> {
    game.legal_actions().into_iter().find(|a| {
        matches!(a, Action::Move(MoveAction::Move { unit: u, to: t, facing: f })
            if *u == unit && *t == to && *f == facing)
    })
}

/// Every (rule, unit, hits) of the hit events, movement's Garden hits
/// included.
fn all_hits(events: &[Event<AlesiaEvent>]) -> Vec<(&'static str, Uid, u8)> {
    events
        .iter()
        .filter_map(|e| match &e.what {
            AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Hits { unit, hits, .. })) => {
                Some((e.rule, *unit, *hits))
            }
            AlesiaEvent::Move(gboh_alesia::movement::MoveEvent::Hits { unit, hits, .. }) => {
                Some((e.rule, *unit, *hits))
            }
            _ => None,
        })
        .collect()
}

/// Begins shock in a Gallic activation with the attack of the BI in W3910
/// (designating it if the engine has not; threatened leaders stay, 4.32;
/// nobody retreats before shock), and resolves it.
fn gauls_attack_from_w3910(game: &mut Game<Alesia>) -> Vec<Event<AlesiaEvent>> {
    let mut events = act(game, CombatAction::BeginShock);
    let w3910 = hx(game, "W3910");
    for _ in 0..20 {
        match pending(game) {
            Some(CombatPending::Designation { .. }) => {
                let d = CombatAction::Designate { attacker: w3910, join: None };
                let a = if legal(game, &d) { combat(d) } else { game.legal_actions()[0].clone() };
                events.extend(game.apply(a).unwrap());
            }
            Some(CombatPending::Leader { .. } | CombatPending::RetreatBeforeShock { .. }) => {
                events.extend(act(game, CombatAction::Done));
            }
            Some(CombatPending::ResolutionOrder { .. }) => {
                events.extend(act(game, CombatAction::Resolve { attack: 0 }));
                return events;
            }
            other => panic!("{other:?}: {:?}", combat_events(&events)),
        }
    }
    panic!("no resolution")
}

// ---------------------------------------------------------------- 10.0, 10.1, 10.11, 10.12

/// The assault on W3911 from W3909, through the protocol: the BI moves into
/// the Garden W3910, the cohort throws its javelins (a 0), the BI shocks
/// (every roll: one hit each, the defender retreats) and the cohort stands
/// (10.24). Returns the game, the events, the BI and the cohort, and the
/// BI's hits after each step.
fn the_assault() -> (Game<Alesia>, Vec<Event<AlesiaEvent>>, Uid, Uid, Vec<u8>) {
    let rows = "(rolls: (0, 10), result: (attacker_hits: 1, defender_hits: 1, defender_retreats: true), provenance: Reconstructed),";
    let mut p = west_with_shock(rows);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3909", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[0, 5]);
    let w3910 = hx(&game, "W3910");
    let mut totals = Vec::new();
    let m = move_to(&game, bi, w3910, Facing::Four).expect("W3909 to W3910");
    let mut events = game.apply(m).unwrap();
    totals.push(hits_of(&game, bi));
    assert!(matches!(pending(&game), Some(CombatPending::Reaction { side: ROMANS, .. })));
    events.extend(act(&mut game, CombatAction::React { unit: co, target: w3910 }));
    totals.push(hits_of(&game, bi));
    events.extend(gauls_attack_from_w3910(&mut game));
    totals.push(hits_of(&game, bi));
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    events.extend(act(&mut game, CombatAction::Done));
    (game, events, bi, co, totals)
}

#[test]
fn rule_10_11_hits_from_the_garden_the_javelins_the_shock_and_instead_of_retreat() {
    let (game, events, bi, co, _) = the_assault();
    let hits = all_hits(&events);
    assert_eq!(
        hits,
        [
            ("6.45", bi, 2),  // entering an outer Garden of Death
            ("8.14", bi, 1),  // missile fire (8.62), applied "as per 8.14"
            ("9.25", bi, 1),  // the shock result, attacker
            ("9.25", co, 1),  // the shock result, defender
            ("10.24", co, 1), // instead of retreat
        ],
        "{hits:?}"
    );
    assert_eq!((hits_of(&game, bi), hits_of(&game, co)), (4, 2));
    assert_eq!(at_label(&game, co), "W3911");
}

#[test]
fn rule_10_12_the_hit_marker_shows_the_total_taken() {
    let (game, _, bi, co, totals) = the_assault();
    assert_eq!(totals, [2, 3, 4], "2 from the Garden, then 1, then 1: a running total");
    assert_eq!(hits_of(&game, co), 2);
    assert_eq!(status(&game, bi), Status::Fresh, "4 hits, under its TQ of 7");
}

#[test]
fn rule_10_0_the_assault_ends_with_both_sides_hit_and_the_cohort_still_on_the_wall() {
    // 10.0's effects in one assault: hits (10.1), a retreat refused on the
    // Rampart (10.2, 10.24): nobody routs, nobody advances (9.31: no hex
    // vacated), and the shock is over.
    let (game, events, bi, co, _) = the_assault();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockEnded)))
    );
    assert!(
        !combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::Advanced { .. })))
    );
    assert_eq!((at_label(&game, bi), at_label(&game, co)), ("W3910".into(), "W3911".into()));
    assert_eq!((status(&game, bi), status(&game, co)), (Status::Fresh, Status::Fresh));
}

// ---------------------------------------------------------------- 10.13, 10.4, 10.41, 10.42

/// The cohort on W3911 with `cohort_hits`, the Arverni BI in W3910 with
/// `bi_hits` having moved in, X's Aquila at `aquila`; every roll two hits
/// each.
fn two_each_at_the_wall(
    cohort_hits: u8,
    bi_hits: u8,
    aquila: &str,
) -> (Game<Alesia>, Vec<Event<AlesiaEvent>>, Uid, Uid) {
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, cohort_hits, 0);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, bi_hits);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let h = state.setup().board.hex_of(aquila).unwrap();
    assert!(aquila::place(&mut state, legion_x(), h));
    let mut game = game(state, &[5, 5, 5]);
    let events = gauls_attack_from_w3910(&mut game);
    (game, events, co, bi)
}

#[test]
fn rule_10_13_10_42_the_cohort_on_the_wall_routs_to_its_aquila_inside() {
    // 4 hits and 2 more: 6, its TQ: Routed (10.13, 10.41), picked up and
    // placed in or next to the Aquila in W3914 (10.42), by the Romans.
    let (mut game, events, co, _) = two_each_at_the_wall(4, 2, "W3914");
    assert!(combat_events(&events).iter().any(|(_, e)| matches!(
        e,
        CombatEvent::Family(SimpleEvent::Hits { unit, outcome: HitOutcome::Routed, .. }) if *unit == co
    )));
    assert_eq!(pending(&game), Some(CombatPending::PlaceRouted { side: ROMANS, unit: co }));
    let aq = hx(&game, "W3914");
    let options: Vec<Hex> = places(&game).into_iter().map(|p| p.1).collect();
    assert!(options.contains(&aq));
    assert!(options.iter().all(|h| h.unsigned_distance_to(aq) <= 1), "{options:?}");
    let first = game.legal_actions()[0].clone();
    game.apply(first).unwrap();
    assert_eq!(status(&game, co), Status::Routed);
    assert!(at(&game, co).unwrap().unsigned_distance_to(aq) <= 1);
    // 9.31: the Gauls now go up onto the wall.
    run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. }));
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
}

#[test]
fn rule_10_42_an_aquila_in_the_zoc_of_gauls_inside_the_works_eliminates_the_routed_cohort() {
    // Gauls who broke in stand in W3915 facing the Aquila in W3914: no path
    // free of enemy ZOC leads to it: the routed cohort is eliminated.
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, 4, 0);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    p.unit("Aedui-6", "W3915", Facing::Ten);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let h = state.setup().board.hex_of("W3914").unwrap();
    assert!(aquila::place(&mut state, legion_x(), h));
    let mut game = game(state, &[5, 5, 5]);
    gauls_attack_from_w3910(&mut game);
    assert_eq!(status(&game, co), Status::Eliminated);
    assert_eq!(at(&game, co), None);
}

#[test]
fn rule_10_41_10_44_a_relief_bi_in_the_garden_routs_to_the_gallic_camp() {
    // The Arverni BI (TQ 7) with 5 hits takes 2: Routed, off to the Gallic
    // Camp even though no path leads there (10.44).
    let (game, _, co, bi) = two_each_at_the_wall(0, 5, "W3914");
    assert_eq!(status(&game, bi), Status::Routed);
    assert_eq!(at(&game, bi), None);
    assert!(rout::in_gallic_camp(game.state(), bi));
    assert_eq!((status(&game, co), hits_of(&game, co)), (Status::Fresh, 2));
}

#[test]
fn rule_10_45_the_cohort_and_the_bi_both_rout() {
    let (mut game, _, co, bi) = two_each_at_the_wall(5, 5, "W3914");
    if let Some(CombatPending::PlaceRouted { .. }) = pending(&game) {
        let first = game.legal_actions()[0].clone();
        game.apply(first).unwrap();
    }
    assert_eq!((status(&game, co), status(&game, bi)), (Status::Routed, Status::Routed));
    assert!(rout::in_gallic_camp(game.state(), bi));
    // Nobody is left to advance onto the wall.
    assert!(!matches!(pending(&game), Some(CombatPending::Advance { .. })));
}

#[test]
fn rule_10_14_an_alesia_force_bi_in_the_inner_garden_is_eliminated_not_routed() {
    // The Alesia Force BI (TQ 5, no rout: 10.42's play note) went into the
    // inner Garden W3919 (3 hits, 6.45) and attacks the cohort on W3918:
    // two more make 5: Eliminated.
    let mut p = west_with_shock(TWO_EACH);
    p.unit("X-1", "W3918", Facing::Four);
    let id = alesia_force(1).remove(0);
    let bi = p.unit(&id, "W3919", Facing::Ten);
    moved_in(&mut p, bi, 3);
    let mut game = p.activate(Command::AlesiaForce, &[5, 5]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    let events = act(&mut game, CombatAction::Resolve { attack: 0 });
    assert!(combat_events(&events).iter().any(|(_, e)| matches!(
        e,
        CombatEvent::Family(SimpleEvent::Hits { unit, outcome: HitOutcome::Eliminated, .. }) if *unit == bi
    )));
    assert_eq!((status(&game, bi), at(&game, bi)), (Status::Eliminated, None));
}

#[test]
fn rule_10_64_a_reduced_cohort_on_the_wall_is_eliminated_at_its_reduced_tq() {
    // A Reduced cohort (TQ 4) with 2 hits takes 2: 4: Eliminated, not routed.
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let s = state.field.unit_mut(co).unwrap();
    s.cohesion.status = Status::Reduced;
    s.cohesion.hits = 2;
    let h = state.setup().board.hex_of("W3914").unwrap();
    aquila::place(&mut state, legion_x(), h);
    let mut game = game(state, &[5, 5]);
    gauls_attack_from_w3910(&mut game);
    assert_eq!((status(&game, co), at(&game, co)), (Status::Eliminated, None));
}

// ---------------------------------------------------------------- 10.15

#[test]
fn rule_10_15_a_cohort_with_two_hits_throws_its_javelins_at_plus_2() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, 2, 0);
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
    let mut m: Vec<(String, Drm)> =
        shot.modifiers.iter().map(|m| (m.rule.clone(), m.drm)).collect();
    m.sort();
    assert_eq!(m, [("8.17".to_owned(), Drm(-1)), ("8.17".to_owned(), Drm(2))]);
    assert_eq!(shot.modifiers.total(), Drm(1));
}

// ---------------------------------------------------------------- 10.2, 10.21-10.26

/// Gauls that moved into both Gardens before the cohort on W3911 (Brutus
/// with it if `brutus`); every roll makes the defender retreat.
fn driven_off(brutus: bool) -> (Game<Alesia>, Uid) {
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    if brutus {
        p.leader("Brutus", "W3911");
    }
    let a = p.unit("Arverni-1", "W3910", Facing::Four);
    let b = p.unit("Arverni-3", "W4011", Facing::Four);
    moved_in(&mut p, a, 2);
    moved_in(&mut p, b, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 5, 5, 5]);
    gauls_attack_from_w3910(&mut game);
    while let Some(CombatPending::Leader { .. }) = pending(&game) {
        act(&mut game, CombatAction::Done);
    }
    (game, co)
}

#[test]
fn rule_10_21_the_cohort_retreats_one_hex_inside_away_from_both_gardens_facing_kept() {
    // One hex farther from both attackers: W3912 or the redoubt W3812, not
    // along the walkway (W3811 and W4012 are next to a Garden), never down
    // to the outside (10.24's play note).
    let (mut game, co) = driven_off(false);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    assert_eq!(place_labels(&game, co), ["W3812", "W3912"]);
    assert!(places(&game).iter().all(|p| p.2 == Facing::Ten), "10.21: facing kept");
    let w3912 = hx(&game, "W3912");
    let events = act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.21"
        || matches!(e, CombatEvent::Family(SimpleEvent::Retreated { unit, .. }) if *unit == co)));
    let s = game.state().field.unit(co).unwrap();
    assert_eq!((s.at, s.facing), (Some(w3912), Facing::Ten));
}

#[test]
fn rule_10_26_brutus_retreats_with_the_cohort_off_the_wall() {
    let (mut game, co) = driven_off(true);
    let brutus = game.state().setup().lid("Brutus").unwrap();
    let w3912 = hx(&game, "W3912");
    act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert!(
        matches!(pending(&game), Some(CombatPending::Leader { side: ROMANS, leader, .. }) if leader == brutus),
        "{:?}",
        pending(&game)
    );
    let with = CombatAction::PlaceLeader { leader: brutus, to: Some(w3912) };
    assert!(legal(&game, &with), "10.26: with the unit");
    assert!(legal(&game, &CombatAction::Done), "10.26: or he may stay where he is");
    act(&mut game, with);
    assert_eq!(game.state().field.leader(brutus).unwrap().at, Some(w3912));
}

#[test]
fn rule_10_22_a_gaul_driven_out_of_the_garden_may_not_retreat_into_the_next_garden() {
    // The cohort on W3911 must attack the BI in W3910 (9.11); the BI fails
    // its Pre-Shock check (9 over 6) and retreats one hex away: W3909 or
    // W4010, not the Garden W3810.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Aedui-1", "W3910", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[9]);
    act(&mut game, CombatAction::BeginShock);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    assert_eq!(place_labels(&game, bi), ["W3909", "W4010"]);
}

#[test]
fn rule_10_23_a_gaul_hemmed_in_the_garden_by_its_own_stacks_takes_two_more_hits() {
    // Same, with full stacks of Aedui behind it in W3909 and W4010 (6.61: two
    // units of a tribe): it cannot retreat: 1 hit and 2 more, and it stays.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Aedui-1", "W3910", Facing::Four);
    for (id, at) in
        [("Aedui-2", "W3909"), ("Aedui-3", "W3909"), ("Aedui-4", "W4010"), ("Aedui-5", "W4010")]
    {
        p.unit(id, at, Facing::Four);
    }
    let mut game = p.activate(legion_of("X-1"), &[9]);
    let events = act(&mut game, CombatAction::BeginShock);
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::NoRetreat { unit }) if *unit == bi)),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(hits_of(&game, bi), 3);
    assert_eq!(at_label(&game, bi), "W3910");
}

#[test]
fn rule_10_24_rampart_exception_2_only_against_an_attack_from_below() {
    // From below (W3910): the cohort may stand for one hit (the assault).
    let (game, events, _, co, _) = the_assault();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.24"
        && matches!(e, CombatEvent::Family(SimpleEvent::Stood { unit }) if *unit == co)));
    assert_eq!(at_label(&game, co), "W3911");
    // Along the walkway from W4012, where a Gaul has taken the wall: no
    // choice, it retreats.
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W3911", Facing::Two);
    p.unit("Aedui-1", "W4012", Facing::Eight);
    let mut game = p.activate(tribe_of("Aedui-1", "Viridomarus"), &[5]);
    act(&mut game, CombatAction::BeginShock);
    let w4012 = hx(&game, "W4012");
    act(&mut game, CombatAction::Designate { attacker: w4012, join: None });
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    act(&mut game, CombatAction::Resolve { attack: 0 });
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    assert!(!legal(&game, &CombatAction::Done), "10.24 is for attacks from below");
}

#[test]
fn rule_10_25_retreating_into_the_front_of_a_gallic_archer_on_the_wall_costs_a_hit() {
    // A Gallic archer holds W4012 and faces W3912 (Four: E and SE). The
    // cohort driven off W3911 by the BI from W3910 retreats to W3912: one
    // more hit.
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    p.unit("Arverni-A1", "W4012", Facing::Four);
    // The redoubt W3812 is full (6.61: two foot units): W3912 is the only
    // way back ("if no other path is available").
    p.unit("X-2", "W3812", Facing::Ten);
    p.unit("X-3", "W3812", Facing::Ten);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5]);
    gauls_attack_from_w3910(&mut game);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    assert_eq!(place_labels(&game, co), ["W3912"]);
    let w3912 = hx(&game, "W3912");
    let events = act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert!(
        combat_events(&events).iter().any(|(rule, e)| *rule == "10.25"
            && matches!(e, CombatEvent::Family(SimpleEvent::Hits { unit, hits: 1, .. }) if *unit == co)),
        "{:?}",
        combat_events(&events)
    );
    assert_eq!(hits_of(&game, co), 2);
}

// ---------------------------------------------------------------- 10.3

const CONTINUED: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true, continued_shock: true), provenance: Reconstructed),";

#[test]
fn rule_10_3_rampart_exception_3_no_continued_shock_from_the_wall_into_the_garden() {
    // The cohort on W3911 attacks the BI below in W3910 and gains CS: the BI
    // retreats, the cohort neither advances nor attacks again.
    let mut p = west_with_shock(CONTINUED);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Aedui-1", "W3910", Facing::Four);
    p.unit("Aedui-6", "W4010", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[0, 5, 5, 5]);
    let mut events = act(&mut game, CombatAction::BeginShock);
    events.extend(run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. })));
    events.extend(act(&mut game, CombatAction::Resolve { attack: 0 }));
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    let w3909 = hx(&game, "W3909");
    events
        .extend(act(&mut game, CombatAction::Place { unit: bi, to: w3909, facing: Facing::Four }));
    if matches!(pending(&game), Some(CombatPending::Advance { .. })) {
        events.extend(act(&mut game, CombatAction::Done));
    }
    events.extend(run_until(&mut game, |_| false));
    let ce = combat_events(&events);
    assert!(
        !ce.iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ContinuedShock { .. }))),
        "{ce:?}"
    );
    assert_eq!(
        ce.iter()
            .filter(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockResolved { .. })))
            .count(),
        1
    );
    assert_eq!(at_label(&game, co), "W3911");
}

#[test]
fn rule_10_3_continued_shock_along_the_walkway_advances_without_turning() {
    // The cohort on W4012 attacks the Gaul who took W3911 along the walkway
    // (a voluntary attack, 9.12: no Pre-Shock check) and gains CS: the Gaul
    // retreats into the redoubt W3812, the cohort advances onto W3911 still
    // facing Eight (10.3: "without changing Facing").
    let mut p = west_with_shock(CONTINUED);
    let co = p.unit("X-1", "W4012", Facing::Eight);
    let bi = p.unit("Aedui-1", "W3911", Facing::Four);
    let mut game = p.activate(legion_of("X-1"), &[5, 5, 5]);
    act(&mut game, CombatAction::BeginShock);
    let w4012 = hx(&game, "W4012");
    let mut events = act(&mut game, CombatAction::Designate { attacker: w4012, join: None });
    events.extend(run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. })));
    events.extend(act(&mut game, CombatAction::Resolve { attack: 0 }));
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: GAULS, unit: bi }));
    let w3812 = hx(&game, "W3812");
    events
        .extend(act(&mut game, CombatAction::Place { unit: bi, to: w3812, facing: Facing::Four }));
    events.extend(run_until(&mut game, |_| false));
    let ce = combat_events(&events);
    // Nobody is left in its front (W3811, W3910): no second attack.
    assert_eq!(
        ce.iter()
            .filter(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockResolved { .. })))
            .count(),
        1
    );
    assert!(ce.iter().any(|(rule, e)| *rule == "10.3"
        && matches!(e, CombatEvent::Family(SimpleEvent::Advanced { unit, facing: Facing::Eight, .. }) if *unit == co)));
    let s = game.state().field.unit(co).unwrap();
    assert_eq!((s.at, s.facing), (Some(hx(&game, "W3911")), Facing::Eight));
}

// ---------------------------------------------------------------- 10.43

#[test]
fn rule_10_43_a_routed_cohort_below_the_lost_wall_does_nothing_and_dies_at_the_next_hit() {
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3912", Facing::Ten);
    p.unit("Aedui-1", "W3911", Facing::Four);
    let archer = p.unit("Arverni-A1", "W4012", Facing::Four);
    let mut state = p.activated(legion_of("X-1"));
    let s = state.field.unit_mut(co).unwrap();
    s.cohesion.status = Status::Routed;
    s.cohesion.hits = 6;
    let mut game = game(state, &[]);
    let w3911 = hx(&game, "W3911");
    assert!(!legal(&game, &CombatAction::Fire { unit: co, target: w3911, will_move: false }));
    assert!(game.check(&Action::EndActivation).is_ok(), "9.11 does not bind it");
    act(&mut game, CombatAction::BeginShock);
    assert!(
        !game
            .legal_actions()
            .iter()
            .any(|a| matches!(a, Action::Combat(CombatAction::Designate { .. })))
    );
    // The Gallic archer on W4012 shoots it (a 0: a hit at range 1).
    let p = Pos { field: game.state().field.clone() };
    let mut state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    let s = state.field.unit_mut(co).unwrap();
    s.cohesion.status = Status::Routed;
    let mut game = combat_support::game(state, &[0]);
    let w3912 = hx(&game, "W3912");
    act(&mut game, CombatAction::Fire { unit: archer, target: w3912, will_move: false });
    assert_eq!((status(&game, co), at(&game, co)), (Status::Eliminated, None));
}

// ---------------------------------------------------------------- 10.46

#[test]
fn rule_10_46_vercassivellaunus_routs_with_the_bi_or_joins_the_arverni_in_the_next_garden() {
    let mut p = west_with_shock(TWO_EACH);
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 5);
    let chief = p.leader("Vercassivellaunus", "W3910");
    p.unit("Arverni-3", "W4011", Facing::Four);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5, 9, 9, 9, 9]);
    gauls_attack_from_w3910(&mut game);
    while let Some(CombatPending::Leader { rule, .. }) = pending(&game) {
        if rule == "10.46" {
            break;
        }
        act(&mut game, CombatAction::Done);
    }
    assert!(rout::in_gallic_camp(game.state(), bi));
    let w4011 = hx(&game, "W4011");
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::PlaceLeader { leader: chief, to: None }),
            combat(CombatAction::PlaceLeader { leader: chief, to: Some(w4011) }),
        ]
    );
    act(&mut game, CombatAction::PlaceLeader { leader: chief, to: Some(w4011) });
    assert_eq!(game.state().field.leader(chief).unwrap().at, Some(w4011));
}

// ---------------------------------------------------------------- 10.5

#[test]
fn rule_10_5_cohorts_two_hexes_from_the_gaul_on_the_wall_rally_the_one_below_it_may_not() {
    let mut p = Pos::west();
    p.unit("Aedui-1", "W3911", Facing::Four);
    let near = p.unit("X-2", "W3912", Facing::Ten);
    p.with(near, 1, 0);
    let far = p.unit("X-1", "W3913", Facing::Ten);
    p.with(far, 3, 0);
    let mut game = p.activate(legion_of("X-1"), &[]);
    assert!(!legal(&game, &CombatAction::Rally { unit: near }), "next to the Gaul");
    assert!(legal(&game, &CombatAction::Rally { unit: far }), "two hexes away");
    let events = act(&mut game, CombatAction::Rally { unit: far });
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.5"
        && matches!(e, CombatEvent::Family(SimpleEvent::HitsRemoved { removed: 2, .. }))));
    assert_eq!(hits_of(&game, far), 1);
}

// ---------------------------------------------------------------- 10.6, 10.61-10.65

#[test]
fn rule_10_6_recovery_after_an_assault_on_the_west_map() {
    // After the period: a cohort routed off W3911 beside its Aquila, two
    // Arverni routed to the Gallic Camp, an Alesia Force BI routed, a cohort
    // with 3 hits on the wall and a BI with 5 in the Garden.
    let mut p = Pos::west();
    let routed_co = p.unit("X-1", "W3914", Facing::Ten);
    let tired_co = p.unit("X-2", "W3911", Facing::Ten);
    p.with(tired_co, 3, 0);
    let tired_bi = p.unit("Arverni-5", "W3910", Facing::Four);
    p.with(tired_bi, 5, 0);
    let mut state = p.activated(legion_of("X-1"));
    let setup = state.setup().clone();
    let (lucky, unlucky) = (setup.uid("Arverni-1").unwrap(), setup.uid("Arverni-2").unwrap());
    let force = setup.uid(&alesia_force(1)[0]).unwrap();
    for u in [routed_co, lucky, unlucky, force] {
        let s = state.field.unit_mut(u).unwrap();
        s.cohesion.status = Status::Routed;
        s.cohesion.hits = 7;
    }
    // The Arverni roll 7 (their printed TQ: recovered) and 8 (eliminated);
    // the Alesia Force does not roll.
    let mut dice = Dice::scripted([7, 8]);
    let mut events = Vec::new();
    recovery::recovery_phase(&mut state, &mut dice, &mut events).unwrap();
    let c = |u: Uid| state.field.unit(u).unwrap().cohesion;
    assert_eq!((c(routed_co).status, c(routed_co).hits), (Status::Reduced, 0), "10.62");
    assert_eq!((c(lucky).status, c(lucky).hits), (Status::Reduced, 0), "10.63: 7 is its TQ");
    assert_eq!(c(unlucky).status, Status::Eliminated, "10.63: 8 is over it");
    assert_eq!(c(force).status, Status::Eliminated, "10.63: the Alesia Force is eliminated");
    assert_eq!(c(tired_co).hits, 2, "10.65: 3 hits lose 1");
    assert_eq!(c(tired_bi).hits, 3, "10.65: 5 hits lose 2");
    let rolls: usize = events.iter().map(|e| e.rolls.len()).sum();
    assert_eq!(rolls, 2, "one roll per routed Gallic relief unit");
}

// ---------------------------------------------------------------- 10.7, 10.71-10.74

#[test]
fn rule_10_7_the_sequani_withdraw_from_the_wall_routed_from_outside_as_they_are() {
    // Sequani (Withdrawal 3): Sequani-1 on the rampart W3911, Sequani-2 come
    // down inside to W3912, Sequani-3 outside in W3909, Sequani-4 Reduced on
    // the walkway W4012; three eliminated earlier (10.71: they count).
    let mut p = Pos::west();
    let wall = p.unit("Sequani-1", "W3911", Facing::Four);
    let inside = p.unit("Sequani-2", "W3912", Facing::Four);
    let outside = p.unit("Sequani-3", "W3909", Facing::Four);
    let reduced = p.unit("Sequani-4", "W4012", Facing::Four);
    let mut state = p.activated(tribe_of("Sequani-1", "Viridomarus"));
    state.field.unit_mut(reduced).unwrap().cohesion.status = Status::Reduced;
    let c = state.setup().unit(wall).unwrap().counter.unwrap();
    assert_eq!(state.setup().counters[c.index()].withdrawal, 3);
    state.field.counter_mut(c).unwrap().at = Some(state.setup().board.hex_of("W3905").unwrap());
    for id in ["Sequani-5", "Sequani-6", "Sequani-A1"] {
        let u = state.setup().uid(id).unwrap();
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Eliminated;
    }
    let mut game = game(state, &[]);
    let events = game.apply(Action::EndActivation).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.71"
        && matches!(e, CombatEvent::Withdrawn { tribe } if tribe == "Sequani")));
    for u in [wall, inside, outside, reduced] {
        assert_eq!(at(&game, u), None, "10.72: off the map");
    }
    assert_eq!(status(&game, wall), Status::Routed, "10.73: from a Rampart hex");
    assert_eq!(status(&game, inside), Status::Routed, "10.73: from inside the walls");
    assert_eq!(status(&game, outside), Status::Fresh, "10.72: as it was");
    assert_eq!(status(&game, reduced), Status::Eliminated, "10.73: already Reduced");
    assert!(!withdrawal::available_next_period(game.state(), c), "10.74: 4 eliminated");
}

#[test]
fn rule_10_74_a_tribe_withdrawn_by_routs_comes_back_next_period() {
    // Three Sequani routed (not eliminated) in the Gallic Camp: withdrawn
    // (10.71 counts routed units) but not barred from the next period.
    let mut p = Pos::west();
    let outside = p.unit("Sequani-1", "W3909", Facing::Four);
    let mut state = p.activated(tribe_of("Sequani-1", "Viridomarus"));
    let c = state.setup().unit(outside).unwrap().counter.unwrap();
    state.field.counter_mut(c).unwrap().at = Some(state.setup().board.hex_of("W3905").unwrap());
    for id in ["Sequani-2", "Sequani-3", "Sequani-4"] {
        let u = state.setup().uid(id).unwrap();
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Routed;
    }
    let mut game = game(state, &[]);
    let events = game.apply(Action::EndActivation).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, _)| *rule == "10.71"));
    assert_eq!(at(&game, outside), None);
    assert!(withdrawal::available_next_period(game.state(), c), "10.74: no unit eliminated");
}

#[test]
fn rule_10_72_the_alesia_force_withdraws_into_the_oppidum_from_the_circumvallation_eliminated() {
    // The Alesia Force at its level: its units leave the map for the
    // oppidum; one that stood on the circumvallation W3918 is routed, or,
    // as these do not rout (10.42's play note), eliminated (10.73); one in
    // the inner Garden W3919 (Alesia's side: not inside the walls) is not.
    let mut p = Pos::west();
    let ids = alesia_force(2);
    let on_wall = p.unit(&ids[0], "W3918", Facing::Four);
    let garden = p.unit(&ids[1], "W3919", Facing::Ten);
    let mut state = p.activated(Command::AlesiaForce);
    let level = state.setup().mix.alesia_force().withdrawal;
    let rest: Vec<String> = alesia_force(60).into_iter().skip(2).take(usize::from(level)).collect();
    assert_eq!(rest.len(), usize::from(level));
    for id in &rest {
        let u = state.setup().uid(id).unwrap();
        state.field.unit_mut(u).unwrap().cohesion.status = Status::Eliminated;
    }
    let mut game = game(state, &[]);
    let events = game.apply(Action::EndActivation).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.71"
        && matches!(e, CombatEvent::Withdrawn { tribe } if tribe == "Alesia")));
    assert!(game.state().turn.combat.alesia_force_withdrawn);
    assert_eq!((at(&game, on_wall), at(&game, garden)), (None, None));
    assert_eq!(status(&game, on_wall), Status::Eliminated);
    assert_eq!(status(&game, garden), Status::Fresh);
    assert!(!withdrawal::alesia_force_available_next_period(game.state()), "10.74");
}

// ---------------------------------------------------------------- 10.8

#[test]
fn rule_10_8_the_aquila_retreats_with_its_cohort_off_the_wall() {
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let h = state.setup().board.hex_of("W3911").unwrap();
    assert!(aquila::place(&mut state, legion_x(), h));
    let mut game = game(state, &[5]);
    gauls_attack_from_w3910(&mut game);
    let w3912 = hx(&game, "W3912");
    act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert_eq!(aquila::at(game.state(), legion_x()), Some(w3912));
}

#[test]
fn rule_10_8_a_gaul_coming_off_the_wall_captures_the_lone_aquila_below_it() {
    // The Gaul on W3911 climbs down into W3912 (1 + 1 MP, 6.42), where X's
    // Aquila stands alone: captured, one hit on every unit of the legion.
    let mut p = Pos::west();
    let bi = p.unit("Aedui-1", "W3911", Facing::Four);
    let co = p.unit("X-1", "W3915", Facing::Ten);
    let scorpio = p.unit("X-Scorpio", "W3916", Facing::Ten);
    let mut state = p.activated(tribe_of("Aedui-1", "Viridomarus"));
    let h = state.setup().board.hex_of("W3912").unwrap();
    assert!(aquila::place(&mut state, legion_x(), h));
    let mut game = game(state, &[]);
    let m = move_to(&game, bi, h, Facing::Four).expect("W3911 down to W3912");
    let events = game.apply(m).unwrap();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(rule, e)| *rule == "10.8" && matches!(e, CombatEvent::AquilaCaptured { .. }))
    );
    assert!(aquila::state(game.state(), legion_x()).captured);
    assert_eq!(hits_of(&game, co), 1);
    assert_eq!(hits_of(&game, scorpio), 0, "8.5: artillery takes no hits from a captured Aquila");
    let _ = UnitFlags::MOVED;
}

#[test]
fn rule_10_21_a_retreat_forced_along_the_walkway_next_to_a_friend_on_the_wall_disorders_both() {
    // 10.21: "Stacking restrictions are applied strictly, but see 6.68". The
    // cohort on W4012 is driven off by the BI from the Garden W4011; W3912
    // and W4013 below are full (two cohorts of X each), W3911 is next to the
    // Garden: its only way is along the walkway to W4112, next to X-6 on
    // W4213. Forced there, both are Disordered (6.68).
    let mut p = west_with_shock(ALWAYS_RETREAT);
    let co = p.unit("X-1", "W4012", Facing::Eight);
    for (id, at) in [("X-2", "W3912"), ("X-3", "W3912"), ("X-4", "W4013"), ("X-5", "W4013")] {
        p.unit(id, at, Facing::Ten);
    }
    let friend = p.unit("X-6", "W4213", Facing::Ten);
    let bi = p.unit("Arverni-1", "W4011", Facing::Two);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5]);
    act(&mut game, CombatAction::BeginShock);
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    act(&mut game, CombatAction::Resolve { attack: 0 });
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    assert_eq!(place_labels(&game, co), ["W4112"]);
    let w4112 = hx(&game, "W4112");
    let events = act(&mut game, CombatAction::Place { unit: co, to: w4112, facing: Facing::Eight });
    assert!(events.iter().any(|e| e.rule == "6.68"), "{events:?}");
    for u in [co, friend] {
        assert!(game.state().field.unit(u).unwrap().flags.has(UnitFlags::DISORDERED));
    }
}

#[test]
fn rule_10_3_the_cohort_stands_on_the_wall_and_the_gauls_attack_again_from_the_garden() {
    // "If defending unit(s) don't Retreat (as in 10.24), the attacking units
    // simply attack again from their current hex." Arverni-1 in W3910
    // (-3 Rampart, +1 TQ, -2 BI against CO): a 9 is read as 5: Continued
    // Shock (this table); the cohort stands (10.24, one hit); the BI attacks
    // again from W3910, not a Moving Attack (it did not advance): a 4 is 0,
    // one hit each.
    let rows = "(rolls: (0, 4), result: (attacker_hits: 1, defender_hits: 1), provenance: Reconstructed),\n\
                (rolls: (5, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true, continued_shock: true), provenance: Reconstructed),";
    let mut p = west_with_shock(rows);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[9, 4]);
    let mut events = gauls_attack_from_w3910(&mut game);
    assert_eq!(pending(&game), Some(CombatPending::Retreat { side: ROMANS, unit: co }));
    events.extend(act(&mut game, CombatAction::Done));
    events.extend(run_until(&mut game, |_| false));
    let resolved: Vec<(u8, Vec<String>)> = combat_events(&events)
        .into_iter()
        .filter_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::ShockResolved { attack, modifiers, .. }) => {
                Some((attack, modifiers.iter().map(|m| m.what.clone()).collect()))
            }
            _ => None,
        })
        .collect();
    assert_eq!(resolved.len(), 2, "{resolved:?}");
    assert!(!resolved[1].1.iter().any(|t| t == "moving attack"), "{resolved:?}");
    assert_eq!(at_label(&game, bi), "W3910");
    assert_eq!(at_label(&game, co), "W3911");
    // 1 + 1 (stood) + 1; the BI 2 + 1.
    assert_eq!((hits_of(&game, co), hits_of(&game, bi)), (3, 3));
}

#[test]
fn rule_10_43_a_routed_cohort_below_the_wall_defends_with_its_printed_tq_and_dies_at_a_hit() {
    // An Arverni BI (TQ 7) that took W3911 attacks the routed cohort in
    // W3912 below it: "Routed units defend with their printed (Front side,
    // not Reduced) TQ": TQ differential 7 to 6, +1 (not 7 to 4); and any hit
    // eliminates it.
    let mut p = west_with_shock(TWO_EACH);
    p.unit("Arverni-1", "W3911", Facing::Four);
    let co = p.unit("X-1", "W3912", Facing::Ten);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let s = state.field.unit_mut(co).unwrap();
    s.cohesion.status = Status::Routed;
    s.cohesion.hits = 6;
    let mut game = game(state, &[5]);
    act(&mut game, CombatAction::BeginShock);
    let w3911 = hx(&game, "W3911");
    act(&mut game, CombatAction::Designate { attacker: w3911, join: None });
    run_until(&mut game, |p| matches!(p, CombatPending::ResolutionOrder { .. }));
    let CombatPreview::Shock { modifiers, .. } =
        preview(&game, CombatAction::Resolve { attack: 0 })
    else {
        panic!()
    };
    let tq: Vec<(String, Drm)> = modifiers
        .iter()
        .filter(|m| m.what.starts_with("TQ differential"))
        .map(|m| (m.what.clone(), m.drm))
        .collect();
    assert_eq!(tq, [("TQ differential 7 to 6".to_owned(), Drm(1))]);
    act(&mut game, CombatAction::Resolve { attack: 0 });
    run_until(&mut game, |p| matches!(p, CombatPending::Advance { .. }));
    assert_eq!((status(&game, co), at(&game, co)), (Status::Eliminated, None));
}

#[test]
fn rule_10_8_the_aquila_left_on_the_wall_by_its_routed_cohort_is_captured_by_the_advance() {
    // The Aquila stood with X-1 on W3911. The cohort routs (not a retreat:
    // the Aquila does not go with it, 10.8) and is placed next to it in
    // W3912 (10.42); the Arverni BI must advance onto W3911 (9.31), enters
    // the hex where the Aquila is alone: captured, one hit on each unit of
    // the legion (X-2 in W3914).
    let mut p = west_with_shock(TWO_EACH);
    let co = p.unit("X-1", "W3911", Facing::Ten);
    p.with(co, 5, 0);
    let other = p.unit("X-2", "W3914", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    moved_in(&mut p, bi, 2);
    let mut state = p.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    let w3911 = state.setup().board.hex_of("W3911").unwrap();
    assert!(aquila::place(&mut state, legion_x(), w3911));
    let mut game = game(state, &[5]);
    gauls_attack_from_w3910(&mut game);
    assert_eq!(pending(&game), Some(CombatPending::PlaceRouted { side: ROMANS, unit: co }));
    let w3912 = hx(&game, "W3912");
    act(&mut game, CombatAction::Place { unit: co, to: w3912, facing: Facing::Ten });
    assert_eq!(aquila::at(game.state(), legion_x()), Some(w3911), "the Aquila stays");
    assert_eq!(pending(&game), Some(CombatPending::Advance { side: GAULS, attack: 0 }));
    let events = run_until(&mut game, |_| false);
    assert_eq!(at(&game, bi), Some(w3911));
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.8"
        && matches!(e, CombatEvent::AquilaCaptured { hex, .. } if *hex == w3911)));
    assert!(aquila::state(game.state(), legion_x()).captured);
    assert_eq!(hits_of(&game, other), 1);
}
