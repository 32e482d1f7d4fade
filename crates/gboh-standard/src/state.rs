//! The state of the pieces as plain data: the scenario's fixed definitions
//! (units, leaders, the board) and what changes (where each unit is, its hits,
//! supply and status; each leader's status and phases), with the ground
//! queries the rules ask of it (occupants, zones of control, terrain).
//!
//! ZOC (SPQR 7.2), as seen from a unit facing twelve o'clock:
//!
//! ```text
//!        NW  /\  NE         the two front hexes are its ZOC;
//!      W    |  |    E       missile-armed skirmishers add the flanks;
//!        SW  \/  SE         routed units and leaders have none.
//! ```

use std::sync::Arc;

use gboh_core::board::{Board, HexsideFeature, Terrain};
use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::{UnitId, UnitType};
use gboh_core::{BySide, Side};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::kinds::{MissileKey, MoveTerrain, ShockClass};
use crate::missile::Supply;
use crate::movement::{StackMember, Stacking, stacking};
use gboh_core::table::Drm;

pub use crate::scenario::{
    LineTypes, PlacedLeaderDef, PlacedUnitDef, Replacement, ReplacementDef, Scenario, ScenarioDef,
};

/// A combat unit as printed on its counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitDef {
    /// Its id, unique in the scenario.
    pub id: UnitId,
    /// Its side.
    pub side: Side,
    /// Its printed type.
    pub unit_type: UnitType,
    /// Its type on the shock charts, when it differs from the printed one's
    /// (RC cavalry).
    #[serde(default)]
    pub shock_class: Option<ShockClass>,
    /// Printed TQ.
    pub tq: u8,
    /// Printed MA.
    pub ma: u8,
    /// Printed size (SPQR 8.5's size ratio).
    pub size: u8,
    /// Missile type, if any.
    #[serde(default)]
    pub missile: Option<MissileKey>,
    /// The group it belongs to (a legion, a tribe), for a game's rules.
    #[serde(default)]
    pub group: Option<String>,
    /// Roman legion or ala infantry (one MP for any facing change, SPQR 6.27).
    #[serde(default)]
    pub legion: bool,
    /// A Roman unit's printed Class and whether it belongs to an ala rather
    /// than a legion (SPQR 4.52, 4.54: what a Tribune or Praefect may
    /// order); its legion or ala is its `group`. Not written when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roman: Option<RomanUnit>,
    /// A double-size phalanx counter standing on two hexes (Dictator 9.101,
    /// SPQR 6.4): set by the scenario from its placement's `second_hex`.
    #[serde(skip)]
    pub double: bool,
}

impl UnitDef {
    /// SPQR 9.2: Roman Velites, light infantry of a legion (`LI` with
    /// `legion`): not skirmishers, but with some of their ways (7.21 ZOC,
    /// 9.21 orderly withdrawal, the 6.69 stacking charts' velites rules).
    #[must_use]
    pub fn is_velites(&self) -> bool {
        self.legion && self.class() == ShockClass::LI
    }

    /// Its class on the shock charts.
    #[must_use]
    pub fn class(&self) -> ShockClass {
        self.shock_class.unwrap_or_else(|| ShockClass::of(self.unit_type))
    }

    /// Rout points when eliminated (SPQR 11.x): its TQ; SK and elephants 2;
    /// a phalanx twice its TQ.
    #[must_use]
    pub fn rout_points(&self) -> u32 {
        match self.class() {
            ShockClass::SK | ShockClass::EL => 2,
            ShockClass::PH => 2 * u32::from(self.tq),
            _ => u32::from(self.tq),
        }
    }

    /// Whether it is an archer (archer LI/LC cannot shock, SPQR 8.31).
    #[must_use]
    pub fn is_archer(&self) -> bool {
        matches!(self.missile, Some(MissileKey::Archer | MissileKey::MountedArcher))
    }
}

/// A Roman unit's place in the Roman command (SPQR 4.52, 4.54).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomanUnit {
    /// An ala's (the allies', whom a Praefect Sociorum orders), not a
    /// legion's (a Tribune's).
    #[serde(default)]
    pub ala: bool,
    /// Its printed Class (Hastati, Principes, Triarii, ...): a Tribune or
    /// Praefect Sociorum orders one Class of one legion or ala a phase.
    pub class: String,
}

