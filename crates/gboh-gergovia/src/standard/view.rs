//! Gallic Starting Deployment \[b\] as an option of the battle: which
//! Gallic units are hidden, what each side is shown, and the reveals
//! ([`crate::hidden`]).

use gboh_core::Side;
use gboh_core::data::DataError;
use gboh_standard::GameEvent;
use gboh_standard::state::{Field, UnitStatus};

use super::Gergovia;
use super::event::{GergoviaEvent, event_at, unit_id};
use crate::battle::BattleId;
use crate::hidden::{self, Hidden, Reveal};

impl Gergovia {
    /// This game with Gallic Starting Deployment \[b\]'s hidden placement:
    /// the units battle `id` lets the Gallic player hide
    /// ([`hidden::hideable`]) start hidden from the Roman player. Off by
    /// default (solitaire play, the golden game).
    ///
    /// ```
    /// use gboh_core::Side;
    /// use gboh_gergovia::battle::BattleId;
    /// use gboh_gergovia::standard::Gergovia;
    /// use gboh_standard::Battle;
    /// let game = Gergovia::default().with_hidden_placement(BattleId::Standard).unwrap();
    /// let (b, _) = Battle::new(game, BattleId::Standard.name()).unwrap();
    /// assert!(!b.game().hidden_from(Side::Roman).is_empty());
    /// assert!(b.game().hidden_from(Side::Adversary).is_empty());
    /// assert!(Gergovia::default().hidden_from(Side::Roman).is_empty());
    /// ```
    ///
    /// # Errors
    /// The embedded data's problems.
    pub fn with_hidden_placement(self, id: BattleId) -> Result<Gergovia, DataError> {
        Ok(Gergovia { hidden: Hidden::new(hidden::hideable(id)?), ..self })
    }

    /// Gallic Starting Deployment \[b\]: the Gallic units still hidden.
    #[must_use]
    pub fn hidden(&self) -> &Hidden {
        &self.hidden
    }

    /// The units `side` is not shown, in index order: for the Roman player
    /// the Gallic units still hidden; none for the Gallic player, who wrote
    /// their positions down.
    #[must_use]
    pub fn hidden_from(&self, side: Side) -> Vec<usize> {
        match side {
            Side::Roman => self.hidden.units(),
            Side::Adversary => Vec::new(),
        }
    }

    /// The units on the map `side` is shown (in good order or routed), in
    /// index order.
    #[must_use]
    pub fn visible_units(&self, field: &Field, side: Side) -> Vec<usize> {
        let hidden = self.hidden_from(side);
        (0..field.units.len())
            .filter(|u| {
                field.units.get(*u).is_some_and(|s| s.status != UnitStatus::Eliminated)
                    && !hidden.contains(u)
            })
            .collect()
    }

    /// Reveals `unit` if it is hidden, and reports it.
    pub(super) fn reveal(
        &mut self,
        field: &Field,
        unit: usize,
        why: Reveal,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        if self.hidden.reveal(unit) {
            events.push(event_at(hidden::RULE, revealed(field, unit, why)));
        }
    }

    /// Reveals the hidden units a Roman unit stands next to, and reports
    /// them.
    pub(super) fn reveal_adjacent(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        for u in self.hidden.reveal_adjacent(field) {
            events.push(event_at(hidden::RULE, revealed(field, u, Reveal::RomanAdjacent)));
        }
    }
}

/// The report of `unit`'s reveal.
pub(super) fn revealed(field: &Field, unit: usize, why: Reveal) -> GergoviaEvent {
    GergoviaEvent::Revealed {
        unit: unit_id(field, unit).map_or_else(String::new, ToString::to_string),
        hex: field.units.get(unit).map_or_else(String::new, |s| field.label(s.hex)),
        why,
    }
}
