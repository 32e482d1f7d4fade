//! Galley state as plain serde data: where a galley is, its heading, its
//! speed level and declared MP (5.41-5.43), damage, fatigue, contact with
//! other galleys, fire, shore status and what it carries.

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::counters::GalleyClass;

/// A galley's index in [`crate::fleet::FleetGame::galleys`].
pub type GalleyIx = usize;

/// 5.41: the two Speed Levels.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Speed {
    /// The counter's front.
    Cruise,
    /// The counter's reverse: ram and rake only at this speed.
    Attack,
}

/// How a galley left play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Loss {
    /// Sunk after a ram (10.42) or by hull damage.
    Sunk,
    /// Dragged down by a sinking galley it was grappled to (War Galley).
    Dragged,
    /// Burned (7.32; counts as sunk, errata).
    Burned,
}

/// A land unit or leader aboard (4.42: activated with the fleet).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Passenger {
    /// Counter id.
    pub id: String,
    /// Troop Quality (0 for a leader).
    pub tq: u8,
    /// A leader, not a combat unit (leaders do not count against capacity).
    pub leader: bool,
}

/// One galley's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct GalleyState {
    /// Counter id ("Roman Trireme-1").
    pub id: String,
    /// Whose it is now (a captured galley changes side).
    pub side: Side,
    /// Class.
    pub class: GalleyClass,
    /// Printed Cruise MA.
    pub cruise_ma: u8,
    /// Printed Attack MA.
    pub attack_ma: u8,
    /// Where.
    pub hex: Hex,
    /// Toward its bow hex.
    pub heading: Direction,
    /// 5.41: the current Speed Level.
    pub speed: Speed,
    /// 5.43: MP announced this activation (`None` until declared).
    pub declared: Option<u8>,
    /// MP spent this activation.
    pub spent: u8,
    /// Hexes moved forward this activation (the ram's way on).
    pub forward: u8,
    /// Whether its movement is over this activation.
    pub done: bool,
    /// Whether its movement has been stopped short of the declared MP (5.43
    /// exceptions: a ram or grapple, a Slip (5.27), running aground (5.28)).
    pub stopped: bool,
    /// Whether it has loosed fire arrows this activation.
    pub fired: bool,
    /// Whether it has fought a boarding combat this activation.
    pub boarded: bool,
    /// Hull hits.
    pub hits: u8,
    /// Holes awaiting the 10.42 sinking check.
    pub holes: u8,
    /// Fatigue level (5.42: 4 or more holds it at Cruise).
    pub fatigue: u8,
    /// Oars sheared by a rake: MA halved (5.42).
    pub halved: bool,
    /// Crippled (5.42).
    pub crippled: bool,
    /// Fouled with this galley (9.44).
    pub fouled: Option<GalleyIx>,
    /// Grappled with these galleys, sorted.
    pub grappled: Vec<GalleyIx>,
    /// On Fire (7.3).
    pub on_fire: bool,
    /// Run aground (5.28): stuck for the rest of the game.
    pub aground: bool,
    /// Beached (5.29).
    pub beached: bool,
    /// In a Slip (5.27).
    pub in_slip: bool,
    /// Captured by boarding: MA halved (5.42).
    pub captured: bool,
    /// Out of play, and how.
    pub lost: Option<Loss>,
    /// Land units and leaders aboard.
    pub aboard: Vec<Passenger>,
    /// 9.24: the gap hex it entered by a Diekplus this activation (no turn
    /// inside it, errata).
    #[serde(default)]
    pub diekplus_gap: Option<Hex>,
}

/// The harbour's state beside the galleys: the Lighthouse holder's choice
/// (5.26) and the Slips on fire (5.27).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Harbour {
    /// 5.26: the hexes of 3931, 3932 and 4032 the Lighthouse's holder leaves
    /// open to enemy galleys, sorted. Empty (the default) denies all three,
    /// the holder's strongest choice; a new holder starts from it.
    pub lighthouse_open: Vec<Hex>,
    /// The side whose choice `lighthouse_open` is (a change of holder resets it).
    pub open_by: Option<Side>,
    /// 5.27: Slip hexes on fire, sorted (no galley may enter one, reconstructed).
    pub burning_slips: Vec<Hex>,
}

impl GalleyState {
    /// Still in play.
    #[must_use]
    pub const fn afloat(&self) -> bool {
        self.lost.is_none()
    }

    /// 5.42: immobile: fouled, grappled, aground or beached.
    #[must_use]
    pub fn immobile(&self) -> bool {
        self.fouled.is_some() || !self.grappled.is_empty() || self.aground || self.beached
    }

    /// 5.42: held at Cruise speed (immobile, crippled, fatigue at or over
    /// `cruise_only_fatigue`, or MA halved by a rake or capture).
    #[must_use]
    pub fn cruise_only(&self, cruise_only_fatigue: u8) -> bool {
        self.immobile()
            || self.crippled
            || self.fatigue >= cruise_only_fatigue
            || self.halved
            || self.captured
    }

    /// 5.41: the MA at a Speed Level, halved (rounded down) when raked or
    /// captured, 0 when immobile.
    #[must_use]
    pub fn ma(&self, speed: Speed) -> u8 {
        if self.immobile() {
            return 0;
        }
        let printed = match speed {
            Speed::Cruise => self.cruise_ma,
            Speed::Attack => self.attack_ma,
        };
        if self.halved || self.captured || self.crippled { printed / 2 } else { printed }
    }

    /// MP declared and not yet spent.
    #[must_use]
    pub fn remaining(&self) -> u8 {
        self.declared.unwrap_or(0).saturating_sub(self.spent)
    }

    /// The bow hex.
    #[must_use]
    pub fn bow(&self) -> Hex {
        self.heading.neighbor(self.hex)
    }

    /// The stern hex (5.47: where it backs water into).
    #[must_use]
    pub fn stern(&self) -> Hex {
        self.heading.opposite().neighbor(self.hex)
    }

    /// Land combat units aboard (not leaders).
    pub fn troops(&self) -> impl Iterator<Item = &Passenger> {
        self.aboard.iter().filter(|p| !p.leader)
    }
}

/// Where an adjacent hex lies from a galley: the ram's aspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Quarter {
    /// The bow hex.
    Bow,
    /// The two hexes either side of the bow.
    BowQuarter,
    /// The two hexes either side of the stern.
    SternQuarter,
    /// The stern hex.
    Stern,
}

impl Quarter {
    /// Where a neighbour in `dir` lies for a galley heading `heading`.
    ///
    /// ```text
    ///        Bow
    ///  BowQ  /\  BowQ       heading NE: bow NE, bow quarters NW and E,
    ///       |  |            stern quarters W and SE, stern SW
    ///  SternQ\/ SternQ
    ///       Stern
    /// ```
    #[must_use]
    pub const fn of(heading: Direction, dir: Direction) -> Quarter {
        match (dir.index() + 6 - heading.index()) % 6 {
            0 => Quarter::Bow,
            1 | 5 => Quarter::BowQuarter,
            2 | 4 => Quarter::SternQuarter,
            _ => Quarter::Stern,
        }
    }
}
