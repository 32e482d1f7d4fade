//! SPQR 4.5: Roman Tribunes and Praefects, and 4.74's second case (a fallen
//! Tribune or Praefect placed back on the map), on the reconstructed
//! "Tribunes" field: the III's hastati (H-III-1, H-III-2), principes (P-III)
//! and velites (V-III), the V's hastati (H-V), an ala's cohort (C-ALA) and
//! velites (V-ALA), legion and ala cavalry (EQ-III, EQ-ALA); a Tribune
//! (Initiative 2), a Praefect Sociorum (3) and a Praefect Equitum (4) under
//! the Consul (5); Rex (1) opens.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use gboh_standard::protocol::{OrdersPhase, Phase};
use gboh_standard::state::{LeaderStatus, Office, Scenario};
use gboh_standard::{Action, Battle, Pending, Spqr, StandardEvent};

const CONSUL: usize = 0;
const TRIBUNUS: usize = 1;
const SOCIORUM: usize = 2;
const EQUITUM: usize = 3;

const H_III_1: usize = 0;
const H_III_2: usize = 1;
const P_III: usize = 2;
const H_V: usize = 3;
const C_ALA: usize = 4;
const V_III: usize = 5;
const V_ALA: usize = 6;
const EQ_III: usize = 7;
const EQ_ALA: usize = 8;

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Tribunes").unwrap().0
}

