//! The Sequence of Play (Alesia 3.0, 5.1, 5.2; Caesar in Alexandria 3.0,
//! 4.5): Turn Seizure, activating a command or passing, the end of an
//! Activation Phase, the end of a period with its Recovery Phase.
//!
//! [`Battle`](super::Battle) plays these steps; a game that still plays a
//! protocol of its own over a [`BattleRules`] state calls the public ones
//! ([`attempt`], [`activate`], [`pass`], [`end_activation`]) so that each
//! step is written once.

use gboh_core::Side;
use gboh_core::dice::{Dice, Roll};
use gboh_core::game::Event;

use super::{BattleRules, illegal, report};
use crate::error::CombatError;
use crate::field::UnitFlags;
use crate::game::Roster;
use crate::ground::zoc::{in_enemy_zoc, mark_enemies_in_zoc};
use crate::id::{Lid, Uid};
use crate::rule::Rule;
use crate::rules::designation::undesignated_obligations;
use crate::rules::recovery::recovery_phase;
use crate::sequence::ShockStage;
use crate::turn::{Activation, Outcome, TurnEvent};

/// The Turn Seizure window open now: the side that may seize and its
/// leaders. Not while an activation is under way or a lone leader
/// chooses, not in a period's first Activation Phase (Alesia 5.24), once a
/// window (the opponent's designation closes it), never by a side that
/// tried at its last opportunity (5.22), and only with leaders the game
/// says may seize ([`BattleRules::seizure_leaders`]).
pub fn window<S: BattleRules>(s: &S) -> Option<(Side, Vec<Lid>)> {
    let turn = s.turn();
    if turn.outcome.is_some()
        || turn.current.is_some()
        || !turn.lone_leaders.is_empty()
        || turn.seizure.window_closed
        || turn.activations == 0
    {
        return None;
    }
    let side = turn.to_act.opponent();
    if turn.seizure.last_attempt_by == Some(side) {
        return None;
    }
    let leaders: Vec<Lid> = s.seizure_leaders(side).into_iter().map(|(l, _)| l).collect();
    (!leaders.is_empty()).then_some((side, leaders))
}

/// What a command's activation roll decided
/// ([`BattleRules::activation_roll`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ActivationRoll {
    /// The command needs no roll: it activates.
    NotNeeded,
    /// The roll succeeded: the command activates, its event citing `rule`
    /// and carrying `roll` (Alesia 5.63: the Alesia Force enters play).
    Passed {
        /// The section of the played game's rulebook that calls for the roll.
        rule: &'static str,
        /// The roll.
        roll: Roll,
    },
    /// The roll failed: nothing activates and the side chooses again; the
    /// protocol reports it, citing `rule` and carrying `roll`.
    Failed {
        /// The section of the played game's rulebook that calls for the roll.
        rule: &'static str,
        /// The roll.
        roll: Roll,
    },
}

/// A Turn Seizure attempt with `lid` by the opponent of the side to act
/// (Alesia 5.21; Caesar in Alexandria 4.51): a d10 at or under his
/// Initiative takes the Activation Phase; the try counts against his
/// rating either way. The caller has checked that the window is open.
///
/// # Errors
/// A leader [`BattleRules::seizure_leaders`] does not name; scripted dice
/// that run out.
pub fn attempt<S: BattleRules>(
    s: &mut S,
    lid: Lid,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let side = s.turn().to_act.opponent();
    let initiative = s
        .seizure_leaders(side)
        .into_iter()
        .find_map(|(l, i)| (l == lid).then_some(i))
        .ok_or_else(|| illegal::<S>(Rule::TurnSeizure, "that leader may not seize the turn"))?;
    let roll = dice.d10()?;
    let seized = roll.face <= initiative;
    if let Some(l) = s.field_mut().leader_mut(lid) {
        l.seizures_used = l.seizures_used.saturating_add(1);
    }
    let seizure = &mut s.turn_mut().seizure;
    seizure.last_attempt_by = Some(side);
    seizure.attempted = true;
    seizure.window_closed = true;
    if seized {
        seizure.seized_by = Some(lid);
        s.turn_mut().to_act = side;
    }
    let what = TurnEvent::Seizure { leader: lid, roll: roll.face, initiative, seized };
    events.push(
        Event::new(super::section::<S>(Rule::TurnSeizure), S::turn_event(what)).with_roll(roll),
    );
    Ok(())
}

