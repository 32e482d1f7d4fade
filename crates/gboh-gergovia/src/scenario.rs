//! The two deployments of "Units and Deployment": the standard one and the
//! alternative one (XI and Caninius out, Vercingetorix later), with hidden
//! placement as an option.
//!
//! A [`Scenario`] is the printed deployment as zones ([`Zone`]) for groups of
//! units and leaders ([`Placement`]). [`Scenario::default_deployment`] puts
//! every piece somewhere legal, deterministically, and [`Scenario::check`]
//! lists everything wrong with any [`Deployment`] (a player's own).
//!
//! ```
//! use gboh_gergovia::scenario::{self, Position, ScenarioId};
//! use gboh_gergovia::{counters, map};
//! let (board, mix) = (map::board()?, counters::counters()?);
//! let alt = scenario::scenario(ScenarioId::Alternative)?;
//! let mut deployment = alt.default_deployment(board, mix)?;
//! assert!(!deployment.units.contains_key("XI-1"), "XI is left out");
//! assert_eq!(alt.vercingetorix_entry.simplified, 3);
//! // Move a cohort of Legion VIII out of its printed rows: one violation.
//! deployment.units.insert("VIII-2".into(), Position::Hex(board.hex_of("2412").unwrap()));
//! assert_eq!(alt.check(board, mix, &deployment).len(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::collections::BTreeMap;
use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::{Board, Label};
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use gboh_core::unit::UnitId;
use hexx::Hex;
use serde::Deserialize;
use thiserror::Error;

use crate::counters::{self, Counters};
use crate::map;

/// The name the embedded standard deployment reports errors under.
pub const STANDARD_FILE: &str = "data/gergovia/scenarios/standard.ron";
/// The embedded standard deployment.
pub const STANDARD_RON: &str = include_str!("../data/gergovia/scenarios/standard.ron");
/// The name the embedded alternative deployment reports errors under.
pub const ALTERNATIVE_FILE: &str = "data/gergovia/scenarios/alternative.ron";
/// The embedded alternative deployment.
pub const ALTERNATIVE_RON: &str = include_str!("../data/gergovia/scenarios/alternative.ron");

/// The two printed deployments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScenarioId {
    /// "Roman / Gallic Starting Deployment".
    Standard,
    /// "Alternative Deployment".
    Alternative,
}

impl ScenarioId {
    /// Both, standard first.
    pub const ALL: [ScenarioId; 2] = [ScenarioId::Standard, ScenarioId::Alternative];

    /// The embedded file: name and text.
    #[must_use]
    pub const fn file(self) -> (&'static str, &'static str) {
        match self {
            ScenarioId::Standard => (STANDARD_FILE, STANDARD_RON),
            ScenarioId::Alternative => (ALTERNATIVE_FILE, ALTERNATIVE_RON),
        }
    }
}

impl fmt::Display for ScenarioId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ScenarioId::Standard => "standard",
            ScenarioId::Alternative => "alternative",
        })
    }
}

/// A name that is not a scenario.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("no Gergovia scenario {0:?} (standard, alternative)")]
pub struct UnknownScenario(pub String);

impl FromStr for ScenarioId {
    type Err = UnknownScenario;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ScenarioId::ALL
            .into_iter()
            .find(|id| id.to_string() == s)
            .ok_or_else(|| UnknownScenario(s.to_owned()))
    }
}

// ---------------------------------------------------------------- raw file

/// Which units a placement takes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum UnitsDef {
    /// Every unit (and eagle) of these formations.
    Formations(Vec<String>),
    /// At least this many units of a formation.
    AtLeast(String, u8),
    /// The units of a formation that no `AtLeast` takes.
    Rest(String),
    /// No combat unit (a leader alone).
    None,
}

