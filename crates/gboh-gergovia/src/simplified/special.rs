//! The special rules as the game's own actions ([`Own`]) and hooks:
//! Vercingetorix's entry along 4001-4801, the town wall's roll, the stone
//! walls (the roll after crossing, knocking one down), a leader's move,
//! impetuosity, camped Gauls, a Gaul entering a tower (10.1).

use gboh_core::Side;
use gboh_core::dice::{Die, Roll};
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use gboh_core::table::Distribution;
use gboh_core::table::Modifiers;
use gboh_core::unit::Status;
use gboh_simple::field::UnitFlags;
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::ground::zoc;
use gboh_simple::rules::effects::take_hits;
use gboh_simple::rules::movement::mp_left;
use gboh_simple::rules::preview::CombatPreview;
use gboh_simple::{CombatError, Lid, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::Simplified;
use super::formations::{Formation, TRIBES, fit, in_map, range_of};
use super::ground::{WallCrossing, table_step_cost, wall_crossing};
use super::state::{GergoviaSimplified, Happened};
use super::tables::MissileColumn;
use super::terrain::{Cell, Column, TerrainRow};
use crate::map::areas;

/// The special rules' state (the game's pieces in the engine's field).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Specials {
    /// Impetuosity was declared ("only once in the game").
    pub impetuosity_used: bool,
    /// The impetuous tribe's units (empty: none).
    pub impetuous: Vec<Uid>,
    /// The camped tribes not yet alerted ([`TRIBES`] indices).
    pub camped: Vec<u8>,
    /// The tribes alerted and disordered until their next activation.
    pub disordered: Vec<u8>,
    /// Units of Vercingetorix's that entered this activation.
    pub entered: u8,
    /// Leaders moved this activation.
    pub leaders_moved: Vec<Lid>,
    /// Units that tried the town wall this activation.
    pub wall_tried: Vec<Uid>,
    /// Gallic Starting Deployment \[b\]: the units still hidden (the
    /// option off: none).
    #[serde(default)]
    pub hidden: super::hidden::HiddenUnits,
}

/// The game's own actions during an activation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Own {
    /// Gallic Reinforcements: an Arverni unit enters at an entry hex
    /// (4001-4801), paying 1, 2, 3 ... MP.
    Enter {
        /// The unit.
        unit: Uid,
        /// Its entry hex.
        hex: Hex,
    },
    /// Gergovia (Special Terrain Notes): a Roman unit rolls to go over the
    /// town wall.
    ScaleWall {
        /// The unit.
        unit: Uid,
        /// The hex in Gergovia.
        to: Hex,
    },
    /// Stone Walls: an infantry unit crosses, then rolls.
    CrossStoneWall {
        /// The unit.
        unit: Uid,
        /// The hex beyond.
        to: Hex,
    },
    /// Stone Walls: a unit spends all its MP at the wall, outside enemy
    /// ZOC, and knocks it down ("Wall Down/Rubble").
    KnockDownWall {
        /// The unit.
        unit: Uid,
        /// The hex beyond the breach.
        toward: Hex,
    },
    /// A leader of the active formation moves to a hex of his formation's
    /// units within his command range.
    LeaderTo {
        /// The leader.
        leader: Lid,
        /// The hex.
        hex: Hex,
    },
    /// Impetuosity: the Gallic player declares the activated tribe
    /// impetuous (once in the game).
    Impetuosity,
    /// 10.1: a Gallic unit enters a tower held only by its scorpion, which
    /// is destroyed ("Scorpions are destroyed if a Gallic unit enters the
    /// tower").
    EnterTower {
        /// The unit.
        unit: Uid,
        /// The tower's hex.
        tower: Hex,
    },
}

