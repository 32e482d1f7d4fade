//! A property-testing kit for any game built on [`crate::game::Rules`]
//! (feature `proptest`).
//!
//! States are generated the only way that keeps them reachable: by playing
//! random legal actions from a real starting position. The checks are the
//! protocol's invariants, as public functions an app or a new game crate can
//! call from its own property tests or fuzz targets:
//!
//! | invariant | function |
//! |---|---|
//! | every action `legal_actions` lists passes `check` (and `apply`) | [`check_listed`] |
//! | `check` agrees with `apply`; a rejected action leaves the serialized game byte-identical | [`check_action`] |
//! | serialize, deserialize, continue: the same future | [`check_round_trip`] |
//! | seed plus action log replays to the same state and fingerprint | [`check_replay`] |
//! | exact odds match observed frequencies | [`sample_outcomes`], [`check_frequencies`] |
//!
//! The generators are proptest [`Strategy`](proptest::strategy::Strategy)s:
//! [`reachable`] (a [`Reached`] game: random legal play from a start state,
//! replayable from its seed and log) and [`steps`] (a sequence of [`Step`]s:
//! listed actions, and actions that are not listed now, built by
//! [`unlisted_action`] from earlier actions or by [`perturb`]ing a listed one).
//! [`play_steps`] runs such a sequence through every check above, calling the
//! game's own invariants after every action; [`random_playout`] does the same
//! from a seed, and [`steps_from_bytes`] turns a fuzzer's bytes into steps.
//! Apart from the games, [`undeclared_test_modules`] guards a crate whose
//! integration tests are one binary: no file of `tests/` left undeclared.
//!
//! Case counts: proptest's default is 256 cases; the game crates' tests set a
//! light count and honour `PROPTEST_CASES` for heavy runs, e.g.
//! `PROPTEST_CASES=200 cargo test --release -p gboh-alesia --test integration -- protocol_random_play::`.
//!
//! A complete property test for a toy game (the same shape works for any
//! [`Rules`]; `examples/property_test_kit.rs` runs it on Alesia):
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::{Event, Game, Rules};
//! use gboh_core::testkit::{self, Playout};
//! use proptest::prelude::*;
//!
//! /// A race to 30: each action adds a d10 roll plus 0 or 1.
//! #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
//! struct Race { total: u32 }
//!
//! impl Rules for Race {
//!     type Action = u8; type Pending = bool; type Preview = (); type Event = u8;
//!     type Error = String;
//!     fn pending(&self) -> bool { self.total < 30 }
//!     fn legal_actions(&self, out: &mut Vec<u8>) { if self.total < 30 { out.extend([0, 1]) } }
//!     fn check(&self, a: &u8) -> Result<(), String> {
//!         if self.total < 30 && *a <= 1 { Ok(()) } else { Err("2.3: no such action".into()) }
//!     }
//!     fn perform(&mut self, a: u8, dice: &mut Dice, ev: &mut Vec<Event<u8>>) -> Result<(), String> {
//!         let roll = dice.d10().map_err(|e| e.to_string())?;
//!         self.total += u32::from(roll.face) + u32::from(a);
//!         ev.push(Event::new("2.3", a).with_roll(roll));
//!         Ok(())
//!     }
//! }
//!
//! // The game's own invariant, checked after every action.
//! fn below_the_cap(game: &Game<Race>) -> Result<(), String> {
//!     if game.state().total < 30 + 10 { Ok(()) } else { Err("overshot".into()) }
//! }
//!
//! proptest! {
//!     #![proptest_config(ProptestConfig::with_cases(8))]
//!     // `#[test]` here in a test file; called by hand in this doc example.
//!     fn race_keeps_the_protocol(
//!         reached in testkit::reachable(Race { total: 0 }, 0..5),
//!         steps in testkit::steps(1..20),
//!     ) {
//!         let report = testkit::play_steps(reached.game.clone(), &steps, &Playout::default(), below_the_cap);
//!         prop_assert!(report.is_ok(), "{}", report.err().map(|v| v.to_string()).unwrap_or_default());
//!         prop_assert!(testkit::check_replay(&reached.initial, reached.seed, &reached.game).is_ok());
//!     }
//! }
//! # race_keeps_the_protocol();
//! ```

mod bytes;
mod checks;
mod direct;
mod illegal;
mod modules;
pub mod narration;
mod odds;
mod strategy;

pub use bytes::steps_from_bytes;
pub use checks::{Verdict, check_action, check_listed, check_replay, check_round_trip};
pub use direct::check_direct_choice;
pub use illegal::{perturb, unlisted_action};
pub use modules::undeclared_test_modules;
pub use odds::{check_frequencies, sample_outcomes};
pub use strategy::{Reached, Step, legal_steps, reachable, step, steps};

