//! DESIGN.md: `check()` gives the exact odds of every outcome. Here each
//! preview is compared with the outcomes of the same action replayed with
//! scripted dice over every face (and every pair of faces for chained rolls).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPreview};
use gboh_alesia::game::{Lid, Uid, UnitFlags};
use gboh_alesia::protocol::Alesia;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Game;
use gboh_core::table::{Chance, ShockResult};
use gboh_core::unit::HitOutcome;

type Seen = (bool, Vec<(Uid, u8, HitOutcome)>, Vec<Lid>);

/// Tallies `seen` and checks it against `expected` (count out of `total`).
fn same_odds<T: PartialEq + core::fmt::Debug + Clone>(
    runs: &[T],
    expected: &[(T, u64)],
    total: u64,
) {
    let n = u64::try_from(runs.len()).unwrap();
    for (outcome, count) in expected {
        let seen = u64::try_from(runs.iter().filter(|r| *r == outcome).count()).unwrap();
        assert!(
            Chance { count: seen, out_of: n }.same_as(Chance { count: *count, out_of: total }),
            "{outcome:?}: seen {seen}/{n}, expected {count}/{total}"
        );
    }
    let covered: u64 = expected.iter().map(|(_, c)| *c).sum();
    assert_eq!(covered, total);
}

#[test]
fn missile_odds_match_every_pair_of_faces_with_a_leader_in_the_target_hex() {
    // A cohort with Brutus, its legate, shot at by a Gallic archer at range 1:
    // +1 archers at a cohort through its front (8.17); 8.18's '0' then '0'.
    let mut p = Pos::on(test_board(8, 8));
    let archer = p.unit("Arverni-A1", "T0404", Facing::Twelve);
    let cohort = p.unit("X-1", "T0504", Facing::Six);
    p.with(cohort, 5, 0); // one more hit routs it (TQ 6)
    let brutus = p.leader("Brutus", "T0504");
    let state = p.activated(tribe_of("Arverni-A1", "Vercassivellaunus"));
    let target = state.field.unit(cohort).unwrap().at.unwrap();
    let fire = CombatAction::Fire { unit: archer, target, will_move: false };
    let probe = game(state.clone(), &[]);
    let CombatPreview::Shot { shot, odds } = preview(&probe, fire.clone()) else { panic!() };
    assert!(shot.modifiers.iter().any(|m| m.what.contains("cohort")), "{:?}", shot.modifiers);
    assert_eq!(shot.leaders, [brutus]);
    assert_eq!(odds.total(), 100);
    let expected: Vec<(Seen, u64)> = odds
        .outcomes()
        .iter()
        .map(|(o, n)| {
            (
                (
                    o.hit,
                    o.units.iter().map(|u| (u.unit, u.hits, u.fate)).collect(),
                    o.leaders_lost.clone(),
                ),
                *n,
            )
        })
        .collect();
    let mut runs: Vec<Seen> = Vec::new();
    for first in 0..10 {
        for second in 0..10 {
            let mut g = Game::new(state.clone(), Dice::scripted([first, second]));
            let events = g.apply(combat(fire.clone())).unwrap();
            let mut hit = false;
            let mut units = Vec::new();
            let mut lost = Vec::new();
            for (_, e) in combat_events(&events) {
                match e {
                    CombatEvent::Family(SimpleEvent::Fired { hit: h, .. }) => hit = h,
                    CombatEvent::Family(SimpleEvent::Hits { unit, hits, outcome }) => {
                        units.push((unit, hits, outcome))
                    }
                    CombatEvent::Family(SimpleEvent::LeaderCheck { leader, killed: true }) => {
                        lost.push(leader)
                    }
                    _ => {}
                }
            }
            runs.push((hit, units, lost));
        }
    }
    same_odds(&runs, &expected, 100);
    // The rout of a hit: 9 faces of 10 hit (a modified roll of 5 or less).
    assert!(runs.iter().any(|r| r.1 == [(cohort, 1, HitOutcome::Routed)]));
    assert!(runs.iter().any(|r| r.2 == [brutus]), "a 0 then a 0 kills him");
}

/// The 9.22 example's attack, resolved on each face.
#[test]
fn shock_odds_match_every_face() {
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let bi = [
        p.unit("Arverni-1", "W3910", Facing::Four),
        p.unit("Arverni-2", "W3910", Facing::Four),
        p.unit("Arverni-3", "W4011", Facing::Four),
        p.unit("Arverni-4", "W4011", Facing::Four),
    ];
    for u in bi {
        p.with(u, 2, UnitFlags::MOVED);
    }
    let mut g = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[]);
    let w3910 = g.state().setup().board.hex_of("W3910").unwrap();
    g.apply(combat(CombatAction::BeginShock)).unwrap();
    g.apply(combat(CombatAction::Designate { attacker: w3910, join: None })).unwrap();
    let state: Alesia = g.into_state();
    let probe = game(state.clone(), &[]);
    let resolve = CombatAction::Resolve { attack: 0 };
    let CombatPreview::Shock { odds, .. } = preview(&probe, resolve.clone()) else { panic!() };
    assert_eq!(odds.total(), 10);
    type Out = (ShockResult, Vec<(Uid, u8, HitOutcome)>);
    let expected: Vec<(Out, u64)> = odds
        .outcomes()
        .iter()
        .map(|(o, n)| {
            let mut units: Vec<_> = o.units.iter().map(|u| (u.unit, u.hits, u.fate)).collect();
            units.sort_by_key(|u| u.0);
            ((o.result, units), *n)
        })
        .collect();
    let mut runs: Vec<Out> = Vec::new();
    for face in 0..10 {
        let mut g = Game::new(state.clone(), Dice::scripted([face]));
        let mut events = g.apply(combat(resolve.clone())).unwrap();
        // Later choices (leftover hits, retreat hexes): the first answer, the
        // one the preview assumes.
        while pending(&g).is_some() {
            let first = g.legal_actions()[0].clone();
            events.extend(g.apply(first).unwrap());
        }
        let mut result = None;
        let mut units: Vec<(Uid, u8, HitOutcome)> = Vec::new();
        for (rule, e) in combat_events(&events) {
            match e {
                CombatEvent::Family(SimpleEvent::ShockResolved { result: r, .. }) => {
                    result = Some(r)
                }
                CombatEvent::Family(SimpleEvent::Hits { unit, hits, outcome })
                    if rule == "9.25" || rule == "10.23" =>
                {
                    match units.iter_mut().find(|(u, _, _)| *u == unit) {
                        Some(x) => {
                            x.1 += hits;
                            x.2 = outcome;
                        }
                        None => units.push((unit, hits, outcome)),
                    }
                }
                _ => {}
            }
        }
        units.sort_by_key(|u| u.0);
        runs.push((result.unwrap(), units));
    }
    same_odds(&runs, &expected, 10);
}
