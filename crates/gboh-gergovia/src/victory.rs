//! Victory points, as printed ("Victory", "Victory (Simplified)"), counted
//! from a [`Situation`]: what has been destroyed, weakened, killed, captured,
//! and where the units stand.
//!
//! The game state that will count them live comes later; [`Victory::count`]
//! is the pure function it will call after every event, and the tally it
//! returns lists every line with its printed provenance.
//!
//! ```
//! use gboh_gergovia::victory::{self, Situation, Version};
//! use gboh_gergovia::{counters, map};
//! let (board, mix, vp) = (map::board()?, counters::counters()?, victory::victory()?);
//! let situation = Situation {
//!     destroyed: vec!["Arverni-1".into(), "VIII-1".into()],
//!     dead_leaders: vec!["Vercingetorix".into()],
//!     ..Situation::default()
//! };
//! let tally = vp.count(Version::Standard, board, mix, &situation)?;
//! assert_eq!(tally.rome.total, 1 + 5, "a Gallic unit and Vercingetorix");
//! assert_eq!(tally.gaul.total, 2, "a Roman cohort");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::collections::BTreeSet;
use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::unit::UnitId;
use gboh_standard::Rank;
use hexx::Hex;
use serde::Deserialize;
use thiserror::Error;

use crate::counters::Counters;
use crate::map::{self, areas};

/// The name the embedded file reports errors under.
pub const VICTORY_FILE: &str = "data/gergovia/victory.ron";
/// The embedded file.
pub const VICTORY_RON: &str = include_str!("../data/gergovia/victory.ron");

/// Which version's list of victory points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Version {
    /// The standard version ("Victory").
    Standard,
    /// The simplified GBoH version ("Victory (Simplified)").
    Simplified,
}

/// What scores, from the scoring side's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Award {
    /// Each enemy combat unit destroyed (skirmishers apart where the list
    /// has [`Award::EnemySkirmisherDestroyed`]).
    EnemyUnitDestroyed,
    /// Each enemy skirmisher (SK) destroyed.
    EnemySkirmisherDestroyed,
    /// Each enemy unit exhausted (reduced) or routed, once, and not if it
    /// was destroyed.
    EnemyUnitWeakened,
    /// Each dead enemy leader other than the overall commander.
    EnemyLeaderKilled,
    /// The dead enemy overall commander (Caesar, Vercingetorix).
    EnemyCommanderKilled,
    /// Each own combat unit in Gergovia.
    UnitInGergovia,
    /// 3801, 3802 and 3901 all occupied by own combat units.
    TownObjectiveHeld,
    /// Each own combat unit in a Roman camp.
    UnitInRomanCamp,
    /// Each captured eagle standard.
    EagleCaptured,
}

/// A threshold or number with its provenance.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    /// VP needed.
    pub value: u32,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// One printed line of a side's VP list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AwardDef {
    /// What scores.
    pub award: Award,
    /// VP each.
    pub vp: u32,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// One side's VP list.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideVictory {
    /// VP to win.
    pub threshold: Threshold,
    /// The French edition's threshold, where it differs.
    #[serde(default)]
    pub french_edition_threshold: Option<Threshold>,
    /// The printed lines.
    pub awards: Vec<AwardDef>,
}

/// Both sides' lists for one version.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VersionVictory {
    /// Rome's.
    pub rome: SideVictory,
    /// Gaul's.
    pub gaul: SideVictory,
}

/// The victory file: both versions.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// The standard version.
    pub standard: VersionVictory,
    /// The simplified version.
    pub simplified: VersionVictory,
}

/// What has happened so far, as far as victory is concerned.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Situation {
    /// Combat units destroyed (eliminated), both sides.
    pub destroyed: Vec<UnitId>,
    /// Roman units exhausted (reduced) or routed; a unit listed twice counts once.
    pub weakened: Vec<UnitId>,
    /// Dead leaders, both sides, by id.
    pub dead_leaders: Vec<String>,
    /// Eagles captured by the Gauls, by id ("VIII-Aquila").
    pub captured_eagles: Vec<UnitId>,
    /// Where the combat units on the map stand.
    pub on_map: Vec<(UnitId, Hex)>,
}

/// One counted line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// What scored.
    pub award: Award,
    /// How many times.
    pub count: u32,
    /// VP from this line.
    pub vp: u32,
    /// The printed source of the line.
    pub provenance: Provenance,
}

/// One side's count.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideTally {
    /// VP so far.
    pub total: u32,
    /// VP needed.
    pub threshold: u32,
    /// Every line of the side's list, in printed order.
    pub lines: Vec<Line>,
}

impl SideTally {
    /// Whether the side has reached its threshold.
    #[must_use]
    pub fn reached(&self) -> bool {
        self.total >= self.threshold
    }
}

