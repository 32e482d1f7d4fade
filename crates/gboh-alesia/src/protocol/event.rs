//! What an Alesia game reports ([`AlesiaEvent`]) and why an action is
//! refused ([`AlesiaError`]).

use gboh_core::Side;
use serde::Serialize;

use super::{Outcome, Placement};
use crate::combat::{CombatError, CombatEvent};
use crate::command::Command;
use crate::game::Lid;
use crate::movement::MoveEvent;

/// Something that happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum AlesiaEvent {
    /// 5.21: a Turn Seizure attempt and its result.
    Seizure {
        /// The leader.
        leader: Lid,
        /// The roll, if one was needed.
        roll: Option<u8>,
        /// His Initiative.
        initiative: u8,
        /// Whether the turn was seized.
        seized: bool,
    },
    /// 12.1, 5.45: a counter was placed on the map.
    CounterPlaced(Placement),
    /// 5.63: the Alesia Force's entry roll failed; another command must be
    /// activated.
    AlesiaForceHeld {
        /// The roll.
        roll: u8,
    },
    /// 5.31: a tribe was assigned to an Entry Area.
    TribeAssigned {
        /// The counter.
        counter: crate::game::CounterIdx,
        /// The Entry Area.
        area: crate::tables::EntryArea,
    },
    /// 5.33, 5.34: an entry attempt and whether the tribes arrived.
    EntryAttempt {
        /// The Entry Area.
        area: crate::tables::EntryArea,
        /// The Gallic Entry Arrival Table roll (none for Areas I-II).
        roll: Option<u8>,
        /// Whether they arrived (if not, the Activation Phase is lost).
        arrived: bool,
    },
    /// 5.65: an Alesia Force unit outside both walls at the end of an
    /// Assault Period is from now on part of a relief tribe.
    JoinedTribe {
        /// The unit.
        unit: crate::game::Uid,
        /// The Tribal Counter it now belongs to.
        counter: crate::game::CounterIdx,
    },
    /// 5.5: a Roman unit was redeployed.
    Redeployed {
        /// The unit.
        unit: crate::game::Uid,
        /// Where to.
        to: hexx::Hex,
    },
    /// 5.5: the redeployment is over; `kept` if the old deployment was kept.
    RedeploymentEnded {
        /// Whether the deployment as it was at the start of the period stands.
        kept: bool,
    },
    /// 5.1: a command was activated.
    Activated {
        /// The side.
        side: Side,
        /// The command.
        command: Command,
    },
    /// A movement event.
    Move(MoveEvent),
    /// A combat event.
    Combat(CombatEvent),
    /// 3.1: the Gauls retire; the Activation Phases of the Assault Period are over.
    GaulsRetire {
        /// Size points withdrawn.
        withdrawn: u32,
        /// Size points committed.
        committed: u32,
    },
    /// 3.1 (the engine's reading): no Roman combat unit is left on the map
    /// in formation, so the Assault Period is over.
    NoDefendersLeft,
    /// 6.49: the Assault Period is over and every Fill value dropped by one.
    FillWorn {
        /// How many Fill counters (hexes and hexsides) dropped.
        counters: u32,
    },
    /// 11.0: the game is over.
    GameOver(Outcome),
    /// 6.13: a commander moved with the unit he rides with.
    LeaderRode {
        /// The commander.
        leader: Lid,
        /// Where the unit took him.
        to: hexx::Hex,
    },
    /// 4.33: a lone leader retreated.
    LeaderRetreated {
        /// The leader.
        leader: Lid,
        /// Where to.
        to: hexx::Hex,
    },
    /// 3.0: an Activation Phase ended; `next` acts next.
    ActivationEnded {
        /// Who acts next.
        next: Side,
    },
    /// The engine's Sequence of Play, where Alesia has no event of its own
    /// for it.
    Turn(gboh_simple::TurnEvent<Command>),
}

/// Why an action was refused: the engine's refusal
/// ([`gboh_simple::CombatError`]), each message citing Alesia's section
/// (movement's [`crate::movement::MoveError`]s keep theirs through
/// `From`).
pub type AlesiaError = CombatError;
