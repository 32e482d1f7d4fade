//! What Gergovia's own rules report ([`GergoviaEvent`]) and how the
//! narration words it.

use gboh_core::Side;
use gboh_core::unit::UnitId;
use gboh_standard::narrate::Narrate;
use gboh_standard::state::Field;
use gboh_standard::{GameEvent, StandardEvent};
use serde::{Deserialize, Serialize};

use super::Gergovia;

/// What Gergovia's own rules report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum GergoviaEvent {
    /// Victory: the points changed (counted live).
    VictoryPoints {
        /// Rome's points.
        rome: u32,
        /// Gaul's points.
        gaul: u32,
    },
    /// 6.8: a tribe was declared impetuous.
    ImpetuosityDeclared {
        /// The tribe (formation id).
        tribe: String,
    },
    /// 6.8: two of an impetuous tribe's units entered an enemy ZOC: its
    /// impetuosity ends after this game turn.
    ImpetuosityEnding {
        /// The tribe.
        tribe: String,
    },
    /// 6.8: the tribe's impetuosity is over.
    ImpetuosityLost {
        /// The tribe.
        tribe: String,
    },
    /// Camped Gauls: a camped tribe is alerted (still disordered).
    CampAlerted {
        /// The tribe.
        tribe: String,
        /// By a Roman unit moving up to the camp (else by its chief).
        by_romans: bool,
    },
    /// Camped Gauls: the tribe's disorder is over (its chief's next
    /// activation).
    DisorderOver {
        /// The tribe.
        tribe: String,
    },
    /// 9.35: a Gallic unit entered a tower; its scorpion is destroyed.
    ScorpionDestroyed {
        /// The tower's hex label.
        tower: String,
    },
    /// Gallic Reinforcements: a unit (and with the first, Vercingetorix)
    /// enters the map.
    Entered {
        /// The unit's id.
        unit: String,
        /// The entry hex.
        hex: String,
        /// The MP it paid to enter.
        mp: u8,
        /// The leader who came on with it.
        leader: Option<String>,
    },
    /// Special Terrain Notes: a unit's roll against its TQ to cross the
    /// town wall (before) or after crossing a stone wall.
    WallRoll {
        /// The unit's id.
        unit: String,
        /// What it crosses.
        what: String,
        /// Rolled before crossing (else after).
        before: bool,
        /// At least the TQ: finished for this command phase.
        stopped: bool,
    },
    /// Elite Commanders: Vercingetorix's elite command, once a battle, is
    /// used now.
    EliteCommandUsed {
        /// The leader who holds the elite phase.
        leader: String,
    },
    /// Eagles (Reconstructed): a legion's eagle changed hands.
    Eagle {
        /// The legion.
        legion: String,
        /// Where it is now.
        state: crate::eagles::EagleState,
        /// Its bearer's id, when carried.
        bearer: Option<String>,
    },
    /// Special Terrain Notes, Stone Walls: a unit spent its movement at
    /// the wall and knocked it down ("Wall Down/Rubble").
    WallDown {
        /// The unit.
        unit: String,
        /// The hexside, its two hexes' labels ("3001/3101").
        hexside: String,
    },
    /// Gallic Starting Deployment \[b\]: a hidden unit is revealed.
    Revealed {
        /// The unit.
        unit: String,
        /// Its hex.
        hex: String,
        /// Why.
        why: crate::hidden::Reveal,
    },
    /// Victory: "the first player to reach his VP threshold wins
    /// immediately".
    ThresholdReached {
        /// Who reached it.
        side: Side,
        /// His points.
        points: u32,
        /// His threshold.
        threshold: u32,
    },
}

