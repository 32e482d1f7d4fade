//! 6.8 barbarian impetuosity and 8.5 ferocity only during impetuosity, on
//! the real Gergovia battle: declared when the player chooses (an action of
//! the engine's Orders Phase), +1 MA for the tribe's infantry, ferocity's
//! pre-shock modifiers, ending the turn two of its units entered an enemy
//! ZOC.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_gergovia::reinforcements::FIRST_CHOICE;

/// 6.8's declarations among a leader's (not the Gallic Reinforcements'
/// entries, numbered from `FIRST_CHOICE`, nor the stone walls', from 150).
fn tribal(
    g: &gboh_gergovia::standard::Gergovia,
    f: &gboh_standard::state::Field,
    leader: usize,
) -> Vec<u8> {
    use gboh_standard::StandardGame;
    g.declarations(f, leader).into_iter().filter(|&c| c < FIRST_CHOICE).collect()
}

use std::collections::BTreeSet;
use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::table::{Drm, Modifiers};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::impetuosity::{Impetus, tribes};
use gboh_gergovia::standard::{Gergovia, GergoviaEvent};
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

fn number(tribe: &str) -> u8 {
    u8::try_from(tribes().iter().position(|t| t == tribe).unwrap()).unwrap()
}

fn ferocity(g: &Gergovia, f: &Field, u: usize, attacking: bool, opp: &[usize]) -> Drm {
    let mut m = Modifiers::new();
    g.pre_shock_modifiers(f, u, attacking, opp, &mut m);
    m.total()
}

#[test]
fn rule_6_8_the_gauls_and_the_aedui_are_the_tribes_that_may_declare() {
    let names: BTreeSet<String> = tribes().into_iter().collect();
    let want: BTreeSet<String> =
        ["Aedui", "Arverni", "Bituriges", "Carnutes", "Nitiobriges"].map(String::from).into();
    assert_eq!(names, want);
    let f = field();
    let g = Gergovia::default();
    // Each leader declares only tribes he may order: Cotuatus the Carnutes,
    // Convictolitavus (with Rome) the Aedui, Caesar (the Roman OC) the Aedui.
    let cotuatus = support::leader(&f, "Cotuatus");
    assert_eq!(tribal(&g, &f, cotuatus), vec![number("Carnutes")]);
    let conv = support::leader(&f, "Convictolitavus");
    assert_eq!(tribal(&g, &f, conv), vec![number("Aedui")]);
    let caesar = support::leader(&f, "Caesar");
    assert_eq!(tribal(&g, &f, caesar), vec![number("Aedui")]);
}

#[test]
fn rule_6_8_8_5_impetuous_infantry_gain_1_ma_and_ferocity_only_while_impetuous() {
    let mut f = field();
    let mut g = Gergovia::default();
    let (c1, c2) = (support::unit(&f, "Carnutes-1"), support::unit(&f, "Carnutes-2"));
    let (x1, x2) = (support::unit(&f, "X-1"), support::unit(&f, "X-2"));
    let printed = f.def(c1).unwrap().ma;
    // Before the declaration: printed MA, no ferocity (8.5).
    assert_eq!(g.movement_allowance(&f, c1), printed);
    assert_eq!(ferocity(&g, &f, c1, true, &[x1]), Drm(0));
    assert_eq!(ferocity(&g, &f, x1, false, &[c1]), Drm(0));
    let cotuatus = support::leader(&f, "Cotuatus");
    let mut events = Vec::new();
    g.declare(&f, cotuatus, number("Carnutes"), &mut events);
    assert!(events.iter().any(|e| e.rule == "Gergovia 6.8"
        && e.what
            == StandardEvent::Game(GergoviaEvent::ImpetuosityDeclared {
                tribe: "Carnutes".into()
            })));
    assert!(!g.declarations(&f, cotuatus).contains(&number("Carnutes")), "once");
    assert_eq!(g.movement_allowance(&f, c1), printed + 1);
    assert_eq!(ferocity(&g, &f, c1, true, &[x1]), Drm(-1), "8.5: attacking");
    assert_eq!(ferocity(&g, &f, x1, false, &[c1]), Drm(2), "8.5: defending against");
    // Another tribe is untouched.
    let n1 = support::unit(&f, "Nitiobriges-1");
    assert_eq!(g.movement_allowance(&f, n1), f.def(n1).unwrap().ma);
    // Two Carnutes enter a Roman ZOC: the impetuosity ends after this turn.
    for (gaul, roman, at, on) in [(c1, x1, "2814", "2714"), (c2, x2, "2818", "2718")] {
        f.units[roman].hex = hex(on);
        f.units[roman].facing = support::facing_toward(on, at);
        f.units[gaul].hex = hex(at);
        f.units[gaul].status = UnitStatus::InPlay;
        assert!(f.in_enemy_zoc(hex(at), Side::Adversary));
    }
    let mut events = Vec::new();
    g.unit_moved(&f, c1, &mut events);
    assert!(
        !events.iter().any(|e| matches!(
            e.what,
            StandardEvent::Game(GergoviaEvent::ImpetuosityEnding { .. })
        ))
    );
    g.unit_moved(&f, c2, &mut events);
    assert!(events.iter().any(|e| e.what
        == StandardEvent::Game(GergoviaEvent::ImpetuosityEnding { tribe: "Carnutes".into() })));
    assert_eq!(g.impetuosity().of("Carnutes"), Some(Impetus::EndsThisTurn));
    assert_eq!(g.movement_allowance(&f, c1), printed + 1, "still this turn");
    let mut events = Vec::new();
    g.turn_ended(&f, &mut events);
    assert!(events.iter().any(|e| e.what
        == StandardEvent::Game(GergoviaEvent::ImpetuosityLost { tribe: "Carnutes".into() })));
    assert_eq!(g.movement_allowance(&f, c1), printed);
    assert_eq!(ferocity(&g, &f, c1, true, &[x1]), Drm(0));
    assert!(tribal(&g, &f, cotuatus).is_empty(), "declared once a battle");
}

/// Through the protocol: in a Gallic Orders Phase the engine lists the
/// declaration, narrates it in words, performs it, and refuses it again.
#[test]
fn rule_6_8_the_player_declares_impetuosity_in_his_orders_phase() {
    let b = support::play_until(52, |b, p| {
        matches!(p, Pending::Orders { side: Side::Adversary, leader }
            if b.game().declarations(b.field(), *leader).iter().any(|&c| c < FIRST_CHOICE))
    });
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    // The tribes' declarations (an entry of Gallic Reinforcements is
    // numbered from FIRST_CHOICE).
    let choice =
        b.game().declarations(b.field(), leader).into_iter().find(|&c| c < FIRST_CHOICE).unwrap();
    let tribe = tribes()[usize::from(choice)].clone();
    let mut g = Game::new(b, Dice::seeded(2));
    let declare = Action::Declare { choice };
    assert!(g.legal_actions().contains(&declare));
    let said = gboh_standard::narrate::action_in(g.state(), &declare);
    assert_eq!(said, format!("declare the {tribe} impetuous (Gergovia 6.8)"));
    let events = g.apply(declare).unwrap();
    let line = gboh_standard::narrate::line(g.state().field(), &events[0]);
    assert!(
        line.starts_with(&format!("[Gergovia 6.8] the {tribe} are declared impetuous")),
        "{line}"
    );
    assert_eq!(g.state().game().impetuosity().of(&tribe), Some(Impetus::Active));
    assert!(!g.legal_actions().contains(&declare));
    assert!(g.check(&declare).is_err(), "once a battle");
}
