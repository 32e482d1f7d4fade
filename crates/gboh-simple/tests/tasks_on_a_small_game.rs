//! The combat steps after a shock on the tiny game: a defeated stack
//! retreats unit by unit, its owner choosing the hex (10.2); a stack with
//! nowhere to go stays and takes two hits (10.23); leftover hits are the
//! inflicting player's choice (9.25 "#"); archers whose infantry fell are
//! eliminated (9.27); the hexes the defenders left are recorded for the
//! advance (9.31). Each cited by the tiny game's sections.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use gboh_core::table::ShockResult;
use gboh_simple::decision::{CombatAction, CombatPending};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::retreat::options as retreat_hexes;
use gboh_simple::rules::tasks::{decide, decision, step};
use gboh_simple::sequence::{Attack, AttackStatus, HitsCause, ShockStage, ShockState, Task};
use gboh_simple::{SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const SCORPIO: Uid = Uid(3);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);

fn hex(b: &TinyBattle, label: &str) -> Hex {
    b.field.setup().board.hex_of(label).unwrap()
}

/// Attack 0, resolved with `result`: `attackers` (each in its hex, facing
/// the first defender's hex) against `defenders`; its effects queued.
fn resolved(
    attackers: &[(Uid, &str)],
    defenders: &[(Uid, &str)],
    result: ShockResult,
) -> TinyBattle {
    let mut b = TinyBattle::new();
    let target = hex(&b, defenders[0].1);
    let mut defender_hexes = Vec::new();
    for &(u, l) in defenders {
        let h = hex(&b, l);
        b.field.move_unit(u, h, Facing::Twelve).unwrap();
        if !defender_hexes.contains(&h) {
            defender_hexes.push(h);
        }
    }
    for &(u, l) in attackers {
        let h = hex(&b, l);
        b.field.move_unit(u, h, Tiny::facing_toward(h, target)).unwrap();
    }
    b.combat.shock = Some(ShockState {
        stage: ShockStage::Resolution,
        attacks: vec![Attack {
            attackers: attackers.iter().map(|&(u, _)| u).collect(),
            defender_hexes,
            defenders: defenders.iter().map(|&(u, l)| (u, hex(&b, l))).collect(),
            mandatory: true,
            continued: false,
            moving: false,
            retreated_before: Vec::new(),
            vacated: Vec::new(),
            contributors: Vec::new(),
            advanced: Vec::new(),
            result: Some(result),
            status: AttackStatus::Resolved,
        }],
    });
    b.combat.tasks.push(Task::AfterShock { attack: 0 });
    b
}

fn defender_retreats() -> ShockResult {
    ShockResult { defender_hits: 2, defender_retreats: true, ..ShockResult::default() }
}

/// Runs every step that needs no decision.
fn run(b: &mut TinyBattle) -> Vec<Event<SimpleEvent>> {
    let mut events = Vec::new();
    while step::<_, ()>(b, &mut events).unwrap() {}
    events
}

#[test]
fn rule_10_2_the_defeated_warband_retreats_where_its_owner_chooses_and_its_hex_is_vacated() {
    let mut b = resolved(&[(COHORT, "T0302")], &[(WARBAND, "T0303")], defender_retreats());
    let (from, attacker) = (hex(&b, "T0303"), hex(&b, "T0302"));
    let open = retreat_hexes(&b.field, WARBAND, from, &[attacker]);
    assert!(open.len() > 1, "a choice: {open:?}");
    assert!(run(&mut b).is_empty());
    let (pending, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::Retreat { side: Side::Adversary, unit: WARBAND });
    let to: Vec<Hex> = actions
        .iter()
        .map(|a| match a {
            CombatAction::Place { to, .. } => *to,
            _ => panic!("{a:?}"),
        })
        .collect();
    assert_eq!(to, open);
    let mut events = Vec::new();
    decide(&mut b, &actions[1], &mut events).unwrap();
    assert_eq!(b.field.unit(WARBAND).unwrap().at, Some(open[1]));
    assert_eq!(events[0].rule, "10.2");
    assert!(matches!(events[0].what, SimpleEvent::Retreated { unit: WARBAND, .. }));
    // What remains runs by itself: the hex is recorded as vacated.
    run(&mut b);
    assert!(b.combat.tasks.is_empty());
    assert_eq!(b.combat.shock.as_ref().unwrap().attacks[0].vacated, vec![from]);
    // A wrong answer is refused under the sequence of play.
    let err = decide::<_, ()>(&mut b, &CombatAction::Done, &mut events).unwrap_err();
    assert!(err.to_string().starts_with("3.0:"), "{err}");
}