/// What a special rule did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SpecialEvent {
    /// A unit of Vercingetorix's entered, paying `mp`.
    Entered {
        /// The unit.
        unit: Uid,
        /// Where.
        hex: Hex,
        /// What it paid.
        mp: u8,
    },
    /// A town wall roll: over (`true`) or finished for the activation.
    WallRoll {
        /// The unit.
        unit: Uid,
        /// Whether it went over.
        over: bool,
    },
    /// A stone wall crossed; `stopped` if the roll ended its movement.
    StoneWallCrossed {
        /// The unit.
        unit: Uid,
        /// Whether its movement ended.
        stopped: bool,
    },
    /// A stone wall knocked down.
    WallDown {
        /// The unit.
        unit: Uid,
    },
    /// A leader moved.
    LeaderMoved {
        /// The leader.
        leader: Lid,
        /// Where.
        hex: Hex,
    },
    /// Impetuosity declared for these units.
    Impetuous(Vec<Uid>),
    /// Impetuosity ended.
    ImpetuosityEnded,
    /// Camped tribes alerted (disordered until their next activation).
    Alerted(Vec<u8>),
    /// A tribe's disorder ended.
    DisorderEnded(u8),
    /// Gallic Starting Deployment \[b\]: a unit placed hidden is revealed.
    Revealed {
        /// The unit.
        unit: Uid,
        /// Where it stands (`None`: off the map).
        at: Option<Hex>,
        /// Why.
        why: super::hidden::Reveal,
    },
    /// 10.1: a Gallic unit entered a tower and destroyed its scorpion.
    ScorpionDestroyed {
        /// The Gallic unit.
        unit: Uid,
        /// The scorpion (an engine unit, not a counter).
        scorpion: Uid,
        /// The tower's hex.
        tower: Hex,
    },
}

const ENTRY: &str = "Gallic Reinforcements";
const TOWN: &str = "Special Terrain Notes: Gergovia";
const STONE: &str = "Special Terrain Notes: Stone Walls";
const IMPETUOSITY: &str = "Special Rules: Impetuosity";
const CAMPED: &str = "Special Rules: Camped Gauls";
const ARTILLERY: &str = "10.1";

fn refuse(rule: &'static str, why: impl Into<String>) -> CombatError {
    CombatError::illegal(rule, why.into())
}

/// Whether a unit of the impetuous tribe stands in `hex`.
#[must_use]
pub fn impetuous_at(field: &gboh_simple::field::Field<Simplified>, hex: Hex) -> bool {
    let imp = &field.pieces().impetuous;
    !imp.is_empty() && field.stack(hex).iter().any(|u| imp.contains(&u))
}

/// Whether a Roman unit stands next to a camped tribe's unit.
#[must_use]
pub fn romans_next_to_camped(g: &GergoviaSimplified) -> bool {
    g.field.pieces().camped.iter().filter_map(|&i| TRIBES.get(usize::from(i))).any(|t| {
        g.units_of(t.0).into_iter().filter_map(|u| g.field.unit(u).and_then(|s| s.at)).any(|h| {
            Direction::ALL.into_iter().any(|d| {
                g.field
                    .stack(d.neighbor(h))
                    .iter()
                    .any(|u| g.setup().unit(u).is_some_and(|x| x.side == Side::Roman))
            })
        })
    })
}

fn active(g: &GergoviaSimplified) -> Option<(&Formation, &[Uid])> {
    g.turn.current.as_ref().map(|a| (&a.command, a.units.as_slice()))
}

fn mover(g: &GergoviaSimplified, uid: Uid) -> Option<Mover> {
    Mover::unit(&g.field, uid)
}

fn entry_hexes(g: &GergoviaSimplified) -> Vec<Hex> {
    g.setup().board.area(areas::ENTRY_HEXES).map(|a| a.hexes().to_vec()).unwrap_or_default()
}

fn next_off_map(g: &GergoviaSimplified) -> Option<Uid> {
    g.arverni_off.iter().copied().find(|&u| {
        g.field.unit(u).is_some_and(|s| s.at.is_none() && s.cohesion.status != Status::Eliminated)
    })
}

fn hits_of(g: &GergoviaSimplified, row: TerrainRow, uid: Uid) -> u8 {
    let col = Column::of(g.setup().unit(uid).map(|u| u.profile.unit_type));
    match g.setup().terrain.row(row).map(|r| r.cell(col).value) {
        Some(Cell::MpHits(_, h)) => h,
        _ => 0,
    }
}

fn adjacent_enemy(g: &GergoviaSimplified, hex: Hex, side: Side) -> bool {
    Direction::ALL.into_iter().any(|d| {
        g.field
            .stack(d.neighbor(hex))
            .iter()
            .any(|u| g.setup().unit(u).is_some_and(|x| x.side != side))
    })
}

