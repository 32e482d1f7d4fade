//! Validation: the three raw files into a [`CounterMix`], collecting every
//! problem, each located in the file where the faulty text is.

use std::collections::{BTreeMap, BTreeSet};

use gboh_core::Side;
use gboh_core::data::{DataError, Provenance, parse_ron};
use gboh_core::leader::{CommandScope, Leader, LeaderId, LeaderRatings, LeaderRole, Rank};
use gboh_core::unit::{CohortClass, MissileType, TroopQuality, UnitId, UnitProfile, UnitType};
use serde::de::DeserializeOwned;

use super::def::{
    GallicCountersDef, LeaderCountersDef, LeaderDef, ProfileDef, RomanCountersDef, SourcesDef,
    UnitGroupDef,
};
use super::locate::{Reporter, name_syntax_error};
use super::{
    AlesiaForce, CavalryCounter, CavalryPool, Contingent, Counter, CounterMix, FieldProvenance,
    Legion, MixError, MixSources, Owner, RELIEF_FORCE, Source, TribalCounter, Tribe,
};

/// Most counters one group may hold: far above any real mix, and a bound on
/// what a hostile file can make us allocate.
const MAX_GROUP: u16 = 100;

/// The unit types of the Alesia counter mix (2.22, 2.4).
const ALESIA_TYPES: [UnitType; 9] = [
    UnitType::CO,
    UnitType::BI,
    UnitType::LI,
    UnitType::AR,
    UnitType::LN,
    UnitType::LC,
    UnitType::GC,
    UnitType::Scorpio,
    UnitType::Palintonos,
];

const PROFILE_FIELDS: &[&str] =
    &["type", "class", "tq", "reduced_tq", "ma", "missile", "range", "tag"];
const LEGION_FIELDS: &[&str] = &["name", "cohorts", "scorpio"];
const GROUP_FIELDS: &[&str] = &["name", "units"];
const TRIBE_FIELDS: &[&str] = &["name", "client_of", "units"];
const TRIBAL_COUNTER_FIELDS: &[&str] = &["name", "control", "size", "withdrawal", "tribes"];
const CAVALRY_COUNTER_FIELDS: &[&str] = &["name", "control", "size", "withdrawal", "leader"];
const ALESIA_FIELDS: &[&str] = &["name", "withdrawal", "units"];
const LEADER_FIELDS: &[&str] = &[
    "name",
    "tribe",
    "successor",
    "roles",
    "rank",
    "command",
    "seizure",
    "initiative",
    "charisma",
    "command_range",
    "control",
    "movement",
];

fn parse<T: DeserializeOwned>(src: Source<'_>) -> Result<T, DataError> {
    parse_ron(src.file, src.text).map_err(|e| name_syntax_error(e, src.text))
}

/// Parses and validates a mix.
pub(super) fn build(sources: &MixSources<'_>) -> Result<CounterMix, MixError> {
    let roman = parse::<RomanCountersDef>(sources.roman);
    let gallic = parse::<GallicCountersDef>(sources.gallic);
    let leaders = parse::<LeaderCountersDef>(sources.leaders);
    let (roman, gallic, leaders) = match (roman, gallic, leaders) {
        (Ok(r), Ok(g), Ok(l)) => (r, g, l),
        (r, g, l) => {
            return Err(MixError {
                errors: [r.err(), g.err(), l.err()].into_iter().flatten().collect(),
            });
        }
    };
    let mut b = Builder {
        roman: Reporter::new(sources.roman.file, sources.roman.text),
        gallic: Reporter::new(sources.gallic.file, sources.gallic.text),
        leaders: Reporter::new(sources.leaders.file, sources.leaders.text),
        units: Vec::new(),
        unit_index: BTreeMap::new(),
        owners: BTreeSet::new(),
    };
    let roman_part = b.roman_units(&roman);
    let gallic_part = b.gallic_units(&gallic);
    let (leaders_list, leader_provenance) = b.leaders(&leaders, &roman_part, &gallic_part);
    let legions = b.link_legates(roman_part.legions, &leaders_list);
    let cavalry_counters = b.link_cavalry_leaders(gallic_part.cavalry_counters, &leaders_list);

    let errors: Vec<DataError> = [b.roman.finish(), b.gallic.finish(), b.leaders.finish()]
        .into_iter()
        .filter_map(Result::err)
        .collect();
    if !errors.is_empty() {
        return Err(MixError { errors });
    }
    Ok(CounterMix {
        units: b.units,
        unit_index: b.unit_index,
        legions,
        contingents: roman_part.contingents,
        tribal_counters: gallic_part.tribal_counters,
        tribes: gallic_part.tribes.into_iter().map(|(t, _)| t).collect(),
        cavalry_counters,
        cavalry: gallic_part.cavalry,
        alesia_force: gallic_part.alesia_force,
        leaders: leaders_list,
        leader_provenance,
    })
}

