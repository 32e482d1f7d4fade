//! The queue of combat steps ([`Task`], in [`ActivationCombat::tasks`]):
//! each either waits for a decision (where to retreat, who takes the
//! leftover hits, where a routed unit goes, who advances, where a leader
//! goes) or runs on its own. A decision with a single answer is taken
//! automatically. Section numbers in these docs are Alesia's.
//!
//! What the engine runs: shared hits with the leftover choice (6.67, 9.25
//! "#"), a stack's retreat unit by unit and what a stack or unit that cannot
//! retreat suffers ([`Rule::NoRetreat`], 10.23), a unit that may stand for a
//! hit instead ([`Rule::StandForHit`]; Alesia's Rampart Exception #2, 10.24),
//! archers and artillery whose infantry is gone ([`Rule::MissileUnitsShocked`],
//! 9.27), the hexes an attack's defenders vacated, the advance
//! ([`super::advance`]), Continued Shock ([`super::continued_shock`]) and the
//! leaders' choices ([`super::leaders`]). What a game adds: where its routed
//! units go when it offers a choice, units that may never retreat, a stack that may stand for a hit
//! ([`TaskRules`]).
//!
//! [`ActivationCombat::tasks`]: crate::sequence::ActivationCombat::tasks

use gboh_core::Side;
use gboh_core::game::Event;
use hexx::Hex;

use super::advance::{self, AdvanceRules};
use super::continued_shock::attack_again;
use super::effects::{eliminate, report, share_hits, take_hits};
use super::hits::{leftover_choices, sharers, split};
use super::leaders::{self as leaders, retreat_tasks};
use super::reaction_windows::{self, ReactionRules};
use super::retreat::{options as retreat_hexes, retreat};
use super::shock::ShockRules;
use crate::decision::{CombatAction, CombatPending};
use crate::error::CombatError;
use crate::event::SimpleEvent;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::ground::stacking::joined_facing;
use crate::id::Uid;
use crate::rule::Rule;
use crate::sequence::{Attack, HitsCause, RetreatCause, Task};

/// What a game adds to the combat steps.
pub trait TaskRules: AdvanceRules<Game: ShockRules> + ReactionRules {
    /// Where routed unit `uid` may be placed, when the game queued a
    /// [`Task::PlaceRouted`] for it (Alesia 10.42: by its Aquila), in the
    /// order offered. Default: nowhere.
    fn routed_places(&self, uid: Uid) -> Vec<Hex> {
        let _ = uid;
        Vec::new()
    }

    /// Puts routed unit `uid` in `to`, or, with nowhere to go (`None`),
    /// does what the game does then. Default: placed, keeping its facing;
    /// with nowhere to go, eliminated ([`Rule::Elimination`]).
    fn place_routed(&mut self, uid: Uid, to: Option<Hex>, events: &mut Vec<Event<Self::Event>>) {
        match to {
            Some(to) => {
                if let Some(f) = self.field().unit(uid).map(|s| s.facing) {
                    let _ = self.field_mut().move_unit(uid, to, f);
                }
            }
            None => {
                let rule = <Self::Game as SimpleGame>::section(Rule::Elimination);
                eliminate(self, uid, rule, events);
            }
        }
    }

    /// Opens the window in which enemy missile units may fire at unit
    /// `uid`, which has just advanced (Entry Reaction, Alesia 8.62).
    /// Default: [`reaction_windows::open_entry`].
    fn open_entry_window(&mut self, uid: Uid) {
        reaction_windows::open_entry(self, uid);
    }

    /// Whether unit `uid` in `from` may retreat at all (Alesia 8.52: a
    /// Scorpio in a tower never does). Default: yes.
    fn may_retreat(field: &Field<Self::Game>, uid: Uid, from: Hex) -> bool {
        let _ = (field, uid, from);
        true
    }

    /// Whether the defenders in `hex`, attacked from `attackers`, may stand
    /// for one hit instead of retreating ([`Rule::StandForHit`]; Alesia
    /// 10.24: on a Rampart attacked from below). Default: never.
    fn may_stand(field: &Field<Self::Game>, hex: Hex, attackers: &[Hex]) -> bool {
        let _ = (field, hex, attackers);
        false
    }

    /// The section an artillery unit that cannot retreat is eliminated
    /// under. Default: the game's [`Rule::NoRetreat`] (Alesia: 8.52 in a
    /// tower, 10.23 elsewhere).
    fn artillery_no_retreat_rule(field: &Field<Self::Game>, uid: Uid) -> &'static str {
        let _ = (field, uid);
        <Self::Game as SimpleGame>::section(Rule::NoRetreat)
    }
}

