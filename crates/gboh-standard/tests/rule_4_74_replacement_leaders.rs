//! SPQR 4.74 (4.4 #4): the OC replaces a fallen leader other than an OC by
//! an Individual Order, placing a Replacement leader counter the scenario
//! provides in a hex with a unit the replacement may command; he is Finished
//! for the turn. On the reconstructed "Replacements" field (the Skirmish
//! battle with two Roman Replacement leaders and one barbarian).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::Side;
use gboh_core::data::Provenance;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_standard::protocol::Phase;
use gboh_standard::state::{LeaderStatus, Scenario};
use gboh_standard::{Action, Battle, Pending, Spqr, StandardEvent};

const LEGATUS: usize = 0;
const TRIBUNUS: usize = 1;
const PRINCEPS: usize = 3;
const TRIBUNUS_II: usize = 4;
const TRIBUNUS_III: usize = 5;
const LG_1: usize = 0;
const EQ: usize = 5;

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Replacements").unwrap().0
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

/// The Initiative 3 tie (Tribunus against Rex, SPQR 5.1) rolls 7 to 2 for
/// Rome; every later die reads 0.
fn dice() -> Dice {
    let mut faces = vec![7, 2];
    faces.extend([0; 20]);
    Dice::scripted(faces)
}

fn orders_left(g: &Game<Battle<Spqr>>) -> u8 {
    match g.state().phase() {
        Phase::Orders(o) => o.orders_left,
        other => panic!("{other:?}"),
    }
}

#[test]
fn rule_4_74_replacement_leaders_wait_off_the_map_until_a_leader_falls() {
    let b = battle();
    let f = b.field();
    let r = &f.scenario.replacements;
    assert_eq!(r.iter().map(|r| r.leader).collect::<Vec<_>>(), vec![4, 5, 6]);
    assert!(r.iter().all(|r| r.provenance == Provenance::Reconstructed && !r.note.is_empty()));
    assert!(f.leaders[TRIBUNUS_II].reserve);
    assert_eq!(f.leaders[TRIBUNUS_II].status, LeaderStatus::Dead);
    // No leader has fallen: the Legatus has none to replace.
    let mut g = to_orders_of(Game::new(b, dice()), LEGATUS);
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS_II, unit: LG_1 }).unwrap_err();
    assert_eq!(
        e.to_string(),
        "SPQR 4.74: no fallen leader of Legatus's army (other than an OC) is left to replace"
    );
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::ReplaceLeader { .. })));
    g.apply(Action::EndOrders).unwrap();
}

#[test]
fn rule_4_74_the_oc_places_a_replacement_finished_for_the_turn() {
    let g = Game::new(with_fallen(TRIBUNUS), dice());
    let mut g = to_orders_of(g, LEGATUS);
    // Anywhere with a unit he may command: no Command Range needed.
    let legal = g.legal_actions();
    for unit in 0..6 {
        assert!(legal.contains(&Action::ReplaceLeader { leader: TRIBUNUS_II, unit }), "{unit}");
    }
    // Not with an enemy unit, and not an enemy's counter.
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS_II, unit: 6 }).unwrap_err();
    assert!(e.to_string().starts_with("SPQR 4.74: BI-1 is not a unit of"), "{e}");
    let e = g.check(&Action::ReplaceLeader { leader: 6, unit: LG_1 }).unwrap_err();
    assert!(e.to_string().contains("not a Replacement leader of Legatus's army"), "{e}");
    let before = orders_left(&g);
    let events = g.apply(Action::ReplaceLeader { leader: TRIBUNUS_II, unit: EQ }).unwrap();
    let f = g.state().field();
    assert_eq!(f.leaders[TRIBUNUS_II].hex, f.units[EQ].hex);
    assert_eq!(f.leaders[TRIBUNUS_II].status, LeaderStatus::Finished);
    assert!(!f.leaders[TRIBUNUS_II].reserve);
    assert_eq!(orders_left(&g), before - 1, "one Individual Order");
    let to = f.label(f.units[EQ].hex);
    assert!(events.iter().any(|e| e.rule == "SPQR 4.74"
        && e.what == StandardEvent::LeaderReplaced { leader: TRIBUNUS_II, to: to.clone() }));
    // One fallen leader, one replacement: the second counter waits.
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS_III, unit: LG_1 }).unwrap_err();
    assert!(e.to_string().contains("no fallen leader"), "{e}");
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS_II, unit: LG_1 }).unwrap_err();
    assert!(e.to_string().contains("placed already"), "{e}");
    // Finished for this turn: he gives no orders in it; the next turn he may.
    g.apply(Action::EndOrders).unwrap();
    let mut turn_1_orders = Vec::new();
    while g.state().field().turn == 1 {
        match g.pending() {
            Pending::Orders { leader, .. } => {
                turn_1_orders.push(leader);
                g.apply(Action::EndOrders).unwrap();
            }
            _ => {
                g.apply(Action::Decline).unwrap();
            }
        }
    }
    assert!(!turn_1_orders.contains(&TRIBUNUS_II), "{turn_1_orders:?}");
    assert_eq!(g.state().field().leaders[TRIBUNUS_II].status, LeaderStatus::Ready);
}

