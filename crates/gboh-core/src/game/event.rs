//! Events: what happened, the rule that made it happen, and the dice it rolled.

use crate::dice::Roll;
use serde::Serialize;

/// One thing that happened when an action was applied.
///
/// Every event cites the rule section that caused it (e.g. `"9.25"`) and
/// carries the dice it rolled, in order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Event<E> {
    /// The rule section that caused the event.
    pub rule: &'static str,
    /// The dice rolled for it, in order.
    pub rolls: Vec<Roll>,
    /// What happened.
    pub what: E,
}

impl<E> Event<E> {
    /// An event under `rule`, with no dice.
    pub fn new(rule: &'static str, what: E) -> Self {
        Event { rule, rolls: Vec::new(), what }
    }

    /// Adds a roll to the event.
    #[must_use]
    pub fn with_roll(mut self, roll: Roll) -> Self {
        self.rolls.push(roll);
        self
    }
}
