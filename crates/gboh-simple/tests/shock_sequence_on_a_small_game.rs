//! Steps of the shock sequence on the engine's own small game: the Roman
//! cohort at T0302 must attack the Gallic warband (TQ 5) at T0303. The
//! Pre-Shock Check rolled (`rules::pre_shock`): a roll above the TQ queues
//! one hit, a retreat away from the attacker and the attack's vacated hexes
//! (9.23). Leader casualties (`rules::casualties`, 9.24): the Gallic chief
//! with the warband checks, a 0 then 0-4.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::casualties;
use gboh_simple::rules::pre_shock::{checks, roll_checks};
use gboh_simple::sequence::{Attack, HitsCause, RetreatCause, ShockStage, ShockState, Task};
use gboh_simple::{Lid, Rule, SimpleEvent, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const CHIEF: Lid = Lid(0);

fn at(battle: &TinyBattle, label: &str) -> Hex {
    battle.field.setup().board.hex_of(label).unwrap()
}

/// The cohort's attack on the warband, `mandatory` or not, under way.
fn attack(mandatory: bool) -> TinyBattle {
    let mut battle = TinyBattle::new();
    let (from, to) = (at(&battle, "T0302"), at(&battle, "T0303"));
    battle.field.move_unit(COHORT, from, Facing::Twelve).unwrap();
    battle.field.move_unit(WARBAND, to, Facing::Six).unwrap();
    battle.combat.shock = Some(ShockState {
        stage: ShockStage::PreShock,
        attacks: vec![Attack::designated(vec![COHORT], vec![to], vec![(WARBAND, to)], mandatory)],
    });
    battle
}

#[test]
fn rule_pre_shock_check_a_roll_above_tq_queues_a_hit_a_retreat_and_the_vacated_hex() {
    assert_eq!(Tiny::section(Rule::PreShockCheck), "9.23");
    let mut battle = attack(true);
    let (from, to) = (at(&battle, "T0302"), at(&battle, "T0303"));
    assert_eq!(checks(&battle, 0), vec![(to, 5)]);
    let mut events = Vec::new();
    roll_checks(&mut battle, &mut Dice::scripted([6]), &mut events).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "9.23");
    assert_eq!(events[0].what, SimpleEvent::PreShockCheck { hex: to, tq: 5, passed: false });
    assert_eq!(
        battle.combat.tasks,
        vec![
            Task::Hits {
                units: vec![WARBAND],
                hits: 1,
                chooser: Side::Roman,
                cause: HitsCause::PreShock
            },
            Task::RetreatStack {
                hex: to,
                units: vec![WARBAND],
                away: vec![from],
                cause: RetreatCause::PreShock,
                rampart_stand: false,
                attack: Some(0),
            },
            Task::Vacated { attack: 0, continued: false },
        ]
    );
    // Nothing is applied yet: the tasks do that in their turn.
    assert_eq!(battle.field.unit(WARBAND).unwrap().cohesion.hits, 0);
}

#[test]
fn rule_pre_shock_check_a_roll_at_the_tq_passes() {
    let mut battle = attack(true);
    let mut events = Vec::new();
    roll_checks(&mut battle, &mut Dice::scripted([5]), &mut events).unwrap();
    assert!(matches!(events[0].what, SimpleEvent::PreShockCheck { passed: true, .. }));
    assert!(battle.combat.tasks.is_empty());
}

#[test]
fn rule_pre_shock_check_not_for_a_voluntary_attack_nor_a_continued_shock() {
    let mut voluntary = attack(false);
    assert!(checks(&voluntary, 0).is_empty());
    let mut dice = Dice::scripted([9]);
    let mut events = Vec::new();
    roll_checks(&mut voluntary, &mut dice, &mut events).unwrap();
    assert!(events.is_empty() && voluntary.combat.tasks.is_empty());
    assert_eq!(dice.scripted_remaining(), 1, "no die is rolled");
    let mut continued = attack(true);
    if let Some(s) = continued.combat.shock.as_mut() {
        s.attacks[0].continued = true;
    }
    assert!(checks(&continued, 0).is_empty());
}

#[test]
fn rule_shock_leader_casualty_the_chief_with_the_defenders_checks_once() {
    assert_eq!(Tiny::section(Rule::ShockLeaderCasualty), "9.24");
    let mut battle = attack(false);
    assert!(casualties::leaders_involved(&battle).is_empty(), "no leader on the map yet");
    let to = at(&battle, "T0303");
    battle.field.move_leader(CHIEF, Some(to)).unwrap();
    assert_eq!(casualties::leaders_involved(&battle), vec![CHIEF]);
    // 1 in 10, then 5 in 10.
    let odds = casualties::odds(&battle.field).unwrap();
    assert_eq!(odds.chance(&true).to_string(), "5/100");
    let mut events = Vec::new();
    casualties::roll(&mut battle, &mut Dice::scripted([0, 4]), &mut events).unwrap();
    assert_eq!(events.len(), 1);
    assert_eq!(events[0].rule, "9.24");
    assert_eq!(events[0].what, SimpleEvent::LeaderCheck { leader: CHIEF, killed: true });
    assert!(battle.field.leader(CHIEF).unwrap().dead);
}

#[test]
fn rule_shock_leader_casualty_not_in_a_continued_shock_nor_an_attack_with_no_defender() {
    let mut battle = attack(true);
    let to = at(&battle, "T0303");
    battle.field.move_leader(CHIEF, Some(to)).unwrap();
    if let Some(s) = battle.combat.shock.as_mut() {
        s.attacks[0].continued = true;
    }
    assert!(casualties::leaders_involved(&battle).is_empty());
    let mut battle = attack(true);
    battle.field.move_leader(CHIEF, Some(to)).unwrap();
    battle.field.remove_unit(WARBAND);
    assert!(casualties::leaders_involved(&battle).is_empty());
    let mut dice = Dice::scripted([0, 0]);
    casualties::roll(&mut battle, &mut dice, &mut Vec::new()).unwrap();
    assert_eq!(dice.scripted_remaining(), 2, "nobody rolls");
}
