//! The Terrain Effects Chart (Alesia 6.8): Movement Point costs to enter
//! terrain and cross hexsides, the costs of moving on and off the siege works,
//! combat DRMs, and the hits for entering a Garden of Death.
//!
//! The chart is keyed by small enums defined here, spelled in the RON file as
//! their names, so that the chart does not depend on how a board stores its
//! hexes. The mapping from the rulebook's words, and from the board module's
//! types (`board::Terrain`, `board::Works`, `board::HexsideFeature`, as they
//! stand when this was written), is:
//!
//! | key | rulebook | board |
//! |---|---|---|
//! | [`TerrainKey::Clear`], [`TerrainKey::Woods`], [`TerrainKey::Rough`], [`TerrainKey::Marsh`], [`TerrainKey::Town`], [`TerrainKey::Water`] | natural terrain (6.3, 6.33, 8.15, 8.17) | `Terrain::` the same name, when `Works::None` |
//! | [`TerrainKey::Rampart`] | Rampart hex, with its tower (6.42) | `Works::Rampart { gate: false }`, or a gate hex reached along the walkway |
//! | [`TerrainKey::RampartGate`] | Rampart/Gate hex passed through from the ground (6.42) | `Works::Rampart { gate: true }` |
//! | [`TerrainKey::Redoubt`] | Redoubt hex (6.44) | `Works::Redoubt` |
//! | [`TerrainKey::InnerGardenOfDeath`] | GoD of the circumvallation (6.45) | `Works::GardenOfDeath { ring: Circumvallation }` |
//! | [`TerrainKey::OuterGardenOfDeath`] | GoD of the contravallation (6.45) | `Works::GardenOfDeath { ring: Contravallation }` |
//! | [`TerrainKey::OnFire`] | a hex with an On Fire marker (8.43) | a marker, over the hex's own key |
//! | [`TerrainKey::Rubble`] | a burnt-down Rampart or Redoubt (8.45) | a marker, in place of the works |
//! | [`HexsideKey`] | hexsides (6.33-6.36, 6.43, 6.44, 6.46) | `HexsideFeature::` the same name |
//! | [`MoveKey::Walkway`] | rampart walkway (6.42), redoubt to rampart (6.44) | `HexsideFeature::Walkway` |
//! | other [`MoveKey`]s | moves on and off the works (6.42, 6.44), stacking (6.63), Fills (6.47) | the movement rules |
//!
//! A hex cost is the whole cost to enter; hexside costs and the [`MoveKey`]
//! extras are added to it, except [`MoveKey::Walkway`], the whole cost of a
//! step along a rampart walkway (a Rampart/Gate hex reached along the walkway
//! is a Rampart; its own row is the cost of passing through it from the
//! ground). A movement
//! rule that needs several of them (6.35's "1 MP for the Rampart hex and +3 MPs
//! to enter it from outside") adds them up.

use core::fmt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::report::Report;
use super::roll::Drm;
use super::sourced::Sourced;
use super::{LoadTable, TableInfo};
use crate::data::Provenance;

crate::table_key! {
    /// A kind of hex on the Terrain Effects Chart (6.3, 6.4, 8.43, 8.45).
    #[derive(Serialize, Deserialize)]
    pub enum TerrainKey: "unknown terrain" {
        /// Clear ground (6.31).
        Clear = "Clear",
        /// Woods (8.15, 8.17).
        Woods = "Woods",
        /// Rough, rocky ground.
        Rough = "Rough",
        /// Marsh.
        Marsh = "Marsh",
        /// The interior of a town or oppidum (5.64).
        Town = "Town",
        /// Open water (6.33).
        Water = "Water",
        /// A Rampart hex with its tower (6.42).
        Rampart = "Rampart",
        /// A Rampart hex with a gate (6.42 Rampart/Gate), entered from a
        /// non-Rampart hex and left at once for another.
        RampartGate = "RampartGate",
        /// A Redoubt hex (6.44).
        Redoubt = "Redoubt",
        /// A Garden of Death hex of the circumvallation, with its water-filled
        /// ditch (6.45).
        InnerGardenOfDeath = "InnerGardenOfDeath",
        /// A Garden of Death hex of the contravallation (6.45).
        OuterGardenOfDeath = "OuterGardenOfDeath",
        /// A hex with an On Fire marker (8.43); its cost replaces the hex's own.
        OnFire = "OnFire",
        /// A Rampart or Redoubt burnt down to Rubble (8.45).
        Rubble = "Rubble",
    }
}

