//! The effects of combat (`rules::effects`), a missile shot rolled and
//! applied (`rules::missile::resolve`) and a retreat made (`rules::retreat::retreat`) on the engine's own small game
//! (`doc_game::TinyBattle`: routed units stay where they are and are listed;
//! Alesia's leader casualty checks, 8.18 and 9.24). Every event cites the
//! small game's section, which is Alesia's numbering.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_core::unit::{HitOutcome, Status};
use gboh_simple::doc_game::{Tiny, TinyBattle};
use gboh_simple::rules::effects::{eliminate, leader_casualty_check, share_hits, take_hits};
use gboh_simple::rules::missile::{ShotKind, ShotSpec, aim, resolve};
use gboh_simple::rules::odds::UnitOutcome;
use gboh_simple::rules::retreat::retreat;
use gboh_simple::{Lid, Rule, SimpleEvent, SimpleGame, Uid};
use hexx::Hex;

const COHORT: Uid = Uid(0);
const WARBAND: Uid = Uid(1);
const ARCHERS: Uid = Uid(2);
const WARBAND_2: Uid = Uid(4);
const COHORT_2: Uid = Uid(5);
const CHIEF: Lid = Lid(0);

fn at(battle: &TinyBattle, label: &str) -> Hex {
    battle.field.setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

fn battle_with(placed: &[(Uid, &str, Facing)]) -> TinyBattle {
    let mut battle = TinyBattle::new();
    for &(u, label, facing) in placed {
        let hex = at(&battle, label);
        battle.field.move_unit(u, hex, facing).unwrap();
    }
    battle
}

/// The archers at T0302 facing up at the two warbands in the woods at
/// T0303 (range 1: a hit on 5 or less, +1 for the woods), the chief with
/// them.
fn archers_at_the_woods() -> (TinyBattle, ShotSpec) {
    let mut battle = battle_with(&[
        (ARCHERS, "T0302", Facing::Twelve),
        (WARBAND, "T0303", Facing::Six),
        (WARBAND_2, "T0303", Facing::Six),
    ]);
    let woods = at(&battle, "T0303");
    battle.field.move_leader(CHIEF, Some(woods)).unwrap();
    let spec = ShotSpec {
        firer: ARCHERS,
        from: at(&battle, "T0302"),
        hits: 0,
        target: woods,
        only: None,
        kind: ShotKind::Active,
        moved: false,
    };
    (battle, spec)
}

fn rules_of(events: &[Event<SimpleEvent>]) -> Vec<&'static str> {
    events.iter().map(|e| e.rule).collect()
}

#[test]
fn rule_missile_hit_arrows_hit_every_unit_in_the_hex_once() {
    let (mut battle, spec) = archers_at_the_woods();
    let shot = aim(&battle.field, &spec).unwrap();
    assert_eq!((shot.hit_number, shot.affected.clone()), (5, vec![WARBAND, WARBAND_2]));
    // A 4, +1 for the woods: 5, a hit. The roll is not a '0': no leader check.
    let mut dice = Dice::scripted([4]);
    let mut events = Vec::new();
    let out = resolve(&mut battle, &shot, &mut dice, &mut events).unwrap();
    assert!(out.hit);
    assert_eq!(
        out.units,
        vec![
            UnitOutcome { unit: WARBAND, hits: 1, fate: HitOutcome::Absorbed },
            UnitOutcome { unit: WARBAND_2, hits: 1, fate: HitOutcome::Absorbed },
        ]
    );
    assert!(out.leaders_lost.is_empty());
    assert_eq!(dice.scripted_remaining(), 0);
    assert_eq!(rules_of(&events), vec!["8.16", "8.14", "8.14"]);
    assert_eq!(Tiny::section(Rule::MissileHit), "8.16");
    let SimpleEvent::Fired { modified, hit, range, .. } = &events[0].what else {
        panic!("the shot first: {:?}", events[0].what)
    };
    assert_eq!((modified.0, *hit, *range), (5, true, 1));
    assert_eq!(events[0].rolls.len(), 1);
    for u in [WARBAND, WARBAND_2] {
        assert_eq!(battle.field.unit(u).unwrap().cohesion.hits, 1);
    }
}

