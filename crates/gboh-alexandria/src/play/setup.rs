//! The land game's fixed data as the engine reads it ([`Roster`]): the
//! map (hexes outside the city, Points and Blocks seated on hexes under it),
//! the land units and leaders of the counter mix (`data/alexandria/
//! counters.ron`; galleys are the fleet's, `src/fleet/`), the 5.36 chart
//! and the land combat tables.

use std::sync::{Arc, OnceLock};

use gboh_core::Side;
use gboh_core::board::{Barrier, Barriers, Board, HexsideFeature, Location, NodeKind, Terrain};
use gboh_core::data::DataError;
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost as EngineCost, MoverClass};
use gboh_core::unit::{CohortClass, MissileType, TroopQuality, UnitProfile, UnitType};
use gboh_simple::{Lid, Roster, Uid};
use hexx::Hex;

use super::chart::{Ground, Tables, tables};
use crate::counters::{Counters, Rank, UnitKind, counters};
use crate::map::{Alexandria, alexandria, areas};

/// One land combat unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitInfo {
    /// The counter id ("VI-3").
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Its kind as the counter mix has it.
    pub kind: UnitKind,
    /// A cohort's legion.
    pub legion: Option<String>,
    /// Its stacking group (its legion, else its kind's group).
    pub group: u16,
    /// 4.12, 4.21, 4.22: activated as an Auxiliary.
    pub auxiliary: bool,
    /// Its ratings as the engine reads them.
    pub profile: UnitProfile,
}

/// One leader (4.1).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderInfo {
    /// The counter id ("Sosius").
    pub id: String,
    /// Whose.
    pub side: Side,
    /// Overall Commander or Subordinate.
    pub rank: Rank,
    /// Command Range in MP (4.41), 0 for an Overall Commander.
    pub range: u8,
    /// Initiative (4.51).
    pub initiative: u8,
    /// Seizure attempts per game (4.52).
    pub seizures: u8,
    /// Charisma.
    pub charisma: u8,
    /// Heroic Charisma (4.1).
    pub heroic: bool,
    /// Movement Allowance.
    pub movement: u8,
    /// A legate's legion (4.21).
    pub legion: Option<String>,
}

/// The fixed data.
#[derive(Debug)]
pub struct LandSetup {
    /// The map with its city queries.
    pub map: &'static Alexandria,
    /// The counter mix.
    pub mix: &'static Counters,
    /// The combat units, in counter mix order ([`Uid`] order).
    pub units: Vec<UnitInfo>,
    /// The leaders, in counter mix order ([`Lid`] order).
    pub leaders: Vec<LeaderInfo>,
    /// 5.36 and the combat tables.
    pub tables: Tables,
}

impl PartialEq for LandSetup {
    fn eq(&self, other: &LandSetup) -> bool {
        std::ptr::eq(self.map, other.map)
            && self.units == other.units
            && self.leaders == other.leaders
            && self.tables == other.tables
    }
}
impl Eq for LandSetup {}

/// The engine's type, TQ on the reduced side, missile of a unit kind.
/// Reconstructed (the counter sheet is not available): veteran cohorts have
/// a reduced side 2 TQ less (the family's, simple-gboh-notes.md), the rest
/// none; archers fire arrows, light infantry javelins, artillery shafts.
#[must_use]
pub const fn engine_kind(kind: UnitKind) -> (UnitType, Option<CohortClass>, Option<MissileType>) {
    match kind {
        UnitKind::LegionCohort => (UnitType::CO, None, None),
        UnitKind::VeteranCohort => (UnitType::CO, Some(CohortClass::Veteran), None),
        UnitKind::GallicMediumInfantry | UnitKind::MediumInfantry => (UnitType::MI, None, None),
        UnitKind::HeavyInfantry => (UnitType::HI, None, None),
        UnitKind::LightInfantry => (UnitType::LI, None, Some(MissileType::Javelin)),
        UnitKind::Archers => (UnitType::AR, None, Some(MissileType::Arrow)),
        UnitKind::LightCavalry => (UnitType::LC, None, None),
        UnitKind::Artillery => (UnitType::Scorpio, None, Some(MissileType::Scorpio)),
    }
}

