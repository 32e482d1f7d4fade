//! Movement in an activation, as the protocol routes it: the move search
//! ([`crate::rules::movement`]) finds and makes the move and reports what it
//! did; the protocol offers the reactions it calls for. Before a unit
//! leaves a hex in a missile unit's ZOC, Retire Reaction (Alesia 8.61): the
//! move is not made while the window is open, and the player moves again
//! afterwards (the window is offered once a departure). After it, what
//! follows the unit in the game ([`BattleRules::moved`]: Alesia 6.13's
//! riders), Entry Reaction at the hex it entered (8.62), and every lone
//! enemy leader next to a hex it entered may retreat (4.33).

use gboh_core::facing::Facing;
use gboh_core::game::Event;
use hexx::Hex;

use super::active::{end_movement, movement_closed};
use super::decision::{Action, Preview};
use super::{BattleRules, illegal};
use crate::error::CombatError;
use crate::id::Lid;
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::leaders::threaten_lone_leaders;
use crate::rules::missile::MissileRules;
use crate::rules::movement::{MoveSearch, Reachable, leader_reach, make_move, move_leader};
use crate::rules::reaction_windows::{open_entry, open_retire};

type PreviewOf<S> = Preview<<<S as crate::rules::effects::Effects>::Game as MissileRules>::Column>;

/// Whether active unit `uid` may move now, as far as the activation goes
/// (the unit's own state is the move search's, [`crate::rules::movement::may_move`]).
fn may_move<S: BattleRules>(s: &S, uid: Uid) -> Result<(), CombatError> {
    let Some(a) = s.turn().current.as_ref() else {
        return Err(illegal::<S>(Rule::Activation, "no activation is under way"));
    };
    if !a.units.contains(&uid) {
        return Err(illegal::<S>(Rule::ActiveUnits, "the unit is not in the active command"));
    }
    if movement_closed(s) {
        return Err(illegal::<S>(Rule::ShockCombat, "movement is over: shock has begun"));
    }
    if a.leader_moved {
        return Err(illegal::<S>(
            Rule::LeaderMovement,
            "a leader has moved: the units' movement is over",
        ));
    }
    if a.combat.may_not_move.contains(&uid) {
        return Err(illegal::<S>(
            Rule::FireOncePerActivation,
            "the unit fired and may not move this activation",
        ));
    }
    Ok(())
}

/// Appends every move of every active unit that may move now, unit by unit
/// in [`Uid`] order, each unit's ends in board order.
pub(super) fn legal<S: BattleRules>(
    s: &S,
    search: &mut MoveSearch,
    out: &mut Vec<super::ActionOf<S>>,
) {
    let Some(a) = s.turn().current.as_ref() else { return };
    if movement_closed(s) {
        return;
    }
    for &unit in &a.units {
        if may_move(s, unit).is_err() {
            continue;
        }
        if let Ok(ends) = search.reach(s.field(), unit) {
            out.extend(ends.iter().map(|e| Action::Move { unit, to: e.hex, facing: e.facing }));
        }
    }
}

/// The end (`to`, `facing`) of a move of `unit`, if it may make it.
fn end<S: BattleRules>(
    s: &S,
    search: &mut MoveSearch,
    unit: Uid,
    to: Hex,
    facing: Facing,
) -> Result<Reachable, CombatError> {
    may_move(s, unit)?;
    search
        .reach_to(s.field(), unit, to, facing)
        .map_err(|r| CombatError::illegal(r.section(), r.why()))?
        .ok_or_else(|| {
            illegal::<S>(Rule::Movement, "the unit cannot end a move there with that facing")
        })
}

/// Checks a move and previews its cost and path.
///
/// # Errors
/// Why the unit may not move there now.
pub(super) fn check<S: BattleRules>(
    s: &S,
    search: &mut MoveSearch,
    unit: Uid,
    to: Hex,
    facing: Facing,
) -> Result<PreviewOf<S>, CombatError> {
    let e = end(s, search, unit, to, facing)?;
    let path = search.path(s.field(), &e).into_iter().map(|p| p.hex).collect();
    Ok(Preview::Move { mp: e.mp, path })
}

