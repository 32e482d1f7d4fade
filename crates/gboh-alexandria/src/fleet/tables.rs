//! The galley tables, from `data/alexandria/fleet.ron`: movement costs
//! (5.36), class ratings, and the ram, rake, grapple, boarding, fire and
//! sinking tables, each value with its provenance. The extract breaks off in
//! 5.43, so most of these are Reconstructed from War Galley's outline.
//!
//! ```
//! use gboh_alexandria::fleet::tables;
//! let t = tables::tables()?;
//! assert_eq!(t.movement.shoal_mp.value, 2); // 5.28/5.36
//! assert_eq!(t.movement.aground_on.value, 6); // 5.28: 6 or higher runs aground
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::sync::OnceLock;

use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use serde::{Deserialize, Serialize};

use crate::counters::GalleyClass;

/// The name the embedded fleet tables report errors under.
pub const FLEET_FILE: &str = "data/alexandria/fleet.ron";
/// The text of the embedded fleet tables.
pub const FLEET_RON: &str = include_str!("../../data/alexandria/fleet.ron");

/// A number with its source.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Valued {
    /// The number.
    pub value: i8,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// 5.36 and 5.4x: movement numbers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Movement {
    /// MP to enter a sea or coastal hex.
    pub sea_mp: Valued,
    /// 5.28: MP to enter a Shoals hex.
    pub shoal_mp: Valued,
    /// MP per hexside of turn.
    pub turn_mp: Valued,
    /// 5.47: MP to backwater one hex.
    pub backwater_mp: Valued,
    /// 5.43: the least MP declared at Attack speed.
    pub attack_min_mp: Valued,
    /// 5.28: the 1d6 result that runs aground.
    pub aground_on: Valued,
    /// 5.28: added to the shoals roll at Attack speed.
    pub attack_aground_mod: Valued,
    /// 5.42: Fatigue at which a galley is held to Cruise.
    pub cruise_only_fatigue: Valued,
    /// Fatigue gained per activation at Attack speed.
    pub attack_fatigue: Valued,
    /// Fatigue recovered resting at Cruise.
    pub rest_fatigue: Valued,
    /// The top of the fatigue track.
    pub max_fatigue: Valued,
}

/// A class's ratings.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassRatings {
    /// The class.
    pub class: GalleyClass,
    /// Hull hits that sink it.
    pub hull: u8,
    /// The deck crew's boarding strength.
    pub marines: u8,
    /// Land units it may carry.
    pub capacity: u8,
    /// Ram-table size.
    pub ram_size: i8,
    /// 9.15: the highest original ram roll that retracts.
    pub retract: u8,
    /// Source.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// A row of a d10 table: totals `from..=to` give `result`.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row<R> {
    /// Lowest total.
    pub from: i8,
    /// Highest total.
    pub to: i8,
    /// What it gives.
    pub result: R,
    /// Source.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// A ram's outcome on the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum RamResult {
    /// No damage; the two galleys are Fouled.
    Glancing,
    /// One hull hit.
    Damaged,
    /// Hull hits and holes (each hole a 10.42 sinking check).
    Holed(u8),
}

/// A rake's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum RakeResult {
    /// No effect.
    Missed,
    /// Oars sheared: MA halved.
    Raked,
    /// Crippled.
    Crippled,
}

/// A boarding combat's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum BoardingResult {
    /// The attacker is thrown back.
    Repulsed,
    /// Undecided.
    Melee,
    /// The defender's deck is carried.
    Carried,
}

/// A fire-arrow volley's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum ArrowResult {
    /// On Fire.
    SetAfire,
    /// +1 Fatigue.
    Casualties,
    /// Nothing.
    NoEffect,
}

/// 7.32: a firefighting check's outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum FirefightResult {
    /// Put out.
    Extinguished,
    /// Still burning, 1 hull hit.
    Burning,
    /// Burned: lost.
    Burned,
}

/// A navy's crew quality (War Galley rates each ship's crew; the values here
/// are reconstructed from Bell. Alex. 12-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
pub enum CrewQuality {
    /// The best seamen afloat.
    Elite,
    /// Experienced.
    Veteran,
    /// Ordinary.
    Average,
    /// Raw.
    Green,
}

/// One navy's crew rating: added to its galleys' ram, rake and grapple rolls
/// and taken from its enemies' against them.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CrewRating {
    /// The navy: the first word of its galleys' ids ("Rhodian").
    pub navy: String,
    /// The rating.
    pub quality: CrewQuality,
    /// Its modifier.
    pub modifier: i8,
    /// Source.
    pub provenance: Provenance,
    /// Why.
    pub note: String,
}