/// Where a placement goes.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum ZoneDef {
    /// The listed labels; "A-B" is the row of hexes from A to B in one column.
    Hexes(Vec<String>),
    /// An area of the map.
    Area(String),
    /// Within n hexes of a label.
    Within(u8, String),
    /// In or adjacent to a hex holding a unit of these formations.
    WithOrAdjacent(Vec<String>),
    /// Wooded hexes north of and including hexrow 4300.
    NorthernWoods,
    /// Off the map, entering at this area.
    OffMap(String),
}

/// One placement as written.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlacementDef {
    /// Name.
    pub name: String,
    /// Whose units.
    pub side: Side,
    /// Which units.
    pub units: UnitsDef,
    /// Which leaders.
    pub leaders: Vec<String>,
    /// Where.
    pub zone: ZoneDef,
    /// Combat units a hex may hold.
    pub per_hex: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// Units and leaders left out.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcludedDef {
    /// Formations left out (with their eagles).
    pub formations: Vec<String>,
    /// Leaders left out.
    pub leaders: Vec<String>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// The earliest turn Vercingetorix's troops may enter, per version.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EntryTurn {
    /// Standard version.
    pub standard: u8,
    /// Simplified version.
    pub simplified: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// The hidden-placement option (Gallic Starting Deployment \[b\]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HiddenPlacement {
    /// Whether the option exists.
    pub available: bool,
    /// The placements whose positions may be written down secretly.
    pub placements: Vec<String>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// Facing at deployment.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingRule {
    /// Whether units may face in any direction.
    pub any: bool,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// A scenario file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScenarioDef {
    /// Id ("standard").
    pub id: String,
    /// Name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// What is left out.
    pub excluded: ExcludedDef,
    /// Vercingetorix's earliest entry turn.
    pub vercingetorix_entry: EntryTurn,
    /// Hidden placement.
    pub hidden_placement: HiddenPlacement,
    /// Facing.
    pub facing: FacingRule,
    /// The placements.
    pub placements: Vec<PlacementDef>,
}

// ---------------------------------------------------------------- validated

/// Where a placement goes, resolved on the map.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Zone {
    /// These hexes (deployment order).
    Hexes(Vec<Hex>),
    /// In or adjacent to a hex holding a unit of these formations.
    WithOrAdjacent(Vec<String>),
    /// Off the map, to enter at these hexes.
    OffMap(Vec<Hex>),
}

/// Which units a placement takes, resolved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Units {
    /// Every unit and eagle of these formations.
    Formations(Vec<String>),
    /// At least `n` units of the formation.
    AtLeast(String, u8),
    /// The rest of the formation.
    Rest(String),
    /// None.
    None,
}

/// One validated placement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placement {
    /// Name.
    pub name: String,
    /// Whose.
    pub side: Side,
    /// Which units.
    pub units: Units,
    /// Which leaders.
    pub leaders: Vec<String>,
    /// Where.
    pub zone: Zone,
    /// Combat units per hex.
    pub per_hex: u8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// The printed words.
    pub note: String,
}

/// A validated scenario.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scenario {
    /// Which one.
    pub id: ScenarioId,
    /// Name.
    pub name: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Formations left out.
    pub excluded_formations: Vec<String>,
    /// Leaders left out.
    pub excluded_leaders: Vec<String>,
    /// Vercingetorix's earliest entry turn.
    pub vercingetorix_entry: EntryTurn,
    /// Hidden placement.
    pub hidden_placement: HiddenPlacement,
    /// Facing.
    pub facing: FacingRule,
    /// Placements, in printed order.
    pub placements: Vec<Placement>,
}

/// Where a piece is at the start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Position {
    /// On the map.
    Hex(Hex),
    /// Off the map (Vercingetorix's troops).
    OffMap,
}

/// Every piece's starting position.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Deployment {
    /// Combat units.
    pub units: BTreeMap<UnitId, Position>,
    /// Eagles (standard version).
    pub eagles: BTreeMap<UnitId, Position>,
    /// Leaders.
    pub leaders: BTreeMap<String, Position>,
}