#[test]
fn rule_missile_hit_a_miss_changes_no_unit() {
    let (mut battle, spec) = archers_at_the_woods();
    let shot = aim(&battle.field, &spec).unwrap();
    let before = battle.field.units().to_vec();
    // A 5, +1: 6, a miss.
    let mut events = Vec::new();
    let out = resolve(&mut battle, &shot, &mut Dice::scripted([5]), &mut events).unwrap();
    assert!(!out.hit && out.units.is_empty());
    assert_eq!(battle.field.units(), &before[..]);
    assert_eq!(rules_of(&events), vec!["8.16"]);
}

#[test]
fn rule_missile_leader_casualty_a_0_then_a_0_kills_the_leader_in_the_target_hex() {
    assert_eq!(Tiny::section(Rule::MissileLeaderCasualty), "8.18");
    let (battle, spec) = archers_at_the_woods();
    let shot = aim(&battle.field, &spec).unwrap();
    assert_eq!(shot.leaders, vec![CHIEF]);
    // A '0' hits (0 + 1 <= 5) and calls for a second roll: a '0' kills him.
    let (mut killed, mut events) = (archers_at_the_woods().0, Vec::new());
    let out = resolve(&mut killed, &shot, &mut Dice::scripted([0, 0]), &mut events).unwrap();
    assert_eq!(out.leaders_lost, vec![CHIEF]);
    let chief = killed.field.leader(CHIEF).unwrap();
    assert!(chief.dead && chief.at.is_none());
    assert_eq!(rules_of(&events), vec!["8.16", "8.14", "8.14", "8.18"]);
    assert_eq!(events[3].what, SimpleEvent::LeaderCheck { leader: CHIEF, killed: true });
    assert_eq!(events[3].rolls.len(), 1);
    // A '1' on the second roll spares him.
    let (mut spared, mut events) = (archers_at_the_woods().0, Vec::new());
    let out = resolve(&mut spared, &shot, &mut Dice::scripted([0, 1]), &mut events).unwrap();
    assert!(out.leaders_lost.is_empty());
    assert!(!spared.field.leader(CHIEF).unwrap().dead);
    assert_eq!(events[3].what, SimpleEvent::LeaderCheck { leader: CHIEF, killed: false });
}

#[test]
fn rule_elimination_hits_reaching_tq_rout_a_unit_with_a_reduced_side_and_more_eliminate_it() {
    assert_eq!(Tiny::section(Rule::Elimination), "10.14");
    let mut battle = battle_with(&[(COHORT, "T0303", Facing::Six)]);
    let mut events = Vec::new();
    // The cohort's TQ is 7: six hits are absorbed, the seventh routs it.
    assert_eq!(take_hits(&mut battle, COHORT, 6, "9.25", &mut events), HitOutcome::Absorbed);
    assert!(battle.routed.is_empty());
    assert_eq!(take_hits(&mut battle, COHORT, 1, "8.14", &mut events), HitOutcome::Routed);
    assert_eq!(battle.routed, vec![COHORT]);
    assert_eq!(battle.field.unit(COHORT).unwrap().cohesion.status, Status::Routed);
    // A routed unit hit again is eliminated, off the map; the event cites
    // the hit's rule, then the elimination's.
    assert_eq!(take_hits(&mut battle, COHORT, 1, "8.14", &mut events), HitOutcome::Eliminated);
    assert_eq!(battle.field.unit(COHORT).unwrap().at, None);
    assert!(battle.field.stack(at(&battle, "T0303")).is_empty());
    assert_eq!(rules_of(&events), vec!["9.25", "8.14", "8.14", "10.14"]);
    assert_eq!(events[3].what, SimpleEvent::Eliminated { unit: COHORT });
    // Off the map, it takes no more hits; no hits change nothing.
    let n = events.len();
    assert_eq!(take_hits(&mut battle, COHORT, 3, "8.14", &mut events), HitOutcome::Absorbed);
    assert_eq!(take_hits(&mut battle, WARBAND, 0, "8.14", &mut events), HitOutcome::Absorbed);
    assert_eq!(events.len(), n);
}

