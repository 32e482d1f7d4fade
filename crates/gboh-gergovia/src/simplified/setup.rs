//! The simplified version's fixed data, as the engine reads it
//! ([`Roster`]): the shared map and counters (`data/gergovia/`), the
//! Simplified GBoH Terrain Effects Table and the combat tables.

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::board::{Barrier, Barriers, Board, HexsideFeature, Terrain};
use gboh_core::data::DataError;
use gboh_core::table::Drm;
use gboh_core::table::terrain::{Cost, MoverClass};
use gboh_core::unit::{MissileType, TroopQuality, UnitProfile, UnitType};
use gboh_simple::{Lid, Muster, MusterLeader, MusterUnit, Roster, Uid};
use hexx::Hex;

use super::tables::{Tables, tables};
use super::terrain::{Column, TerrainRow, TerrainTable, terrain_table};
use crate::counters::{self, Counters, FormationKind};
use crate::map;

/// What the simplified version knows of a leader besides the engine's
/// [`MusterLeader`] (name, side, command range, heroic presence): Turn
/// Seizure and the formations he commands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LeaderCommand {
    /// Initiative, for Turn Seizure.
    pub initiative: u8,
    /// Seizure attempts per game (the formation tables' "/n").
    pub seizures: u8,
    /// The formations he commands.
    pub commands: Vec<String>,
}

/// The fixed data.
#[derive(Debug, PartialEq, Eq)]
pub struct SimplifiedSetup {
    /// The map.
    pub board: Board,
    /// The counter mix as the engine reads it ([`Roster::muster`]): each
    /// unit's counter id, side, ratings, stack group (its formation's index
    /// in the counter mix) and whether it is an auxiliary (Roman archers and
    /// Numidian LI: "Numidian light infantry (together with the Cretan and
    /// Numidian archers) are auxiliaries"); each leader's name, side, command
    /// range (the lower of his ranges for the Gauls, 4.11; the counters hold
    /// one) and how far his Charisma reaches (heroic presence).
    pub muster: Muster,
    /// Each unit's formation id ("VIII", "Arverni"), [`Uid`] order.
    pub formations: Vec<String>,
    /// Each leader's Turn Seizure figures and formations, [`Lid`] order.
    pub commands: Vec<LeaderCommand>,
    /// The Simplified GBoH Terrain Effects Table.
    pub terrain: TerrainTable,
    /// The combat tables.
    pub tables: Tables,
    /// The towers' built-in scorpions (10.1: "a scorpion unit (not a
    /// counter)"), one engine unit each after the counters, and their towers.
    pub scorpions: Vec<(Uid, Hex)>,
}

/// The formation id of the towers' scorpions.
pub const TOWERS_FORMATION: &str = "Towers";

impl SimplifiedSetup {
    /// The embedded data, shared.
    ///
    /// # Errors
    /// An embedded file's problems.
    pub fn embedded() -> Result<Arc<SimplifiedSetup>, DataError> {
        static S: std::sync::OnceLock<Result<Arc<SimplifiedSetup>, DataError>> =
            std::sync::OnceLock::new();
        S.get_or_init(|| {
            let s = SimplifiedSetup::new(
                map::board()?,
                counters::counters()?,
                terrain_table()?,
                tables()?,
            );
            Ok(Arc::new(s))
        })
        .clone()
    }

