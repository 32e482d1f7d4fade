//! The fixed data a game is played with: board, tables, counter mix, and the
//! per-piece facts the rules look up on every move, precomputed into dense
//! vectors.

use crate::map::{Board, Region};
use gboh_core::board::{Barrier, Barriers};
use gboh_core::table::terrain::HexsideEffects;
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use crate::leader::{Leader, Rank};
use gboh_core::Side;
use gboh_core::unit::{UnitProfile, UnitType};

use super::ids::{CounterIdx, LegionIdx, Lid, Uid};
use crate::counters::{CounterMix, Owner};
use crate::map::areas;
use crate::tables::AlesiaTables;

/// Who a combat unit belongs to, as indices (2.23, 2.24, 4.44, 5.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Membership {
    /// A cohort or scorpio of a legion (4.11).
    Legion(LegionIdx),
    /// A Roman auxiliary, cavalry or Palintonos contingent (4.11, 8.51).
    Roman,
    /// A relief-force unit: its Tribal Counter, and its own tribe for stacking
    /// (clients are treated individually, 6.61).
    Tribe {
        /// The Tribal Counter that brings it in (4.41).
        counter: CounterIdx,
        /// Index of its own tribe (client tribes separate), for stacking.
        tribe: u8,
    },
    /// The Gallic cavalry and LI of the Cavalry Counters (4.44).
    GallicCavalry,
    /// Vercingetorix's Alesia Force (5.6).
    AlesiaForce,
}

/// What the rules need to know about one combat unit, fixed for the game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnitInfo {
    /// The counter's id, as in the data (`"X-1"`).
    pub id: String,
    /// Its side.
    pub side: Side,
    /// Printed ratings.
    pub profile: UnitProfile,
    /// Its command membership.
    pub membership: Membership,
    /// A stacking group: two units may stack only if their groups match (6.61:
    /// cohorts of one legion, Gauls of one tribe with clients separate).
    pub stack_group: u16,
    /// The Tribal or Cavalry Counter that brings it onto the map (4.41, 4.44).
    /// The cavalry pool is dealt out to the Cavalry Counters in counter-mix
    /// order, each up to its Size (5.7): cavalry first, then LI.
    pub counter: Option<CounterIdx>,
}

impl UnitInfo {
    /// Unit type.
    #[must_use]
    pub const fn unit_type(&self) -> UnitType {
        self.profile.unit_type
    }

    /// 2.4 Auxiliaries: Roman non-cohort foot (LI and archers). Palintonos are
    /// treated as auxiliaries for command (8.51) but are artillery for stacking.
    #[must_use]
    pub const fn is_auxiliary(&self) -> bool {
        matches!(self.side, Side::Roman)
            && matches!(self.profile.unit_type, UnitType::LI | UnitType::AR)
    }
}

/// A Tribal Counter or Cavalry Counter (4.41-4.44, 5.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CounterInfo {
    /// The counter's id.
    pub id: String,
    /// Control rating (4.42).
    pub control: u8,
    /// Size rating (4.42).
    pub size: u8,
    /// Withdrawal rating (4.42).
    pub withdrawal: u8,
    /// Whether it is one of the two Cavalry Counters (4.44).
    pub cavalry: bool,
    /// The combat units it brings in, in counter-mix order.
    pub units: Vec<Uid>,
}

/// Everything fixed for a game. Shared between clones of a game through an `Arc`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The map.
    pub board: Board,
    /// The tables.
    pub tables: AlesiaTables,
    /// The counter mix.
    pub mix: CounterMix,
    /// Every combat unit, indexed by [`Uid`].
    pub units: Vec<UnitInfo>,
    /// Every leader, indexed by [`Lid`].
    pub leaders: Vec<Leader>,
    /// Tribal and Cavalry Counters, indexed by [`CounterIdx`].
    pub counters: Vec<CounterInfo>,
    /// The units of each legion, indexed by [`LegionIdx`].
    pub legions: Vec<Vec<Uid>>,
    unit_ids: BTreeMap<String, Uid>,
    leader_ids: BTreeMap<String, Lid>,
    /// By board index: between the vallations or on the Hill, where a
    /// tribal unit is freed from its tether (5.49) whatever the markers.
    frees_tether: Vec<bool>,
    /// The chart's least step cost ([`TerrainEffects::min_step_mp`]), asked
    /// at every search that may be cut short.
    ///
    /// [`TerrainEffects::min_step_mp`]: gboh_core::table::terrain::TerrainEffects::min_step_mp
    min_step_mp: u8,
    /// The chart's hexside rows' `zoc` (7.22), gathered once.
    zoc_barriers: Barriers,
    /// The chart's hexside rows' `sight` (8.15), gathered once.
    sight_barriers: Barriers,
}

/// Why a setup could not be built from its data.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A data file did not load.
    #[error("{0}")]
    Data(String),
    /// The counter mix has more pieces than the dense indices hold.
    #[error("counter mix too large: {0}")]
    TooLarge(&'static str),
}