fn front<E: TaskRules + ?Sized>(e: &E) -> Option<&Task> {
    e.combat()?.tasks.first()
}

fn pop<E: TaskRules + ?Sized>(e: &mut E) -> Option<Task> {
    let c = e.combat_mut()?;
    if c.tasks.is_empty() { None } else { Some(c.tasks.remove(0)) }
}

fn push_front<E: TaskRules + ?Sized>(e: &mut E, tasks: Vec<Task>) {
    if let Some(c) = e.combat_mut() {
        c.tasks.splice(0..0, tasks);
    }
}

fn section<E: TaskRules + ?Sized>(rule: Rule) -> &'static str {
    <E::Game as SimpleGame>::section(rule)
}

/// Whether any step is waiting.
#[must_use]
pub fn any<E: TaskRules + ?Sized>(e: &E) -> bool {
    front(e).is_some()
}

/// Where unit `uid` may go in a retreat from `from`, away from `away`.
fn retreat_options<E: TaskRules + ?Sized>(e: &E, uid: Uid, from: Hex, away: &[Hex]) -> Vec<Hex> {
    if !E::may_retreat(e.field(), uid, from) {
        return Vec::new();
    }
    retreat_hexes(e.field(), uid, from, away)
}

/// Whether `uid` is an archer or artillery unit.
fn is_passenger<G: SimpleGame>(field: &Field<G>, uid: Uid) -> bool {
    field
        .setup()
        .unit_profile(uid)
        .is_some_and(|p| p.unit_type.is_archer() || p.unit_type.is_artillery())
}

fn is_artillery<G: SimpleGame>(field: &Field<G>, uid: Uid) -> bool {
    field.setup().unit_profile(uid).is_some_and(|p| p.unit_type.is_artillery())
}

/// 6.67, 9.27: an archer or artillery unit whose stack's infantry is still
/// in `from` after its own retreat decision (it stood, or could not retreat)
/// "suffers no effect": it neither retreats nor takes a hit. Not when the
/// hex was set on fire (every unit there must leave).
fn passenger_stays<G: SimpleGame>(
    field: &Field<G>,
    uid: Uid,
    from: Hex,
    cause: RetreatCause,
) -> bool {
    let setup = field.setup();
    cause != RetreatCause::Fire
        && is_passenger(field, uid)
        && field.stack(from).iter().any(|u| {
            u != uid
                && setup.unit_side(u) == setup.unit_side(uid)
                && !is_passenger(field, u)
                && field.unit(u).is_some_and(|s| s.cohesion.in_play())
        })
}

/// The decision the first step waits for, if it needs one.
#[must_use]
pub fn decision<E: TaskRules + ?Sized, X>(e: &E) -> Option<(CombatPending, Vec<CombatAction<X>>)> {
    let field = e.field();
    match front(e)? {
        Task::Hits { units, hits: n, chooser, .. } => {
            let units = sharers(field, units);
            let (_, left) = split(*n, units.len());
            let choices = leftover_choices(field, &units, left);
            (choices.len() > 1).then(|| {
                (
                    CombatPending::DistributeHits { side: *chooser, leftover: left },
                    choices
                        .into_iter()
                        .map(|units| CombatAction::DistributeHits { units })
                        .collect(),
                )
            })
        }
        Task::PlaceRouted { unit } => {
            let facing = field.unit(*unit)?.facing;
            let side = field.setup().unit_side(*unit)?;
            let options: Vec<CombatAction<X>> = e
                .routed_places(*unit)
                .into_iter()
                .map(|to| CombatAction::Place {
                    unit: *unit,
                    to,
                    facing: joined_facing(field, *unit, to, facing),
                })
                .collect();
            (options.len() > 1)
                .then_some((CombatPending::PlaceRouted { side, unit: *unit }, options))
        }
        Task::Retreat { unit, from, away, rampart_stand, cause } => {
            let s = field.unit(*unit)?;
            if s.at != Some(*from) || passenger_stays(field, *unit, *from, *cause) {
                return None;
            }
            let side = field.setup().unit_side(*unit)?;
            let mut options: Vec<CombatAction<X>> = retreat_options(e, *unit, *from, away)
                .into_iter()
                .map(|to| CombatAction::Place {
                    unit: *unit,
                    to,
                    facing: joined_facing(field, *unit, to, s.facing),
                })
                .collect();
            // Standing costs a hit, which artillery never takes (6.67): an
            // artillery unit with nowhere to go is eliminated.
            if *rampart_stand && !is_artillery(field, *unit) {
                options.push(CombatAction::Done);
            }
            (options.len() > 1).then_some((CombatPending::Retreat { side, unit: *unit }, options))
        }
        Task::Advance { attack, hex, keep_facing } => {
            let options = advance::options(e, *attack, *hex, *keep_facing);
            // The active player's: the attackers' side.
            let first = *attack_ref(e, *attack)?.attackers.first()?;
            let side = field.setup().unit_side(first)?;
            (options.len() > 1)
                .then_some((CombatPending::Advance { side, attack: *attack }, options))
        }
        Task::Leader { leader, from, case } => leaders::decision(e, *leader, *from, case),
        Task::RetreatStack { .. }
        | Task::AfterShock { .. }
        | Task::Vacated { .. }
        | Task::ContinuedShock { .. }
        | Task::EntryWindow { .. } => None,
    }
}

