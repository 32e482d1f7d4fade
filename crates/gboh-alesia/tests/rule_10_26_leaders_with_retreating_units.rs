//! 10.26 "If a Leader is stacked with a retreating unit that leader may
//! retreat move along with that unit. Or he may stay where he is." Through the
//! protocol, with 4.33 when the attackers then advance into the hex of a
//! leader who stayed alone.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::GAULS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending};
use gboh_alesia::game::{Lid, Uid};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent, Pending};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Event, Game};
use hexx::Hex;

const ALWAYS_RETREAT: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true), provenance: Reconstructed),";

/// A cohort attacks a BI with Viridomarus; the Shock Table always makes the
/// defender retreat. Runs to the 10.26 decision: 4.32 he stays, 9.24 he
/// survives (3), the roll (5), the BI retreats to the first hex offered.
fn retreated() -> (Game<Alesia>, Lid, Uid, Hex, Vec<Event<AlesiaEvent>>) {
    let mut p = Pos::on_setup(setup_with_shock(test_board(9, 9), ALWAYS_RETREAT));
    p.unit("X-1", "T0505", Facing::Twelve);
    let d = p.nb("T0505", Direction::NE);
    let bi = p.unit("Aedui-1", &d, Facing::Six);
    let viri = p.leader("Viridomarus", &d);
    let (attacker, defender) = (p.hex("T0505"), p.hex(&d));
    let mut game = p.activate(legion_of("X-1"), &[3, 5]);
    let mut events = game.apply(combat(CombatAction::BeginShock)).unwrap();
    events.extend(game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap());
    loop {
        match pending(&game) {
            // 4.32: he stays; 9.22: the BI stands.
            Some(
                CombatPending::Leader { rule: "4.32", .. }
                | CombatPending::RetreatBeforeShock { .. },
            ) => {
                events.extend(game.apply(combat(CombatAction::Done)).unwrap());
            }
            Some(CombatPending::ResolutionOrder { .. }) => {
                events.extend(game.apply(combat(CombatAction::Resolve { attack: 0 })).unwrap());
            }
            Some(CombatPending::Retreat { .. }) => {
                let first = game.legal_actions()[0].clone();
                events.extend(game.apply(first).unwrap());
            }
            _ => break,
        }
    }
    (game, viri, bi, defender, events)
}

#[test]
fn rule_10_26_the_leader_may_go_with_the_retreating_unit_or_stay() {
    let (game, viri, bi, defender, events) = retreated();
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::Retreated { unit, .. }) if *unit == bi))
    );
    let to = game.state().field.unit(bi).unwrap().at.unwrap();
    assert_ne!(to, defender);
    assert_eq!(
        pending(&game),
        Some(CombatPending::Leader { side: GAULS, leader: viri, rule: "10.26" })
    );
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::PlaceLeader { leader: viri, to: Some(to) }),
            combat(CombatAction::Done)
        ]
    );
}

#[test]
fn rule_10_26_going_with_the_unit() {
    let (mut game, viri, bi, _, _) = retreated();
    let to = game.state().field.unit(bi).unwrap().at.unwrap();
    let events =
        game.apply(combat(CombatAction::PlaceLeader { leader: viri, to: Some(to) })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.26"
        && *e == CombatEvent::Family(SimpleEvent::LeaderMoved { leader: viri, to: Some(to) })));
    assert_eq!(game.state().field.leader(viri).unwrap().at, Some(to));
}

#[test]
fn rule_10_26_staying_then_4_33_when_the_attacker_advances_into_his_hex() {
    let (mut game, viri, _, defender, _) = retreated();
    let events = game.apply(combat(CombatAction::Done)).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "10.26"
        && *e == CombatEvent::Family(SimpleEvent::LeaderStayed { leader: viri })));
    // 9.31: the cohort must advance into the vacated hex (9.32: a facing).
    let mut events = events;
    while let Some(CombatPending::Advance { .. }) = pending(&game) {
        let first = game.legal_actions()[0].clone();
        events.extend(game.apply(first).unwrap());
    }
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "4.33"
        && matches!(e, CombatEvent::Family(SimpleEvent::LeaderMayRetreat { leader, .. }) if *leader == viri)));
    let Pending::LeaderRetreat { leader, options, .. } = game.pending() else {
        panic!("{:?}", game.pending())
    };
    assert_eq!(leader, viri);
    assert!(!options.is_empty());
    // An enemy unit is in his hex: staying is no answer.
    let stay = Action::RetreatLeader { leader: viri, to: None };
    assert!(!game.legal_actions().contains(&stay));
    let before = ron::to_string(game.state()).unwrap();
    let err = game.apply(stay).unwrap_err();
    assert!(err.to_string().contains("4.33"), "{err}");
    assert_eq!(ron::to_string(game.state()).unwrap(), before);
    // He goes; combat then runs on to its end.
    game.apply(Action::RetreatLeader { leader: viri, to: Some(options[0]) }).unwrap();
    assert_eq!(game.state().field.leader(viri).unwrap().at, Some(options[0]));
    assert_ne!(options[0], defender);
    assert!(matches!(game.pending(), Pending::Activation { .. }), "{:?}", game.pending());
    assert!(game.legal_actions().contains(&Action::EndActivation));
}

