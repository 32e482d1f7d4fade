//! Raw definitions: serde types that mirror the counter files
//! (`data/alesia/counters/*.ron`) field for field.
//!
//! Every struct denies unknown fields. Rules code never touches these: they
//! become a validated [`CounterMix`](super::CounterMix) through
//! [`CounterMix::from_sources`](super::CounterMix::from_sources). The files
//! enable RON's `implicit_some`, so optional fields are written bare
//! (`reduced_tq: 4`) or left out.

use std::collections::BTreeMap;

use crate::leader::{CommandScope, Rank};
use gboh_core::data::Provenance;
use gboh_core::unit::{CohortClass, MissileType};
use serde::{Deserialize, Serialize};

/// Per-field provenance overrides of one item: field name to source. Fields
/// not listed take the item's (or the file's) provenance.
pub type SourcesDef = BTreeMap<String, Provenance>;

/// What a counter prints (2.21, 2.25), shared by every counter of a group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileDef {
    /// Key that unit groups use to name this profile.
    pub id: String,
    /// Unit type abbreviation (2.22): CO, BI, LI, AR, LN, LC, GC, Scorpio, Palintonos.
    #[serde(rename = "type")]
    pub unit_type: String,
    /// Cohort class (2.22), for cohorts only.
    #[serde(default)]
    pub class: Option<CohortClass>,
    /// Troop Quality (2.21), 1-9.
    pub tq: u8,
    /// Reduced-side TQ: cohorts and Gallic BI only (1.0).
    #[serde(default)]
    pub reduced_tq: Option<u8>,
    /// Movement Allowance (2.21, 6.11), at least 1.
    pub ma: u8,
    /// Missile type (2.21), if any.
    #[serde(default)]
    pub missile: Option<MissileType>,
    /// Range printed on artillery counters (2.25); artillery only.
    #[serde(default)]
    pub range: Option<u8>,
    /// Letters between the owner and the number in generated ids: `"A"` makes
    /// archers `Aedui-A1`, `Aedui-A2`, ... numbered apart from the BI.
    #[serde(default)]
    pub tag: Option<String>,
    /// Provenance of the whole profile, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// `count` counters of one profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitGroupDef {
    /// A profile id from the same file.
    pub profile: String,
    /// How many counters, 1-100.
    pub count: u16,
}

/// A Roman legion (2.23): its cohorts and its scorpio.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegionDef {
    /// The legion's number, e.g. `"X"`; its cohorts are `X-1`..`X-10`.
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The cohorts, numbered in order (at most ten, 2.23).
    pub cohorts: Vec<UnitGroupDef>,
    /// The profile of the legion's scorpio (8.51).
    pub scorpio: String,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// A group of Roman Auxiliaries, artillery or cavalry outside the legions.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ContingentDef {
    /// Id, e.g. `"Numidian"`; its units are `Numidian-1`, ...
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The units.
    pub units: Vec<UnitGroupDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// `roman.ron`: the Roman combat units.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomanCountersDef {
    /// Provenance of every value not overridden.
    pub provenance: Provenance,
    /// Unit profiles.
    pub profiles: Vec<ProfileDef>,
    /// The legions.
    pub legions: Vec<LegionDef>,
    /// Auxiliaries, Palintonos and cavalry.
    pub contingents: Vec<ContingentDef>,
}

