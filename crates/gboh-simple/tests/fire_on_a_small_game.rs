//! Active missile fire on the tiny game (8.11-8.13, 8.17): the Roman
//! archers fire once per activation at a warband in range, may declare that
//! they will move (a foot archer that fires without declaring stays put),
//! may not fire after moving away from the target, and the warband's side
//! is offered return fire; a unit outside the activation does not fire.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_simple::decision::CombatAction;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::fire::{check, fire, legal};
use gboh_simple::{SimpleEvent, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);

/// The archers in T0301 facing the warband two hexes away in T0303; the
/// Romans active.
fn archers_and_warband() -> (TinyBattle, Hex) {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let (from, mid, target) = (
        board.hex_of("T0301").unwrap(),
        board.hex_of("T0302").unwrap(),
        board.hex_of("T0303").unwrap(),
    );
    b.field.move_unit(ARCHERS, from, Tiny::facing_toward(from, mid)).unwrap();
    b.field.move_unit(WARBAND, target, Facing::Twelve).unwrap();
    b.active = Some(Side::Roman);
    (b, target)
}

#[test]
fn rule_8_12_the_archers_fire_once_and_without_declaring_a_move_stay_put() {
    let (mut b, target) = archers_and_warband();
    let mut offered: Vec<CombatAction<()>> = Vec::new();
    legal(&b, &mut offered);
    assert_eq!(
        offered,
        vec![
            CombatAction::Fire { unit: ARCHERS, target, will_move: false },
            CombatAction::Fire { unit: ARCHERS, target, will_move: true },
        ]
    );
    let mut events = Vec::new();
    fire(&mut b, ARCHERS, target, false, &mut Dice::scripted(vec![9]), &mut events).unwrap();
    assert!(matches!(events[0].what, SimpleEvent::Fired { unit: ARCHERS, .. }));
    assert!(b.combat.may_not_move.contains(&ARCHERS), "8.17: fired without declaring a move");
    let again = check(&b, ARCHERS, target, false).unwrap_err();
    assert_eq!(again.to_string(), "8.12: each active unit fires once per activation");
}

#[test]
fn rule_8_17_only_a_foot_archer_or_mounted_missile_unit_declares_a_move() {
    let (mut b, target) = archers_and_warband();
    let board = &b.field.setup().board;
    let next = board.hex_of("T0302").unwrap();
    b.field.move_unit(COHORT, next, Tiny::facing_toward(next, target)).unwrap();
    let refused = check(&b, COHORT, target, true).unwrap_err();
    assert!(refused.to_string().starts_with("8.17:"), "{refused}");
    assert!(check(&b, COHORT, target, false).is_ok(), "the cohort's javelins at one hex");
}

#[test]
fn rule_8_12_no_fire_after_moving_away_from_the_target() {
    let (mut b, target) = archers_and_warband();
    let board = &b.field.setup().board;
    let (was, now) = (board.hex_of("T0302").unwrap(), board.hex_of("T0301").unwrap());
    b.combat.tracks.push((ARCHERS, vec![was, now]));
    let refused = check(&b, ARCHERS, target, false).unwrap_err();
    assert_eq!(refused.to_string(), "8.12: a unit may not fire after moving away from its target");
}

#[test]
fn rule_4_13_only_the_activated_side_fires_and_only_in_an_activation() {
    let (mut b, _) = archers_and_warband();
    let archers_at = b.field.unit(ARCHERS).unwrap().at.unwrap();
    b.active = Some(Side::Adversary);
    // The warband is active now, but has no missiles.
    let refused = check(&b, WARBAND, archers_at, false).unwrap_err();
    assert_eq!(refused.to_string(), "2.21: Warband has no missile capability");
    assert!(check(&b, ARCHERS, archers_at, false).unwrap_err().to_string().starts_with("4.13:"));
    b.active = None;
    assert!(check(&b, ARCHERS, archers_at, false).unwrap_err().to_string().starts_with("5.1:"));
}
