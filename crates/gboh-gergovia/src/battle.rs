//! Gergovia's map, counters and deployment turned into a battle of the
//! standard-family engine ([`gboh_standard`]): a [`Scenario`] built from this
//! crate's data (no value is typed twice: every rating, hex and leader comes
//! from `data/gergovia/`, with the provenance given there).
//!
//! What the loader decides, each marked in docs/data-provenance.md
//! ("Gergovia, standard version"):
//! - facings: "the units may face in any direction" (Units and Deployment):
//!   the Romans face twelve o'clock (north, up the hill toward the town), the
//!   Gauls six o'clock (Reconstructed);
//! - the engine's retreat facings: Romans six o'clock (south, toward their
//!   camps), Gauls twelve o'clock (north, toward the town) (Reconstructed,
//!   the direction 10.32 gives);
//! - 10.6: army rout is removed, so the engine's withdrawal levels are never
//!   reached ([`NO_WITHDRAWAL`]);
//! - the last turn: the rulebook prints none ([`TURNS`], Reconstructed);
//! - the eagles are not combat units on the engine's field: the game keeps
//!   them, each carried by a cohort of its legion ([`crate::eagles`]);
//! - the pieces the deployment keeps off the map (Vercingetorix and at least
//!   25 Arverni BI, "Gallic Reinforcements") are on the engine's field but
//!   wait off the map, in [`crate::reinforcements::WAITING`], a hex far off
//!   the board (the engine holds the units as off the map,
//!   `StandardGame::held_off_map`), until they enter along 4001-4801
//!   ([`crate::reinforcements`]).
//!
//! ```
//! use gboh_gergovia::battle::{self, BattleId};
//! let b = battle::battle(BattleId::Standard).unwrap();
//! // Caesar's Initiative is 4 ("Elite Commanders"), read from leaders.ron.
//! let caesar = b.scenario.leaders.iter().find(|l| l.name == "Caesar").unwrap();
//! assert_eq!(caesar.initiative, 4);
//! assert!(caesar.overall);
//! // Legion VIII stands in 2712-2716 and 2613-2617.
//! let viii: Vec<_> = b.scenario.units.iter().filter(|u| u.group.as_deref() == Some("VIII")).collect();
//! assert_eq!(viii.len(), 10);
//! ```

use std::sync::OnceLock;

use gboh_core::board::Board;
use gboh_core::data::{DataError, Problem, Provenance};
use gboh_core::facing::Facing;
use gboh_core::unit::{MissileType, UnitType};
use gboh_core::{BySide, Side};
use gboh_standard::kinds::MissileKey;
use gboh_standard::state::{LeaderDef, Scenario, UnitDef};
use hexx::Hex;

use crate::counters::{self, Counters};
use crate::map;
use crate::scenario::{self, Position, ScenarioError, ScenarioId};

/// 10.6 "This rule is removed": no army withdraws on rout points. The
/// engine's withdrawal level is set beyond any possible loss.
pub const NO_WITHDRAWAL: u32 = u32::MAX;

/// The last Game Turn. The rulebook prints no game length (the battle ends
/// when a side reaches its victory points); the engine needs one.
/// Reconstructed: twelve turns, ample for "about 4 hours" of play.
pub const TURNS: u8 = 12;

/// The Romans' facing at the start (Reconstructed: toward the town).
pub const ROMAN_FACING: Facing = Facing::Twelve;
/// The Gauls' facing at the start (Reconstructed: toward the Romans).
pub const GALLIC_FACING: Facing = Facing::Six;

/// The engine's battles: one per printed deployment.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum BattleId {
    /// The standard deployment.
    Standard,
    /// The alternative deployment (XI and Caninius out).
    Alternative,
}

impl BattleId {
    /// Both.
    pub const ALL: [BattleId; 2] = [BattleId::Standard, BattleId::Alternative];

    /// The scenario name the engine knows it by.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            BattleId::Standard => "Gergovia",
            BattleId::Alternative => "Gergovia (alternative deployment)",
        }
    }

    /// The battle called `name`, if any.
    #[must_use]
    pub fn from_name(name: &str) -> Option<BattleId> {
        Self::ALL.into_iter().find(|b| b.name() == name)
    }

    pub(crate) const fn deployment(self) -> ScenarioId {
        match self {
            BattleId::Standard => ScenarioId::Standard,
            BattleId::Alternative => ScenarioId::Alternative,
        }
    }
}

