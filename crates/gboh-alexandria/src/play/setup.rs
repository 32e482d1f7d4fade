//! The land game's fixed data as the engine reads it ([`Roster`]): the
//! map (hexes outside the city, Points and Blocks seated on hexes under it),
//! the land units and leaders of the counter mix (`data/alexandria/
//! counters.ron`; galleys are the fleet's, `src/fleet/`), the 5.36 chart
//! and the land combat tables.

use std::sync::{Arc, OnceLock};

use gboh_core::board::{Barrier, Barriers, Board, HexsideFeature, Location, NodeKind, Terrain};
use gboh_core::data::DataError;
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost as EngineCost, MoverClass};
use gboh_core::unit::{CohortClass, MissileType, TroopQuality, UnitProfile, UnitType};
use gboh_simple::{Lid, Muster, MusterLeader, MusterUnit, Roster, Uid};
use hexx::Hex;

use super::chart::{Ground, Tables, tables};
use crate::counters::{Counters, Rank, UnitKind, counters};
use crate::map::{Alexandria, alexandria, areas};

/// What the land game knows of a combat unit besides the engine's
/// [`MusterUnit`] (counter id, side, ratings, stack group, Auxiliary).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandUnit {
    /// Its kind as the counter mix has it.
    pub kind: UnitKind,
    /// A cohort's legion.
    pub legion: Option<String>,
}

/// What the land game knows of a leader (4.1) besides the engine's
/// [`MusterLeader`] (counter id, side, Charisma, Command Range).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LandLeader {
    /// Overall Commander or Subordinate.
    pub rank: Rank,
    /// Initiative (4.51).
    pub initiative: u8,
    /// Seizure attempts per game (4.52).
    pub seizures: u8,
    /// Heroic Charisma (4.1; [`Roster::charisma_reaches`]).
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
    /// The land units and leaders as the engine reads them
    /// ([`Roster::muster`]): each unit's counter id ("VI-3"), side, ratings,
    /// stacking group (its legion, else its kind's group) and whether it is
    /// activated as an Auxiliary (4.12, 4.21, 4.22); each leader's counter
    /// id ("Sosius"), side, Charisma (its reach 1: Heroic Charisma is
    /// [`Roster::charisma_reaches`]'s) and Command Range in MP (4.41, 0 for
    /// an Overall Commander).
    pub muster: Muster,
    /// Each combat unit's kind and legion, in counter mix order ([`Uid`]
    /// order).
    pub units: Vec<LandUnit>,
    /// Each leader's rank, Initiative, seizures, Heroic Charisma, Movement
    /// Allowance and legion, in counter mix order ([`Lid`] order).
    pub leaders: Vec<LandLeader>,
    /// 5.36 and the combat tables.
    pub tables: Tables,
}

impl PartialEq for LandSetup {
    fn eq(&self, other: &LandSetup) -> bool {
        std::ptr::eq(self.map, other.map)
            && self.muster == other.muster
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
        let mut muster = Muster::new();
        let mut units = Vec::new();
        for u in &mix.units {
            let key = u.legion.clone().unwrap_or_else(|| format!("{:?}", u.kind));
            let group = groups.iter().position(|g| *g == key).unwrap_or_else(|| {
                groups.push(key);
                groups.len() - 1
            });
            let (unit_type, class, missile) = engine_kind(u.kind);
            let reduced = class.map(|_| TroopQuality(u.tq.saturating_sub(2)));
            let unit = MusterUnit {
                name: u.id.clone(),
                side: u.side,
                profile: UnitProfile {
                    unit_type,
                    class,
                    tq: TroopQuality(u.tq),
                    reduced_tq: reduced,
                    ma: u.ma,
                    missile,
                    routs: true,
                },
                stack_group: u16::try_from(group).unwrap_or(u16::MAX),
                auxiliary: u.kind.auxiliary(u.side),
            };
            if muster.push_unit(unit).is_some() {
                units.push(LandUnit { kind: u.kind, legion: u.legion.clone() });
            }
        }
        let mut leaders = Vec::new();
        for l in &mix.leaders {
            let leader = MusterLeader {
                name: l.id.clone(),
                side: l.side,
                charisma: l.charisma,
                charisma_reach: 1,
                range: l.range.unwrap_or(0),
            };
            if muster.push_leader(leader).is_some() {
                leaders.push(LandLeader {
                    rank: l.rank,
                    initiative: l.initiative,
                    seizures: l.seizure.unwrap_or(0),
                    heroic: l.heroic,
                    movement: l.movement,
                    legion: l.legion.clone(),
                });
            }
        }
        LandSetup { map, mix, muster, units, leaders, tables }
    }

    /// Unit `uid` as the engine reads it (the muster's).
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&MusterUnit> {
        self.muster.unit(uid)
    }

    /// Unit `uid`'s kind and legion.
    #[must_use]
    pub fn land_unit(&self, uid: Uid) -> Option<&LandUnit> {
        self.units.get(uid.index())
    }

    /// Leader `lid` as the engine reads him (the muster's).
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&MusterLeader> {
        self.muster.leader(lid)
    }

    /// Leader `lid`'s rank, Initiative, seizures, Heroic Charisma, Movement
    /// Allowance and legion.
    #[must_use]
    pub fn land_leader(&self, lid: Lid) -> Option<&LandLeader> {
        self.leaders.get(lid.index())
    }

    /// The unit whose counter id is `id`.
    #[must_use]
    pub fn uid(&self, id: &str) -> Option<Uid> {
        self.muster.uid(id)
    }

    /// The leader whose counter id is `id`.
    #[must_use]
    pub fn lid(&self, id: &str) -> Option<Lid> {
        self.muster.lid(id)
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
    fn muster(&self) -> &Muster {
        &self.muster
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
    /// 4.1: Charisma applies to units stacked with the leader; Heroic
    /// Charisma also to units in an adjacent land hex or Point, not when
    /// the leader is in a Block.
    fn charisma_reaches(&self, lid: Lid, leader: Hex, unit: Hex) -> bool {
        let heroic = self.land_leader(lid).is_some_and(|l| l.heroic);
        leader == unit
            || (heroic
                && !self.is_block(leader)
                && !self.is_block(unit)
                && self.map.board().adjacent(leader, unit))
    }
}