/// The ram table and its modifiers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RamTable {
    /// Into the stern hex.
    pub stern: Valued,
    /// Into a stern quarter.
    pub stern_quarter: Valued,
    /// Into a bow quarter.
    pub bow_quarter: Valued,
    /// Momentum bonus.
    pub momentum: Valued,
    /// Hexes forward for the momentum bonus.
    pub momentum_hexes: Valued,
    /// Hexes forward needed to ram at all.
    pub min_forward: Valued,
    /// MP the ram costs.
    pub mp: Valued,
    /// The rows.
    pub rows: Vec<Row<RamResult>>,
    /// The original roll that hurts the rammer.
    pub rammer_hurt_on: Valued,
}

/// 10.42.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sinking {
    /// Sinks on a d10 below this times the holes.
    pub per_hole: Valued,
}

/// The rake table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RakeTable {
    /// MP the rake costs.
    pub mp: Valued,
    /// Rows (d10 + size difference).
    pub rows: Vec<Row<RakeResult>>,
}

/// The grapple numbers.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrappleTable {
    /// Succeeds on a d10 at or under this.
    pub base: Valued,
    /// Added when the grappler's marines outnumber the target's.
    pub marines_edge: Valued,
    /// MP it costs.
    pub mp: Valued,
}

/// The boarding table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardingTable {
    /// A land unit adds TQ / this.
    pub tq_divisor: Valued,
    /// Rows (d10 + attacker's strength - defender's).
    pub rows: Vec<Row<BoardingResult>>,
}

/// The fire-arrow table.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArrowTable {
    /// Range in hexes.
    pub range: Valued,
    /// Rows (d10).
    pub rows: Vec<Row<ArrowResult>>,
}

/// 7.32.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirefightTable {
    /// Rows (d10).
    pub rows: Vec<Row<FirefightResult>>,
}

/// 5.27 (reconstructed): Slips set afire by missiles, and how they burn.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SlipFireTable {
    /// Fire arrows set an empty Slip afire on a d10 at or under this.
    pub set_afire_on: Valued,
    /// A burning Slip burns out on a d10 at or under this (Fleet Status Phase).
    pub burn_out_on: Valued,
    /// Its fire spreads to a neighbouring Slip hex on a d10 at or under this.
    pub spread_on: Valued,
}

/// 9.24 (reconstructed): the Diekplus.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiekplusTable {
    /// Hexes rowed straight on since the last turn before the gap.
    pub min_forward: Valued,
    /// An original roll at or under this fouls the galley with its target.
    pub foul_on: Valued,
}

/// The whole file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FleetTables {
    /// Movement numbers.
    pub movement: Movement,
    /// Class ratings.
    pub classes: Vec<ClassRatings>,
    /// Crew quality per navy.
    pub crews: Vec<CrewRating>,
    /// Ram.
    pub ram: RamTable,
    /// 10.42.
    pub sinking: Sinking,
    /// Rake.
    pub rake: RakeTable,
    /// Grapple.
    pub grapple: GrappleTable,
    /// Boarding.
    pub boarding: BoardingTable,
    /// Fire arrows.
    pub fire_arrows: ArrowTable,
    /// 7.32.
    pub firefighting: FirefightTable,
    /// 7.33: catches fire at or under this.
    pub spread_on: Valued,
    /// 9.44: works free at or under this.
    pub disengage_on: Valued,
    /// Debark/embark MP.
    pub land_unit_boarding_cost: Valued,
    /// 5.27: Slips on fire.
    pub slip_fire: SlipFireTable,
    /// 9.24: the Diekplus.
    pub diekplus: DiekplusTable,
}

const CLASSES: [GalleyClass; 4] = [
    GalleyClass::Quinquereme,
    GalleyClass::Quadrireme,
    GalleyClass::Trireme,
    GalleyClass::LiburnianBireme,
];

impl FleetTables {
    /// A class's ratings (every class has a row once the file is validated).
    #[must_use]
    pub fn class(&self, class: GalleyClass) -> Option<&ClassRatings> {
        self.classes.iter().find(|c| c.class == class)
    }

    /// The crew-quality modifier of the galley `id` ("Rhodian Quinquereme-1":
    /// the Rhodian row), 0 for a navy without a row. A captured galley keeps
    /// its rowers, so its builder's rating.
    #[must_use]
    pub fn crew(&self, id: &str) -> i8 {
        let navy = id.split(' ').next().unwrap_or(id);
        self.crews.iter().find(|c| c.navy == navy).map_or(0, |c| c.modifier)
    }
}