/// Something wrong with a deployment.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// A piece of the scenario is not deployed.
    #[error("units and deployment: {0} is not deployed")]
    Missing(String),
    /// A piece is deployed that the scenario does not use.
    #[error("units and deployment: {0} does not take part in this scenario")]
    NotInScenario(String),
    /// A piece is outside its placement's zone.
    #[error("units and deployment: {piece} at {at} is outside its zone ({placement}: {note})")]
    OutOfZone {
        /// The piece.
        piece: String,
        /// Where it is.
        at: String,
        /// Its placement.
        placement: String,
        /// The printed words.
        note: String,
    },
    /// Too many combat units in a hex.
    #[error(
        "units and deployment: {at} holds {count} units, more than {limit} (the limits on units per hex)"
    )]
    Overstacked {
        /// The hex.
        at: String,
        /// Units there.
        count: usize,
        /// The limit.
        limit: u8,
    },
    /// Fewer units than a placement's minimum.
    #[error("units and deployment: {placement} has {count} units, fewer than {needed}")]
    TooFew {
        /// The placement.
        placement: String,
        /// Units placed.
        count: usize,
        /// The printed minimum.
        needed: u8,
    },
    /// An eagle not stacked with a unit of its legion.
    #[error("units and deployment: {0} is not with a cohort of its legion")]
    EagleAlone(String),
}

/// Why a scenario could not be loaded or deployed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ScenarioError {
    /// A data file's problems.
    #[error(transparent)]
    Data(#[from] DataError),
    /// A zone too small for its placement's units.
    #[error("units and deployment: {placement} has {units} units for {capacity} places")]
    ZoneTooSmall {
        /// The placement.
        placement: String,
        /// Units to place.
        units: usize,
        /// Places in the zone.
        capacity: usize,
    },
}

/// An embedded scenario, loaded once on the embedded map and counters.
///
/// # Errors
/// The embedded files' problems (only if one was edited wrongly).
pub fn scenario(id: ScenarioId) -> Result<&'static Scenario, ScenarioError> {
    static S: [OnceLock<Result<Scenario, ScenarioError>>; 2] = [OnceLock::new(), OnceLock::new()];
    let slot = match id {
        ScenarioId::Standard => &S[0],
        ScenarioId::Alternative => &S[1],
    };
    slot.get_or_init(|| {
        let board = map::board()?;
        let mix = counters::counters()?;
        let (file, text) = id.file();
        load_scenario(file, text, board, mix)
    })
    .as_ref()
    .map_err(Clone::clone)
}

fn parse_hexes(board: &Board, s: &str) -> Result<Vec<Hex>, String> {
    let one = |l: &str| -> Result<(Label, Hex), String> {
        let label: Label = l.parse().map_err(|e: gboh_core::board::LabelError| e.to_string())?;
        board.hex(&label).map(|h| (label, h)).ok_or_else(|| format!("{l} is off the map"))
    };
    if let Some((a, b)) = s.split_once('-') {
        let ((la, _), (lb, _)) = (one(a)?, one(b)?);
        if la.column() != lb.column() || la.row() > lb.row() {
            return Err(format!("{s}: a row runs up one column, from the lower row"));
        }
        (la.row()..=lb.row())
            .map(|r| one(&Label::new(la.prefix(), la.column(), r).to_string()).map(|(_, h)| h))
            .collect()
    } else {
        one(s).map(|(_, h)| vec![h])
    }
}

