//! The counters: combat units, eagles and leaders of both sides.
//!
//! `data/gergovia/counters/{roman,gallic,leaders}.ron` hold what the rulebook
//! prints (the order of battle, the leaders, Caesar's Initiative 4, Roscius's
//! erratum, the simplified formation tables' seizure numbers) and the values
//! it does not print, reconstructed (docs/data-provenance.md). Each value's
//! provenance is the file's unless its `sources` entry says otherwise:
//! [`Unit::provenance`], [`Leader::provenance`].
//!
//! ```
//! use gboh_core::unit::UnitType;
//! use gboh_gergovia::counters;
//! let mix = counters::counters()?;
//! let caesar = mix.leader("Caesar").unwrap();
//! assert_eq!(caesar.initiative, Some(4));
//! assert!(caesar.provenance("initiative").is_printed());
//! assert_eq!(mix.leader("Roscius").unwrap().legion.as_deref(), Some("XIV"));
//! assert_eq!(mix.units_of("Numidian LI").count(), 8);
//! assert!(mix.units_of("XI").all(|u| u.profile.unit_type == UnitType::CO && u.profile.has_reduced_side()));
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};

use gboh_core::unit::{CohortClass, MissileType, TroopQuality, UnitId, UnitProfile, UnitType};
use gboh_standard::Rank;
use serde::Deserialize;

/// The name the embedded Roman units report errors under.
pub const ROMAN_FILE: &str = "data/gergovia/counters/roman.ron";
/// The embedded Roman units.
pub const ROMAN_RON: &str = include_str!("../data/gergovia/counters/roman.ron");
/// The name the embedded Gallic units report errors under.
pub const GALLIC_FILE: &str = "data/gergovia/counters/gallic.ron";
/// The embedded Gallic units.
pub const GALLIC_RON: &str = include_str!("../data/gergovia/counters/gallic.ron");
/// The name the embedded leaders report errors under.
pub const LEADERS_FILE: &str = "data/gergovia/counters/leaders.ron";
/// The embedded leaders.
pub const LEADERS_RON: &str = include_str!("../data/gergovia/counters/leaders.ron");

/// Where a counter comes from (Components; Roman Forces).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Origin {
    /// Taken from *Caesar: Conquest of Gaul*.
    CoG,
    /// Comes with the GERGOVIA module.
    Module,
}

/// What kind of formation a group of units is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum FormationKind {
    /// A legion: ten cohorts and an eagle.
    Legion,
    /// Auxiliaries: formations without their own commander (archers, LI).
    Auxiliaries,
    /// Cavalry.
    Cavalry,
    /// A tribe (barbarian infantry with its chief).
    Tribe,
}

/// 5.5 elite command, as "Elite Commanders" restricts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Elite {
    /// Caesar: only in turn one.
    FirstTurnOnly,
    /// Vercingetorix: once, at a time of his choosing.
    OncePerGame,
}

// ---------------------------------------------------------------- raw files

/// A unit profile as written in a counters file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileDef {
    /// Profile id, referred to by formations.
    pub id: String,
    /// Unit type abbreviation ("CO", "BI", "LI", "SK", "LN").
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Cohort class.
    #[serde(default)]
    pub class: Option<CohortClass>,
    /// Troop Quality.
    pub tq: u8,
    /// Troop Quality of the reduced side, if the counter has one.
    #[serde(default)]
    pub reduced_tq: Option<u8>,
    /// Size (standard version).
    pub size: u8,
    /// Movement allowance.
    pub ma: u8,
    /// Missile weapon.
    #[serde(default)]
    pub missile: Option<MissileType>,
    /// Provenance of single fields, by field name.
    #[serde(default)]
    pub sources: BTreeMap<String, Provenance>,
}

/// So many units of one profile.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsDef {
    /// Profile id.
    pub profile: String,
    /// How many.
    pub count: u8,
}

/// A formation as written in a counters file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationDef {
    /// Id ("VIII", "Arverni").
    pub id: String,
    /// Full name.
    pub name: String,
    /// Kind.
    pub kind: FormationKind,
    /// Where its counters come from.
    pub from: Origin,
    /// Whether it has an eagle (legions only).
    #[serde(default)]
    pub eagle: bool,
    /// Its units.
    pub units: Vec<UnitsDef>,
    /// Provenance of single fields (`count`, `eagle`, `from`, ...).
    #[serde(default)]
    pub sources: BTreeMap<String, Provenance>,
}