/// The Roman secondary command (SPQR 4.5): what a leader counter says he is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Office {
    /// A Tribune: legion infantry (4.51, 4.52).
    Tribune,
    /// A Praefect Sociorum: ala infantry (4.51, 4.52).
    PraefectSociorum,
    /// A Praefect Equitum: legion or ala cavalry (4.51, 4.54).
    PraefectEquitum,
    /// A Proconsul (4.56): any combat units; -1 to his Line Command roll
    /// outside the OC's range; the OC if the OC is killed, with Strategy 1.
    Proconsul,
}

impl Office {
    /// His title, as narration names it.
    #[must_use]
    pub const fn title(self) -> &'static str {
        match self {
            Office::Tribune => "a Tribune",
            Office::PraefectSociorum => "a Praefect Sociorum",
            Office::PraefectEquitum => "a Praefect Equitum",
            Office::Proconsul => "a Proconsul",
        }
    }

    /// A Tribune or Praefect (SPQR 4.74: "Eliminated Tribunes and Praefects
    /// are simply placed back on the map"); a Proconsul is not, and falls
    /// as any other leader.
    #[must_use]
    pub const fn placed_back(self) -> bool {
        !matches!(self, Office::Proconsul)
    }
}

/// A leader as printed on his counter (SPQR 4.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    /// His name.
    pub name: String,
    /// His side.
    pub side: Side,
    /// Initiative.
    pub initiative: u8,
    /// Command Range in hexes.
    pub command_range: u8,
    /// Line Commands he may issue.
    #[serde(default)]
    pub line_command: u8,
    /// Strategy (the OC only).
    #[serde(default)]
    pub strategy: Option<u8>,
    /// Charisma.
    #[serde(default)]
    pub charisma: u8,
    /// Elite (the triangle).
    #[serde(default)]
    pub elite: bool,
    /// The Overall Commander.
    #[serde(default)]
    pub overall: bool,
    /// The group he commands (a tribe), for a game's rules.
    #[serde(default)]
    pub group: Option<String>,
    /// His rank, where a game's command rules tell ranks apart (Dictator
    /// 4.61, 4.71: Tribal Chief, Chief, Subordinate Commander).
    #[serde(default)]
    pub rank: Option<crate::rank::Rank>,
    /// A second Command Range for Line Commands (Dictator 4.62's tribal leaders).
    #[serde(default)]
    pub line_command_range: Option<u8>,
    /// The Command Restriction keyword: the only unit types he may order
    /// (empty: any; Dictator 4.64, 4.73).
    #[serde(default)]
    pub restriction: Vec<UnitType>,
    /// Rout points if killed; default his Initiative (SPQR 11.x: a named
    /// leader is worth 5 x Initiative, which the scenario states).
    #[serde(default)]
    pub rout_points: Option<u32>,
    /// A Replacement leader counter (SPQR 4.74), from the scenario's
    /// `replacements`: off the map until the OC places him.
    #[serde(skip)]
    pub replacement: bool,
    /// A Roman Tribune or Praefect (SPQR 4.5): whom he may order, and
    /// placed back on the map when he falls (4.74). Not written when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub office: Option<Office>,
}

/// Where a unit is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum UnitStatus {
    /// In good order.
    InPlay,
    /// Routed (SPQR 10.1): TQ 1, no ZOC, any hit eliminates it.
    Routed,
    /// Off the map.
    Eliminated,
}

/// What changes about a unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct UnitState {
    /// Its hex.
    pub hex: Hex,
    /// Its facing.
    pub facing: Facing,
    /// Cohesion hits.
    pub hits: u8,
    /// Status.
    pub status: UnitStatus,
    /// Depleted (rallied once, SPQR 10.2).
    pub depleted: bool,
    /// Missile supply.
    pub supply: Supply,
    /// Orders Phases this turn in which it moved (SPQR 6.13).
    pub moves_this_turn: u8,
    /// Finished for the turn (cavalry after a pursuit roll, SPQR 8.5).
    #[serde(default)]
    pub spent: bool,
    /// In column (SPQR 6.27): +1 MA, +2 to its TQ checks, cannot shock,
    /// attacked Attack Superior.
    #[serde(default)]
    pub column: bool,
    /// The bottom unit of a stack (SPQR 6.66: a unit moving in to stack is
    /// placed on the bottom); meaningful only while stacked. Not written
    /// when false, so saves without stacks read as before.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub bottom: bool,
    /// A double-size phalanx in column with its In Column marker on its
    /// right half, which is then its front end (Dictator 9.102; false: the
    /// left half). Meaningful only in column.
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    pub column_right: bool,
}

