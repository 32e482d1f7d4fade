//! Gallic Reinforcements and Elite Commanders (Vercingetorix) on the real
//! Gergovia battle: Vercingetorix and at least 25 Arverni BI wait off the
//! map; in his Orders Phase they enter along 4001-4801, the first unit
//! paying 1 MP, each further one 1 MP more; off the map he must pass and is
//! finished for the turn; in the alternative deployment not in turn one; his
//! elite command once a battle.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_gergovia::reinforcements::{self, ENTRY_FACING, FIRST_CHOICE, WAITING};
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_standard::protocol::{OrdersPhase, Phase, Preview};
use gboh_standard::state::{LeaderStatus, UnitStatus};
use gboh_standard::{Action, Battle, Pending, StandardEvent, StandardGame};
use support::{hex, leader};

/// The choice that brings the next unit on at `label` (4001-4801).
fn at(label: &str) -> u8 {
    let i = reinforcements::entry_hexes().iter().position(|&h| h == hex(label)).unwrap();
    FIRST_CHOICE + u8::try_from(i).unwrap()
}

/// Battle `name` at its start, in turn `turn`, in Vercingetorix's first
/// Orders Phase (placed through the engine's save).
fn vercingetorix_to_order(name: &str, turn: u8) -> Game<Battle<Gergovia>> {
    let (b, _) = Battle::new(Gergovia::default(), name).unwrap();
    let v = leader(b.field(), "Vercingetorix");
    let mut s = support::save(&b);
    s.turn = turn;
    s.leaders[v].phases = 1;
    s.phase = Phase::Orders(OrdersPhase {
        leader: v,
        orders_left: b.field().initiative(v),
        leader_half_mp: 18,
        moving_leaders: Vec::new(),
        momentum: false,
        no_momentum: false,
        lines: 0,
        elite: false,
        line_refused: false,
        started_in_oc_range: true,
        ordered: Vec::new(),
        auxiliares: None,
        must_act: false,
        refaced: Vec::new(),
        stack: Vec::new(),
        joined: Vec::new(),
        shocked: Vec::new(),
    });
    Game::new(support::load(&s), Dice::seeded(52))
}

#[test]
fn gallic_reinforcements_vercingetorix_and_25_arverni_wait_off_the_map() {
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let f = b.field();
    let v = leader(f, "Vercingetorix");
    assert_eq!(f.leaders[v].hex, WAITING);
    assert!(!f.board().contains(WAITING));
    let waiting = reinforcements::waiting(f);
    // "At least 25 of the Arverni BI and Vercingetorix not on the map".
    assert!(waiting.len() >= 25, "{}", waiting.len());
    for &u in &waiting {
        assert_eq!(f.units[u].status, UnitStatus::Eliminated);
        assert_eq!(f.def(u).unwrap().group.as_deref(), Some("Arverni"));
    }
    // Waiting is not a loss: Rome has no points for them.
    let t = b.game().tally(f).unwrap();
    assert_eq!(t.rome.total, 0);
    // The entry hexes are 4001 to 4801.
    let labels: Vec<String> = reinforcements::entry_hexes().iter().map(|&h| f.label(h)).collect();
    assert_eq!(labels.first().map(String::as_str), Some("4001"));
    assert_eq!(labels.last().map(String::as_str), Some("4801"));
    assert_eq!(labels.len(), 9);
}

#[test]
fn gallic_reinforcements_off_the_map_he_may_only_enter_or_pass() {
    let g = vercingetorix_to_order("Gergovia", 1);
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::EndOrders));
    assert!(
        legal.iter().any(|a| matches!(a, Action::Declare { choice } if *choice >= FIRST_CHOICE))
    );
    assert!(
        legal.iter().all(|a| matches!(a, Action::EndOrders | Action::Declare { .. })),
        "{legal:?}"
    );
    // Any other order is refused, citing the rule.
    let f = g.state().field();
    let gaul = (0..f.units.len())
        .find(|&u| f.side(u) == Some(gboh_core::Side::Adversary) && f.units[u].in_play())
        .unwrap();
    let err = g.check(&Action::Recover { unit: gaul }).unwrap_err().to_string();
    assert!(err.contains("Gallic Reinforcements"), "{err}");
}