    /// The setup over these data.
    #[must_use]
    pub fn new(
        board: &Board,
        mix: &Counters,
        terrain: &TerrainTable,
        tables: &Tables,
    ) -> SimplifiedSetup {
        let group = |f: &str| {
            mix.formations()
                .iter()
                .position(|x| x.id == f)
                .and_then(|i| u16::try_from(i).ok())
                .unwrap_or(u16::MAX)
        };
        let mut muster = Muster::new();
        let mut formations = Vec::new();
        for u in mix.units() {
            let kind = mix.formation(&u.formation).map(|f| f.kind);
            let unit = MusterUnit {
                name: u.id.to_string(),
                side: u.side,
                profile: u.profile.clone(),
                stack_group: group(&u.formation),
                auxiliary: u.side == Side::Roman && kind == Some(FormationKind::Auxiliaries),
            };
            if muster.push_unit(unit).is_some() {
                formations.push(u.formation.clone());
            }
        }
        // 10.1: each tower holds a scorpion, printed on the map (range 7).
        // Its TQ is not printed: reconstructed as the family's artillery 5;
        // it never moves (MA 0).
        let mut scorpions = Vec::new();
        if let Some(towers) = board.area(map::areas::TOWERS) {
            for &hex in towers.hexes() {
                let label = board.label(hex).map(|l| l.to_string()).unwrap_or_default();
                let scorpion = MusterUnit {
                    name: format!("Scorpion {label}"),
                    side: Side::Roman,
                    profile: UnitProfile {
                        unit_type: UnitType::Scorpio,
                        class: None,
                        tq: TroopQuality(5),
                        reduced_tq: None,
                        ma: 0,
                        missile: Some(MissileType::Scorpio),
                        routs: false,
                    },
                    stack_group: u16::MAX,
                    auxiliary: false,
                };
                let Some(uid) = muster.push_unit(scorpion) else { continue };
                formations.push(TOWERS_FORMATION.to_string());
                scorpions.push((uid, hex));
            }
        }
        let mut commands = Vec::new();
        for l in mix.leaders() {
            // Every leader gives the family's leader DRM in shock (Simple
            // GBoH: +1 attacking, -1 defending, simple-gboh-notes.md).
            let leader = MusterLeader {
                name: l.id.clone(),
                side: l.side,
                charisma: 1,
                // Special Rules, Elite commanders: "Vercingetorix has heroic
                // presence; Caesar does not": his leader DRM reaches 2 hexes
                // (the counters' `heroic_presence`), every other leader's his
                // hex and the adjacent ones.
                charisma_reach: l.heroic_presence.unwrap_or(1),
                range: l.command_range.unwrap_or(0),
            };
            if muster.push_leader(leader).is_some() {
                commands.push(LeaderCommand {
                    initiative: l.initiative.unwrap_or(0),
                    seizures: l.seizures.unwrap_or(0),
                    commands: l.commands.clone(),
                });
            }
        }
        SimplifiedSetup {
            board: board.clone(),
            muster,
            formations,
            commands,
            terrain: terrain.clone(),
            tables: tables.clone(),
            scorpions,
        }
    }

    /// Unit `uid`.
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&MusterUnit> {
        self.muster.unit(uid)
    }

    /// Leader `lid`.
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&MusterLeader> {
        self.muster.leader(lid)
    }

    /// Unit `uid`'s formation id ("VIII", "Arverni"; [`TOWERS_FORMATION`]
    /// for the towers' scorpions).
    #[must_use]
    pub fn formation(&self, uid: Uid) -> Option<&str> {
        self.formations.get(uid.index()).map(String::as_str)
    }

    /// Leader `lid`'s Turn Seizure figures and formations.
    #[must_use]
    pub fn command(&self, lid: Lid) -> Option<&LeaderCommand> {
        self.commands.get(lid.index())
    }

    /// The unit whose counter id is `id`.
    #[must_use]
    pub fn uid(&self, id: &str) -> Option<Uid> {
        self.muster.uid(id)
    }

    /// The leader named `id`.
    #[must_use]
    pub fn lid(&self, id: &str) -> Option<Lid> {
        self.muster.lid(id)
    }

    /// The units of formation `f`, in [`Uid`] order.
    #[must_use]
    pub fn units_of(&self, f: &str) -> Vec<Uid> {
        self.muster.uids().filter(|&u| self.formation(u) == Some(f)).collect()
    }
}

/// The table's row for a hex of natural `terrain`.
#[must_use]
pub fn hex_row(terrain: Terrain) -> Option<TerrainRow> {
    Some(match terrain {
        Terrain::Clear => TerrainRow::Clear,
        Terrain::Woods => TerrainRow::Woods,
        Terrain::Rough => TerrainRow::Rough,
        Terrain::Town => TerrainRow::Town,
        _ => return None,
    })
}

