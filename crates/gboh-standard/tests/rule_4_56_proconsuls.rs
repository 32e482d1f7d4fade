//! SPQR 4.56 Proconsuls, on the reconstructed "Proconsuls" field: the
//! Consul (OC, Strategy 4, Command Range 2) stands apart in S0101; the
//! Proconsul (Initiative 3) with the ala's cohort in S0306 and the Tribune
//! (Initiative 2) with the III's principes in S0305 begin their phases out
//! of his range; the III's hastati (H-III-1) and the ala's cavalry (EQ-ALA)
//! beside them. Rex (1) opens.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use gboh_standard::protocol::{
    LineContext, LineEligibility, OrdersPhase, Phase, is_overall, overall_commander,
    spqr_line_eligibility,
};
use gboh_standard::state::{LeaderStatus, Office, Scenario};
use gboh_standard::{Action, Battle, Pending, Spqr};

const CONSUL: usize = 0;
const PROCONSUL: usize = 1;
const TRIBUNUS: usize = 2;

const H_III_1: usize = 0;
const P_III: usize = 1;
const C_ALA: usize = 2;
const EQ_ALA: usize = 3;

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Proconsuls").unwrap().0
}

/// The battle with `fallen` dead, as a leader casualty roll would leave
/// him: his state set to `Dead` in the saved battle.
fn with_fallen(fallen: usize) -> Battle<Spqr> {
    let text = ron::to_string(&battle()).unwrap();
    let start = text.find("leaders:[").unwrap();
    let mut at = start;
    for _ in 0..=fallen {
        at += text[at..].find("status:").unwrap() + "status:".len();
    }
    assert!(text[at..].starts_with("Ready"));
    let text = format!("{}Dead{}", &text[..at], &text[at + "Ready".len()..]);
    let b: Battle<Spqr> = ron::from_str(&text).unwrap();
    assert_eq!(b.field().leaders[fallen].status, LeaderStatus::Dead);
    b
}

/// Plays on (no orders, no Momentum, no trumps) until `leader` gives orders.
fn to_orders_of(b: Battle<Spqr>, leader: usize) -> Game<Battle<Spqr>> {
    let mut g = Game::new(b, Dice::scripted([0; 40]));
    loop {
        match g.pending() {
            Pending::Orders { leader: l, .. } if l == leader => return g,
            Pending::Orders { .. } => g.apply(Action::EndOrders).unwrap(),
            Pending::RollOff => g.apply(Action::RollOff).unwrap(),
            other => {
                assert!(!matches!(other, Pending::Over(_)), "{other:?}");
                g.apply(Action::Decline).unwrap()
            }
        };
    }
}

fn orders(g: &Game<Battle<Spqr>>) -> OrdersPhase {
    match g.state().phase() {
        Phase::Orders(o) => o.clone(),
        other => panic!("{other:?}"),
    }
}

/// An Individual Order that only turns the unit (SPQR 6.2).
fn turn(unit: usize) -> Action {
    Action::Face { unit, facing: Facing::Two }
}

#[test]
fn rule_4_56_proconsuls_are_read_from_the_leader_counters() {
    let offices: Vec<Option<Office>> =
        battle().field().scenario.leaders.iter().map(|l| l.office).collect();
    assert_eq!(offices, vec![None, Some(Office::Proconsul), Some(Office::Tribune), None]);
}

#[test]
fn rule_4_56_a_proconsul_orders_any_combat_units() {
    // A Tribune: legion infantry only, one Class of one legion a phase.
    let g = to_orders_of(battle(), TRIBUNUS);
    assert!(g.check(&turn(C_ALA)).is_err());
    assert!(g.check(&turn(EQ_ALA)).is_err());
    // The Proconsul: the III's hastati, the ala's cohort and its cavalry,
    // all in one phase (his Initiative 3: three orders).
    let mut g = to_orders_of(battle(), PROCONSUL);
    for u in [H_III_1, C_ALA, EQ_ALA] {
        assert!(g.legal_actions().contains(&turn(u)), "{u}");
        g.apply(turn(u)).unwrap();
    }
    assert_eq!(orders(&g).ordered.len(), 3);
}