/// The battle with `fallen` dead, as a leader casualty roll of 9 (SPQR 4.53)
/// would leave him: his state set to `Dead` in the saved battle.
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
fn to_orders_of(mut g: Game<Battle<Spqr>>, leader: usize) -> Game<Battle<Spqr>> {
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

fn game_at(leader: usize) -> Game<Battle<Spqr>> {
    to_orders_of(Game::new(battle(), Dice::scripted([0; 40])), leader)
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

fn offered(g: &Game<Battle<Spqr>>, unit: usize) -> bool {
    g.legal_actions().contains(&turn(unit))
}

#[test]
fn rule_4_5_tribunes_and_praefects_are_read_from_the_leader_counters() {
    let b = battle();
    let offices: Vec<Option<Office>> =
        b.field().scenario.leaders.iter().map(|l| l.office).collect();
    assert_eq!(
        offices,
        vec![
            None,
            Some(Office::Tribune),
            Some(Office::PraefectSociorum),
            Some(Office::PraefectEquitum),
            None
        ]
    );
}

#[test]
fn rule_4_5_a_tribune_orders_legion_infantry_one_class_of_one_legion_a_phase() {
    let mut g = game_at(TRIBUNUS);
    // Legion infantry and velites; not the ala's cohort, nor cavalry.
    for u in [H_III_1, H_III_2, P_III, H_V, V_III, V_ALA] {
        assert!(offered(&g, u), "{u}");
    }
    for u in [C_ALA, EQ_III, EQ_ALA] {
        assert!(!offered(&g, u), "{u}");
    }
    let e = g.check(&turn(C_ALA)).unwrap_err().to_string();
    assert_eq!(
        e,
        "SPQR 4.5: Tribunus is a Tribune: he orders only legion infantry and velites, not C-ALA"
    );
    // The III's hastati: from now on only the III's hastati.
    g.apply(turn(H_III_1)).unwrap();
    assert!(offered(&g, H_III_2));
    for u in [P_III, H_V, V_III, V_ALA] {
        assert!(!offered(&g, u), "{u}");
    }
    let e = g.check(&turn(H_V)).unwrap_err().to_string();
    assert_eq!(
        e,
        "SPQR 4.5: Tribunus ordered the Hastati of III (H-III-1) this phase: one Class of one legion or ala a phase, so not H-V (the Hastati of V)"
    );
    let e = g.check(&turn(P_III)).unwrap_err().to_string();
    assert!(e.contains("so not P-III (the Principes of III)"), "{e}");
    g.apply(turn(H_III_2)).unwrap();
    assert_eq!(orders(&g).ordered.len(), 2);
}

#[test]
fn rule_4_5_all_velites_are_one_class_for_a_tribune_or_praefect() {
    let mut g = game_at(TRIBUNUS);
    g.apply(turn(V_III)).unwrap();
    // The ala's velites too, "regardless of their printed Legion or Ala".
    assert!(offered(&g, V_ALA));
    assert!(!offered(&g, H_III_1));
    g.apply(turn(V_ALA)).unwrap();
    let e = g.check(&turn(H_III_1)).unwrap_err().to_string();
    assert!(e.contains("ordered the velites (V-III)"), "{e}");
}

#[test]
fn rule_4_5_a_praefect_sociorum_orders_ala_infantry() {
    let mut g = game_at(SOCIORUM);
    for u in [C_ALA, V_III, V_ALA] {
        assert!(offered(&g, u), "{u}");
    }
    for u in [H_III_1, P_III, H_V, EQ_III, EQ_ALA] {
        assert!(!offered(&g, u), "{u}");
    }
    let e = g.check(&turn(H_V)).unwrap_err().to_string();
    assert_eq!(
        e,
        "SPQR 4.5: Praefectus Sociorum is a Praefect Sociorum: he orders only ala infantry and velites, not H-V"
    );
    g.apply(turn(C_ALA)).unwrap();
    assert!(!offered(&g, V_ALA), "the velites are a Class of their own");
}

#[test]
fn rule_4_5_a_praefect_equitum_orders_legion_or_ala_cavalry_not_both() {
    let mut g = game_at(EQUITUM);
    assert!(offered(&g, EQ_III) && offered(&g, EQ_ALA));
    for u in [H_III_1, C_ALA, V_III, V_ALA] {
        assert!(!offered(&g, u), "{u}");
    }
    g.apply(turn(EQ_ALA)).unwrap();
    let e = g.check(&turn(EQ_III)).unwrap_err().to_string();
    assert_eq!(
        e,
        "SPQR 4.5: Praefectus Equitum ordered the ala cavalry (EQ-ALA) this phase: one Class of one legion or ala a phase, so not EQ-III (the legion cavalry)"
    );
}

#[test]
fn rule_4_5_the_consul_orders_any_unit() {
    let mut g = game_at(CONSUL);
    for u in [H_III_1, P_III, H_V, C_ALA, V_III, EQ_III, EQ_ALA] {
        assert!(offered(&g, u), "{u}");
    }
    g.apply(turn(H_III_1)).unwrap();
    assert!(offered(&g, EQ_ALA) && offered(&g, P_III));
}

#[test]
fn rule_4_5_a_tribune_s_line_command_takes_any_infantry_and_no_cavalry() {
    // The Line runs EQ-III, H-III-1, H-III-2, H-V, C-ALA, EQ-ALA along one
    // row; the Tribune's takes the infantry of every legion and the ala
    // (4.53: less restrictive than his Individual Orders), not the horse.
    let mut g = game_at(TRIBUNUS);
    g.apply(Action::LineCommand { anchor: H_III_1 }).unwrap();
    let line: Vec<usize> = orders(&g).ordered.iter().map(|x| x.unit).collect();
    for u in [H_III_1, H_III_2, H_V, C_ALA] {
        assert!(line.contains(&u), "{u} in {line:?}");
    }
    assert!(!line.contains(&EQ_III) && !line.contains(&EQ_ALA), "{line:?}");
    // The Praefect Equitum's Line from the same row is the horse alone.
    let mut g = game_at(EQUITUM);
    let e = g.check(&Action::LineCommand { anchor: C_ALA }).unwrap_err().to_string();
    assert_eq!(e, "SPQR 4.3: no line to order there");
    g.apply(Action::LineCommand { anchor: EQ_ALA }).unwrap();
    let line: Vec<usize> = orders(&g).ordered.iter().map(|x| x.unit).collect();
    assert_eq!(line, vec![EQ_ALA]);
}

#[test]
fn rule_4_74_a_fallen_tribune_is_placed_back_on_the_map_with_a_unit_he_may_command() {
    let g = Game::new(with_fallen(TRIBUNUS), Dice::scripted([0; 40]));
    let mut g = to_orders_of(g, CONSUL);
    // No Replacement leader counter is needed: the scenario has none.
    assert!(g.state().field().scenario.replacements.is_empty());
    let legal = g.legal_actions();
    for u in [H_III_1, P_III, H_V, V_ALA] {
        assert!(legal.contains(&Action::ReplaceLeader { leader: TRIBUNUS, unit: u }), "{u}");
    }
    for u in [C_ALA, EQ_III, EQ_ALA] {
        assert!(!legal.contains(&Action::ReplaceLeader { leader: TRIBUNUS, unit: u }), "{u}");
    }
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS, unit: EQ_III }).unwrap_err();
    assert_eq!(
        e.to_string(),
        "SPQR 4.5: Tribunus, a Tribune, may not command EQ-III, so he is not placed back with it"
    );
    // A living Praefect is not placed.
    let e = g.check(&Action::ReplaceLeader { leader: EQUITUM, unit: EQ_III }).unwrap_err();
    assert!(e.to_string().contains("has not fallen"), "{e}");
    let before = orders(&g).orders_left;
    let events = g.apply(Action::ReplaceLeader { leader: TRIBUNUS, unit: H_V }).unwrap();
    let f = g.state().field();
    assert_eq!(f.leaders[TRIBUNUS].hex, f.units[H_V].hex);
    assert_eq!(f.leaders[TRIBUNUS].status, LeaderStatus::Finished);
    assert_eq!(orders(&g).orders_left, before - 1, "one Individual Order");
    let to = f.label(f.units[H_V].hex);
    let placed = events
        .iter()
        .find(|e| e.what == StandardEvent::LeaderReplaced { leader: TRIBUNUS, to: to.clone() })
        .unwrap();
    let words = gboh_standard::narrate::line(f, placed);
    assert!(words.contains("Tribunus, a Tribune fallen, is placed back on the map"), "{words}");
    assert!(words.contains("SPQR 4.5"), "{words}");
    // Once back he is no fallen leader: not placed again.
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS, unit: H_III_1 }).unwrap_err();
    assert!(e.to_string().contains("has not fallen"), "{e}");
}

