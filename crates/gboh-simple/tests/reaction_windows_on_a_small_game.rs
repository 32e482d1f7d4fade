//! Reaction Fire's windows on the tiny game (8.6): a warband stepping into
//! the Roman archers' ZOC opens an Entry window (8.62) for the Romans, who
//! fire once or decline; leaving it opens a Retire window once per
//! departure (8.61); a unit that has reacted is spent for the activation.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_simple::decision::{CombatAction, CombatPending};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::reaction_windows::{decision, decline, open_entry, open_retire, react};
use gboh_simple::sequence::ReactionKind;
use gboh_simple::{SimpleEvent, Uid};
use hexx::Hex;

const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);

/// The archers in T0302 facing T0303, the warband (active) stepped into
/// T0303.
fn warband_next_to_the_archers() -> (TinyBattle, Hex) {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let (archers, entered) = (board.hex_of("T0302").unwrap(), board.hex_of("T0303").unwrap());
    let facing = Tiny::facing_toward(archers, entered);
    b.field.move_unit(ARCHERS, archers, facing).unwrap();
    b.field.move_unit(WARBAND, entered, Facing::Twelve).unwrap();
    b.active = Some(Side::Adversary);
    (b, entered)
}

#[test]
fn rule_8_62_an_entry_window_offers_the_archers_one_shot_or_to_decline() {
    let (mut b, entered) = warband_next_to_the_archers();
    assert!(open_entry(&mut b, WARBAND));
    let (pending, actions) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::Reaction { side: Side::Roman, kind: ReactionKind::Entry });
    assert_eq!(
        actions,
        vec![CombatAction::React { unit: ARCHERS, target: entered }, CombatAction::Done]
    );
    let mut events = Vec::new();
    react(&mut b, ARCHERS, entered, &mut Dice::scripted(vec![0]), &mut events).unwrap();
    assert!(matches!(events[0].what, SimpleEvent::Fired { unit: ARCHERS, .. }));
    assert_eq!(events[0].rule, "8.16", "the shot, cited by the missile roll");
    assert!(b.field.unit(ARCHERS).unwrap().flags.has(UnitFlags::REACTED));
    // Spent: the window closed, and it does not open again this activation.
    assert!(b.combat.reaction.is_none());
    assert!(!open_entry(&mut b, WARBAND));
}

#[test]
fn rule_8_6_declining_closes_the_window() {
    let (mut b, _) = warband_next_to_the_archers();
    assert!(open_entry(&mut b, WARBAND));
    let mut events = Vec::new();
    decline(&mut b, &mut events);
    assert_eq!(events[0].rule, "8.6");
    assert!(matches!(events[0].what, SimpleEvent::Declined));
    assert!(decision::<_, ()>(&b).is_none());
}

#[test]
fn rule_8_61_leaving_the_archers_zoc_opens_a_retire_window_once_per_departure() {
    let (mut b, _) = warband_next_to_the_archers();
    assert!(open_retire(&mut b, WARBAND));
    let (pending, _) = decision::<_, ()>(&b).unwrap();
    assert_eq!(pending, CombatPending::Reaction { side: Side::Roman, kind: ReactionKind::Retire });
    let mut events = Vec::new();
    decline(&mut b, &mut events);
    assert!(!open_retire(&mut b, WARBAND), "offered once for this departure");
}
