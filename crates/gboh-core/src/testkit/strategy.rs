//! proptest strategies: reachable games and action sequences.

use core::fmt;

use proptest::collection::{SizeRange, vec};
use proptest::prelude::*;

use crate::dice::Dice;
use crate::game::{Game, Rules};

/// One step of a generated action sequence, resolved against the game when it
/// is played (so the same steps fit any state).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Apply the listed action at this index (modulo how many are listed).
    Legal(usize),
    /// Try an action that is not listed now ([`super::unlisted_action`] with
    /// this noise): it must be rejected and change nothing.
    Illegal(u64),
}

/// One [`Step`]: a listed action eight times in nine, an unlisted one otherwise.
pub fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        8 => any::<usize>().prop_map(Step::Legal),
        1 => any::<u64>().prop_map(Step::Illegal),
    ]
}

/// A sequence of [`step`]s, legal and illegal, of a length in `len`.
pub fn steps(len: impl Into<SizeRange>) -> impl Strategy<Value = Vec<Step>> {
    vec(step(), len)
}

/// A sequence of listed actions only, of a length in `len`.
pub fn legal_steps(len: impl Into<SizeRange>) -> impl Strategy<Value = Vec<Step>> {
    vec(any::<usize>().prop_map(Step::Legal), len)
}

/// A game reached by random legal play: where it started, its dice seed, and
/// the game (whose log holds the actions). `Game::replay(initial, seed, log)`
/// gives it back.
#[derive(Clone)]
pub struct Reached<R: Rules> {
    /// The start state.
    pub initial: R,
    /// The seed of the game's dice.
    pub seed: u64,
    /// The game after the actions.
    pub game: Game<R>,
    /// A listed action the rules refused while this state was generated (the
    /// generation stopped there): a protocol violation to report.
    pub refused: Option<String>,
}

impl<R: Rules> Reached<R> {
    /// Plays from `initial` with dice seeded `seed`, picking at each point the
    /// listed action at `pick` (modulo how many are listed), until the picks
    /// run out or nothing is listed.
    pub fn play(initial: R, seed: u64, picks: &[usize]) -> Reached<R> {
        let mut game = Game::new(initial.clone(), Dice::seeded(seed));
        let mut legal = Vec::new();
        let mut refused = None;
        for &pick in picks {
            legal.clear();
            game.legal_actions_into(&mut legal);
            let Some(action) = legal.get(pick % legal.len().max(1)).cloned() else { break };
            if let Err(e) = game.apply(action.clone()) {
                refused = Some(format!("listed action {action:?} rejected: {e:?}"));
                break;
            }
        }
        Reached { initial, seed, game, refused }
    }
}

impl<R: Rules> fmt::Debug for Reached<R> {
    /// The seed and the log (not the state, which can be large): enough to
    /// rebuild the game with `Game::replay`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Reached")
            .field("seed", &self.seed)
            .field("log", &self.game.log())
            .field("refused", &self.refused)
            .finish_non_exhaustive()
    }
}

/// Games reachable from `initial`: a random dice seed and a number of random
/// legal actions in `depth`. Shrinking shortens the play and lowers the
/// choices, so a failure shrinks toward the start state.
pub fn reachable<R>(initial: R, depth: impl Into<SizeRange>) -> impl Strategy<Value = Reached<R>>
where
    R: Rules + 'static,
{
    (any::<u64>(), vec(any::<usize>(), depth))
        .prop_map(move |(seed, picks)| Reached::play(initial.clone(), seed, &picks))
}
