//! 4.32 "Leaders stacked with combat units threatened by Shock may, if the
//! player wishes, Retreat one hex. See 4.34." Through the protocol: once the
//! attacks are designated, the defending player decides for each leader.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::GAULS;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatError, CombatEvent, CombatPending, CombatPreview};
use gboh_alesia::game::Lid;
use gboh_alesia::protocol::{Action, Alesia};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Game;
use gboh_core::table::Drm;
use hexx::Hex;

/// A cohort in T0505 about to attack a BI next to it (NE) with Commius
/// (Charisma 1) stacked with the BI; shock begun and the attack designated.
fn threatened(faces: &[u8]) -> (Game<Alesia>, Lid, Hex, Hex) {
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    let d = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &d, Facing::Six);
    let commius = p.leader("Commius", &d);
    let (attacker, defender) = (p.hex("T0505"), p.hex(&d));
    let mut game = p.activate(legion_of("X-1"), faces);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    // 9.12: the one attack open; designation then ends by itself.
    game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap();
    (game, commius, attacker, defender)
}

/// The hexes next to the defender's that do not touch the attacker (4.31).
fn expected_retreats(game: &Game<Alesia>, attacker: Hex, defender: Hex) -> Vec<Hex> {
    let board = &game.state().setup().board;
    let mut out: Vec<Hex> = board
        .neighbors(defender)
        .into_iter()
        .flatten()
        .filter(|&n| n.unsigned_distance_to(attacker) >= 2)
        .collect();
    out.sort_by_key(|&h| board.index(h));
    out
}

fn charisma_drm(game: &Game<Alesia>) -> Option<Drm> {
    let CombatPreview::Shock { modifiers, .. } = preview(game, CombatAction::Resolve { attack: 0 })
    else {
        panic!("no shock preview: {:?}", pending(game))
    };
    modifiers.iter().find(|m| m.rule == "4.34" && m.what.contains("defenders")).map(|m| m.drm)
}

/// Answers Retreat Before Shock (stand) until the attacker picks the attack.
fn to_resolution(
    game: &mut Game<Alesia>,
) -> Vec<gboh_core::game::Event<gboh_alesia::protocol::AlesiaEvent>> {
    let mut events = Vec::new();
    loop {
        match pending(game) {
            Some(CombatPending::RetreatBeforeShock { .. }) => {
                events.extend(game.apply(combat(CombatAction::Done)).unwrap());
            }
            Some(CombatPending::ResolutionOrder { .. }) => return events,
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn rule_4_32_the_defending_player_may_retreat_a_threatened_leader_one_hex() {
    let (game, commius, attacker, defender) = threatened(&[]);
    assert_eq!(
        pending(&game),
        Some(CombatPending::Leader { side: GAULS, leader: commius, rule: "4.32" })
    );
    let hexes = expected_retreats(&game, attacker, defender);
    assert_eq!(hexes.len(), 3, "three hexes around the defender touch no enemy");
    let mut expected: Vec<Action> = hexes
        .iter()
        .map(|&h| combat(CombatAction::PlaceLeader { leader: commius, to: Some(h) }))
        .collect();
    expected.push(combat(CombatAction::Done));
    assert_eq!(game.legal_actions(), expected, "one hex away, or stay");
}

#[test]
fn rule_4_32_a_leader_who_retreats_escapes_9_24_and_keeps_his_4_34_charisma_next_door() {
    // No dice: with Commius gone there is no 9.24 roll before resolution.
    let (mut game, commius, attacker, defender) = threatened(&[]);
    let to = expected_retreats(&game, attacker, defender)[0];
    let events =
        game.apply(combat(CombatAction::PlaceLeader { leader: commius, to: Some(to) })).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "4.32"
        && *e == CombatEvent::Family(SimpleEvent::LeaderMoved { leader: commius, to: Some(to) })));
    assert_eq!(game.state().field.leader(commius).unwrap().at, Some(to));
    let events = to_resolution(&mut game);
    assert!(
        !combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::LeaderCheck { .. }))),
        "9.24: no leader is stacked with the units in the attack"
    );
    // "See 4.34": next to the defending unit, his Charisma still counts.
    assert_eq!(charisma_drm(&game), Some(Drm(-1)));
}

#[test]
fn rule_4_32_a_leader_who_stays_takes_the_9_24_check() {
    // 9.24: a roll of 3 spares him.
    let (mut game, commius, _, defender) = threatened(&[3]);
    let events = game.apply(combat(CombatAction::Done)).unwrap();
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "4.32"
        && *e == CombatEvent::Family(SimpleEvent::LeaderStayed { leader: commius })));
    let mut events = events;
    events.extend(to_resolution(&mut game));
    assert!(combat_events(&events).iter().any(|(rule, e)| *rule == "9.24"
        && *e == CombatEvent::Family(SimpleEvent::LeaderCheck { leader: commius, killed: false })));
    assert_eq!(game.state().field.leader(commius).unwrap().at, Some(defender));
    assert_eq!(charisma_drm(&game), Some(Drm(-1)));
}

#[test]
fn rule_4_32_a_hex_next_to_the_attacker_is_refused_citing_the_rule_and_nothing_changes() {
    let (mut game, commius, attacker, defender) = threatened(&[]);
    let board = &game.state().setup().board;
    let touching = board
        .neighbors(defender)
        .into_iter()
        .flatten()
        .find(|&n| n != attacker && n.unsigned_distance_to(attacker) == 1)
        .unwrap();
    let before = ron::to_string(game.state()).unwrap();
    let err = game
        .apply(combat(CombatAction::PlaceLeader { leader: commius, to: Some(touching) }))
        .unwrap_err();
    let CombatError::Illegal { rule, .. } = &err else { panic!("{err:?}") };
    assert_eq!(*rule, "4.32");
    assert!(err.to_string().starts_with("4.32: "), "{err}");
    assert_eq!(ron::to_string(game.state()).unwrap(), before, "a rejected action changes nothing");
    // Two hexes away is not "one hex".
    let far = game.state().setup().board.hex_of("T0101").unwrap();
    assert!(
        game.apply(combat(CombatAction::PlaceLeader { leader: commius, to: Some(far) })).is_err()
    );
    assert_eq!(ron::to_string(game.state()).unwrap(), before);
}

#[test]
fn rule_4_32_only_the_leaders_of_threatened_units_are_asked() {
    // A leader stacked with the attackers is not threatened: no decision.
    let mut p = Pos::on(test_board(9, 9));
    p.unit("X-1", "T0505", Facing::Twelve);
    p.leader("Caesar", "T0505");
    let d = p.nb("T0505", Direction::NE);
    p.unit("Aedui-1", &d, Facing::Six);
    let attacker = p.hex("T0505");
    // 9.24: Caesar, stacked with the attacker, rolls (1: spared).
    let mut game = p.activate(legion_of("X-1"), &[1]);
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    game.apply(combat(CombatAction::Designate { attacker, join: None })).unwrap();
    assert!(!matches!(pending(&game), Some(CombatPending::Leader { .. })), "{:?}", pending(&game));
}
