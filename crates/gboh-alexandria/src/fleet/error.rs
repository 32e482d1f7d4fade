//! Why the fleet's rules refuse an action ([`FleetError`]), each error one
//! line citing the rule; a refused action leaves the game unchanged.

use gboh_core::dice::DiceError;
use thiserror::Error;

use super::state::GalleyIx;
use crate::map;

/// Why an action is refused, citing the rule; the game is left unchanged.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FleetError {
    /// Not a galley of the game, or lost.
    #[error("[Alexandria 5.4] no galley {0} afloat")]
    NoSuchGalley(GalleyIx),
    /// Not the active player's.
    #[error("[Alexandria 4.42] that galley is not the active player's")]
    NotYours,
    /// Not in this phase.
    #[error("[Alexandria 3.0] {0} is not allowed in this phase")]
    WrongPhase(&'static str),
    /// Another galley is moving.
    #[error("[Alexandria 5.31] one galley's movement must be completed before another can begin")]
    AnotherMoving,
    /// No galley is moving.
    #[error("[Alexandria 5.43] declare a galley's speed and MP before moving it")]
    NoneMoving,
    /// Already moved.
    #[error("[Alexandria 5.42] that galley has already moved this activation")]
    AlreadyMoved,
    /// 5.42.
    #[error(
        "[Alexandria 5.42] an immobile, crippled, fatigued (4+) or halved galley must be at Cruise speed"
    )]
    CruiseOnly,
    /// 5.43.
    #[error("[Alexandria 5.43] galleys at Attack speed must declare at least {0} MP")]
    AttackMinimum(u8),
    /// 5.41.
    #[error("[Alexandria 5.41] {mp} MP is more than the galley's {ma} MA at that speed")]
    OverMa {
        /// Declared.
        mp: u8,
        /// Allowance.
        ma: u8,
    },
    /// 5.43: MP left.
    #[error("[Alexandria 5.43] the galley must spend its {0} remaining announced MP first")]
    MpLeft(u8),
    /// 5.34.
    #[error("[Alexandria 5.34] not enough announced MP left ({left}) to pay {cost}")]
    NotEnoughMp {
        /// Left.
        left: u8,
        /// Cost.
        cost: u8,
    },
    /// Immobile.
    #[error("[Alexandria 5.42] the galley is immobile (fouled, grappled, aground or beached)")]
    Immobile,
    /// Stopped.
    #[error("[Alexandria 5.43] the galley's movement has ended (ram, grapple, Slip or aground)")]
    Stopped,
    /// Map limits (5.25, 5.33, 5.35).
    #[error("{}", map_message(.0))]
    Map(map::GalleyStepError),
    /// 5.26.
    #[error("[Alexandria 5.26] the Lighthouse's holder denies that hex to enemy galleys")]
    Lighthouse,
    /// One galley a hex.
    #[error(
        "[Alexandria 5.4] that hex holds a galley: ram, rake or grapple it instead (reconstructed: one galley a hex)"
    )]
    Occupied,
    /// 5.25.
    #[error(
        "[Alexandria 5.25] a galley may not end in an overpass, nor enter one held by enemy land units or with no free egress"
    )]
    Overpass,
    /// 5.27.
    #[error("[Alexandria 5.27] a galley may not move from one Slip hex directly into another")]
    SlipToSlip,
    /// 5.27.
    #[error("[Alexandria 5.27] galleys in Slips may not be rammed or raked")]
    InSlip,
    /// Attack speed.
    #[error("[Alexandria 5.41] ramming and raking need Attack speed")]
    NeedAttack,
    /// 5.47 reconstructed.
    #[error("[Alexandria 5.47] backwater only at Cruise speed (reconstructed)")]
    BackwaterAttack,
    /// Geometry.
    #[error("[Alexandria 9.1] {0}")]
    Geometry(&'static str),
    /// Target.
    #[error("[Alexandria 9.1] the target must be an enemy galley afloat")]
    BadTarget,
    /// Once per activation.
    #[error("[Alexandria 7.3] a galley looses fire arrows once per activation")]
    AlreadyFired,
    /// Range.
    #[error("[Alexandria 7.3] the target is beyond fire-arrow range ({0} hexes)")]
    OutOfRange(i8),
    /// 5.29.
    #[error("[Alexandria 5.29] {0}")]
    Beach(&'static str),
    /// 5.48.
    #[error("[Alexandria 5.48] {0}")]
    Debark(&'static str),
    /// Boarding.
    #[error("[Alexandria 8.0] {0}")]
    Boarding(&'static str),
    /// 9.44.
    #[error("[Alexandria 9.44] {0}")]
    Disengage(&'static str),
    /// 5.26: the Lighthouse holder's choice.
    #[error("[Alexandria 5.26] {0}")]
    LighthouseChoice(&'static str),
    /// 5.27: Slips and fire.
    #[error("[Alexandria 5.27] {0}")]
    SlipFire(&'static str),
    /// 9.24.
    #[error("[Alexandria 9.24] {0}")]
    Diekplus(&'static str),
    /// Dice.
    #[error("[Alexandria 2.3] {0}")]
    Dice(#[from] DiceError),
    /// Data.
    #[error("[Alexandria data] {0}")]
    Data(String),
}

/// "[Alexandria 5.33] galleys may not ..." from the map's "5.33: galleys may not ...".
pub(crate) fn map_message(e: &map::GalleyStepError) -> String {
    let text = e.to_string();
    match text.split_once(": ") {
        Some((rule, rest)) if rule.starts_with(|c: char| c.is_ascii_digit()) => {
            format!("[Alexandria {rule}] {rest}")
        }
        _ => format!("[Alexandria 5.4] {text}"),
    }
}