/// A Gergovia battle on the engine: the engine's scenario and what it leaves
/// out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Battle {
    /// The engine's scenario.
    pub scenario: Scenario,
    /// Combat units the deployment keeps off the map (Gallic
    /// Reinforcements: on the engine's field, waiting off it).
    pub off_map: Vec<String>,
    /// Leaders the deployment keeps off the map (Vercingetorix).
    pub off_map_leaders: Vec<String>,
    /// The engine's indices of `off_map`, in counter-mix order (the order
    /// they enter in).
    pub held: Vec<usize>,
    /// The engine's indices of `off_map_leaders`.
    pub held_leaders: Vec<usize>,
    /// Gallic Reinforcements: the first Game Turn Vercingetorix may enter
    /// (the deployment's `vercingetorix_entry.standard`).
    pub entry_turn: u8,
}

/// The embedded battle, built once.
///
/// # Errors
/// The embedded data's problems (only if a file was edited wrongly).
pub fn battle(id: BattleId) -> Result<&'static Battle, DataError> {
    static B: [OnceLock<Result<Battle, DataError>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match id {
        BattleId::Standard => &B[0],
        BattleId::Alternative => &B[1],
    };
    slot.get_or_init(|| {
        let board = map::board()?;
        let mix = counters::counters()?;
        let s = scenario::scenario(id.deployment()).map_err(|e| scenario_error(id, e))?;
        build(id, board, mix, s)
    })
    .as_ref()
    .map_err(Clone::clone)
}

pub(crate) fn scenario_error(id: BattleId, e: ScenarioError) -> DataError {
    match e {
        ScenarioError::Data(d) => d,
        other => DataError {
            file: id.deployment().file().0.to_owned(),
            problems: vec![Problem {
                pos: None,
                item: id.name().to_owned(),
                message: other.to_string(),
            }],
        },
    }
}

/// The engine's missile column for a counter's missile (SPQR 8.2).
#[must_use]
pub const fn missile_key(m: MissileType) -> MissileKey {
    match m {
        MissileType::Arrow => MissileKey::Archer,
        MissileType::Javelin => MissileKey::Javelin,
        MissileType::Sling => MissileKey::Sling,
        MissileType::MountedArcher => MissileKey::MountedArcher,
        MissileType::Scorpio | MissileType::Palintonos => MissileKey::Scorpio,
    }
}