/// Makes a move (or, before a unit leaves a hex a missile unit's ZOC
/// covers, opens Retire Reaction instead), then offers what it calls for.
///
/// # Errors
/// Why the unit may not move there now.
pub(super) fn perform<S: BattleRules>(
    s: &mut S,
    search: &mut MoveSearch,
    unit: Uid,
    to: Hex,
    facing: Facing,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let e = end(s, search, unit, to, facing)?;
    let path = search.path(s.field(), &e);
    // One unit's movement is completed before another's begins.
    if s.turn().current.as_ref().and_then(|a| a.moving).is_some_and(|m| m != unit) {
        end_movement(s, events);
    }
    if let Some(a) = s.turn_mut().current.as_mut() {
        a.moving = Some(unit);
    }
    let from = s.field().unit(unit).and_then(|u| u.at);
    if from != Some(e.hex) && open_retire(s, unit) {
        return Ok(());
    }
    let report = make_move(s, unit, &e, &path, events);
    s.moved(unit, events);
    let side = s.turn().current.as_ref().map(|a| a.side);
    if let Some(side) = side {
        for &hex in &report.entered {
            threaten_lone_leaders(s, side, hex, events);
        }
    }
    if !report.entered.is_empty() {
        open_entry(s, unit);
    }
    Ok(())
}

/// Leader `lid`'s MP left in this activation, if he may move in it.
fn leader_budget<S: BattleRules>(s: &S, lid: Lid) -> Option<u8> {
    let (_, ma) = s.leader_moves().into_iter().find(|&(l, _)| l == lid)?;
    let spent = s.field().leader(lid).map_or(0, |l| l.mp_spent);
    Some(ma.saturating_sub(spent))
}

/// Appends every move of every leader who may move now.
pub(super) fn legal_leaders<S: BattleRules>(s: &S, out: &mut Vec<super::ActionOf<S>>) {
    if s.turn().current.is_none() || movement_closed(s) {
        return;
    }
    for (leader, _) in s.leader_moves() {
        let budget = leader_budget(s, leader).unwrap_or(0);
        let reach = leader_reach(s.field(), leader, budget);
        out.extend(reach.into_iter().map(|(to, _)| Action::MoveLeader { leader, to }));
    }
}

/// The MP of leader `lid`'s move to `to`, if he may make it now.
fn leader_cost<S: BattleRules>(s: &S, lid: Lid, to: Hex) -> Result<u8, CombatError> {
    if s.turn().current.is_none() {
        return Err(illegal::<S>(Rule::Activation, "no activation is under way"));
    }
    if movement_closed(s) {
        return Err(illegal::<S>(Rule::ShockCombat, "movement is over: shock has begun"));
    }
    let budget = leader_budget(s, lid).ok_or_else(|| {
        illegal::<S>(Rule::LeaderMovement, "that leader may not move in this activation")
    })?;
    leader_reach(s.field(), lid, budget)
        .into_iter()
        .find(|&(h, _)| h == to)
        .map(|(_, mp)| mp)
        .ok_or_else(|| {
            illegal::<S>(
                Rule::LeaderMovement,
                "the leader cannot reach that hex with the MP he has",
            )
        })
}

/// Checks a leader's move and previews its cost.
///
/// # Errors
/// Why the leader may not move there now.
pub(super) fn check_leader<S: BattleRules>(
    s: &S,
    lid: Lid,
    to: Hex,
) -> Result<PreviewOf<S>, CombatError> {
    let mp = leader_cost(s, lid, to)?;
    Ok(Preview::Move { mp, path: Vec::new() })
}

/// Moves a leader (checked); the units' movement is over.
///
/// # Errors
/// Why the leader may not move there now.
pub(super) fn perform_leader<S: BattleRules>(
    s: &mut S,
    lid: Lid,
    to: Hex,
    events: &mut Vec<Event<S::Event>>,
) -> Result<(), CombatError> {
    let mp = leader_cost(s, lid, to)?;
    end_movement(s, events);
    if let Some(a) = s.turn_mut().current.as_mut() {
        a.leader_moved = true;
    }
    move_leader(s, lid, to, mp, events);
    Ok(())
}