/// Both sides' counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tally {
    /// Rome's.
    pub rome: SideTally,
    /// Gaul's.
    pub gaul: SideTally,
}

impl Tally {
    /// The side that has reached its threshold, if exactly one has ("the
    /// first player to reach his threshold wins immediately": counted after
    /// every event, only one can reach it first).
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        match (self.rome.reached(), self.gaul.reached()) {
            (true, false) => Some(Side::Roman),
            (false, true) => Some(Side::Adversary),
            _ => None,
        }
    }
}

impl Award {
    /// What the line counts, as the rulebook words it.
    #[must_use]
    pub const fn description(self) -> &'static str {
        match self {
            Award::EnemyUnitDestroyed => "enemy units destroyed",
            Award::EnemySkirmisherDestroyed => "enemy skirmishers destroyed",
            Award::EnemyUnitWeakened => "enemy units exhausted or routed",
            Award::EnemyLeaderKilled => "enemy leaders dead",
            Award::EnemyCommanderKilled => "enemy overall commander dead",
            Award::UnitInGergovia => "units in Gergovia",
            Award::TownObjectiveHeld => "3801, 3802 and 3901 occupied",
            Award::UnitInRomanCamp => "units in a Roman camp",
            Award::EagleCaptured => "eagles captured",
        }
    }
}

impl fmt::Display for SideTally {
    /// `14/35 VP (3 enemy units destroyed: 3; ...)`, the lines that score.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{} VP", self.total, self.threshold)?;
        let scoring: Vec<String> = self
            .lines
            .iter()
            .filter(|l| l.vp > 0)
            .map(|l| format!("{} {}: {}", l.count, l.award.description(), l.vp))
            .collect();
        if !scoring.is_empty() {
            write!(f, " ({})", scoring.join("; "))?;
        }
        Ok(())
    }
}

impl fmt::Display for Tally {
    /// Both sides on one line each, Rome first, and the winner if any.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Rome: {}", self.rome)?;
        write!(f, "Gaul: {}", self.gaul)?;
        match self.winner() {
            Some(Side::Roman) => write!(f, "\nRome wins"),
            Some(Side::Adversary) => write!(f, "\nGaul wins"),
            None => Ok(()),
        }
    }
}

/// A situation that names something the counter mix or map does not have.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VictoryError {
    /// Not a combat unit of the counter mix.
    #[error("victory: {0} is not a combat unit of the Gergovia counter mix")]
    UnknownUnit(String),
    /// Not a leader of the counter mix.
    #[error("victory: {0} is not a Gergovia leader")]
    UnknownLeader(String),
    /// Not an eagle.
    #[error("victory: {0} is not an eagle standard (Aquila)")]
    NotAnEagle(String),
    /// A position off the map.
    #[error("victory: {0} stands off the map")]
    OffTheMap(String),
    /// The map lacks an area the count needs.
    #[error("victory: the map has no area {0:?}")]
    MissingArea(&'static str),
}

/// The embedded file, parsed once.
///
/// # Errors
/// The embedded file's problems (only if it was edited wrongly).
pub fn victory() -> Result<&'static Victory, DataError> {
    static V: OnceLock<Result<Victory, DataError>> = OnceLock::new();
    V.get_or_init(|| load_victory(VICTORY_FILE, VICTORY_RON)).as_ref().map_err(Clone::clone)
}

/// Loads a victory file.
///
/// # Errors
/// Syntax errors and unknown fields; a zero threshold or award; an award
/// listed twice for one side.
pub fn load_victory(file: &str, text: &str) -> Result<Victory, DataError> {
    let def: Victory = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    for (version, v) in [("standard", &def.standard), ("simplified", &def.simplified)] {
        for (side, s) in [("rome", &v.rome), ("gaul", &v.gaul)] {
            let owner = format!("{version}.{side}");
            if s.threshold.value == 0 {
                problems.at(owner.clone(), "threshold", "a threshold of 0 VP");
            }
            let mut seen = BTreeSet::new();
            for a in &s.awards {
                if !seen.insert(a.award) {
                    problems.at_nth(
                        owner.clone(),
                        &format!("{:?}", a.award),
                        0,
                        format!("{:?} listed twice", a.award),
                    );
                }
                if a.vp == 0 {
                    problems.at(owner.clone(), &format!("{:?}", a.award), "an award of 0 VP");
                }
            }
        }
    }
    problems.finish(def)
}

impl Victory {
    /// One version's lists.
    #[must_use]
    pub fn version(&self, version: Version) -> &VersionVictory {
        match version {
            Version::Standard => &self.standard,
            Version::Simplified => &self.simplified,
        }
    }