/// Every own action legal now, in a deterministic order.
pub fn legal(g: &GergoviaSimplified, out: &mut Vec<Own>) {
    let Some((command, units)) = active(g) else { return };
    if matches!(command, Formation::Vercingetorix { .. })
        && let Some(u) = next_off_map(g)
    {
        for hex in entry_hexes(g) {
            let a = Own::Enter { unit: u, hex };
            if check(g, &a).is_ok() {
                out.push(a);
            }
        }
    }
    for &u in units {
        let Some(h) = g.field.unit(u).and_then(|s| s.at) else { continue };
        for d in Direction::ALL {
            let to = d.neighbor(h);
            for a in [
                Own::ScaleWall { unit: u, to },
                Own::CrossStoneWall { unit: u, to },
                Own::KnockDownWall { unit: u, toward: to },
            ] {
                if check(g, &a).is_ok() {
                    out.push(a);
                }
            }
        }
    }
    for &u in units {
        let Some(h) = g.field.unit(u).and_then(|s| s.at) else { continue };
        for d in Direction::ALL {
            let a = Own::EnterTower { unit: u, tower: d.neighbor(h) };
            if check(g, &a).is_ok() {
                out.push(a);
            }
        }
    }
    for l in command.leaders() {
        let Some(lid) = g.setup().lid(l) else { continue };
        let mut hexes: Vec<Hex> =
            units.iter().filter_map(|&u| g.field.unit(u).and_then(|s| s.at)).collect();
        hexes.sort_by_key(|&h| g.setup().board.index(h));
        hexes.dedup();
        for hex in hexes {
            let a = Own::LeaderTo { leader: lid, hex };
            if check(g, &a).is_ok() {
                out.push(a);
            }
        }
    }
    if check(g, &Own::Impetuosity).is_ok() {
        out.push(Own::Impetuosity);
    }
}

fn success_odds(tq: u8) -> Distribution<bool> {
    Distribution::over_faces(Die::D10, |f| f < tq)
}