crate::table_key! {
    /// A kind of hexside on the Terrain Effects Chart (6.3, 6.4).
    #[derive(Serialize, Deserialize)]
    pub enum HexsideKey: "unknown hexside" {
        /// A minor river hexside (6.35 D, 6.48).
        MinorRiver = "MinorRiver",
        /// A stream hexside (6.46, 6.48).
        Stream = "Stream",
        /// The deep water-filled ditch (6.33, 6.46).
        WaterDitch = "WaterDitch",
        /// A camp wall (6.43).
        CampWall = "CampWall",
        /// A low stone wall (6.43).
        StoneWall = "StoneWall",
        /// A redoubt's wall (6.44).
        RedoubtWall = "RedoubtWall",
        /// The stone crest round Alesia's plateau (6.36).
        StoneCrest = "StoneCrest",
        /// A gate hexside in a camp or redoubt wall (6.43, 6.44).
        Gate = "Gate",
        /// A gate through the stone crest (6.36).
        CrestGate = "CrestGate",
    }
}

crate::table_key! {
    /// A move on or off the siege works, or another movement cost of the chart.
    #[derive(Serialize, Deserialize)]
    pub enum MoveKey: "unknown movement" {
        /// 6.42: along a rampart walkway to a connected Rampart hex: the whole cost.
        Walkway = "Walkway",
        /// 6.42: onto a Rampart from inside the vallations: extra to the hex's cost.
        ClimbFromInside = "ClimbFromInside",
        /// 6.42: onto a Rampart from outside (only from an adjacent start):
        /// extra to the hex's cost.
        ClimbFromOutside = "ClimbFromOutside",
        /// 6.42: from a Rampart to a non-Rampart hex inside: extra.
        LeaveToInside = "LeaveToInside",
        /// 6.42: from a Rampart to a non-Rampart hex outside: extra.
        LeaveToOutside = "LeaveToOutside",
        /// 6.44: between a Redoubt and a connected Rampart, either way: extra.
        RedoubtRampart = "RedoubtRampart",
        /// 6.63: into or through a hex of friendly units (not only artillery or
        /// auxiliaries): extra.
        StackThroughFriends = "StackThroughFriends",
        /// 6.47: placing a Fill counter: extra.
        PlaceFill = "PlaceFill",
    }
}

/// Which column of the chart a moving unit reads (2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoverClass {
    /// Foot units (and artillery, which the chart treats as foot).
    Foot,
    /// Cavalry (2.4: lancers, light and German cavalry).
    Cavalry,
}

/// A Movement Point cost, or no entry at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// This many Movement Points.
    Mp(u8),
    /// The unit may not enter or cross (6.33).
    Prohibited,
}

impl fmt::Display for Cost {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cost::Mp(n) => write!(f, "{n} MP"),
            Cost::Prohibited => f.write_str("prohibited"),
        }
    }
}

/// The raw RON form of [`TerrainEffects`]. Every value is a pair
/// `(value, provenance)`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainEffectsDef {
    /// The printed name.
    pub name: String,
    /// The defining rule section.
    pub rule: String,
    /// Provenance of the chart as a whole.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// One row per kind of hex.
    pub hexes: Vec<HexRowDef>,
    /// One row per kind of hexside.
    pub hexsides: Vec<HexsideRowDef>,
    /// One row per move on or off the works.
    pub moves: Vec<MoveRowDef>,
    /// Elevation effects.
    pub elevation: ElevationEffects,
}

