//! The counters: leaders (4.1), land combat units and galleys (5.41), from
//! `data/alexandria/counters.ron`.
//!
//! ```
//! use gboh_alexandria::counters;
//! let mix = counters::counters()?;
//! let caesar = mix.leader("Caesar").unwrap();
//! assert!(caesar.heroic, "4.1: Heroic Charisma");
//! // The errata: Legion XXVII cohort 6 has TQ 7.
//! assert_eq!(mix.unit("XXVII-6").unwrap().tq, 7);
//! // 5.43 example: a Liburnian Bireme at Cruise speed expends 0 to 8 MP.
//! assert_eq!(mix.galley("Roman Liburnian-1").unwrap().cruise_ma, 8);
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use serde::Deserialize;

/// The name the embedded counters report errors under.
pub const COUNTERS_FILE: &str = "data/alexandria/counters.ron";
/// The text of the embedded counters.
pub const COUNTERS_RON: &str = include_str!("../data/alexandria/counters.ron");

/// A leader's rank (4.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Rank {
    /// Caesar or Ganymedes: moves alone, never activates combat units (4.23).
    OverallCommander,
    /// A Subordinate Leader: activates eligible units in his Range (4.41).
    Subordinate,
}

/// A land combat unit's type (2.24, 4.21-4.22).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum UnitKind {
    /// A legion cohort.
    LegionCohort,
    /// A veteran legion cohort (2.24).
    VeteranCohort,
    /// Gallic medium infantry, dismounted cavalry (4.21).
    GallicMediumInfantry,
    /// Heavy infantry.
    HeavyInfantry,
    /// Medium infantry (2.24: Egyptian).
    MediumInfantry,
    /// Light infantry.
    LightInfantry,
    /// Archers.
    Archers,
    /// Light cavalry (Egyptian; not in the city or on the Heptastadium, errata).
    LightCavalry,
    /// Artillery (a scorpio).
    Artillery,
}

impl UnitKind {
    /// 4.21-4.22: whether the type may be activated as an Auxiliary by `side`.
    #[must_use]
    pub const fn auxiliary(self, side: Side) -> bool {
        match side {
            Side::Roman => matches!(
                self,
                UnitKind::Archers
                    | UnitKind::LightInfantry
                    | UnitKind::Artillery
                    | UnitKind::GallicMediumInfantry
            ),
            Side::Adversary => matches!(self, UnitKind::Archers | UnitKind::Artillery),
        }
    }

    /// Whether it is a legion's cohort.
    #[must_use]
    pub const fn is_cohort(self) -> bool {
        matches!(self, UnitKind::LegionCohort | UnitKind::VeteranCohort)
    }
}

/// A galley's class (2.24; War Galley's size classes).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize, serde::Serialize,
)]
pub enum GalleyClass {
    /// A "five".
    Quinquereme,
    /// A "four".
    Quadrireme,
    /// A trireme.
    Trireme,
    /// A Liburnian bireme (5.43 example).
    LiburnianBireme,
}

/// A leader (4.1).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Leader {
    /// Id used in scenarios.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Side.
    pub side: Side,
    /// Rank.
    pub rank: Rank,
    /// Seizure attempts per game (4.52; Overall Commanders only).
    pub seizure: Option<u8>,
    /// Initiative (4.51; Overall Commanders only, 0 otherwise).
    pub initiative: u8,
    /// Charisma.
    pub charisma: u8,
    /// Heroic Charisma (4.1).
    pub heroic: bool,
    /// Movement Allowance.
    pub movement: u8,
    /// Command Range in MP (4.41; Subordinates only).
    pub range: Option<u8>,
    /// A Roman legate's legion (4.21).
    pub legion: Option<String>,
    /// Where the values come from.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// A land combat unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Id ("VI-3").
    pub id: String,
    /// Side.
    pub side: Side,
    /// Type.
    pub kind: UnitKind,
    /// Legion of a cohort.
    pub legion: Option<String>,
    /// Troop Quality.
    pub tq: u8,
    /// Movement Allowance.
    pub ma: u8,
    /// Where the values come from.
    pub provenance: Provenance,
}

