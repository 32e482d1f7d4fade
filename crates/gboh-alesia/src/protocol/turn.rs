//! 3.0 The Sequence of Play: Assault Periods of alternating Activation Phases.
//! The engine's [`gboh_simple::turn::Turn`] keeps what every game of the
//! family keeps (the period, whose Activation Phase comes next, the
//! activation under way, Turn Seizure, lone leaders, the outcome); Alesia's
//! [`Turn`] holds it with what only Alesia has (entry, planning,
//! redeployment, the aquilae).

use gboh_core::Side;
use serde::{Deserialize, Serialize};

use super::ScenarioRules;
use crate::command::Command;
use crate::game::{Lid, Uid};

/// How a game ended (11.0: one side always wins), as the
/// [`GameOver`](super::AlesiaEvent::GameOver) event reports it. The Sequence
/// of Play keeps it as the engine's [`gboh_simple::Outcome`] ([`From`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner.
    pub winner: Side,
    /// Why, citing the rule.
    pub reason: String,
}

impl From<Outcome> for gboh_simple::Outcome {
    fn from(o: Outcome) -> gboh_simple::Outcome {
        gboh_simple::Outcome { winner: Some(o.winner), reason: o.reason }
    }
}

/// The engine's Sequence of Play with Alesia's own record of an activation.
pub type SequenceOfPlay = gboh_simple::turn::Turn<Command, AlesiaActivation>;

/// An Activation Phase under way (5.1): the engine's activation of a
/// [`Command`] with Alesia's own record ([`AlesiaActivation`]).
pub type Activation = gboh_simple::turn::Activation<Command, AlesiaActivation>;

/// The state of the Sequence of Play.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Turn {
    /// The engine's Sequence of Play: the Assault Period (from 1), whose
    /// Activation Phase comes next (3.0: the Gauls go first), the Activation
    /// Phases completed this Assault Period, the activation under way, Turn
    /// Seizure (5.21: the leader whose successful seizure limits the coming
    /// command; 5.22: the side that attempted at the last opportunity, and
    /// whether a seizure was attempted before this Activation Phase; 5.24:
    /// the opponent of the side to act has had, or waived, its chance), the
    /// lone leaders waiting to decide whether to retreat (4.33, first first)
    /// and the outcome once the game is over (11.0).
    pub play: SequenceOfPlay,
    /// How many Assault Periods the scenario has (12.1: one).
    pub periods: u8,
    /// 5.25: the Roman Overall Commander seized the turn to move himself.
    pub seized_to_move: Option<Lid>,
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
            play: SequenceOfPlay::new(Side::Adversary),
            periods: 1,
            seized_to_move: None,
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

/// Alesia's own record of an activation, beside the engine's
/// ([`Activation::own`](gboh_simple::turn::Activation::own)).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AlesiaActivation {
    /// The units the command activated outside their leader's range (4.13:
    /// they may not move adjacent to an enemy).
    pub out_of_range: Vec<Uid>,
    /// 6.13: commanders riding along with a unit of the command.
    pub riders: Vec<(Lid, Uid)>,
}

impl AlesiaActivation {
    /// `command`'s activation of `units` (4.11-4.14), those in
    /// `out_of_range` outside their leader's range (4.13); nothing moved,
    /// fired or shocked yet.
    #[must_use]
    pub fn start(command: Command, units: Vec<Uid>, out_of_range: Vec<Uid>) -> Activation {
        let mut a = Activation::new(command.side(), command, units);
        a.own.out_of_range = out_of_range;
        a
    }
}