#[test]
fn gallic_reinforcements_the_first_unit_pays_1_mp_each_further_one_more() {
    let mut g = vercingetorix_to_order("Gergovia", 1);
    let v = leader(g.state().field(), "Vercingetorix");
    let first = reinforcements::waiting(g.state().field())[0];
    // The preview gives the cost: 1 MP (2 halves).
    assert_eq!(
        g.check(&Action::Declare { choice: at("4401") }).unwrap(),
        Preview::Cost(gboh_standard::movement::StepCost { half_mp: 2, hits: 0 })
    );
    let events = g.apply(Action::Declare { choice: at("4401") }).unwrap();
    assert!(events.iter().any(|e| e.rule == reinforcements::RULE
        && matches!(&e.what, StandardEvent::Game(GergoviaEvent::Entered { mp: 1, leader: Some(_), hex, .. }) if hex == "4401")));
    let f = g.state().field();
    assert_eq!(f.units[first].hex, hex("4401"));
    assert_eq!(f.units[first].facing, ENTRY_FACING);
    assert!(f.units[first].in_play());
    // Vercingetorix comes on with the first unit; he may now give orders.
    assert_eq!(f.leaders[v].hex, hex("4401"));
    assert!(g.state().game().must_pass(f, v).is_none());
    let ma = u16::from(g.state().game().movement_allowance(f, first));
    let Phase::Orders(o) = g.state().phase().clone() else { panic!() };
    let x = o.ordered.iter().find(|x| x.unit == first).unwrap();
    assert_eq!(x.half_mp_left, ma * 2 - 2);
    // The second unit pays 2 MP, the third 3.
    for (n, label) in [(2, "4501"), (3, "4601")] {
        assert_eq!(
            g.check(&Action::Declare { choice: at(label) }).unwrap(),
            Preview::Cost(gboh_standard::movement::StepCost { half_mp: 2 * n, hits: 0 })
        );
        g.apply(Action::Declare { choice: at(label) }).unwrap();
    }
    // An entry hex held by a unit is not offered.
    assert!(g.check(&Action::Declare { choice: at("4401") }).is_err());
}

#[test]
fn gallic_reinforcements_left_off_the_map_he_passes_and_is_finished() {
    let mut g = vercingetorix_to_order("Gergovia", 1);
    let v = leader(g.state().field(), "Vercingetorix");
    let waiting = reinforcements::waiting(g.state().field()).len();
    g.apply(Action::EndOrders).unwrap();
    // No Momentum: finished for this turn.
    assert!(!matches!(g.pending(), Pending::Momentum { .. }));
    let f = g.state().field();
    assert_eq!(f.leaders[v].status, LeaderStatus::Finished);
    assert_eq!(f.leaders[v].hex, WAITING);
    assert_eq!(reinforcements::waiting(f).len(), waiting);
}

#[test]
fn gallic_reinforcements_alternative_deployment_not_in_turn_one() {
    let name = "Gergovia (alternative deployment)";
    let g = vercingetorix_to_order(name, 1);
    let f = g.state().field();
    let v = leader(f, "Vercingetorix");
    assert_eq!(g.legal_actions(), vec![Action::EndOrders]);
    let why = g.state().game().must_pass(f, v).unwrap();
    assert!(why.contains("before turn 2"), "{why}");
    // In turn 2 he may enter.
    let g = vercingetorix_to_order(name, 2);
    assert!(g.legal_actions().iter().any(|a| matches!(a, Action::Declare { .. })));
    // Directly: in turn 1 nothing is declarable, in turn 2 the entries are.
    let (b, _) = Battle::new(Gergovia::default(), name).unwrap();
    let mut f = b.field().clone();
    assert!(b.game().declarations(&f, v).is_empty());
    f.turn = 2;
    assert!(!b.game().declarations(&f, v).is_empty());
}

#[test]
fn elite_commanders_vercingetorix_uses_elite_command_once() {
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let f = b.field().clone();
    let v = leader(&f, "Vercingetorix");
    let mut game = b.game().clone();
    assert!(game.is_elite(&f, v));
    // Through the engine: the Gallic elite phase (SPQR 5.5) offered, taken.
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut sv = support::save(&b);
    sv.phase = Phase::Elite { side: gboh_core::Side::Adversary };
    let mut g = Game::new(support::load(&sv), Dice::seeded(52));
    assert!(g.legal_actions().contains(&Action::ElitePhase { leader: v }));
    let events = g.apply(Action::ElitePhase { leader: v }).unwrap();
    let _ = events;
    // Its first order reports it (the hook has no event list).
    let e = g.apply(Action::Declare { choice: at("4401") }).unwrap();
    assert!(e.iter().any(|e| e.rule == "Gergovia, Elite Commanders"
        && matches!(&e.what, StandardEvent::Game(GergoviaEvent::EliteCommandUsed { .. }))));
    assert!(g.state().game().elite_used());
    assert!(!g.state().game().is_elite(g.state().field(), v));
    // The hook alone: one elite phase of his side uses it.
    game.elite_phase_started(&f, v);
    assert!(!game.is_elite(&f, v));
}