/// Loads a scenario file against a map and a counter mix.
///
/// # Errors
/// Every problem in the file, with file, line, column and item: a syntax
/// error or unknown field; an unknown id, formation, leader, area or label;
/// a formation, unit or leader placed twice or not at all; `AtLeast` more
/// than the formation has; a zone with no hex; a hidden placement that is
/// not a placement.
pub fn load_scenario(
    file: &str,
    text: &str,
    board: &Board,
    mix: &Counters,
) -> Result<Scenario, ScenarioError> {
    let def: ScenarioDef = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    let id = match def.id.parse::<ScenarioId>() {
        Ok(id) => id,
        Err(e) => {
            problems.at("id", &format!("\"{}\"", def.id), e.to_string());
            ScenarioId::Standard
        }
    };
    for f in &def.excluded.formations {
        if mix.formation(f).is_none() {
            problems.at(f.clone(), &format!("\"{f}\""), "unknown formation");
        }
    }
    for l in &def.excluded.leaders {
        if mix.leader(l).is_none() {
            problems.at(l.clone(), &format!("\"{l}\""), "unknown leader");
        }
    }
    let mut formation_uses: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    let mut leader_uses: BTreeMap<String, usize> = BTreeMap::new();
    let mut placements = Vec::new();
    for p in &def.placements {
        let owner = p.name.clone();
        let anchor = format!("name: \"{}\"", p.name);
        let mut check_formation = |f: &String, problems: &mut Problems<'_>, kind: &'static str| {
            match mix.formation(f) {
                None => problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{f}\""),
                    format!("unknown formation {f:?}"),
                ),
                Some(g) if g.side != p.side => {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{f}\""),
                        format!("{f} belongs to the other side"),
                    );
                }
                Some(_) => {}
            }
            if def.excluded.formations.contains(f) {
                problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{f}\""),
                    format!("{f} is left out of this scenario"),
                );
            }
            formation_uses.entry(f.clone()).or_default().push(kind);
        };
        let units = match &p.units {
            UnitsDef::Formations(fs) => {
                for f in fs {
                    check_formation(f, &mut problems, "all");
                }
                Units::Formations(fs.clone())
            }
            UnitsDef::AtLeast(f, n) => {
                check_formation(f, &mut problems, "at least");
                let size = mix.units_of(f).count();
                if usize::from(*n) > size || *n == 0 {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{f}\""),
                        format!("AtLeast {n}: {f} has {size} units"),
                    );
                }
                Units::AtLeast(f.clone(), *n)
            }
            UnitsDef::Rest(f) => {
                check_formation(f, &mut problems, "rest");
                Units::Rest(f.clone())
            }
            UnitsDef::None => Units::None,
        };
        for l in &p.leaders {
            match mix.leader(l) {
                None => problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{l}\""),
                    format!("unknown leader {l:?}"),
                ),
                Some(x) if x.side != p.side => {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{l}\""),
                        format!("{l} belongs to the other side"),
                    );
                }
                Some(_) => {}
            }
            if def.excluded.leaders.contains(l) {
                problems.after(
                    &owner,
                    (&anchor, 0),
                    &format!("\"{l}\""),
                    format!("{l} is left out of this scenario"),
                );
            }
            *leader_uses.entry(l.clone()).or_default() += 1;
        }
        if p.per_hex == 0 {
            problems.after(
                &owner,
                (&anchor, 0),
                &format!("\"{}\"", p.name),
                "per_hex must be at least 1",
            );
        }
        let zone = match &p.zone {
            ZoneDef::Hexes(list) => {
                let mut hexes = Vec::new();
                for s in list {
                    match parse_hexes(board, s) {
                        Ok(h) => hexes.extend(h),
                        Err(msg) => problems.after(&owner, (&anchor, 0), &format!("\"{s}\""), msg),
                    }
                }
                Zone::Hexes(hexes)
            }
            ZoneDef::Area(a) | ZoneDef::OffMap(a) => {
                let hexes = board.area(a).map(|x| x.hexes().to_vec()).unwrap_or_else(|| {
                    problems.after(
                        &owner,
                        (&anchor, 0),
                        &format!("\"{a}\""),
                        format!("the map has no area {a:?}"),
                    );
                    Vec::new()
                });
                if matches!(p.zone, ZoneDef::OffMap(_)) {
                    Zone::OffMap(hexes)
                } else {
                    Zone::Hexes(hexes)
                }
            }
            ZoneDef::Within(n, l) => match parse_hexes(board, l) {
                Ok(centre) => {
                    let mut hexes: Vec<Hex> = board
                        .hexes()
                        .filter(|h| {
                            centre.iter().any(|c| c.unsigned_distance_to(*h) <= u32::from(*n))
                        })
                        .collect();
                    hexes.sort_by_key(|h| {
                        (centre.iter().map(|c| c.unsigned_distance_to(*h)).min(), board.index(*h))
                    });
                    Zone::Hexes(hexes)
                }
                Err(msg) => {
                    problems.after(&owner, (&anchor, 0), &format!("\"{l}\""), msg);
                    Zone::Hexes(Vec::new())
                }
            },
            ZoneDef::WithOrAdjacent(fs) => {
                for f in fs {
                    if mix.formation(f).is_none() {
                        problems.after(
                            &owner,
                            (&anchor, 0),
                            &format!("\"{f}\""),
                            format!("unknown formation {f:?}"),
                        );
                    }
                }
                Zone::WithOrAdjacent(fs.clone())
            }
            ZoneDef::NorthernWoods => {
                Zone::Hexes(board.hexes().filter(|h| map::in_northern_woods(board, *h)).collect())
            }
        };
        // An empty zone, unless it is empty because a name in it was already reported.
        let resolved = match &p.zone {
            ZoneDef::Area(a) | ZoneDef::OffMap(a) => board.area(a).is_some(),
            ZoneDef::Within(_, l) => parse_hexes(board, l).is_ok(),
            ZoneDef::Hexes(list) => list.iter().all(|l| parse_hexes(board, l).is_ok()),
            ZoneDef::WithOrAdjacent(_) | ZoneDef::NorthernWoods => true,
        };
        if resolved && matches!(&zone, Zone::Hexes(h) | Zone::OffMap(h) if h.is_empty()) {
            problems.after(&owner, (&anchor, 0), &format!("\"{}\"", p.name), "the zone has no hex");
        }
        placements.push(Placement {
            name: p.name.clone(),
            side: p.side,
            units,
            leaders: p.leaders.clone(),
            zone,
            per_hex: p.per_hex,
            provenance: p.provenance.clone(),
            note: p.note.clone(),
        });
    }
    // Every formation placed exactly once (or split AtLeast + Rest), every
    // leader once, unless left out.
    for f in mix.formations() {
        if def.excluded.formations.contains(&f.id) {
            continue;
        }
        let uses = formation_uses.get(&f.id).cloned().unwrap_or_default();
        let ok = matches!(uses.as_slice(), ["all"] | ["at least", "rest"] | ["rest", "at least"]);
        if !ok {
            problems.at(
                f.id.clone(),
                "placements",
                format!(
                    "formation {} must be placed once (or split AtLeast + Rest), found {uses:?}",
                    f.id
                ),
            );
        }
    }
    for l in mix.leaders() {
        if def.excluded.leaders.contains(&l.id) {
            continue;
        }
        let n = leader_uses.get(&l.id).copied().unwrap_or(0);
        if n != 1 {
            problems.at(
                l.id.clone(),
                "placements",
                format!("leader {} must be placed once, found {n}", l.id),
            );
        }
    }
    for h in &def.hidden_placement.placements {
        if !def.placements.iter().any(|p| &p.name == h) {
            problems.at(h.clone(), &format!("\"{h}\""), "not a placement of this scenario");
        }
    }
    let scenario = Scenario {
        id,
        name: def.name,
        provenance: def.provenance,
        excluded_formations: def.excluded.formations,
        excluded_leaders: def.excluded.leaders,
        vercingetorix_entry: def.vercingetorix_entry,
        hidden_placement: def.hidden_placement,
        facing: def.facing,
        placements,
    };
    Ok(problems.finish(scenario)?)
}

