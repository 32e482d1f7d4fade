//! What the protocol asks ([`Pending`]) and what a player answers
//! ([`Action`]), with the preview a checked action gives ([`Preview`]).

use gboh_core::Side;
use serde::{Deserialize, Serialize};

use super::{Placement, PlanningStep};
use crate::combat::{CombatAction, CombatPending, CombatPreview};
use crate::command::Command;
use crate::game::Lid;
use crate::movement::{MoveAction, MovePreview};

/// Who must decide what now (DESIGN.md "pending").
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Pending {
    /// 5.21: before the opponent designates its command, `side` may attempt to
    /// Seize the Turn with one of `leaders`, or decline.
    Seizure {
        /// The side that may seize.
        side: Side,
        /// The leaders it may seize with.
        leaders: Vec<Lid>,
    },
    /// `side` chooses the command for its Activation Phase (5.1).
    ChooseCommand {
        /// The deciding side.
        side: Side,
    },
    /// `side` acts with its active command: move, fire, and so on, then ends the
    /// activation.
    Activation {
        /// The deciding side.
        side: Side,
        /// The active command.
        command: Command,
    },
    /// A combat decision (8.0-10.0): reaction fire, shock, retreats, hits.
    Combat(CombatPending),
    /// 4.33: an enemy combat unit moved next to a lone leader of `side`: he
    /// may retreat up to three hexes to one of `options`, or stay.
    LeaderRetreat {
        /// The leader's side.
        side: Side,
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<hexx::Hex>,
    },
    /// 5.3-5.4 (general rules): the Gallic player assigns tribes to Entry
    /// Areas, makes the Initial Placement, or places the tribes of an entry.
    GallicPlanning(PlanningStep),
    /// 5.5: at the start of an Assault Period after the first, the Roman
    /// player may redeploy his units.
    RomanRedeployment,
    /// The game is over (11.0): the engine's outcome, whose winner Alesia
    /// always names.
    Over(gboh_simple::Outcome),
}

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
