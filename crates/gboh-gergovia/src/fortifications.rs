//! The printed figures of the fortifications: the towers' scorpion range
//! (9.31), the melee shifts across walls and gates (6.74, 8.74) and the fire
//! modifiers over walls (6.75, 8.71).
//!
//! ```
//! use gboh_gergovia::fortifications::{self, Across, Defenders};
//! let f = fortifications::fortifications()?;
//! assert_eq!(f.scorpion_range.value, 7);
//! assert_eq!(f.melee_shift(Defenders::Gergovia, Across::Wall), Some(4));
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::sync::OnceLock;

use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use serde::Deserialize;

/// The name the embedded file reports errors under.
pub const FORTIFICATIONS_FILE: &str = "data/gergovia/fortifications.ron";
/// The embedded file.
pub const FORTIFICATIONS_RON: &str = include_str!("../data/gergovia/fortifications.ron");

/// A number with its provenance.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Value {
    /// The number.
    pub value: u8,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// Who defends behind the fortification (6.74).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Defenders {
    /// All defenders are in Gergovia.
    Gergovia,
    /// All defenders are in a Roman camp.
    RomanCamp,
}

/// What the attack crosses (6.74).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
pub enum Across {
    /// A wall hexside.
    Wall,
    /// A gate hexside.
    Gate,
}

/// One melee shift of 6.74.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MeleeShift {
    /// Who defends.
    pub defenders: Defenders,
    /// Over what.
    pub across: Across,
    /// Columns to the left on the melee table.
    pub columns_left: u8,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// 6.75: die-roll modifiers for fire from outside over a wall or gate.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FireOverWalls {
    /// Arrows: +2.
    pub arrows: u8,
    /// Javelins: +4.
    pub javelins: u8,
    /// Where it comes from.
    pub provenance: Provenance,
}

/// The fortifications file.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fortifications {
    /// 9.31 tower scorpion range.
    pub scorpion_range: Value,
    /// 6.74 melee shifts.
    pub melee_shifts: Vec<MeleeShift>,
    /// 6.75 fire modifiers.
    pub fire_over_walls: FireOverWalls,
    /// 8.71(b) stone wall fire modifier.
    pub stone_wall_fire: Value,
}

impl Fortifications {
    /// 6.74's shift for these defenders across this hexside.
    #[must_use]
    pub fn melee_shift(&self, defenders: Defenders, across: Across) -> Option<u8> {
        self.melee_shifts
            .iter()
            .find(|s| s.defenders == defenders && s.across == across)
            .map(|s| s.columns_left)
    }
}

/// The embedded file, parsed once.
///
/// # Errors
/// The embedded file's problems (only if it was edited wrongly).
pub fn fortifications() -> Result<&'static Fortifications, DataError> {
    static F: OnceLock<Result<Fortifications, DataError>> = OnceLock::new();
    F.get_or_init(|| load_fortifications(FORTIFICATIONS_FILE, FORTIFICATIONS_RON))
        .as_ref()
        .map_err(Clone::clone)
}

/// Loads a fortifications file.
///
/// # Errors
/// Syntax errors; a melee shift listed twice or missing; a zero scorpion range.
pub fn load_fortifications(file: &str, text: &str) -> Result<Fortifications, DataError> {
    let def: Fortifications = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    if def.scorpion_range.value == 0 {
        problems.at("scorpion_range", "scorpion_range", "9.31: a scorpion's range is at least 1");
    }
    for d in [Defenders::Gergovia, Defenders::RomanCamp] {
        for a in [Across::Wall, Across::Gate] {
            let n = def.melee_shifts.iter().filter(|s| s.defenders == d && s.across == a).count();
            if n != 1 {
                problems.at(
                    "melee_shifts",
                    "melee_shifts",
                    format!("6.74: one shift for {d:?} across a {a:?}, found {n}"),
                );
            }
        }
    }
    problems.finish(def)
}