/// Applies a decision (one of [`decision`]'s actions) to the first step.
///
/// # Errors
/// If the action does not answer the first step.
pub fn decide<E: TaskRules + ?Sized, X>(
    e: &mut E,
    action: &CombatAction<X>,
    events: &mut Vec<Event<E::Event>>,
) -> Result<(), CombatError> {
    let wrong = || {
        CombatError::illegal(
            section::<E>(Rule::SequenceOfPlay),
            "that does not answer the combat step pending now",
        )
    };
    let task = front(e).cloned().ok_or_else(wrong)?;
    match (task, action) {
        (
            Task::Hits { units, hits: n, cause, .. },
            CombatAction::DistributeHits { units: extra },
        ) => {
            pop(e);
            let units = sharers(e.field(), &units);
            share_hits(e, &units, n, extra, section::<E>(cause.rule()), events);
        }
        (Task::PlaceRouted { unit, .. }, CombatAction::Place { to, .. }) => {
            pop(e);
            e.place_routed(unit, Some(*to), events);
        }
        (Task::Retreat { unit, from, cause, .. }, CombatAction::Place { to, .. }) => {
            pop(e);
            retreat(e, unit, from, *to, section::<E>(cause.rule()), events);
        }
        (Task::Retreat { unit, .. }, CombatAction::Done) => {
            pop(e);
            stand(e, unit, events);
        }
        (Task::Advance { attack, keep_facing, .. }, CombatAction::Place { unit, to, facing }) => {
            advance::advance(e, attack, *unit, *to, *facing, keep_facing, events);
        }
        (Task::Leader { leader, case, .. }, CombatAction::PlaceLeader { leader: l, to })
            if leader == *l =>
        {
            pop(e);
            leaders::place(e, leader, *to, section::<E>(case.rule()), events);
        }
        (Task::Leader { leader, case, .. }, CombatAction::Done) => {
            pop(e);
            leaders::stay::<E>(leader, section::<E>(case.rule()), events);
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

/// A unit that may stand stays for one hit ([`Rule::StandForHit`]).
fn stand<E: TaskRules + ?Sized>(e: &mut E, unit: Uid, events: &mut Vec<Event<E::Event>>) {
    let rule = section::<E>(Rule::StandForHit);
    report::<E>(events, rule, SimpleEvent::Stood { unit }, &[]);
    take_hits(e, unit, 1, rule, events);
}

/// Runs the first step if it needs no decision (or has a single answer).
/// Returns whether it ran one.
///
/// # Errors
/// Only if a single answer is refused (never).
pub fn step<E: TaskRules + ?Sized, X>(
    e: &mut E,
    events: &mut Vec<Event<E::Event>>,
) -> Result<bool, CombatError> {
    let Some(task) = front(e).cloned() else {
        return Ok(false);
    };
    if let Some((_, actions)) = decision::<E, X>(e) {
        return match actions.as_slice() {
            [only] => {
                decide(e, only, events)?;
                Ok(true)
            }
            _ => Ok(false),
        };
    }
    if let Task::Advance { attack, hex, keep_facing } = task {
        match advance::options::<E, X>(e, attack, hex, keep_facing).as_slice() {
            [CombatAction::Place { unit, to, facing }] => {
                advance::advance(e, attack, *unit, *to, *facing, keep_facing, events);
            }
            _ => {
                pop(e);
            }
        }
        return Ok(true);
    }
    pop(e);
    match task {
        Task::Hits { units, hits: n, cause, .. } => {
            let units = sharers(e.field(), &units);
            let (_, left) = split(n, units.len());
            let extra =
                leftover_choices(e.field(), &units, left).into_iter().next().unwrap_or_default();
            share_hits(e, &units, n, &extra, section::<E>(cause.rule()), events);
        }
        Task::PlaceRouted { unit } => {
            let to = e.routed_places(unit).first().copied();
            e.place_routed(unit, to, events);
        }
        Task::RetreatStack { hex, units, away, cause, rampart_stand, .. } => {
            retreat_stack(e, hex, &units, &away, cause, rampart_stand, events);
        }
        Task::Retreat { unit, from, away, cause, rampart_stand } => {
            if e.field().unit(unit).is_some_and(|s| s.at == Some(from))
                && !passenger_stays(e.field(), unit, from, cause)
            {
                match retreat_options(e, unit, from, &away).first() {
                    Some(&to) if !rampart_stand => {
                        retreat(e, unit, from, to, section::<E>(cause.rule()), events);
                    }
                    _ => cannot_retreat(e, unit, cause, rampart_stand, events),
                }
            }
        }
        Task::AfterShock { attack } => after_shock(e, attack, events),
        Task::Vacated { attack, continued } => vacated(e, attack, continued),
        Task::ContinuedShock { attack } => {
            attack_again(e, attack, events);
        }
        Task::EntryWindow { unit } => e.open_entry_window(unit),
        Task::Leader { leader, from, case } => leaders::settle(e, leader, from, &case, events),
        Task::Advance { .. } => {}
    }
    Ok(true)
}

/// A unit with nowhere to retreat: one that may stand stays for one hit
/// ([`Rule::StandForHit`]); artillery is eliminated; a unit whose hex was set
/// on fire takes one more hit; anyone else takes two ([`Rule::NoRetreat`]).
fn cannot_retreat<E: TaskRules + ?Sized>(
    e: &mut E,
    unit: Uid,
    cause: RetreatCause,
    rampart_stand: bool,
    events: &mut Vec<Event<E::Event>>,
) {
    let artillery = is_artillery(e.field(), unit);
    if rampart_stand && !artillery {
        stand(e, unit, events);
    } else if artillery {
        let rule = E::artillery_no_retreat_rule(e.field(), unit);
        eliminate(e, unit, rule, events);
    } else {
        let rule = cause_rule::<E>(cause);
        report::<E>(events, rule, SimpleEvent::NoRetreat { unit }, &[]);
        let n = if cause == RetreatCause::Fire { 1 } else { 2 };
        take_hits(e, unit, n, rule, events);
    }
}

/// The section a retreat that cannot be made cites: its cause's, but
/// [`Rule::NoRetreat`] for a Shock Table retreat.
fn cause_rule<E: TaskRules + ?Sized>(cause: RetreatCause) -> &'static str {
    match cause {
        RetreatCause::Shock => section::<E>(Rule::NoRetreat),
        _ => section::<E>(cause.rule()),
    }
}

/// 6.67, 10.23: a stack retreats unit by unit; if its top unit has nowhere
/// to go (and may not stand), it stays and takes two hits spread over it.
fn retreat_stack<E: TaskRules + ?Sized>(
    e: &mut E,
    hex: Hex,
    units: &[Uid],
    away: &[Hex],
    cause: RetreatCause,
    rampart_stand: bool,
    events: &mut Vec<Event<E::Event>>,
) {
    let field = e.field();
    let present: Vec<Uid> = units
        .iter()
        .copied()
        .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(hex) && s.cohesion.in_play()))
        .collect();
    let sharing = sharers(field, &present);
    let Some(top) = sharing.first().or(present.first()).copied() else { return };
    let stuck = retreat_options(e, top, hex, away).is_empty();
    if stuck && !rampart_stand && cause != RetreatCause::Fire && !sharing.is_empty() {
        for &u in &sharing {
            report::<E>(events, cause_rule::<E>(cause), SimpleEvent::NoRetreat { unit: u }, &[]);
        }
        let chooser = e.field().setup().unit_side(top).map_or(Side::Roman, Side::opponent);
        push_front(
            e,
            vec![Task::Hits { units: sharing, hits: 2, chooser, cause: HitsCause::NoRetreat }],
        );
        return;
    }
    let mut ordered = sharing.clone();
    ordered.extend(present.iter().copied().filter(|u| !sharing.contains(u)));
    let mut tasks: Vec<Task> = ordered
        .iter()
        .map(|&unit| Task::Retreat { unit, from: hex, away: away.to_vec(), cause, rampart_stand })
        .collect();
    // 10.26: then each leader stacked with them goes with one or stays.
    if let Some(side) = e.field().setup().unit_side(top) {
        tasks.extend(retreat_tasks(e.field(), hex, side, &ordered));
    }
    push_front(e, tasks);
}

