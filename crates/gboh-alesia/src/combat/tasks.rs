//! The queue of combat steps ([`Task`]): each either waits for a decision
//! (where to retreat, who takes the leftover hits, where a routed cohort goes,
//! who advances) or runs on its own. A decision with a single answer is taken
//! automatically.

use gboh_core::game::Event;
use gboh_core::unit::UnitType;
use gboh_simple::{Rule, SimpleGame};
use hexx::Hex;

use super::action::{CombatAction, CombatError, CombatEvent, CombatPending};
use super::effects::{continued_shock, hits, retreat, rout};
use super::reaction;
use super::shock::{self, advance};
use super::state::{RetreatCause, Task, activation, activation_mut};
use super::terrain::{is_rampart, side_of};
use crate::game::SiegeOfAlesia;
use crate::game::Uid;
use crate::movement::stacking;
use crate::protocol::{Alesia, AlesiaEvent};

fn front(game: &Alesia) -> Option<&Task> {
    activation(game)?.tasks.first()
}

fn pop(game: &mut Alesia) -> Option<Task> {
    let a = activation_mut(game)?;
    if a.tasks.is_empty() { None } else { Some(a.tasks.remove(0)) }
}

fn push_front(game: &mut Alesia, tasks: Vec<Task>) {
    if let Some(a) = activation_mut(game) {
        a.tasks.splice(0..0, tasks);
    }
}

/// Whether any step is waiting.
#[must_use]
pub fn any(game: &Alesia) -> bool {
    front(game).is_some()
}

/// Where unit `uid` may go in a retreat from `from` (none for a Scorpio in a
/// Rampart hex, 8.52).
fn retreat_options(game: &Alesia, uid: Uid, from: Hex, away: &[Hex]) -> Vec<Hex> {
    let scorpio_in_tower =
        game.setup().unit(uid).is_some_and(|i| i.unit_type() == UnitType::Scorpio)
            && is_rampart(&game.field, from);
    if scorpio_in_tower {
        return Vec::new();
    }
    retreat::options(&game.field, uid, from, away)
}

/// Whether `uid` is an archer or artillery unit.
fn is_passenger(game: &Alesia, uid: Uid) -> bool {
    game.setup()
        .unit(uid)
        .is_some_and(|i| i.unit_type().is_archer() || i.unit_type().is_artillery())
}

/// 6.67, 9.27: an archer or artillery unit whose stack's infantry is still
/// in `from` after its own retreat decision (it stood, 10.24, or could not
/// retreat, 10.23) "suffers no effect": it neither retreats nor takes a hit.
/// Not for Flame (8.43: every unit in a hex set on fire must leave).
fn passenger_stays(game: &Alesia, uid: Uid, from: Hex, cause: RetreatCause) -> bool {
    let field = &game.field;
    cause != RetreatCause::Fire
        && is_passenger(game, uid)
        && field.stack(from).iter().any(|u| {
            u != uid
                && side_of(field, u) == side_of(field, uid)
                && !is_passenger(game, u)
                && field.unit(u).is_some_and(|s| s.cohesion.in_play())
        })
}