/// Checks an own action.
///
/// # Errors
/// The special rule it breaks.
pub fn check(
    g: &GergoviaSimplified,
    action: &Own,
) -> Result<CombatPreview<MissileColumn>, CombatError> {
    let Some((command, units)) = active(g) else {
        return Err(refuse("4.1", "no activation is under way"));
    };
    let field = &g.field;
    match *action {
        Own::Enter { unit, hex } => {
            if !matches!(command, Formation::Vercingetorix { .. }) {
                return Err(refuse(ENTRY, "only Vercingetorix's activation brings his troops on"));
            }
            if next_off_map(g) != Some(unit) {
                return Err(refuse(ENTRY, "the next unit off the map enters first"));
            }
            if !entry_hexes(g).contains(&hex) {
                return Err(refuse(ENTRY, "they enter along hexes 4001 to 4801"));
            }
            let mp = field.pieces().entered.saturating_add(1);
            let ma = Simplified::movement_allowance(field, unit);
            if mp > ma {
                return Err(refuse(
                    ENTRY,
                    format!("the next unit would pay {mp} MP to enter, more than its {ma}"),
                ));
            }
            let mut stack: Vec<Uid> = field.stack(hex).iter().collect();
            if stack.iter().any(|&u| g.setup().unit(u).is_some_and(|x| x.side == Side::Roman)) {
                return Err(refuse(ENTRY, "an enemy holds the entry hex"));
            }
            stack.push(unit);
            Simplified::check_stack(field, hex, &stack)
                .map_err(|e| refuse(ENTRY, e.to_string()))?;
            Ok(CombatPreview::Legal)
        }
        Own::ScaleWall { unit, to } | Own::CrossStoneWall { unit, to } => {
            let town = matches!(action, Own::ScaleWall { .. });
            let rule = if town { TOWN } else { STONE };
            if !units.contains(&unit) || !fit(field, unit) {
                return Err(refuse(rule, "not a unit of the active formation"));
            }
            let s = field.unit(unit).ok_or_else(|| refuse(rule, "no such unit"))?;
            let from = s.at.ok_or_else(|| refuse(rule, "the unit is off the map"))?;
            if s.flags.has(UnitFlags::DONE_MOVING) {
                return Err(refuse(rule, "the unit is finished for this activation"));
            }
            let dir = Direction::between(from, to).ok_or_else(|| refuse(rule, "not adjacent"))?;
            let want = if town { WallCrossing::TownWall } else { WallCrossing::StoneWall };
            if wall_crossing(field, from, dir) != Some(want) {
                return Err(refuse(rule, "no such wall on that hexside"));
            }
            let side = g.setup().unit(unit).map_or(Side::Roman, |u| u.side);
            if town {
                if side != Side::Roman {
                    return Err(refuse(
                        TOWN,
                        "Gallic units may not cross a hexside with the town wall",
                    ));
                }
                if adjacent_enemy(g, from, side) {
                    return Err(refuse(TOWN, "the attempt may not be made adjacent to an enemy"));
                }
                if field.pieces().wall_tried.contains(&unit) {
                    return Err(refuse(TOWN, "each unit tries once an activation"));
                }
            }
            if !field.stack(to).is_empty() {
                return Err(refuse(rule, "the hex beyond the wall is occupied"));
            }
            let m = mover(g, unit).ok_or_else(|| refuse(rule, "no such unit"))?;
            let mp = table_step_cost(field, &m, from, to, dir, true)
                .map_err(|e| refuse("5.1", e.to_string()))?;
            let left = mp_left(field, unit);
            if mp > left {
                return Err(refuse("5.1", format!("it costs {mp} MP, {left} left")));
            }
            let tq = g.setup().unit(unit).map_or(0, |u| u.profile.tq.0);
            // The town wall: over on a roll under TQ. The stone wall: the
            // movement goes on on a roll under TQ.
            Ok(CombatPreview::Check { modifiers: Modifiers::new(), odds: success_odds(tq) })
        }
        Own::KnockDownWall { unit, toward } => {
            if !units.contains(&unit) || !fit(field, unit) {
                return Err(refuse(STONE, "not a unit of the active formation"));
            }
            let s = field.unit(unit).ok_or_else(|| refuse(STONE, "no such unit"))?;
            let from = s.at.ok_or_else(|| refuse(STONE, "off the map"))?;
            let dir =
                Direction::between(from, toward).ok_or_else(|| refuse(STONE, "not adjacent"))?;
            if wall_crossing(field, from, dir) != Some(WallCrossing::StoneWall) {
                return Err(refuse(STONE, "no standing stone wall on that hexside"));
            }
            if s.mp_spent > 0 || s.flags.has(UnitFlags::MOVED) {
                return Err(refuse(
                    STONE,
                    "a unit must spend all of its movement points at the wall",
                ));
            }
            let side = g.setup().unit(unit).map_or(Side::Roman, |u| u.side);
            if zoc::in_enemy_zoc(field, from, side) {
                return Err(refuse(STONE, "only outside enemy ZOC"));
            }
            Ok(CombatPreview::Legal)
        }
        Own::LeaderTo { leader, hex } => {
            let name = g.setup().leader(leader).map(|l| l.name.as_str()).unwrap_or("");
            if !command.leaders().contains(&name) {
                return Err(refuse("4.1", "not a leader of the active formation"));
            }
            if field.pieces().leaders_moved.contains(&leader) {
                return Err(refuse("4.1", "the leader has moved this activation"));
            }
            if field.leader(leader).and_then(|l| l.at) == Some(hex) {
                return Err(refuse("4.1", "the leader is there already"));
            }
            if !units.iter().any(|&u| field.unit(u).and_then(|s| s.at) == Some(hex)) {
                return Err(refuse("4.1", "a leader moves to a unit of his formation"));
            }
            let map = range_of(field, leader)
                .ok_or_else(|| refuse("4.1", "the leader is not on the map"))?;
            if !in_map(field, &map, hex) {
                return Err(refuse("4.1", "beyond his command range"));
            }
            Ok(CombatPreview::Legal)
        }
        Own::EnterTower { unit, tower } => {
            if !units.contains(&unit) || !fit(field, unit) {
                return Err(refuse(ARTILLERY, "not a unit of the active formation"));
            }
            let side = g.setup().unit(unit).map_or(Side::Roman, |u| u.side);
            if side != Side::Adversary {
                return Err(refuse(
                    ARTILLERY,
                    "only a Gallic unit destroys a scorpion by entering",
                ));
            }
            let s = field.unit(unit).ok_or_else(|| refuse(ARTILLERY, "no such unit"))?;
            let from = s.at.ok_or_else(|| refuse(ARTILLERY, "the unit is off the map"))?;
            if s.flags.has(UnitFlags::DONE_MOVING) {
                return Err(refuse(ARTILLERY, "the unit is finished for this activation"));
            }
            let dir =
                Direction::between(from, tower).ok_or_else(|| refuse(ARTILLERY, "not adjacent"))?;
            if !g.setup().board.in_area(areas::TOWERS, tower) {
                return Err(refuse(ARTILLERY, "no tower there"));
            }
            if !s.facing.front().contains(&dir) {
                return Err(refuse("family 7.12", "a unit moves only into a front hex"));
            }
            let Some(&(scorpion, _)) = g.setup().scorpions.iter().find(|&&(_, h)| h == tower)
            else {
                return Err(refuse(ARTILLERY, "no scorpion in that tower"));
            };
            if !fit(field, scorpion) || field.unit(scorpion).and_then(|x| x.at) != Some(tower) {
                return Err(refuse(ARTILLERY, "the tower's scorpion is destroyed already"));
            }
            if field.stack(tower).iter().any(|u| u != scorpion) {
                return Err(refuse(ARTILLERY, "Roman units hold the tower: attack them"));
            }
            let m = mover(g, unit).ok_or_else(|| refuse(ARTILLERY, "no such unit"))?;
            let mp = table_step_cost(field, &m, from, tower, dir, false)
                .map_err(|e| refuse("5.1", e.to_string()))?;
            let left = mp_left(field, unit);
            if mp > left {
                return Err(refuse("5.1", format!("it costs {mp} MP, {left} left")));
            }
            Ok(CombatPreview::Legal)
        }
        Own::Impetuosity => {
            let tribe = matches!(
                command,
                Formation::Tribe(_) | Formation::Critignatus | Formation::Vercingetorix { .. }
            );
            if !tribe {
                return Err(refuse(IMPETUOSITY, "only a tribe may be declared impetuous"));
            }
            if field.pieces().impetuosity_used {
                return Err(refuse(IMPETUOSITY, "only once in the game"));
            }
            if units.iter().any(|&u| field.unit(u).is_some_and(|s| s.flags.has(UnitFlags::MOVED))) {
                return Err(refuse(
                    IMPETUOSITY,
                    "declared when the tribe is activated, before it moves",
                ));
            }
            Ok(CombatPreview::Legal)
        }
    }
}