/// Looks a total up in a table's rows.
#[must_use]
pub fn lookup<R: Copy>(rows: &[Row<R>], total: i32) -> Option<R> {
    rows.iter().find(|r| (i32::from(r.from)..=i32::from(r.to)).contains(&total)).map(|r| r.result)
}

/// Checks that rows cover `lo..=hi` with no gap or overlap, in order.
fn check_rows<R>(problems: &mut Problems<'_>, name: &str, rows: &[Row<R>], lo: i32, hi: i32) {
    let mut next = None::<i32>;
    for r in rows {
        let (from, to) = (i32::from(r.from), i32::from(r.to));
        if from > to {
            problems.at(name, name, format!("row {from}..{to} is empty"));
        }
        if let Some(n) = next
            && from != n
        {
            problems.at(
                name,
                name,
                format!("row starting at {from} leaves a gap or overlap at {n}"),
            );
        }
        next = Some(to + 1);
    }
    let first = rows.first().map(|r| i32::from(r.from));
    let last = rows.last().map(|r| i32::from(r.to));
    if first.is_none_or(|f| f > lo) || last.is_none_or(|l| l < hi) {
        problems.at(name, name, format!("rows must cover every total from {lo} to {hi}"));
    }
}

/// The embedded tables, parsed and validated once.
///
/// # Errors
/// The embedded file's problems.
pub fn tables() -> Result<&'static FleetTables, DataError> {
    static T: OnceLock<Result<FleetTables, DataError>> = OnceLock::new();
    T.get_or_init(|| load_tables(FLEET_FILE, FLEET_RON)).as_ref().map_err(Clone::clone)
}

