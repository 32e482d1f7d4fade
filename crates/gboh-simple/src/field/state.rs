//! The changing state of combat units and leaders.

use gboh_core::facing::Facing;
use gboh_core::unit::Cohesion;
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// A combat unit's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitState {
    /// Where it is, or `None` off the map (not yet entered, withdrawn,
    /// eliminated).
    pub at: Option<Hex>,
    /// Its facing (7.11).
    pub facing: Facing,
    /// Hits and status (10.1).
    pub cohesion: Cohesion,
    /// Markers and per-activation flags.
    pub flags: UnitFlags,
    /// Movement Points spent this activation (6.1).
    pub mp_spent: u8,
    /// Missile fires made this activation (8.12; two for artillery, 8.54).
    pub fires: u8,
}

impl UnitState {
    /// A unit off the map, fresh.
    pub const OFF_MAP: UnitState = UnitState {
        at: None,
        facing: Facing::Twelve,
        cohesion: Cohesion::FRESH,
        flags: UnitFlags::EMPTY,
        mp_spent: 0,
        fires: 0,
    };
}

/// Markers and flags on a unit, as bits. The section numbers are Alesia's,
/// the game these flags were first written for; a bit a game does not use
/// stays clear. (The game-only bits move to their games with the rules that
/// set them: issue 13, docs/architecture.md.)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct UnitFlags(pub u16);

impl UnitFlags {
    /// No flag.
    pub const EMPTY: UnitFlags = UnitFlags(0);
    /// 6.7 Disordered marker.
    pub const DISORDERED: u16 = 1 << 0;
    /// 6.47 carrying a Fill counter.
    pub const CARRYING_FILL: u16 = 1 << 1;
    /// 6.5 has used Rapid March this Assault Period.
    pub const RAPID_MARCHED: u16 = 1 << 2;
    /// 6.5 is rapid marching in this activation (MA doubled).
    pub const RAPID_MARCHING: u16 = 1 << 3;
    /// Has moved this activation (9.11 mandatory shock, 8.17 moved archers).
    pub const MOVED: u16 = 1 << 4;
    /// Has finished moving this activation (6.31: one unit's movement must be
    /// completed before another begins).
    pub const DONE_MOVING: u16 = 1 << 5;
    /// 8.52 artillery in Fire mode (clear: Move mode).
    pub const FIRE_MODE: u16 = 1 << 6;
    /// 8.6 has used its reaction fire this enemy activation.
    pub const REACTED: u16 = 1 << 7;
    /// 8.64 artillery has used its free shot this enemy activation.
    pub const FREE_SHOT: u16 = 1 << 8;
    /// Began the activation in an enemy ZOC (9.12, 9.22).
    pub const STARTED_IN_ZOC: u16 = 1 << 9;
    /// Has shock attacked or been shock attacked this activation (9.21).
    pub const SHOCKED: u16 = 1 << 10;
    /// 9.12: began the Activation Phase with an enemy unit in its own ZOC
    /// (not the same as [`Self::STARTED_IN_ZOC`]: a Gaul below a rampart is in
    /// the cohort's ZOC, but the cohort is not in his, 7.22).
    pub const ENEMY_IN_ZOC_AT_START: u16 = 1 << 13;
    /// Rallied, put out a fire or changed mode instead of acting (10.5, 8.44, 8.52).
    pub const SOLE_ACTION: u16 = 1 << 11;
    /// 5.48, 6.21: placed atop its Tribal Counter for movement this activation;
    /// it stands in the counter's hex until it moves off (its `at` is `None`).
    pub const ON_COUNTER: u16 = 1 << 12;
    /// 5.49: has moved onto a rampart, inside the vallations or onto the Hill
    /// (W5815-W5819) and is no longer bound to stay within 12 hexes of its
    /// Tribal Counter. Kept for the game (the top bit, leaving 14 free).
    pub const UNTETHERED: u16 = 1 << 15;

    /// Whether `flag` is set.
    #[must_use]
    pub const fn has(self, flag: u16) -> bool {
        self.0 & flag != 0
    }

    /// Sets or clears `flag`.
    pub fn set(&mut self, flag: u16, on: bool) {
        if on {
            self.0 |= flag;
        } else {
            self.0 &= !flag;
        }
    }

    /// The flags that last only for one activation.
    pub const PER_ACTIVATION: u16 = Self::RAPID_MARCHING
        | Self::MOVED
        | Self::DONE_MOVING
        | Self::STARTED_IN_ZOC
        | Self::ENEMY_IN_ZOC_AT_START
        | Self::SHOCKED
        | Self::SOLE_ACTION
        | Self::REACTED
        | Self::FREE_SHOT;
}

/// A leader's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderState {
    /// Where he is, or `None` off the map.
    pub at: Option<Hex>,
    /// Killed (4.35).
    pub dead: bool,
    /// Seizure attempts used this Assault Period (5.22).
    pub seizures_used: u8,
    /// Movement Points spent this activation.
    pub mp_spent: u8,
}

impl LeaderState {
    /// A live leader off the map.
    pub const OFF_MAP: LeaderState =
        LeaderState { at: None, dead: false, seizures_used: 0, mp_spent: 0 };
}