/// The proptest crate the kit is built on, re-exported so a kit user's
/// `proptest!` tests need no version of their own.
pub use proptest;

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dice::Dice;
use crate::game::{Game, Rules};

/// How a playout is run and checked.
#[derive(Debug, Clone)]
pub struct Playout {
    /// Stop after this many applied actions.
    pub max_actions: usize,
    /// Every `n` actions, check that a serialized copy continues identically
    /// (0: never).
    pub round_trip_every: usize,
    /// For [`random_playout`]: every `n` actions, also try one action that is
    /// not listed now and check it is rejected without change (0: never).
    /// [`play_steps`] follows its steps instead.
    pub illegal_every: usize,
    /// Check every listed action with `check` (not only the one chosen).
    pub check_all_listed: bool,
    /// An action that `legal_actions` does not list must be rejected
    /// (DESIGN.md: the list holds *every* legal action). Turn off for a game
    /// whose list is deliberately partial.
    pub unlisted_must_fail: bool,
}

impl Default for Playout {
    fn default() -> Self {
        Playout {
            max_actions: 200,
            round_trip_every: 25,
            illegal_every: 5,
            check_all_listed: true,
            unlisted_must_fail: true,
        }
    }
}

/// What a playout did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PlayoutReport {
    /// Actions applied.
    pub actions: usize,
    /// Unlisted actions tried and correctly rejected.
    pub rejected: usize,
    /// Round trips checked.
    pub round_trips: usize,
    /// Whether the game reached a point with no legal action (over).
    pub finished: bool,
}

/// A protocol or game invariant that did not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("after {after} actions: {what}")]
pub struct Violation {
    /// Actions applied before the violation.
    pub after: usize,
    /// What failed.
    pub what: String,
}

pub(crate) fn ser<T: Serialize>(value: &T) -> Result<String, String> {
    ron::to_string(value).map_err(|e| format!("serialize: {e}"))
}

/// Runs steps against a game, checking everything after each one.
struct Driver<'o, R: Rules, F> {
    game: Game<R>,
    options: &'o Playout,
    invariants: F,
    legal: Vec<R::Action>,
    /// Recently applied actions (distinct), the source of stale actions.
    pool: Vec<R::Action>,
    report: PlayoutReport,
}

impl<R, F> Driver<'_, R, F>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
    F: FnMut(&Game<R>) -> Result<(), String>,
{
    fn fail(&self, what: impl Into<String>) -> Violation {
        Violation { after: self.report.actions, what: what.into() }
    }

    fn refresh(&mut self) {
        self.legal.clear();
        self.game.legal_actions_into(&mut self.legal);
    }

    /// Runs one step; `Ok(false)` when the game has no legal action left or
    /// the action budget is spent.
    fn step(&mut self, step: Step) -> Result<bool, Violation> {
        if self.report.actions >= self.options.max_actions {
            return Ok(false);
        }
        self.refresh();
        if self.legal.is_empty() {
            self.report.finished = true;
            return Ok(false);
        }
        match step {
            Step::Legal(pick) => self.legal_step(pick),
            Step::Illegal(noise) => self.illegal_step(noise).map(|()| true),
        }
    }

    fn legal_step(&mut self, pick: usize) -> Result<bool, Violation> {
        if self.options.check_all_listed {
            check_listed(&self.game, false).map_err(|w| self.fail(w))?;
        }
        let Some(action) = self.legal.get(pick % self.legal.len().max(1)).cloned() else {
            return Ok(false);
        };
        if self.options.round_trip_every > 0
            && self.report.actions.is_multiple_of(self.options.round_trip_every)
        {
            check_round_trip(&self.game, &action).map_err(|w| self.fail(w))?;
            self.report.round_trips += 1;
        }
        match check_action(&mut self.game, action.clone()).map_err(|w| self.fail(w))? {
            Verdict::Accepted => self.accepted(action)?,
            Verdict::Rejected(e) => {
                return Err(self.fail(format!("listed action {action:?} rejected: {e}")));
            }
        }
        Ok(true)
    }

    fn illegal_step(&mut self, noise: u64) -> Result<(), Violation> {
        let Some(candidate) = unlisted_action(&self.legal, &self.pool, noise) else {
            return Ok(());
        };
        match check_action(&mut self.game, candidate.clone()).map_err(|w| self.fail(w))? {
            Verdict::Rejected(_) => self.report.rejected += 1,
            Verdict::Accepted if self.options.unlisted_must_fail => {
                return Err(self.fail(format!("unlisted action {candidate:?} was accepted")));
            }
            Verdict::Accepted => self.accepted(candidate)?,
        }
        Ok(())
    }

    fn accepted(&mut self, action: R::Action) -> Result<(), Violation> {
        self.report.actions += 1;
        if !self.pool.contains(&action) {
            if self.pool.len() < 64 {
                self.pool.push(action);
            } else if let Some(slot) = self.pool.get_mut(self.report.actions % 64) {
                *slot = action;
            }
        }
        (self.invariants)(&self.game).map_err(|w| self.fail(w))
    }
}