/// Loads and validates a fleet tables file.
///
/// # Errors
/// Every problem, each `file:line:column: item: message`: a class without a
/// row or with two, a table whose rows leave a gap or overlap over the totals
/// its modifiers can reach, a rating out of range.
pub fn load_tables(file: &str, text: &str) -> Result<FleetTables, DataError> {
    let t: FleetTables = parse_ron(file, text)?;
    let mut p = Problems::new(file, text);
    for class in CLASSES {
        let n = t.classes.iter().filter(|c| c.class == class).count();
        if n != 1 {
            p.at(
                format!("{class:?}"),
                "classes:",
                format!("class {class:?} has {n} rows, not one"),
            );
        }
    }
    for c in &t.classes {
        let needle = format!("class: {:?}", c.class);
        if c.hull == 0 || c.hull > 9 || c.retract > 9 || c.capacity > 4 {
            p.at(format!("{:?}", c.class), &needle, "hull 1-9, retract 0-9, capacity 0-4");
        }
    }
    for (k, c) in t.crews.iter().enumerate() {
        let needle = format!("navy: {:?}", c.navy);
        if t.crews.iter().take(k).any(|o| o.navy == c.navy) {
            p.at(&c.navy, &needle, format!("navy {} has two crew rows", c.navy));
        }
        if !(-3..=3).contains(&c.modifier) {
            p.at(&c.navy, &needle, "a crew modifier is -3 to 3");
        }
    }
    let mods: Vec<i32> = t.crews.iter().map(|c| i32::from(c.modifier)).collect();
    let crew_spread = mods.iter().max().unwrap_or(&0) - mods.iter().min().unwrap_or(&0);
    let sizes: Vec<i32> = t.classes.iter().map(|c| i32::from(c.ram_size)).collect();
    let spread = sizes.iter().max().unwrap_or(&0) - sizes.iter().min().unwrap_or(&0) + crew_spread;
    let ram_top = 9 + i32::from(t.ram.stern.value) + i32::from(t.ram.momentum.value) + spread;
    let ram_low = i32::from(t.ram.bow_quarter.value.min(0)) - spread;
    check_rows(&mut p, "ram:", &t.ram.rows, ram_low, ram_top);
    check_rows(&mut p, "rake:", &t.rake.rows, -spread, 9 + spread);
    check_rows(&mut p, "fire_arrows:", &t.fire_arrows.rows, 0, 9);
    check_rows(&mut p, "firefighting:", &t.firefighting.rows, 0, 9);
    let div = i32::from(t.boarding.tq_divisor.value.max(1));
    let max_strength = t
        .classes
        .iter()
        .map(|c| i32::from(c.marines) + i32::from(c.capacity) * (9 / div))
        .max()
        .unwrap_or(0);
    check_rows(&mut p, "boarding:", &t.boarding.rows, -max_strength, 9 + max_strength);
    if t.boarding.tq_divisor.value < 1 {
        p.at("tq_divisor", "tq_divisor:", "a divisor is at least 1");
    }
    if t.movement.attack_min_mp.value < 1 || t.movement.sea_mp.value < 1 {
        p.at("movement", "movement:", "movement costs are at least 1 MP");
    }
    let sf = &t.slip_fire;
    for (name, v) in [
        ("set_afire_on", &sf.set_afire_on),
        ("burn_out_on", &sf.burn_out_on),
        ("spread_on", &sf.spread_on),
        ("foul_on", &t.diekplus.foul_on),
    ] {
        if !(-1..=9).contains(&v.value) {
            p.at(name, &format!("{name}:"), "a d10 target number is -1 (never) to 9");
        }
    }
    if t.diekplus.min_forward.value < 1 {
        p.at("min_forward", "min_forward:", "9.24: the Diekplus needs at least 1 hex straight on");
    }
    if !(1..=7).contains(&t.movement.aground_on.value) {
        p.at("aground_on", "aground_on:", "5.28: a 1d6 target number is 1-7");
    }
    p.finish(t)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]
    use super::*;

    #[test]
    fn the_embedded_tables_load_and_every_class_has_a_row() {
        let t = tables().unwrap();
        for c in CLASSES {
            assert!(t.class(c).is_some(), "{c:?}");
        }
    }

    #[test]
    fn a_gap_in_the_ram_table_names_the_file_and_line() {
        let text = FLEET_RON.replacen(
            "(from: 3, to: 5, result: Damaged",
            "(from: 4, to: 5, result: Damaged",
            1,
        );
        let e = load_tables("fleet.ron", &text).unwrap_err().to_string();
        assert!(e.contains("fleet.ron:") && e.contains("ram:") && e.contains("gap"), "{e}");
        assert_eq!(e.lines().count(), 1, "{e}");
    }

    #[test]
    fn an_unknown_field_is_refused() {
        let text = FLEET_RON.replacen("movement: (", "colour: 1,\n    movement: (", 1);
        let e = load_tables("fleet.ron", &text).unwrap_err().to_string();
        assert!(e.contains("fleet.ron:") && e.contains("colour"), "{e}");
    }

    #[test]
    fn a_cut_or_damaged_file_is_refused_with_one_line_per_problem_never_a_panic() {
        // Every cut on a char boundary, and every digit turned to 'x'.
        let cuts = FLEET_RON.char_indices().map(|(i, _)| i).step_by(97);
        for cut in cuts {
            let text = &FLEET_RON[..cut];
            let e = load_tables("fleet.ron", text).unwrap_err();
            for line in e.to_string().lines() {
                assert!(line.starts_with("fleet.ron"), "{line}");
            }
        }
        for (i, _) in FLEET_RON.match_indices(|c: char| c.is_ascii_digit()).step_by(7) {
            let mut text = FLEET_RON.to_owned();
            text.replace_range(i..=i, "x");
            if let Err(e) = load_tables("fleet.ron", &text) {
                assert!(e.to_string().starts_with("fleet.ron:"), "{e}");
            }
        }
    }

    #[test]
    fn an_overlap_in_the_firefighting_table_is_refused() {
        let text = FLEET_RON.replacen(
            "(from: 5, to: 7, result: Burning",
            "(from: 4, to: 7, result: Burning",
            1,
        );
        let e = load_tables("fleet.ron", &text).unwrap_err().to_string();
        let line = text.lines().position(|l| l.contains("firefighting:")).unwrap() + 1;
        assert!(e.contains(&format!("fleet.ron:{line}:")) && e.contains("firefighting"), "{e}");
    }

    #[test]
    fn every_navy_in_the_counter_mix_has_a_crew_row_and_a_duplicate_is_refused() {
        let t = tables().unwrap();
        let counters = crate::counters::counters().unwrap();
        for g in &counters.galleys {
            let navy = g.id.split(' ').next().unwrap();
            assert!(t.crews.iter().any(|c| c.navy == navy), "{}", g.id);
        }
        assert_eq!(t.crew("Rhodian Quinquereme-1"), 1);
        assert_eq!(t.crew("Carthaginian Trireme-1"), 0);
        let text = FLEET_RON.replacen("(navy: \"Roman\"", "(navy: \"Rhodian\"", 1);
        let e = load_tables("fleet.ron", &text).unwrap_err().to_string();
        assert!(e.contains("two crew rows"), "{e}");
    }

    #[test]
    fn a_missing_class_is_refused() {
        let start = FLEET_RON.find("(class: Trireme").unwrap();
        let end = start + FLEET_RON[start..].find("\n        (class:").unwrap();
        let text = format!("{}{}", &FLEET_RON[..start], &FLEET_RON[end + 9..]);
        let e = load_tables("fleet.ron", &text).unwrap_err().to_string();
        assert!(e.contains("Trireme has 0 rows"), "{e}");
    }
}
