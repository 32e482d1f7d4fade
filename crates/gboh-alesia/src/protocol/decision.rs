//! What the protocol asks ([`Pending`]) and what a player answers
//! ([`Action`]), with the preview a checked action gives ([`Preview`]).

use serde::{Deserialize, Serialize};

use super::{AlesiaDecision, Placement};
use crate::combat::{CombatAction, CombatPreview};
use crate::command::Command;
use crate::game::Lid;
use crate::movement::{MoveAction, MovePreview};

/// Who must decide what now (DESIGN.md "pending"): the engine's decision
/// points ([`gboh_simple::protocol::Pending`]: 5.21 Turn Seizure, 5.1 the choice of a
/// command, an activation, 8.0-10.0 combat decisions, 4.33 a lone leader's
/// retreat, the outcome, 11.0) with Alesia's own as
/// [`Pending::Game`](gboh_simple::protocol::Pending::Game) ([`AlesiaDecision`]: 5.3-5.4
/// Gallic Assault Planning, 5.5 Roman Redeployment).
pub type Pending = gboh_simple::protocol::Pending<Command, AlesiaDecision>;

/// A decision (DESIGN.md "actions").
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// 5.21: attempt Turn Seizure with this leader.
    AttemptSeizure(Lid),
    /// 5.21: let the opponent designate its command.
    DeclineSeizure,
    /// 5.25: the Roman Overall Commander uses a Seizure to move himself:
    /// automatically successful, it counts against his Seizure rating.
    SeizeToMove(Lid),
    /// 12.1, 5.45: place a Tribal or Cavalry Counter before activating.
    PlaceCounter(Placement),
    /// 5.31: assign a Tribal or Cavalry Counter to an Entry Area for this
    /// Assault Period (general rules).
    AssignTribe {
        /// The counter.
        counter: crate::game::CounterIdx,
        /// The Entry Area.
        area: crate::tables::EntryArea,
    },
    /// 5.33, 5.42: bring in the tribes assigned to an Entry Area, as the
    /// Gallic Activation Phase's sole action (a roll beyond Area II).
    AttemptEntry(crate::tables::EntryArea),
    /// 5.41, 5.42: end the Initial Placement Segment, or the placement of an
    /// entry (which ends the Activation Phase).
    EndPlacement,
    /// 5.5: redeploy a Roman combat unit to `to` (it faces the open ground
    /// outside, as at deployment).
    Redeploy {
        /// The unit.
        unit: crate::game::Uid,
        /// Where it goes.
        to: hexx::Hex,
    },
    /// 5.5: end the redeployment; legal when it keeps every restriction of the
    /// scenario's initial deployment.
    EndRedeployment,
    /// 5.5: keep the deployment as it was at the start of the period (every
    /// unit moved goes back).
    KeepDeployment,
    /// 5.1: activate a command.
    Activate(Command),
    /// 6.13 (third case): an Overall or Area Commander stacked with an
    /// activated, in-range combat unit that has not yet moved goes with it: he
    /// moves wherever it moves this activation, at its rate.
    RideAlong {
        /// The commander.
        leader: Lid,
        /// The unit he stays stacked with.
        unit: crate::game::Uid,
    },
    /// 4.35, 10.46: a killed leader (or one in the Gallic Camp) is placed on
    /// a unit he could command, to activate his command next.
    ReturnLeader {
        /// The leader.
        leader: Lid,
        /// The hex of the unit he joins.
        to: hexx::Hex,
    },
    /// 4.33: the lone leader retreats to `to`, or stays (`None`).
    RetreatLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes, if he goes.
        to: Option<hexx::Hex>,
    },
    /// 6.0: a movement decision of the active command.
    Move(MoveAction),
    /// 8.0-10.0: a combat decision.
    Combat(CombatAction),
    /// End the current Activation Phase (3.0 C).
    EndActivation,
    /// 3.0: pass the Activation Phase; legal only when the side has no command
    /// it could activate.
    Pass,
}

/// What [`Rules::check`](gboh_core::game::Rules::check) previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Preview {
    /// The action is legal and has nothing further to preview.
    Legal,
    /// A movement preview.
    Move(MovePreview),
    /// A combat preview: modifiers and exact odds.
    Combat(CombatPreview),
}
