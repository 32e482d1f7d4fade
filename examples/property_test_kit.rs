//! The property-testing kit (`gboh_core::testkit`, feature `proptest`) on
//! Alesia, outside a test harness: what an app or a new rules module does to
//! property-test its own rules.
//!
//! ```sh
//! cargo run --release --example property_test_kit              # 8 cases
//! cargo run --release --example property_test_kit -- --cases 64
//! ```
//!
//! 1. Generates reachable games (random legal play from 12.1's deployment)
//!    and random step sequences (listed and unlisted actions), and plays each
//!    with every protocol check plus an invariant of our own.
//! 2. Shows that a false invariant is caught and shrunk: "no Tribal Counter is
//!    ever placed" fails, and proptest reduces the game to the shortest one
//!    that breaks it.
//! 3. Compares the exact odds `check` gives for a missile shot (8.16) with
//!    the frequencies observed over 2000 rolls.
//!
//! In a test file the same strategies go in a `proptest!` block (see the
//! `gboh_core::testkit` docs and `crates/gboh-alesia/tests/protocol_random_play.rs`).

use gboh::core::program as out;

use std::io::Write;
use std::process::ExitCode;

use gboh::alesia::combat::SimpleEvent;
use gboh::alesia::combat::{CombatAction, CombatEvent, CombatPreview};
use gboh::alesia::game::Setup;
use gboh::alesia::protocol::{Action, Alesia, AlesiaEvent, Preview};
use gboh::alesia::scenario::Scenario;
use gboh::core::game::Game;
use gboh::core::policy::UniformRandom;
use gboh::core::testkit::proptest::test_runner::{Config, TestCaseError, TestError, TestRunner};
use gboh::core::testkit::{self, Playout};
use gboh::core::unit::Status;
use gboh_alesia::game::AlesiaField;

/// Our own invariant: a unit on the map is never eliminated (10.14).
fn no_eliminated_unit_on_the_map(game: &Game<Alesia>) -> Result<(), String> {
    let units = game.state().field.units();
    match units.iter().position(|u| u.at.is_some() && u.cohesion.status == Status::Eliminated) {
        Some(i) => Err(format!("unit #{i} is eliminated but on the map")),
        None => Ok(()),
    }
}

fn start() -> Result<Alesia, String> {
    let setup = Setup::shared().map_err(|e| e.to_string())?;
    Scenario::final_assault()
        .map_err(|e| e.to_string())?
        .initial_game(setup)
        .map_err(|e| e.to_string())
}

fn cases() -> Result<u32, String> {
    let mut args = std::env::args().skip(1);
    match (args.next().as_deref(), args.next()) {
        (None, _) => Ok(8),
        (Some("--cases"), Some(n)) => n.parse().map_err(|e| format!("--cases {n}: {e}")),
        _ => Err("usage: property_test_kit [--cases N]".into()),
    }
}

fn main() -> ExitCode {
    out::run(play)
}

/// The example's body: its output goes to `stdout`.
fn play(stdout: &mut dyn Write) -> out::Outcome {
    let cases = cases()?;
    let start = start()?;
    let options = Playout {
        max_actions: 60,
        round_trip_every: 20,
        check_all_listed: false,
        ..Playout::default()
    };

    // 1. The protocol and our invariant over random reachable games.
    let mut runner =
        TestRunner::new(Config { cases, failure_persistence: None, ..Config::default() });
    let totals = std::cell::Cell::new((0, 0, 0));
    let strategy = (testkit::reachable(start.clone(), 0..30), testkit::steps(20..60));
    runner
        .run(&strategy, |(reached, steps)| {
            let seed = reached.seed;
            let (report, end) =
                testkit::play_steps(reached.game, &steps, &options, no_eliminated_unit_on_the_map)
                    .map_err(|v| TestCaseError::fail(v.to_string()))?;
            testkit::check_replay(&reached.initial, seed, &end).map_err(TestCaseError::fail)?;
            let (games, actions, rejected) = totals.get();
            totals.set((games + 1, actions + end.log().len(), rejected + report.rejected));
            Ok(())
        })
        .map_err(|e| e.to_string())?;
    let totals = totals.get();
    writeln!(
        stdout,
        "1. {} reachable games, {} actions in all, {} unlisted actions rejected without change: \
         the protocol and the invariant held",
        totals.0, totals.1, totals.2
    )?;

    // 2. A false invariant is caught and shrunk.
    let mut runner =
        TestRunner::new(Config { cases: 64, failure_persistence: None, ..Config::default() });
    let result = runner.run(&testkit::reachable(start.clone(), 0..40), |reached| {
        if reached.game.state().field.counters().iter().any(|c| c.at.is_some()) {
            return Err(TestCaseError::fail("a Tribal Counter was placed"));
        }
        Ok(())
    });
    match result {
        Err(TestError::Fail(why, minimal)) => writeln!(
            stdout,
            "2. the false invariant \"no Tribal Counter is ever placed\" failed ({why}); \
             shrunk to {} action(s): {:?}",
            minimal.game.log().len(),
            minimal.game.log()
        )?,
        other => return Err(format!("the false invariant was not caught: {other:?}").into()),
    }

    // 3. Exact odds against observed frequencies: play at random until an
    //    active unit may fire with an uncertain result (8.16), then sample
    //    the shot and compare with the odds `check` previews.
    let mut game = Game::new(start, testkit::dice(7));
    let mut pick = UniformRandom::seeded(7);
    for _ in 0..3000 {
        let legal = game.legal_actions();
        let fires = legal.iter().filter(|a| matches!(a, Action::Combat(CombatAction::Fire { .. })));
        let shot = fires.into_iter().find_map(|a| match game.check(a) {
            Ok(Preview::Combat(CombatPreview::Shot { odds, .. })) if odds.outcomes().len() > 1 => {
                Some((a.clone(), odds.map(|o| o.hit)))
            }
            _ => None,
        });
        if let Some((fire, exact)) = shot {
            let seen = testkit::sample_outcomes(game.state(), &fire, 2000, 1, |_, events| {
                events.iter().find_map(|e| match e.what {
                    AlesiaEvent::Combat(CombatEvent::Family(SimpleEvent::Fired {
                        hit, ..
                    })) => Some(hit),
                    _ => None,
                })
            })?;
            testkit::check_frequencies(&exact, &seen, 4.0)?;
            writeln!(
                stdout,
                "3. after {} actions, {fire:?}: exact {} to hit; observed {seen:?} in 2000 shots",
                game.log().len(),
                exact.chance(&true)
            )?;
            return Ok(());
        }
        if legal.is_empty() {
            break;
        }
        game.apply(legal[pick.below(legal.len())].clone()).map_err(|e| format!("{e:?}"))?;
    }
    Err("random play met no shot with an uncertain result".into())
}
