//! The protocol's invariants as check functions.

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::ser;
use crate::game::{Game, Rules, fingerprint};

/// What [`check_action`] saw `apply` do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The action was performed.
    Accepted,
    /// The action was rejected (formatted error); the game is unchanged.
    Rejected(String),
}

/// Applies `action` to `game` and checks the protocol around it:
/// `check` agrees with `apply` (both accept, or both reject with the same
/// error), and a rejected action leaves the serialized game (state, dice and
/// log) byte-identical.
///
/// ```
/// # use gboh_core::dice::Dice;
/// # use gboh_core::game::{Event, Game, Rules};
/// # #[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
/// # struct Coin { heads: u32 }
/// # impl Rules for Coin {
/// #     type Action = u8; type Pending = (); type Preview = (); type Event = (); type Error = String;
/// #     fn pending(&self) {}
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { out.push(0) }
/// #     fn check(&self, a: &u8) -> Result<(), String> { if *a == 0 { Ok(()) } else { Err("no".into()) } }
/// #     fn perform(&mut self, _: u8, d: &mut Dice, _: &mut Vec<Event<()>>) -> Result<(), String> {
/// #         self.heads += u32::from(d.d10().map_err(|e| e.to_string())?.face % 2); Ok(()) }
/// # }
/// use gboh_core::testkit::{check_action, Verdict};
/// let mut game = Game::new(Coin { heads: 0 }, Dice::seeded(1));
/// assert_eq!(check_action(&mut game, 0), Ok(Verdict::Accepted));
/// assert_eq!(check_action(&mut game, 7), Ok(Verdict::Rejected("\"no\"".into())));
/// ```
///
/// # Errors
/// What broke the protocol.
pub fn check_action<R>(game: &mut Game<R>, action: R::Action) -> Result<Verdict, String>
where
    R: Rules + Serialize,
    R::Action: Serialize,
{
    // `check` takes `&self`, so it cannot change the game; the copy is
    // serialized only when `apply` refuses, to compare byte for byte.
    let before = game.clone();
    let checked = game.check(&action).map_err(|e| format!("{e:?}"));
    let described = format!("{action:?}");
    match (checked, game.apply(action)) {
        (Ok(_), Ok(_)) => Ok(Verdict::Accepted),
        (Err(c), Err(a)) => {
            let a = format!("{a:?}");
            if ser(game)? != ser(&before)? {
                return Err(format!("rejected {described} ({a}) changed the game"));
            }
            if a != c {
                return Err(format!("{described}: check says {c}, apply says {a}"));
            }
            Ok(Verdict::Rejected(a))
        }
        (Ok(_), Err(a)) => {
            // Only scripted dice may make an accepted action fail in perform;
            // the game must still be as it was.
            if ser(game)? != ser(&before)? {
                return Err(format!("failed {described} ({a:?}) changed the game"));
            }
            if game.dice().is_scripted() {
                Ok(Verdict::Rejected(format!("{a:?}")))
            } else {
                Err(format!("{described}: check accepts it, apply rejects it: {a:?}"))
            }
        }
        (Err(c), Ok(_)) => Err(format!("{described}: check rejects it ({c}), apply accepts it")),
    }
}

/// Checks that every action `legal_actions` lists passes `check`; with
/// `apply_each`, also that `apply` accepts each one (on a copy of the game).
///
/// # Errors
/// The first listed action refused.
pub fn check_listed<R: Rules>(game: &Game<R>, apply_each: bool) -> Result<(), String> {
    let legal = game.legal_actions();
    for a in &legal {
        game.check(a).map_err(|e| format!("listed action {a:?} fails check: {e:?}"))?;
        if apply_each {
            game.clone()
                .apply(a.clone())
                .map_err(|e| format!("listed action {a:?} rejected by apply: {e:?}"))?;
        }
    }
    let mut again = Vec::new();
    game.legal_actions_into(&mut again);
    if again != legal {
        return Err("legal_actions is not deterministic".into());
    }
    Ok(())
}

/// Serializes `game`, deserializes it, applies `next` to both, and checks
/// they agree: a loaded game has the same future as the original.
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
    if copy.legal_actions() != game.legal_actions() {
        return Err("a deserialized game lists different legal actions".into());
    }
    let mut original = game.clone();
    let a = original.apply(next.clone()).map_err(|e| format!("{e:?}"));
    let b = copy.apply(next.clone()).map_err(|e| format!("{e:?}"));
    if format!("{a:?}") != format!("{b:?}") || ser(&original)? != ser(&copy)? {
        return Err(format!("a deserialized copy diverged on {next:?}"));
    }
    Ok(())
}

/// Replays `game`'s log from `initial` with seeded dice `seed` and checks the
/// result is the same game: same serialization and same
/// [`fingerprint`](crate::game::fingerprint).
///
/// # Errors
/// What differed.
pub fn check_replay<R>(initial: &R, seed: u64, game: &Game<R>) -> Result<(), String>
where
    R: Rules + Serialize + DeserializeOwned,
    R::Action: Serialize + DeserializeOwned,
{
    let replayed = Game::replay(initial.clone(), seed, game.log().iter().cloned())
        .map_err(|e| e.to_string())?;
    let (a, b) = (fingerprint(&replayed)?, fingerprint(game)?);
    if a != b || ser(&replayed)? != ser(game)? {
        return Err(format!(
            "replay from seed {seed} and {} actions diverged: fingerprint {a:016x}, original {b:016x}",
            game.log().len()
        ));
    }
    Ok(())
}