    /// Counts both sides' VP in `situation`.
    ///
    /// # Errors
    /// [`VictoryError`] if the situation names a unit, leader or eagle that
    /// does not exist, or a hex off the map.
    pub fn count(
        &self,
        version: Version,
        board: &Board,
        counters: &Counters,
        situation: &Situation,
    ) -> Result<Tally, VictoryError> {
        for name in [areas::GERGOVIA, areas::TOWN_OBJECTIVE, areas::SMALL_CAMP, areas::LARGE_CAMP] {
            if board.area(name).is_none() {
                return Err(VictoryError::MissingArea(name));
            }
        }
        let unit = |id: &UnitId| {
            counters.unit(id.as_str()).ok_or_else(|| VictoryError::UnknownUnit(id.to_string()))
        };
        for id in situation.destroyed.iter().chain(&situation.weakened) {
            unit(id)?;
        }
        for (id, hex) in &situation.on_map {
            unit(id)?;
            if !board.contains(*hex) {
                return Err(VictoryError::OffTheMap(id.to_string()));
            }
        }
        for id in &situation.dead_leaders {
            counters.leader(id).ok_or_else(|| VictoryError::UnknownLeader(id.clone()))?;
        }
        for id in &situation.captured_eagles {
            counters.eagle(id.as_str()).ok_or_else(|| VictoryError::NotAnEagle(id.to_string()))?;
        }
        let lists = self.version(version);
        let side_tally = |side: Side, list: &SideVictory| -> Result<SideTally, VictoryError> {
            let has_skirmisher_line =
                list.awards.iter().any(|a| a.award == Award::EnemySkirmisherDestroyed);
            let destroyed: BTreeSet<&str> =
                situation.destroyed.iter().map(UnitId::as_str).collect();
            let mut lines = Vec::new();
            for a in &list.awards {
                let mut count = 0u32;
                match a.award {
                    Award::EnemyUnitDestroyed | Award::EnemySkirmisherDestroyed => {
                        for id in &destroyed {
                            let u = unit(&UnitId((*id).to_owned()))?;
                            let skirmisher = has_skirmisher_line && u.is_skirmisher();
                            let wanted = a.award == Award::EnemySkirmisherDestroyed;
                            if u.side != side && skirmisher == wanted {
                                count += 1;
                            }
                        }
                    }
                    Award::EnemyUnitWeakened => {
                        let weakened: BTreeSet<&str> =
                            situation.weakened.iter().map(UnitId::as_str).collect();
                        for id in weakened {
                            let u = unit(&UnitId(id.to_owned()))?;
                            if u.side != side && !destroyed.contains(id) {
                                count += 1;
                            }
                        }
                    }
                    Award::EnemyLeaderKilled | Award::EnemyCommanderKilled => {
                        let dead: BTreeSet<&str> =
                            situation.dead_leaders.iter().map(String::as_str).collect();
                        for id in dead {
                            let Some(l) = counters.leader(id) else { continue };
                            let commander = l.rank == Rank::OverallCommander;
                            if l.side != side
                                && commander == (a.award == Award::EnemyCommanderKilled)
                            {
                                count += 1;
                            }
                        }
                    }
                    Award::UnitInGergovia | Award::UnitInRomanCamp => {
                        for (id, hex) in &situation.on_map {
                            let u = unit(id)?;
                            let there = if a.award == Award::UnitInGergovia {
                                board.in_area(areas::GERGOVIA, *hex)
                            } else {
                                map::in_roman_camp(board, *hex)
                            };
                            if u.side == side && there && !destroyed.contains(id.as_str()) {
                                count += 1;
                            }
                        }
                    }
                    Award::TownObjectiveHeld => {
                        let held = board.area(areas::TOWN_OBJECTIVE).is_some_and(|area| {
                            area.hexes().iter().all(|h| {
                                situation.on_map.iter().any(|(id, at)| {
                                    at == h
                                        && counters
                                            .unit(id.as_str())
                                            .is_some_and(|u| u.side == side)
                                })
                            })
                        });
                        count = u32::from(held);
                    }
                    Award::EagleCaptured => {
                        let eagles: BTreeSet<&str> =
                            situation.captured_eagles.iter().map(UnitId::as_str).collect();
                        // Every eagle is Roman: only the Gauls capture them.
                        if side == Side::Adversary {
                            count = u32::try_from(eagles.len()).unwrap_or(u32::MAX);
                        }
                    }
                }
                lines.push(Line {
                    award: a.award,
                    count,
                    vp: count.saturating_mul(a.vp),
                    provenance: a.provenance.clone(),
                });
            }
            let total = lines.iter().map(|l| l.vp).sum();
            Ok(SideTally { total, threshold: list.threshold.value, lines })
        };
        Ok(Tally {
            rome: side_tally(Side::Roman, &lists.rome)?,
            gaul: side_tally(Side::Adversary, &lists.gaul)?,
        })
    }
}
