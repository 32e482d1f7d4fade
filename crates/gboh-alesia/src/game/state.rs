//! The state of Alesia's own pieces and hex markers (the combat units' and
//! leaders' states are the engine's, [`gboh_simple::field`]).

use hexx::Hex;
use serde::{Deserialize, Serialize};

pub use gboh_simple::field::{LeaderState, UnitFlags, UnitState};

/// A Tribal or Cavalry Counter's state (4.4, 5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterState {
    /// Where the counter was placed (5.45), or `None` if not yet committed.
    pub at: Option<Hex>,
    /// The entry area it is assigned to (5.31), as an index into the entry areas.
    pub assigned_area: Option<u8>,
    /// 5.47: all its units are on the map ("No Units" side).
    pub flipped: bool,
    /// 10.7: withdrawn for the rest of the Assault Period (10.72); cleared
    /// when the next one starts, the counter then off the map again
    /// ([`crate::combat::effects::withdrawal::start_of_period`]).
    pub withdrawn: bool,
    /// 10.71: routed and eliminated units counted against its Withdrawal level.
    pub losses: u8,
}

impl CounterState {
    /// A counter off the map, unassigned.
    pub const UNPLACED: CounterState =
        CounterState { at: None, assigned_area: None, flipped: false, withdrawn: false, losses: 0 };
}

/// Markers in a hex: Fill value (6.47), On Fire (8.43), Rubble (8.45).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexMarkers {
    /// Fill value 0-4 in this hex (6.47).
    pub fill: u8,
    /// On Fire (8.43).
    pub on_fire: bool,
    /// Burnt down to Rubble (8.45).
    pub rubble: bool,
}
