//! C:CoG 5.6, the auxiliary phase (Reconstructed), with 4.21 and Arverni
//! Archers: the leaderless Arverni archers "may be activated in the
//! auxiliary phase, before the Romans"; the Roman auxiliaries (Numidian LI,
//! Cretan and Numidian archers) after them; auxiliaries ordered without a
//! leader, on the real Gergovia battle.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Direction;
use gboh_core::game::Game;
use gboh_gergovia::auxiliaries;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::state::Field;
use gboh_standard::{Action, Battle, Pending};
use support::{leader, unit};

/// The standard battle at its first decision after the opening's dice.
fn opening() -> Game<Battle<Gergovia>> {
    let (b, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut g = Game::new(b, Dice::seeded(52));
    while g.pending() == Pending::RollOff {
        g.apply(Action::RollOff).unwrap();
    }
    g
}

/// An order unit `u` may be given now, a step, a turn or a fire (the
/// first legal one).
fn an_order(g: &Game<Battle<Gergovia>>, u: usize) -> Option<Action> {
    g.legal_actions().into_iter().find(|a| {
        matches!(*a, Action::Step { unit, .. } | Action::Pivot { unit, .. } | Action::Face { unit, .. } | Action::Fire { unit, .. } if unit == u)
    })
}

#[test]
fn rule_5_6_arverni_archers_the_auxiliary_phase_gauls_first_then_romans_then_the_activations() {
    let mut g = opening();
    let f = g.state().field().clone();
    let v = leader(&f, "Vercingetorix");
    let caesar = leader(&f, "Caesar");
    // "before the Romans": the Gauls' auxiliary phase opens the turn.
    assert_eq!(g.pending(), Pending::Auxiliares { side: Side::Adversary });
    let legal = g.legal_actions();
    assert_eq!(legal, vec![Action::AuxiliaresPhase { leader: v }, Action::Decline]);
    let events = g.apply(Action::AuxiliaresPhase { leader: v }).unwrap();
    // Narrated as the auxiliary phase, under this game's section, not as
    // Vercingetorix's orders (SPQR 4.2).
    let lines: Vec<String> =
        events.iter().map(|e| gboh_standard::narrate::line(g.state().field(), e)).collect();
    assert!(
        lines.contains(&format!(
            "[{}] the auxiliary phase of the army of Vercingetorix: its auxiliaries take their orders without a leader (Vercingetorix holds the phase)",
            auxiliaries::RULE
        )),
        "{lines:?}"
    );
    assert!(!lines.iter().any(|l| l.contains("gives his orders")), "{lines:?}");
    // Vercingetorix is off the map (Gallic Reinforcements) and no archer is
    // within his Command Range: they are activated without a leader.
    let archer = unit(&f, "Arverni archers-1");
    assert!(Field::distance(f.units[archer].hex, f.leaders[v].hex) > 8);
    let step = an_order(&g, archer).expect("an archer in the town is ordered without a leader");
    // Only auxiliaries: not the Arverni BI on the map, nor an entry.
    let bi = (0..f.units.len())
        .find(|&u| f.units[u].in_play() && f.def(u).unwrap().group.as_deref() == Some("Arverni"))
        .unwrap();
    assert!(an_order(&g, bi).is_none(), "5.6: an Arverni BI is no auxiliary");
    let err = g.check(&Action::Step { unit: bi, dir: Direction::NE }).unwrap_err();
    assert!(err.to_string().contains("not an auxiliary"), "{err}");
    assert!(
        !g.legal_actions().iter().any(|a| matches!(a, Action::Declare { .. })),
        "no reinforcements enter in the auxiliary phase"
    );
    assert!(
        !g.legal_actions().iter().any(|a| matches!(a, Action::LeaderStep { .. })),
        "the leader who holds it does nothing himself"
    );
    g.apply(step).unwrap();
    g.apply(Action::EndOrders).unwrap();
    // The shock segment of the phase may come between; then the Romans.
    let mut guard = 0;
    while !matches!(g.pending(), Pending::Auxiliares { .. }) {
        let a = g.legal_actions().into_iter().next().unwrap();
        g.apply(a).unwrap();
        guard += 1;
        assert!(guard < 20, "{:?}", g.pending());
    }
    assert_eq!(g.pending(), Pending::Auxiliares { side: Side::Roman });
    let events = g.apply(Action::AuxiliaresPhase { leader: caesar }).unwrap();
    let lines: Vec<String> =
        events.iter().map(|e| gboh_standard::narrate::line(g.state().field(), e)).collect();
    assert!(
        lines.iter().any(|l| l.contains("the auxiliary phase of the Roman army")
            && l.contains("(Caesar holds the phase)")
            && l.starts_with("[Gergovia, Arverni Archers; C:CoG 5.6")),
        "{lines:?}"
    );
    // 4.21: the Numidian LI in the large camp, far beyond Caesar's range.
    let numidian = unit(&f, "Numidian LI-1");
    assert!(Field::distance(f.units[numidian].hex, f.leaders[caesar].hex) > 6);
    assert!(an_order(&g, numidian).is_some(), "4.21: an auxiliary, ordered without a leader");
    let cohort = unit(&f, "X-1");
    assert!(an_order(&g, cohort).is_none(), "a cohort is no auxiliary");
    g.apply(Action::EndOrders).unwrap();
    let mut guard = 0;
    while matches!(g.pending(), Pending::Auxiliares { .. } | Pending::RollOff) {
        let a = g.legal_actions().into_iter().next().unwrap();
        assert!(!matches!(a, Action::AuxiliaresPhase { .. }), "one auxiliary phase a side");
        g.apply(a).unwrap();
        guard += 1;
        assert!(guard < 20, "{:?}", g.pending());
    }
}

#[test]
fn rule_4_21_numidian_li_cretan_and_numidian_archers_and_the_arverni_archers_are_auxiliaries() {
    let g = opening();
    let f = g.state().field();
    let aux: Vec<String> = (0..f.units.len())
        .filter(|&u| auxiliaries::is_auxiliary(f, u))
        .map(|u| f.def(u).unwrap().group.clone().unwrap())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(
        aux,
        ["Arverni archers", "Cretan archers", "Numidian LI", "Numidian archers"].map(String::from)
    );
    assert_eq!(auxiliaries::holders(f, Side::Roman), vec![leader(f, "Caesar")]);
    assert_eq!(auxiliaries::holders(f, Side::Adversary), vec![leader(f, "Vercingetorix")]);
}