/// One tribe (2.24): the unit of stacking (6.61).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TribeDef {
    /// Id, e.g. `"Segusiavi"`; its units are `Segusiavi-1`, ...
    pub id: String,
    /// The name shown to players; the id if absent.
    #[serde(default)]
    pub name: Option<String>,
    /// The father tribe, for a client (2.24).
    #[serde(default)]
    pub client_of: Option<String>,
    /// The units.
    pub units: Vec<UnitGroupDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// A Tribal Counter (4.41-4.42) and the tribes it brings in.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TribalCounterDef {
    /// Id, e.g. `"Aedui"`.
    pub id: String,
    /// The name printed on the counter.
    pub name: String,
    /// Control rating (4.42).
    pub control: u8,
    /// Size: combat units of its tribes at the start (4.42).
    pub size: u8,
    /// Withdrawal rating (4.42, 10.7).
    pub withdrawal: u8,
    /// The tribes it represents (5.41: a few counters represent several).
    pub tribes: Vec<TribeDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// A Gallic Cavalry Counter (4.44, 5.7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CavalryCounterDef {
    /// Id, e.g. `"Cavalry-1"`.
    pub id: String,
    /// The name printed on the counter.
    pub name: String,
    /// Control rating (for placement, 4.44, 5.41).
    pub control: u8,
    /// Size: how many cavalry and LI it may hold, at most 10 (5.7).
    pub size: u8,
    /// Withdrawal rating (10.74).
    pub withdrawal: u8,
    /// Its Gallic Cavalry Leader (4.44), from `leaders.ron`.
    pub leader: String,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// A group of units with no Tribal Counter of its own: the Gallic cavalry pool
/// or the Alesia Force.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CavalryPoolDef {
    /// Id, e.g. `"GallicCavalry"`.
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// The units.
    pub units: Vec<UnitGroupDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// Vercingetorix's Alesia Force (5.6).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AlesiaForceDef {
    /// Id, e.g. `"Alesia"`; also the name of its force in leaders' commands.
    pub id: String,
    /// The name shown to players.
    pub name: String,
    /// Withdrawal rating (5.66).
    pub withdrawal: u8,
    /// The units (5.6: 43).
    pub units: Vec<UnitGroupDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides.
    #[serde(default)]
    pub sources: SourcesDef,
}

/// `gallic.ron`: the Gallic combat units and their counters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GallicCountersDef {
    /// Provenance of every value not overridden.
    pub provenance: Provenance,
    /// Unit profiles.
    pub profiles: Vec<ProfileDef>,
    /// The Relief Force's Tribal Counters and their tribes.
    pub tribal_counters: Vec<TribalCounterDef>,
    /// The two Cavalry Counters.
    pub cavalry_counters: Vec<CavalryCounterDef>,
    /// The Gallic cavalry and LI the Cavalry Counters draw on.
    pub cavalry: CavalryPoolDef,
    /// The Alesia Force.
    pub alesia_force: AlesiaForceDef,
}

/// One row of a leader counter's ratings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderRoleDef {
    /// The rank of this row.
    pub rank: Rank,
    /// Seizure (4.21, 4.23).
    #[serde(default)]
    pub seizure: Option<u8>,
    /// Initiative (4.21, 4.23).
    #[serde(default)]
    pub initiative: Option<u8>,
    /// Charisma (4.21, 4.34).
    #[serde(default)]
    pub charisma: Option<u8>,
    /// Command Range in MP (4.24).
    #[serde(default)]
    pub command_range: Option<u8>,
    /// Control (4.24, Gauls only).
    #[serde(default)]
    pub control: Option<u8>,
    /// Movement Allowance, where the rank's default does not apply (6.14).
    #[serde(default)]
    pub movement: Option<u8>,
    /// What the row activates (4.1).
    pub command: CommandScope,
}

/// A leader counter.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderDef {
    /// Unique id, the leader's name.
    pub id: String,
    /// Full name.
    pub name: String,
    /// Tribe printed on a Chieftain's counter, or Home Tribe (4.21, 4.24).
    #[serde(default)]
    pub tribe: Option<String>,
    /// Who takes his place if killed (4.35).
    #[serde(default)]
    pub successor: Option<String>,
    /// Rows of ratings, top first.
    pub roles: Vec<LeaderRoleDef>,
    /// Provenance of the whole item, overriding the file's.
    #[serde(default)]
    pub provenance: Option<Provenance>,
    /// Per-field provenance overrides (rating names apply to every row).
    #[serde(default)]
    pub sources: SourcesDef,
}

/// `leaders.ron`: the leader counters of both sides.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderCountersDef {
    /// Provenance of every value not overridden.
    pub provenance: Provenance,
    /// The Roman leaders.
    pub roman: Vec<LeaderDef>,
    /// The Gallic leaders.
    pub gallic: Vec<LeaderDef>,
}
