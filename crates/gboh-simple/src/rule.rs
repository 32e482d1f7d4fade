//! The engine's names for the rules it implements. A game maps each to the
//! section of its own rulebook ([`SimpleGame::section`](crate::SimpleGame::section)),
//! falling back on the family's numbering ([`Rule::family_section`],
//! [`Rule::family_cited`], in `family`) where it does not restate a rule.

mod family;

/// A rule of the simple family, by what it does (not by any one game's
/// number).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Rule {
    /// Command Range: traced in Movement Points, obstructed by enemy units
    /// and by empty hexes in an enemy ZOC.
    CommandRange,
    /// The chain of command: units linked to one in range.
    ChainOfCommand,
    /// Terrain costs: what entering a hex, crossing a hexside and climbing
    /// cost, and what cannot be entered or crossed.
    TerrainCosts,
    /// Movement Allowance: the MP a unit may spend in one activation.
    MovementAllowance,
    /// Movement: a unit traces a path of contiguous hexes, paying each
    /// hex's and hexside's cost; one unit's movement is completed before
    /// another's begins.
    Movement,
    /// A unit entering an enemy ZOC ceases its movement; one that starts in
    /// one may leave it, but not straight into another hex in the ZOC of the
    /// same enemy unit.
    ZocEntry,
    /// Facing: a unit enters only its front hexes, and pays to pivot in its
    /// hex.
    Facing,
    /// A unit entering or in an enemy ZOC turns one vertex at most.
    ZocFacing,
    /// No unit enters a hex holding an enemy combat unit or leader.
    NoEnemyStacking,
    /// A leader may not move next to an enemy combat unit unless onto
    /// friends.
    LeadersNextToEnemies,
    /// Stacking: how many units one hex holds and in which order.
    Stacking,
    /// Which units may share a hex: two of one type and formation, or one
    /// foot and one artillery.
    StackLimit,
    /// One artillery unit a hex at most.
    OneArtilleryPerHex,
    /// Zones of Control: who exerts one (front hexes; not artillery, not
    /// routed units).
    ZonesOfControl,
    /// Where a Zone of Control extends (not into a hex movement could never
    /// enter, not across walls).
    ZocExtent,
    /// Several enemy units may exert a ZOC into one hex.
    ZocOverlap,
    /// Line of sight: what blocks a missile unit's view between it and its
    /// target.
    LineOfSight,
    /// Hits a side takes in shock are shared evenly over its units (not
    /// archers or artillery stacked with them), the odd hits to top units.
    HitSharing,
    /// Leftover hits: top units of their stacks before bottom units.
    LeftoverHits,
    /// Voluntary shock: only a unit that began the activation with an enemy
    /// unit in its own ZOC (Alesia 9.12).
    ShockEligibility,
    /// Combat units: each a type, rated for Troop Quality and movement.
    CombatUnits,
    /// Missile capability: which units fire, on which column.
    MissileCapability,
    /// Missile fire: any single target hex in range, out through the front
    /// or flank hexsides; an enemy in the firer's ZOC must be the target.
    MissileTargets,
    /// Missiles are fired only at enemy combat units (not at a lone leader).
    MissileTargetsUnits,
    /// What a missile hit does: one hit on each unit it falls on.
    MissileHitsEachUnit,
    /// The missile roll: a hit at or under the hit number.
    MissileHit,
    /// The missile DRMs.
    MissileModifiers,
    /// The Missile Range and Results Table.
    MissileRange,
    /// A leader in a hex fired at may be hit on an unmodified 0.
    MissileLeaderCasualty,
    /// Archers firing at archers.
    ArcheryAtArchers,
    /// Routed units may only move.
    RoutedMayOnlyMove,
    /// Stacking and missile fire: only the top unit fires; a hit through the
    /// rear falls on the bottom unit.
    StackFire,
    /// Fire by an active unit.
    ActiveFire,
    /// An active unit fires once per activation, and not after moving away
    /// from its target.
    FireOncePerActivation,
    /// Activation: a command's units act in their activation.
    Activation,
    /// Only the units of the command activated act.
    ActiveUnits,
    /// An action that is a unit's only one in its activation (rally and
    /// the like): after it, nothing else.
    SoleAction,
    /// Hit and Run: fire as if at a range of one hex.
    HitAndRun,
    /// Reaction Fire: the non-active player's missile units fire in
    /// reaction, once per enemy activation each.
    ReactionFire,
    /// Retire Reaction: fire at a unit leaving the firer's ZOC.
    RetireReaction,
    /// Entry Reaction: fire at a unit entering the firer's ZOC.
    EntryReaction,
    /// Return Fire at an active unit that fired.
    ReturnFire,
    /// A non-active artillery unit's free shot.
    ArtilleryFreeShot,
    /// The shock roll and its DRMs.
    ShockResolution,
    /// A leader's Charisma in combat.
    LeaderCharisma,
    /// The weapon systems chart.
    WeaponSystems,
    /// Retreat: one hex away from the units that caused it.
    Retreat,
    /// A retreat enters an enemy ZOC only if no other hex is left.
    RetreatIntoZoc,
    /// A stack that cannot retreat stays and takes hits.
    NoRetreat,
    /// The Pre-Shock TQ Check of defenders an attack must be made on.
    PreShockCheck,
    /// A leader stacked with a unit in a shock combat checks for his life.
    ShockLeaderCasualty,
    /// A unit whose hits reach its TQ and that does not rout is eliminated.
    Elimination,
    /// A Shock Table result makes a unit retreat.
    ShockRetreat,
    /// A unit whose hex is set on fire retreats.
    FireRetreat,
    /// A leader stacked with units threatened by shock may retreat.
    LeaderThreatened,
    /// A leader stacked with units that retreated may go with one of them.
    LeaderWithRetreat,
    /// A leader stacked with a unit that routed routs with it or joins
    /// another unit.
    LeaderWithRout,
    /// Shock combat: it follows movement and fire in an activation.
    ShockCombat,
    /// The steps of shock, each for every attack before the next.
    ShockSequence,
    /// Retreat Before Shock: a faster defender may fall back before the
    /// attack, and the attackers may pursue.
    RetreatBeforeShock,
    /// Shock designation: attacking stacks name their attacks.
    ShockDesignation,
    /// Who must attack: a unit that moved and has an enemy it may attack.
    MustAttack,
    /// The sequence of play: what may be done when (a decision that does not
    /// answer the step pending is refused under it).
    SequenceOfPlay,
    /// A unit the game lets stand instead of retreating takes one hit.
    StandForHit,
    /// Archers and artillery shock attacked without infantry in their hex,
    /// or whose infantry routs or falls, are eliminated.
    MissileUnitsShocked,
    /// Advance after combat: attackers enter the hexes their defenders
    /// vacated.
    Advance,
    /// Continued Shock: attackers advance without turning and attack
    /// again.
    ContinuedShock,
    /// A lone leader an enemy combat unit comes next to (or into whose hex
    /// it comes) may retreat a few hexes, and is eliminated if he cannot.
    LoneLeaderRetreat,
    /// Recovery: a routed unit the game brings back without a roll flips
    /// to its reduced side with no hits.
    RecoveryWithoutRoll,
    /// Recovery: a routed unit rolls at or under its printed TQ to come
    /// back on its reduced side, and is eliminated otherwise.
    RecoveryRoll,
    /// Recovery: a routed unit the game does not let recover is eliminated.
    RecoveryDenied,
    /// Recovery: a unit that did not rout removes half its hits, rounded
    /// down.
    RecoveryHits,
    /// Rally: a unit with no enemy within one hex removes hits as its only
    /// action.
    Rally,
    /// Turn Seizure: before a side designates its command, its opponent may
    /// roll at or under a leader's Initiative to take the Activation Phase.
    TurnSeizure,
    /// The end of a period: when the Activation Phases stop.
    PeriodEnd,
    /// A leader's own move in an activation.
    LeaderMovement,
    /// Victory: an instant win, or the outcome decided at the end of a
    /// period, before its Recovery Phase.
    Victory,
}