/// The side to act designates (or passes): the window before it is over,
/// and a side that let its opportunity pass may seize again next time
/// (Alesia 5.22). [`activate`] and [`pass`] call it; a game's own action
/// that takes the Activation Phase calls it too (Alesia 5.33: an entry
/// attempt is the Gallic Activation Phase's sole action).
pub fn close_window<S: BattleRules>(s: &mut S, acting: Side) {
    let seizure = &mut s.turn_mut().seizure;
    if !seizure.attempted && seizure.last_attempt_by == Some(acting.opponent()) {
        seizure.last_attempt_by = None;
    }
    seizure.window_closed = true;
}

/// Activates `command` (checked; Alesia 5.1, Caesar in Alexandria 3.0 A):
/// its roll first, if the game asks for one
/// ([`BattleRules::activation_roll`]); then per-activation flags cleared
/// for every unit, the command's units marked where an enemy ZOC holds
/// them or they hold an enemy in theirs (shock's eligibility), MP reset.
/// Returns whether it activated (`false`: its roll failed, nothing
/// changed but what the game recorded of the roll).
///
/// # Errors
/// Scripted dice that run out in the roll or the game's own consequences.
pub fn activate<S: BattleRules>(
    s: &mut S,
    command: S::Command,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<bool, CombatError> {
    let (rule, roll) = match s.activation_roll(&command, dice, events)? {
        ActivationRoll::NotNeeded => (super::section::<S>(Rule::Activation), None),
        ActivationRoll::Passed { rule, roll } => (rule, Some(roll)),
        ActivationRoll::Failed { rule, roll } => {
            let side = s.command_side(&command);
            let what = TurnEvent::NotActivated { side, command, roll: roll.face };
            events.push(Event::new(rule, S::turn_event(what)).with_roll(roll));
            return Ok(false);
        }
    };
    let side = s.command_side(&command);
    close_window(s, side);
    s.turn_mut().seizure.seized_by = None;
    s.activating(&command);
    let (units, own) = s.activation_units(&command);
    let field = s.field_mut();
    let count = field.setup().unit_count();
    for i in 0..count {
        let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
        let started_in_zoc = units.contains(&uid)
            && field.unit(uid).and_then(|u| u.at).is_some_and(|h| in_enemy_zoc(field, h, side));
        if let Some(u) = field.unit_mut(uid) {
            u.flags.0 &= !UnitFlags::PER_ACTIVATION;
            u.flags.set(UnitFlags::STARTED_IN_ZOC, started_in_zoc);
            u.mp_spent = 0;
            u.fires = 0;
        }
    }
    mark_enemies_in_zoc(field, &units);
    for i in 0..field.setup().leader_count() {
        if let Some(l) = field.leader_mut(Lid(u8::try_from(i).unwrap_or(u8::MAX))) {
            l.mp_spent = 0;
        }
    }
    let turn = s.turn_mut();
    turn.passes = 0;
    let mut activation = Activation::new(side, command.clone(), units);
    activation.own = own;
    turn.current = Some(activation);
    let event = Event::new(rule, S::turn_event(TurnEvent::Activated { side, command }));
    events.push(match roll {
        Some(roll) => event.with_roll(roll),
        None => event,
    });
    s.activated(dice, events)?;
    Ok(true)
}

/// The side to act passes (Alesia 3.0: having no command to activate).
///
/// # Errors
/// Scripted dice that run out in the Recovery Phase.
pub fn pass<S: BattleRules>(
    s: &mut S,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let side = s.turn().to_act;
    close_window(s, side);
    let turn = s.turn_mut();
    turn.seizure.seized_by = None;
    turn.passes = turn.passes.saturating_add(1);
    report::<S>(events, Rule::SequenceOfPlay, TurnEvent::Passed { side });
    end_phase(s, side, dice, events)
}

/// Whether the activation may end now: no combat decision pending, shock
/// finished, or never begun with no unit obliged to attack.
///
/// # Errors
/// The rule that keeps it going.
pub(super) fn may_end<S: BattleRules>(s: &S) -> Result<(), CombatError> {
    let Some(a) = s.turn().current.as_ref() else {
        return Err(illegal::<S>(Rule::Activation, "no activation is under way"));
    };
    match a.combat.shock.as_ref().map(|sh| sh.stage) {
        Some(ShockStage::Done) => Ok(()),
        Some(_) => Err(illegal::<S>(Rule::ShockSequence, "shock is not finished")),
        None => match undesignated_obligations(s).first() {
            Some(&u) => {
                let name = s.field().setup().unit_name(u).unwrap_or("a unit").to_owned();
                Err(illegal::<S>(
                    Rule::MustAttack,
                    format!("{name} must attack: begin shock first"),
                ))
            }
            None => Ok(()),
        },
    }
}

/// Ends the activation under way (checked first: the protocol asks
/// whether shock is over and no unit must still attack): the game's end of the activation
/// ([`BattleRules::activation_ended`]), then, unless one of its decisions
/// must be made first, the end of the Activation Phase: play passes to the
/// opponent, or the period ends (3.1), with its Recovery Phase, and the
/// game says what follows.
///
/// # Errors
/// Scripted dice that run out in the Recovery Phase.
pub fn end_activation<S: BattleRules>(
    s: &mut S,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let side = s.turn_mut().current.take().map_or(s.turn().to_act, |a| a.side);
    s.activation_ended(dice, events)?;
    if s.decision().is_some() {
        s.turn_mut().ending = Some(side);
        return Ok(());
    }
    end_phase(s, side, dice, events)
}

/// After one of the game's own actions: an Activation Phase whose end
/// waited for the game's decisions ends once none is left.
///
/// # Errors
/// Scripted dice that run out in the Recovery Phase.
pub(super) fn resume_ending<S: BattleRules>(
    s: &mut S,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    if s.turn().ending.is_none() || s.decision().is_some() {
        return Ok(());
    }
    match s.turn_mut().ending.take() {
        Some(side) => end_phase(s, side, dice, events),
        None => Ok(()),
    }
}

/// `side`'s Activation Phase is over: play passes to its opponent, unless
/// the period is over, when the Recovery Phase follows and the game says
/// what comes next. [`pass`] and [`end_activation`] end with it; a game's
/// own action that takes the Activation Phase calls it (Alesia 5.34: a
/// failed entry attempt is a lost activation).
///
/// # Errors
/// Scripted dice that run out in the Recovery Phase.
pub fn end_phase<S: BattleRules>(
    s: &mut S,
    side: Side,
    dice: &mut Dice,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    s.phase_ending(side);
    let turn = s.turn_mut();
    turn.activations = turn.activations.saturating_add(1);
    turn.to_act = side.opponent();
    turn.seizure.window_closed = false;
    turn.seizure.attempted = false;
    let next = turn.to_act;
    report::<S>(events, Rule::SequenceOfPlay, TurnEvent::ActivationEnded { next });
    if !s.period_over() {
        return Ok(());
    }
    events.push(Event::new(super::section::<S>(Rule::PeriodEnd), s.period_end_event()));
    if let Some(outcome) = s.period_decided() {
        game_over(s, Rule::Victory, outcome, events);
        return Ok(());
    }
    recovery_phase(s, dice, events)?;
    if let Some(outcome) = s.period_ended(events) {
        game_over(s, Rule::PeriodEnd, outcome, events);
        return Ok(());
    }
    let first = s.first_side();
    let turn = s.turn_mut();
    turn.period = turn.period.saturating_add(1);
    turn.activations = 0;
    turn.passes = 0;
    turn.to_act = first;
    turn.seizure = crate::turn::SeizureState::default();
    let field = s.field_mut();
    for i in 0..field.setup().leader_count() {
        if let Some(l) = field.leader_mut(Lid(u8::try_from(i).unwrap_or(u8::MAX))) {
            l.seizures_used = 0;
        }
    }
    Ok(())
}

/// The game is over, under `rule` (its reason cites the game's own).
pub(super) fn game_over<S: BattleRules>(
    s: &mut S,
    rule: Rule,
    outcome: Outcome,
    events: &mut Vec<Event<S::Event>>,
) {
    s.turn_mut().outcome = Some(outcome.clone());
    report::<S>(events, rule, TurnEvent::GameOver(outcome));
}