/// A side's units file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsFileDef {
    /// Provenance of every value no `sources` entry names.
    pub provenance: Provenance,
    /// Unit profiles.
    pub profiles: Vec<ProfileDef>,
    /// Formations.
    pub formations: Vec<FormationDef>,
}

/// A leader as written in the leaders file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    /// Id: the name the rulebook uses.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Rank.
    pub rank: Rank,
    /// Where the counter comes from.
    pub from: Origin,
    /// The legion number on a legate's counter.
    #[serde(default)]
    pub legion: Option<String>,
    /// Initiative (standard version).
    #[serde(default)]
    pub initiative: Option<u8>,
    /// Line Command (standard version).
    #[serde(default)]
    pub line_command: Option<u8>,
    /// Strategy (overall commanders).
    #[serde(default)]
    pub strategy: Option<u8>,
    /// Charisma.
    #[serde(default)]
    pub charisma: Option<u8>,
    /// Command range in MP.
    #[serde(default)]
    pub command_range: Option<u8>,
    /// Turn-seizure attempts per game (simplified version).
    #[serde(default)]
    pub seizures: Option<u8>,
    /// Elite command.
    #[serde(default)]
    pub elite: Option<Elite>,
    /// Heroic presence (simplified version): how many hexes his Charisma
    /// reaches in melee.
    #[serde(default)]
    pub heroic_presence: Option<u8>,
    /// Formations commanded.
    pub commands: Vec<String>,
    /// Provenance of single fields.
    #[serde(default)]
    pub sources: BTreeMap<String, Provenance>,
}

/// The leaders file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeadersFileDef {
    /// Provenance of every value no `sources` entry names.
    pub provenance: Provenance,
    /// Rome's leaders.
    pub roman: Vec<LeaderDef>,
    /// The Gauls' leaders.
    pub gallic: Vec<LeaderDef>,
}

// ---------------------------------------------------------------- validated

/// Per-field provenance: a default and overrides.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sources {
    default: Provenance,
    fields: BTreeMap<String, Provenance>,
}

impl Sources {
    /// The provenance of `field`.
    #[must_use]
    pub fn of(&self, field: &str) -> &Provenance {
        self.fields.get(field).unwrap_or(&self.default)
    }
}

/// One combat unit counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unit {
    /// Id ("VIII-3").
    pub id: UnitId,
    /// Whose it is.
    pub side: Side,
    /// Its formation's id.
    pub formation: String,
    /// What the counter prints.
    pub profile: UnitProfile,
    /// Size (standard version).
    pub size: u8,
    /// Where the counter comes from.
    pub origin: Origin,
    profile_sources: Sources,
    formation_sources: Sources,
}

impl Unit {
    /// The provenance of a value: a profile field (`tq`, `ma`, `size`,
    /// `type`, ...) or a formation field (`count`, `from`, `eagle`).
    #[must_use]
    pub fn provenance(&self, field: &str) -> &Provenance {
        if self.profile_sources.fields.contains_key(field) {
            self.profile_sources.of(field)
        } else {
            self.formation_sources.of(field)
        }
    }

    /// Whether the unit is a skirmisher (Gallic victory: "1 for each Roman
    /// skirmisher unit destroyed"): type SK.
    #[must_use]
    pub fn is_skirmisher(&self) -> bool {
        self.profile.unit_type == UnitType::SK
    }
}

/// A legion's eagle standard (Aquila).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Eagle {
    /// Id ("VIII-Aquila").
    pub id: UnitId,
    /// The legion.
    pub legion: String,
}

/// A formation: a legion, a contingent or a tribe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Formation {
    /// Id.
    pub id: String,
    /// Name.
    pub name: String,
    /// Whose it is.
    pub side: Side,
    /// Kind.
    pub kind: FormationKind,
    /// Where its counters come from.
    pub origin: Origin,
    /// Its eagle, for a legion.
    pub eagle: Option<UnitId>,
}