impl UnitState {
    /// On the map, routed or not.
    #[must_use]
    pub const fn on_map(&self) -> bool {
        !matches!(self.status, UnitStatus::Eliminated)
    }

    /// In good order.
    #[must_use]
    pub const fn in_play(&self) -> bool {
        matches!(self.status, UnitStatus::InPlay)
    }
}

/// A leader's standing this turn (SPQR 5.1-5.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LeaderStatus {
    /// May still be activated.
    Ready,
    /// Finished for the turn.
    Finished,
    /// Killed.
    Dead,
}

/// What changes about a leader.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "LeaderStateSave", from = "LeaderStateSave")]
pub struct LeaderState {
    /// His hex (meaningless while he is a Replacement leader in reserve).
    pub hex: Hex,
    /// His standing.
    pub status: LeaderStatus,
    /// Orders Phases he had this turn (at most 3, SPQR 5.1).
    pub phases: u8,
    /// Passed over by a Trump this turn: no Momentum (SPQR 5.4).
    pub bypassed: bool,
    /// Ratings lost to wounds (SPQR 4.53).
    pub wounds: u8,
    /// A Replacement leader not yet placed (SPQR 4.74): off the map, held
    /// as `Dead` so that nothing sees him until the OC places him. Not
    /// written when false.
    pub reserve: bool,
}

/// A [`LeaderState`] as a save writes it: a Replacement leader in reserve
/// is off the map, so his placeholder hex is not written (a save shows
/// every hex as a map label, and he has none).
#[derive(Serialize, Deserialize)]
struct LeaderStateSave {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hex: Option<Hex>,
    status: LeaderStatus,
    phases: u8,
    bypassed: bool,
    wounds: u8,
    #[serde(default, skip_serializing_if = "core::ops::Not::not")]
    reserve: bool,
}

impl From<LeaderState> for LeaderStateSave {
    fn from(s: LeaderState) -> LeaderStateSave {
        LeaderStateSave {
            hex: (!s.reserve).then_some(s.hex),
            status: s.status,
            phases: s.phases,
            bypassed: s.bypassed,
            wounds: s.wounds,
            reserve: s.reserve,
        }
    }
}

impl From<LeaderStateSave> for LeaderState {
    fn from(s: LeaderStateSave) -> LeaderState {
        LeaderState {
            hex: s.hex.unwrap_or(Hex::ZERO),
            status: s.status,
            phases: s.phases,
            bypassed: s.bypassed,
            wounds: s.wounds,
            reserve: s.reserve,
        }
    }
}

/// Dictator 9.101 (SPQR 6.4): the right half of a double-size counter whose
/// left half stands in `left`, facing `facing`. Both halves face the same
/// vertex; the counter's front is the three hexes in front of the two:
///
/// ```text
///      lf  c  rf        facing twelve o'clock: the left half L and the
///     L    R            right half R side by side, R on L's right flank
///                       (east); lf, c, rf: the counter's front hexes (c is
///                       the centre front, the front of both halves).
/// ```
#[must_use]
pub fn right_half(left: Hex, facing: Facing) -> Hex {
    facing.flank()[1].neighbor(left)
}

/// Dictator 9.101: the three front hexes of a double-size counter (left
/// front, centre front, right front).
#[must_use]
pub fn double_front(left: Hex, facing: Facing) -> [Hex; 3] {
    let [ccw, cw] = facing.front();
    let right = right_half(left, facing);
    [ccw.neighbor(left), cw.neighbor(left), cw.neighbor(right)]
}

