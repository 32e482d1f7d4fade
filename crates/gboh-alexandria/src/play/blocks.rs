//! 5.23 Blocks: the game's own actions. The engine's move search follows
//! hexes and Points only (a Block is linked to its Points by side links,
//! docs/architecture.md "Places"), so a unit enters a Block from an
//! adjacent Point, paying its entire printed MA and ending its activation,
//! regardless of facing (5.32 play note), never across the canal (5.24);
//! and leaves it into an adjacent Point by paying that Point's cost (5.36),
//! then may go on moving. Leaders do the same with their own MA (4.31: not
//! into an enemy-occupied Block; never next to an enemy unless onto
//! friends).

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_simple::field::UnitFlags;
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::zoc;
use gboh_simple::rules::movement::mp_left;
use gboh_simple::rules::preview::CombatPreview;
use gboh_simple::{BattleRules, CombatError, Lid, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::Land;
use super::chart::{Ground, MissileColumn};
use super::command::fit;
use super::ground::land_step;
use super::state::{Alexandria, Happened};

/// 5.23's section.
pub const BLOCKS: &str = "5.23";

/// The game's own actions during an activation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Own {
    /// 5.23: an activated unit in a Point enters an adjacent Block (its
    /// whole MA and its activation).
    EnterBlock {
        /// The unit.
        unit: Uid,
        /// The Block's seat.
        block: Hex,
    },
    /// 5.23: an activated unit in a Block moves into an adjacent Point.
    LeaveBlock {
        /// The unit.
        unit: Uid,
        /// The Point's seat.
        point: Hex,
    },
    /// A moving leader enters a Block from his Point (his whole MA).
    LeaderEnterBlock {
        /// The leader.
        leader: Lid,
        /// The Block's seat.
        block: Hex,
    },
    /// A moving leader leaves his Block into an adjacent Point.
    LeaderLeaveBlock {
        /// The leader.
        leader: Lid,
        /// The Point's seat.
        point: Hex,
    },
    /// 4.42: one of the fleet's actions in a Fleet activation (declare,
    /// row, ram, beach, debark, board...), by the fleet's rules.
    Fleet(crate::fleet::Action),
    /// 4.44, 5.48: a piece activated aboard a beached galley goes ashore
    /// in its hex (a unit's movement is over; it may still shock).
    Debark {
        /// The unit's or leader's counter id.
        piece: String,
    },
}

/// What the Block actions did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockEvent {
    /// A unit entered a Block.
    Entered {
        /// The unit.
        unit: Uid,
        /// The Block's seat.
        block: Hex,
    },
    /// A unit left a Block for a Point, paying `mp`.
    Left {
        /// The unit.
        unit: Uid,
        /// The Point's seat.
        point: Hex,
        /// MP paid.
        mp: u8,
    },
    /// A leader entered a Block.
    LeaderEntered {
        /// The leader.
        leader: Lid,
        /// The Block's seat.
        block: Hex,
    },
    /// A leader left a Block for a Point.
    LeaderLeft {
        /// The leader.
        leader: Lid,
        /// The Point's seat.
        point: Hex,
    },
}

fn refuse(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal(BLOCKS, why)
}

/// Whether the activation is in its movement: under way, no one moving,
/// no shock begun, no reaction window open.
fn moving_time(g: &Alexandria) -> bool {
    g.turn.current.as_ref().is_some_and(|a| {
        a.moving.is_none() && a.combat.shock.is_none() && a.combat.reaction.is_none()
    })
}

fn enemy_in(g: &Alexandria, hex: Hex, side: Side) -> bool {
    g.field.stack(hex).iter().any(|u| g.setup().unit(u).is_some_and(|x| x.side != side))
}

fn friends_in(g: &Alexandria, hex: Hex, side: Side) -> bool {
    g.field.stack(hex).iter().any(|u| g.setup().unit(u).is_some_and(|x| x.side == side))
}

