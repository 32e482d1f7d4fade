//! What the protocol reports: events (each cites its rule through
//! `gboh_core::game::Event`) and errors.

use gboh_core::Side;
use gboh_core::dice::DiceError;
use gboh_core::facing::Facing;
use gboh_core::table::Modifiers;
use serde::Serialize;
use thiserror::Error;

use super::decision::Outcome;
use crate::command::MomentumOutcome;
use crate::rally::RallyOutcome;
use crate::shock::Shift;
use crate::shock::Superiority;
use crate::tables::CasualtyEffect;

/// What happened.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub enum StandardEvent<E> {
    /// A leader activates for an Orders Phase.
    Activated {
        /// The leader.
        leader: usize,
        /// A Momentum phase.
        momentum: bool,
    },
    /// A leaderless Auxiliares Phase opens (Caesar 5.6, Reconstructed, as a
    /// game reads it: `StandardGame::auxiliares_leaderless`, Gergovia's
    /// auxiliary phase): the side's auxiliaries take their orders without a
    /// leader; `leader` holds the phase as a formality.
    AuxiliariesActivated {
        /// The side whose auxiliaries are activated.
        side: Side,
        /// The leader who holds the phase.
        leader: usize,
    },
    /// The two Elite OCs rolled for the extra phase (SPQR 5.5).
    EliteRolled {
        /// The side that has it, if either.
        side: Option<Side>,
    },
    /// A tie for activation was rolled off.
    TieRolled {
        /// The side that goes first.
        first: Side,
    },
    /// A Trump or challenge roll.
    Trump {
        /// The leader trying.
        leader: usize,
        /// It worked.
        success: bool,
    },
    /// A Momentum roll.
    Momentum {
        /// The leader.
        leader: usize,
        /// The outcome.
        outcome: MomentumOutcome,
    },
    /// A leader is Finished.
    Finished {
        /// The leader.
        leader: usize,
    },
    /// A unit entered a hex.
    Moved {
        /// The unit.
        unit: usize,
        /// The hex label.
        to: String,
        /// Hits it took.
        hits: u8,
    },
    /// A double-size phalanx pivoted (Dictator 9.102) or wheeled (with its
    /// TQ check's die), or pivoted to advance (9.104).
    Pivoted {
        /// The unit.
        unit: usize,
        /// The centre front hex it entered.
        to: String,
        /// Its new facing.
        facing: Facing,
        /// Hits it took (the pivot's, the terrain's, the wheel's check).
        hits: u8,
    },
    /// A unit entered (`true`) or left column.
    Column {
        /// The unit.
        unit: usize,
        /// In column now.
        column: bool,
    },
    /// SPQR 4.56: the OC was killed and a Proconsul takes over as OC, his
    /// Strategy 1.
    ProconsulInCommand {
        /// The Proconsul.
        leader: usize,
    },
    /// SPQR 4.74: a Replacement leader was placed, Finished for the turn.
    LeaderReplaced {
        /// The Replacement leader.
        leader: usize,
        /// The hex label.
        to: String,
    },
    /// SPQR 6.64: the OC gave one Individual Order to every unit in his
    /// hex, to move with him as one stack.
    StackOrdered {
        /// The OC.
        leader: usize,
        /// The units of the stack, top first.
        units: Vec<usize>,
    },
    /// SPQR 6.64: the OC's stack entered a hex, the OC with it.
    StackMoved {
        /// The OC.
        leader: usize,
        /// The hex label.
        to: String,
        /// Each unit of the stack with the hits it took, top first.
        units: Vec<(usize, u8)>,
    },
    /// A unit turned.
    Faced {
        /// The unit.
        unit: usize,
        /// The facing.
        facing: Facing,
        /// Hits it took.
        hits: u8,
    },
    /// A Line Command: its units, or a failed eligibility roll (no units).
    LineCommand {
        /// The leader.
        leader: usize,
        /// The units of the line (empty when the roll failed).
        units: Vec<usize>,
    },
    /// A leader was ordered to move (SPQR 4.4).
    LeaderOrdered {
        /// The leader.
        leader: usize,
        /// Individual Orders it cost.
        orders: u8,
    },
    /// A leader moved.
    LeaderMoved {
        /// The leader.
        leader: usize,
        /// The hex label.
        to: String,
    },
    /// A missile fire.
    Fired {
        /// The firer.
        unit: usize,
        /// The target.
        target: usize,
        /// Hits on the target.
        hits: u8,
        /// The fire's die-roll modifiers, each with its rule (SPQR 8.2).
        modifiers: Modifiers,
    },
    /// A missile weapon of the game's own, with no counter, fired at a
    /// unit that moved (Gergovia 9.33: a tower's scorpion), resolved on the
    /// missile table (SPQR 8.2).
    GameFired {
        /// What fired, in words ("the scorpion in tower 0446").
        by: String,
        /// Its hex label.
        from: String,
        /// The target.
        target: usize,
        /// The range in hexes.
        range: u8,
        /// Hits on the target.
        hits: u8,
        /// The fire's die-roll modifiers, each with its rule.
        modifiers: Modifiers,
    },
    /// A pre-shock TQ check.
    PreShock {
        /// The unit.
        unit: usize,
        /// Hits taken.
        hits: u8,
    },
    /// A phalanx's roll to stand rather than rout.
    PhalanxStands {
        /// The phalanx.
        unit: usize,
        /// It stood.
        stands: bool,
    },
    /// A shock resolved on the CRT.
    Shock {
        /// The attacker.
        attacker: usize,
        /// The defender used for the column.
        defender: usize,
        /// The column after shifts.
        column: u8,
        /// The column shifts that moved it, each with what it is for.
        shifts: Vec<Shift>,
        /// The rule of the shifts, in the game's numbering (SPQR 8.5).
        shift_rule: &'static str,
        /// The CRT roll's modifiers (the leaders' Charisma, SPQR 8.7).
        modifiers: Modifiers,
        /// Superiority.
        superiority: Superiority,
        /// Hits on the attacker.
        attacker_hits: u8,
        /// Hits on the defenders.
        defender_hits: u8,
        /// The other attackers of a combined attack (SPQR 8.42), whose sizes
        /// were added and who share the attacker's hits.
        with: Vec<usize>,
    },
    /// SPQR 6.41: a phalanx took its fifth MP, for these hits.
    FifthMp {
        /// The phalanx.
        unit: usize,
        /// The hits it took.
        hits: u8,
    },
    /// SPQR 9.51: phalanx `back` stepped in under phalanx `front`: they stand
    /// in double depth, and neither moves again this phase.
    DoubleDepthFormed {
        /// The phalanx that moved in, now the bottom unit.
        back: usize,
        /// The phalanx it stacked under, now the top unit.
        front: usize,
    },
    /// SPQR 6.68: the unit of a stack whose other unit routed: it routs with
    /// the top unit, or checks its TQ when the bottom one routed.
    StackRout {
        /// The unit.
        unit: usize,
        /// It rolled a TQ check (the bottom unit routed).
        checked: bool,
        /// It routs.
        routs: bool,
    },
    /// A unit on the brink kept its place (or routed: see `Routed`).
    Brink {
        /// The unit.
        unit: usize,
        /// It stayed.
        stays: bool,
    },
    /// A unit turned to face an enemy that moved next to it.
    ReactionFaced {
        /// The unit.
        unit: usize,
        /// Its facing.
        facing: Facing,
        /// Hits from the roll.
        hits: u8,
    },
    /// A unit withdrew before an enemy.
    Withdrew {
        /// The unit.
        unit: usize,
        /// Where it ended.
        to: String,
        /// Hits it took.
        hits: u8,
    },
    /// Victorious cavalry rolled to pursue (SPQR 8.5).
    Pursuit {
        /// The cavalry.
        unit: usize,
        /// It pursues.
        pursues: bool,
    },
    /// SPQR 8.62's last case: the routed unit the pursuer followed left the
    /// map, so the pursuer and the leaders stacked with it are placed off
    /// the map.
    PursuedOffMap {
        /// The cavalry.
        unit: usize,
        /// The leaders who went with it.
        leaders: Vec<usize>,
        /// The exit hex's label (where the routed unit left the map).
        exit: String,
    },
    /// SPQR 8.64 (4.4 #6): the OC gives his whole Orders Phase to Regroup
    /// and Return his army's off-map cavalry.
    Regrouped {
        /// The OC.
        leader: usize,
    },
    /// SPQR 8.64: an off-map pursuer re-entered the map within 2 hexes of
    /// its exit hex, the leaders who went with it in its hex.
    Returned {
        /// The cavalry.
        unit: usize,
        /// The leaders with it.
        leaders: Vec<usize>,
        /// The hex's label.
        to: String,
    },
    /// An attacker advanced into a vacated hex.
    Advanced {
        /// The unit.
        unit: usize,
        /// The hex.
        to: String,
    },
    /// A unit routed.
    Routed {
        /// The unit.
        unit: usize,
    },
    /// SPQR 6.63 (the 6.69 chart, voluntary movement): a unit in good order
    /// passed through a friend, who takes the same hit as the mover.
    PassedFriend {
        /// The unit passed through.
        unit: usize,
        /// The unit that passed.
        by: usize,
        /// Hits it took.
        hits: u8,
    },
    /// A routed unit passed through a friend (SPQR 6.6).
    PassedThrough {
        /// The unit passed through.
        unit: usize,
        /// The routed unit.
        by: usize,
        /// Hits it took.
        hits: u8,
    },
    /// A routed unit moved.
    RoutMove {
        /// The unit.
        unit: usize,
        /// Where it ended.
        to: String,
    },
    /// A unit was eliminated.
    Eliminated {
        /// The unit.
        unit: usize,
        /// Rout points its side lost.
        rout_points: u32,
    },
    /// A leader casualty roll came up.
    LeaderCasualty {
        /// The leader.
        leader: usize,
        /// The effect.
        effect: CasualtyEffect,
    },
    /// A rally attempt.
    Rally {
        /// The unit.
        unit: usize,
        /// The outcome.
        outcome: RallyOutcome,
    },
    /// SPQR 6.66: the unit went on top of its stack.
    StackSwapped {
        /// The unit now on top.
        unit: usize,
    },
    /// Hits removed.
    Recovered {
        /// The unit.
        unit: usize,
        /// Hits removed.
        hits: u8,
    },
    /// A unit's missiles reloaded.
    Reloaded {
        /// The unit.
        unit: usize,
    },
    /// A turn ended.
    TurnEnded {
        /// The turn that ended.
        turn: u8,
    },
    /// The battle ended.
    Over(Outcome),
    /// The game's own event.
    Game(E),
}

/// Why an action was rejected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StandardError {
    /// Not allowed now, under `rule`.
    #[error("{rule}: {what}")]
    Illegal {
        /// The rule's section in the game's rulebook.
        rule: &'static str,
        /// What is wrong, lower-case.
        what: String,
    },
    /// Scripted dice ran out.
    #[error("dice: {0}")]
    Dice(#[from] DiceError),
}
