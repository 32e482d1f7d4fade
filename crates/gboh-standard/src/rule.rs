//! Rule references: which rule of the standard series an event or error comes
//! from, so that each game can cite its own rulebook's section.
//!
//! The engine names its rules by [`RuleRef`]; [`RuleRef::spqr`] gives the SPQR
//! 4th edition section (the family's public reference text), and a game maps a
//! rule to its own section through
//! [`StandardGame::section`](crate::StandardGame::section), whose default is
//! the SPQR number.

use serde::{Deserialize, Serialize};

/// A rule of the standard GBoH series, as the engine knows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RuleRef {
    /// 3.0 The sequence of play.
    SequenceOfPlay,
    /// 4.2 Individual Orders.
    IndividualOrders,
    /// 4.3 Line Commands.
    LineCommand,
    /// 4.4 The Overall Commander's extras.
    OverallCommander,
    /// 4.72 Leaders and enemy units: withdrawal, capture.
    LeaderWithdrawal,
    /// 4.53 Leader casualties.
    LeaderCasualty,
    /// 4.74 Replacement leaders.
    LeaderReplacement,
    /// The Roman secondary command: Tribunes and Praefects (SPQR 4.5).
    RomanCommand,
    /// 4.56 Proconsuls.
    Proconsul,
    /// 5.1 Leader activation by Initiative.
    Activation,
    /// 5.26 Leaders in an enemy ZOC.
    LeaderInEnemyZoc,
    /// 5.3 Momentum.
    Momentum,
    /// 5.33 The die roll of doom.
    DieRollOfDoom,
    /// 5.4 Trump.
    Trump,
    /// 5.5 The Elite Commander's extra phase.
    EliteCommander,
    /// The Auxiliares Phase (Caesar 5.6; not in SPQR: Reconstructed).
    Auxiliares,
    /// 6.1 Movement in general (front hexes, once per phase).
    Movement,
    /// 6.13 Moving again in a later phase of the same turn.
    SecondMove,
    /// 6.27 The Movement Cost Chart.
    MovementCost,
    /// 6.6 Stacking and passing through friends.
    Stacking,
    /// 6.64 The OC moves his whole stack with one Individual Order.
    StackMove,
    /// 6.41 A phalanx's fifth MP.
    PhalanxFifthMp,
    /// 9.5 Double-depth phalanxes.
    DoubleDepth,
    /// 6.5 Orderly withdrawal.
    OrderlyWithdrawal,
    /// 7.15 Reaction facing.
    ReactionFacing,
    /// 6.44 Wheeling a phalanx.
    PhalanxWheel,
    /// 6.4 A double-size phalanx's movement: forward with both halves, or a
    /// pivot (Dictator 9.102).
    PhalanxMove,
    /// 6.45 A double-size phalanx's reverse face (Dictator 9.101).
    PhalanxFacing,
    /// 8.47 A double-size phalanx's advance after combat (Dictator 9.104).
    PhalanxAdvance,
    /// 7.2 Zones of control.
    ZoneOfControl,
    /// 8.2 Missile fire.
    MissileFire,
    /// 8.3 Who must, may and cannot shock.
    ShockDesignation,
    /// 8.4 The pre-shock TQ check.
    PreShockCheck,
    /// 8.5 Column shifts (size ratio, terrain, depletion).
    ColumnShift,
    /// 8.7 The Shock CRT and its result adjustments.
    ShockResult,
    /// 8.72 Shock Superiority.
    ShockSuperiority,
    /// 8.73 The Clash of Spears and Swords chart.
    ClashOfSpears,
    /// 8.47 Collapse.
    Collapse,
    /// 8.62's last case (the living rules' 8.6 numbering): a pursuer
    /// follows its routed enemy off the map.
    PursuitOffMap,
    /// 8.64 Off-Map Regroup: the OC's Regroup and Return (4.4 #6).
    Regroup,
    /// 10.1 Cohesion hits and rout.
    Rout,
    /// 10.2 Rally.
    Rally,
    /// 10.3 Recovery of cohesion hits.
    Recovery,
    /// 11.0 Rout points and army withdrawal.
    Withdrawal,
    /// Victory by the game's own conditions, which end the battle at once
    /// (SPQR 11.0 gives withdrawal; a game may add others:
    /// [`StandardGame::victor`](crate::StandardGame::victor)).
    Victory,
}

impl RuleRef {
    /// The section of SPQR 4th edition (Living Rules, Oct 2022) that states
    /// this rule.
    #[must_use]
    pub const fn spqr(self) -> &'static str {
        match self {
            RuleRef::SequenceOfPlay => "SPQR 3.0",
            RuleRef::IndividualOrders => "SPQR 4.2",
            RuleRef::LineCommand => "SPQR 4.3",
            RuleRef::OverallCommander => "SPQR 4.4",
            RuleRef::LeaderCasualty => "SPQR 4.53",
            RuleRef::LeaderReplacement => "SPQR 4.74",
            RuleRef::RomanCommand => "SPQR 4.5",
            RuleRef::Proconsul => "SPQR 4.56",
            RuleRef::LeaderWithdrawal => "SPQR 4.72",
            RuleRef::Activation => "SPQR 5.1",
            RuleRef::LeaderInEnemyZoc => "SPQR 5.26",
            RuleRef::Momentum => "SPQR 5.3",
            RuleRef::DieRollOfDoom => "SPQR 5.33",
            RuleRef::Trump => "SPQR 5.4",
            RuleRef::EliteCommander => "SPQR 5.5",
            RuleRef::Auxiliares => "5.6 (Reconstructed)",
            RuleRef::Movement => "SPQR 6.1",
            RuleRef::SecondMove => "SPQR 6.13",
            RuleRef::MovementCost => "SPQR 6.27",
            RuleRef::Stacking => "SPQR 6.6",
            RuleRef::StackMove => "SPQR 6.64",
            RuleRef::PhalanxFifthMp => "SPQR 6.41",
            RuleRef::DoubleDepth => "SPQR 9.5",
            RuleRef::OrderlyWithdrawal => "SPQR 6.5",
            RuleRef::ReactionFacing => "SPQR 7.15",
            RuleRef::PhalanxWheel => "SPQR 6.44",
            RuleRef::PhalanxMove => "SPQR 6.43",
            RuleRef::PhalanxFacing => "SPQR 6.45",
            RuleRef::PhalanxAdvance => "SPQR 8.47 (phalanx)",
            RuleRef::ZoneOfControl => "SPQR 7.2",
            RuleRef::MissileFire => "SPQR 8.2",
            RuleRef::ShockDesignation => "SPQR 8.3",
            RuleRef::PreShockCheck => "SPQR 8.4",
            RuleRef::ColumnShift => "SPQR 8.5",
            RuleRef::ShockResult => "SPQR 8.7",
            RuleRef::ShockSuperiority => "SPQR 8.72",
            RuleRef::ClashOfSpears => "SPQR 8.73",
            RuleRef::Collapse => "SPQR 8.47",
            RuleRef::PursuitOffMap => "SPQR 8.62",
            RuleRef::Regroup => "SPQR 8.64",
            RuleRef::Rout => "SPQR 10.1",
            RuleRef::Rally => "SPQR 10.2",
            RuleRef::Recovery => "SPQR 10.3",
            RuleRef::Withdrawal => "SPQR 11.0",
            RuleRef::Victory => "SPQR 11.0",
        }
    }
}

impl core::fmt::Display for RuleRef {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.spqr())
    }
}