fn enemy_next_to(g: &Alexandria, hex: Hex, side: Side) -> bool {
    let board = g.setup().map.board();
    board
        .neighbors(hex)
        .into_iter()
        .flatten()
        .chain(board.side_neighbors(hex))
        .any(|n| enemy_in(g, n, side))
}

/// The unit's checks common to both unit actions: activated, fit, its
/// place, its side.
fn unit_at(g: &Alexandria, unit: Uid) -> Result<(Hex, Side), CombatError> {
    let active = g.turn.current.as_ref().is_some_and(|a| a.units.contains(&unit));
    if !active || !fit(&g.field, unit) {
        return Err(refuse("not an activated unit"));
    }
    if g.turn.current.as_ref().is_some_and(|a| a.leader_moved) {
        return Err(refuse("5.12: units move before the leader, who has moved"));
    }
    let s = g.field.unit(unit).ok_or_else(|| refuse("no such unit"))?;
    let at = s.at.ok_or_else(|| refuse("the unit is off the map"))?;
    let side = g.setup().unit(unit).map_or(Side::Roman, |u| u.side);
    if s.flags.has(UnitFlags::DONE_MOVING)
        || s.flags.has(UnitFlags::SHOCKED)
        || s.flags.has(UnitFlags::SOLE_ACTION)
    {
        return Err(refuse("the unit is finished moving for this activation"));
    }
    if g.field.stack(at).top() != Some(unit) {
        return Err(refuse("only the top unit of a stack moves"));
    }
    Ok((at, side))
}

/// A Block next to `from` by a side link, entered across no canal.
fn block_entry(g: &Alexandria, from: Hex, block: Hex) -> Result<(), CombatError> {
    let setup = g.setup();
    if !setup.is_block(block) {
        return Err(refuse("not a Block"));
    }
    if !setup.is_point(from) {
        return Err(refuse("5.22: a Block is entered only from an adjacent Point"));
    }
    land_step(setup, None, from, block).map_err(|_| {
        CombatError::illegal(
            "5.24",
            "units may not move from a Point into a Block across the canal",
        )
    })?;
    if !setup.map.board().side_neighbors(from).any(|h| h == block) {
        return Err(refuse("the Block is not next to that Point"));
    }
    Ok(())
}

/// A Point next to the Block on `from`, left across no canal; its MP.
fn block_exit(g: &Alexandria, from: Hex, point: Hex) -> Result<u8, CombatError> {
    let setup = g.setup();
    if !setup.is_block(from) {
        return Err(refuse("not in a Block"));
    }
    if !setup.is_point(point) || !setup.map.board().side_neighbors(from).any(|h| h == point) {
        return Err(refuse("5.22: a unit leaves a Block only into an adjacent Point"));
    }
    let step = land_step(setup, None, from, point).map_err(|_| {
        CombatError::illegal(
            "5.24",
            "units may not move from a Block into a Point across the canal",
        )
    })?;
    if step.ground != Ground::Point {
        return Err(refuse("5.22: a unit leaves a Block only into a Point"));
    }
    setup.tables.terrain.enter_mp(Ground::Point).ok_or_else(|| refuse("5.36 has no Point row"))
}

fn stack_ok(g: &Alexandria, hex: Hex, unit: Uid) -> Result<(), CombatError> {
    let mut stack: Vec<Uid> = g.field.stack(hex).iter().collect();
    stack.push(unit);
    Land::check_stack(&g.field, hex, &stack).map_err(|e| refuse(e.to_string()))
}

fn leader_budget(g: &Alexandria, leader: Lid) -> Option<(Hex, Side, u8, u8)> {
    let (_, ma) = g.leader_moves().into_iter().find(|&(l, _)| l == leader)?;
    let l = g.field.leader(leader).filter(|l| !l.dead)?;
    let side = g.setup().leader(leader)?.side;
    Some((l.at?, side, ma, ma.saturating_sub(l.mp_spent)))
}

