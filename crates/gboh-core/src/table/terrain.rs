//! A simple-family Terrain Effects Chart (Alesia's 6.8 is the first):
//! Movement Point costs to enter terrain and cross hexsides, the costs of the
//! game's special moves, combat DRMs, and the hits for entering a hex.
//!
//! The chart is generic over its keys, like the other tables: each game
//! names its kinds of hex (`T`), of hexside (`H`) and its special moves
//! (`M`) with its own [`TableKey`] enums, in its rulebook's words, spelled in
//! the RON file as their names, so that the chart does not depend on how a
//! board stores its hexes. The game maps the board's natural
//! [`Terrain`](crate::board::Terrain), its works and markers, and the core's
//! physical [`HexsideFeature`](crate::board::HexsideFeature)s onto its keys
//! (gboh-alesia's `tables::keys` shows Alesia's mapping).
//!
//! A hex cost is the whole cost to enter; hexside costs and the move extras
//! are added to it as the game's movement rules say (Alesia's walkway row is
//! the whole cost of a step along a rampart walkway). A movement rule that
//! needs several of them (Alesia 6.35's "1 MP for the Rampart hex and +3 MPs
//! to enter it from outside") adds them up.
//!
//! ```
//! use gboh_core::table::LoadTable;
//! use gboh_core::table::terrain::{Cost, MoverClass, TerrainEffects};
//! gboh_core::table_key! {
//!     /// A game's kinds of hex.
//!     pub enum Ground: "unknown terrain" { Clear = "Clear", Hill = "Hill" }
//! }
//! gboh_core::table_key! {
//!     /// Its hexsides.
//!     pub enum Side: "unknown hexside" { Wall = "Wall" }
//! }
//! gboh_core::table_key! {
//!     /// Its special moves.
//!     pub enum Special: "unknown movement" { Climb = "Climb" }
//! }
//! let text = r#"(name: "Demo chart", rule: "6.8", provenance: Reconstructed,
//!     hexes: [(terrain: "Clear", foot: (Mp(1), Reconstructed), cavalry: (Mp(1), Reconstructed),
//!         entry_hits: (0, Reconstructed), shock_drm: (0, Reconstructed),
//!         shock_drm_from_below: (0, Reconstructed), missile_drm: (0, Reconstructed),
//!         fills_to_negate: (0, Reconstructed))],
//!     hexsides: [(hexside: "Wall", foot: (Mp(2), Reconstructed), cavalry: (Prohibited, Reconstructed),
//!         shock_drm: (-1, Reconstructed), fills_to_negate: (0, Reconstructed),
//!         zoc: (Blocks, Reconstructed), sight: (Blocks, Reconstructed))],
//!     moves: [(movement: "Climb", mp: (1, Reconstructed))],
//!     elevation: (climb_mp: (1, Reconstructed), shock_drm_uphill: (0, Reconstructed),
//!         missile_drm_target_lower: (-1, Reconstructed)))"#;
//! let chart: TerrainEffects<Ground, Side, Special> = TerrainEffects::from_ron("demo.ron", text).unwrap();
//! assert_eq!(chart.cross_cost(Side::Wall, MoverClass::Cavalry), Some(Cost::Prohibited));
//! assert_eq!(chart.enter_cost(Ground::Hill, MoverClass::Foot), None); // no row
//! ```

use core::fmt;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::report::Report;
use super::roll::Drm;
use super::sourced::Sourced;
use super::{LoadTable, TableInfo, TableKey};
use crate::board::Barrier;
use crate::data::Provenance;

/// Which column of the chart a moving unit reads (Alesia 2.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum MoverClass {
    /// Foot units (and artillery, which the chart treats as foot).
    Foot,
    /// Cavalry (Alesia 2.4: lancers, light and German cavalry).
    Cavalry,
}