fn driver<R, F>(game: Game<R>, options: &Playout, invariants: F) -> Driver<'_, R, F>
where
    R: Rules,
{
    Driver {
        game,
        options,
        invariants,
        legal: Vec::new(),
        pool: Vec::new(),
        report: PlayoutReport::default(),
    }
}

/// Plays `steps` from `game`, checking the protocol's invariants at every
/// step (see the module docs) and calling `invariants` on the start state and
/// after every applied action. Stops early when the game is over or
/// `options.max_actions` actions were applied.
///
/// # Errors
/// The first [`Violation`] found.
pub fn play_steps<R>(
    game: Game<R>,
    steps: &[Step],
    options: &Playout,
    invariants: impl FnMut(&Game<R>) -> Result<(), String>,
) -> Result<(PlayoutReport, Game<R>), Violation>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let mut d = driver(game, options, invariants);
    (d.invariants)(&d.game).map_err(|w| d.fail(w))?;
    for &s in steps {
        if !d.step(s)? {
            break;
        }
    }
    Ok((d.report, d.game))
}

/// Plays random legal actions from `game` (choices drawn from a generator
/// seeded with `seed`, separate from the game's dice), every
/// `options.illegal_every` actions also trying an unlisted action, with the
/// same checks as [`play_steps`].
///
/// # Errors
/// The first [`Violation`] found.
pub fn random_playout<R>(
    game: Game<R>,
    seed: u64,
    options: &Playout,
    invariants: impl FnMut(&Game<R>) -> Result<(), String>,
) -> Result<PlayoutReport, Violation>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut d = driver(game, options, invariants);
    (d.invariants)(&d.game).map_err(|w| d.fail(w))?;
    loop {
        if options.illegal_every > 0 && d.report.actions.is_multiple_of(options.illegal_every) {
            let noise = rng.next_u64();
            if !d.step(Step::Illegal(noise))? {
                break;
            }
        }
        let pick = usize::try_from(rng.next_u32()).unwrap_or(0);
        if !d.step(Step::Legal(pick))? {
            break;
        }
    }
    Ok(d.report)
}