fn roll(dice: &mut gboh_core::dice::Dice) -> Result<Roll, CombatError> {
    Ok(dice.d10()?)
}

/// Performs an own action [`check`] accepted.
///
/// # Errors
/// [`check`]'s refusal; scripted dice that run out.
pub fn perform(
    g: &mut GergoviaSimplified,
    action: Own,
    dice: &mut gboh_core::dice::Dice,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    check(g, &action)?;
    match action {
        Own::Enter { unit, hex } => {
            let mp = g.field.pieces().entered.saturating_add(1);
            g.field.move_unit(unit, hex, Facing::Six).map_err(|e| refuse(ENTRY, e.to_string()))?;
            if let Some(s) = g.field.unit_mut(unit) {
                s.mp_spent = mp;
                s.flags.set(UnitFlags::MOVED, true);
            }
            g.field.pieces_mut().entered = mp;
            if let Some(a) = g.turn.current.as_mut() {
                a.units.push(unit);
                a.units.sort();
            }
            if let Some(v) = g.setup().lid("Vercingetorix")
                && g.field.leader(v).is_some_and(|l| l.at.is_none() && !l.dead)
            {
                let _ = g.field.move_leader(v, Some(hex));
            }
            events.push(Event::new(
                ENTRY,
                Happened::Special(SpecialEvent::Entered { unit, hex, mp }),
            ));
        }
        Own::ScaleWall { unit, to } | Own::CrossStoneWall { unit, to } => {
            let town = matches!(action, Own::ScaleWall { .. });
            let Some(from) = g.field.unit(unit).and_then(|s| s.at) else { return Ok(()) };
            let dir = Direction::between(from, to).ok_or_else(|| refuse(TOWN, "not adjacent"))?;
            let m = mover(g, unit).ok_or_else(|| refuse(TOWN, "no such unit"))?;
            let mp = table_step_cost(&g.field, &m, from, to, dir, true)
                .map_err(|e| refuse("5.1", e.to_string()))?;
            let tq = g.setup().unit(unit).map_or(0, |u| u.profile.tq.0);
            let r = roll(dice)?;
            let ok = r.face < tq;
            let facing = g.field.unit(unit).map_or(Facing::Twelve, |s| s.facing);
            if town {
                g.field.pieces_mut().wall_tried.push(unit);
                if ok {
                    g.field.move_unit(unit, to, facing).map_err(|e| refuse(TOWN, e.to_string()))?;
                    if let Some(s) = g.field.unit_mut(unit) {
                        s.mp_spent = s.mp_spent.saturating_add(mp);
                        s.flags.set(UnitFlags::MOVED, true);
                    }
                } else if let Some(s) = g.field.unit_mut(unit) {
                    s.flags.set(UnitFlags::DONE_MOVING, true);
                }
                events.push(
                    Event::new(TOWN, Happened::Special(SpecialEvent::WallRoll { unit, over: ok }))
                        .with_roll(r),
                );
                if ok {
                    let h = hits_of(g, TerrainRow::TownWall, unit);
                    take_hits(g, unit, h, "5.1", events);
                }
            } else {
                g.field.move_unit(unit, to, facing).map_err(|e| refuse(STONE, e.to_string()))?;
                if let Some(s) = g.field.unit_mut(unit) {
                    s.mp_spent = s.mp_spent.saturating_add(mp);
                    s.flags.set(UnitFlags::MOVED, true);
                    s.flags.set(UnitFlags::DONE_MOVING, !ok);
                }
                events.push(
                    Event::new(
                        STONE,
                        Happened::Special(SpecialEvent::StoneWallCrossed { unit, stopped: !ok }),
                    )
                    .with_roll(r),
                );
                let h = hits_of(g, TerrainRow::StoneWall, unit);
                take_hits(g, unit, h, "5.1", events);
            }
        }
        Own::KnockDownWall { unit, toward } => {
            let Some(from) = g.field.unit(unit).and_then(|s| s.at) else { return Ok(()) };
            let ma = Simplified::movement_allowance(&g.field, unit);
            g.field.hexside_markers_mut().add(from, toward);
            if let Some(s) = g.field.unit_mut(unit) {
                s.mp_spent = ma;
                s.flags.set(UnitFlags::MOVED, true);
                s.flags.set(UnitFlags::DONE_MOVING, true);
            }
            events.push(Event::new(STONE, Happened::Special(SpecialEvent::WallDown { unit })));
        }
        Own::LeaderTo { leader, hex } => {
            g.field.move_leader(leader, Some(hex)).map_err(|e| refuse("4.1", e.to_string()))?;
            g.field.pieces_mut().leaders_moved.push(leader);
            events.push(Event::new(
                "4.1",
                Happened::Special(SpecialEvent::LeaderMoved { leader, hex }),
            ));
        }
        Own::EnterTower { unit, tower } => {
            let Some(from) = g.field.unit(unit).and_then(|s| s.at) else { return Ok(()) };
            let dir =
                Direction::between(from, tower).ok_or_else(|| refuse(ARTILLERY, "not adjacent"))?;
            let m = mover(g, unit).ok_or_else(|| refuse(ARTILLERY, "no such unit"))?;
            let mp = table_step_cost(&g.field, &m, from, tower, dir, false)
                .map_err(|e| refuse("5.1", e.to_string()))?;
            let Some(&(scorpion, _)) = g.setup().scorpions.iter().find(|&&(_, h)| h == tower)
            else {
                return Ok(());
            };
            // Destroyed: off the map for the rest of the battle.
            g.field.remove_unit(scorpion);
            if let Some(s) = g.field.unit_mut(scorpion) {
                s.cohesion.status = Status::Eliminated;
            }
            let facing = g.field.unit(unit).map_or(Facing::Six, |s| s.facing);
            g.field.move_unit(unit, tower, facing).map_err(|e| refuse(ARTILLERY, e.to_string()))?;
            if let Some(s) = g.field.unit_mut(unit) {
                s.mp_spent = s.mp_spent.saturating_add(mp);
                s.flags.set(UnitFlags::MOVED, true);
                // Reconstructed: the tower was an enemy-held hex; entering
                // it ends the unit's move.
                s.flags.set(UnitFlags::DONE_MOVING, true);
            }
            events.push(Event::new(
                ARTILLERY,
                Happened::Special(SpecialEvent::ScorpionDestroyed { unit, scorpion, tower }),
            ));
            // The table's hits: the tower's row, and the camp wall's when
            // the step crosses one.
            let mut h = hits_of(g, TerrainRow::Tower, unit);
            if wall_crossing(&g.field, from, dir) == Some(WallCrossing::CampWall) {
                h = h.saturating_add(hits_of(g, TerrainRow::CampWall, unit));
            }
            take_hits(g, unit, h, "5.1", events);
        }
        Own::Impetuosity => {
            let Some(command) = g.turn.current.as_ref().map(|a| a.command.clone()) else {
                return Ok(());
            };
            let members = g.members(&command);
            let specials = g.field.pieces_mut();
            specials.impetuosity_used = true;
            specials.impetuous = members.clone();
            // "may move into contact with the enemy even if they are not
            // under command": the whole tribe is activated.
            let fit_members: Vec<Uid> =
                members.iter().copied().filter(|&u| fit(&g.field, u)).collect();
            if let Some(a) = g.turn.current.as_mut() {
                for u in fit_members {
                    if !a.units.contains(&u) {
                        a.units.push(u);
                    }
                }
                a.units.sort();
            }
            events
                .push(Event::new(IMPETUOSITY, Happened::Special(SpecialEvent::Impetuous(members))));
        }
    }
    Ok(())
}

