//! The Sequence of Play's state, as plain data (the bottom layer): whose
//! Activation Phase comes next, the activation under way, Turn Seizure's
//! bookkeeping and the outcome; and what the protocol reports
//! ([`TurnEvent`]). The protocol (`crate::protocol`) reads and changes it;
//! a game keeps it in its state. `C` is the game's command: what one
//! Activation Phase activates (Alesia 5.1: a legion, a chief's tribes;
//! Caesar in Alexandria 3.0 A: a subordinate leader, the fleet, all
//! auxiliaries, the Overall Commander alone).

use gboh_core::Side;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::event::SimpleEvent;
use crate::id::{Lid, Uid};
use crate::sequence::ActivationCombat;

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// Why, citing the played game's rule.
    pub reason: String,
}

/// Turn Seizure's bookkeeping (Alesia 5.21-5.24; Caesar in Alexandria
/// 4.51-4.53).
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct SeizureState {
    /// The opponent of the side to act has had (or waived) its chance to
    /// seize before this Activation Phase.
    pub window_closed: bool,
    /// A seizure was attempted before this Activation Phase.
    pub attempted: bool,
    /// The side that attempted Seizure at the last opportunity (no side
    /// attempts twice in a row).
    pub last_attempt_by: Option<Side>,
    /// The leader whose successful seizure gave this Activation Phase.
    pub seized_by: Option<Lid>,
}

/// The Sequence of Play: Activation Phases alternating between the sides,
/// grouped in periods (Alesia's Assault Periods; a game without them plays
/// one). `A` is the game's own record of an activation ([`Activation::own`]:
/// nothing for most games).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    serialize = "C: Serialize, A: Serialize + Default + PartialEq",
    deserialize = "C: Deserialize<'de>, A: Deserialize<'de> + Default"
))]
pub struct Turn<C, A = ()> {
    /// The period, from 1.
    pub period: u16,
    /// Whose Activation Phase comes next.
    pub to_act: Side,
    /// Activation Phases completed this period.
    pub activations: u32,
    /// Consecutive Activation Phases passed (a side with nothing it could
    /// activate), the last first.
    pub passes: u8,
    /// The activation under way.
    pub current: Option<Activation<C, A>>,
    /// Turn Seizure's bookkeeping.
    pub seizure: SeizureState,
    /// Lone leaders waiting to choose where to retreat (Alesia 4.33), first
    /// first.
    pub lone_leaders: Vec<(Lid, Vec<Hex>)>,
    /// Set when the game is over.
    pub outcome: Option<Outcome>,
    /// The side whose Activation Phase has ended while one of the game's
    /// own decisions that follow it is still to be made: play passes on
    /// once it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Side>,
}

impl<C, A> Turn<C, A> {
    /// The first period, `first` to act.
    #[must_use]
    pub fn new(first: Side) -> Turn<C, A> {
        Turn {
            period: 1,
            to_act: first,
            activations: 0,
            passes: 0,
            current: None,
            seizure: SeizureState::default(),
            lone_leaders: Vec::new(),
            outcome: None,
            ending: None,
        }
    }

    /// The activation under way: its side and the units it activated
    /// ([`Effects::activation`](crate::rules::effects::Effects::activation)).
    #[must_use]
    pub fn activation(&self) -> Option<(Side, &[Uid])> {
        self.current.as_ref().map(|a| (a.side, a.units.as_slice()))
    }

    /// The combat of the activation under way.
    #[must_use]
    pub fn combat(&self) -> Option<&ActivationCombat> {
        self.current.as_ref().map(|a| &a.combat)
    }

    /// The combat of the activation under way, to change.
    pub fn combat_mut(&mut self) -> Option<&mut ActivationCombat> {
        self.current.as_mut().map(|a| &mut a.combat)
    }
}

/// An Activation Phase under way. `A` is the game's own record of it
/// ([`Activation::own`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
#[serde(bound(
    serialize = "C: Serialize, A: Serialize + Default + PartialEq",
    deserialize = "C: Deserialize<'de>, A: Deserialize<'de> + Default"
))]
pub struct Activation<C, A = ()> {
    /// The active side.
    pub side: Side,
    /// The active command.
    pub command: C,
    /// The units it activated, in [`Uid`] order.
    pub units: Vec<Uid>,
    /// The unit now moving (one unit's movement is completed before
    /// another's begins, Alesia 6.31).
    pub moving: Option<Uid>,
    /// Fire, reactions and shock during this activation.
    pub combat: ActivationCombat,
    /// A leader has moved: the units' movement is over (Alesia 6.12: the
    /// leaders move after all the units of their command).
    #[serde(default)]
    pub leader_moved: bool,
    /// The game's own record of the activation (Alesia: 4.13's units out of
    /// their leader's range and 6.13's riders; `()` for a game without one).
    /// Left out of saves while it is empty, so a game without one writes
    /// what it wrote before.
    #[serde(default, skip_serializing_if = "is_empty")]
    pub own: A,
}

impl<C, A: Default> Activation<C, A> {
    /// `command`'s activation of `units` for `side`: nothing moved, fired or
    /// shocked yet, and the game's own record empty.
    #[must_use]
    pub fn new(side: Side, command: C, units: Vec<Uid>) -> Activation<C, A> {
        Activation {
            side,
            command,
            units,
            moving: None,
            combat: ActivationCombat::default(),
            leader_moved: false,
            own: A::default(),
        }
    }
}

/// Whether a game's own record holds nothing: then saves leave it out.
fn is_empty<A: Default + PartialEq>(own: &A) -> bool {
    *own == A::default()
}

/// What the protocol reports. The [`gboh_core::game::Event`] around it
/// cites the rule and carries the dice.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum TurnEvent<C> {
    /// A Turn Seizure attempt and its roll.
    Seizure {
        /// The leader.
        leader: Lid,
        /// The roll.
        roll: u8,
        /// His Initiative.
        initiative: u8,
        /// Whether the turn was seized.
        seized: bool,
    },
    /// A command was activated.
    Activated {
        /// The side.
        side: Side,
        /// The command.
        command: C,
    },
    /// A command's activation roll failed: nothing was activated and the
    /// side chooses again (Alesia 5.63: the Alesia Force stays in the
    /// oppidum).
    NotActivated {
        /// The side.
        side: Side,
        /// The command.
        command: C,
        /// The roll.
        roll: u8,
    },
    /// A side passed its Activation Phase, having nothing to activate.
    Passed {
        /// The side.
        side: Side,
    },
    /// The previous unit's movement is over because another began.
    MovementOver {
        /// The unit whose movement ended.
        unit: Uid,
    },
    /// An Activation Phase ended; `next` acts next.
    ActivationEnded {
        /// Whose Activation Phase comes next.
        next: Side,
    },
    /// A period ended (its Recovery Phase follows).
    PeriodEnded {
        /// The period that ended.
        period: u16,
    },
    /// The game is over.
    GameOver(Outcome),
}

/// The events of a game that has none of its own: the engine's rules' and
/// the protocol's (a game with its own events defines its own enum).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum BattleEvent<C> {
    /// A rule's event.
    Rule(SimpleEvent),
    /// The Sequence of Play's.
    Turn(TurnEvent<C>),
}