/// A leader counter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leader {
    /// Id, the rulebook's name for him.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Whose he is.
    pub side: Side,
    /// Rank.
    pub rank: Rank,
    /// Where the counter comes from.
    pub origin: Origin,
    /// The legion printed on a legate's counter.
    pub legion: Option<String>,
    /// Initiative.
    pub initiative: Option<u8>,
    /// Line Command.
    pub line_command: Option<u8>,
    /// Strategy.
    pub strategy: Option<u8>,
    /// Charisma.
    pub charisma: Option<u8>,
    /// Command range (MP).
    pub command_range: Option<u8>,
    /// Turn-seizure attempts per game (simplified version).
    pub seizures: Option<u8>,
    /// Elite command.
    pub elite: Option<Elite>,
    /// Heroic presence (simplified version, "Elite commanders: Vercingetorix
    /// has heroic presence"): how many hexes his Charisma reaches in melee.
    pub heroic_presence: Option<u8>,
    /// Formations he commands.
    pub commands: Vec<String>,
    sources: Sources,
}

impl Leader {
    /// The provenance of one of his values, by field name.
    #[must_use]
    pub fn provenance(&self, field: &str) -> &Provenance {
        self.sources.of(field)
    }
}

/// The whole counter mix.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counters {
    units: Vec<Unit>,
    eagles: Vec<Eagle>,
    formations: Vec<Formation>,
    leaders: Vec<Leader>,
}

impl Counters {
    /// Every combat unit, Roman first, in file order.
    #[must_use]
    pub fn units(&self) -> &[Unit] {
        &self.units
    }

    /// Every eagle.
    #[must_use]
    pub fn eagles(&self) -> &[Eagle] {
        &self.eagles
    }

    /// Every formation, Roman first.
    #[must_use]
    pub fn formations(&self) -> &[Formation] {
        &self.formations
    }

    /// Every leader, Roman first.
    #[must_use]
    pub fn leaders(&self) -> &[Leader] {
        &self.leaders
    }

    /// A unit by id.
    #[must_use]
    pub fn unit(&self, id: &str) -> Option<&Unit> {
        self.units.iter().find(|u| u.id.as_str() == id)
    }

    /// An eagle by id.
    #[must_use]
    pub fn eagle(&self, id: &str) -> Option<&Eagle> {
        self.eagles.iter().find(|e| e.id.as_str() == id)
    }

    /// A formation by id.
    #[must_use]
    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id == id)
    }

    /// A leader by id.
    #[must_use]
    pub fn leader(&self, id: &str) -> Option<&Leader> {
        self.leaders.iter().find(|l| l.id == id)
    }

    /// The units of one formation, in id order of the file.
    pub fn units_of<'a>(&'a self, formation: &'a str) -> impl Iterator<Item = &'a Unit> + 'a {
        self.units.iter().filter(move |u| u.formation == formation)
    }
}

/// The embedded counter mix, parsed once and cached.
///
/// # Errors
/// The embedded files' problems (only if they were edited into an invalid
/// state; the tests load them).
pub fn counters() -> Result<&'static Counters, DataError> {
    static MIX: OnceLock<Result<Counters, DataError>> = OnceLock::new();
    MIX.get_or_init(|| {
        load_counters(
            [(ROMAN_FILE, ROMAN_RON), (GALLIC_FILE, GALLIC_RON)],
            (LEADERS_FILE, LEADERS_RON),
        )
    })
    .as_ref()
    .map_err(Clone::clone)
}

const PROFILE_FIELDS: [&str; 8] =
    ["type", "class", "tq", "reduced_tq", "size", "ma", "missile", "id"];
const FORMATION_FIELDS: [&str; 6] = ["count", "eagle", "from", "kind", "name", "units"];
const LEADER_FIELDS: [&str; 14] = [
    "name",
    "rank",
    "from",
    "legion",
    "initiative",
    "line_command",
    "strategy",
    "charisma",
    "command_range",
    "seizures",
    "elite",
    "heroic_presence",
    "commands",
    "id",
];