/// Checks one of the game's own actions.
///
/// # Errors
/// Why it is illegal now, citing the rule.
pub fn check(g: &Alexandria, action: &Own) -> Result<CombatPreview<MissileColumn>, CombatError> {
    if !moving_time(g) {
        return Err(refuse("not during movement"));
    }
    match *action {
        Own::Fleet(_) | Own::Debark { .. } => return Err(refuse("not a Block action")),
        Own::EnterBlock { unit, block } => {
            let (at, side) = unit_at(g, unit)?;
            let s = g.field.unit(unit).ok_or_else(|| refuse("no such unit"))?;
            if s.mp_spent > 0 || s.flags.has(UnitFlags::MOVED) || s.fires > 0 {
                return Err(refuse(
                    "entering a Block costs the unit's entire printed MA and a full activation",
                ));
            }
            block_entry(g, at, block)?;
            if enemy_in(g, block, side) {
                return Err(CombatError::illegal("family 6.64", "an enemy holds the Block"));
            }
            stack_ok(g, block, unit)?;
        }
        Own::LeaveBlock { unit, point } => {
            let (at, side) = unit_at(g, unit)?;
            let mp = block_exit(g, at, point)?;
            if mp_left(&g.field, unit) < mp {
                return Err(CombatError::illegal("5.34", "not enough MP to enter the Point"));
            }
            if enemy_in(g, point, side) {
                return Err(CombatError::illegal("family 6.64", "an enemy holds the Point"));
            }
            stack_ok(g, point, unit)?;
        }
        Own::LeaderEnterBlock { leader, block } => {
            let (at, side, ma, left) = leader_budget(g, leader)
                .ok_or_else(|| refuse("that leader may not move in this activation"))?;
            if left < ma {
                return Err(refuse("entering a Block costs the leader's entire MA"));
            }
            block_entry(g, at, block)?;
            if enemy_in(g, block, side) {
                return Err(CombatError::illegal("4.31", "not into an enemy-occupied Block"));
            }
            if enemy_next_to(g, block, side) && !friends_in(g, block, side) {
                return Err(CombatError::illegal(
                    "4.31",
                    "a leader may not move next to an enemy unless onto a friendly combat unit",
                ));
            }
        }
        Own::LeaderLeaveBlock { leader, point } => {
            let (at, side, _, left) = leader_budget(g, leader)
                .ok_or_else(|| refuse("that leader may not move in this activation"))?;
            let mp = block_exit(g, at, point)?;
            if left < mp {
                return Err(CombatError::illegal("5.34", "not enough MP to enter the Point"));
            }
            if enemy_in(g, point, side) {
                return Err(CombatError::illegal("4.31", "an enemy holds the Point"));
            }
            if enemy_next_to(g, point, side) && !friends_in(g, point, side) {
                return Err(CombatError::illegal(
                    "4.31",
                    "a leader may not move next to an enemy unless onto a friendly combat unit",
                ));
            }
        }
    }
    Ok(CombatPreview::Legal)
}

/// Every own action legal now, in a deterministic order (units in
/// [`Uid`] order, then leaders; places in board order).
pub fn legal(g: &Alexandria, out: &mut Vec<Own>) {
    if !moving_time(g) {
        return;
    }
    let board = g.setup().map.board();
    let around = |at: Hex| -> Vec<Hex> {
        let mut v: Vec<Hex> = board.side_neighbors(at).collect();
        v.sort_by_key(|&h| board.index(h));
        v
    };
    let units = g.turn.current.as_ref().map(|a| a.units.clone()).unwrap_or_default();
    for u in units {
        let Some(at) = g.field.unit(u).and_then(|s| s.at) else { continue };
        for h in around(at) {
            for a in [Own::EnterBlock { unit: u, block: h }, Own::LeaveBlock { unit: u, point: h }]
            {
                if check(g, &a).is_ok() {
                    out.push(a);
                }
            }
        }
    }
    for (leader, _) in g.leader_moves() {
        let Some(at) = g.field.leader(leader).and_then(|l| l.at) else { continue };
        for h in around(at) {
            for a in [
                Own::LeaderEnterBlock { leader, block: h },
                Own::LeaderLeaveBlock { leader, point: h },
            ] {
                if check(g, &a).is_ok() {
                    out.push(a);
                }
            }
        }
    }
}

