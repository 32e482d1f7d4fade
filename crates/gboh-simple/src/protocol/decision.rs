//! What the protocol asks ([`Pending`]) and what a player answers
//! ([`Action`]), with the preview a checked action gives ([`Preview`]).

use gboh_core::Side;
use gboh_core::facing::Facing;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::decision::{CombatAction, CombatPending};
use crate::id::{Lid, Uid};
use crate::rules::preview::CombatPreview;
use crate::turn::Outcome;

/// Who must decide what now; `C` is the game's command, `D` its own
/// decision points ([`BattleRules::Decision`](super::BattleRules::Decision)).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Pending<C, D = ()> {
    /// Before `side`'s opponent designates its command, `side` may try to
    /// Seize the Turn with one of `leaders`, or decline.
    Seizure {
        /// The side that may seize.
        side: Side,
        /// The leaders it may seize with.
        leaders: Vec<Lid>,
    },
    /// `side` activates a command, or passes when it has none.
    ChooseCommand {
        /// The deciding side.
        side: Side,
    },
    /// `side` acts with its active command: moves, fire, rally, then shock
    /// and the end of the activation.
    Activation {
        /// The deciding side.
        side: Side,
        /// The active command.
        command: C,
    },
    /// A combat decision: reaction fire, shock and its steps.
    Combat(CombatPending),
    /// An enemy unit came next to a lone leader of `side`: he retreats to
    /// one of `options`, or stays.
    LeaderRetreat {
        /// The leader's side.
        side: Side,
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<Hex>,
    },
    /// One of the game's own decisions, between activations (Caesar in
    /// Alexandria 4.33: where a killed leader comes back; Alesia 5.5: the
    /// Roman Redeployment), answered with [`Action::Game`].
    Game {
        /// The deciding side.
        side: Side,
        /// What is to be decided.
        decision: D,
    },
    /// The game is over.
    Over(Outcome),
}

impl<C, D> Pending<C, D> {
    /// The side that decides, `None` once the game is over.
    #[must_use]
    pub fn side(&self) -> Option<Side> {
        match self {
            Pending::Seizure { side, .. }
            | Pending::ChooseCommand { side }
            | Pending::Activation { side, .. }
            | Pending::LeaderRetreat { side, .. }
            | Pending::Game { side, .. } => Some(*side),
            Pending::Combat(p) => Some(p.side()),
            Pending::Over(_) => None,
        }
    }
}

/// A decision; `C` is the game's command, `X` its own actions during an
/// activation, `Y` its other own actions ([`BattleRules::Choice`](super::BattleRules::Choice)).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action<C, X, Y = ()> {
    /// Try to Seize the Turn with this leader.
    AttemptSeizure(Lid),
    /// Let the opponent designate its command.
    DeclineSeizure,
    /// Activate a command.
    Activate(C),
    /// Pass the Activation Phase: legal only with no command to activate.
    Pass,
    /// Move `unit` to `to`, ending with `facing`, along the cheapest path
    /// the move search finds; `to` may be its own hex (a pivot in place).
    Move {
        /// The unit.
        unit: Uid,
        /// Where it ends.
        to: Hex,
        /// Its facing there.
        facing: Facing,
    },
    /// An activated leader moves to `to` by his cheapest way (Alesia 6.12:
    /// after the units of his command, whose movement is then over).
    MoveLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes.
        to: Hex,
    },
    /// A combat decision, or the active player's fire, rally, own action or
    /// the start of shock.
    Combat(CombatAction<X>),
    /// A lone leader retreats to `to`, or stays (`None`).
    RetreatLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes, if he goes.
        to: Option<Hex>,
    },
    /// End the Activation Phase (shock done, or never begun with no unit
    /// obliged to attack).
    EndActivation,
    /// One of the game's own actions: the answer to its own decision
    /// ([`Pending::Game`]), or what it adds at one of the engine's
    /// (Alesia 12.1: a Tribal Counter placed before designating).
    Game(Y),
}

/// What checking an action previews; `Col` is the game's missile column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Preview<Col> {
    /// Legal, nothing further to show.
    Legal,
    /// A move: its MP and the hexes it passes through, the start first.
    Move {
        /// MP spent.
        mp: u8,
        /// The hexes of the path.
        path: Vec<Hex>,
    },
    /// A combat action's modifiers and exact odds.
    Combat(CombatPreview<Col>),
}