/// A galley.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Galley {
    /// Id ("Roman Liburnian-1").
    pub id: String,
    /// Side.
    pub side: Side,
    /// Class.
    pub class: GalleyClass,
    /// MA on the Cruise side (5.41).
    pub cruise_ma: u8,
    /// MA on the Attack side (5.41).
    pub attack_ma: u8,
    /// Where the values come from.
    pub provenance: Provenance,
}

/// The raw file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountersDef {
    /// Leaders.
    pub leaders: Vec<Leader>,
    /// Land unit groups.
    pub units: Vec<UnitGroupDef>,
    /// Galley groups.
    pub galleys: Vec<GalleyGroupDef>,
}

/// A group of land units.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitGroupDef {
    /// Id prefix.
    pub prefix: String,
    /// Side.
    pub side: Side,
    /// Type.
    pub kind: UnitKind,
    /// Legion.
    pub legion: Option<String>,
    /// MA.
    pub ma: u8,
    /// Each unit's TQ.
    pub tq: Vec<u8>,
    /// Provenance.
    pub provenance: Provenance,
    /// Reasoning.
    pub note: String,
}

/// A group of galleys.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GalleyGroupDef {
    /// Id prefix.
    pub prefix: String,
    /// Side.
    pub side: Side,
    /// Class.
    pub class: GalleyClass,
    /// How many.
    pub count: u8,
    /// Cruise MA.
    pub cruise_ma: u8,
    /// Attack MA.
    pub attack_ma: u8,
    /// Provenance.
    pub provenance: Provenance,
    /// Reasoning.
    pub note: String,
}

/// The validated counter mix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters {
    /// Leaders, file order.
    pub leaders: Vec<Leader>,
    /// Land units, file order.
    pub units: Vec<Unit>,
    /// Galleys, file order.
    pub galleys: Vec<Galley>,
}

/// What a counter id names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    /// A leader.
    Leader(&'a Leader),
    /// A land combat unit.
    Unit(&'a Unit),
    /// A galley.
    Galley(&'a Galley),
}

impl Piece<'_> {
    /// The piece's side.
    #[must_use]
    pub fn side(&self) -> Side {
        match self {
            Piece::Leader(l) => l.side,
            Piece::Unit(u) => u.side,
            Piece::Galley(g) => g.side,
        }
    }
}

impl Counters {
    /// A leader by id.
    #[must_use]
    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }

    /// A land unit by id.
    #[must_use]
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    /// A galley by id.
    #[must_use]
    pub fn galley(&self, id: &str) -> Option<&Galley> {
        self.galleys.iter().find(|g| g.id == id)
    }

    /// Any piece by id.
    #[must_use]
    pub fn piece(&self, id: &str) -> Option<Piece<'_>> {
        self.leader(id)
            .map(Piece::Leader)
            .or_else(|| self.unit(id).map(Piece::Unit))
            .or_else(|| self.galley(id).map(Piece::Galley))
    }

    /// 4.21-4.22: whether `leader` may activate `unit` (a Roman legate his
    /// own legion's cohorts, artillery and Gallic MI; an Egyptian subordinate
    /// any land unit; an Overall Commander none, 4.23).
    #[must_use]
    pub fn may_activate(&self, leader: &Leader, unit: &Unit) -> bool {
        if leader.rank == Rank::OverallCommander || leader.side != unit.side {
            return false;
        }
        match leader.side {
            Side::Adversary => true,
            Side::Roman => match unit.kind {
                UnitKind::LegionCohort | UnitKind::VeteranCohort => {
                    leader.legion.is_some() && leader.legion == unit.legion
                }
                UnitKind::Artillery | UnitKind::GallicMediumInfantry => true,
                _ => false,
            },
        }
    }
}

/// The embedded counters, parsed once and cached.
///
/// # Errors
/// The embedded file's problems.
pub fn counters() -> Result<&'static Counters, DataError> {
    static MIX: OnceLock<Result<Counters, DataError>> = OnceLock::new();
    MIX.get_or_init(|| load_counters(COUNTERS_FILE, COUNTERS_RON)).as_ref().map_err(Clone::clone)
}