impl Setup {
    /// Builds a setup from validated data.
    ///
    /// # Errors
    /// [`SetupError::TooLarge`] if the mix has more than 65,535 units, 255
    /// leaders, counters or legions.
    pub fn new(board: Board, tables: AlesiaTables, mix: CounterMix) -> Result<Setup, SetupError> {
        let legion_idx: BTreeMap<&str, LegionIdx> = mix
            .legions()
            .iter()
            .enumerate()
            .map(|(i, l)| u8::try_from(i).map(|i| (l.id.as_str(), LegionIdx(i))))
            .collect::<Result<_, _>>()
            .map_err(|_| SetupError::TooLarge("legions"))?;
        let mut counters: Vec<CounterInfo> = Vec::new();
        let mut counter_idx: BTreeMap<String, CounterIdx> = BTreeMap::new();
        for c in mix.tribal_counters() {
            let i = u8::try_from(counters.len()).map_err(|_| SetupError::TooLarge("counters"))?;
            counter_idx.insert(c.id.clone(), CounterIdx(i));
            counters.push(CounterInfo {
                id: c.id.clone(),
                control: c.control,
                size: c.size,
                withdrawal: c.withdrawal,
                cavalry: false,
                units: Vec::new(),
            });
        }
        for c in mix.cavalry_counters() {
            let i = u8::try_from(counters.len()).map_err(|_| SetupError::TooLarge("counters"))?;
            counter_idx.insert(c.id.clone(), CounterIdx(i));
            counters.push(CounterInfo {
                id: c.id.clone(),
                control: c.control,
                size: c.size,
                withdrawal: c.withdrawal,
                cavalry: true,
                units: Vec::new(),
            });
        }
        let tribe_idx: BTreeMap<&str, (u8, Option<CounterIdx>)> = mix
            .tribes()
            .iter()
            .enumerate()
            .map(|(i, t)| {
                u8::try_from(i).map(|i| (t.id.as_str(), (i, counter_idx.get(&t.counter).copied())))
            })
            .collect::<Result<_, _>>()
            .map_err(|_| SetupError::TooLarge("tribes"))?;

        let mut units = Vec::new();
        let mut unit_ids = BTreeMap::new();
        let mut legions = vec![Vec::new(); legion_idx.len()];
        for counter in mix.units() {
            let uid = Uid(u16::try_from(units.len()).map_err(|_| SetupError::TooLarge("units"))?);
            let (membership, stack_group) = match &counter.owner {
                Owner::Legion(l) => {
                    let li = legion_idx.get(l.as_str()).copied().unwrap_or(LegionIdx(0));
                    if let Some(v) = legions.get_mut(li.index()) {
                        v.push(uid);
                    }
                    (Membership::Legion(li), u16::from(li.0))
                }
                // 6.61: units of the same type may stack; a Roman contingent
                // (Numidian LI, archers, German or Iberian cavalry) is one type.
                Owner::Contingent(c) => (
                    Membership::Roman,
                    1000 + mix
                        .contingents()
                        .iter()
                        .position(|x| x.id == *c)
                        .and_then(|i| u16::try_from(i).ok())
                        .unwrap_or(999),
                ),
                Owner::Tribe(t) => match tribe_idx.get(t.as_str()) {
                    Some(&(tribe, Some(counter))) => {
                        if let Some(c) = counters.get_mut(counter.index()) {
                            c.units.push(uid);
                        }
                        (Membership::Tribe { counter, tribe }, 2000 + u16::from(tribe))
                    }
                    _ => return Err(SetupError::Data(format!("unit {}: tribe {t}", counter.id))),
                },
                Owner::GallicCavalry(_) => (Membership::GallicCavalry, 3000),
                Owner::AlesiaForce(_) => (Membership::AlesiaForce, 3001),
            };
            unit_ids.insert(counter.id.to_string(), uid);
            let own_counter = match membership {
                Membership::Tribe { counter, .. } => Some(counter),
                _ => None,
            };
            units.push(UnitInfo {
                id: counter.id.to_string(),
                side: counter.side(),
                profile: counter.profile.clone(),
                membership,
                stack_group,
                counter: own_counter,
            });
        }
        // 4.44, 5.7: deal the cavalry pool to the Cavalry Counters, cavalry first.
        let mut pool: Vec<Uid> = (0..units.len())
            .filter_map(|i| u16::try_from(i).ok().map(Uid))
            .filter(|u| {
                units.get(u.index()).is_some_and(|i| i.membership == Membership::GallicCavalry)
            })
            .collect();
        pool.sort_by_key(|u| {
            (units.get(u.index()).is_some_and(|i| !i.unit_type().is_cavalry()), *u)
        });
        let cavalry_counters: Vec<usize> =
            (0..counters.len()).filter(|&i| counters.get(i).is_some_and(|c| c.cavalry)).collect();
        let mut next = 0usize;
        for uid in pool {
            // Round robin over counters with room left.
            for _ in 0..cavalry_counters.len() {
                let Some(&ci) = cavalry_counters.get(next % cavalry_counters.len().max(1)) else {
                    break;
                };
                next += 1;
                let Some(c) = counters.get_mut(ci) else {
                    continue;
                };
                if c.units.len() < usize::from(c.size) {
                    c.units.push(uid);
                    if let Some(u) = units.get_mut(uid.index()) {
                        u.counter = u8::try_from(ci).ok().map(CounterIdx);
                    }
                    break;
                }
            }
        }
        let leaders: Vec<Leader> = mix.leaders().to_vec();
        if leaders.len() > usize::from(u8::MAX) {
            return Err(SetupError::TooLarge("leaders"));
        }
        let leader_ids = leaders
            .iter()
            .enumerate()
            .map(|(i, l)| (l.id.to_string(), Lid(u8::try_from(i).unwrap_or(u8::MAX))))
            .collect();
        let hill = board.area(areas::THE_HILL);
        let frees_tether = (0..board.len())
            .map(|i| {
                board.info_at(i).is_some_and(|h| h.works.region == Region::Inside)
                    || hill.is_some_and(|a| a.contains_index(i))
            })
            .collect();
        let min_step_mp = tables.terrain().min_step_mp();
        let barriers = |pick: fn(&HexsideEffects) -> Barrier| {
            Barriers::from_fn(|feature| {
                super::hexside_key(feature)
                    .and_then(|k| tables.terrain().hexside(k))
                    .map_or(Barrier::None, pick)
            })
        };
        let zoc_barriers = barriers(|row| row.zoc.value);
        let sight_barriers = barriers(|row| row.sight.value);
        Ok(Setup {
            min_step_mp,
            zoc_barriers,
            sight_barriers,
            board,
            tables,
            mix,
            units,
            leaders,
            counters,
            legions,
            unit_ids,
            leader_ids,
            frees_tether,
        })
    }

