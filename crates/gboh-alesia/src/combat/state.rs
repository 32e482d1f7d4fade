//! The combat state carried by the game: per Activation Phase (what shock
//! stage, which decisions and steps are waiting, which reaction window is
//! open: the engine's [`gboh_simple::sequence`]) and across Activation
//! Phases (the aquilae, 10.8).

use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::game::Lid;
use crate::protocol::Alesia;

pub use gboh_simple::sequence::{
    ActivationCombat, Attack, AttackStatus, HitsCause, LeaderCase, ReactionKind, ReactionWindow,
    RetreatCause, ShockStage, ShockState, Task,
};

/// Combat state that outlives an Activation Phase.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CombatState {
    /// Each legion's Aquila (10.8), by [`crate::game::LegionIdx`]; a legion
    /// without an entry has no Aquila on the map.
    pub aquilae: Vec<AquilaState>,
    /// 12.1 special rule 2: routed units are eliminated instead.
    pub routed_units_eliminated: bool,
    /// The Alesia Force has been withdrawn this Assault Period (10.7), or is
    /// no longer available in this one (10.74): it may not be activated.
    /// Set again at the start of each period from 10.74
    /// ([`crate::combat::effects::withdrawal::start_of_period`]).
    pub alesia_force_withdrawn: bool,
    /// 10.46: Gallic leaders who routed with their unit to the Gallic Camp;
    /// they return as replacement leaders do (4.35).
    pub leaders_in_camp: Vec<Lid>,
    /// 4.35: the leader just placed again to activate a command: the command
    /// chosen next must be his.
    pub returned_leader: Option<Lid>,
}

/// Where a legion's Aquila is (10.8).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct AquilaState {
    /// Its hex, or `None` off the map.
    pub at: Option<Hex>,
    /// Captured: the legion places a new one the next time it is activated.
    pub captured: bool,
}

/// The active activation's combat state.
#[must_use]
pub fn activation(game: &Alesia) -> Option<&ActivationCombat> {
    game.turn.play.current.as_ref().map(|a| &a.combat)
}

/// The active activation's combat state, mutably.
pub fn activation_mut(game: &mut Alesia) -> Option<&mut ActivationCombat> {
    game.turn.play.current.as_mut().map(|a| &mut a.combat)
}
