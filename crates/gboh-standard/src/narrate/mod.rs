//! Narration and pictures: an event as one line citing its rule and dice,
//! and the field as SVG (the core's board picture with every unit on it).
//!
//! One job a file: `words` (counters, leaders, armies, facings and the
//! small phrases the others share), `event` (an event as a sentence),
//! `action` (a player's decision as a sentence), `prompt` (the decision
//! pending), `save` (a battle as a readable save, and back), `picture` (the
//! field as SVG); here, the [`Narrate`] trait and [`line()`].

mod action;
mod event;
mod picture;
mod prompt;
mod save;
mod words;

use gboh_core::game::Event;

use crate::protocol::StandardEvent;
use crate::state::Field;

pub use action::{action, action_in};
pub use event::sentence;
pub use picture::{picture, picture_showing};
pub use prompt::pending;
pub use save::{SAVE_HEADER, read_save, write_save};
pub use words::{clock, side};

/// A game's own events (`StandardGame::Event`) as sentences: each game crate
/// implements it for its event type, so that [`line()`] narrates them like the
/// engine's.
pub trait Narrate {
    /// The event as a sentence, without its rule or dice.
    fn sentence(&self, field: &Field) -> String;
}

/// SPQR has no events of its own.
impl Narrate for () {
    fn sentence(&self, _field: &Field) -> String {
        "nothing the game adds happens".to_owned()
    }
}

/// One line for `event`: `[rule] what happened (dice: 3, 7)`.
///
/// ```
/// use gboh_core::game::Rules;
/// use gboh_standard::{narrate, Action, Battle, Spqr};
/// use gboh_core::dice::Dice;
/// let (mut battle, _) = Battle::new(Spqr, "Skirmish").unwrap();
/// let mut events = Vec::new();
/// battle.check(&Action::Decline).unwrap();
/// battle.perform(Action::Decline, &mut Dice::scripted([]), &mut events).unwrap();
/// assert_eq!(narrate::line(battle.field(), &events[0]), "[SPQR 4.2] Princeps gives his orders");
/// ```
#[must_use]
pub fn line<E: Narrate>(field: &Field, event: &Event<StandardEvent<E>>) -> String {
    let what = sentence(field, &event.what);
    let dice = if event.rolls.is_empty() {
        String::new()
    } else {
        let faces: Vec<String> = event.rolls.iter().map(|r| r.face.to_string()).collect();
        format!(" (dice: {})", faces.join(", "))
    };
    format!("[{}] {what}{dice}", event.rule)
}
