//! The engine's protocol (`gboh_simple::protocol`) on a whole small game,
//! Skirmish (`support/skirmish.rs`): played to the end by the random
//! policy and replayed from its seed and log, and each rule of the
//! Sequence of Play in a position where it matters.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a failing test panics

mod support;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::{Limits, UniformRandom, play};
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::{Battle, TurnEvent};
use support::skirmish::{CHIEF, Happened, Order, Skirmish};

type Play = Action<Order, ()>;

fn game(seed: u64) -> Game<Battle<Skirmish>> {
    Game::new(Battle::new(Skirmish::new()), Dice::seeded(seed))
}

fn legal(g: &Game<Battle<Skirmish>>) -> Vec<Play> {
    let mut out = Vec::new();
    g.state().legal_actions(&mut out);
    out
}

#[test]
fn skirmish_plays_to_the_end_with_the_random_policy_and_replays_exactly() {
    let mut outcomes = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..12 {
        let mut g = game(seed);
        let mut roman = UniformRandom::seeded(seed ^ 0x5eed);
        let mut gaul = UniformRandom::seeded(seed ^ 0xfeed);
        let result = play(&mut g, &mut roman, &mut gaul, Limits { max_actions: 5_000 }).unwrap();
        assert!(result.finished, "seed {seed}: not over after {} actions", result.actions);
        let Pending::Over(outcome) = g.state().pending() else { panic!("seed {seed}: not over") };
        assert!(outcome.reason.contains("after two periods"), "{}", outcome.reason);
        assert_eq!(g.state().state().turn.period, 2, "seed {seed}");
        let again = Game::replay(Battle::new(Skirmish::new()), seed, g.log().to_vec()).unwrap();
        assert_eq!(again.state(), g.state(), "seed {seed}: the replay differs");
        outcomes.push(outcome.winner);
        // What the games did, by the rules' events' names.
        let mut replayed = Game::new(Battle::new(Skirmish::new()), Dice::seeded(seed));
        for a in g.log() {
            for e in replayed.apply(a.clone()).unwrap() {
                let name = format!("{:?}", e.what);
                let words: Vec<&str> =
                    name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
                seen.insert(words.iter().take(2).copied().collect::<Vec<_>>().join(" "));
            }
        }
    }
    for wanted in [
        "Rule Moved",
        "Rule Fired",
        "Rule Designated",
        "Rule ShockResolved",
        "Rule Retreated",
        "Rule Advanced",
        "Rule HitsRemoved",
        "Turn Seizure",
        "Turn PeriodEnded",
    ] {
        assert!(seen.contains(wanted), "no {wanted} in twelve random games: {seen:?}");
    }
    // Random play is not one-sided every time: the dice and choices matter.
    let distinct: std::collections::BTreeSet<_> =
        outcomes.iter().map(|w| format!("{w:?}")).collect();
    assert!(distinct.len() > 1, "every game ended {outcomes:?}");
}

#[test]
fn skirmish_every_listed_action_is_accepted_and_an_unlisted_pass_is_refused() {
    let mut g = game(7);
    let mut policy = UniformRandom::seeded(7);
    for _ in 0..400 {
        let actions = legal(&g);
        let Some(last) = actions.len().checked_sub(1) else { break };
        for a in &actions {
            assert!(g.state().check(a).is_ok(), "listed {a:?} refused: {:?}", g.state().check(a));
        }
        if !actions.contains(&Action::Pass) {
            assert!(g.state().check(&Action::Pass).is_err(), "a pass was accepted");
        }
        let pick = actions[policy.below(last + 1)].clone();
        g.apply(pick).unwrap();
    }
}

#[test]
fn rule_3_0_the_gauls_act_first_and_play_alternates() {
    let mut g = game(1);
    assert_eq!(g.state().pending(), Pending::ChooseCommand { side: Side::Adversary });
    // No seizure before the period's first Activation Phase (5.24).
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::AttemptSeizure(_))));
    g.apply(Action::Activate(Order::Horse)).unwrap();
    assert!(matches!(g.state().pending(), Pending::Activation { side: Side::Adversary, .. }));
    let events = g.apply(Action::EndActivation).unwrap();
    assert!(
        events
            .iter()
            .any(|e| e.what == Happened::Turn(TurnEvent::ActivationEnded { next: Side::Roman })
                && e.rule == "3.0")
    );
    // The chief may try to seize the Roman phase; declined, the Romans act.
    assert!(matches!(g.state().pending(), Pending::Seizure { side: Side::Adversary, .. }));
    g.apply(Action::DeclineSeizure).unwrap();
    assert_eq!(g.state().pending(), Pending::ChooseCommand { side: Side::Roman });
    assert!(g.state().check(&Action::Activate(Order::Horse)).is_err(), "not a Roman command");
    g.apply(Action::Activate(Order::Cohorts)).unwrap();
    assert!(matches!(g.state().pending(), Pending::Activation { side: Side::Roman, .. }));
}

/// `order` activates and does nothing (the opening position has no enemy
/// within reach, so no one must attack).
fn idle(g: &mut Game<Battle<Skirmish>>, order: Order) {
    g.apply(Action::Activate(order)).unwrap();
    g.apply(Action::EndActivation).unwrap();
}

#[test]
fn rule_5_21_the_chief_may_seize_the_turn_once_a_window_and_not_twice_in_a_row() {
    let mut seen = (false, false);
    for seed in 0..40 {
        let mut g = game(seed);
        idle(&mut g, Order::Horse);
        assert_eq!(
            g.state().pending(),
            Pending::Seizure { side: Side::Adversary, leaders: vec![CHIEF] }
        );
        let events = g.apply(Action::AttemptSeizure(CHIEF)).unwrap();
        let Some(Happened::Turn(TurnEvent::Seizure { roll, seized, initiative: 4, .. })) =
            events.first().map(|e| e.what.clone())
        else {
            panic!("no seizure event: {events:?}")
        };
        assert_eq!(events[0].rule, "5.21");
        assert_eq!(events[0].rolls.len(), 1, "the roll is carried");
        assert_eq!(seized, roll <= 4);
        assert_eq!(g.state().state().field.leader(CHIEF).unwrap().seizures_used, 1);
        let chooser = if seized { Side::Adversary } else { Side::Roman };
        assert_eq!(g.state().pending(), Pending::ChooseCommand { side: chooser });
        // One attempt a window.
        assert!(g.state().check(&Action::AttemptSeizure(CHIEF)).is_err());
        if seized {
            // The seized phase is the Gauls'; play then returns to the
            // Romans, and the Gauls, who tried at their last opportunity,
            // may not try again before it.
            idle(&mut g, Order::Chief);
            assert_eq!(g.state().pending(), Pending::ChooseCommand { side: Side::Roman });
            // That opportunity passed, the next one is theirs again.
            idle(&mut g, Order::Cohorts);
            idle(&mut g, Order::Horse);
            assert!(matches!(g.state().pending(), Pending::Seizure { .. }));
            seen.0 = true;
        } else {
            idle(&mut g, Order::Cohorts);
            idle(&mut g, Order::Horse);
            assert_eq!(g.state().pending(), Pending::ChooseCommand { side: Side::Roman });
            // Having let that opportunity pass, they may try again.
            idle(&mut g, Order::Missiles);
            idle(&mut g, Order::Chief);
            assert!(matches!(g.state().pending(), Pending::Seizure { .. }));
            seen.1 = true;
        }
        if seen.0 && seen.1 {
            break;
        }
    }
    assert!(seen.0 && seen.1, "both a success and a failure were seen: {seen:?}");
}
