//! A whole shock on the tiny game, through the engine's steps (9.2):
//! designation, retreat before shock (none: the warband is no faster), the
//! Pre-Shock Check, leader casualties, the resolution order, the roll, the
//! hits and retreats, the advance, and the end of shock, each step
//! answered the first legal way, as a bot that knows nothing would.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_simple::decision::{CombatAction, CombatPending};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::field::UnitFlags;
use gboh_simple::rules::{shock_steps, tasks};
use gboh_simple::sequence::{AttackStatus, ShockStage, ShockState};
use gboh_simple::{SimpleEvent, Uid};

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);

/// Runs the shock to its end, answering every decision with its first
/// legal answer; returns the events and the decisions met.
fn play(b: &mut TinyBattle, dice: &mut Dice) -> (Vec<Event<SimpleEvent>>, Vec<CombatPending>) {
    let mut events = Vec::new();
    let mut asked = Vec::new();
    for _ in 0..200 {
        if tasks::step::<_, ()>(b, &mut events).unwrap() {
            continue;
        }
        if let Some((pending, actions)) = tasks::decision::<_, ()>(b) {
            asked.push(pending);
            tasks::decide(b, &actions[0], &mut events).unwrap();
            continue;
        }
        if let Some((pending, actions)) = shock_steps::decision::<_, ()>(b) {
            asked.push(pending);
            let first: &CombatAction<()> = &actions[0];
            shock_steps::decide(b, first, dice, &mut events).unwrap();
            continue;
        }
        if !shock_steps::step(b, dice, &mut events).unwrap() {
            return (events, asked);
        }
    }
    panic!("the shock did not end: {events:?}");
}

#[test]
fn rule_9_2_a_cohort_that_moved_next_to_a_warband_fights_it_to_the_end_of_shock() {
    let mut b = TinyBattle::new();
    let board = &b.field.setup().board;
    let (from, target) = (board.hex_of("T0302").unwrap(), board.hex_of("T0303").unwrap());
    let facing = Tiny::facing_toward(from, target);
    b.field.move_unit(COHORT, from, facing).unwrap();
    b.field.unit_mut(COHORT).unwrap().flags.set(UnitFlags::MOVED, true);
    b.field.move_unit(WARBAND, target, Facing::Twelve).unwrap();
    b.active = Some(Side::Roman);
    b.combat.shock = Some(ShockState { stage: ShockStage::Designation, attacks: Vec::new() });
    // Pre-Shock Check passed (a low roll), then the Shock Table roll: 9.
    let mut dice = Dice::scripted(vec![0, 9]);
    let (events, asked) = play(&mut b, &mut dice);
    assert_eq!(asked.first(), Some(&CombatPending::Designation { side: Side::Roman }));
    let rules: Vec<&str> = events.iter().map(|e| e.rule).collect();
    assert_eq!(rules.first(), Some(&"9.21"), "{rules:?}");
    assert!(rules.contains(&"9.23"), "the Pre-Shock Check: {rules:?}");
    assert!(rules.contains(&"9.25"), "the roll: {rules:?}");
    assert_eq!(rules.last(), Some(&"9.2"));
    assert!(matches!(events.last().unwrap().what, SimpleEvent::ShockEnded));
    let shock = b.combat.shock.as_ref().unwrap();
    assert_eq!(shock.stage, ShockStage::Done);
    let attack = &shock.attacks[0];
    assert_eq!(attack.status, AttackStatus::Resolved);
    // A 9 with the weapon systems' +1 reads the table's 7-9 row: the
    // warband takes 2 hits and retreats; the cohort must advance into the
    // hex it left.
    let result = attack.result.unwrap();
    assert!(result.defender_retreats && result.defender_hits == 2, "{result:?}");
    let warband = b.field.unit(WARBAND).unwrap();
    assert_eq!(warband.cohesion.hits, 2);
    assert_ne!(warband.at, Some(target));
    assert_eq!(b.field.unit(COHORT).unwrap().at, Some(target));
    assert!(b.field.unit(COHORT).unwrap().flags.has(UnitFlags::SHOCKED));
    assert!(b.combat.tasks.is_empty());
}