    /// 5.49: whether the hex with board index `index` frees a tribal unit
    /// from its tether whatever the markers: between the vallations, or on
    /// the Hill ([`crate::movement::tether`] adds the standing ramparts).
    #[must_use]
    pub fn frees_tether(&self, index: usize) -> bool {
        self.frees_tether.get(index).copied().unwrap_or(false)
    }

    /// The fewest MP a step into another hex can cost on this setup's Terrain
    /// Effects Chart ([`TerrainEffects::min_step_mp`], 6.31), found once.
    ///
    /// [`TerrainEffects::min_step_mp`]: gboh_core::table::terrain::TerrainEffects::min_step_mp
    #[must_use]
    pub fn min_step_mp(&self) -> u8 {
        self.min_step_mp
    }

    /// Which hexsides stop a zone of control across them: the Terrain
    /// Effects Chart's `zoc` column (7.22).
    #[must_use]
    pub fn zoc_barriers(&self) -> Barriers {
        self.zoc_barriers
    }

    /// Which hexsides stop a line of sight across them: the Terrain Effects
    /// Chart's `sight` column (8.15).
    #[must_use]
    pub fn sight_barriers(&self) -> Barriers {
        self.sight_barriers
    }

    /// The default Alesia data (West map, tables, counter mix), built once.
    ///
    /// # Errors
    /// If the embedded data fails to load (a build with edited data files).
    pub fn shared() -> Result<Arc<Setup>, SetupError> {
        static SETUP: OnceLock<Result<Arc<Setup>, SetupError>> = OnceLock::new();
        SETUP
            .get_or_init(|| {
                let board =
                    crate::map::west_map().map_err(|e| SetupError::Data(e.to_string()))?.clone();
                let tables =
                    AlesiaTables::shared().map_err(|e| SetupError::Data(e.to_string()))?.clone();
                let mix =
                    CounterMix::default_mix().map_err(|e| SetupError::Data(e.to_string()))?.clone();
                Setup::new(board, tables, mix).map(Arc::new)
            })
            .clone()
    }

    /// The unit with counter id `id`.
    #[must_use]
    pub fn uid(&self, id: &str) -> Option<Uid> {
        self.unit_ids.get(id).copied()
    }

    /// The leader with id `id`.
    #[must_use]
    pub fn lid(&self, id: &str) -> Option<Lid> {
        self.leader_ids.get(id).copied()
    }

    /// Facts about unit `uid`.
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&UnitInfo> {
        self.units.get(uid.index())
    }

    /// Leader `lid`.
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&Leader> {
        self.leaders.get(lid.index())
    }

    /// Whether a leader holds `rank`.
    #[must_use]
    pub fn leader_is(&self, lid: Lid, rank: Rank) -> bool {
        self.leader(lid).is_some_and(|l| l.is(rank))
    }
}
