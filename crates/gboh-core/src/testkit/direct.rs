//! The contract of [`Policy::choose_directly`] as a check.

use crate::game::{Game, Rules};
use crate::policy::Policy;

/// Lets `policy` choose directly at `game`'s decision point and checks the
/// answer against [`Policy::choose`] over the full list, asked of a clone of
/// `policy` as it was: the same action, and the same policy state afterwards.
/// Returns the direct choice (`None`: it declined, and `policy` is as it
/// was).
///
/// ```
/// # use gboh_core::dice::Dice;
/// # use gboh_core::game::{Event, Game, Rules};
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct Count(u32);
/// # impl Rules for Count {
/// #     type Action = u8; type Pending = bool; type Preview = (); type Event = u8;
/// #     type Error = String;
/// #     fn pending(&self) -> bool { self.0 < 5 }
/// #     fn legal_actions(&self, out: &mut Vec<u8>) { if self.0 < 5 { out.extend([1, 2]) } }
/// #     fn check(&self, a: &u8) -> Result<(), String> { Ok(()) }
/// #     fn perform(&mut self, a: u8, _: &mut Dice, _: &mut Vec<Event<u8>>) -> Result<(), String> {
/// #         self.0 += u32::from(a); Ok(()) }
/// # }
/// use gboh_core::policy::Policy;
/// use gboh_core::testkit::check_direct_choice;
///
/// /// Always the largest step, known without a list.
/// #[derive(Clone, PartialEq)]
/// struct Greedy;
/// impl Policy<Count> for Greedy {
///     fn choose(&mut self, _: &Game<Count>, legal: &[u8]) -> usize { legal.len() - 1 }
///     fn choose_directly(&mut self, game: &Game<Count>) -> Option<u8> {
///         (game.state().0 < 5).then_some(2)
///     }
/// }
/// let game = Game::new(Count(0), Dice::seeded(1));
/// assert_eq!(check_direct_choice(&game, &mut Greedy), Ok(Some(2)));
/// ```
///
/// # Errors
/// How the direct choice broke the contract: another action than the list's,
/// an action while none is legal, or a different policy state.
pub fn check_direct_choice<R, P>(
    game: &Game<R>,
    policy: &mut P,
) -> Result<Option<R::Action>, String>
where
    R: Rules,
    P: Policy<R> + Clone + PartialEq,
{
    let mut listed = policy.clone();
    let Some(direct) = policy.choose_directly(game) else {
        return Ok(None);
    };
    let legal = game.legal_actions();
    if legal.is_empty() {
        return Err(format!("chose {direct:?} directly, but no action is legal"));
    }
    let pick = listed.choose(game, &legal).min(legal.len() - 1);
    let Some(expected) = legal.get(pick) else {
        return Err(format!("chose {direct:?} directly; the list's choice is out of range"));
    };
    if *expected != direct {
        return Err(format!(
            "chose {direct:?} directly, but {expected:?} (index {pick}) from the full list"
        ));
    }
    if listed != *policy {
        return Err(format!(
            "chose {direct:?} both ways, but the policy's state differs afterwards"
        ));
    }
    Ok(Some(direct))
}