/// The raw RON form of a hex row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexRowDef {
    /// The [`TerrainKey`].
    pub terrain: String,
    /// MP for foot to enter.
    pub foot: Sourced<Cost>,
    /// MP for cavalry to enter.
    pub cavalry: Sourced<Cost>,
    /// Cohesion hits for entering (6.45, 8.43).
    pub entry_hits: Sourced<u8>,
    /// Shock DRM when the defender is in this hex.
    pub shock_drm: Sourced<Drm>,
    /// Further shock DRM when the defender is in this hex and attacked from below
    /// (from a non-Rampart hex, 9.22).
    pub shock_drm_from_below: Sourced<Drm>,
    /// Missile DRM when the target is in this hex (8.17).
    pub missile_drm: Sourced<Drm>,
    /// Fill counters that negate the hex (6.48); 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// Notes on the row.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of a hexside row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideRowDef {
    /// The [`HexsideKey`].
    pub hexside: String,
    /// Extra MP for foot to cross.
    pub foot: Sourced<Cost>,
    /// Extra MP for cavalry to cross.
    pub cavalry: Sourced<Cost>,
    /// Shock DRM for attacking across it.
    pub shock_drm: Sourced<Drm>,
    /// Fill counters that let units cross (6.48); 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// Notes on the row.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of a movement row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRowDef {
    /// The [`MoveKey`].
    pub movement: String,
    /// Its MP (whole or extra, per the key).
    pub mp: Sourced<u8>,
    /// Notes on the row.
    #[serde(default)]
    pub note: String,
}

/// What a kind of hex does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexEffects {
    /// MP for foot to enter.
    pub foot: Sourced<Cost>,
    /// MP for cavalry to enter.
    pub cavalry: Sourced<Cost>,
    /// Cohesion hits for entering.
    pub entry_hits: Sourced<u8>,
    /// Shock DRM when the defender is here.
    pub shock_drm: Sourced<Drm>,
    /// Further shock DRM when the defender is here and attacked from below.
    pub shock_drm_from_below: Sourced<Drm>,
    /// Missile DRM when the target is here.
    pub missile_drm: Sourced<Drm>,
    /// Fill counters that negate it; 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// Notes.
    pub note: String,
}

impl HexEffects {
    /// The cost to enter for `mover`.
    #[must_use]
    pub fn cost(&self, mover: MoverClass) -> &Sourced<Cost> {
        match mover {
            MoverClass::Foot => &self.foot,
            MoverClass::Cavalry => &self.cavalry,
        }
    }
}

/// What a kind of hexside does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HexsideEffects {
    /// Extra MP for foot to cross.
    pub foot: Sourced<Cost>,
    /// Extra MP for cavalry to cross.
    pub cavalry: Sourced<Cost>,
    /// Shock DRM for attacking across it.
    pub shock_drm: Sourced<Drm>,
    /// Fill counters that let units cross; 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// Notes.
    pub note: String,
}

impl HexsideEffects {
    /// The extra cost to cross for `mover`.
    #[must_use]
    pub fn cost(&self, mover: MoverClass) -> &Sourced<Cost> {
        match mover {
            MoverClass::Foot => &self.foot,
            MoverClass::Cavalry => &self.cavalry,
        }
    }
}

/// What a move on or off the works costs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveEffect {
    /// Its MP (the whole cost or an extra, per the [`MoveKey`]).
    pub mp: Sourced<u8>,
    /// Notes.
    pub note: String,
}

/// Elevation effects (6.31, 8.17).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElevationEffects {
    /// 6.31: extra MP to move into a hex one level higher.
    pub climb_mp: Sourced<u8>,
    /// Shock DRM for attacking a hex one level higher.
    pub shock_drm_uphill: Sourced<Drm>,
    /// 8.17: missile DRM when the target is lower than the firer.
    pub missile_drm_target_lower: Sourced<Drm>,
    /// Notes.
    #[serde(default)]
    pub note: String,
}

/// The validated Terrain Effects Chart.
///
/// Validated: every key is known and none is listed twice. Whether every key a
/// game uses is present is the game's check
/// ([`TerrainEffects::report_missing`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainEffects {
    info: TableInfo,
    hexes: BTreeMap<TerrainKey, HexEffects>,
    hexsides: BTreeMap<HexsideKey, HexsideEffects>,
    movement: BTreeMap<MoveKey, MoveEffect>,
    elevation: ElevationEffects,
}

impl TerrainEffects {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The row for a kind of hex.
    #[must_use]
    pub fn hex(&self, terrain: TerrainKey) -> Option<&HexEffects> {
        self.hexes.get(&terrain)
    }

    /// The row for a kind of hexside.
    #[must_use]
    pub fn hexside(&self, hexside: HexsideKey) -> Option<&HexsideEffects> {
        self.hexsides.get(&hexside)
    }

    /// The row for a move on or off the works.
    #[must_use]
    pub fn movement(&self, movement: MoveKey) -> Option<&MoveEffect> {
        self.movement.get(&movement)
    }

