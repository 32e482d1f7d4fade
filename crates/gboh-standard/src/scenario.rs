//! A scenario as loaded (SPQR's set-up: the board, the counters and where
//! they start, withdrawal levels, line types, Replacement leaders, 4.74) and
//! its raw RON form with the checks made on load. Split from state.rs
//! without change; its types are re-exported there.

use gboh_core::board::Board;
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::UnitType;
use gboh_core::{BySide, Side};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::kinds::ShockClass;
use crate::state::{LeaderDef, UnitDef, right_half};

/// A scenario: the board, the counters and where they start, the army
/// withdrawal levels and the game length.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Its name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The board.
    pub board: Board,
    /// The units, in index order.
    pub units: Vec<UnitDef>,
    /// Where each unit starts and faces.
    pub start: Vec<(Hex, Facing)>,
    /// The leaders, in index order.
    pub leaders: Vec<LeaderDef>,
    /// Where each leader starts.
    pub leader_start: Vec<Hex>,
    /// Army withdrawal levels in rout points (SPQR 11.x).
    pub withdrawal: BySide<u32>,
    /// The facing toward each side's retreat edge (routed units move into
    /// its front hexes).
    pub retreat: BySide<Facing>,
    /// The last turn.
    pub turns: u8,
    /// The unit types that may share a Line, as the scenario's instructions
    /// list them (SPQR 4.32, Dictator 4.72); a side with none listed has no
    /// limit.
    pub line_types: Vec<LineTypes>,
    /// The Replacement leaders the scenario provides (SPQR 4.74), each with
    /// where its ratings come from; their counters follow the printed
    /// leaders in `leaders` (index `leaders.len() - replacements.len()` on).
    pub replacements: Vec<Replacement>,
    /// Hexsides no zone of control crosses (SPQR 7.2 has none; Gergovia
    /// 6.73: camp and town walls and their gates), each stored from both
    /// of its hexes. A game's battle sets it; only looked up, never iterated.
    pub zoc_closed: std::collections::HashSet<(Hex, Direction)>,
    /// What the scenario states otherwise about its Tribunes' and
    /// Praefects' orders (SPQR 4.52, 4.54; [`crate::roman::RomanOrders`]);
    /// the default: as the rules say.
    pub roman_orders: crate::roman::RomanOrders,
}

/// Where a Replacement leader counter's ratings come from (SPQR 4.74: the
/// scenario provides them, as a design-intent play limitation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replacement {
    /// His index among the leaders.
    pub leader: usize,
    /// Where his ratings come from.
    pub provenance: Provenance,
    /// Why (for a `Reconstructed` one, how this project chose them).
    pub note: String,
}

/// The raw RON form of a Replacement leader counter (SPQR 4.74).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReplacementDef {
    /// The counter (never an OC, SPQR 4.75).
    pub leader: LeaderDef,
    /// Where its ratings come from.
    pub provenance: Provenance,
    /// Why; required for a `Reconstructed` counter.
    #[serde(default)]
    pub note: String,
}

/// One group of unit types that may form a Line together (SPQR 4.32,
/// Dictator 4.72: "noted in the scenario setup instructions").
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LineTypes {
    /// The side.
    pub side: Side,
    /// The printed types that may be in one Line.
    pub types: Vec<UnitType>,
    /// SPQR 4.32: the spaces the chart allows between two units of such a
    /// Line ("within 2 (and occasionally 3) hexes"): 0 adjacent (the
    /// default), 1 a two-space Line, 2 a three-space one.
    #[serde(default)]
    pub gap: u8,
}

impl Scenario {
    /// SPQR 4.32: whether units of these printed types may form one Line of
    /// `side`: every type in one listed group, or no group listed for the side.
    #[must_use]
    pub fn line_types_allowed(&self, side: Side, types: &[UnitType]) -> bool {
        let mut groups = self.line_types.iter().filter(|g| g.side == side).peekable();
        groups.peek().is_none() || groups.any(|g| types.iter().all(|t| g.types.contains(t)))
    }

    /// SPQR 4.32: the most spaces the scenario allows between two units of
    /// types `a` and `b` of one Line of `side` (0: they must be adjacent).
    #[must_use]
    pub fn line_gap(&self, side: Side, a: UnitType, b: UnitType) -> u8 {
        self.line_types
            .iter()
            .filter(|g| g.side == side && g.types.contains(&a) && g.types.contains(&b))
            .map(|g| g.gap)
            .max()
            .unwrap_or(0)
    }
}