/// Builds the engine's battle from a map, a counter mix and a deployment.
///
/// # Errors
/// A deployment that cannot be placed, or an engine check that fails (two
/// units in a hex beyond the engine's stacking, a leader off the map), each
/// naming the deployment file and the piece.
pub fn build(
    id: BattleId,
    board: &Board,
    mix: &Counters,
    deployment: &scenario::Scenario,
) -> Result<Battle, DataError> {
    let file = deployment_file(id);
    let placed = deployment.default_deployment(board, mix).map_err(|e| scenario_error(id, e))?;
    let mut problems = Vec::new();
    let mut units = Vec::new();
    let mut start: Vec<(Hex, Facing)> = Vec::new();
    let mut off_map = Vec::new();
    let mut held = Vec::new();
    // Counter-mix order (Roman then Gallic, formation by formation), so
    // that unit indices do not depend on map iteration.
    for u in mix.units() {
        let Some(pos) = placed.units.get(&u.id) else { continue };
        let hex = match *pos {
            Position::Hex(hex) => hex,
            Position::OffMap => {
                off_map.push(u.id.to_string());
                held.push(units.len());
                crate::reinforcements::WAITING
            }
        };
        let facing = if u.side == Side::Roman { ROMAN_FACING } else { GALLIC_FACING };
        units.push(UnitDef {
            id: u.id.clone(),
            side: u.side,
            unit_type: u.profile.unit_type,
            shock_class: None,
            tq: u.profile.tq.0,
            ma: u.profile.ma,
            size: u.size,
            missile: u.profile.missile.map(missile_key),
            group: Some(u.formation.clone()),
            legion: u.profile.unit_type == UnitType::CO,
            roman: None,
            double: false,
        });
        start.push((hex, facing));
    }
    let mut leaders = Vec::new();
    let mut leader_start = Vec::new();
    let mut off_map_leaders = Vec::new();
    let mut held_leaders = Vec::new();
    for l in mix.leaders() {
        let Some(pos) = placed.leaders.get(&l.id) else { continue };
        let hex = match *pos {
            Position::Hex(hex) => hex,
            Position::OffMap => {
                off_map_leaders.push(l.id.clone());
                held_leaders.push(leaders.len());
                crate::reinforcements::WAITING
            }
        };
        let overall = l.rank == gboh_standard::Rank::OverallCommander;
        let mut rating = |name: &str, v: Option<u8>| {
            v.unwrap_or_else(|| {
                problems.push(Problem {
                    pos: None,
                    item: l.id.clone(),
                    message: format!("4.1: the standard version needs his {name}"),
                });
                0
            })
        };
        let initiative = rating("initiative", l.initiative);
        let command_range = rating("command range", l.command_range);
        leaders.push(LeaderDef {
            name: l.id.clone(),
            side: l.side,
            initiative,
            command_range,
            line_command: l.line_command.unwrap_or(0),
            strategy: l.strategy,
            charisma: l.charisma.unwrap_or(0),
            // Elite Commanders: Caesar only in turn one, Vercingetorix once;
            // the counter is Elite, the game says when (`Gergovia::is_elite`).
            elite: l.elite.is_some(),
            overall,
            group: l.commands.first().cloned(),
            rank: Some(l.rank),
            line_command_range: None,
            restriction: Vec::new(),
            rout_points: None,
            replacement: false,
            office: None,
        });
        leader_start.push(hex);
    }
    for side in Side::ALL {
        if !leaders.iter().any(|l| l.side == side) {
            problems.push(Problem {
                pos: None,
                item: id.name().to_owned(),
                message: format!("5.1: {side:?} has no leader on the map"),
            });
        }
    }
    if !problems.is_empty() {
        return Err(DataError { file: file.to_owned(), problems });
    }
    let scenario = Scenario {
        name: id.name().to_owned(),
        provenance: Provenance::Reconstructed,
        board: board.clone(),
        units,
        start,
        leaders,
        leader_start,
        withdrawal: BySide { roman: NO_WITHDRAWAL, adversary: NO_WITHDRAWAL },
        retreat: BySide { roman: Facing::Six, adversary: Facing::Twelve },
        turns: TURNS,
        line_types: Vec::new(),
        // SPQR 4.74: the seed lists no Replacement leaders for Gergovia.
        replacements: Vec::new(),
        zoc_closed: zoc_closed(board),
        roman_orders: Default::default(),
    };
    let entry_turn = deployment.vercingetorix_entry.standard;
    Ok(Battle { scenario, off_map, off_map_leaders, held, held_leaders, entry_turn })
}

/// 6.73: "Zones of control do not extend over fortifications": every camp
/// and town wall hexside and every gate in one (the towers stand inside the
/// large camp's wall, so its hexsides close them too), from both sides.
#[must_use]
pub fn zoc_closed(board: &Board) -> std::collections::HashSet<(Hex, gboh_core::facing::Direction)> {
    let mut out = std::collections::HashSet::new();
    for (h, d, _) in board.hexsides() {
        if crate::movement::fortified(board, h, d) {
            out.insert((h, d));
            out.insert((d.neighbor(h), d.opposite()));
        }
    }
    out
}

const fn deployment_file(id: BattleId) -> &'static str {
    id.deployment().file().0
}

/// The battle called `name`'s engine scenario (the engine's
/// `StandardGame::scenario`).
///
/// # Errors
/// An unknown name (the message lists the known ones), or the embedded
/// data's problems.
pub fn scenario_named(name: &str) -> Result<Scenario, DataError> {
    match BattleId::from_name(name) {
        Some(id) => battle(id).map(|b| b.scenario.clone()),
        None => Err(DataError {
            file: name.to_owned(),
            problems: vec![Problem {
                pos: None,
                item: name.to_owned(),
                message: format!(
                    "no such Gergovia battle (known: {})",
                    BattleId::ALL.map(BattleId::name).join(", ")
                ),
            }],
        }),
    }
}