/// Dictator 9.101: the two flank hexes of a double-size counter (left, right).
#[must_use]
pub fn double_flanks(left: Hex, facing: Facing) -> [Hex; 2] {
    let [l, r] = facing.flank();
    [l.neighbor(left), r.neighbor(right_half(left, facing))]
}

/// The pieces on the board: the scenario (shared) and what changed.
#[derive(Debug, Clone, PartialEq)]
pub struct Field {
    /// The scenario.
    pub scenario: Arc<Scenario>,
    /// Each unit's state, by index.
    pub units: Vec<UnitState>,
    /// Each leader's state, by index.
    pub leaders: Vec<LeaderState>,
    /// The turn, from 1.
    pub turn: u8,
    /// Rout points each side has lost.
    pub rout_points: BySide<u32>,
    /// This turn's rally attempts, `(unit, leader)`: once per leader per unit
    /// per turn (SPQR 10.2).
    pub rallies: Vec<(usize, usize)>,
    /// This turn's melees across a hexside in `zoc_closed`, `(attacker,
    /// defender)`: the two exert a ZOC on each other across it while both
    /// stand where they fought (Gergovia 6.73, "the melee marker should show
    /// this"); cleared at the end of the turn.
    pub melees: Vec<(usize, usize)>,
    /// Cavalry off the map after a pursuit, with the leaders who went with
    /// it (SPQR 8.62, 8.64; [`crate::offmap`]).
    pub off_map: Vec<crate::offmap::OffMap>,
    /// The active OC declared this Orders Phase a Regroup and Return (SPQR
    /// 8.64, 4.4 #6): his off-map cavalry may return, and he does nothing
    /// else. Cleared when the phase ends.
    pub regrouping: bool,
}

impl Field {
    /// The scenario's opening position.
    #[must_use]
    pub fn new(scenario: Arc<Scenario>) -> Field {
        let units = scenario
            .start
            .iter()
            .map(|&(hex, facing)| UnitState {
                hex,
                facing,
                hits: 0,
                status: UnitStatus::InPlay,
                depleted: false,
                supply: Supply::Full,
                moves_this_turn: 0,
                spent: false,
                column: false,
                bottom: false,
                column_right: false,
            })
            .collect();
        let leaders = scenario
            .leader_start
            .iter()
            .zip(&scenario.leaders)
            .map(|(&hex, d)| LeaderState {
                hex,
                // SPQR 4.74: a Replacement leader waits off the map.
                status: if d.replacement { LeaderStatus::Dead } else { LeaderStatus::Ready },
                phases: 0,
                bypassed: false,
                wounds: 0,
                reserve: d.replacement,
            })
            .collect();
        Field {
            scenario,
            units,
            leaders,
            turn: 1,
            rout_points: BySide::default(),
            rallies: Vec::new(),
            melees: Vec::new(),
            off_map: Vec::new(),
            regrouping: false,
        }
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.scenario.board
    }

    /// Unit `u`'s counter.
    #[must_use]
    pub fn def(&self, u: usize) -> Option<&UnitDef> {
        self.scenario.units.get(u)
    }

    /// Leader `l`'s counter.
    #[must_use]
    pub fn leader_def(&self, l: usize) -> Option<&LeaderDef> {
        self.scenario.leaders.get(l)
    }

    /// Unit `u`'s side.
    #[must_use]
    pub fn side(&self, u: usize) -> Option<Side> {
        self.def(u).map(|d| d.side)
    }

    /// Leader `l`'s Initiative after wounds.
    #[must_use]
    pub fn initiative(&self, l: usize) -> u8 {
        let wounds = self.leaders.get(l).map_or(0, |s| s.wounds);
        self.leader_def(l).map_or(0, |d| d.initiative.saturating_sub(wounds))
    }

    /// The first unit on the map in `hex`, if any (a hex holds two only
    /// when Roman LG/HI stack, SPQR 6.6: see [`Field::units_at`]).
    #[must_use]
    pub fn unit_at(&self, hex: Hex) -> Option<usize> {
        (0..self.units.len()).find(|&u| self.occupies(u, hex))
    }

    /// Every unit on the map in `hex`, by index (SPQR 6.6: at most two).
    #[must_use]
    pub fn units_at(&self, hex: Hex) -> Vec<usize> {
        (0..self.units.len()).filter(|&u| self.occupies(u, hex)).collect()
    }