impl LandSetup {
    /// The embedded data, shared.
    ///
    /// # Errors
    /// An embedded file's problems.
    pub fn embedded() -> Result<Arc<LandSetup>, DataError> {
        static S: OnceLock<Result<Arc<LandSetup>, DataError>> = OnceLock::new();
        S.get_or_init(|| {
            Ok(Arc::new(LandSetup::new(alexandria()?, counters()?, tables()?.clone())))
        })
        .clone()
    }

    /// The setup over these data.
    #[must_use]
    pub fn new(map: &'static Alexandria, mix: &'static Counters, tables: Tables) -> LandSetup {
        let mut groups: Vec<String> = Vec::new();
        let units = mix
            .units
            .iter()
            .map(|u| {
                let key = u.legion.clone().unwrap_or_else(|| format!("{:?}", u.kind));
                let group = groups.iter().position(|g| *g == key).unwrap_or_else(|| {
                    groups.push(key);
                    groups.len() - 1
                });
                let (unit_type, class, missile) = engine_kind(u.kind);
                let reduced = class.map(|_| TroopQuality(u.tq.saturating_sub(2)));
                UnitInfo {
                    id: u.id.clone(),
                    side: u.side,
                    kind: u.kind,
                    legion: u.legion.clone(),
                    group: u16::try_from(group).unwrap_or(u16::MAX),
                    auxiliary: u.kind.auxiliary(u.side),
                    profile: UnitProfile {
                        unit_type,
                        class,
                        tq: TroopQuality(u.tq),
                        reduced_tq: reduced,
                        ma: u.ma,
                        missile,
                        routs: true,
                    },
                }
            })
            .collect();
        let leaders = mix
            .leaders
            .iter()
            .map(|l| LeaderInfo {
                id: l.id.clone(),
                side: l.side,
                rank: l.rank,
                range: l.range.unwrap_or(0),
                initiative: l.initiative,
                seizures: l.seizure.unwrap_or(0),
                charisma: l.charisma,
                heroic: l.heroic,
                movement: l.movement,
                legion: l.legion.clone(),
            })
            .collect();
        LandSetup { map, mix, units, leaders, tables }
    }

    /// Unit `uid`.
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&UnitInfo> {
        self.units.get(uid.index())
    }

    /// Leader `lid`.
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&LeaderInfo> {
        self.leaders.get(usize::from(lid.0))
    }

    /// The unit whose counter id is `id`.
    #[must_use]
    pub fn uid(&self, id: &str) -> Option<Uid> {
        let i = self.units.iter().position(|u| u.id == id)?;
        u16::try_from(i).ok().map(Uid)
    }

    /// The leader whose counter id is `id`.
    #[must_use]
    pub fn lid(&self, id: &str) -> Option<Lid> {
        let i = self.leaders.iter().position(|l| l.id == id)?;
        u8::try_from(i).ok().map(Lid)
    }

    /// The seat of a place named as printed ("4-K", "2/3-K/L", "2023").
    #[must_use]
    pub fn hex(&self, name: &str) -> Option<Hex> {
        self.map.seat(self.map.place(name)?)
    }

    /// A place's printed name, by its seat.
    #[must_use]
    pub fn label(&self, hex: Hex) -> String {
        self.map.name(self.map.board().location(hex)).unwrap_or_else(|| "off the map".to_owned())
    }

    /// Whether the place on `hex` is a Block.
    #[must_use]
    pub fn is_block(&self, hex: Hex) -> bool {
        self.map.is_block(self.map.board().location(hex))
    }

    /// Whether the place on `hex` is a Point (not a causeway hex).
    #[must_use]
    pub fn is_point(&self, hex: Hex) -> bool {
        self.map.kind(self.map.board().location(hex)) == Some(NodeKind::Point)
    }

    /// Whether `hex` is inside the city: a Point or a Block.
    #[must_use]
    pub fn in_city(&self, hex: Hex) -> bool {
        matches!(self.map.board().location(hex), Location::Node(_))
    }