    /// The MP of a move on or off the works.
    #[must_use]
    pub fn move_mp(&self, movement: MoveKey) -> Option<u8> {
        self.movement(movement).map(|m| m.mp.value)
    }

    /// The fewest MP a step into another hex can cost under this chart: the
    /// least of every hex's entry cost (either column) and every move on or
    /// off the works (whole costs and extras alike, so never too high);
    /// hexside and climb costs only add to it. A mover with `n` MP ends at
    /// most `n / min_step_mp()` hexes from where it starts, when this is not 0.
    #[must_use]
    pub fn min_step_mp(&self) -> u8 {
        let entries =
            self.hexes.values().flat_map(|h| [&h.foot, &h.cavalry]).filter_map(|c| match c.value {
                Cost::Mp(n) => Some(n),
                Cost::Prohibited => None,
            });
        entries.chain(self.movement.values().map(|m| m.mp.value)).min().unwrap_or(0)
    }

    /// The cost for `mover` to enter `terrain`.
    #[must_use]
    pub fn enter_cost(&self, terrain: TerrainKey, mover: MoverClass) -> Option<Cost> {
        self.hex(terrain).map(|h| h.cost(mover).value)
    }

    /// The extra cost for `mover` to cross `hexside`.
    #[must_use]
    pub fn cross_cost(&self, hexside: HexsideKey, mover: MoverClass) -> Option<Cost> {
        self.hexside(hexside).map(|h| h.cost(mover).value)
    }

    /// Elevation effects.
    #[must_use]
    pub fn elevation(&self) -> &ElevationEffects {
        &self.elevation
    }

    /// Every hex row, in key order.
    pub fn hexes(&self) -> impl Iterator<Item = (TerrainKey, &HexEffects)> {
        self.hexes.iter().map(|(k, v)| (*k, v))
    }

    /// Every hexside row, in key order.
    pub fn hexsides(&self) -> impl Iterator<Item = (HexsideKey, &HexsideEffects)> {
        self.hexsides.iter().map(|(k, v)| (*k, v))
    }

    /// Every movement row, in key order.
    pub fn movements(&self) -> impl Iterator<Item = (MoveKey, &MoveEffect)> {
        self.movement.iter().map(|(k, v)| (*k, v))
    }

    /// Reports, into `report`, each of the given keys that has no row: a game's
    /// check that its chart is complete.
    pub fn report_missing(
        &self,
        hexes: &[TerrainKey],
        hexsides: &[HexsideKey],
        movement: &[MoveKey],
        report: &mut Report<'_>,
    ) {
        let rule = &self.info.rule;
        for k in hexes.iter().filter(|k| !self.hexes.contains_key(k)) {
            report.at_field(k.to_string(), "hexes", 0, format!("{rule}: no row for terrain {k}"));
        }
        for k in hexsides.iter().filter(|k| !self.hexsides.contains_key(k)) {
            report.at_field(
                k.to_string(),
                "hexsides",
                0,
                format!("{rule}: no row for hexside {k}"),
            );
        }
        for k in movement.iter().filter(|k| !self.movement.contains_key(k)) {
            report.at_field(k.to_string(), "moves", 0, format!("{rule}: no row for movement {k}"));
        }
    }
}

/// Parses each row's key, reporting unknown and duplicated keys at `field`.
fn keyed<K: super::TableKey, R>(
    rows: Vec<(String, R)>,
    field: &str,
    rule: &str,
    report: &mut Report<'_>,
) -> BTreeMap<K, R> {
    let mut out = BTreeMap::new();
    for (i, (text, row)) in rows.into_iter().enumerate() {
        match K::parse_key(&text) {
            Ok(k) if out.contains_key(&k) => {
                report.at_field(text, field, i, format!("{rule}: duplicated row for {k}"));
            }
            Ok(k) => {
                out.insert(k, row);
            }
            Err(e) => report.at_field(text, field, i, format!("{rule}: {e}")),
        }
    }
    out
}

impl LoadTable for TerrainEffects {
    type Def = TerrainEffectsDef;