/// Attack `k` of the shock under way.
fn attack_ref<E: TaskRules + ?Sized>(e: &E, k: u8) -> Option<&Attack> {
    e.combat()?.shock.as_ref()?.attacks.get(usize::from(k))
}

/// Attack `k` of the shock under way, cloned.
fn attack<E: TaskRules + ?Sized>(e: &E, k: u8) -> Option<Attack> {
    attack_ref(e, k).cloned()
}

/// After an attack's hits: archers and artillery whose infantry routed or
/// fell are eliminated ([`Rule::MissileUnitsShocked`]); the retreats the
/// result calls for; then [`Task::Vacated`].
fn after_shock<E: TaskRules + ?Sized>(e: &mut E, k: u8, events: &mut Vec<Event<E::Event>>) {
    let Some(a) = attack(e, k) else { return };
    let Some(result) = a.result else { return };
    let field = e.field();
    let attacker_hexes: Vec<Hex> = {
        let mut h: Vec<Hex> =
            a.attackers.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
        h.dedup();
        h
    };
    let mut doomed = Vec::new();
    for &h in &a.defender_hexes {
        let here: Vec<Uid> =
            a.defenders.iter().filter(|&&(_, dh)| dh == h).map(|&(u, _)| u).collect();
        let present: Vec<Uid> = here
            .iter()
            .copied()
            .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)))
            .collect();
        let infantry_left = !sharers(field, &present).is_empty();
        let had_infantry = here.iter().any(|&u| !is_passenger(field, u));
        if had_infantry && !infantry_left {
            doomed.extend(present);
        }
    }
    let rule = section::<E>(Rule::MissileUnitsShocked);
    for u in doomed {
        eliminate(e, u, rule, events);
    }
    let field = e.field();
    let mut tasks = Vec::new();
    if result.defender_retreats {
        for &h in &a.defender_hexes {
            let units: Vec<Uid> = a
                .defenders
                .iter()
                .filter(|&&(u, dh)| dh == h && field.unit(u).is_some_and(|s| s.at == Some(h)))
                .map(|&(u, _)| u)
                .collect();
            if !units.is_empty() {
                tasks.push(Task::RetreatStack {
                    hex: h,
                    units,
                    away: attacker_hexes.clone(),
                    cause: RetreatCause::Shock,
                    rampart_stand: E::may_stand(field, h, &attacker_hexes),
                    attack: Some(k),
                });
            }
        }
    }
    if result.attacker_retreats {
        for &h in &attacker_hexes {
            let units: Vec<Uid> = a
                .attackers
                .iter()
                .copied()
                .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)))
                .collect();
            tasks.push(Task::RetreatStack {
                hex: h,
                units,
                away: a.defender_hexes.clone(),
                cause: RetreatCause::Shock,
                rampart_stand: false,
                attack: Some(k),
            });
        }
    }
    let continued =
        result.continued_shock && <E::Game as ShockRules>::continued_shock_applies(field, &a);
    tasks.push(Task::Vacated { attack: k, continued });
    push_front(e, tasks);
}