#[test]
fn rule_10_23_a_cornered_warband_stays_and_takes_two_hits() {
    // The warband in the corner, Romans in every hex next to it.
    let mut b = TinyBattle::new();
    let corner = hex(&b, "T0101");
    let around: Vec<Hex> = Direction::ALL
        .into_iter()
        .filter_map(|d| b.field.setup().board.neighbor(corner, d))
        .collect();
    let romans = [COHORT, COHORT_2, ARCHERS, SCORPIO];
    assert!(around.len() <= romans.len());
    let labels: Vec<String> =
        around.iter().map(|&h| b.field.setup().board.label(h).unwrap().to_string()).collect();
    let attackers: Vec<(Uid, &str)> =
        romans.iter().zip(labels.iter()).map(|(&u, l)| (u, l.as_str())).collect();
    b = resolved(&attackers[..2], &[(WARBAND, "T0101")], defender_retreats());
    for &(u, l) in &attackers[2..] {
        let h = hex(&b, l);
        b.field.move_unit(u, h, Facing::Twelve).unwrap();
    }
    assert!(retreat_hexes(&b.field, WARBAND, corner, &around).is_empty());
    let events = run(&mut b);
    assert_eq!(events[0].rule, "10.23");
    assert!(matches!(events[0].what, SimpleEvent::NoRetreat { unit: WARBAND }));
    assert!(
        events.iter().any(|e| e.rule == "10.23"
            && matches!(e.what, SimpleEvent::Hits { unit: WARBAND, hits: 2, .. }))
    );
    assert_eq!(b.field.unit(WARBAND).unwrap().at, Some(corner));
    assert_eq!(b.field.unit(WARBAND).unwrap().cohesion.hits, 2);
}

#[test]
fn rule_9_25_the_leftover_hit_is_the_inflicting_players_choice() {
    let mut b = TinyBattle::new();
    for (u, l) in [(WARBAND, "T0303"), (WARBAND_2, "T0304")] {
        let h = hex(&b, l);
        b.field.move_unit(u, h, Facing::Twelve).unwrap();
    }
    b.combat.tasks.push(Task::Hits {
        units: vec![WARBAND, WARBAND_2],
        hits: 3,
        chooser: Side::Roman,
        cause: HitsCause::Shock,
    });
    assert!(run(&mut b).is_empty());
    let (pending, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::DistributeHits { side: Side::Roman, leftover: 1 });
    let on_second = CombatAction::DistributeHits { units: vec![WARBAND_2] };
    assert!(actions.contains(&on_second));
    let mut events = Vec::new();
    decide(&mut b, &on_second, &mut events).unwrap();
    let hits = |u| b.field.unit(u).unwrap().cohesion.hits;
    assert_eq!((hits(WARBAND), hits(WARBAND_2)), (1, 2));
}

#[test]
fn rule_9_27_archers_whose_cohort_fell_are_eliminated() {
    let mut b = resolved(
        &[(WARBAND, "T0302")],
        &[(COHORT, "T0303"), (ARCHERS, "T0303")],
        defender_retreats(),
    );
    // The cohort fell to the shock's hits.
    b.field.remove_unit(COHORT);
    let events = run(&mut b);
    assert_eq!(events[0].rule, "9.27");
    assert!(matches!(events[0].what, SimpleEvent::Eliminated { unit: ARCHERS }));
    assert_eq!(b.field.unit(ARCHERS).unwrap().at, None);
}

#[test]
fn rule_9_27_archers_stay_with_their_cohort_when_it_stands() {
    // Neither side retreats: the archers stay, with no effect.
    let result = ShockResult { attacker_hits: 1, defender_hits: 1, ..ShockResult::default() };
    let mut b = resolved(&[(WARBAND, "T0302")], &[(COHORT, "T0303"), (ARCHERS, "T0303")], result);
    run(&mut b);
    assert_eq!(b.field.unit(ARCHERS).unwrap().at, Some(hex(&b, "T0303")));
    assert!(b.combat.shock.as_ref().unwrap().attacks[0].vacated.is_empty());
}