/// The raw RON form of one unit's placement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedUnitDef {
    /// The counter.
    pub unit: UnitDef,
    /// Its hex label.
    pub hex: String,
    /// Its facing.
    pub facing: Facing,
    /// The second hex of a double-size phalanx counter (Dictator 9.101): the
    /// hex on its right, `facing.flank()[1]` of `hex` (see [`right_half`]).
    #[serde(default)]
    pub second_hex: Option<String>,
}

/// The raw RON form of one leader's placement.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacedLeaderDef {
    /// The counter.
    pub leader: LeaderDef,
    /// His hex label.
    pub hex: String,
}

/// The raw RON form of a [`Scenario`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Its name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Army withdrawal levels.
    pub withdrawal: BySide<u32>,
    /// Retreat facings.
    pub retreat: BySide<Facing>,
    /// The last turn.
    pub turns: u8,
    /// The units.
    pub units: Vec<PlacedUnitDef>,
    /// The leaders.
    pub leaders: Vec<PlacedLeaderDef>,
    /// Which unit types may share a Line (SPQR 4.32); none: no limit.
    #[serde(default)]
    pub line_types: Vec<LineTypes>,
    /// The Replacement leaders provided (SPQR 4.74); none: no leader is
    /// replaced.
    #[serde(default)]
    pub replacements: Vec<ReplacementDef>,
    /// SPQR 4.52 "unless stated otherwise in the scenario", 4.54's chart:
    /// what the scenario states about its Tribunes' and Praefects' orders.
    #[serde(default)]
    pub roman_orders: crate::roman::RomanOrders,
}