/// Loads a counter mix: the Roman and the Gallic units files, then the
/// leaders file, each `(file name, text)`.
///
/// # Errors
/// The first file with problems, with every problem it has (file, line,
/// column, item): a syntax error or unknown field; a duplicated id; an
/// unknown profile, unit type or formation; a rating out of range; a reduced
/// side stronger than the front; an eagle on a formation that is not a
/// legion; a legate whose legion does not exist; a `sources` entry for a
/// field that does not exist.
pub fn load_counters(
    units: [(&str, &str); 2],
    leaders: (&str, &str),
) -> Result<Counters, DataError> {
    let mut mix = Counters {
        units: Vec::new(),
        eagles: Vec::new(),
        formations: Vec::new(),
        leaders: Vec::new(),
    };
    for ((file, text), side) in units.into_iter().zip([Side::Roman, Side::Adversary]) {
        let def: UnitsFileDef = parse_ron(file, text)?;
        load_units(&mut mix, side, def, file, text)?;
    }
    let (file, text) = leaders;
    let def: LeadersFileDef = parse_ron(file, text)?;
    load_leaders(&mut mix, def, file, text)?;
    Ok(mix)
}

fn check_sources(
    problems: &mut Problems<'_>,
    owner: &str,
    sources: &BTreeMap<String, Provenance>,
    fields: &[&str],
) {
    let anchor = format!("id: \"{owner}\"");
    for key in sources.keys() {
        if !fields.contains(&key.as_str()) {
            problems.after(
                format!("{owner}: sources"),
                (&anchor, 0),
                &format!("\"{key}\""),
                format!("no field {key:?} to give a provenance to"),
            );
        }
    }
}

fn rating(problems: &mut Problems<'_>, owner: &str, field: &str, value: u8, max: u8) {
    if value == 0 || value > max {
        let anchor = format!("id: \"{owner}\"");
        problems.after(
            owner,
            (&anchor, 0),
            &format!("{field}: {value}"),
            format!("{field} {value} is out of range (1-{max})"),
        );
    }
}

fn load_units(
    mix: &mut Counters,
    side: Side,
    def: UnitsFileDef,
    file: &str,
    text: &str,
) -> Result<(), DataError> {
    let mut problems = Problems::new(file, text);
    let mut profiles: BTreeMap<&str, (UnitProfile, u8, &BTreeMap<String, Provenance>)> =
        BTreeMap::new();
    for p in &def.profiles {
        let owner = p.id.as_str();
        let anchor = format!("id: \"{owner}\"");
        let here = (anchor.as_str(), 0);
        if profiles.contains_key(owner) {
            problems.after(owner, (&anchor, 1), &anchor, "profile id used twice");
            continue;
        }
        check_sources(&mut problems, owner, &p.sources, &PROFILE_FIELDS);
        let unit_type = match p.unit_type.parse::<UnitType>() {
            Ok(t) => t,
            Err(e) => {
                problems.after(owner, here, &format!("\"{}\"", p.unit_type), e.to_string());
                continue;
            }
        };
        rating(&mut problems, owner, "tq", p.tq, 9);
        rating(&mut problems, owner, "ma", p.ma, 12);
        rating(&mut problems, owner, "size", p.size, 10);
        if let Some(r) = p.reduced_tq
            && (r == 0 || r >= p.tq)
        {
            problems
                .item(owner, format!("reduced_tq {r} must be at least 1 and below tq {}", p.tq));
        }
        if p.class.is_some() && unit_type != UnitType::CO {
            problems.after(owner, here, "class", "only cohorts have a class");
        }
        let profile = UnitProfile {
            unit_type,
            class: p.class,
            tq: TroopQuality(p.tq),
            reduced_tq: p.reduced_tq.map(TroopQuality),
            ma: p.ma,
            missile: p.missile,
            routs: true,
        };
        profiles.insert(owner, (profile, p.size, &p.sources));
    }
    for f in &def.formations {
        let owner = f.id.as_str();
        let anchor = format!("id: \"{owner}\"");
        let here = (anchor.as_str(), 0);
        if mix.formations.iter().any(|g| g.id == f.id) {
            let nth = usize::from(def.formations.iter().filter(|g| g.id == f.id).count() > 1);
            problems.after(owner, (&anchor, nth), &anchor, "formation id used twice");
            continue;
        }
        check_sources(&mut problems, owner, &f.sources, &FORMATION_FIELDS);
        if f.eagle && f.kind != FormationKind::Legion {
            problems.after(owner, here, "eagle", "only a legion has an eagle");
        }
        if f.units.is_empty() {
            problems.after(owner, here, "units", "a formation needs units");
        }
        let formation_sources =
            Sources { default: def.provenance.clone(), fields: f.sources.clone() };
        let mut n = 0u32;
        for group in &f.units {
            let Some((profile, size, sources)) = profiles.get(group.profile.as_str()) else {
                problems.after(
                    owner,
                    here,
                    &format!("\"{}\"", group.profile),
                    format!("unknown profile {:?}", group.profile),
                );
                continue;
            };
            if group.count == 0 {
                problems.after(owner, here, "count: 0", "a count of 0 units");
            }
            for _ in 0..group.count {
                n += 1;
                mix.units.push(Unit {
                    id: UnitId(format!("{}-{n}", f.id)),
                    side,
                    formation: f.id.clone(),
                    profile: profile.clone(),
                    size: *size,
                    origin: f.from,
                    profile_sources: Sources {
                        default: def.provenance.clone(),
                        fields: (*sources).clone(),
                    },
                    formation_sources: formation_sources.clone(),
                });
            }
        }
        let eagle = f.eagle.then(|| UnitId(format!("{}-Aquila", f.id)));
        if let Some(id) = &eagle {
            mix.eagles.push(Eagle { id: id.clone(), legion: f.id.clone() });
        }
        mix.formations.push(Formation {
            id: f.id.clone(),
            name: f.name.clone(),
            side,
            kind: f.kind,
            origin: f.from,
            eagle,
        });
    }
    problems.finish(())
}