/// Records the hexes attack `k`'s defenders vacated because of shock (9.31);
/// with Continued Shock, queues the advance into them and the new attack.
fn vacated<E: TaskRules + ?Sized>(e: &mut E, k: u8, continued: bool) {
    let Some(a) = attack(e, k) else { return };
    let field = e.field();
    let setup = field.setup();
    let side = a.defenders.first().and_then(|&(u, _)| setup.unit_side(u));
    let hexes: Vec<Hex> = a
        .defender_hexes
        .iter()
        .copied()
        .filter(|&h| !field.stack(h).iter().any(|u| setup.unit_side(u) == side))
        .filter(|&h| {
            a.defenders
                .iter()
                .any(|&(u, dh)| dh == h && !a.retreated_before.iter().any(|&(r, _, _)| r == u))
        })
        .filter(|h| !a.vacated.contains(h))
        .collect();
    if continued {
        let mut tasks: Vec<Task> = hexes
            .into_iter()
            .map(|hex| Task::Advance { attack: k, hex, keep_facing: true })
            .collect();
        tasks.push(Task::ContinuedShock { attack: k });
        push_front(e, tasks);
    } else if let Some(a) = e
        .combat_mut()
        .and_then(|c| c.shock.as_mut())
        .and_then(|s| s.attacks.get_mut(usize::from(k)))
    {
        a.vacated.extend(hexes);
    }
}
