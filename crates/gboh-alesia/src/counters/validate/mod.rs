//! Validation: the three raw files into a [`CounterMix`], collecting every
//! problem, each located in the file where the faulty text is. The Roman,
//! Gallic and leader counters each have their file.

mod gallic;
mod leaders;
mod roman;

use std::collections::{BTreeMap, BTreeSet};

use gboh_core::data::{DataError, Provenance, parse_ron};
use gboh_core::unit::{CohortClass, MissileType, TroopQuality, UnitId, UnitProfile, UnitType};
use serde::de::DeserializeOwned;

use super::def::{
    GallicCountersDef, LeaderCountersDef, ProfileDef, RomanCountersDef, SourcesDef, UnitGroupDef,
};
use super::locate::{Reporter, name_syntax_error};
use super::{
    AlesiaForce, CavalryCounter, CavalryPool, Contingent, Counter, CounterMix, FieldProvenance,
    Legion, MixError, MixSources, Owner, Source, TribalCounter, Tribe,
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
}