#[test]
fn rule_4_74_a_fallen_praefect_equitum_returns_only_with_cavalry() {
    let g = Game::new(with_fallen(EQUITUM), Dice::scripted([0; 40]));
    let mut g = to_orders_of(g, CONSUL);
    assert!(g.check(&Action::ReplaceLeader { leader: EQUITUM, unit: H_III_1 }).is_err());
    g.apply(Action::ReplaceLeader { leader: EQUITUM, unit: EQ_ALA }).unwrap();
    let f = g.state().field();
    assert_eq!(f.leaders[EQUITUM].hex, f.units[EQ_ALA].hex);
}

#[test]
fn rule_4_5_tribunes_and_praefects_are_validated_on_load() {
    let map = include_str!("../data/standard/scenarios/skirmish-map.ron");
    let text = include_str!("../data/standard/scenarios/tribunes.ron")
        .replace("overall: true, rout_points: Some(25)", "overall: true, rout_points: Some(25), office: Some(Tribune)")
        .replace(
            "(id: \"H-V\", side: Roman, unit_type: LG, tq: 6, ma: 5, size: 3, missile: Some(Javelin), group: Some(\"V\"),",
            "(id: \"H-V\", side: Roman, unit_type: LG, tq: 6, ma: 5, size: 3, missile: Some(Javelin),",
        );
    let e = Scenario::from_ron("tribunes.ron", &text, "map.ron", map).unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    assert!(
        lines.iter().any(|l| l.starts_with("tribunes.ron:") && l.ends_with(
            "Consul: 4.51: a Tribune or Praefect is a Roman subordinate, never an OC or an adversary's"
        )),
        "{e}"
    );
    assert!(
        lines.iter().any(|l| l
            .ends_with("H-V: 4.52: a Roman unit with a Class needs its legion or ala (`group`)")),
        "{e}"
    );
    // A Replacement counter is never a Tribune or Praefect.
    let text = include_str!("../data/standard/scenarios/tribunes.ron").replace(
        "    ],\n)",
        "    ],\n    replacements: [(leader: (name: \"Tribunus II\", side: Roman, initiative: 2, command_range: 3, office: Some(Tribune)), provenance: Reconstructed, note: \"a test\")],\n)",
    );
    let e = Scenario::from_ron("tribunes.ron", &text, "map.ron", map).unwrap_err().to_string();
    assert!(e.contains("Tribunus II: 4.74: a fallen Tribune or Praefect is placed back on the map, so no Replacement counter is one"), "{e}");
}
