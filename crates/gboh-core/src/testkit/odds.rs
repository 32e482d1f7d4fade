//! Exact odds against observed frequencies.

use core::fmt::Debug;

use crate::dice::Dice;
use crate::game::{Event, Game, Rules};
use crate::table::Distribution;

/// Applies `action` to `samples` copies of `state`, each with its own seeded
/// dice (derived from `seed`), and tallies the outcome `classify` reads from
/// each result. Compare the tally with a preview's exact odds using
/// [`check_frequencies`].
///
/// # Errors
/// When `apply` rejects the action or `classify` cannot name an outcome.
pub fn sample_outcomes<R, K>(
    state: &R,
    action: &R::Action,
    samples: u32,
    seed: u64,
    mut classify: impl FnMut(&R, &[Event<R::Event>]) -> Option<K>,
) -> Result<Vec<(K, u64)>, String>
where
    R: Rules,
    K: PartialEq + Debug,
{
    let mut tally: Vec<(K, u64)> = Vec::new();
    for i in 0..samples {
        let dice = Dice::seeded(seed ^ u64::from(i).wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let mut game = Game::new(state.clone(), dice);
        let events = game.apply(action.clone()).map_err(|e| format!("{action:?}: {e:?}"))?;
        let outcome = classify(game.state(), &events)
            .ok_or_else(|| format!("{action:?}: no outcome in {events:?}"))?;
        match tally.iter_mut().find(|(k, _)| *k == outcome) {
            Some((_, n)) => *n = n.saturating_add(1),
            None => tally.push((outcome, 1)),
        }
    }
    Ok(tally)
}

/// Checks observed counts against an exact distribution: every observed
/// outcome must be possible, and each outcome's count must lie within
/// `sigmas` standard deviations (binomial) of its expectation, plus one.
/// With 4 sigmas a correct game fails about once in 15 000 outcomes checked;
/// the tests use fixed seeds, so a pass or a failure is reproducible.
///
/// ```
/// use gboh_core::dice::Die;
/// use gboh_core::table::Distribution;
/// use gboh_core::testkit::check_frequencies;
/// let enters = Distribution::over_faces(Die::D10, |face| face <= 6); // Alesia 5.63: 7/10
/// assert!(check_frequencies(&enters, &[(true, 705), (false, 295)], 4.0).is_ok());
/// assert!(check_frequencies(&enters, &[(true, 500), (false, 500)], 4.0).is_err());
/// ```
///
/// # Errors
/// Every outcome that is out of tolerance, in one message.
#[allow(clippy::cast_precision_loss)]
pub fn check_frequencies<K: PartialEq + Debug>(
    expected: &Distribution<K>,
    observed: &[(K, u64)],
    sigmas: f64,
) -> Result<(), String> {
    let n: u64 = observed.iter().map(|(_, c)| *c).sum();
    let total = expected.total();
    let mut wrong = Vec::new();
    for (k, c) in observed {
        if expected.count(k) == 0 {
            wrong.push(format!("{k:?} seen {c} times but has no chance"));
        }
    }
    if total > 0 && n > 0 {
        for (k, count) in expected.outcomes() {
            let p = *count as f64 / total as f64;
            let mean = n as f64 * p;
            let sd = (n as f64 * p * (1.0 - p)).sqrt();
            let seen = observed.iter().find(|(o, _)| o == k).map_or(0, |(_, c)| *c);
            if (seen as f64 - mean).abs() > sigmas * sd + 1.0 {
                wrong.push(format!(
                    "{k:?}: seen {seen}/{n}, expected {count}/{total} ({mean:.1} +- {:.1})",
                    sigmas * sd
                ));
            }
        }
    }
    if wrong.is_empty() { Ok(()) } else { Err(wrong.join("; ")) }
}