fn label(board: &Board, hex: Hex) -> String {
    board.label(hex).map_or_else(|| format!("{hex:?}"), |l| l.to_string())
}

impl Scenario {
    /// The units a placement takes, in the mix's order. `AtLeast` takes its
    /// minimum; `Rest` the others.
    fn units_of<'a>(&'a self, p: &'a Placement, mix: &'a Counters) -> Vec<&'a counters::Unit> {
        match &p.units {
            Units::Formations(fs) => {
                mix.units().iter().filter(|u| fs.contains(&u.formation)).collect()
            }
            Units::AtLeast(f, n) => mix.units_of(f).take(usize::from(*n)).collect(),
            Units::Rest(f) => {
                let taken = self
                    .placements
                    .iter()
                    .find_map(|q| match &q.units {
                        Units::AtLeast(g, n) if g == f => Some(usize::from(*n)),
                        _ => None,
                    })
                    .unwrap_or(0);
                mix.units_of(f).skip(taken).collect()
            }
            Units::None => Vec::new(),
        }
    }

    /// The placement a unit of `formation` belongs to in a deployment where
    /// `off_map` says whether it is off the map (for split formations).
    fn placement_of_unit(&self, formation: &str, off_map: bool) -> Option<&Placement> {
        let candidates: Vec<&Placement> = self
            .placements
            .iter()
            .filter(|p| match &p.units {
                Units::Formations(fs) => fs.iter().any(|f| f == formation),
                Units::AtLeast(f, _) | Units::Rest(f) => f == formation,
                Units::None => false,
            })
            .collect();
        if candidates.len() > 1 {
            candidates
                .iter()
                .find(|p| matches!(p.zone, Zone::OffMap(_)) == off_map)
                .or(candidates.first())
                .copied()
        } else {
            candidates.first().copied()
        }
    }

    /// The pieces of a deployment whose positions the Gallic player may keep
    /// hidden (Gallic Starting Deployment \[b\]): the units and leaders of the
    /// placements `hidden_placement` names, in id order. Empty when the
    /// option does not exist.
    #[must_use]
    pub fn hideable(&self, mix: &Counters, d: &Deployment) -> Vec<String> {
        if !self.hidden_placement.available {
            return Vec::new();
        }
        let hidden = |p: &Placement| self.hidden_placement.placements.contains(&p.name);
        let mut out: Vec<String> = d
            .units
            .iter()
            .filter(|(id, pos)| {
                mix.unit(id.as_str()).is_some_and(|u| {
                    self.placement_of_unit(&u.formation, **pos == Position::OffMap)
                        .is_some_and(hidden)
                })
            })
            .map(|(id, _)| id.to_string())
            .collect();
        out.extend(
            d.leaders
                .keys()
                .filter(|l| self.placements.iter().any(|p| hidden(p) && p.leaders.contains(*l)))
                .cloned(),
        );
        out.sort();
        out
    }

    /// Whether the scenario uses a formation.
    #[must_use]
    pub fn uses_formation(&self, id: &str) -> bool {
        !self.excluded_formations.iter().any(|f| f == id)
    }

    /// Places every piece in its zone, filling hexes in zone order up to the
    /// stacking limit; leaders and eagles with the first unit placed; Caesar
    /// with the first unit of the formations he must be with.
    ///
    /// # Errors
    /// [`ScenarioError::ZoneTooSmall`] if a zone cannot hold its units
    /// (only with an edited map or scenario).
    pub fn default_deployment(
        &self,
        board: &Board,
        mix: &Counters,
    ) -> Result<Deployment, ScenarioError> {
        let mut d = Deployment::default();
        let mut load: BTreeMap<usize, usize> = BTreeMap::new();
        let key = |h: Hex| board.index(h).unwrap_or(usize::MAX);
        let mut deferred = Vec::new();
        for p in &self.placements {
            let units = self.units_of(p, mix);
            let hexes = match &p.zone {
                Zone::OffMap(_) => {
                    for u in &units {
                        d.units.insert(u.id.clone(), Position::OffMap);
                    }
                    for l in &p.leaders {
                        d.leaders.insert(l.clone(), Position::OffMap);
                    }
                    continue;
                }
                Zone::WithOrAdjacent(_) => {
                    deferred.push(p);
                    continue;
                }
                Zone::Hexes(h) => h,
            };
            let per_hex = usize::from(p.per_hex.max(1));
            let free: Vec<Hex> = hexes
                .iter()
                .copied()
                .filter(|h| load.get(&key(*h)).copied().unwrap_or(0) == 0)
                .collect();
            if free.len() * per_hex < units.len() {
                return Err(ScenarioError::ZoneTooSmall {
                    placement: p.name.clone(),
                    units: units.len(),
                    capacity: free.len() * per_hex,
                });
            }
            let mut first: BTreeMap<&str, Hex> = BTreeMap::new();
            for (i, u) in units.iter().enumerate() {
                let hex = free[i / per_hex];
                *load.entry(key(hex)).or_default() += 1;
                d.units.insert(u.id.clone(), Position::Hex(hex));
                first.entry(u.formation.as_str()).or_insert(hex);
            }
            for f in mix.formations() {
                if let (Some(eagle), Some(hex)) = (&f.eagle, first.get(f.id.as_str())) {
                    d.eagles.insert(eagle.clone(), Position::Hex(*hex));
                }
            }
            for (i, l) in p.leaders.iter().enumerate() {
                // Each leader with a unit he commands, else with the first unit.
                let with = mix
                    .leader(l)
                    .and_then(|x| x.commands.iter().find_map(|c| first.get(c.as_str())))
                    .copied()
                    .or_else(|| free.get(i.min(free.len().saturating_sub(1))).copied());
                if let Some(hex) = with {
                    d.leaders.insert(l.clone(), Position::Hex(hex));
                }
            }
        }
        for p in deferred {
            if let Zone::WithOrAdjacent(fs) = &p.zone {
                let hex =
                    mix.units().iter().filter(|u| fs.contains(&u.formation)).find_map(|u| match d
                        .units
                        .get(&u.id)
                    {
                        Some(Position::Hex(h)) => Some(*h),
                        _ => None,
                    });
                for l in &p.leaders {
                    if let Some(hex) = hex {
                        d.leaders.insert(l.clone(), Position::Hex(hex));
                    }
                }
            }
        }
        Ok(d)
    }

    /// Everything wrong with a deployment, in a stable order: missing and
    /// foreign pieces, pieces out of their zones, overstacked hexes, split
    /// formations below their minimum, eagles away from their legions.
    #[must_use]
    pub fn check(&self, board: &Board, mix: &Counters, d: &Deployment) -> Vec<Violation> {
        let mut out = Vec::new();
        let at = |pos: &Position| match pos {
            Position::Hex(h) => label(board, *h),
            Position::OffMap => "off the map".to_owned(),
        };
        let in_zone = |p: &Placement, pos: &Position| -> bool {
            match (&p.zone, pos) {
                (Zone::OffMap(_), Position::OffMap) => true,
                (Zone::Hexes(hexes), Position::Hex(h)) => hexes.contains(h),
                (Zone::WithOrAdjacent(fs), Position::Hex(h)) => d.units.iter().any(|(id, q)| {
                    matches!(q, Position::Hex(x) if x.unsigned_distance_to(*h) <= 1)
                        && mix.unit(id.as_str()).is_some_and(|u| fs.contains(&u.formation))
                }),
                _ => false,
            }
        };
        // Units.
        let mut per_hex: BTreeMap<usize, (Hex, usize, u8)> = BTreeMap::new();
        let mut split: BTreeMap<&str, usize> = BTreeMap::new();
        for u in mix.units() {
            let used = self.uses_formation(&u.formation);
            match (d.units.get(&u.id), used) {
                (None, true) => out.push(Violation::Missing(u.id.to_string())),
                (Some(_), false) => out.push(Violation::NotInScenario(u.id.to_string())),
                (None, false) => {}
                (Some(pos), true) => {
                    let off = *pos == Position::OffMap;
                    let Some(p) = self.placement_of_unit(&u.formation, off) else {
                        out.push(Violation::NotInScenario(u.id.to_string()));
                        continue;
                    };
                    if !in_zone(p, pos) {
                        out.push(Violation::OutOfZone {
                            piece: u.id.to_string(),
                            at: at(pos),
                            placement: p.name.clone(),
                            note: p.note.clone(),
                        });
                    }
                    if let Units::AtLeast(..) = p.units {
                        *split.entry(p.name.as_str()).or_default() += 1;
                    }
                    if let Position::Hex(h) = pos {
                        let e = per_hex
                            .entry(board.index(*h).unwrap_or(usize::MAX))
                            .or_insert((*h, 0, p.per_hex));
                        e.1 += 1;
                        e.2 = e.2.min(p.per_hex);
                    }
                }
            }
        }
        for id in d.units.keys() {
            if mix.unit(id.as_str()).is_none() {
                out.push(Violation::NotInScenario(id.to_string()));
            }
        }
        for (h, count, limit) in per_hex.values() {
            if *count > usize::from(*limit) {
                out.push(Violation::Overstacked {
                    at: label(board, *h),
                    count: *count,
                    limit: *limit,
                });
            }
        }
        for p in &self.placements {
            if let Units::AtLeast(_, n) = p.units {
                let count = split.get(p.name.as_str()).copied().unwrap_or(0);
                if count < usize::from(n) {
                    out.push(Violation::TooFew { placement: p.name.clone(), count, needed: n });
                }
            }
        }
        // Eagles.
        for e in mix.eagles() {
            let used = self.uses_formation(&e.legion);
            match (d.eagles.get(&e.id), used) {
                (None, true) => out.push(Violation::Missing(e.id.to_string())),
                (Some(_), false) => out.push(Violation::NotInScenario(e.id.to_string())),
                (None, false) => {}
                (Some(pos), true) => {
                    let with_legion =
                        mix.units_of(&e.legion).any(|u| d.units.get(&u.id) == Some(pos));
                    if !with_legion {
                        out.push(Violation::EagleAlone(e.id.to_string()));
                    }
                }
            }
        }
        // Leaders.
        for l in mix.leaders() {
            let used = !self.excluded_leaders.contains(&l.id);
            match (d.leaders.get(&l.id), used) {
                (None, true) => out.push(Violation::Missing(l.id.clone())),
                (Some(_), false) => out.push(Violation::NotInScenario(l.id.clone())),
                (None, false) => {}
                (Some(pos), true) => {
                    let Some(p) = self.placements.iter().find(|p| p.leaders.contains(&l.id)) else {
                        out.push(Violation::NotInScenario(l.id.clone()));
                        continue;
                    };
                    if !in_zone(p, pos) {
                        out.push(Violation::OutOfZone {
                            piece: l.id.clone(),
                            at: at(pos),
                            placement: p.name.clone(),
                            note: p.note.clone(),
                        });
                    }
                }
            }
        }
        for id in d.leaders.keys() {
            if mix.leader(id).is_none() {
                out.push(Violation::NotInScenario(id.clone()));
            }
        }
        out
    }
}

impl Deployment {
    /// The same deployment for the simplified version, which deploys "as in
    /// the standard version of the module, but without the Aquilae".
    #[must_use]
    pub fn without_eagles(&self) -> Deployment {
        Deployment { eagles: BTreeMap::new(), ..self.clone() }
    }

    /// The combat units on the map, for [`crate::victory::Situation::on_map`].
    #[must_use]
    pub fn on_map(&self) -> Vec<(UnitId, Hex)> {
        self.units
            .iter()
            .filter_map(|(id, p)| match p {
                Position::Hex(h) => Some((id.clone(), *h)),
                Position::OffMap => None,
            })
            .collect()
    }
}