    /// The chart's row for the place on `hex`.
    #[must_use]
    pub fn ground(&self, hex: Hex) -> Ground {
        let board = self.map.board();
        let place = board.location(hex);
        match self.map.kind(place) {
            Some(NodeKind::Block) => return Ground::Block,
            Some(_) => return Ground::Point,
            None => {}
        }
        if board.in_area(areas::CAUSEWAY, hex) {
            Ground::Causeway
        } else if board.in_area(areas::LIGHTHOUSE, hex) {
            Ground::Lighthouse
        } else if board.in_area(areas::PHAROS_REDOUBT, hex)
            || board.in_area(areas::CITY_REDOUBT, hex)
        {
            Ground::Redoubt
        } else if board.terrain(hex) == Some(Terrain::Water) || board.in_area(areas::SEA, hex) {
            Ground::Sea
        } else {
            Ground::Clear
        }
    }
}

impl Roster for LandSetup {
    type Works = ();

    fn board(&self) -> &Board {
        self.map.board()
    }
    /// Walls stop a ZOC (reconstructed: the family's walls, Alesia 7.22).
    fn zoc_barriers(&self) -> Barriers {
        Barriers::from_fn(|f| match f {
            HexsideFeature::TownWall => Barrier::Blocks,
            _ => Barrier::None,
        })
    }
    /// Walls stop sight (the family's, Alesia 8.15).
    fn sight_barriers(&self) -> Barriers {
        Barriers::from_fn(|f| match f {
            HexsideFeature::TownWall => Barrier::Blocks,
            _ => Barrier::None,
        })
    }
    fn unit_count(&self) -> usize {
        self.units.len()
    }
    fn leader_count(&self) -> usize {
        self.leaders.len()
    }
    fn unit_side(&self, uid: Uid) -> Option<Side> {
        self.unit(uid).map(|u| u.side)
    }
    fn leader_side(&self, lid: Lid) -> Option<Side> {
        self.leader(lid).map(|l| l.side)
    }
    fn unit_profile(&self, uid: Uid) -> Option<&UnitProfile> {
        self.unit(uid).map(|u| &u.profile)
    }
    fn unit_name(&self, uid: Uid) -> Option<&str> {
        self.unit(uid).map(|u| u.id.as_str())
    }
    fn leader_name(&self, lid: Lid) -> Option<&str> {
        self.leader(lid).map(|l| l.id.as_str())
    }
    fn unit_stack_group(&self, uid: Uid) -> Option<u16> {
        self.unit(uid).map(|u| u.group)
    }
    fn unit_is_auxiliary(&self, uid: Uid) -> bool {
        self.unit(uid).is_some_and(|u| u.auxiliary)
    }
    /// No extra MP to move into friends: 5.31 charges terrain only; 4.41's
    /// +1 is Command Range's (reconstructed reading).
    fn stack_through_friends_mp(&self) -> Option<u8> {
        Some(0)
    }
    /// The step cost is the game's own ([`super::ground`]); the family's
    /// chart lookup sees open ground.
    fn enter_cost(&self, terrain: Terrain, _: MoverClass) -> Option<EngineCost> {
        let mp = match terrain {
            Terrain::Water => return Some(EngineCost::Prohibited),
            _ => self.tables.terrain.enter_mp(Ground::Clear)?,
        };
        Some(EngineCost::Mp(mp))
    }
    fn cross_cost(&self, _: HexsideFeature, _: MoverClass) -> Option<EngineCost> {
        None
    }
    fn climb_mp(&self) -> u8 {
        0
    }
    fn missile_drm(&self, _: Terrain) -> Drm {
        Drm(0)
    }
    fn missile_drm_target_lower(&self) -> Drm {
        Drm(0)
    }
    fn shock_drm(&self, _: Terrain) -> Drm {
        Drm(0)
    }
    fn shock_drm_across(&self, _: HexsideFeature) -> Drm {
        Drm(0)
    }
    fn shock_drm_uphill(&self) -> Drm {
        Drm(0)
    }
    fn leader_charisma(&self, lid: Lid) -> u8 {
        self.leader(lid).map_or(0, |l| l.charisma)
    }
    /// 4.1: Charisma applies to units stacked with the leader; Heroic
    /// Charisma also to units in an adjacent land hex or Point, not when
    /// the leader is in a Block.
    fn charisma_reaches(&self, lid: Lid, leader: Hex, unit: Hex) -> bool {
        let heroic = self.leader(lid).is_some_and(|l| l.heroic);
        leader == unit
            || (heroic
                && !self.is_block(leader)
                && !self.is_block(unit)
                && self.map.board().adjacent(leader, unit))
    }
}