/// Which file a problem belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum File {
    Roman,
    Gallic,
    Leaders,
}

/// A validated profile, before it is given to a unit.
#[derive(Debug, Clone)]
struct Profile {
    unit_type: UnitType,
    class: Option<CohortClass>,
    tq: u8,
    reduced_tq: Option<u8>,
    ma: u8,
    missile: Option<MissileType>,
    range: Option<u8>,
    tag: String,
    provenance: FieldProvenance,
}

/// Profiles by id; `None` for one already reported invalid.
type Profiles = BTreeMap<String, Option<Profile>>;

/// A legion before its Legate is known.
struct PendingLegion {
    legion: Legion,
    at: Option<usize>,
}

struct RomanPart {
    legions: Vec<PendingLegion>,
    contingents: Vec<Contingent>,
}

struct GallicPart {
    tribal_counters: Vec<TribalCounter>,
    tribes: Vec<(Tribe, Option<usize>)>,
    cavalry_counters: Vec<(CavalryCounter, Option<usize>)>,
    cavalry: CavalryPool,
    alesia_force: AlesiaForce,
}

/// Where a unit comes from: its file, its owner and the owner's definition.
#[derive(Clone, Copy)]
struct Origin<'o> {
    file: File,
    owner: &'o Owner,
    at: Option<usize>,
    /// Whether BI of this owner rout (10.13: the Relief Force's).
    relief: bool,
}

/// How units of one owner are checked and numbered.
struct GroupRules<'r> {
    /// Returns a message if the owner may not hold this type.
    allowed: &'r dyn Fn(UnitType) -> Option<String>,
    /// Whether BI of this owner rout (10.13: the Relief Force's).
    relief: bool,
}

struct Builder<'a> {
    roman: Reporter<'a>,
    gallic: Reporter<'a>,
    leaders: Reporter<'a>,
    units: Vec<Counter>,
    unit_index: BTreeMap<UnitId, usize>,
    owners: BTreeSet<String>,
}

fn in_range(value: u8, lo: u8, hi: u8) -> bool {
    (lo..=hi).contains(&value)
}