#[test]
fn rule_4_56_a_proconsul_outside_the_oc_s_range_subtracts_1_from_his_line_command_roll() {
    let b = battle();
    let f = b.field();
    let outside = LineContext { momentum: false, started_in_oc_range: false, turn: 2 };
    // 4.33: out of the OC's range, a roll of at most the OC's Strategy (4).
    assert_eq!(
        spqr_line_eligibility(f, PROCONSUL, &outside, &[H_III_1, P_III]),
        LineEligibility::Roll { at_most: 4, drm: -1 }
    );
    assert_eq!(
        spqr_line_eligibility(f, TRIBUNUS, &outside, &[H_III_1, P_III]),
        LineEligibility::Roll { at_most: 4, drm: 0 }
    );
    // In the OC's range (a Momentum phase, which rolls too): no -1.
    let inside = LineContext { momentum: true, started_in_oc_range: true, turn: 2 };
    assert_eq!(
        spqr_line_eligibility(f, PROCONSUL, &inside, &[H_III_1, P_III]),
        LineEligibility::Roll { at_most: 4, drm: 0 }
    );
    // On the field the Proconsul begins his phase out of the Consul's range.
    let g = to_orders_of(battle(), PROCONSUL);
    assert!(!orders(&g).started_in_oc_range);
}

#[test]
fn rule_4_56_a_proconsul_takes_over_a_killed_oc_with_strategy_1() {
    let b = battle();
    assert_eq!(overall_commander(b.field(), Side::Roman), Some(CONSUL));
    assert_eq!(gboh_standard::roman::strategy(b.field(), CONSUL), 4);
    let b = with_fallen(CONSUL);
    let f = b.field();
    assert_eq!(overall_commander(f, Side::Roman), Some(PROCONSUL));
    assert!(is_overall(f, PROCONSUL) && !is_overall(f, TRIBUNUS));
    // "The latter's ratings do not change, and his Strategy Rating is 1."
    assert_eq!(gboh_standard::roman::strategy(f, PROCONSUL), 1);
    assert_eq!(f.initiative(PROCONSUL), 3);
    let outside = LineContext { momentum: false, started_in_oc_range: false, turn: 2 };
    assert_eq!(
        spqr_line_eligibility(f, TRIBUNUS, &outside, &[H_III_1, P_III]),
        LineEligibility::Roll { at_most: 1, drm: 0 }
    );
    assert_eq!(
        spqr_line_eligibility(f, PROCONSUL, &outside, &[H_III_1, P_III]),
        LineEligibility::Free
    );
    // The OC's extras (4.4): he orders another leader to move.
    let g = to_orders_of(with_fallen(CONSUL), PROCONSUL);
    assert!(g.check(&Action::OrderLeader { leader: TRIBUNUS }).is_ok());
    let g = to_orders_of(battle(), PROCONSUL);
    assert!(g.check(&Action::OrderLeader { leader: TRIBUNUS }).is_err());
}

#[test]
fn rule_4_56_4_74_a_fallen_proconsul_is_not_placed_back_as_a_tribune_is() {
    let g = to_orders_of(with_fallen(TRIBUNUS), CONSUL);
    assert!(g.check(&Action::ReplaceLeader { leader: TRIBUNUS, unit: H_III_1 }).is_ok());
    let g = to_orders_of(with_fallen(PROCONSUL), CONSUL);
    let e = g.check(&Action::ReplaceLeader { leader: PROCONSUL, unit: H_III_1 }).unwrap_err();
    assert!(e.to_string().contains("is not a Replacement leader"), "{e}");
}

#[test]
fn rule_4_56_proconsuls_are_validated_on_load() {
    let map = include_str!("../data/standard/scenarios/skirmish-map.ron");
    let text = include_str!("../data/standard/scenarios/proconsuls.ron").replace(
        "overall: true, rout_points: Some(10)",
        "overall: true, rout_points: Some(10), office: Some(Proconsul)",
    );
    let e = Scenario::from_ron("proconsuls.ron", &text, "map.ron", map).unwrap_err().to_string();
    assert!(
        e.lines().any(|l| l.starts_with("proconsuls.ron:") && l.ends_with(
            "Rex: 4.56: a Proconsul is a Roman subordinate (the OC only if the OC is killed), never an OC or an adversary's"
        )),
        "{e}"
    );
    let text = include_str!("../data/standard/scenarios/proconsuls.ron").replace(
        "    ],\n)",
        "    ],\n    replacements: [(leader: (name: \"Proconsul II\", side: Roman, initiative: 2, command_range: 3, office: Some(Proconsul)), provenance: Reconstructed, note: \"a test\")],\n)",
    );
    let e = Scenario::from_ron("proconsuls.ron", &text, "map.ron", map).unwrap_err().to_string();
    assert!(e.contains("Proconsul II: 4.56: a Proconsul is a scenario's own leader counter, never a Replacement leader (4.74)"), "{e}");
}