    fn validate(def: TerrainEffectsDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let hexes = keyed(
            def.hexes
                .into_iter()
                .map(|r| {
                    let effects = HexEffects {
                        foot: r.foot,
                        cavalry: r.cavalry,
                        entry_hits: r.entry_hits,
                        shock_drm: r.shock_drm,
                        shock_drm_from_below: r.shock_drm_from_below,
                        missile_drm: r.missile_drm,
                        fills_to_negate: r.fills_to_negate,
                        note: r.note,
                    };
                    (r.terrain, effects)
                })
                .collect(),
            "terrain",
            &rule,
            report,
        );
        let hexsides = keyed(
            def.hexsides
                .into_iter()
                .map(|r| {
                    let effects = HexsideEffects {
                        foot: r.foot,
                        cavalry: r.cavalry,
                        shock_drm: r.shock_drm,
                        fills_to_negate: r.fills_to_negate,
                        note: r.note,
                    };
                    (r.hexside, effects)
                })
                .collect(),
            "hexside",
            &rule,
            report,
        );
        let movement = keyed(
            def.moves
                .into_iter()
                .map(|r| (r.movement, MoveEffect { mp: r.mp, note: r.note }))
                .collect(),
            "movement",
            &rule,
            report,
        );
        (report.count() == before).then_some(TerrainEffects {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            hexes,
            hexsides,
            movement,
            elevation: def.elevation,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    const TEXT: &str = r#"(
    name: "Terrain Effects Chart", rule: "6.8", provenance: Reconstructed,
    hexes: [
        (terrain: "Clear", foot: (Mp(1), Printed("6.31")), cavalry: (Mp(1), Reconstructed),
         entry_hits: (0, Reconstructed), shock_drm: (0, Reconstructed),
         shock_drm_from_below: (0, Reconstructed), missile_drm: (0, Reconstructed),
         fills_to_negate: (0, Reconstructed)),
    ],
    hexsides: [
        (hexside: "StoneCrest", foot: (Prohibited, Printed("6.36")), cavalry: (Prohibited, Printed("6.36")),
         shock_drm: (0, Reconstructed), fills_to_negate: (0, Reconstructed)),
    ],
    moves: [(movement: "Walkway", mp: (1, Printed("6.42")))],
    elevation: (climb_mp: (1, Printed("6.31")), shock_drm_uphill: (0, Reconstructed),
        missile_drm_target_lower: (-1, Printed("8.17"))),
)"#;

    #[test]
    fn looks_up_costs_by_key_and_mover() {
        let t = TerrainEffects::from_ron("t.ron", TEXT).unwrap();
        assert_eq!(t.enter_cost(TerrainKey::Clear, MoverClass::Foot), Some(Cost::Mp(1)));
        assert_eq!(
            t.cross_cost(HexsideKey::StoneCrest, MoverClass::Cavalry),
            Some(Cost::Prohibited)
        );
        assert_eq!(t.move_mp(MoveKey::Walkway), Some(1));
        assert_eq!(t.enter_cost(TerrainKey::Marsh, MoverClass::Foot), None);
        assert_eq!(t.elevation().missile_drm_target_lower.value, Drm(-1));
        assert_eq!(t.hex(TerrainKey::Clear).unwrap().foot.to_string(), "1 MP (printed, 6.31)");
    }

    #[test]
    fn unknown_duplicated_and_missing_keys_are_reported() {
        let dup = TEXT.replace(
            "moves: [(movement: \"Walkway\", mp: (1, Printed(\"6.42\")))]",
            "moves: [(movement: \"Walkway\", mp: (1, Printed(\"6.42\"))), (movement: \"Walkway\", mp: (2, Reconstructed))]",
        );
        let err = TerrainEffects::from_ron("t.ron", &dup).unwrap_err();
        assert_eq!(err.problems.len(), 1, "{err}");
        assert!(
            err.to_string().starts_with("t.ron:13:63: Walkway: 6.8: duplicated row for Walkway"),
            "{err}"
        );

        let unknown = TEXT.replace("terrain: \"Clear\"", "terrain: \"Swamp\"");
        let err = TerrainEffects::from_ron("t.ron", &unknown).unwrap_err();
        assert!(
            err.to_string().starts_with("t.ron:4:10: Swamp: 6.8: unknown terrain \"Swamp\""),
            "{err}"
        );

        let t = TerrainEffects::from_ron("t.ron", TEXT).unwrap();
        let mut report = Report::new("t.ron", TEXT);
        t.report_missing(
            TerrainKey::ALL,
            &[HexsideKey::StoneCrest],
            &[MoveKey::Walkway],
            &mut report,
        );
        assert_eq!(report.count(), TerrainKey::ALL.len() - 1);
    }
}
