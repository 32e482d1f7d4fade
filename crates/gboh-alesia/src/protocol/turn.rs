//! 3.0 The Sequence of Play: Assault Periods of alternating Activation Phases.

use gboh_core::Side;
use serde::{Deserialize, Serialize};

use super::ScenarioRules;
use crate::command::Command;
use crate::game::{Lid, Uid};

/// How a game ended (11.0).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// Why, citing the rule.
    pub reason: String,
}

/// The state of the Sequence of Play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The Assault Period, from 1.
    pub period: u8,
    /// How many Assault Periods the scenario has (12.1: one).
    pub periods: u8,
    /// Whose Activation Phase comes next (3.0: the Gauls go first).
    pub to_act: Side,
    /// Activation Phases completed this Assault Period.
    pub activations: u32,
    /// The activation under way, if any.
    pub current: Option<Activation>,
    /// Set when the game is over.
    pub outcome: Option<Outcome>,
    /// 5.21: the leader whose successful Turn Seizure limits the coming command.
    pub seized_by: Option<Lid>,
    /// 5.22: the side that attempted Seizure at the last opportunity.
    pub last_seizure_attempt: Option<Side>,
    /// 5.24: the opponent of `to_act` has had (or waived) its chance to seize
    /// before this Activation Phase.
    pub seizure_window_closed: bool,
    /// 4.33: lone leaders waiting to decide whether to retreat, first first.
    pub leader_retreats: Vec<(Lid, Vec<hexx::Hex>)>,
    /// 5.25: the Roman Overall Commander seized the turn to move himself.
    pub seized_to_move: Option<Lid>,
    /// 5.22: a seizure was attempted before this Activation Phase.
    pub seizure_attempted: bool,
    /// The scenario's rules for the protocol.
    pub rules: ScenarioRules,
    /// 12.1: counters placed at the start of this Gallic Activation Phase.
    pub placed_this_phase: u8,
    /// 12.1: the one Entry Area used for placements this Activation Phase.
    pub placing_area: Option<String>,
    /// 5.42: a Tribal Chieftain came in with this Activation Phase's
    /// placements ("One Tribal Chieftain must be placed"): the other counters
    /// need none.
    #[serde(default)]
    pub chieftain_placed_this_phase: bool,
    /// 5.63: the Alesia Force failed its entry roll this Activation Phase.
    pub alesia_force_failed: bool,
    /// 5.3-5.4: the Gallic Assault Planning under the general rules (`None`
    /// under a scenario's own entry rule, and then left out of saves).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub planning: Option<super::Planning>,
    /// 5.65: Alesia Force units that ended a period outside both walls, and
    /// the Tribal Counter they now belong to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub joined: Vec<(Uid, crate::game::CounterIdx)>,
    /// 5.5: the Roman Redeployment under way at the start of a later period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redeployment: Option<super::Redeployment>,
    /// Combat state that outlives an activation: the aquilae (10.8).
    #[serde(default)]
    pub combat: crate::combat::CombatState,
}

impl Turn {
    /// The first Assault Period, Gauls to act (3.0).
    #[must_use]
    pub fn new() -> Turn {
        Turn {
            period: 1,
            periods: 1,
            to_act: Side::Adversary,
            activations: 0,
            current: None,
            outcome: None,
            seized_by: None,
            last_seizure_attempt: None,
            seizure_window_closed: false,
            seizure_attempted: false,
            seized_to_move: None,
            leader_retreats: Vec::new(),
            alesia_force_failed: false,
            rules: ScenarioRules::default(),
            placed_this_phase: 0,
            chieftain_placed_this_phase: false,
            placing_area: None,
            planning: None,
            redeployment: None,
            joined: Vec::new(),
            combat: crate::combat::CombatState::default(),
        }
    }
}

impl Default for Turn {
    fn default() -> Self {
        Turn::new()
    }
}

/// An Activation Phase under way (5.1).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Activation {
    /// The active side.
    pub side: Side,
    /// The active command.
    pub command: Command,
    /// The unit now moving (6.31: one unit's movement is completed before
    /// another's begins).
    pub moving: Option<Uid>,
    /// The units the command activated (4.11-4.14), in [`Uid`] order.
    pub units: Vec<Uid>,
    /// Those of them outside their leader's range (4.13: they may not move
    /// adjacent to an enemy).
    pub out_of_range: Vec<Uid>,
    /// 6.13: commanders riding along with a unit of the command.
    #[serde(default)]
    pub riders: Vec<(Lid, Uid)>,
    /// Fire, reactions and shock during this activation (8.0-10.0).
    #[serde(default)]
    pub combat: crate::combat::ActivationCombat,
}

impl Activation {
    /// `command`'s activation of `units` (4.11-4.14), those in
    /// `out_of_range` outside their leader's range (4.13); nothing moved,
    /// fired or shocked yet.
    #[must_use]
    pub fn new(command: Command, units: Vec<Uid>, out_of_range: Vec<Uid>) -> Activation {
        Activation {
            side: command.side(),
            command,
            moving: None,
            units,
            out_of_range,
            riders: Vec::new(),
            combat: crate::combat::ActivationCombat::default(),
        }
    }
}