/// A Movement Point cost, or no entry at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// This many Movement Points.
    Mp(u8),
    /// The unit may not enter or cross (Alesia 6.33).
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
    /// The kind of hex (the game's terrain key).
    pub terrain: String,
    /// MP for foot to enter.
    pub foot: Sourced<Cost>,
    /// MP for cavalry to enter.
    pub cavalry: Sourced<Cost>,
    /// Cohesion hits for entering (Alesia 6.45, 8.43).
    pub entry_hits: Sourced<u8>,
    /// Shock DRM when the defender is in this hex.
    pub shock_drm: Sourced<Drm>,
    /// Further shock DRM when the defender is in this hex and attacked from below
    /// (from a non-Rampart hex, Alesia 9.22).
    pub shock_drm_from_below: Sourced<Drm>,
    /// Missile DRM when the target is in this hex (Alesia 8.17).
    pub missile_drm: Sourced<Drm>,
    /// Fill counters that negate the hex (Alesia 6.48); 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// Notes on the row.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of a hexside row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideRowDef {
    /// The kind of hexside (the game's hexside key).
    pub hexside: String,
    /// Extra MP for foot to cross.
    pub foot: Sourced<Cost>,
    /// Extra MP for cavalry to cross.
    pub cavalry: Sourced<Cost>,
    /// Shock DRM for attacking across it.
    pub shock_drm: Sourced<Drm>,
    /// Fill counters that let units cross (Alesia 6.48); 0 if it cannot be filled.
    pub fills_to_negate: Sourced<u8>,
    /// What it does to a zone of control across it (Alesia 7.22).
    pub zoc: Sourced<Barrier>,
    /// What it does to a line of sight across it (Alesia 8.15).
    pub sight: Sourced<Barrier>,
    /// Notes on the row.
    #[serde(default)]
    pub note: String,
}

/// The raw RON form of a movement row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRowDef {
    /// The move (the game's move key).
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
    /// What it does to a zone of control across it (Alesia 7.22).
    pub zoc: Sourced<Barrier>,
    /// What it does to a line of sight across it (Alesia 8.15).
    pub sight: Sourced<Barrier>,
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
    /// Its MP (the whole cost or an extra, as the game's rule for the key says).
    pub mp: Sourced<u8>,
    /// Notes.
    pub note: String,
}

/// Elevation effects (Alesia 6.31, 8.17).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ElevationEffects {
    /// Alesia 6.31: extra MP to move into a hex one level higher.
    pub climb_mp: Sourced<u8>,
    /// Shock DRM for attacking a hex one level higher.
    pub shock_drm_uphill: Sourced<Drm>,
    /// Alesia 8.17: missile DRM when the target is lower than the firer.
    pub missile_drm_target_lower: Sourced<Drm>,
    /// Notes.
    #[serde(default)]
    pub note: String,
}

/// The validated Terrain Effects Chart of a game whose kinds of hex are `T`,
/// of hexside `H`, and whose special moves are `M`.
///
/// Validated: every key is known and none is listed twice. Whether every key a
/// game uses is present is the game's check
/// ([`TerrainEffects::report_missing`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TerrainEffects<T, H, M> {
    info: TableInfo,
    hexes: BTreeMap<T, HexEffects>,
    hexsides: BTreeMap<H, HexsideEffects>,
    movement: BTreeMap<M, MoveEffect>,
    elevation: ElevationEffects,
}

