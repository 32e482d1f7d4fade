//! What the fleet's rules report ([`Event`]), each narrated in words by
//! [`super::narrate`], and the die rolls they show ([`Rolled`]).

use gboh_core::Side;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::state::{GalleyIx, Loss, Quarter, Speed};
use super::{Phase, tables};

/// A die roll as narrated: the face and the modified total.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rolled {
    /// The face.
    pub face: u8,
    /// Face plus modifiers.
    pub total: i32,
}

/// What happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// 5.42-5.43.
    Declared {
        /// Galley.
        galley: GalleyIx,
        /// Speed.
        speed: Speed,
        /// MP announced.
        mp: u8,
        /// Fatigue after the declaration.
        fatigue: u8,
    },
    /// Launched off the beach.
    Launched {
        /// Galley.
        galley: GalleyIx,
    },
    /// Moved one hex (forward or backwater).
    Moved {
        /// Galley.
        galley: GalleyIx,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
        /// MP paid.
        mp: u8,
        /// Backing water.
        backwater: bool,
    },
    /// Turned.
    Turned {
        /// Galley.
        galley: GalleyIx,
        /// New heading.
        heading: gboh_core::facing::Direction,
        /// MP paid.
        mp: u8,
    },
    /// 5.27: entered a Slip and stopped.
    EnteredSlip {
        /// Galley.
        galley: GalleyIx,
    },
    /// 5.28: the shoals roll.
    Shoals {
        /// Galley.
        galley: GalleyIx,
        /// The 1d6.
        roll: Rolled,
        /// Ran aground.
        aground: bool,
    },
    /// Beached.
    Beached {
        /// Galley.
        galley: GalleyIx,
    },
    /// A land unit went ashore.
    Debarked {
        /// Galley.
        galley: GalleyIx,
        /// Unit.
        unit: String,
    },
    /// A land unit came aboard.
    Embarked {
        /// Galley.
        galley: GalleyIx,
        /// Unit.
        unit: String,
    },
    /// A ram.
    Rammed {
        /// Rammer.
        galley: GalleyIx,
        /// Target.
        target: GalleyIx,
        /// Where it struck.
        quarter: Quarter,
        /// The roll.
        roll: Rolled,
        /// Result.
        result: tables::RamResult,
        /// The rammer sprang its bow.
        rammer_hurt: bool,
    },
    /// 9.15: retract with the original roll.
    Retract {
        /// Rammer.
        galley: GalleyIx,
        /// Original roll.
        face: u8,
        /// Needed at or under.
        need: u8,
        /// Backed out.
        success: bool,
    },
    /// A collision (reconstructed).
    Collided {
        /// The moving galley.
        galley: GalleyIx,
        /// The galley it struck.
        target: GalleyIx,
        /// Whether they fouled.
        fouled: bool,
    },
    /// Two galleys fouled.
    Fouled {
        /// One.
        a: GalleyIx,
        /// The other.
        b: GalleyIx,
    },
    /// A rake.
    Raked {
        /// Raker.
        galley: GalleyIx,
        /// Target.
        target: GalleyIx,
        /// Roll.
        roll: Rolled,
        /// Result.
        result: tables::RakeResult,
    },
    /// A grapple attempt.
    Grappled {
        /// Grappler.
        galley: GalleyIx,
        /// Target.
        target: GalleyIx,
        /// Roll.
        face: u8,
        /// Needed at or under.
        need: i32,
        /// Caught.
        success: bool,
    },
    /// Fire arrows.
    FireArrows {
        /// Shooter.
        galley: GalleyIx,
        /// Target.
        target: GalleyIx,
        /// Roll.
        face: u8,
        /// Result.
        result: tables::ArrowResult,
    },
    /// Movement ended.
    MovementEnded {
        /// Galley.
        galley: GalleyIx,
    },
    /// Boarding combat.
    Boarding {
        /// Attacker.
        galley: GalleyIx,
        /// Defender.
        target: GalleyIx,
        /// Strengths (attacker, defender).
        strengths: (i32, i32),
        /// Roll.
        roll: Rolled,
        /// Result.
        result: tables::BoardingResult,
    },
    /// A land unit or leader was lost.
    UnitLost {
        /// Counter id.
        unit: String,
        /// Its galley.
        galley: GalleyIx,
    },
    /// Fatigue from a repulse or casualties.
    Tired {
        /// Galley.
        galley: GalleyIx,
        /// New level.
        fatigue: u8,
    },
    /// Captured by boarding.
    Captured {
        /// Galley.
        galley: GalleyIx,
        /// New owner.
        by: Side,
    },
    /// Caught fire.
    CaughtFire {
        /// Galley.
        galley: GalleyIx,
        /// Spread from this galley (7.33), if it did.
        from: Option<GalleyIx>,
    },
    /// 7.32 firefighting.
    Firefighting {
        /// Galley.
        galley: GalleyIx,
        /// Roll.
        face: u8,
        /// Result.
        result: tables::FirefightResult,
    },
    /// 7.33: the roll for a neighbour.
    SpreadCheck {
        /// Burning galley.
        from: GalleyIx,
        /// Neighbour.
        to: GalleyIx,
        /// Roll.
        face: u8,
    },
    /// 10.42 sinking check.
    SinkingCheck {
        /// Galley.
        galley: GalleyIx,
        /// Holes.
        holes: u8,
        /// Roll.
        face: u8,
        /// Sank.
        sank: bool,
    },
    /// 9.44.
    DisengageAttempt {
        /// Galley.
        galley: GalleyIx,
        /// Partner.
        from: GalleyIx,
        /// Roll.
        face: u8,
        /// Freed.
        success: bool,
    },
    /// A galley was lost.
    Lost {
        /// Galley.
        galley: GalleyIx,
        /// How.
        how: Loss,
    },
    /// Phase change.
    PhaseBegan {
        /// Phase.
        phase: Phase,
    },
    /// 5.26: the Lighthouse's holder set a hex denied or open.
    LighthouseDenial {
        /// The holder.
        by: Side,
        /// The hex.
        hex: Hex,
        /// Denied to enemy galleys.
        denied: bool,
    },
    /// 5.27: fire arrows at an empty Slip.
    SlipFired {
        /// Shooter.
        galley: GalleyIx,
        /// The Slip hex.
        slip: Hex,
        /// The d10.
        face: u8,
        /// Whether it took fire.
        afire: bool,
    },
    /// 5.27: a Slip hex caught fire (from arrows, or spread from a burning Slip).
    SlipCaughtFire {
        /// The Slip hex.
        slip: Hex,
        /// The burning Slip it spread from, if it did.
        from: Option<Hex>,
    },
    /// 5.27 (reconstructed): a burning Slip's roll to burn out.
    SlipFireCheck {
        /// The Slip hex.
        slip: Hex,
        /// The d10.
        face: u8,
        /// Burned out.
        out: bool,
    },
    /// 5.27 (reconstructed): the roll for the fire to spread to a neighbouring Slip.
    SlipSpreadCheck {
        /// The burning Slip.
        from: Hex,
        /// The neighbouring Slip hex.
        to: Hex,
        /// The d10.
        face: u8,
    },
    /// 9.24: a Diekplus through the gap, raking in passing.
    Diekplus {
        /// The galley passing through.
        galley: GalleyIx,
        /// The galley raked.
        target: GalleyIx,
        /// The gap hex entered.
        gap: Hex,
        /// The roll.
        roll: Rolled,
        /// The rake result.
        result: tables::RakeResult,
        /// The original roll fouled the two galleys (reconstructed).
        fouled: bool,
    },
    /// The next Player Turn.
    TurnPassed {
        /// Now active.
        to: Side,
        /// Player Turn number.
        turn: u32,
    },
}