    /// Whether unit `u` is on the map in `hex` (either half of a double-size
    /// phalanx, Dictator 9.101).
    #[must_use]
    pub fn occupies(&self, u: usize, hex: Hex) -> bool {
        self.units.get(u).is_some_and(|s| {
            s.on_map()
                && (s.hex == hex || (self.is_double(u) && right_half(s.hex, s.facing) == hex))
        })
    }

    /// Whether unit `u` is a double-size phalanx counter (Dictator 9.101).
    #[must_use]
    pub fn is_double(&self, u: usize) -> bool {
        self.def(u).is_some_and(|d| d.double)
    }

    /// The hexes unit `u` stands on: its hex, and for a double-size counter
    /// its right half too (Dictator 9.101).
    #[must_use]
    pub fn halves(&self, u: usize) -> Vec<Hex> {
        let Some(s) = self.units.get(u) else { return Vec::new() };
        if self.is_double(u) { vec![s.hex, right_half(s.hex, s.facing)] } else { vec![s.hex] }
    }

    /// The hexes in front of unit `u`: two, or a double-size counter's three
    /// (Dictator 9.101).
    #[must_use]
    pub fn front_hexes(&self, u: usize) -> Vec<Hex> {
        let Some(s) = self.units.get(u) else { return Vec::new() };
        if self.is_double(u) {
            double_front(s.hex, s.facing).to_vec()
        } else {
            s.facing.front().iter().map(|d| d.neighbor(s.hex)).collect()
        }
    }

    /// The aspect of unit `u` that an attack or a move from the adjacent hex
    /// `from` comes through; for a double-size counter, the half next to
    /// `from` that is the most advantageous to `u` (Dictator 9.101). `None`
    /// when `from` is not next to it.
    #[must_use]
    pub fn aspect_from(&self, u: usize, from: Hex) -> Option<gboh_core::facing::Aspect> {
        let s = self.units.get(u)?;
        self.halves(u)
            .into_iter()
            .filter_map(|h| Direction::between(h, from).map(|d| s.facing.aspect(d)))
            .min()
    }

    /// The other unit in unit `u`'s hex, if it is stacked (SPQR 6.6).
    #[must_use]
    pub fn stacked_with(&self, u: usize) -> Option<usize> {
        let s = self.units.get(u).filter(|s| s.on_map())?;
        self.units_at(s.hex).into_iter().find(|&o| o != u)
    }

    /// Whether unit `u` is the bottom unit of a stack (SPQR 6.66).
    #[must_use]
    pub fn is_bottom(&self, u: usize) -> bool {
        self.stacked_with(u).is_some() && self.units.get(u).is_some_and(|s| s.bottom)
    }