impl<T, H, M> TerrainEffects<T, H, M>
where
    T: TableKey + Copy,
    H: TableKey + Copy,
    M: TableKey + Copy,
{
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The row for a kind of hex.
    #[must_use]
    pub fn hex(&self, terrain: T) -> Option<&HexEffects> {
        self.hexes.get(&terrain)
    }

    /// The row for a kind of hexside.
    #[must_use]
    pub fn hexside(&self, hexside: H) -> Option<&HexsideEffects> {
        self.hexsides.get(&hexside)
    }

    /// The row for a special move.
    #[must_use]
    pub fn movement(&self, movement: M) -> Option<&MoveEffect> {
        self.movement.get(&movement)
    }

    /// The MP of a special move.
    #[must_use]
    pub fn move_mp(&self, movement: M) -> Option<u8> {
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
    pub fn enter_cost(&self, terrain: T, mover: MoverClass) -> Option<Cost> {
        self.hex(terrain).map(|h| h.cost(mover).value)
    }

    /// The extra cost for `mover` to cross `hexside`.
    #[must_use]
    pub fn cross_cost(&self, hexside: H, mover: MoverClass) -> Option<Cost> {
        self.hexside(hexside).map(|h| h.cost(mover).value)
    }

    /// Elevation effects.
    #[must_use]
    pub fn elevation(&self) -> &ElevationEffects {
        &self.elevation
    }

    /// Every hex row, in key order.
    pub fn hexes(&self) -> impl Iterator<Item = (T, &HexEffects)> {
        self.hexes.iter().map(|(k, v)| (*k, v))
    }

    /// Every hexside row, in key order.
    pub fn hexsides(&self) -> impl Iterator<Item = (H, &HexsideEffects)> {
        self.hexsides.iter().map(|(k, v)| (*k, v))
    }

    /// Every movement row, in key order.
    pub fn movements(&self) -> impl Iterator<Item = (M, &MoveEffect)> {
        self.movement.iter().map(|(k, v)| (*k, v))
    }

    /// Reports, into `report`, each of the given keys that has no row: a game's
    /// check that its chart is complete.
    pub fn report_missing(
        &self,
        hexes: &[T],
        hexsides: &[H],
        movement: &[M],
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
fn keyed<K: TableKey, R>(
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

impl<T, H, M> LoadTable for TerrainEffects<T, H, M>
where
    T: TableKey + Copy,
    H: TableKey + Copy,
    M: TableKey + Copy,
{
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
                        zoc: r.zoc,
                        sight: r.sight,
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

    crate::table_key! {
        /// Test kinds of hex.
        pub enum TerrainKey: "unknown terrain" {
            Clear = "Clear", Woods = "Woods", Marsh = "Marsh",
        }
    }
    crate::table_key! {
        /// Test hexsides.
        pub enum HexsideKey: "unknown hexside" { Escarpment = "Escarpment", Gate = "Gate" }
    }
    crate::table_key! {
        /// Test moves.
        pub enum MoveKey: "unknown movement" { Walkway = "Walkway" }
    }
    type Chart = TerrainEffects<TerrainKey, HexsideKey, MoveKey>;

    const TEXT: &str = r#"(
    name: "Terrain Effects Chart", rule: "6.8", provenance: Reconstructed,
    hexes: [
        (terrain: "Clear", foot: (Mp(1), Printed("6.31")), cavalry: (Mp(1), Reconstructed),
         entry_hits: (0, Reconstructed), shock_drm: (0, Reconstructed),
         shock_drm_from_below: (0, Reconstructed), missile_drm: (0, Reconstructed),
         fills_to_negate: (0, Reconstructed)),
    ],
    hexsides: [
        (hexside: "Escarpment", foot: (Prohibited, Printed("6.36")), cavalry: (Prohibited, Printed("6.36")),
         shock_drm: (0, Reconstructed), fills_to_negate: (0, Reconstructed),
         zoc: (Blocks, Printed("7.22")), sight: (None, Reconstructed)),
    ],
    moves: [(movement: "Walkway", mp: (1, Printed("6.42")))],
    elevation: (climb_mp: (1, Printed("6.31")), shock_drm_uphill: (0, Reconstructed),
        missile_drm_target_lower: (-1, Printed("8.17"))),
)"#;

    #[test]
    fn looks_up_costs_by_key_and_mover() {
        let t = Chart::from_ron("t.ron", TEXT).unwrap();
        assert_eq!(t.enter_cost(TerrainKey::Clear, MoverClass::Foot), Some(Cost::Mp(1)));
        assert_eq!(
            t.cross_cost(HexsideKey::Escarpment, MoverClass::Cavalry),
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
        let err = Chart::from_ron("t.ron", &dup).unwrap_err();
        assert_eq!(err.problems.len(), 1, "{err}");
        assert!(
            err.to_string().starts_with("t.ron:14:63: Walkway: 6.8: duplicated row for Walkway"),
            "{err}"
        );

        // Every hexside row says what it does to a ZOC and to a line of sight.
        let silent = TEXT.replace("zoc: (Blocks, Printed(\"7.22\")), ", "");
        let err = Chart::from_ron("t.ron", &silent).unwrap_err().to_string();
        assert!(err.starts_with("t.ron:12:") && err.contains("missing field named `zoc`"), "{err}");

        let unknown = TEXT.replace("terrain: \"Clear\"", "terrain: \"Swamp\"");
        let err = Chart::from_ron("t.ron", &unknown).unwrap_err();
        assert!(
            err.to_string().starts_with("t.ron:4:10: Swamp: 6.8: unknown terrain \"Swamp\""),
            "{err}"
        );

        let t = Chart::from_ron("t.ron", TEXT).unwrap();
        let mut report = Report::new("t.ron", TEXT);
        t.report_missing(
            TerrainKey::ALL,
            &[HexsideKey::Escarpment],
            &[MoveKey::Walkway],
            &mut report,
        );
        assert_eq!(report.count(), TerrainKey::ALL.len() - 1);
    }
}
