//! The simplified game as a save ([`SimplifiedSave`]): what changes in
//! play, not the fixed setup (the map, the counter mix and the tables are
//! the embedded data, shared behind an `Arc`). It makes
//! `gboh_simple::Battle<GergoviaSimplified>` serializable, so a game can be
//! written out and fingerprinted; reading one back is not offered yet.

use gboh_simple::{FieldSave, Turn, Uid};
use serde::Serialize;

use super::Simplified;
use super::formations::Formation;
use super::state::GergoviaSimplified;

/// The serialized form of a [`GergoviaSimplified`] game: its fields as they
/// stand, the pieces through [`gboh_simple::Field::save`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SimplifiedSave<'a> {
    /// The pieces, their markers and stack order.
    pub field: FieldSave<Simplified>,
    /// The Sequence of Play.
    pub turn: &'a Turn<Formation>,
    /// The Arverni BI off the map at the start.
    pub arverni_off: &'a [Uid],
    /// The formations activated this turn, by key.
    pub done: &'a [String],
    /// Seizure attempts each leader made in earlier turns.
    pub seizures_spent: &'a [u8],
    /// The first turn Vercingetorix may enter.
    pub entry_turn: u16,
}

impl GergoviaSimplified {
    /// The game as a save (the setup left out).
    #[must_use]
    pub fn save(&self) -> SimplifiedSave<'_> {
        SimplifiedSave {
            field: self.field.save(),
            turn: &self.turn,
            arverni_off: &self.arverni_off,
            done: &self.done,
            seizures_spent: &self.seizures_spent,
            entry_turn: self.entry_turn,
        }
    }
}

impl Serialize for GergoviaSimplified {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.save().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_game_saves_its_changing_state_only() {
        let g = GergoviaSimplified::standard().unwrap();
        let text = ron::to_string(&g).unwrap();
        assert!(text.contains("entry_turn:1"), "{text}");
        assert!(text.contains("turn:(period:1"), "{text}");
        // The setup (board, tables) is not in the save.
        assert!(text.len() < 20_000, "{} characters", text.len());
    }
}
