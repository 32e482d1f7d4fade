//! Combat's part of the protocol: its decisions, pending decision points,
//! previews, events and errors.

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::table::{Distribution, ModifiedRoll, Modifiers, ShockResult};
use gboh_core::unit::{HitOutcome, UnitType};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::missile::{FireOutcome, Shot, ShotKind};
use super::shock::resolution::ShockOutcome;
use super::state::ReactionKind;
use crate::game::{LegionIdx, Lid, Uid};

/// A combat decision.
///
/// The active player's, during movement (8.1-8.5, 10.5, 10.8): [`Fire`],
/// [`Flame`], [`PutOutFire`], [`ChangeMode`], [`Rally`], [`PlaceAquila`],
/// then [`BeginShock`]. During shock (9.2) and its effects (10.0), whoever
/// [`CombatPending`] names: [`Designate`], [`Resolve`], [`Weapon`],
/// [`DistributeHits`], [`Place`] and [`Done`]. The non-active player reacts
/// with [`React`] or [`Done`] (8.6).
///
/// [`Fire`]: CombatAction::Fire
/// [`Flame`]: CombatAction::Flame
/// [`PutOutFire`]: CombatAction::PutOutFire
/// [`ChangeMode`]: CombatAction::ChangeMode
/// [`Rally`]: CombatAction::Rally
/// [`PlaceAquila`]: CombatAction::PlaceAquila
/// [`BeginShock`]: CombatAction::BeginShock
/// [`Designate`]: CombatAction::Designate
/// [`Resolve`]: CombatAction::Resolve
/// [`Weapon`]: CombatAction::Weapon
/// [`DistributeHits`]: CombatAction::DistributeHits
/// [`Place`]: CombatAction::Place
/// [`Done`]: CombatAction::Done
/// [`React`]: CombatAction::React
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CombatAction {
    /// 8.1: missile fire by an active unit at a target hex. `will_move`
    /// declares that a foot archer or mounted missile unit will move after
    /// firing (8.17's "+1 moved/will move"); a unit that fired without it may
    /// not move afterwards.
    Fire {
        /// The firing unit.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// 8.17: it will move after firing.
        will_move: bool,
    },
    /// 8.41, 6.49: a Gallic archer sets a Rampart or Redoubt On Fire; a Roman
    /// archer burns a Fill.
    Flame {
        /// The archer.
        unit: Uid,
        /// The target hex.
        target: Hex,
    },
    /// 8.44: a Roman unit tries to put out a fire, its only action.
    PutOutFire {
        /// The unit.
        unit: Uid,
        /// The burning hex.
        hex: Hex,
    },
    /// 8.52: an artillery unit changes between Fire and Move mode, its only action.
    ChangeMode {
        /// The artillery unit.
        unit: Uid,
    },
    /// 10.5: a Roman unit rallies, its only action.
    Rally {
        /// The unit.
        unit: Uid,
    },
    /// 10.8: the active legion places its new Aquila after a capture.
    PlaceAquila {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
    /// 9.0: movement and fire are over; shock follows.
    BeginShock,
    /// 8.6: the non-active player fires with `unit` at `target`.
    React {
        /// The reacting unit.
        unit: Uid,
        /// The hex it fires at.
        target: Hex,
    },
    /// 9.21: the stack in `attacker` attacks every enemy in its front hexes not
    /// yet attacked, in a new attack (`join: None`) or joining attack `join`.
    Designate {
        /// The attacking stack's hex.
        attacker: Hex,
        /// The attack it joins, if any.
        join: Option<u8>,
    },
    /// 9.25: resolve designated attack `attack` next.
    Resolve {
        /// The attack's index.
        attack: u8,
    },
    /// 9.25 Weapon Systems: use this unit type.
    Weapon {
        /// The type.
        unit_type: UnitType,
    },
    /// 9.25 "#": the units that take the leftover hits, one each.
    DistributeHits {
        /// The units.
        units: Vec<Uid>,
    },
    /// Put a unit in a hex with a facing: a retreat (10.2, 9.23, 8.43), a
    /// retreat before shock or pursuit (9.22), an advance (9.3), a routed
    /// cohort's place (10.42).
    Place {
        /// The unit.
        unit: Uid,
        /// The hex.
        to: Hex,
        /// Its facing there.
        facing: Facing,
    },
    /// 4.32, 10.26, 10.46: the leader [`CombatPending::Leader`] names goes to
    /// `to` (`None`: off the map with his routed unit, to the Gallic Camp,
    /// 10.44). Staying where he is (4.32, 10.26) is [`CombatAction::Done`].
    PlaceLeader {
        /// The leader.
        leader: Lid,
        /// Where he goes.
        to: Option<Hex>,
    },
    /// Finish the current choice: decline reaction fire, end designation,
    /// stand rather than retreat before shock (or, on a Rampart, rather than
    /// retreat, 10.24), stop pursuing, a leader stays where he is (4.32, 10.26).
    Done,
}

/// A combat decision point: who decides, and what about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CombatPending {
    /// 8.6: fire in reaction, or decline.
    Reaction {
        /// The non-active player.
        side: Side,
        /// Which reaction.
        kind: ReactionKind,
    },
    /// 9.21: designate attacks.
    Designation {
        /// The active player.
        side: Side,
    },
    /// 9.22: retreat defenders before shock, or stand.
    RetreatBeforeShock {
        /// The defending player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.22: pursue with the attackers, or stop.
    Pursuit {
        /// The active player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.25: choose the next attack to resolve.
    ResolutionOrder {
        /// The active player.
        side: Side,
    },
    /// 9.25: choose a weapon system.
    Weapon {
        /// The choosing player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 9.25 "#": place leftover hits.
    DistributeHits {
        /// The player inflicting the hits.
        side: Side,
        /// How many leftover hits.
        leftover: u8,
    },
    /// 10.2: choose a retreat hex (or stand on a Rampart, 10.24).
    Retreat {
        /// The owner.
        side: Side,
        /// The unit.
        unit: Uid,
    },
    /// 10.42: place a routed cohort by its Aquila.
    PlaceRouted {
        /// The owner.
        side: Side,
        /// The cohort.
        unit: Uid,
    },
    /// 9.3: advance after combat.
    Advance {
        /// The active player.
        side: Side,
        /// The attack.
        attack: u8,
    },
    /// 4.32, 10.26, 10.46: where a leader goes (the rule says which case).
    Leader {
        /// The leader's side.
        side: Side,
        /// The leader.
        leader: Lid,
        /// The rule giving the choice: "4.32", "10.26" or "10.46".
        rule: &'static str,
    },
}

impl CombatPending {
    /// Who decides.
    #[must_use]
    pub const fn side(&self) -> Side {
        match self {
            CombatPending::Reaction { side, .. }
            | CombatPending::Designation { side }
            | CombatPending::RetreatBeforeShock { side, .. }
            | CombatPending::Pursuit { side, .. }
            | CombatPending::ResolutionOrder { side }
            | CombatPending::Weapon { side, .. }
            | CombatPending::DistributeHits { side, .. }
            | CombatPending::Retreat { side, .. }
            | CombatPending::PlaceRouted { side, .. }
            | CombatPending::Advance { side, .. }
            | CombatPending::Leader { side, .. } => *side,
        }
    }
}

/// What [`super::check`] previews.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CombatPreview {
    /// Legal; nothing to roll.
    Legal,
    /// A missile shot: its modifiers and the exact odds of each outcome.
    Shot {
        /// The shot, with every DRM and its rule.
        shot: Shot,
        /// The exact distribution of outcomes.
        odds: Distribution<FireOutcome>,
    },
    /// A roll that succeeds or fails (8.41 Flame, 8.44 putting out a fire).
    Check {
        /// The modifiers, each with its rule.
        modifiers: Modifiers,
        /// The exact chance of success.
        odds: Distribution<bool>,
    },
    /// A shock attack: its modifiers and the exact odds of each outcome.
    Shock {
        /// Every DRM, with its rule.
        modifiers: Modifiers,
        /// The exact distribution of outcomes.
        odds: Distribution<ShockOutcome>,
    },
}

/// Something combat did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum CombatEvent {
    /// 8.16: a missile shot.
    Fired {
        /// The firer.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// Active or reaction fire.
        kind: ShotKind,
        /// The range read on the table.
        range: u8,
        /// Hit on this modified roll or less.
        hit_number: u8,
        /// The DRMs, each with its rule.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// Whether it hit.
        hit: bool,
    },
    /// 8.41-8.43, 6.49: flame fire.
    Flame {
        /// The archer.
        unit: Uid,
        /// The target hex.
        target: Hex,
        /// The DRMs.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// Whether the hex caught fire (or the Fill burnt).
        success: bool,
    },
    /// 10.1: a unit took hits.
    Hits {
        /// The unit.
        unit: Uid,
        /// How many.
        hits: u8,
        /// What they made of it.
        outcome: HitOutcome,
    },
    /// 10.42, 10.44: a routed unit's new place (`None`: the Gallic Camp).
    Routed {
        /// The unit.
        unit: Uid,
        /// Where it went.
        to: Option<Hex>,
    },
    /// A unit left the map for good (10.14, 10.42, 9.27, 8.45, 8.52).
    Eliminated {
        /// The unit.
        unit: Uid,
    },
    /// 8.18, 9.24: a leader's casualty check.
    LeaderCheck {
        /// The leader.
        leader: Lid,
        /// Whether he was killed.
        killed: bool,
    },
    /// A leader retreated one hex (4.32), went with a retreating unit (10.26),
    /// routed with his unit or was placed with the nearest unit he could
    /// command (10.46).
    LeaderMoved {
        /// The leader.
        leader: Lid,
        /// Where (`None`: off the map, to the Gallic Camp).
        to: Option<Hex>,
    },
    /// 4.32, 10.26: a leader chose to stay where he is.
    LeaderStayed {
        /// The leader.
        leader: Lid,
    },
    /// 4.33: an advance or pursuit brought an enemy combat unit next to (or
    /// into the hex of) a leader who is alone: he may retreat up to three
    /// hexes to one of `options`.
    LeaderMayRetreat {
        /// The leader.
        leader: Lid,
        /// Where he may go.
        options: Vec<Hex>,
    },
    /// 4.33: a lone leader who could not retreat was eliminated.
    LeaderEliminated {
        /// The leader.
        leader: Lid,
    },
    /// 4.35: a killed leader (or one back from the Gallic Camp, 10.46) was
    /// placed with a unit to activate a command.
    LeaderReturned {
        /// The leader.
        leader: Lid,
        /// Where.
        to: Hex,
    },
    /// 10.2, 9.22, 9.23, 8.43: a unit retreated.
    Retreated {
        /// The unit.
        unit: Uid,
        /// From.
        from: Hex,
        /// To.
        to: Hex,
    },
    /// 10.23: a unit could not retreat.
    NoRetreat {
        /// The unit.
        unit: Uid,
    },
    /// 10.24: a unit on a Rampart stood instead of retreating.
    Stood {
        /// The unit.
        unit: Uid,
    },
    /// 6.68: a unit was Disordered.
    Disordered {
        /// The unit.
        unit: Uid,
    },
    /// 8.43: a hex was set On Fire.
    SetOnFire {
        /// The hex.
        hex: Hex,
    },
    /// 8.44: a fire-fighting attempt.
    FireFought {
        /// The hex.
        hex: Hex,
        /// Whether the fire is out.
        out: bool,
    },
    /// 8.45: a burning hex's burn-down roll.
    BurnCheck {
        /// The hex.
        hex: Hex,
        /// Whether it burnt down to Rubble.
        burnt: bool,
    },
    /// 6.49: the Fill in a hex burnt away.
    FillBurnt {
        /// The hex.
        hex: Hex,
    },
    /// 8.52: an artillery unit changed mode.
    ModeChanged {
        /// The unit.
        unit: Uid,
        /// In Fire mode now.
        fire: bool,
    },
    /// 10.5, 10.65: hits removed.
    HitsRemoved {
        /// The unit.
        unit: Uid,
        /// How many.
        removed: u8,
    },
    /// 10.62, 10.63: a routed unit recovered to its reduced side, or not.
    Recovered {
        /// The unit.
        unit: Uid,
        /// Whether it recovered (else eliminated).
        recovered: bool,
    },
    /// 10.8: an Aquila was placed.
    AquilaPlaced {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
    /// 10.8: an Aquila retreated with its unit.
    AquilaMoved {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        to: Hex,
    },
    /// 10.8: an Aquila was captured.
    AquilaCaptured {
        /// The legion.
        legion: LegionIdx,
        /// Where.
        hex: Hex,
    },
    /// 8.6: the non-active player declined to react.
    Declined,
    /// 9.0: shock began.
    ShockBegun,
    /// 9.21: an attack was designated (or joined).
    Designated {
        /// The attack.
        attack: u8,
        /// Its attackers now.
        attackers: Vec<Uid>,
        /// Its defending hexes now.
        defenders: Vec<Hex>,
    },
    /// 9.23: a Pre-Shock Check.
    PreShockCheck {
        /// The defending hex.
        hex: Hex,
        /// The TQ checked (6.67: the top infantry unit's).
        tq: u8,
        /// Whether it passed.
        passed: bool,
    },
    /// 9.25: a weapon system was chosen.
    WeaponChosen {
        /// By whom.
        side: Side,
        /// The type.
        unit_type: UnitType,
    },
    /// 9.25: an attack was resolved.
    ShockResolved {
        /// The attack.
        attack: u8,
        /// Every DRM with its rule.
        modifiers: Modifiers,
        /// The modified roll.
        modified: ModifiedRoll,
        /// The Shock Table's result.
        result: ShockResult,
    },
    /// 9.2, 10.3: an attack did not take place (no defender or attacker left).
    AttackVoid {
        /// The attack.
        attack: u8,
    },
    /// 10.3: Continued Shock: a new attack.
    ContinuedShock {
        /// The new attack.
        attack: u8,
    },
    /// 9.3, 9.22: a unit advanced or pursued.
    Advanced {
        /// The unit.
        unit: Uid,
        /// Where.
        to: Hex,
        /// Its facing.
        facing: Facing,
    },
    /// 9.2: shock is over.
    ShockEnded,
    /// 10.7: a tribe (or the Alesia Force) was withdrawn.
    Withdrawn {
        /// The Tribal Counter's id, or `"Alesia"`.
        tribe: String,
    },
}

/// Why a combat action was refused. The message cites the rule.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CombatError {
    /// The action breaks a rule.
    #[error("{rule}: {why}")]
    Illegal {
        /// The rule section.
        rule: &'static str,
        /// What is wrong, lower-case (borrowed when it is fixed text: a
        /// listing that tries many actions allocates nothing for each refusal).
        why: std::borrow::Cow<'static, str>,
    },
    /// Dice could not be rolled (scripted dice ran out).
    #[error("2.3: {0}")]
    Dice(String),
}

impl CombatError {
    /// An illegal action under `rule`.
    pub fn illegal(
        rule: &'static str,
        why: impl Into<std::borrow::Cow<'static, str>>,
    ) -> CombatError {
        CombatError::Illegal { rule, why: why.into() }
    }
}

impl From<gboh_core::dice::DiceError> for CombatError {
    fn from(e: gboh_core::dice::DiceError) -> Self {
        CombatError::Dice(e.to_string())
    }
}