/// The table's row for a hexside `feature` (a gate reads its wall's gate
/// row: call with the wall and `gate`).
#[must_use]
pub fn side_row(feature: HexsideFeature, gate: bool) -> Option<TerrainRow> {
    Some(match (feature, gate) {
        (HexsideFeature::MinorRiver | HexsideFeature::Stream, _) => TerrainRow::MinorRiver,
        (HexsideFeature::StoneWall, _) => TerrainRow::StoneWall,
        (HexsideFeature::CampWall, false) => TerrainRow::CampWall,
        (HexsideFeature::CampWall, true) => TerrainRow::CampGate,
        (HexsideFeature::TownWall, false) => TerrainRow::TownWall,
        (HexsideFeature::TownWall, true) => TerrainRow::TownGate,
        (HexsideFeature::Embankment, _) => TerrainRow::Embankment,
        _ => return None,
    })
}

fn class_column(class: MoverClass) -> Column {
    match class {
        MoverClass::Foot => Column::Bi,
        MoverClass::Cavalry => Column::Cavalry,
    }
}

fn cost(mp: Option<u8>) -> Cost {
    mp.map_or(Cost::Prohibited, Cost::Mp)
}

impl Roster for SimplifiedSetup {
    type Works = ();

    fn board(&self) -> &Board {
        &self.board
    }
    /// No hexside stops a ZOC: 7.31 requires the defender in the
    /// attacker's ZOC and 11.1 lets units attack over walls, so walls
    /// cannot stop one (reconstructed reading; the standard version's 6.73
    /// is not a rule of this version).
    fn zoc_barriers(&self) -> Barriers {
        Barriers::from_fn(|_| Barrier::None)
    }
    /// Walls block a line of sight (Stone Walls: "A stone wall blocks line
    /// of sight"; the camp and town walls as Alesia 8.15), gates too.
    fn sight_barriers(&self) -> Barriers {
        Barriers::from_fn(|f| match f {
            HexsideFeature::StoneWall
            | HexsideFeature::CampWall
            | HexsideFeature::TownWall
            | HexsideFeature::Gate => Barrier::Blocks,
            _ => Barrier::None,
        })
    }
    /// The counter mix and the towers' scorpions.
    fn muster(&self) -> &Muster {
        &self.muster
    }
    /// \[h\]: +1 MP to enter a hex of friends.
    fn stack_through_friends_mp(&self) -> Option<u8> {
        Some(self.terrain.own_unit_mp(Column::Bi))
    }
    fn enter_cost(&self, terrain: Terrain, class: MoverClass) -> Option<Cost> {
        let row = hex_row(terrain)?;
        Some(cost(self.terrain.mp(row, class_column(class))))
    }
    fn cross_cost(&self, feature: HexsideFeature, class: MoverClass) -> Option<Cost> {
        let row = side_row(feature, false)?;
        Some(cost(self.terrain.mp(row, class_column(class))))
    }
    fn climb_mp(&self) -> u8 {
        self.terrain.mp(TerrainRow::UpOneLevel, Column::Bi).unwrap_or(1)
    }
    /// The table's fire DRM for the target's hex (woods +1).
    fn missile_drm(&self, terrain: Terrain) -> Drm {
        Drm(hex_row(terrain).map_or(0, |r| self.terrain.fire_drm(r)))
    }
    /// Down one level: the table's fire DRM.
    fn missile_drm_target_lower(&self) -> Drm {
        Drm(self.terrain.fire_drm(TerrainRow::DownOneLevel))
    }
    /// The table's melee DRM for the defender's hex (woods, rocky -1).
    fn shock_drm(&self, terrain: Terrain) -> Drm {
        Drm(hex_row(terrain).map_or(0, |r| self.terrain.melee_drm(r)))
    }
    fn shock_drm_across(&self, feature: HexsideFeature) -> Drm {
        Drm(side_row(feature, false).map_or(0, |r| self.terrain.melee_drm(r)))
    }
    fn shock_drm_uphill(&self) -> Drm {
        Drm(self.terrain.melee_drm(TerrainRow::UpOneLevel))
    }
}

/// Whether a unit of type `t` is cavalry.
#[must_use]
pub fn is_cavalry(t: UnitType) -> bool {
    t.is_cavalry()
}