impl Rule {
    /// Every rule, in order.
    pub const ALL: [Rule; 77] = [
        Rule::CommandRange,
        Rule::ChainOfCommand,
        Rule::TerrainCosts,
        Rule::MovementAllowance,
        Rule::Movement,
        Rule::ZocEntry,
        Rule::Facing,
        Rule::ZocFacing,
        Rule::NoEnemyStacking,
        Rule::LeadersNextToEnemies,
        Rule::Stacking,
        Rule::StackLimit,
        Rule::OneArtilleryPerHex,
        Rule::ZonesOfControl,
        Rule::ZocExtent,
        Rule::ZocOverlap,
        Rule::LineOfSight,
        Rule::HitSharing,
        Rule::LeftoverHits,
        Rule::ShockEligibility,
        Rule::CombatUnits,
        Rule::MissileCapability,
        Rule::MissileTargets,
        Rule::MissileTargetsUnits,
        Rule::MissileHitsEachUnit,
        Rule::MissileHit,
        Rule::MissileModifiers,
        Rule::MissileRange,
        Rule::MissileLeaderCasualty,
        Rule::ArcheryAtArchers,
        Rule::RoutedMayOnlyMove,
        Rule::StackFire,
        Rule::ActiveFire,
        Rule::FireOncePerActivation,
        Rule::Activation,
        Rule::ActiveUnits,
        Rule::SoleAction,
        Rule::HitAndRun,
        Rule::ReactionFire,
        Rule::RetireReaction,
        Rule::EntryReaction,
        Rule::ReturnFire,
        Rule::ArtilleryFreeShot,
        Rule::ShockResolution,
        Rule::LeaderCharisma,
        Rule::WeaponSystems,
        Rule::Retreat,
        Rule::RetreatIntoZoc,
        Rule::NoRetreat,
        Rule::PreShockCheck,
        Rule::ShockLeaderCasualty,
        Rule::Elimination,
        Rule::ShockRetreat,
        Rule::FireRetreat,
        Rule::LeaderThreatened,
        Rule::LeaderWithRetreat,
        Rule::LeaderWithRout,
        Rule::ShockCombat,
        Rule::ShockSequence,
        Rule::ShockDesignation,
        Rule::RetreatBeforeShock,
        Rule::MustAttack,
        Rule::SequenceOfPlay,
        Rule::StandForHit,
        Rule::MissileUnitsShocked,
        Rule::Advance,
        Rule::ContinuedShock,
        Rule::LoneLeaderRetreat,
        Rule::RecoveryWithoutRoll,
        Rule::RecoveryRoll,
        Rule::RecoveryDenied,
        Rule::RecoveryHits,
        Rule::Rally,
        Rule::TurnSeizure,
        Rule::PeriodEnd,
        Rule::LeaderMovement,
        Rule::Victory,
    ];
}