/// Performs an own action [`check`] accepted.
///
/// # Errors
/// The field refusing the placement (never, once checked).
pub fn perform(
    g: &mut Alexandria,
    action: Own,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    check(g, &action)?;
    match action {
        Own::Fleet(_) | Own::Debark { .. } => return Err(refuse("not a Block action")),
        Own::EnterBlock { unit, block } => {
            let facing = g.field.unit(unit).map_or(gboh_core::facing::Facing::Twelve, |s| s.facing);
            let ma = Land::movement_allowance(&g.field, unit);
            g.field.move_unit(unit, block, facing).map_err(|e| refuse(e.to_string()))?;
            if let Some(s) = g.field.unit_mut(unit) {
                s.mp_spent = s.mp_spent.max(ma);
                s.flags.set(UnitFlags::MOVED, true);
                s.flags.set(UnitFlags::DONE_MOVING, true);
            }
            events.push(Event::new(BLOCKS, Happened::Block(BlockEvent::Entered { unit, block })));
        }
        Own::LeaveBlock { unit, point } => {
            let Some(at) = g.field.unit(unit).and_then(|s| s.at) else { return Ok(()) };
            let mp = block_exit(g, at, point)?;
            let facing = g.field.unit(unit).map_or(gboh_core::facing::Facing::Twelve, |s| s.facing);
            g.field.move_unit(unit, point, facing).map_err(|e| refuse(e.to_string()))?;
            let side = g.setup().unit(unit).map_or(Side::Roman, |u| u.side);
            let stop = zoc::in_enemy_zoc(&g.field, point, side);
            if let Some(s) = g.field.unit_mut(unit) {
                s.mp_spent = s.mp_spent.saturating_add(mp);
                s.flags.set(UnitFlags::MOVED, true);
                // Family 7.23: entering an enemy ZOC ends the move.
                s.flags.set(UnitFlags::DONE_MOVING, stop);
            }
            events.push(Event::new(BLOCKS, Happened::Block(BlockEvent::Left { unit, point, mp })));
        }
        Own::LeaderEnterBlock { leader, block } => {
            let ma = leader_budget(g, leader).map_or(0, |b| b.2);
            g.field.move_leader(leader, Some(block)).map_err(|e| refuse(e.to_string()))?;
            if let Some(l) = g.field.leader_mut(leader) {
                l.mp_spent = l.mp_spent.max(ma);
            }
            mark_leader_moved(g);
            events.push(Event::new(
                BLOCKS,
                Happened::Block(BlockEvent::LeaderEntered { leader, block }),
            ));
        }
        Own::LeaderLeaveBlock { leader, point } => {
            let Some(at) = g.field.leader(leader).and_then(|l| l.at) else { return Ok(()) };
            let mp = block_exit(g, at, point)?;
            g.field.move_leader(leader, Some(point)).map_err(|e| refuse(e.to_string()))?;
            if let Some(l) = g.field.leader_mut(leader) {
                l.mp_spent = l.mp_spent.saturating_add(mp);
            }
            mark_leader_moved(g);
            events.push(Event::new(
                BLOCKS,
                Happened::Block(BlockEvent::LeaderLeft { leader, point }),
            ));
        }
    }
    Ok(())
}

/// 5.12: once a leader moves, the units' movement is over.
fn mark_leader_moved(g: &mut Alexandria) {
    if let Some(a) = g.turn.current.as_mut() {
        a.leader_moved = true;
    }
}