#[test]
fn rule_10_26_a_leader_with_a_unit_that_retreats_before_shock_chooses_too() {
    // 9.22: a Gallic cavalry unit (faster than the cohort) retreats before
    // shock; its leader chooses whether to follow.
    let mut p = Pos::on(test_board(11, 11));
    p.unit("X-1", "T0505", Facing::Twelve);
    let d = p.nb("T0505", Direction::NE);
    let cav = p.unit("GallicCavalry-1", &d, Facing::Six);
    let leader = p.leader("CavalryLeader-1", &d);
    let attacker = p.hex("T0505");
    let mut game = p.activate(legion_of("X-1"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap();
    // 4.32: he stays for now.
    assert_eq!(pending(&game), Some(CombatPending::Leader { side: GAULS, leader, rule: "4.32" }));
    game.apply(combat(CombatAction::Done)).unwrap();
    assert!(matches!(pending(&game), Some(CombatPending::RetreatBeforeShock { .. })));
    let place = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Combat(CombatAction::Place { unit, .. }) if *unit == cav))
        .unwrap();
    game.apply(place).unwrap();
    if matches!(pending(&game), Some(CombatPending::RetreatBeforeShock { .. })) {
        game.apply(combat(CombatAction::Done)).unwrap();
    }
    let to = game.state().field.unit(cav).unwrap().at.unwrap();
    assert_eq!(pending(&game), Some(CombatPending::Leader { side: GAULS, leader, rule: "10.26" }));
    game.apply(combat(CombatAction::PlaceLeader { leader, to: Some(to) })).unwrap();
    assert_eq!(game.state().field.leader(leader).unwrap().at, Some(to));
}

#[test]
fn rule_10_26_a_leader_left_behind_by_retreat_before_shock_does_not_stop_the_pursuit() {
    let mut p = Pos::on(test_board(11, 11));
    let co = p.unit("X-1", "T0505", Facing::Twelve);
    let d = p.nb("T0505", Direction::NE);
    let cav = p.unit("GallicCavalry-1", &d, Facing::Six);
    let leader = p.leader("CavalryLeader-1", &d);
    let (attacker, vacated) = (p.hex("T0505"), p.hex(&d));
    let mut game = p.activate(legion_of("X-1"), &[]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap();
    game.apply(combat(CombatAction::Done)).unwrap(); // 4.32: he stays
    let place = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Combat(CombatAction::Place { unit, .. }) if *unit == cav))
        .unwrap();
    game.apply(place).unwrap();
    if matches!(pending(&game), Some(CombatPending::RetreatBeforeShock { .. })) {
        game.apply(combat(CombatAction::Done)).unwrap();
    }
    // 10.26: he stays behind, alone.
    assert_eq!(pending(&game), Some(CombatPending::Leader { side: GAULS, leader, rule: "10.26" }));
    game.apply(combat(CombatAction::Done)).unwrap();
    // 9.22: the cohort may pursue into the hex he stands in.
    assert!(matches!(pending(&game), Some(CombatPending::Pursuit { .. })), "{:?}", pending(&game));
    let pursue = combat(CombatAction::Place { unit: co, to: vacated, facing: Facing::Twelve });
    assert!(game.legal_actions().contains(&pursue));
    let events = game.apply(pursue).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "4.33"
        && matches!(e, CombatEvent::Family(SimpleEvent::LeaderMayRetreat { leader: l, .. }) if *l == leader)));
    assert!(matches!(game.pending(), Pending::LeaderRetreat { leader: l, .. } if l == leader));
    assert!(!game.legal_actions().contains(&Action::RetreatLeader { leader, to: None }));
}
