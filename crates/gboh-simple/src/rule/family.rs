//! The simple family's own numbering of its rules: the sections of the
//! family's published text (*The Siege of Alesia*'s rulebook), held once for
//! every game that cites them.

use super::Rule;

/// Writes [`Rule::family_section`] and [`Rule::family_cited`] from one table,
/// so the plain number and the cited form cannot disagree.
macro_rules! family_numbering {
    ($($($rule:ident)|+ => $section:literal,)+) => {
        impl Rule {
            /// The section of the simple family's published text (Alesia's
            /// rulebook) that states this rule, as that text numbers it
            /// (`"7.2"`). A game whose rulebook is the family's text, or
            /// copies its numbering, answers
            /// [`SimpleGame::section`](crate::SimpleGame::section) with it.
            pub const fn family_section(self) -> &'static str {
                match self {
                    $($(Rule::$rule)|+ => $section,)+
                }
            }

            /// The same section cited as the family's, not the game's own
            /// (`"family 7.2"`): for a game whose rulebook does not restate
            /// the rule (Gergovia's simplified version, Alexandria's land
            /// game) and falls back on the family's text.
            pub const fn family_cited(self) -> &'static str {
                match self {
                    $($(Rule::$rule)|+ => concat!("family ", $section),)+
                }
            }
        }
    };
}

family_numbering! {
    // 2.2 Combat units.
    CombatUnits => "2.2",
    MissileCapability => "2.21",
    // 3.0 Sequence of Play.
    SequenceOfPlay => "3.0",
    PeriodEnd => "3.1",
    // 11.0 Victory.
    Victory => "11.0",
    // 4.1-4.3 Leaders and command.
    ActiveUnits => "4.13",
    ChainOfCommand => "4.14",
    CommandRange => "4.24",
    LeadersNextToEnemies => "4.31",
    LeaderThreatened => "4.32",
    LoneLeaderRetreat => "4.33",
    LeaderCharisma => "4.34",
    // 5.1 Activation, 5.21 Turn Seizure.
    Activation => "5.1",
    TurnSeizure => "5.21",
    // 6.1-6.6 Movement and stacking.
    MovementAllowance => "6.11",
    LeaderMovement => "6.12",
    TerrainCosts => "6.3",
    Movement => "6.31",
    Stacking => "6.6",
    StackLimit => "6.61",
    NoEnemyStacking => "6.64",
    StackFire => "6.66",
    HitSharing => "6.67",
    // 7.1-7.2 Facing and Zones of Control.
    Facing => "7.12",
    ZocFacing => "7.13",
    ZonesOfControl => "7.2",
    ZocExtent => "7.22",
    ZocEntry => "7.23",
    ZocOverlap => "7.24",
    RetreatIntoZoc => "7.25",
    // 8.0 Missile fire, 8.6 Reaction Fire.
    ActiveFire => "8.11",
    FireOncePerActivation => "8.12",
    MissileTargets => "8.13",
    MissileHitsEachUnit => "8.14",
    LineOfSight => "8.15",
    MissileHit => "8.16",
    MissileModifiers => "8.17",
    MissileTargetsUnits | MissileLeaderCasualty => "8.18",
    HitAndRun => "8.19",
    ArcheryAtArchers => "8.3",
    FireRetreat => "8.43",
    OneArtilleryPerHex => "8.57",
    ReactionFire => "8.6",
    RetireReaction => "8.61",
    EntryReaction => "8.62",
    ReturnFire => "8.63",
    ArtilleryFreeShot => "8.64",
    // 9.0 Shock combat.
    ShockCombat => "9.0",
    MustAttack => "9.11",
    ShockEligibility => "9.12",
    ShockSequence => "9.2",
    ShockDesignation => "9.21",
    RetreatBeforeShock => "9.22",
    PreShockCheck => "9.23",
    ShockLeaderCasualty => "9.24",
    LeftoverHits | ShockResolution => "9.25",
    MissileUnitsShocked => "9.27",
    Advance => "9.3",
    MissileRange => "9.41",
    WeaponSystems => "9.43",
    // 10.0 Combat results: elimination, retreat, rout, recovery, rally.
    Elimination => "10.14",
    ShockRetreat => "10.2",
    Retreat => "10.21",
    NoRetreat => "10.23",
    StandForHit => "10.24",
    LeaderWithRetreat => "10.26",
    ContinuedShock => "10.3",
    RoutedMayOnlyMove => "10.43",
    LeaderWithRout => "10.46",
    SoleAction | Rally => "10.5",
    RecoveryWithoutRoll => "10.62",
    RecoveryRoll | RecoveryDenied => "10.63",
    RecoveryHits => "10.65",
}

#[cfg(test)]
mod tests {
    use super::Rule;

    #[test]
    fn every_rule_is_cited_as_the_family_number_it_has() {
        for rule in Rule::ALL {
            assert_eq!(rule.family_cited(), format!("family {}", rule.family_section()));
        }
    }

    #[test]
    fn the_numbers_are_the_family_texts() {
        assert_eq!(Rule::ZonesOfControl.family_section(), "7.2");
        assert_eq!(Rule::RecoveryDenied.family_section(), "10.63");
        assert_eq!(Rule::ShockCombat.family_cited(), "family 9.0");
    }
}
