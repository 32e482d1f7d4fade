//! The simplified version played to the end by the random policy on the
//! real map and counters, and replayed exactly from its seed and log.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Limits, UniformRandom, play};
use gboh_gergovia::simplified::GergoviaSimplified;
use gboh_simple::Battle;
use gboh_simple::protocol::Pending;

fn game(seed: u64) -> Game<Battle<GergoviaSimplified>> {
    Game::new(Battle::new(GergoviaSimplified::standard().unwrap()), Dice::seeded(seed))
}

#[test]
fn simplified_plays_to_the_end_with_the_random_policy_and_replays_exactly() {
    for seed in 0..2 {
        let mut g = game(seed);
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut gaul = UniformRandom::seeded(seed ^ 0xfeed);
        let result = play(&mut g, &mut roman, &mut gaul, Limits { max_actions: 20_000 }).unwrap();
        assert!(result.finished, "seed {seed}: not over after {} actions", result.actions);
        let Pending::Over(outcome) = g.state().pending() else { panic!("seed {seed}: not over") };
        eprintln!("seed {seed}: {} actions, {outcome:?}", result.actions);
        let again = Game::replay(
            Battle::new(GergoviaSimplified::standard().unwrap()),
            seed,
            g.log().to_vec(),
        )
        .unwrap();
        assert_eq!(again.state(), g.state(), "seed {seed}: the replay differs");
    }
}

/// Golden playthroughs: the aggressive bot on both sides, seeds 1 and 2,
/// pinned (`cargo run --release --example gergovia_simplified -- --seed N`
/// prints the same).
#[test]
fn simplified_golden_playthroughs_with_the_aggressive_bot() {
    use gboh_gergovia::simplified::Happened;
    use gboh_gergovia::simplified::bot::Aggressive;
    use gboh_simple::SimpleEvent;
    let mut seen = std::collections::BTreeSet::new();
    for (seed, actions, rome, gaul, winner) in
        [(1, 1419, 34, 2, Side::Roman), (2, 1501, 12, 4, Side::Roman)]
    {
        let mut g = game(seed);
        let mut legal = Vec::new();
        let mut n = 0;
        while !matches!(g.state().pending(), Pending::Over(_)) && n < 20_000 {
            legal.clear();
            g.state().legal_actions(&mut legal);
            let pick = gboh_core::policy::Policy::choose(&mut Aggressive, &g, &legal);
            for e in g.apply(legal[pick].clone()).unwrap() {
                let what = match e.what {
                    Happened::Rule(SimpleEvent::Fired { kind, .. }) => format!("fired {kind:?}"),
                    Happened::Rule(SimpleEvent::ShockResolved { .. }) => "shock".to_string(),
                    Happened::Special(s) => {
                        format!("{s:?}").split(['(', ' ']).next().unwrap_or("").to_string()
                    }
                    _ => continue,
                };
                seen.insert(what);
            }
            n += 1;
        }
        let Pending::Over(outcome) = g.state().pending() else { panic!("seed {seed}: not over") };
        let t = g.state().state().tally().unwrap();
        eprintln!("seed {seed}: {n} actions, Rome {}, Gaul {}", t.rome.total, t.gaul.total);
        assert_eq!(
            (n, t.rome.total, t.gaul.total),
            (actions, rome, gaul),
            "seed {seed}: {}",
            outcome.reason
        );
        // After the last turn the side nearer its threshold wins: 34/35 > 2/25, 12/35 > 4/25.
        assert_eq!(outcome.winner, Some(winner), "{}", outcome.reason);
    }
    for wanted in ["shock", "Entered", "Alerted", "Impetuous", "StoneWallCrossed"] {
        assert!(seen.contains(wanted), "no {wanted} in the golden games: {seen:?}");
    }
}

/// Whatever the protocol lists, `check` accepts; a refused action leaves
/// the game as it was (the fuzz targets' `legals_are_legal`, on Gergovia).
#[test]
fn simplified_every_listed_action_is_accepted_and_a_refused_one_changes_nothing() {
    use gboh_gergovia::simplified::{Formation, Own};
    use gboh_simple::CombatAction;
    use gboh_simple::protocol::Action;
    let mut g = game(11);
    let mut policy = UniformRandom::seeded(11);
    for _ in 0..150 {
        let mut actions = Vec::new();
        g.state().legal_actions(&mut actions);
        let Some(last) = actions.len().checked_sub(1) else { break };
        for a in actions.iter().take(200) {
            assert!(g.state().check(a).is_ok(), "listed {a:?} refused: {:?}", g.state().check(a));
        }
        // An action of the wrong side or out of turn is refused and changes nothing.
        let before = g.state().clone();
        for bad in [
            Action::Activate(Formation::Tribe(9)),
            Action::Combat(CombatAction::Game(Own::Impetuosity)),
        ] {
            if !actions.contains(&bad) {
                assert!(g.apply(bad).is_err());
                assert_eq!(g.state(), &before);
            }
        }
        let pick = actions[policy.below(last + 1)].clone();
        g.apply(pick).unwrap();
    }
}
