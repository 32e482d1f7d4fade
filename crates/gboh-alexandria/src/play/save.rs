//! The land game as a save ([`AlexandriaSave`]): what changes in play, not
//! the fixed setup (the map, the counter mix and the charts are the
//! embedded data, shared behind an `Arc`). It makes
//! `gboh_simple::Battle<Alexandria>` serializable, so a game can be written
//! out and fingerprinted; reading one back is not offered yet.

use gboh_simple::{FieldSave, Lid, Turn};
use serde::Serialize;

use super::Land;
use super::command::Command;
use super::fleet::Fleet;
use super::state::Alexandria;
use crate::fleet::FleetGame;

/// The serialized form of an [`Alexandria`] game: its fields as they
/// stand, the pieces through [`gboh_simple::Field::save`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AlexandriaSave<'a> {
    /// The pieces ashore, their markers and stack order.
    pub field: FieldSave<Land>,
    /// The Sequence of Play.
    pub turn: &'a Turn<Command>,
    /// 4.33: leaders on their Replacement side.
    pub replaced: &'a [Lid],
    /// 4.33: killed leaders still to be placed again.
    pub replacing: &'a [Lid],
    /// The galleys and the Fleet activation's bookkeeping.
    pub fleet: FleetSave<'a>,
}

/// The serialized form of the land game's [`Fleet`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FleetSave<'a> {
    /// The galleys, as the fleet's rules play them.
    pub game: &'a FleetGame,
    /// A Fleet activation is under way.
    pub on: bool,
    /// 4.43: the leaders aboard when this Player Turn began.
    pub aboard_at_start: &'a [String],
    /// 4.44: the pieces aboard that a leader's activation activated.
    pub aboard_active: &'a [String],
}

impl Fleet {
    /// The fleet as a save.
    #[must_use]
    pub fn save(&self) -> FleetSave<'_> {
        FleetSave {
            game: &self.game,
            on: self.on,
            aboard_at_start: &self.aboard_at_start,
            aboard_active: &self.aboard_active,
        }
    }
}

impl Alexandria {
    /// The game as a save (the setup left out).
    #[must_use]
    pub fn save(&self) -> AlexandriaSave<'_> {
        AlexandriaSave {
            field: self.field.save(),
            turn: &self.turn,
            replaced: &self.replaced,
            replacing: &self.replacing,
            fleet: self.fleet.save(),
        }
    }
}

impl Serialize for Alexandria {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.save().serialize(s)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    #[test]
    fn the_main_game_saves_its_pieces_turn_and_galleys() {
        let g = super::Alexandria::main_game().unwrap();
        let text = ron::to_string(&g).unwrap();
        for key in ["field:", "turn:(period:1", "fleet:(game:(galleys:"] {
            assert!(text.contains(key), "{key} in {text}");
        }
    }
}
