//! Saving and loading an Alesia game ([`AlesiaSave`]; the setup is
//! supplied again on load).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{Alesia, Turn, joined_setup};
use crate::game::{Battlefield, BattlefieldSave, LoadError, Setup};

/// The serialized form of an [`Alesia`] game (the setup is not saved: it is
/// supplied again on load).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlesiaSave {
    /// The battlefield.
    pub field: BattlefieldSave,
    /// The turn.
    pub turn: Turn,
}

impl Serialize for Alesia {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        AlesiaSave { field: self.field.save(), turn: self.turn.clone() }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Alesia {
    /// Deserializes over the default [`Setup`]; use [`Alesia::load`] for another.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = AlesiaSave::deserialize(d)?;
        let setup = Setup::shared().map_err(serde::de::Error::custom)?;
        Alesia::load(setup, save).map_err(serde::de::Error::custom)
    }
}

impl Alesia {
    /// Restores a saved game over `setup`.
    ///
    /// # Errors
    /// [`LoadError`] when the save does not fit the setup.
    pub fn load(setup: Arc<Setup>, save: AlesiaSave) -> Result<Alesia, LoadError> {
        // 5.65: units that left the Alesia Force belong to their new tribe.
        let setup = if save.turn.joined.is_empty() {
            setup
        } else {
            Arc::new(joined_setup(&setup, &save.turn.joined))
        };
        Ok(Alesia { field: Battlefield::load(setup, save.field)?, turn: save.turn })
    }
}
