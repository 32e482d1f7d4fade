//! Policies: bots are functions from a decision point to one of its legal
//! actions (DESIGN.md: "Bots are policies over legal actions").
//!
//! ```
//! # use gboh_core::dice::Dice;
//! # use gboh_core::game::{Event, Game, Rules};
//! # #[derive(Clone, Debug, PartialEq)]
//! # struct Count(u32);
//! # impl Rules for Count {
//! #     type Action = u8; type Pending = bool; type Preview = (); type Event = u8;
//! #     type Error = String;
//! #     fn pending(&self) -> bool { self.0 < 5 }
//! #     fn decider(&self) -> Option<gboh_core::Side> { (self.0 < 5).then_some(gboh_core::Side::Roman) }
//! #     fn legal_actions(&self, out: &mut Vec<u8>) { if self.0 < 5 { out.extend([1, 2]) } }
//! #     fn check(&self, a: &u8) -> Result<(), String> { Ok(()) }
//! #     fn perform(&mut self, a: u8, _: &mut Dice, _: &mut Vec<Event<u8>>) -> Result<(), String> {
//! #         self.0 += u32::from(a); Ok(()) }
//! # }
//! use gboh_core::policy::{play, Limits, UniformRandom};
//! let mut game = Game::new(Count(0), Dice::seeded(1));
//! let mut romans = UniformRandom::seeded(7);
//! let mut others = UniformRandom::seeded(8);
//! let result = play(&mut game, &mut romans, &mut others, Limits::default()).unwrap();
//! assert!(result.finished && game.state().0 >= 5);
//! ```

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg32;

use crate::Side;
use crate::game::{Game, Rules};

/// A bot: picks one of the legal actions at a decision point.
///
/// Listing every legal action can cost far more than a bot needs: a bot that
/// moves the unit nearest its target does not need every other unit's moves
/// searched. Such a bot answers [`Policy::choose_directly`] from the state and
/// the partial queries its rules offer; [`play`] asks that first, and lists
/// the legal actions for [`Policy::choose`] only when it declines.
pub trait Policy<R: Rules> {
    /// The index in `legal` (never empty) of the chosen action.
    fn choose(&mut self, game: &Game<R>, legal: &[R::Action]) -> usize;

    /// The action this policy chooses at `game`'s decision point without
    /// being given the full list, or `None` to be given it ([`Policy::choose`]).
    ///
    /// The contract: when it answers, the answer (and the policy's own state
    /// afterwards) is exactly what `choose` would have given for
    /// `game.legal_actions()`, and `None` when no action is legal; only the
    /// cost differs. The default declines.
    /// `gboh_core::testkit::check_direct_choice` (feature `proptest`) checks
    /// the contract.
    fn choose_directly(&mut self, game: &Game<R>) -> Option<R::Action> {
        let _ = game;
        None
    }
}

/// Chooses uniformly at random among the legal actions, from its own seeded
/// generator (not the game's dice, so the game's rolls do not depend on it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UniformRandom {
    rng: Pcg32,
}

impl UniformRandom {
    /// A random policy seeded with `seed`.
    #[must_use]
    pub fn seeded(seed: u64) -> Self {
        UniformRandom { rng: Pcg32::seed_from_u64(seed) }
    }

    /// A uniform index below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            return 0;
        }
        let n64 = u64::try_from(n).unwrap_or(u64::MAX);
        usize::try_from((u128::from(self.rng.next_u64()) * u128::from(n64)) >> 64).unwrap_or(0)
    }
}

impl<R: Rules> Policy<R> for UniformRandom {
    fn choose(&mut self, _game: &Game<R>, legal: &[R::Action]) -> usize {
        self.below(legal.len())
    }
}

/// When [`play`] stops.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many actions.
    pub max_actions: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { max_actions: 1_000_000 }
    }
}

/// What [`play`] did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayResult {
    /// Actions applied.
    pub actions: usize,
    /// Whether the game reached a point with no legal action (its end).
    pub finished: bool,
}

/// Plays `game` with one policy per side until no action is legal or the
/// limit is reached.
///
/// # Errors
/// An action a policy chose was rejected (a bug in the rules: listed actions
/// must apply), with the action's debug text.
pub fn play<R: Rules>(
    game: &mut Game<R>,
    roman: &mut dyn Policy<R>,
    adversary: &mut dyn Policy<R>,
    limits: Limits,
) -> Result<PlayResult, String> {
    let mut legal = Vec::new();
    let mut events = Vec::new();
    let mut actions = 0;
    while actions < limits.max_actions {
        let policy: &mut dyn Policy<R> = match game.decider() {
            Some(Side::Adversary) => &mut *adversary,
            _ => &mut *roman,
        };
        let Some(action) = choose(game, policy, &mut legal) else {
            return Ok(PlayResult { actions, finished: true });
        };
        events.clear();
        game.apply_into(action.clone(), &mut events)
            .map_err(|e| format!("listed action {action:?} rejected: {e:?}"))?;
        actions += 1;
    }
    Ok(PlayResult { actions, finished: false })
}

/// `policy`'s action at `game`'s decision point: its direct choice
/// ([`Policy::choose_directly`]) or, when it declines, its choice among the
/// legal actions, listed into `legal`. `None` when no action is legal (the
/// game is over).
pub fn choose<R: Rules>(
    game: &Game<R>,
    policy: &mut dyn Policy<R>,
    legal: &mut Vec<R::Action>,
) -> Option<R::Action> {
    if let Some(action) = policy.choose_directly(game) {
        return Some(action);
    }
    legal.clear();
    game.legal_actions_into(legal);
    let last = legal.len().checked_sub(1)?;
    legal.get(policy.choose(game, legal).min(last)).cloned()
}