fn load_leaders(
    mix: &mut Counters,
    def: LeadersFileDef,
    file: &str,
    text: &str,
) -> Result<(), DataError> {
    let mut problems = Problems::new(file, text);
    for (list, side) in [(&def.roman, Side::Roman), (&def.gallic, Side::Adversary)] {
        for l in list {
            let owner = l.id.as_str();
            let anchor = format!("id: \"{owner}\"");
            let here = (anchor.as_str(), 0);
            if mix.leaders.iter().any(|m| m.id == l.id) {
                problems.after(owner, (&anchor, 1), &anchor, "leader id used twice");
                continue;
            }
            check_sources(&mut problems, owner, &l.sources, &LEADER_FIELDS);
            for (field, value) in [
                ("initiative", l.initiative),
                ("line_command", l.line_command),
                ("strategy", l.strategy),
                ("charisma", l.charisma),
                ("command_range", l.command_range),
                ("seizures", l.seizures),
                ("heroic_presence", l.heroic_presence),
            ] {
                if let Some(v) = value {
                    rating(&mut problems, owner, field, v, 12);
                }
            }
            for f in &l.commands {
                match mix.formation(f) {
                    None => problems.after(
                        owner,
                        here,
                        &format!("\"{f}\""),
                        format!("unknown formation {f:?}"),
                    ),
                    Some(g) if g.side != side => {
                        problems.after(
                            owner,
                            here,
                            &format!("\"{f}\""),
                            format!("{f} is the other side's formation"),
                        );
                    }
                    Some(_) => {}
                }
            }
            if let Some(legion) = &l.legion
                && mix.formation(legion).is_none_or(|g| g.kind != FormationKind::Legion)
            {
                problems.after(
                    owner,
                    here,
                    &format!("\"{legion}\""),
                    format!("no legion {legion:?}"),
                );
            }
            if l.rank == Rank::Legate && l.legion.is_none() {
                problems.after(owner, here, &anchor, "a legate's counter prints his legion");
            }
            mix.leaders.push(Leader {
                id: l.id.clone(),
                name: l.name.clone(),
                side,
                rank: l.rank,
                origin: l.from,
                legion: l.legion.clone(),
                initiative: l.initiative,
                line_command: l.line_command,
                strategy: l.strategy,
                charisma: l.charisma,
                command_range: l.command_range,
                seizures: l.seizures,
                elite: l.elite,
                heroic_presence: l.heroic_presence,
                commands: l.commands.clone(),
                sources: Sources { default: def.provenance.clone(), fields: l.sources.clone() },
            });
        }
    }
    problems.finish(())
}
