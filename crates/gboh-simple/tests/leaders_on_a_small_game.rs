//! Leaders and combat on the tiny game: a lone chief whom an enemy unit
//! comes next to may retreat three hexes (4.33); a chief stacked with
//! defenders threatened by shock may step one hex away or stay (4.32); a
//! chief whose unit routed routs with it or joins the nearest unit he could
//! command, never staying (10.46). Each cited by the tiny game's sections.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::unit::Status;
use gboh_simple::decision::{CombatAction, CombatPending};
use gboh_simple::doc_game::TinyBattle;
use gboh_simple::ground::leaders::{lone_leader_retreats, threatened_leader_retreats};
use gboh_simple::rules::leaders::{decision, options, place, threaten_lone_leaders};
use gboh_simple::sequence::LeaderCase;
use gboh_simple::{Lid, SimpleEvent, Uid};
use hexx::Hex;

const CHIEF: Lid = Lid(0);
const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const WARBAND_2: Uid = Uid(4);

fn hex(b: &TinyBattle, label: &str) -> Hex {
    b.field.setup().board.hex_of(label).unwrap()
}

fn battle(units: &[(Uid, &str)], chief: &str) -> TinyBattle {
    let mut b = TinyBattle::new();
    for &(uid, label) in units {
        let at = hex(&b, label);
        b.field.move_unit(uid, at, Facing::Twelve).unwrap();
    }
    let at = hex(&b, chief);
    b.field.move_leader(CHIEF, Some(at)).unwrap();
    b
}

#[test]
fn rule_4_33_a_cohort_next_to_the_lone_chief_lets_him_retreat_up_to_three_hexes() {
    let mut b = battle(&[(COHORT, "T0302")], "T0303");
    let (chief_at, cohort_at) = (hex(&b, "T0303"), hex(&b, "T0302"));
    let mut events = Vec::new();
    threaten_lone_leaders(&mut b, Side::Roman, cohort_at, &mut events);
    assert_eq!(b.lone_leaders.len(), 1, "one choice: {events:?}");
    let (lid, offered) = b.lone_leaders[0].clone();
    assert_eq!(lid, CHIEF);
    assert_eq!(events[0].rule, "4.33");
    assert!(matches!(&events[0].what, SimpleEvent::LeaderMayRetreat { leader: CHIEF, options }
        if *options == offered));
    // Within three hexes, never his own hex, never next to the cohort, never
    // the water; the board's far side is within reach.
    assert!(offered.iter().all(|&h| h != chief_at
        && h.unsigned_distance_to(chief_at) <= 3
        && h.unsigned_distance_to(cohort_at) > 1));
    assert!(!offered.contains(&hex(&b, "T0505")), "water");
    assert!(offered.contains(&hex(&b, "T0305")));
    assert!(!offered.iter().any(|&h| h.unsigned_distance_to(chief_at) > 3));
    // Asked once: a second threat does not queue him again.
    threaten_lone_leaders(&mut b, Side::Roman, cohort_at, &mut events);
    assert_eq!(b.lone_leaders.len(), 1);
    assert_eq!(lone_leader_retreats(&b.field, CHIEF), offered);
}

#[test]
fn rule_4_33_a_chief_with_his_warband_is_not_alone() {
    let mut b = battle(&[(COHORT, "T0302"), (WARBAND, "T0303")], "T0303");
    let mut events = Vec::new();
    let cohort_at = hex(&b, "T0302");
    threaten_lone_leaders(&mut b, Side::Roman, cohort_at, &mut events);
    assert!(b.lone_leaders.is_empty());
    assert!(events.is_empty());
}

#[test]
fn rule_4_32_a_threatened_chief_steps_one_hex_away_from_the_attackers_or_stays() {
    let b = battle(&[(COHORT, "T0302"), (WARBAND, "T0303")], "T0303");
    let (chief_at, cohort_at) = (hex(&b, "T0303"), hex(&b, "T0302"));
    let away = threatened_leader_retreats(&b.field, CHIEF);
    assert!(!away.is_empty());
    assert!(
        away.iter().all(
            |&h| h.unsigned_distance_to(chief_at) == 1 && h.unsigned_distance_to(cohort_at) > 1
        )
    );
    let (places, may_stay) = options(&b, CHIEF, chief_at, &LeaderCase::Threatened);
    assert!(may_stay);
    assert_eq!(places, away.iter().copied().map(Some).collect::<Vec<_>>());
    let (pending, actions) =
        decision::<_, ()>(&b, CHIEF, chief_at, &LeaderCase::Threatened).unwrap();
    assert!(matches!(
        pending,
        CombatPending::Leader { side: Side::Adversary, leader: CHIEF, rule: "4.32" }
    ));
    assert_eq!(actions.last(), Some(&CombatAction::Done));
    assert_eq!(actions.len(), away.len() + 1);
}

#[test]
fn rule_10_46_a_chief_whose_warband_routed_goes_with_it_or_to_the_nearest_warband() {
    let mut b = battle(&[(WARBAND, "T0202"), (WARBAND_2, "T0404"), (COHORT, "T0203")], "T0202");
    let chief_at = hex(&b, "T0202");
    // The warband routs (the tiny game leaves it where it was, routed).
    b.field.unit_mut(WARBAND).unwrap().cohesion.status = Status::Routed;
    let case = LeaderCase::Rout { unit: WARBAND };
    let (places, may_stay) = options(&b, CHIEF, chief_at, &case);
    assert!(!may_stay, "10.46: he may not stay");
    // With the routed warband, or to the nearest formed unit of his side:
    // not the cohort next door, which he could not command.
    assert_eq!(places, vec![Some(chief_at), Some(hex(&b, "T0404"))]);
    let (pending, actions) = decision::<_, ()>(&b, CHIEF, chief_at, &case).unwrap();
    assert!(matches!(pending, CombatPending::Leader { rule: "10.46", .. }));
    assert!(!actions.contains(&CombatAction::Done));
    let mut events = Vec::new();
    let to = hex(&b, "T0404");
    place(&mut b, CHIEF, Some(to), "10.46", &mut events);
    assert_eq!(b.field.leader(CHIEF).unwrap().at, Some(to));
    assert!(matches!(events[0].what, SimpleEvent::LeaderMoved { leader: CHIEF, to: Some(_) }));
}