impl Narrate for GergoviaEvent {
    fn sentence(&self, field: &Field) -> String {
        match self {
            GergoviaEvent::VictoryPoints { rome, gaul } => {
                format!("victory points: Rome {rome}, Gaul {gaul}")
            }
            GergoviaEvent::ImpetuosityDeclared { tribe } => format!(
                "the {tribe} are declared impetuous: +1 MA for their infantry, ferocity in shock"
            ),
            GergoviaEvent::ImpetuosityEnding { tribe } => format!(
                "a second unit of the {tribe} has entered an enemy ZOC: their impetuosity ends after this turn"
            ),
            GergoviaEvent::ImpetuosityLost { tribe } => {
                format!("the {tribe} lose their impetuosity")
            }
            GergoviaEvent::CampAlerted { tribe, by_romans: true } => format!(
                "a Roman unit moves up to the camped Gauls: the {tribe} are alerted, still disordered"
            ),
            GergoviaEvent::CampAlerted { tribe, by_romans: false } => {
                format!(
                    "their chief alerts the camped {tribe}, still disordered: that takes the whole turn, he and his tribe are finished"
                )
            }
            GergoviaEvent::DisorderOver { tribe } => {
                format!("the {tribe} are no longer disordered")
            }
            GergoviaEvent::ScorpionDestroyed { tower } => {
                format!("a Gallic unit enters tower {tower}: its scorpion is destroyed")
            }
            GergoviaEvent::Entered { unit, hex, mp, leader } => {
                let with = leader.as_ref().map_or_else(String::new, |l| format!(", {l} with it"));
                let s = if *mp == 1 { "" } else { "s" };
                format!("{unit} enters the map at {hex}{with}, paying {mp} MP{s}")
            }
            GergoviaEvent::WallRoll { unit, what, before: true, stopped: true } => {
                format!("{unit} fails to get over {what}: finished for this command phase")
            }
            GergoviaEvent::WallRoll { unit, what, before: true, stopped: false } => {
                format!("{unit} gets over {what}")
            }
            GergoviaEvent::WallRoll { unit, what, before: false, stopped: true } => {
                format!("{unit} has crossed {what} and is finished for this command phase")
            }
            GergoviaEvent::WallRoll { unit, what, before: false, stopped: false } => {
                format!("{unit} has crossed {what} and may go on")
            }
            GergoviaEvent::EliteCommandUsed { leader } => format!(
                "{leader} holds the elite Orders Phase: Vercingetorix's elite command, once a battle, is used"
            ),
            GergoviaEvent::Eagle { legion, state, bearer } => {
                let who = bearer.as_deref().unwrap_or("a cohort of its legion");
                match state {
                    crate::eagles::EagleState::Carried { .. } => {
                        format!("{who} takes up the eagle of Legion {legion}")
                    }
                    crate::eagles::EagleState::Dropped { hex } => format!(
                        "the eagle of Legion {legion} lies at {}: its bearer has fallen",
                        field.label(*hex)
                    ),
                    crate::eagles::EagleState::Captured { hex } => format!(
                        "the Gauls capture the eagle of Legion {legion} at {} (2 VP)",
                        field.label(*hex)
                    ),
                }
            }
            GergoviaEvent::WallDown { unit, hexside } => format!(
                "{unit} spends all its movement at the stone wall {hexside} and knocks it down: Wall Down/Rubble"
            ),
            GergoviaEvent::Revealed { unit, hex, why } => {
                let why = match why {
                    crate::hidden::Reveal::RomanAdjacent => "a Roman unit stands adjacent",
                    crate::hidden::Reveal::Moved => "it moves",
                    crate::hidden::Reveal::Ordered => "it is given an order",
                    crate::hidden::Reveal::Routed => "it routs",
                };
                format!("{unit} at {hex}, placed hidden, is revealed: {why}")
            }
            GergoviaEvent::ThresholdReached { side, points, threshold } => {
                let _ = field;
                format!(
                    "{} reaches {points} victory points (needs {threshold}) and wins",
                    side_name(*side)
                )
            }
        }
    }
}

/// The sides as the Victory section names them: Rome and Gaul.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Roman => "Rome",
        Side::Adversary => "Gaul",
    }
}

pub(super) fn event(what: GergoviaEvent) -> GameEvent<Gergovia> {
    event_at("Gergovia, Victory", what)
}

pub(super) fn event_at(rule: &'static str, what: GergoviaEvent) -> GameEvent<Gergovia> {
    gboh_core::game::Event::new(rule, StandardEvent::Game(what))
}

/// The unit id of unit `u`, for messages.
pub(super) fn unit_id(field: &Field, u: usize) -> Option<&UnitId> {
    field.def(u).map(|d| &d.id)
}