/// At each activation: per-activation counts restart; camped Gauls are
/// alerted (a Roman next to one alerts all; a camped tribe's activation
/// alerts it); a disordered tribe's disorder ends at its next activation.
pub fn on_activation(
    g: &mut GergoviaSimplified,
    command: &Formation,
    events: &mut Vec<Event<Happened>>,
) {
    let everyone = romans_next_to_camped(g);
    let specials = g.field.pieces_mut();
    specials.entered = 0;
    specials.leaders_moved.clear();
    specials.wall_tried.clear();
    if let Formation::Tribe(i) = command
        && let Some(p) = specials.disordered.iter().position(|d| d == i)
        && !specials.camped.contains(i)
    {
        specials.disordered.remove(p);
        events.push(Event::new(CAMPED, Happened::Special(SpecialEvent::DisorderEnded(*i))));
    }
    let alerted: Vec<u8> = if everyone {
        std::mem::take(&mut specials.camped)
    } else if let Formation::Tribe(i) = command {
        if let Some(p) = specials.camped.iter().position(|c| c == i) {
            vec![specials.camped.remove(p)]
        } else {
            Vec::new()
        }
    } else {
        Vec::new()
    };
    if !alerted.is_empty() {
        specials.disordered.extend(alerted.iter().copied());
        specials.disordered.sort_unstable();
        events.push(Event::new(CAMPED, Happened::Special(SpecialEvent::Alerted(alerted))));
    }
}

/// The end of a turn: impetuosity ends "when the tribe has two units in
/// enemy ZOC, but only at the end of the turn in which this occurs".
pub fn end_of_turn(g: &mut GergoviaSimplified, events: &mut Vec<Event<Happened>>) {
    let imp = g.field.pieces().impetuous.clone();
    if imp.is_empty() {
        return;
    }
    let in_zoc = imp
        .iter()
        .filter(|&&u| {
            let side = g.setup().unit(u).map_or(Side::Adversary, |x| x.side);
            g.field.unit(u).and_then(|s| s.at).is_some_and(|h| zoc::in_enemy_zoc(&g.field, h, side))
        })
        .count();
    if in_zoc >= 2 {
        g.field.pieces_mut().impetuous.clear();
        events.push(Event::new(IMPETUOSITY, Happened::Special(SpecialEvent::ImpetuosityEnded)));
    }
}