/// Loads and validates a counters file.
///
/// # Errors
/// Every problem, each with `file:line:column: item: message`: a duplicated
/// id, a rating out of range, an Overall Commander without Seizure or a
/// Subordinate with it (4.52), a Subordinate without a Range (4.41), a Roman
/// cohort without a legion or a legate whose legion has no cohort (4.21), an
/// empty group, a galley whose Attack MA is under 2 (5.43).
pub fn load_counters(file: &str, text: &str) -> Result<Counters, DataError> {
    let def: CountersDef = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    let mut ids: Vec<String> = Vec::new();
    let mut seen = |id: &str, problems: &mut Problems<'_>| {
        if ids.iter().any(|i| i == id) {
            problems.item(id, "id used twice");
        }
        ids.push(id.to_owned());
    };
    for l in &def.leaders {
        seen(&l.id, &mut problems);
        let mut bad = |msg: &str| problems.item(l.id.clone(), msg);
        match l.rank {
            Rank::OverallCommander => {
                if l.seizure.is_none() {
                    bad("4.52: an Overall Commander has a Seizure Rating");
                }
                if !(1..=9).contains(&l.initiative) {
                    bad(
                        "4.51: an Overall Commander's Initiative is 1-9 (a d10 roll at or under it)",
                    );
                }
                if l.range.is_some() {
                    bad("4.23: an Overall Commander activates no combat unit, so has no Range");
                }
            }
            Rank::Subordinate => {
                if l.seizure.is_some() {
                    bad("4.52: only Overall Commanders attempt Seizure");
                }
                if !l.range.is_some_and(|r| (1..=12).contains(&r)) {
                    bad("4.41: a Subordinate Leader has a Range of 1-12 MP");
                }
                if l.side == Side::Roman && l.legion.is_none() {
                    bad("4.21: a Roman Subordinate Leader is a legate of a legion");
                }
            }
        }
        if l.heroic && l.rank != Rank::OverallCommander {
            bad("4.1: Heroic Charisma is an Overall Commander's rating");
        }
        if l.charisma > 3 || !(1..=12).contains(&l.movement) {
            bad("charisma 0-3 and movement 1-12");
        }
    }
    let mut units = Vec::new();
    for g in &def.units {
        if g.tq.is_empty() {
            problems.item(g.prefix.clone(), "a group needs at least one unit");
        }
        if g.kind.is_cohort() != g.legion.is_some() {
            problems.item(g.prefix.clone(), "4.21: cohorts, and only cohorts, name their legion");
        }
        if !(1..=12).contains(&g.ma) {
            problems.item(g.prefix.clone(), "MA is 1-12");
        }
        for (i, &tq) in g.tq.iter().enumerate() {
            let id = format!("{}-{}", g.prefix, i + 1);
            seen(&id, &mut problems);
            if !(1..=9).contains(&tq) {
                problems.item(g.prefix.clone(), format!("{id}: TQ is 1-9, not {tq}"));
            }
            units.push(Unit {
                id,
                side: g.side,
                kind: g.kind,
                legion: g.legion.clone(),
                tq,
                ma: g.ma,
                provenance: g.provenance.clone(),
            });
        }
    }
    for l in def.leaders.iter().filter(|l| l.side == Side::Roman) {
        if let Some(legion) = &l.legion
            && !units.iter().any(|u| u.legion.as_ref() == Some(legion))
        {
            problems.item(l.id.clone(), format!("4.21: legion {legion} has no cohort"));
        }
    }
    let mut galleys = Vec::new();
    for g in &def.galleys {
        if g.count == 0 {
            problems.item(g.prefix.clone(), "a group needs at least one galley");
        }
        if g.attack_ma < 2 || g.cruise_ma == 0 {
            problems
                .item(g.prefix.clone(), "5.43: at Attack speed a galley declares at least 2 MP");
        }
        for i in 0..g.count {
            let id = format!("{}-{}", g.prefix, i + 1);
            seen(&id, &mut problems);
            galleys.push(Galley {
                id,
                side: g.side,
                class: g.class,
                cruise_ma: g.cruise_ma,
                attack_ma: g.attack_ma,
                provenance: g.provenance.clone(),
            });
        }
    }
    problems.finish(Counters { leaders: def.leaders, units, galleys })
}