impl<'a> Builder<'a> {
    fn rep(&mut self, file: File) -> &mut Reporter<'a> {
        match file {
            File::Roman => &mut self.roman,
            File::Gallic => &mut self.gallic,
            File::Leaders => &mut self.leaders,
        }
    }

    /// Claims an item's definition and checks its id is well formed.
    fn claim(&mut self, file: File, id: &str) -> Option<usize> {
        let rep = self.rep(file);
        let at = rep.claim(id);
        if id.is_empty() || id.chars().any(|c| c.is_whitespace() || c == '"') {
            rep.at(id, at, "ids must be non-empty, without spaces or quotes");
        }
        at
    }

    /// Checks an owner id is not used by any other owner (legion, contingent,
    /// tribe, cavalry pool, Alesia Force), since unit ids derive from it.
    fn own(&mut self, file: File, id: &str, at: Option<usize>) {
        if !self.owners.insert(id.to_owned()) {
            self.rep(file).at(id, at, "duplicated id: another legion, contingent or tribe has it");
        }
    }

    /// Builds an item's provenance, checking its per-field keys.
    #[allow(clippy::too_many_arguments)]
    fn provenance(
        &mut self,
        file: File,
        id: &str,
        at: Option<usize>,
        default: &Provenance,
        item: Option<&Provenance>,
        sources: &SourcesDef,
        fields: &[&str],
    ) -> FieldProvenance {
        let rep = self.rep(file);
        let keyed = sources.iter().map(|(k, p)| (k.as_str(), p));
        for (key, p) in keyed.chain(item.map(|p| ("", p))) {
            if !key.is_empty() && !fields.contains(&key) {
                rep.field(
                    id,
                    at,
                    key,
                    format!(
                        "sources: unknown field \"{key}\" (expected one of {})",
                        fields.join(", ")
                    ),
                );
            }
            if matches!(p, Provenance::Printed(s) | Provenance::Transcribed(s) if s.trim().is_empty())
            {
                rep.field(
                    id,
                    at,
                    if key.is_empty() { "provenance" } else { key },
                    "provenance: empty source",
                );
            }
        }
        FieldProvenance::new(item.unwrap_or(default).clone(), sources.clone())
    }

    fn profiles(&mut self, file: File, default: &Provenance, defs: &[ProfileDef]) -> Profiles {
        let mut out = Profiles::new();
        for d in defs {
            let at = self.claim(file, &d.id);
            if out.contains_key(&d.id) {
                self.rep(file).at(&d.id, at, "duplicated profile id");
                continue;
            }
            let provenance = self.provenance(
                file,
                &d.id,
                at,
                default,
                d.provenance.as_ref(),
                &d.sources,
                PROFILE_FIELDS,
            );
            let profile = self.profile(file, d, at, provenance);
            out.insert(d.id.clone(), profile);
        }
        out
    }

    fn profile(
        &mut self,
        file: File,
        d: &ProfileDef,
        at: Option<usize>,
        provenance: FieldProvenance,
    ) -> Option<Profile> {
        let rep = self.rep(file);
        let id = d.id.as_str();
        let mut ok = true;
        let mut bad = |rep: &mut Reporter<'_>, field: &str, msg: String| {
            rep.field(id, at, field, msg);
            ok = false;
        };
        let unit_type = match d.unit_type.parse::<UnitType>() {
            Ok(t) if ALESIA_TYPES.contains(&t) => Some(t),
            Ok(t) => {
                bad(rep, "type", format!("2.22: unit type {t} is not in the Alesia counter mix"));
                None
            }
            Err(e) => {
                bad(rep, "type", e.to_string());
                None
            }
        };
        if !in_range(d.tq, 1, 9) {
            bad(rep, "tq", format!("2.21: TQ {} is out of range 1-9", d.tq));
        }
        if !in_range(d.ma, 1, 30) {
            bad(rep, "ma", format!("2.21: MA {} is out of range 1-30", d.ma));
        }
        if let Some(t) = unit_type {
            let two_sided = matches!(t, UnitType::CO | UnitType::BI);
            match (two_sided, d.reduced_tq) {
                (true, None) => bad(
                    rep,
                    "type",
                    format!("1.0: {t} counters have a reduced side: reduced_tq is missing"),
                ),
                (false, Some(_)) => {
                    bad(rep, "reduced_tq", format!("1.0, 10.14: {t} counters have no reduced side"))
                }
                (true, Some(r)) if !in_range(r, 1, d.tq) => bad(
                    rep,
                    "reduced_tq",
                    format!("10.64: reduced TQ {r} is out of range 1-{}", d.tq),
                ),
                _ => {}
            }
            match (t, d.class) {
                (UnitType::CO, None) => {
                    bad(rep, "type", "2.22: a cohort is VET or REC: class is missing".into());
                }
                (UnitType::CO, Some(CohortClass::Recruit)) => bad(
                    rep,
                    "class",
                    "2.22 design note: there are no Recruit cohorts at Alesia".into(),
                ),
                (UnitType::CO, Some(CohortClass::Veteran)) | (_, None) => {}
                (_, Some(_)) => {
                    bad(rep, "class", format!("2.22: only cohorts have a class, not {t}"))
                }
            }
            let artillery_missile = match t {
                UnitType::Scorpio => Some(MissileType::Scorpio),
                UnitType::Palintonos => Some(MissileType::Palintonos),
                _ => None,
            };
            match (artillery_missile, d.missile) {
                (Some(need), got) if got != Some(need) => {
                    bad(rep, "missile", format!("8.5: a {t} fires {need:?}"));
                }
                (None, Some(m @ (MissileType::Scorpio | MissileType::Palintonos))) => {
                    bad(rep, "missile", format!("8.5: only artillery fires {m:?}, not {t}"));
                }
                (_, Some(m @ (MissileType::Sling | MissileType::MountedArcher))) => bad(
                    rep,
                    "missile",
                    format!("8.11: Alesia has arrows, javelins and artillery, not {m:?}"),
                ),
                _ => {}
            }
            match (t.is_artillery(), d.range) {
                (true, None) => {
                    bad(rep, "type", "2.25: an artillery counter prints its range".into())
                }
                (true, Some(r)) if !in_range(r, 1, 20) => {
                    bad(rep, "range", format!("2.25: range {r} is out of range 1-20"));
                }
                (false, Some(_)) => bad(
                    rep,
                    "range",
                    format!("2.25: only artillery counters print a range, not {t}"),
                ),
                _ => {}
            }
        }
        let tag = d.tag.clone().unwrap_or_default();
        if d.tag.is_some() && (tag.is_empty() || !tag.chars().all(char::is_alphanumeric)) {
            bad(rep, "tag", format!("tag {tag:?} must be letters or digits"));
        }
        let t = unit_type?;
        ok.then_some(Profile {
            unit_type: t,
            class: d.class,
            tq: d.tq,
            reduced_tq: d.reduced_tq,
            ma: d.ma,
            missile: d.missile,
            range: d.range,
            tag,
            provenance,
        })
    }

    /// Registers one unit, checking its id is new.
    fn add_unit(
        &mut self,
        origin: &Origin<'_>,
        id: String,
        profile_id: &str,
        p: &Profile,
    ) -> UnitId {
        let Origin { file, owner, at: owner_at, relief } = *origin;
        let id = UnitId(id);
        // 10.13: veteran cohorts and Relief Force BI rout; 10.14 otherwise.
        let routs = p.reduced_tq.is_some()
            && match p.unit_type {
                UnitType::CO => p.class == Some(CohortClass::Veteran),
                UnitType::BI => relief,
                _ => false,
            };
        let counter = Counter {
            id: id.clone(),
            owner: owner.clone(),
            profile_id: profile_id.to_owned(),
            profile: UnitProfile {
                unit_type: p.unit_type,
                class: p.class,
                tq: TroopQuality(p.tq),
                reduced_tq: p.reduced_tq.map(TroopQuality),
                ma: p.ma,
                missile: p.missile,
                routs,
            },
            range: p.range,
            provenance: p.provenance.clone(),
        };
        if self.unit_index.contains_key(&id) {
            self.rep(file).at(owner.id(), owner_at, format!("duplicated unit id {id}"));
        } else {
            self.unit_index.insert(id.clone(), self.units.len());
            self.units.push(counter);
        }
        id
    }

    /// Expands an owner's unit groups into numbered units.
    fn groups(
        &mut self,
        file: File,
        owner: &Owner,
        at: Option<usize>,
        groups: &[UnitGroupDef],
        profiles: &Profiles,
        rules: &GroupRules<'_>,
    ) -> Vec<UnitId> {
        let oid = owner.id().to_owned();
        let mut numbers: BTreeMap<String, u32> = BTreeMap::new();
        let mut out = Vec::new();
        for (gi, g) in groups.iter().enumerate() {
            let nth = groups.iter().take(gi).filter(|o| o.profile == g.profile).count();
            let profile = match profiles.get(&g.profile) {
                None => {
                    self.rep(file).value(
                        &oid,
                        at,
                        &g.profile,
                        nth,
                        format!("unknown profile \"{}\"", g.profile),
                    );
                    continue;
                }
                Some(None) => continue,
                Some(Some(p)) => p,
            };
            if let Some(msg) = (rules.allowed)(profile.unit_type) {
                self.rep(file).value(&oid, at, &g.profile, nth, msg);
                continue;
            }
            if !(1..=MAX_GROUP).contains(&g.count) {
                self.rep(file).value(
                    &oid,
                    at,
                    &g.profile,
                    nth,
                    format!("count {} is out of range 1-{MAX_GROUP}", g.count),
                );
                continue;
            }
            for _ in 0..g.count {
                let n = numbers.entry(profile.tag.clone()).or_insert(0);
                *n += 1;
                let id = format!("{oid}-{}{n}", profile.tag);
                let origin = Origin { file, owner, at, relief: rules.relief };
                out.push(self.add_unit(&origin, id, &g.profile, profile));
            }
        }
        out
    }

    fn roman_units(&mut self, def: &RomanCountersDef) -> RomanPart {
        let file = File::Roman;
        let profiles = self.profiles(file, &def.provenance, &def.profiles);
        let mut legions = Vec::new();
        for d in &def.legions {
            let at = self.claim(file, &d.id);
            self.own(file, &d.id, at);
            let provenance = self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                LEGION_FIELDS,
            );
            let owner = Owner::Legion(d.id.clone());
            let cohort_rule = |t: UnitType| {
                (t != UnitType::CO).then(|| format!("2.23: a legion's cohorts must be CO, not {t}"))
            };
            let rules = GroupRules { allowed: &cohort_rule, relief: false };
            let cohorts = self.groups(file, &owner, at, &d.cohorts, &profiles, &rules);
            if d.cohorts.is_empty() {
                self.roman.field(&d.id, at, "cohorts", "2.23: a legion has 1-10 cohorts, not 0");
            } else if cohorts.len() > 10 {
                self.roman.field(
                    &d.id,
                    at,
                    "cohorts",
                    format!("2.23: a legion has 1-10 cohorts, not {}", cohorts.len()),
                );
            }
            let scorpio_id = UnitId(format!("{}-Scorpio", d.id));
            match profiles.get(&d.scorpio) {
                None => self.roman.field(
                    &d.id,
                    at,
                    "scorpio",
                    format!("unknown profile \"{}\"", d.scorpio),
                ),
                Some(None) => {}
                Some(Some(p)) if p.unit_type != UnitType::Scorpio => self.roman.field(
                    &d.id,
                    at,
                    "scorpio",
                    format!("8.51: a legion's scorpio must be a Scorpio, not {}", p.unit_type),
                ),
                Some(Some(p)) => {
                    let origin = Origin { file, owner: &owner, at, relief: false };
                    self.add_unit(&origin, scorpio_id.0.clone(), &d.scorpio, p);
                }
            }
            legions.push(PendingLegion {
                legion: Legion {
                    id: d.id.clone(),
                    name: d.name.clone(),
                    cohorts,
                    scorpio: scorpio_id,
                    aquila: format!("{}-Aquila", d.id),
                    legate: LeaderId(String::new()),
                    provenance,
                },
                at,
            });
        }
        let mut contingents = Vec::new();
        for d in &def.contingents {
            let at = self.claim(file, &d.id);
            self.own(file, &d.id, at);
            let provenance = self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                GROUP_FIELDS,
            );
            let owner = Owner::Contingent(d.id.clone());
            let rule = |t: UnitType| match t {
                UnitType::LI
                | UnitType::AR
                | UnitType::LN
                | UnitType::LC
                | UnitType::GC
                | UnitType::Palintonos => None,
                UnitType::CO => Some("2.23: cohorts belong to a legion".to_owned()),
                UnitType::Scorpio => Some("8.51: each scorpio belongs to a legion".to_owned()),
                t => Some(format!("2.23: {t} is not a Roman unit")),
            };
            let rules = GroupRules { allowed: &rule, relief: false };
            let units = self.groups(file, &owner, at, &d.units, &profiles, &rules);
            if d.units.is_empty() {
                self.roman.field(&d.id, at, "units", "a contingent needs at least one unit");
            }
            contingents.push(Contingent {
                id: d.id.clone(),
                name: d.name.clone(),
                units,
                provenance,
            });
        }
        RomanPart { legions, contingents }
    }

    fn gallic_units(&mut self, def: &GallicCountersDef) -> GallicPart {
        let file = File::Gallic;
        let profiles = self.profiles(file, &def.provenance, &def.profiles);
        let mut counter_ids = BTreeSet::new();
        let mut tribal_counters = Vec::new();
        let mut tribes: Vec<(Tribe, Option<usize>)> = Vec::new();
        let tribe_rule = |t: UnitType| match t {
            UnitType::BI | UnitType::AR => None,
            t => Some(format!("2.25: a tribe's units are BI and archers, not {t}")),
        };
        for c in &def.tribal_counters {
            let at = self.claim(file, &c.id);
            if !counter_ids.insert(c.id.clone()) {
                self.gallic.at(&c.id, at, "duplicated Tribal Counter id");
            }
            let provenance = self.provenance(
                file,
                &c.id,
                at,
                &def.provenance,
                c.provenance.as_ref(),
                &c.sources,
                TRIBAL_COUNTER_FIELDS,
            );
            let mut units = 0usize;
            let mut members = Vec::new();
            for t in &c.tribes {
                let tat = self.claim(file, &t.id);
                self.own(file, &t.id, tat);
                let tprov = self.provenance(
                    file,
                    &t.id,
                    tat,
                    &def.provenance,
                    t.provenance.as_ref(),
                    &t.sources,
                    TRIBE_FIELDS,
                );
                let owner = Owner::Tribe(t.id.clone());
                let rules = GroupRules { allowed: &tribe_rule, relief: true };
                let ids = self.groups(file, &owner, tat, &t.units, &profiles, &rules);
                if t.units.is_empty() {
                    self.gallic.field(
                        &t.id,
                        tat,
                        "units",
                        "4.42: a tribe needs at least one combat unit",
                    );
                }
                units += ids.len();
                members.push(t.id.clone());
                tribes.push((
                    Tribe {
                        id: t.id.clone(),
                        name: t.name.clone().unwrap_or_else(|| t.id.clone()),
                        counter: c.id.clone(),
                        client_of: t.client_of.clone(),
                        units: ids,
                        provenance: tprov,
                    },
                    tat,
                ));
            }
            if c.tribes.is_empty() {
                self.gallic.field(
                    &c.id,
                    at,
                    "tribes",
                    "5.41: a Tribal Counter represents at least one tribe",
                );
            }
            if !in_range(c.control, 1, 9) {
                self.gallic.field(
                    &c.id,
                    at,
                    "control",
                    format!("4.42: Control {} is out of range 1-9", c.control),
                );
            }
            if usize::from(c.size) != units {
                self.gallic.field(
                    &c.id,
                    at,
                    "size",
                    format!("4.42: Size {} but its tribes have {units} combat units", c.size),
                );
            }
            if !in_range(c.withdrawal, 1, c.size.max(1)) {
                self.gallic.field(
                    &c.id,
                    at,
                    "withdrawal",
                    format!(
                        "4.42: Withdrawal {} is out of range 1-{}",
                        c.withdrawal,
                        c.size.max(1)
                    ),
                );
            }
            tribal_counters.push(TribalCounter {
                id: c.id.clone(),
                name: c.name.clone(),
                control: c.control,
                size: c.size,
                withdrawal: c.withdrawal,
                tribes: members,
                provenance,
            });
        }
        self.check_clients(&tribes);

        let mut cavalry_counters = Vec::new();
        for c in &def.cavalry_counters {
            let at = self.claim(file, &c.id);
            if !counter_ids.insert(c.id.clone()) {
                self.gallic.at(&c.id, at, "duplicated Cavalry Counter id");
            }
            let provenance = self.provenance(
                file,
                &c.id,
                at,
                &def.provenance,
                c.provenance.as_ref(),
                &c.sources,
                CAVALRY_COUNTER_FIELDS,
            );
            if !in_range(c.size, 1, 10) {
                self.gallic.field(
                    &c.id,
                    at,
                    "size",
                    format!("4.44, 5.7: a Cavalry Counter holds up to ten units, not {}", c.size),
                );
            }
            if !in_range(c.control, 1, 9) {
                self.gallic.field(
                    &c.id,
                    at,
                    "control",
                    format!("4.42: Control {} is out of range 1-9", c.control),
                );
            }
            if !in_range(c.withdrawal, 1, c.size.clamp(1, 10)) {
                self.gallic.field(
                    &c.id,
                    at,
                    "withdrawal",
                    format!(
                        "10.74: Withdrawal {} is out of range 1-{}",
                        c.withdrawal,
                        c.size.clamp(1, 10)
                    ),
                );
            }
            cavalry_counters.push((
                CavalryCounter {
                    id: c.id.clone(),
                    name: c.name.clone(),
                    control: c.control,
                    size: c.size,
                    withdrawal: c.withdrawal,
                    leader: LeaderId(c.leader.clone()),
                    provenance,
                },
                at,
            ));
        }

        let pool = &def.cavalry;
        let at = self.claim(file, &pool.id);
        self.own(file, &pool.id, at);
        let provenance = self.provenance(
            file,
            &pool.id,
            at,
            &def.provenance,
            pool.provenance.as_ref(),
            &pool.sources,
            GROUP_FIELDS,
        );
        let pool_rule = |t: UnitType| {
            (!(t.is_cavalry() || t == UnitType::LI))
                .then(|| format!("4.44: the Cavalry Counters hold cavalry and LI, not {t}"))
        };
        let owner = Owner::GallicCavalry(pool.id.clone());
        let rules = GroupRules { allowed: &pool_rule, relief: true };
        let units = self.groups(file, &owner, at, &pool.units, &profiles, &rules);
        let cavalry =
            CavalryPool { id: pool.id.clone(), name: pool.name.clone(), units, provenance };

        let force = &def.alesia_force;
        let at = self.claim(file, &force.id);
        self.own(file, &force.id, at);
        let provenance = self.provenance(
            file,
            &force.id,
            at,
            &def.provenance,
            force.provenance.as_ref(),
            &force.sources,
            ALESIA_FIELDS,
        );
        let owner = Owner::AlesiaForce(force.id.clone());
        // 10.42 play note, 10.63: Alesia Force BI do not rout.
        let rules = GroupRules { allowed: &tribe_rule, relief: false };
        let units = self.groups(file, &owner, at, &force.units, &profiles, &rules);
        let most = u8::try_from(units.len()).unwrap_or(u8::MAX).max(1);
        if !in_range(force.withdrawal, 1, most) {
            self.gallic.field(
                &force.id,
                at,
                "withdrawal",
                format!("5.66: Withdrawal {} is out of range 1-{most}", force.withdrawal),
            );
        }
        let alesia_force = AlesiaForce {
            id: force.id.clone(),
            name: force.name.clone(),
            withdrawal: force.withdrawal,
            units,
            provenance,
        };
        GallicPart { tribal_counters, tribes, cavalry_counters, cavalry, alesia_force }
    }

    /// 2.24: a client's father tribe exists, is not a client, and comes in on
    /// the same Tribal Counter.
    fn check_clients(&mut self, tribes: &[(Tribe, Option<usize>)]) {
        for (t, at) in tribes {
            let Some(father) = &t.client_of else { continue };
            let msg = match tribes.iter().find(|(f, _)| &f.id == father) {
                None => Some(format!("2.24: client of unknown tribe \"{father}\"")),
                Some((f, _)) if f.id == t.id => {
                    Some("2.24: a tribe cannot be its own client".to_owned())
                }
                Some((f, _)) if f.client_of.is_some() => {
                    Some(format!("2.24: father tribe {father} is itself a client"))
                }
                Some((f, _)) if f.counter != t.counter => Some(format!(
                    "2.24: father tribe {father} is on Tribal Counter {}, not {}",
                    f.counter, t.counter
                )),
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.gallic.field(&t.id, *at, "client_of", msg);
            }
        }
    }

    fn leaders(
        &mut self,
        def: &LeaderCountersDef,
        roman: &RomanPart,
        gallic: &GallicPart,
    ) -> (Vec<Leader>, Vec<FieldProvenance>) {
        let file = File::Leaders;
        let mut ids = BTreeSet::new();
        let mut leaders = Vec::new();
        let mut provenance = Vec::new();
        let mut located = Vec::new();
        let sides = def.roman.iter().map(|d| (Side::Roman, d));
        for (side, d) in sides.chain(def.gallic.iter().map(|d| (Side::Adversary, d))) {
            let at = self.claim(file, &d.id);
            if !ids.insert(d.id.clone()) {
                self.leaders.at(&d.id, at, "duplicated leader id");
            }
            provenance.push(self.provenance(
                file,
                &d.id,
                at,
                &def.provenance,
                d.provenance.as_ref(),
                &d.sources,
                LEADER_FIELDS,
            ));
            let leader = self.leader(side, d, at, roman, gallic);
            leaders.push(leader);
            located.push(at);
        }
        // 4.35: a successor is another leader of the same side.
        for (l, at) in leaders.iter().zip(&located) {
            let Some(next) = &l.successor else { continue };
            let msg = match leaders.iter().find(|o| o.id == *next) {
                None => Some(format!("4.35: unknown successor \"{next}\"")),
                Some(o) if o.id == l.id => Some("4.35: a leader cannot succeed himself".to_owned()),
                Some(o) if o.side != l.side => {
                    Some(format!("4.35: successor {next} is on the other side"))
                }
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.leaders.field(l.id.as_str(), *at, "successor", msg);
            }
        }
        (leaders, provenance)
    }

    fn leader(
        &mut self,
        side: Side,
        d: &LeaderDef,
        at: Option<usize>,
        roman: &RomanPart,
        gallic: &GallicPart,
    ) -> Leader {
        let rep = &mut self.leaders;
        let id = d.id.as_str();
        let mut roles = Vec::new();
        for r in &d.roles {
            let allowed = match side {
                Side::Roman => matches!(
                    r.rank,
                    Rank::OverallCommander
                        | Rank::AreaCommander
                        | Rank::Legate
                        | Rank::CavalryPrefect
                ),
                Side::Adversary => matches!(
                    r.rank,
                    Rank::OverallCommander | Rank::TribalChieftain | Rank::GallicCavalryLeader
                ),
            };
            if !allowed {
                let who = if side == Side::Roman { "Roman" } else { "Gallic" };
                rep.field(id, at, "rank", format!("4.2: a {who} leader cannot be a {}", r.rank));
            }
            for (field, value, lo, hi, rule) in [
                ("seizure", r.seizure, 1, 9, "4.21"),
                ("initiative", r.initiative, 0, 9, "4.21"),
                ("charisma", r.charisma, 0, 1, "4.34"),
                ("command_range", r.command_range, 1, 30, "4.24"),
                ("control", r.control, 1, 20, "4.24"),
                ("movement", r.movement, 1, 30, "6.1"),
            ] {
                if let Some(v) = value
                    && !in_range(v, lo, hi)
                {
                    rep.field(
                        id,
                        at,
                        field,
                        format!("{rule}: {field} {v} is out of range {lo}-{hi}"),
                    );
                }
            }
            match (&r.command, side) {
                (CommandScope::Legion(l), _)
                    if !roman.legions.iter().any(|p| &p.legion.id == l) =>
                {
                    rep.value(id, at, l, 0, format!("4.11: unknown legion \"{l}\""));
                }
                (CommandScope::Force(f), Side::Roman) => {
                    rep.field(id, at, "command", format!("5.23: the Romans have no force \"{f}\""));
                }
                (CommandScope::Force(f), _)
                    if *f != gallic.alesia_force.id && f.as_str() != RELIEF_FORCE =>
                {
                    rep.value(
                        id,
                        at,
                        f,
                        0,
                        format!(
                            "5.23: unknown force \"{f}\" (expected \"{}\" or \"{RELIEF_FORCE}\")",
                            gallic.alesia_force.id
                        ),
                    );
                }
                _ => {}
            }
            roles.push(LeaderRole::new(
                r.rank,
                LeaderRatings {
                    seizure: r.seizure,
                    initiative: r.initiative,
                    charisma: r.charisma,
                    command_range: r.command_range,
                    control: r.control,
                    movement: r.movement,
                    ..LeaderRatings::NONE
                },
                r.command.clone(),
            ));
        }
        match (&d.tribe, side) {
            (Some(_), Side::Roman) => {
                rep.field(id, at, "tribe", "4.24: Roman leaders have no tribe")
            }
            (Some(t), Side::Adversary) if !gallic.tribes.iter().any(|(x, _)| &x.id == t) => {
                rep.field(id, at, "tribe", format!("4.24: unknown tribe \"{t}\""));
            }
            (None, _) if roles.iter().any(|r| r.rank == Rank::TribalChieftain) => {
                rep.at(id, at, "4.24: a Chieftain's counter shows his tribe: tribe is missing");
            }
            _ => {}
        }
        let leader = Leader {
            id: LeaderId(d.id.clone()),
            name: d.name.clone(),
            side,
            tribe: d.tribe.clone(),
            roles,
            successor: d.successor.clone().map(LeaderId),
        };
        for p in leader.problems() {
            rep.field(id, at, "roles", p.to_string());
        }
        leader
    }

    /// 4.11, 4.24: every legion has exactly one Legate.
    fn link_legates(&mut self, pending: Vec<PendingLegion>, leaders: &[Leader]) -> Vec<Legion> {
        let mut out = Vec::new();
        for PendingLegion { mut legion, at } in pending {
            let legates: Vec<&Leader> = leaders
                .iter()
                .filter(|l| {
                    l.roles.iter().any(|r| {
                        r.rank == Rank::Legate && r.scope == CommandScope::Legion(legion.id.clone())
                    })
                })
                .collect();
            match legates.as_slice() {
                [] => {
                    self.roman.at(&legion.id, at, "4.11: the legion has no Legate in leaders.ron")
                }
                [first, rest @ ..] => {
                    legion.legate = first.id.clone();
                    for extra in rest {
                        self.leaders.value(
                            extra.id.as_str(),
                            self.leaders_at(extra.id.as_str()),
                            &legion.id,
                            0,
                            format!("4.24: legion {} already has Legate {}", legion.id, first.id),
                        );
                    }
                }
            }
            out.push(legion);
        }
        out
    }

    /// 4.44: each Cavalry Counter has its own Gallic Cavalry Leader, and each
    /// such leader a counter.
    fn link_cavalry_leaders(
        &mut self,
        counters: Vec<(CavalryCounter, Option<usize>)>,
        leaders: &[Leader],
    ) -> Vec<CavalryCounter> {
        let mut used = BTreeSet::new();
        for (c, at) in &counters {
            let msg = match leaders.iter().find(|l| l.id == c.leader) {
                None => Some(format!("4.44: unknown Cavalry Leader \"{}\"", c.leader)),
                Some(l) if !l.is(Rank::GallicCavalryLeader) => {
                    Some(format!("4.44: {} is not a Gallic Cavalry Leader", c.leader))
                }
                Some(_) if !used.insert(c.leader.clone()) => {
                    Some(format!("4.44: {} already leads another Cavalry Counter", c.leader))
                }
                Some(_) => None,
            };
            if let Some(msg) = msg {
                self.gallic.field(&c.id, *at, "leader", msg);
            }
        }
        for l in leaders.iter().filter(|l| l.is(Rank::GallicCavalryLeader)) {
            if !used.contains(&l.id) {
                let at = self.leaders_at(l.id.as_str());
                self.leaders.at(
                    l.id.as_str(),
                    at,
                    "4.44: this Cavalry Leader has no Cavalry Counter",
                );
            }
        }
        counters.into_iter().map(|(c, _)| c).collect()
    }

    /// Where leader `id` is defined (its first definition).
    fn leaders_at(&self, id: &str) -> Option<usize> {
        self.leaders.definition(id)
    }
}
