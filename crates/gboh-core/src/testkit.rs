//! A property-testing kit for any game built on [`crate::game::Rules`]
//! (feature `proptest`).
//!
//! States are generated the only way that keeps them reachable: by playing
//! random legal actions from a real starting position. The checks are the
//! protocol's invariants, as public functions an app or a new game crate can
//! call from its own property tests:
//!
//! - every action `legal_actions` lists is accepted by `check` and `apply`;
//! - an action `apply` rejects leaves the serialized game byte-identical;
//! - serialize, deserialize, continue: the same future as the original;
//! - seed plus action log replays to the same serialized game.
//!
//! ```
//! # use gboh_core::dice::Dice;
//! # use gboh_core::game::{Event, Game, Rules};
//! # #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
//! # struct Race { total: u32 }
//! # impl Rules for Race {
//! #     type Action = u8; type Pending = bool; type Preview = (); type Event = u8;
//! #     type Error = String;
//! #     fn pending(&self) -> bool { self.total < 30 }
//! #     fn legal_actions(&self, out: &mut Vec<u8>) { if self.total < 30 { out.extend([0, 1]) } }
//! #     fn check(&self, a: &u8) -> Result<(), String> {
//! #         if self.total < 30 && *a <= 1 { Ok(()) } else { Err("no".into()) } }
//! #     fn perform(&mut self, a: u8, dice: &mut Dice, ev: &mut Vec<Event<u8>>) -> Result<(), String> {
//! #         let r = dice.d10().map_err(|e| e.to_string())?;
//! #         self.total += u32::from(r.face) + u32::from(a); ev.push(Event::new("2.3", a)); Ok(()) }
//! # }
//! use gboh_core::testkit::{self, Playout};
//! let game = Game::new(Race { total: 0 }, Dice::seeded(3));
//! let report = testkit::random_playout(game, 11, &Playout { max_actions: 100, ..Playout::default() },
//!     |_| Ok(())).unwrap();
//! assert!(report.actions > 0);
//! ```

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::dice::Dice;
use crate::game::{Game, Rules};

/// How a random playout is run and checked.
#[derive(Debug, Clone)]
pub struct Playout {
    /// Stop after this many applied actions.
    pub max_actions: usize,
    /// Every `n` actions, check that a serialized copy continues identically.
    pub round_trip_every: usize,
    /// Every `n` actions, also apply one action that is not legal now (taken
    /// from earlier positions) and check it is rejected without change.
    pub illegal_every: usize,
    /// Check every listed action with `check` (not only the one chosen).
    pub check_all_listed: bool,
}

impl Default for Playout {
    fn default() -> Self {
        Playout { max_actions: 200, round_trip_every: 25, illegal_every: 5, check_all_listed: true }
    }
}

/// What a playout did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayoutReport {
    /// Actions applied.
    pub actions: usize,
    /// Illegal actions tried and correctly rejected.
    pub rejected: usize,
}

/// A protocol invariant that did not hold.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("after {after} actions: {what}")]
pub struct Violation {
    /// Actions applied before the violation.
    pub after: usize,
    /// What failed.
    pub what: String,
}

fn ser<T: Serialize>(value: &T) -> Result<String, String> {
    ron::to_string(value).map_err(|e| e.to_string())
}

/// Plays random legal actions from `game` (choices drawn from a generator
/// seeded with `seed`, separate from the game's dice), checking the protocol's
/// invariants at every step, and calling `invariants` on every state reached.
///
/// # Errors
/// The first [`Violation`] found.
pub fn random_playout<R>(
    mut game: Game<R>,
    seed: u64,
    options: &Playout,
    mut invariants: impl FnMut(&Game<R>) -> Result<(), String>,
) -> Result<PlayoutReport, Violation>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut legal = Vec::new();
    let mut seen_actions: Vec<R::Action> = Vec::new();
    let mut report = PlayoutReport { actions: 0, rejected: 0 };
    let fail = |after, what: String| Violation { after, what };
    while report.actions < options.max_actions {
        invariants(&game).map_err(|w| fail(report.actions, w))?;
        legal.clear();
        game.legal_actions_into(&mut legal);
        if legal.is_empty() {
            break;
        }
        if options.check_all_listed {
            for a in &legal {
                game.check(a).map_err(|e| {
                    fail(report.actions, format!("listed action {a:?} fails check: {e:?}"))
                })?;
            }
        }
        if options.illegal_every > 0
            && report.actions.is_multiple_of(options.illegal_every)
            && let Some(candidate) = seen_actions.iter().rev().find(|a| !legal.contains(a))
        {
            let before = ser(&game).map_err(|e| fail(report.actions, e))?;
            if game.apply(candidate.clone()).is_ok() {
                return Err(fail(
                    report.actions,
                    format!("unlisted action {candidate:?} was accepted"),
                ));
            }
            let after = ser(&game).map_err(|e| fail(report.actions, e))?;
            if before != after {
                return Err(fail(
                    report.actions,
                    format!("rejected {candidate:?} changed the game"),
                ));
            }
            report.rejected += 1;
        }
        let pick = usize::try_from(rng.next_u32()).unwrap_or(0) % legal.len();
        let Some(action) = legal.get(pick).cloned() else {
            break;
        };
        if options.round_trip_every > 0 && report.actions.is_multiple_of(options.round_trip_every) {
            check_round_trip(&game, &action).map_err(|w| fail(report.actions, w))?;
        }
        game.apply(action.clone()).map_err(|e| {
            fail(report.actions, format!("listed action {action:?} rejected: {e:?}"))
        })?;
        if seen_actions.len() < 64 {
            seen_actions.push(action);
        } else if let Some(slot) = seen_actions.get_mut(report.actions % 64) {
            *slot = action;
        }
        report.actions += 1;
    }
    Ok(report)
}

/// Serializes `game`, deserializes it, applies `next` to both, and checks they
/// agree.
///
/// # Errors
/// What differed.
pub fn check_round_trip<R>(game: &Game<R>, next: &R::Action) -> Result<(), String>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let text = ser(game)?;
    let mut copy: Game<R> = ron::from_str(&text).map_err(|e| format!("deserialize: {e}"))?;
    if ser(&copy)? != text {
        return Err("a deserialized game serializes differently".into());
    }
    let mut original = game.clone();
    let a = original.apply(next.clone()).map_err(|e| format!("{e:?}"))?;
    let b = copy.apply(next.clone()).map_err(|e| format!("{e:?}"))?;
    if format!("{a:?}") != format!("{b:?}") || ser(&original)? != ser(&copy)? {
        return Err(format!("a deserialized copy diverged on {next:?}"));
    }
    Ok(())
}

/// Replays `game`'s log from `initial` with `seed` and checks the result
/// serializes identically.
///
/// # Errors
/// What differed.
pub fn check_replay<R>(initial: R, seed: u64, game: &Game<R>) -> Result<(), String>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let replayed =
        Game::replay(initial, seed, game.log().iter().cloned()).map_err(|e| e.to_string())?;
    if ser(&replayed)? != ser(game)? {
        return Err("replay from seed and log diverged".into());
    }
    Ok(())
}

/// Seeded dice for a playout: a convenience so kit users need no `rand` import.
#[must_use]
pub fn dice(seed: u64) -> Dice {
    Dice::seeded(seed)
}