/// The decision the first step waits for, if it needs one.
#[must_use]
pub fn decision(game: &Alesia) -> Option<(CombatPending, Vec<CombatAction>)> {
    let field = &game.field;
    match front(game)? {
        Task::Hits { units, hits: n, chooser, .. } => {
            let units = hits::sharers(field, units);
            let (_, left) = hits::split(*n, units.len());
            let choices = hits::leftover_choices(field, &units, left);
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
            let side = side_of(field, *unit)?;
            let options: Vec<CombatAction> = rout::placements(game, *unit)
                .into_iter()
                .map(|to| CombatAction::Place {
                    unit: *unit,
                    to,
                    facing: stacking::joined_facing(field, *unit, to, facing),
                })
                .collect();
            (options.len() > 1)
                .then_some((CombatPending::PlaceRouted { side, unit: *unit }, options))
        }
        Task::Retreat { unit, from, away, rampart_stand, cause } => {
            let s = field.unit(*unit)?;
            if s.at != Some(*from) || passenger_stays(game, *unit, *from, *cause) {
                return None;
            }
            let side = side_of(field, *unit)?;
            let mut options: Vec<CombatAction> = retreat_options(game, *unit, *from, away)
                .into_iter()
                .map(|to| CombatAction::Place {
                    unit: *unit,
                    to,
                    facing: stacking::joined_facing(field, *unit, to, s.facing),
                })
                .collect();
            // 10.24's stand costs a hit, which artillery never takes (8.5,
            // 6.67): a tower Scorpio with nowhere to go is eliminated (8.52).
            if *rampart_stand
                && !game.setup().unit(*unit).is_some_and(|i| i.unit_type().is_artillery())
            {
                options.push(CombatAction::Done);
            }
            (options.len() > 1).then_some((CombatPending::Retreat { side, unit: *unit }, options))
        }
        Task::Advance { attack, hex, keep_facing } => {
            let options = advance::options(game, *attack, *hex, *keep_facing);
            let side = game.turn.current.as_ref()?.side;
            (options.len() > 1)
                .then_some((CombatPending::Advance { side, attack: *attack }, options))
        }
        Task::Leader { leader, from, case } => super::leaders::decision(game, *leader, *from, case),
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
pub fn decide(
    game: &mut Alesia,
    action: &CombatAction,
    events: &mut Vec<Event<AlesiaEvent>>,
) -> Result<(), CombatError> {
    let wrong = || CombatError::illegal("3.0", "that does not answer the combat step pending now");
    let task = front(game).cloned().ok_or_else(wrong)?;
    match (task, action) {
        (
            Task::Hits { units, hits: n, cause, .. },
            CombatAction::DistributeHits { units: extra },
        ) => {
            pop(game);
            let units = hits::sharers(&game.field, &units);
            hits::apply_split(game, &units, n, extra, SiegeOfAlesia::section(cause.rule()), events);
        }
        (Task::PlaceRouted { unit, .. }, CombatAction::Place { to, .. }) => {
            pop(game);
            rout::place(game, unit, *to, events);
        }
        (Task::Retreat { unit, from, cause, .. }, CombatAction::Place { to, .. }) => {
            pop(game);
            retreat::retreat(game, unit, from, *to, SiegeOfAlesia::section(cause.rule()), events);
        }
        (Task::Retreat { unit, .. }, CombatAction::Done) => {
            pop(game);
            stand(game, unit, events);
        }
        (Task::Advance { attack, keep_facing, .. }, CombatAction::Place { unit, to, facing }) => {
            advance::advance(game, attack, *unit, *to, *facing, keep_facing, events);
        }
        (Task::Leader { leader, case, .. }, CombatAction::PlaceLeader { leader: l, to })
            if leader == *l =>
        {
            pop(game);
            super::leaders::place(game, leader, *to, SiegeOfAlesia::section(case.rule()), events);
        }
        (Task::Leader { leader, case, .. }, CombatAction::Done) => {
            pop(game);
            super::leaders::stay::<Alesia>(leader, SiegeOfAlesia::section(case.rule()), events);
        }
        _ => return Err(wrong()),
    }
    Ok(())
}

/// 10.24: a unit on a Rampart attacked from below stays for one hit.
fn stand(game: &mut Alesia, unit: Uid, events: &mut Vec<Event<AlesiaEvent>>) {
    events.push(Event::new("10.24", AlesiaEvent::Combat(CombatEvent::Stood { unit })));
    hits::take(game, unit, 1, "10.24", events);
}

/// Runs the first step if it needs no decision (or has a single answer).
/// Returns whether it ran one.
///
/// # Errors
/// Only if a single answer is refused (never).
pub fn step(game: &mut Alesia, events: &mut Vec<Event<AlesiaEvent>>) -> Result<bool, CombatError> {
    let Some(task) = front(game).cloned() else {
        return Ok(false);
    };
    if let Some((_, actions)) = decision(game) {
        return match actions.as_slice() {
            [only] => {
                decide(game, only, events)?;
                Ok(true)
            }
            _ => Ok(false),
        };
    }
    if let Task::Advance { attack, hex, keep_facing } = task {
        match advance::options(game, attack, hex, keep_facing).as_slice() {
            [CombatAction::Place { unit, to, facing }] => {
                advance::advance(game, attack, *unit, *to, *facing, keep_facing, events);
            }
            _ => {
                pop(game);
            }
        }
        return Ok(true);
    }
    pop(game);
    match task {
        Task::Hits { units, hits: n, cause, .. } => {
            let units = hits::sharers(&game.field, &units);
            let (_, left) = hits::split(n, units.len());
            let extra = hits::leftover_choices(&game.field, &units, left)
                .into_iter()
                .next()
                .unwrap_or_default();
            hits::apply_split(
                game,
                &units,
                n,
                &extra,
                SiegeOfAlesia::section(cause.rule()),
                events,
            );
        }
        Task::PlaceRouted { unit } => match rout::placements(game, unit).first() {
            Some(&to) => rout::place(game, unit, to, events),
            None => rout::eliminate(game, unit, "10.42", events),
        },
        Task::RetreatStack { hex, units, away, cause, rampart_stand, .. } => {
            retreat_stack(game, hex, &units, &away, cause, rampart_stand, events);
        }
        Task::Retreat { unit, from, away, cause, rampart_stand } => {
            if game.field.unit(unit).is_some_and(|s| s.at == Some(from))
                && !passenger_stays(game, unit, from, cause)
            {
                match retreat_options(game, unit, from, &away).first() {
                    Some(&to) if !rampart_stand => retreat::retreat(
                        game,
                        unit,
                        from,
                        to,
                        SiegeOfAlesia::section(cause.rule()),
                        events,
                    ),
                    _ => cannot_retreat(game, unit, cause, rampart_stand, events),
                }
            }
        }
        Task::AfterShock { attack } => after_shock(game, attack, events),
        Task::Vacated { attack, continued } => vacated(game, attack, continued),
        Task::ContinuedShock { attack } => {
            continued_shock::attack_again(game, attack, events);
        }
        Task::EntryWindow { unit } => {
            reaction::open_entry(game, unit);
        }
        Task::Leader { leader, from, case } => {
            super::leaders::settle(game, leader, from, &case, events);
        }
        Task::Advance { .. } => {}
    }
    Ok(true)
}

/// A unit with nowhere to retreat: on a Rampart attacked from below it stands
/// for one hit (10.24); set On Fire, one more hit (8.43); artillery is
/// eliminated; anyone else takes two hits (10.23).
fn cannot_retreat(
    game: &mut Alesia,
    unit: Uid,
    cause: RetreatCause,
    rampart_stand: bool,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let artillery = game.setup().unit(unit).is_some_and(|i| i.unit_type().is_artillery());
    if rampart_stand && !artillery {
        stand(game, unit, events);
    } else if artillery {
        let rule = if is_rampart(
            &game.field,
            game.field.unit(unit).and_then(|s| s.at).unwrap_or_default(),
        ) {
            "8.52"
        } else {
            "10.23"
        };
        rout::eliminate(game, unit, rule, events);
    } else {
        events.push(Event::new(
            cause_rule(cause),
            AlesiaEvent::Combat(CombatEvent::NoRetreat { unit }),
        ));
        let n = if cause == RetreatCause::Fire { 1 } else { 2 };
        hits::take(game, unit, n, cause_rule(cause), events);
    }
}

/// The section a retreat that cannot be made cites: its cause's, but 10.23
/// for a Shock Table retreat.
fn cause_rule(cause: RetreatCause) -> &'static str {
    match cause {
        RetreatCause::Shock => SiegeOfAlesia::section(Rule::NoRetreat),
        _ => SiegeOfAlesia::section(cause.rule()),
    }
}

/// 6.67, 10.23: a stack retreats unit by unit; if its top unit has nowhere
/// to go (and may not stand), it stays and takes two hits spread over it.
fn retreat_stack(
    game: &mut Alesia,
    hex: Hex,
    units: &[Uid],
    away: &[Hex],
    cause: RetreatCause,
    rampart_stand: bool,
    events: &mut Vec<Event<AlesiaEvent>>,
) {
    let present: Vec<Uid> = units
        .iter()
        .copied()
        .filter(|&u| game.field.unit(u).is_some_and(|s| s.at == Some(hex) && s.cohesion.in_play()))
        .collect();
    let sharers = hits::sharers(&game.field, &present);
    let top = sharers.first().or(present.first()).copied();
    let Some(top) = top else { return };
    let stuck = retreat_options(game, top, hex, away).is_empty();
    if stuck && !rampart_stand && cause != RetreatCause::Fire && !sharers.is_empty() {
        for &u in &sharers {
            events.push(Event::new(
                cause_rule(cause),
                AlesiaEvent::Combat(CombatEvent::NoRetreat { unit: u }),
            ));
        }
        push_front(
            game,
            vec![Task::Hits {
                units: sharers,
                hits: 2,
                chooser: side_of(&game.field, top).map_or(gboh_core::Side::Roman, |s| s.opponent()),
                cause: super::state::HitsCause::NoRetreat,
            }],
        );
        return;
    }
    let mut ordered = sharers.clone();
    ordered.extend(present.iter().copied().filter(|u| !sharers.contains(u)));
    let mut tasks: Vec<Task> = ordered
        .iter()
        .map(|&unit| Task::Retreat { unit, from: hex, away: away.to_vec(), cause, rampart_stand })
        .collect();
    // 10.26: then each leader stacked with them goes with one or stays.
    if let Some(side) = side_of(&game.field, top) {
        tasks.extend(super::leaders::retreat_tasks(&game.field, hex, side, &ordered));
    }
    push_front(game, tasks);
}

/// After an attack's hits: 9.27 archers and artillery whose infantry routed
/// or fell are eliminated; 10.2 retreats; then [`Task::Vacated`].
fn after_shock(game: &mut Alesia, k: u8, events: &mut Vec<Event<AlesiaEvent>>) {
    let Some(a) = shock::attack(game, k).cloned() else {
        return;
    };
    let Some(result) = a.result else { return };
    let field = &game.field;
    let attacker_hexes: Vec<Hex> = {
        let mut h: Vec<Hex> =
            a.attackers.iter().filter_map(|&u| field.unit(u).and_then(|s| s.at)).collect();
        h.dedup();
        h
    };
    // 9.27: towers without infantry.
    let mut doomed = Vec::new();
    for &h in &a.defender_hexes {
        let here: Vec<Uid> =
            a.defenders.iter().filter(|&&(_, dh)| dh == h).map(|&(u, _)| u).collect();
        let present: Vec<Uid> = here
            .iter()
            .copied()
            .filter(|&u| field.unit(u).is_some_and(|s| s.at == Some(h)))
            .collect();
        let infantry_left = !hits::sharers(field, &present).is_empty();
        let had_infantry = here.iter().any(|&u| {
            field
                .setup()
                .unit(u)
                .is_some_and(|i| !i.unit_type().is_archer() && !i.unit_type().is_artillery())
        });
        if had_infantry && !infantry_left {
            doomed.extend(present);
        }
    }
    for u in doomed {
        rout::eliminate(game, u, "9.27", events);
    }
    let field = &game.field;
    let from_below = !attacker_hexes.iter().any(|&h| is_rampart(field, h));
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
                    rampart_stand: from_below && is_rampart(field, h),
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
    let continued = result.continued_shock && continued_shock::applies(&game.field, &a);
    tasks.push(Task::Vacated { attack: k, continued });
    push_front(game, tasks);
}

/// Records the hexes attack `k`'s defenders vacated because of shock (9.31);
/// with Continued Shock, queues the advance into them and the new attack.
fn vacated(game: &mut Alesia, k: u8, continued: bool) {
    let Some(a) = shock::attack(game, k).cloned() else {
        return;
    };
    let field = &game.field;
    let side = a.defenders.first().and_then(|&(u, _)| side_of(field, u));
    let hexes: Vec<Hex> = a
        .defender_hexes
        .iter()
        .copied()
        .filter(|&h| !field.stack(h).iter().any(|u| side_of(field, u) == side))
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
        push_front(game, tasks);
    } else if let Some(a) = shock::attack_mut(game, k) {
        a.vacated.extend(hexes);
    }
}