/// Seeded dice for a playout: a convenience so kit users need no `rand` import.
#[must_use]
pub fn dice(seed: u64) -> Dice {
    Dice::seeded(seed)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    //! The kit catches each kind of broken game it claims to.

    use super::*;
    use crate::game::Event;

    #[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
    enum Flaw {
        None,
        /// Lists action 2, which `check` refuses.
        ListsIllegal,
        /// Accepts action 3 without listing it.
        AcceptsUnlisted,
        /// `perform` ignores the dice, but the replayed game keeps a hidden
        /// counter in a field that does not serialize.
        ForgetsOnLoad,
        /// The state breaks its own invariant after 5 actions.
        Overflows,
        /// Accepts action 5 in `check`, then changes the state and fails.
        HalfApplies,
    }

    #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Toy {
        total: u32,
        flaw: Flaw,
        #[serde(skip)]
        hidden: u32,
    }

    impl Rules for Toy {
        type Action = u8;
        type Pending = ();
        type Preview = ();
        type Event = u8;
        type Error = String;
        fn pending(&self) {}
        fn legal_actions(&self, out: &mut Vec<u8>) {
            if self.total < 1000 {
                out.extend([0, 1]);
                if self.flaw == Flaw::ListsIllegal {
                    out.push(2);
                }
            }
        }
        fn check(&self, a: &u8) -> Result<(), String> {
            let ok = self.total < 1000
                && (*a <= 1
                    || (*a == 3 && self.flaw == Flaw::AcceptsUnlisted)
                    || (*a == 5 && self.flaw == Flaw::HalfApplies));
            if ok { Ok(()) } else { Err(format!("no {a}")) }
        }
        fn perform(
            &mut self,
            a: u8,
            dice: &mut Dice,
            ev: &mut Vec<Event<u8>>,
        ) -> Result<(), String> {
            if a == 5 {
                self.total += 1;
                return Err("half done".into());
            }
            let roll = dice.d10().map_err(|e| e.to_string())?;
            self.hidden += 1;
            let extra = if self.flaw == Flaw::ForgetsOnLoad { self.hidden % 2 } else { 0 };
            self.total += u32::from(roll.face) + u32::from(a) + extra;
            ev.push(Event::new("2.3", a));
            Ok(())
        }
    }

    fn run(flaw: Flaw) -> Result<PlayoutReport, Violation> {
        let game = Game::new(Toy { total: 0, flaw, hidden: 0 }, Dice::seeded(5));
        let options = Playout {
            max_actions: 60,
            round_trip_every: 1,
            illegal_every: 1,
            ..Playout::default()
        };
        random_playout(game, 9, &options, |g| {
            if g.state().flaw == Flaw::Overflows && g.log().len() >= 5 {
                Err("over five".into())
            } else {
                Ok(())
            }
        })
    }

    #[test]
    fn a_sound_game_passes_and_rejects_unlisted_actions() {
        let report = run(Flaw::None).unwrap();
        assert_eq!(report.actions, 60);
        assert!(report.rejected >= 10, "{report:?}");
        assert!(report.round_trips >= 60);
    }

    #[test]
    fn each_flaw_is_caught() {
        let listed = run(Flaw::ListsIllegal).unwrap_err();
        assert!(listed.what.contains("listed action 2"), "{listed}");
        // Some noise turns a listed 0 or 1 into the unlisted 3.
        let noise = (0..4096u64)
            .map(|n| ((n >> 6) << 33) | (n & 63))
            .find(|&n| unlisted_action(&[0u8, 1], &[], n) == Some(3));
        let steps = [Step::Legal(0), Step::Illegal(noise.unwrap())];
        let game =
            Game::new(Toy { total: 0, flaw: Flaw::AcceptsUnlisted, hidden: 0 }, Dice::seeded(5));
        let unlisted = play_steps(game, &steps, &Playout::default(), |_| Ok(())).unwrap_err();
        assert!(unlisted.what.contains("unlisted action 3 was accepted"), "{unlisted}");
        assert_eq!(unlisted.after, 1);
        let load = run(Flaw::ForgetsOnLoad).unwrap_err();
        assert!(load.what.contains("deserialized copy diverged"), "{load}");
        let mut half =
            Game::new(Toy { total: 0, flaw: Flaw::HalfApplies, hidden: 0 }, Dice::seeded(1));
        let err = check_action(&mut half, 5).unwrap_err();
        assert!(err.contains("changed the game"), "{err}");
        let mut sound = Game::new(Toy { total: 0, flaw: Flaw::None, hidden: 0 }, Dice::seeded(1));
        assert_eq!(check_action(&mut sound, 5), Ok(Verdict::Rejected("\"no 5\"".into())));
        let own = run(Flaw::Overflows).unwrap_err();
        assert_eq!((own.after, own.what.as_str()), (5, "over five"));
    }

    #[test]
    fn replay_is_checked_by_fingerprint() {
        let reached =
            Reached::play(Toy { total: 0, flaw: Flaw::None, hidden: 0 }, 3, &[0, 1, 1, 0]);
        assert_eq!(reached.game.log().len(), 4);
        check_replay(&reached.initial, reached.seed, &reached.game).unwrap();
        let err = check_replay(&reached.initial, reached.seed + 1, &reached.game).unwrap_err();
        assert!(err.contains("diverged"), "{err}");
    }

    #[test]
    fn sampled_outcomes_match_a_d10_and_a_wrong_claim_is_caught() {
        let toy = Toy { total: 0, flaw: Flaw::None, hidden: 0 };
        let seen = sample_outcomes(&toy, &0, 2000, 1, |s, _| Some(s.total <= 6)).unwrap();
        let exact = crate::table::Distribution::over_faces(crate::dice::Die::D10, |f| f <= 6);
        check_frequencies(&exact, &seen, 4.0).unwrap();
        let wrong = crate::table::Distribution::over_faces(crate::dice::Die::D10, |f| f <= 5);
        assert!(check_frequencies(&wrong, &seen, 4.0).is_err());
    }

    #[test]
    fn fuzz_bytes_decode_to_steps_and_play() {
        let steps = steps_from_bytes(&[1, 0, 9, 1, 0, 200, 3, 4, 5, 6, 7, 8, 9, 10]);
        assert_eq!(steps.len(), 4);
        let game = Game::new(Toy { total: 0, flaw: Flaw::None, hidden: 0 }, Dice::seeded(5));
        let (report, _) = play_steps(game, &steps, &Playout::default(), |_| Ok(())).unwrap();
        assert_eq!(report.actions, 3);
    }
}