impl Scenario {
    /// Loads a scenario and its map, validating both.
    ///
    /// # Errors
    /// Every problem: unknown labels, repeated ids, two units in a hex, ratings
    /// out of range, each with its file, line, column and item.
    pub fn from_ron(
        file: &str,
        text: &str,
        map_file: &str,
        map_text: &str,
    ) -> Result<Scenario, DataError> {
        let board = Board::from_ron(map_file, map_text)?;
        let def: ScenarioDef = parse_ron(file, text)?;
        let mut problems = Problems::new(file, text);
        let mut units = Vec::new();
        let mut start: Vec<(Hex, Facing)> = Vec::new();
        let mut taken: Vec<Hex> = Vec::new();
        for mut p in def.units {
            let id = p.unit.id.to_string();
            if units.iter().any(|u: &UnitDef| u.id == p.unit.id) {
                problems.item(id.clone(), "unit listed twice");
            }
            if !(1..=9).contains(&p.unit.tq) {
                problems.item(id.clone(), format!("TQ {} is not 1-9", p.unit.tq));
            }
            if p.unit.size == 0 {
                problems.item(id.clone(), "8.5: size 0");
            }
            let first = board.hex_of(&p.hex);
            if let Some(second) = &p.second_hex {
                p.unit.double = true;
                if p.unit.class() != ShockClass::PH {
                    problems.item(id.clone(), "9.101: only a phalanx has a double-size counter");
                }
                let expected = first.map(|h| right_half(h, p.facing));
                match board.hex_of(second) {
                    Some(h) if Some(h) == expected => {
                        if taken.contains(&h) {
                            problems.at(
                                id.clone(),
                                &format!("\"{second}\""),
                                format!("6.6: a second unit in {second}"),
                            );
                        }
                        taken.push(h);
                    }
                    Some(_) => problems.at(
                        id.clone(),
                        &format!("\"{second}\""),
                        format!(
                            "9.101: the second half must stand on the first's right, {}",
                            expected
                                .and_then(|h| board.label(h))
                                .map_or_else(|| "off the map".to_owned(), |l| l.to_string())
                        ),
                    ),
                    None => problems.at(
                        id.clone(),
                        &format!("\"{second}\""),
                        format!("no hex {second} on the map"),
                    ),
                }
            }
            match first {
                Some(hex) if taken.contains(&hex) => {
                    problems.at(
                        id.clone(),
                        &format!("\"{}\"", p.hex),
                        format!("6.6: a second unit in {}", p.hex),
                    );
                    start.push((hex, p.facing));
                }
                Some(hex) => {
                    taken.push(hex);
                    start.push((hex, p.facing));
                }
                None => problems.at(
                    id.clone(),
                    &format!("\"{}\"", p.hex),
                    format!("no hex {} on the map", p.hex),
                ),
            }
            if let Some(r) = &p.unit.roman {
                if r.class.trim().is_empty() {
                    problems.item(id.clone(), "4.52: a Roman unit's `roman` needs its Class");
                }
                if p.unit.group.is_none() && !p.unit.is_velites() {
                    problems.item(
                        id.clone(),
                        "4.52: a Roman unit with a Class needs its legion or ala (`group`)",
                    );
                }
            }
            units.push(p.unit);
        }
        let mut leaders = Vec::new();
        let mut leader_start = Vec::new();
        for p in def.leaders {
            if leaders.iter().any(|l: &LeaderDef| l.name == p.leader.name) {
                problems.item(p.leader.name.clone(), "leader listed twice");
            }
            if let Some(office) = p.leader.office
                && (p.leader.overall || p.leader.side != Side::Roman)
            {
                problems.item(
                    p.leader.name.clone(),
                    if office.placed_back() {
                        "4.51: a Tribune or Praefect is a Roman subordinate, never an OC or an adversary's"
                    } else {
                        "4.56: a Proconsul is a Roman subordinate (the OC only if the OC is killed), never an OC or an adversary's"
                    },
                );
            }
            match board.hex_of(&p.hex) {
                Some(hex) => leader_start.push(hex),
                None => problems.at(
                    p.leader.name.clone(),
                    &format!("\"{}\"", p.hex),
                    format!("no hex {} on the map", p.hex),
                ),
            }
            leaders.push(p.leader);
        }
        let mut replacements = Vec::new();
        for r in def.replacements {
            let name = r.leader.name.clone();
            let needle = format!("\"{name}\"");
            // The name's occurrence inside `replacements`, after the leaders'.
            let nth = text.matches(&needle).count().saturating_sub(1);
            if leaders.iter().any(|l: &LeaderDef| l.name == name) {
                problems.at_nth(name.clone(), &needle, nth, "4.74: leader listed twice");
            }
            if r.leader.overall {
                problems.at_nth(
                    name.clone(),
                    &needle,
                    nth,
                    "4.75: an Overall Commander is not replaced, so no OC Replacement leader",
                );
            }
            if let Some(office) = r.leader.office {
                problems.at_nth(
                    name.clone(),
                    &needle,
                    nth,
                    if office.placed_back() {
                        "4.74: a fallen Tribune or Praefect is placed back on the map, so no Replacement counter is one"
                    } else {
                        "4.56: a Proconsul is a scenario's own leader counter, never a Replacement leader (4.74)"
                    },
                );
            }
            if r.leader.initiative == 0 {
                problems.at_nth(
                    name.clone(),
                    &needle,
                    nth,
                    "4.74: a Replacement leader needs an Initiative of 1 or more",
                );
            }
            if r.provenance == Provenance::Reconstructed && r.note.trim().is_empty() {
                problems.at_nth(
                    name.clone(),
                    &needle,
                    nth,
                    "a Reconstructed Replacement leader needs a note saying why",
                );
            }
            replacements.push(Replacement {
                leader: leaders.len(),
                provenance: r.provenance,
                note: r.note,
            });
            let mut leader = r.leader;
            leader.replacement = true;
            leaders.push(leader);
            // Off the map until placed: his start hex is never read.
            leader_start.push(Hex::ZERO);
        }
        for side in Side::ALL {
            if !leaders.iter().any(|l| l.side == side) {
                problems.item(def.name.clone(), format!("5.1: {side:?} has no leader"));
            }
        }
        for (needle, message) in def.roman_orders.problems(&leaders) {
            problems.at(def.name.clone(), needle, message);
        }
        problems.finish(Scenario {
            name: def.name,
            provenance: def.provenance,
            board,
            units,
            start,
            leaders,
            leader_start,
            withdrawal: def.withdrawal,
            retreat: def.retreat,
            turns: def.turns,
            line_types: def.line_types,
            replacements,
            zoc_closed: std::collections::HashSet::new(),
            roman_orders: def.roman_orders,
        })
    }
}
