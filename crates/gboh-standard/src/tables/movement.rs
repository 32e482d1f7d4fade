//! The Movement Cost Chart (SPQR 6.27) and the facing and formation costs
//! printed with it.

use std::collections::BTreeMap;

use gboh_core::data::Provenance;
use gboh_core::table::{LoadTable, Report, Sourced, TableInfo, TableKey};
use serde::{Deserialize, Serialize};

use crate::kinds::{MoveTerrain, MoverClass};

/// What entering costs in MP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MpCost {
    /// This many MP to enter.
    Mp(u8),
    /// This many MP on top of the hex's own cost (hexsides, elevation; 0: no effect).
    Plus(u8),
    /// Half an MP (a Roman road).
    Half,
    /// May not be entered.
    Impassable,
}

/// What entering costs in cohesion hits for one mover class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HitCost {
    /// This many hits.
    Hits(u8),
    /// This class may not enter ("P").
    Prohibited,
}

/// The facing, formation and phalanx costs printed with the chart.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FacingCosts {
    /// MP per vertex turned (SPQR 6.27).
    pub per_vertex: Sourced<u8>,
    /// Roman legion and ala infantry: MP for any turn.
    pub legion_any_turn: Sourced<u8>,
    /// Skirmishers: MP per vertex.
    pub skirmisher_per_vertex: Sourced<u8>,
    /// Elephants and chariots: MP per vertex.
    pub elephant_chariot_per_vertex: Sourced<u8>,
    /// A phalanx reversing its face (SPQR 6.45).
    pub phalanx_reverse: Sourced<u8>,
    /// Hits per vertex turned in woods, broken or marsh (not elephants, SK).
    pub rough_hits_per_vertex: Sourced<u8>,
    /// MP to enter or leave column.
    pub column_change: Sourced<u8>,
    /// MA added in column.
    pub column_ma_bonus: Sourced<u8>,
    /// TQ lost in column.
    pub column_tq_penalty: Sourced<u8>,
    /// MP to stack into double depth.
    pub double_depth: Sourced<u8>,
    /// Hits for moving again in a later phase of the turn (SPQR 6.13).
    pub second_move_hits: Sourced<u8>,
    /// Hits per hex a phalanx pivots into (SPQR 6.43).
    pub phalanx_pivot_hits: Sourced<u8>,
    /// A phalanx's MA (SPQR 6.4).
    pub phalanx_ma: Sourced<u8>,
    /// A phalanx's MA on request, the fifth MP at a price (SPQR 6.4).
    pub phalanx_extended_ma: Sourced<u8>,
}

/// The raw RON form of a [`MovementChart`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementChartDef {
    /// Printed name.
    pub name: String,
    /// The rule.
    pub rule: String,
    /// Provenance.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
    /// The mover classes, in hit-column order.
    pub classes: Vec<String>,
    /// One row per terrain.
    pub rows: Vec<MovementRowDef>,
    /// Facing and formation costs.
    pub facing: FacingCosts,
}

/// The raw RON form of one row.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MovementRowDef {
    /// The terrain.
    pub terrain: String,
    /// Its MP cost.
    pub mp: MpCost,
    /// Its hits, one per class.
    pub hits: Vec<HitCost>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes.
    #[serde(default)]
    pub note: String,
}

/// One validated row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovementRow {
    /// MP to enter.
    pub mp: MpCost,
    /// Hits by mover class.
    pub hits: BTreeMap<MoverClass, HitCost>,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// The validated chart: every terrain key and every mover class has a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MovementChart {
    info: TableInfo,
    rows: BTreeMap<MoveTerrain, MovementRow>,
    facing: FacingCosts,
}

impl MovementChart {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The row for `terrain` (validation guarantees one for every key).
    #[must_use]
    pub fn row(&self, terrain: MoveTerrain) -> Option<&MovementRow> {
        self.rows.get(&terrain)
    }

    /// MP to enter `terrain`.
    #[must_use]
    pub fn mp(&self, terrain: MoveTerrain) -> MpCost {
        self.rows.get(&terrain).map_or(MpCost::Impassable, |r| r.mp)
    }

    /// Hits for `class` entering `terrain`.
    #[must_use]
    pub fn hits(&self, terrain: MoveTerrain, class: MoverClass) -> HitCost {
        self.rows
            .get(&terrain)
            .and_then(|r| r.hits.get(&class))
            .copied()
            .unwrap_or(HitCost::Prohibited)
    }

    /// Facing and formation costs.
    #[must_use]
    pub fn facing(&self) -> &FacingCosts {
        &self.facing
    }
}

impl LoadTable for MovementChart {
    type Def = MovementChartDef;

    fn validate(def: MovementChartDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let rule = def.rule.clone();
        let mut classes = Vec::new();
        for c in &def.classes {
            match MoverClass::parse_key(c) {
                Ok(k) if !classes.contains(&k) => classes.push(k),
                Ok(_) => report.at_string_after_field(
                    c.clone(),
                    "classes",
                    0,
                    c,
                    1,
                    format!("{rule}: class {c} listed twice"),
                ),
                Err(e) => report.at_string_after_field(
                    c.clone(),
                    "classes",
                    0,
                    c,
                    0,
                    format!("{rule}: {e}"),
                ),
            }
        }
        for k in MoverClass::ALL {
            if !classes.contains(k) {
                report.at_field("classes", "classes", 0, format!("{rule}: no hit column for {k}"));
            }
        }
        let mut rows = BTreeMap::new();
        for (i, row) in def.rows.iter().enumerate() {
            let terrain = match MoveTerrain::parse_key(&row.terrain) {
                Ok(t) => t,
                Err(e) => {
                    report.at_field(row.terrain.clone(), "terrain", i, format!("{rule}: {e}"));
                    continue;
                }
            };
            if rows.contains_key(&terrain) {
                report.at_field(
                    row.terrain.clone(),
                    "terrain",
                    i,
                    format!("{rule}: terrain {terrain} listed twice"),
                );
                continue;
            }
            if row.hits.len() != def.classes.len() {
                report.at_field(
                    row.terrain.clone(),
                    "hits",
                    i,
                    format!(
                        "{rule}: {} hit costs for {} classes",
                        row.hits.len(),
                        def.classes.len()
                    ),
                );
                continue;
            }
            if row.mp == MpCost::Impassable && row.hits.iter().any(|h| *h != HitCost::Prohibited) {
                report.at_field(
                    row.terrain.clone(),
                    "hits",
                    i,
                    format!("{rule}: impassable terrain with a hit cost"),
                );
            }
            let hits = classes.iter().copied().zip(row.hits.iter().copied()).collect();
            rows.insert(
                terrain,
                MovementRow { mp: row.mp, hits, provenance: row.provenance.clone() },
            );
        }
        for t in MoveTerrain::ALL {
            if !rows.contains_key(t) {
                report.at_field(def.name.clone(), "rows", 0, format!("{rule}: no row for {t}"));
            }
        }
        if report.count() > before {
            return None;
        }
        Some(MovementChart {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            rows,
            facing: def.facing,
        })
    }
}