#[test]
fn rule_4_74_only_the_oc_replaces_leaders() {
    // The Princeps (not an OC) opens; the Tribunus has fallen.
    let g = Game::new(with_fallen(TRIBUNUS), dice());
    let g = to_orders_of(g, PRINCEPS);
    assert!(matches!(g.pending(), Pending::Orders { side: Side::Adversary, .. }));
    let e = g.check(&Action::ReplaceLeader { leader: 6, unit: 6 }).unwrap_err();
    assert_eq!(
        e.to_string(),
        "SPQR 4.74: Princeps is not the OC: only the OC replaces fallen leaders"
    );
}

#[test]
fn rule_4_74_4_75_a_fallen_oc_is_not_replaced() {
    // The Legatus himself has fallen: the Romans have no leader to replace
    // the Tribunus with an order, and a fallen OC is not counted.
    let g = Game::new(with_fallen(LEGATUS), dice());
    let g = to_orders_of(g, TRIBUNUS);
    let e = g.check(&Action::ReplaceLeader { leader: TRIBUNUS_II, unit: LG_1 }).unwrap_err();
    assert!(e.to_string().contains("Tribunus is not the OC"), "{e}");
}

#[test]
fn rule_4_74_a_scenario_s_replacements_are_validated_on_load() {
    let map = include_str!("../data/standard/scenarios/skirmish-map.ron");
    let text = include_str!("../data/standard/scenarios/replacements.ron")
        .replace(
            "(name: \"Tribunus III\", side: Roman, initiative: 2,",
            "(name: \"Tribunus III\", side: Roman, initiative: 0, overall: true,",
        )
        .replace("note: \"a test counter, as the Princeps\"", "note: \"\"")
        .replace("\"Princeps II\"", "\"Princeps\"");
    let e = Scenario::from_ron("replacements.ron", &text, "map.ron", map).unwrap_err().to_string();
    let lines: Vec<&str> = e.lines().collect();
    assert!(lines.iter().any(|l| l.starts_with("replacements.ron:")
        && l.ends_with("Tribunus III: 4.75: an Overall Commander is not replaced, so no OC Replacement leader")), "{e}");
    assert!(
        lines.iter().any(|l| l.ends_with(
            "Tribunus III: 4.74: a Replacement leader needs an Initiative of 1 or more"
        )),
        "{e}"
    );
    assert!(lines.iter().any(|l| l.ends_with("Princeps: 4.74: leader listed twice")), "{e}");
    assert!(
        lines
            .iter()
            .any(|l| l
                .ends_with("Princeps: a Reconstructed Replacement leader needs a note saying why")),
        "{e}"
    );
    // Each names its line and column: the replacement's entry, not the leader's.
    let princeps_line = text
        .lines()
        .position(|l| {
            l.contains("(name: \"Princeps\", side: Adversary, initiative: 2, command_range: 3)")
        })
        .unwrap()
        + 1;
    assert!(e.contains(&format!("replacements.ron:{princeps_line}:")), "{e}");
}