    /// Unit `u` as the stacking rules see it (SPQR 6.6).
    #[must_use]
    pub fn stack_member(&self, u: usize) -> Option<StackMember<'_>> {
        self.def(u).map(|d| StackMember {
            class: d.class(),
            legion: d.legion,
            group: d.group.as_deref(),
        })
    }

    /// SPQR 6.6: the DRM unit `u` adds to its TQ checks for the unit it is
    /// stacked with (+1 unless both are the same legion's same class).
    #[must_use]
    pub fn stack_drm(&self, u: usize) -> Drm {
        let Some(o) = self.stacked_with(u) else { return Drm(0) };
        match (self.stack_member(u), self.stack_member(o)) {
            (Some(a), Some(b)) => stacking(a, b).map_or(Drm(1), Stacking::tq_drm),
            _ => Drm(0),
        }
    }

    /// The hexes unit `u` exerts a ZOC into (SPQR 7.2): its front hexes;
    /// missile-armed skirmishers add their flanks; routed units none; not
    /// across a hexside the scenario closes to ZOC (`zoc_closed`, Gergovia
    /// 6.73) unless it meleed the unit there across it.
    #[must_use]
    pub fn zoc_hexes(&self, u: usize) -> Vec<Hex> {
        let mut out = self.zoc_hexes_unfortified(u);
        if !self.scenario.zoc_closed.is_empty() {
            out.retain(|&h| self.zoc_reaches(u, h));
        }
        out
    }

    /// The hexes unit `u` exerts a ZOC into as if no hexside were closed to
    /// ZOC: SPQR 7.2's geometry alone (Gergovia 6.73: "for reaction fire
    /// under 8.2, the ZOC rule applies as it would without fortification").
    #[must_use]
    pub fn zoc_hexes_unfortified(&self, u: usize) -> Vec<Hex> {
        let (Some(s), Some(d)) = (self.units.get(u), self.def(u)) else { return Vec::new() };
        if !s.in_play() {
            return Vec::new();
        }
        if d.double {
            // Dictator 9.101: the ZOC of both halves, its three front hexes.
            return double_front(s.hex, s.facing).to_vec();
        }
        let mut dirs = s.facing.front().to_vec();
        // SPQR 7.21: missile-armed skirmishers and Roman velites add their
        // flanks; velites out of missiles (Missile No) only their front.
        let velites_armed = d.is_velites() && d.missile.is_some() && s.supply != Supply::No;
        if (d.class() == ShockClass::SK && d.missile.is_some()) || velites_armed {
            dirs.extend(s.facing.flank());
        }
        dirs.into_iter().map(|dir| dir.neighbor(s.hex)).collect()
    }

    /// Whether unit `u` exerts a ZOC into `hex` (as [`Field::zoc_hexes`],
    /// without building the list).
    #[must_use]
    pub fn exerts_zoc(&self, u: usize, hex: Hex) -> bool {
        self.exerts_zoc_unfortified(u, hex)
            && (self.scenario.zoc_closed.is_empty() || self.zoc_reaches(u, hex))
    }

    /// Whether unit `u` exerts a ZOC into `hex` by SPQR 7.2's geometry alone,
    /// whatever hexside lies between (Gergovia 6.73: reaction fire).
    #[must_use]
    pub fn exerts_zoc_unfortified(&self, u: usize, hex: Hex) -> bool {
        let (Some(s), Some(d)) = (self.units.get(u), self.def(u)) else { return false };
        if !s.in_play() {
            return false;
        }
        if d.double {
            return double_front(s.hex, s.facing).contains(&hex);
        }
        let Some(dir) = Direction::between(s.hex, hex) else { return false };
        let flanks = (d.class() == ShockClass::SK && d.missile.is_some())
            || (d.is_velites() && d.missile.is_some() && s.supply != Supply::No);
        s.facing.front().contains(&dir) || (flanks && s.facing.flank().contains(&dir))
    }

    /// Whether the hexside from `hex` toward `dir` is closed to ZOC
    /// (the scenario's `zoc_closed`; Gergovia 6.73).
    #[must_use]
    pub fn zoc_closed(&self, hex: Hex, dir: Direction) -> bool {
        self.scenario.zoc_closed.contains(&(hex, dir))
    }

    /// Gergovia 6.73: whether unit `u`'s ZOC, which covers `hex` by its
    /// geometry, reaches it: from a half next to `hex` over a hexside not
    /// closed to ZOC, or over a closed one to a unit it meleed across it
    /// this turn (in either direction).
    fn zoc_reaches(&self, u: usize, hex: Hex) -> bool {
        self.halves(u).into_iter().any(|h| {
            let Some(dir) = Direction::between(h, hex) else { return false };
            !self.zoc_closed(h, dir)
                || self
                    .units_at(hex)
                    .into_iter()
                    .any(|e| self.melees.iter().any(|&(a, b)| (a, b) == (u, e) || (a, b) == (e, u)))
        })
    }

    /// The enemies of `side` exerting a ZOC on `hex`, by index.
    #[must_use]
    pub fn zoc_holders(&self, hex: Hex, side: Side) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&e| self.side(e) == Some(side.opponent()) && self.exerts_zoc(e, hex))
            .collect()
    }

    /// Whether `hex` is in an enemy ZOC for `side`.
    #[must_use]
    pub fn in_enemy_zoc(&self, hex: Hex, side: Side) -> bool {
        (0..self.units.len())
            .any(|e| self.side(e) == Some(side.opponent()) && self.exerts_zoc(e, hex))
    }

    /// Whether an enemy of `side` is next to `hex`.
    #[must_use]
    pub fn enemy_adjacent(&self, hex: Hex, side: Side) -> bool {
        Direction::ALL.iter().any(|d| {
            self.unit_at(d.neighbor(hex)).is_some_and(|e| self.side(e) == Some(side.opponent()))
        })
    }

    /// SPQR 4.2: the length of the shortest path from `from` to `to` along
    /// which `side`'s Command Range is counted: not through enemy units,
    /// impassable terrain or hexsides (`impassable`, from the Movement Cost
    /// Chart), nor hexes in an enemy ZOC unless a friendly unit holds them
    /// (friendly units negate enemy ZOC for this; `to` itself is always a
    /// friend's). `None` when no such path is at most `limit` long.
    ///
    /// ```text
    ///   L . E        L: the leader, E: an enemy whose ZOC (z) covers the
    ///    z z .          straight way; the path goes round, and a friend (f)
    ///   . f U           standing in the ZOC lets it through.
    /// ```
    #[must_use]
    pub fn command_path(
        &self,
        from: Hex,
        to: Hex,
        side: Side,
        limit: u32,
        impassable: impl Fn(MoveTerrain) -> bool,
    ) -> Option<u32> {
        if from == to {
            return Some(0);
        }
        // No path is shorter than the straight distance.
        let straight = Self::distance(from, to);
        if straight > limit {
            return None;
        }
        // Quick answer: a straight line that is open is a shortest path.
        let open_step = |a: Hex, b: Hex| {
            let Some(dir) = Direction::between(a, b) else { return false };
            let passable = self.move_terrain(b).is_some_and(|t| !impassable(t))
                && !self.hexside_terrain(a, dir).is_some_and(&impassable);
            let units = self.units_at(b);
            passable
                && !units.iter().any(|&u| self.side(u) == Some(side.opponent()))
                && (b == to
                    || units.iter().any(|&u| self.side(u) == Some(side))
                    || !self.in_enemy_zoc(b, side))
        };
        let line: Vec<Hex> = from.line_to(to).collect();
        if line.windows(2).all(|w| matches!(w, [a, b] if open_step(*a, *b))) {
            return Some(straight);
        }
        let enemy_zoc: std::collections::HashSet<Hex> = (0..self.units.len())
            .filter(|&e| self.side(e) == Some(side.opponent()))
            .flat_map(|e| self.zoc_hexes(e))
            .collect();
        // Which sides hold each occupied hex: (friend, enemy).
        let mut held: std::collections::HashMap<Hex, (bool, bool)> =
            std::collections::HashMap::new();
        for (u, s) in self.units.iter().enumerate() {
            if s.on_map() {
                for h in self.halves(u) {
                    let e = held.entry(h).or_default();
                    if self.side(u) == Some(side) {
                        e.0 = true;
                    } else {
                        e.1 = true;
                    }
                }
            }
        }
        let mut seen = std::collections::HashSet::from([from]);
        let mut frontier = vec![from];
        for dist in 1..=limit {
            let mut next = Vec::new();
            for &h in &frontier {
                for dir in Direction::ALL {
                    let n = dir.neighbor(h);
                    if seen.contains(&n) {
                        continue;
                    }
                    let Some(t) = self.move_terrain(n) else { continue };
                    if impassable(t) || self.hexside_terrain(h, dir).is_some_and(&impassable) {
                        continue;
                    }
                    let (friend, enemy) = held.get(&n).copied().unwrap_or_default();
                    if enemy {
                        continue;
                    }
                    if n == to {
                        return Some(dist);
                    }
                    // Hexes from which `to` is out of reach are not expanded.
                    if Self::distance(n, to) > limit - dist {
                        continue;
                    }
                    if enemy_zoc.contains(&n) && !friend {
                        continue;
                    }
                    seen.insert(n);
                    next.push(n);
                }
            }
            frontier = next;
        }
        None
    }

    /// SPQR 8.14: whether combat units block the line of sight from `from` to
    /// `to`: a unit (either side's, routed or not) in a hex the line passes
    /// through blocks it unless that hex is lower than both ends; a line down
    /// a hexspine is blocked if either hex beside it blocks. An archer
    /// (`archer`) sees over units nearer to it than to the target (halfway
    /// is not nearer). Adjacent hexes: never blocked. Terrain is
    /// [`Board::terrain_los`]'s.
    #[must_use]
    pub fn units_block_los(&self, from: Hex, to: Hex, archer: bool) -> bool {
        self.units_block_los_but(from, to, archer, |_| false)
    }

    /// [`Self::units_block_los`], where the units `seen_through` picks do not
    /// block (SPQR 4.33: elephants do not block a leader's sight of a Line).
    #[must_use]
    pub fn units_block_los_but(
        &self,
        from: Hex,
        to: Hex,
        archer: bool,
        seen_through: impl Fn(usize) -> bool,
    ) -> bool {
        let low = |h: Hex| {
            let e = |x: Hex| self.board().elevation(x).unwrap_or(0);
            e(h) < e(from) && e(h) < e(to)
        };
        let blocks = |h: Hex| {
            h != from
                && h != to
                && self.units_at(h).into_iter().any(|u| !seen_through(u))
                && !low(h)
                && !(archer && Self::distance(from, h) < Self::distance(h, to))
        };
        gboh_core::board::los_path(from, to).into_iter().any(|step| step.hexes().any(blocks))
    }

    /// The distance from unit `u` to `hex`: from the nearer half of a
    /// double-size counter (Dictator 9.101).
    #[must_use]
    pub fn distance_to(&self, u: usize, hex: Hex) -> u32 {
        self.halves(u).into_iter().map(|h| Self::distance(h, hex)).min().unwrap_or(u32::MAX)
    }

    /// The hex of unit `u` nearest to `from`: its hex, or the nearer half of
    /// a double-size counter (the first, its left half, on a tie), where fire
    /// from `from` is aimed (Dictator 9.101).
    #[must_use]
    pub fn nearest_half(&self, u: usize, from: Hex) -> Option<Hex> {
        self.halves(u).into_iter().min_by_key(|&h| Self::distance(h, from))
    }

    /// The distance between units `a` and `b`, half to nearer half.
    #[must_use]
    pub fn units_distance(&self, a: usize, b: usize) -> u32 {
        self.halves(b).into_iter().map(|h| self.distance_to(a, h)).min().unwrap_or(u32::MAX)
    }

    /// Hex distance.
    #[must_use]
    pub fn distance(a: Hex, b: Hex) -> u32 {
        a.unsigned_distance_to(b)
    }

    /// The Movement Cost Chart row of a hex's terrain (off-map: none).
    #[must_use]
    pub fn move_terrain(&self, hex: Hex) -> Option<MoveTerrain> {
        self.board().terrain(hex).map(|t| match t {
            Terrain::Clear => MoveTerrain::Clear,
            Terrain::Woods => MoveTerrain::Woods,
            Terrain::Rough => MoveTerrain::Broken,
            Terrain::Marsh => MoveTerrain::Marsh,
            Terrain::Town => MoveTerrain::Village,
            Terrain::Water => MoveTerrain::River,
        })
    }

    /// The Movement Cost Chart row of the hexside from `hex` toward `dir`.
    #[must_use]
    pub fn hexside_terrain(&self, hex: Hex, dir: Direction) -> Option<MoveTerrain> {
        let b = self.board();
        if b.has_hexside(hex, dir, HexsideFeature::MinorRiver)
            || b.has_hexside(hex, dir, HexsideFeature::WaterDitch)
            || b.has_hexside(hex, dir, HexsideFeature::Escarpment)
        {
            Some(MoveTerrain::River)
        } else if b.has_hexside(hex, dir, HexsideFeature::Stream) {
            Some(MoveTerrain::Stream)
        } else {
            None
        }
    }

    /// The label of a hex, for messages.
    #[must_use]
    pub fn label(&self, hex: Hex) -> String {
        self.board().label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
    }

    /// The leaders of `side` in `hex` (alive).
    #[must_use]
    pub fn leaders_in(&self, hex: Hex, side: Side) -> Vec<usize> {
        (0..self.leaders.len())
            .filter(|&l| {
                self.leaders.get(l).is_some_and(|s| s.hex == hex && s.status != LeaderStatus::Dead)
                    && self.leader_def(l).is_some_and(|d| d.side == side)
            })
            .collect()
    }
}