#[test]
fn rule_elimination_a_unit_with_no_reduced_side_is_eliminated_at_its_tq() {
    let mut battle = battle_with(&[(WARBAND, "T0303", Facing::Six)]);
    let mut events = Vec::new();
    // The warband (TQ 5) has no reduced side: its fifth hit eliminates it.
    assert_eq!(take_hits(&mut battle, WARBAND, 4, "9.25", &mut events), HitOutcome::Absorbed);
    assert_eq!(take_hits(&mut battle, WARBAND, 1, "9.25", &mut events), HitOutcome::Eliminated);
    assert!(battle.routed.is_empty());
    assert_eq!(battle.field.unit(WARBAND).unwrap().at, None);
    assert_eq!(rules_of(&events), vec!["9.25", "9.25", "10.14"]);
}

#[test]
fn rule_hit_sharing_splits_evenly_and_the_leftover_goes_where_told() {
    let mut battle =
        battle_with(&[(WARBAND, "T0303", Facing::Six), (WARBAND_2, "T0303", Facing::Six)]);
    let mut events = Vec::new();
    // Three hits over two units: one each, the leftover to the second.
    share_hits(&mut battle, &[WARBAND, WARBAND_2], 3, &[WARBAND_2], "9.25", &mut events);
    let hits = |b: &TinyBattle, u: Uid| b.field.unit(u).unwrap().cohesion.hits;
    assert_eq!((hits(&battle, WARBAND), hits(&battle, WARBAND_2)), (1, 2));
    assert_eq!(rules_of(&events), vec!["9.25", "9.25"]);
}

#[test]
fn eliminate_takes_a_unit_off_whatever_its_hits() {
    let mut battle = battle_with(&[(COHORT, "T0101", Facing::Twelve)]);
    let mut events = Vec::new();
    eliminate(&mut battle, COHORT, "9.27", &mut events);
    let cohort = battle.field.unit(COHORT).unwrap();
    assert_eq!((cohort.at, cohort.cohesion.in_play()), (None, false));
    assert_eq!(rules_of(&events), vec!["9.27"]);
    assert!(battle.routed.is_empty());
}

#[test]
fn rule_shock_leader_casualty_a_0_then_0_to_4() {
    assert_eq!(Tiny::section(Rule::ShockLeaderCasualty), "9.24");
    let (battle, _) = archers_at_the_woods();
    let check = battle
        .field
        .setup()
        .checks()
        .check(&gboh_simple::doc_game::TinyCheck::ShockLeaderCasualty)
        .unwrap()
        .clone();
    for (faces, killed, rolled) in [([0, 4], true, 2), ([0, 5], false, 2), ([1, 0], false, 1)] {
        let (mut b, _) = archers_at_the_woods();
        let mut dice = Dice::scripted(faces);
        let mut events = Vec::new();
        let out = leader_casualty_check(&mut b, CHIEF, &check, 0, "9.24", &mut dice, &mut events);
        assert_eq!(out.unwrap(), killed, "{faces:?}");
        assert_eq!(events[0].rolls.len(), rolled, "{faces:?}: a failed first stage stops");
        assert_eq!(b.field.leader(CHIEF).unwrap().dead, killed);
    }
}

#[test]
fn rule_retreat_keeps_the_units_facing_or_takes_its_friends_and_is_reported() {
    assert_eq!(Tiny::section(Rule::Retreat), "10.21");
    let mut battle =
        battle_with(&[(COHORT, "T0303", Facing::Twelve), (COHORT_2, "T0201", Facing::Six)]);
    let (from, to) = (at(&battle, "T0303"), at(&battle, "T0302"));
    let mut events = Vec::new();
    assert!(retreat(&mut battle, COHORT, from, to, "10.21", &mut events));
    let cohort = battle.field.unit(COHORT).unwrap();
    assert_eq!((cohort.at, cohort.facing), (Some(to), Facing::Twelve));
    assert_eq!(events[0].what, SimpleEvent::Retreated { unit: COHORT, from, to });
    assert_eq!(rules_of(&events), vec!["10.21"]);
    // Into a hex of friends, it takes their facing (a stack faces one way).
    let friends = at(&battle, "T0201");
    assert!(retreat(&mut battle, COHORT, to, friends, "10.21", &mut events));
    assert_eq!(battle.field.unit(COHORT).unwrap().facing, Facing::Six);
    // A unit not in the hex it is said to retreat from does not move.
    assert!(!retreat(&mut battle, COHORT, from, to, "10.21", &mut events));
    assert_eq!(battle.field.unit(COHORT).unwrap().at, Some(friends));
    assert_eq!(events.len(), 2);
}
