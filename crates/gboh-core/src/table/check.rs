//! Named die checks printed in the rules as roll thresholds: "enters play on a
//! dieroll of 0-6" (Alesia 5.63), "a 0, then 0-4" (Alesia 9.24).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

use super::key::TableKey;
use super::nonempty::NonEmpty;
use super::odds::Distribution;
use super::report::Report;
use super::roll::FaceRange;
use super::{LoadTable, TableInfo};
use crate::data::Provenance;
use crate::dice::{Dice, DiceError, Die, Roll};

/// A check of one or more unmodified rolls in a row: it succeeds if every roll
/// falls in its stage's faces, and stops at the first that does not.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DieCheck {
    stages: NonEmpty<FaceRange>,
}

/// The rolls a check made, and whether it succeeded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckRoll {
    /// Whether every stage succeeded.
    pub success: bool,
    /// The rolls made, in order (fewer than the stages if one failed).
    pub rolls: Vec<Roll>,
}

impl DieCheck {
    /// The faces of each stage, in order.
    pub fn stages(&self) -> impl Iterator<Item = FaceRange> + '_ {
        self.stages.iter().copied()
    }

    /// How many rolls the check may take.
    #[must_use]
    pub fn len(&self) -> usize {
        self.stages.len()
    }

    /// Never: a check has at least one stage.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Whether `face` passes stage `stage` (0-based); false past the last stage.
    ///
    /// A caller whose first stage is another roll's face (Alesia 8.18: the missile
    /// roll's own unmodified '0') tests that face here and rolls the rest.
    #[must_use]
    pub fn passes(&self, stage: usize, face: u8) -> bool {
        self.stages.get(stage).is_some_and(|f| f.contains(face))
    }

    /// Whether the faces given, in order, pass every stage.
    #[must_use]
    pub fn succeeds_with(&self, faces: &[u8]) -> bool {
        faces.len() >= self.len()
            && self.stages.iter().zip(faces).all(|(stage, face)| stage.contains(*face))
    }

    /// Rolls the check with `dice`, stopping at the first failed stage.
    ///
    /// # Errors
    /// A [`DiceError`] from scripted dice.
    pub fn roll(&self, die: Die, dice: &mut Dice) -> Result<CheckRoll, DiceError> {
        let mut rolls = Vec::with_capacity(self.len());
        for stage in self.stages.iter() {
            let roll = dice.roll(die)?;
            rolls.push(roll);
            if !stage.contains(roll.face) {
                return Ok(CheckRoll { success: false, rolls });
            }
        }
        Ok(CheckRoll { success: true, rolls })
    }

    /// The exact chance of success over every stage (out of 10 per roll made).
    #[must_use]
    pub fn distribution(&self, die: Die) -> Distribution<bool> {
        let mut d = Distribution::certain(true);
        for stage in self.stages.iter().copied() {
            let next = d.clone().and_then(|&ok| {
                if ok {
                    Distribution::over_faces(die, |f| stage.contains(f))
                } else {
                    Distribution::certain(false)
                }
            });
            match next {
                Some(n) => d = n,
                None => break,
            }
        }
        d
    }
}

/// The raw RON form of a [`CheckTable`].
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckTableDef {
    /// The name of the collection.
    pub name: String,
    /// The rule section(s) it draws on.
    pub rule: String,
    /// Provenance of the collection as a whole.
    pub provenance: Provenance,
    /// Notes on the sources.
    #[serde(default)]
    pub note: String,
    /// The die rolled (unmodified).
    pub die: Die,
    /// One row per check.
    pub checks: Vec<CheckRowDef>,
}

/// The raw RON form of one check.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CheckRowDef {
    /// The check's key.
    pub check: String,
    /// The rule that prints it.
    pub rule: String,
    /// The faces that pass each roll, in order: `[(0, 0), (0, 4)]`.
    pub stages: Vec<(i32, i32)>,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it.
    #[serde(default)]
    pub note: String,
}

/// One validated check.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckRow {
    /// The rule that prints it.
    pub rule: String,
    /// The check.
    pub check: DieCheck,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Notes on it.
    pub note: String,
}

/// A game's named die checks.
///
/// Validated: keys known and not repeated; at least one stage each; every
/// stage's faces on the die.
///
/// ```
/// use gboh_core::table::{CheckTable, LoadTable};
/// gboh_core::table_key! {
///     /// A game's kinds of ground (any key type will do for the example).
///     pub enum TerrainKey: "unknown terrain" { Clear = "Clear", Woods = "Woods" }
/// }
/// let text = r#"(name: "Die checks", rule: "9.24", provenance: Printed("9.24"), die: D10, checks: [
///     (check: "Clear", rule: "9.24", stages: [(0, 0), (0, 4)], provenance: Printed("9.24")),
/// ])"#;
/// let t: CheckTable<TerrainKey> = CheckTable::from_ron("c.ron", text).unwrap();
/// let check = t.check(&TerrainKey::Clear).unwrap();
/// assert!(check.succeeds_with(&[0, 4]) && !check.succeeds_with(&[0, 5]));
/// assert_eq!(t.distribution(&TerrainKey::Clear).unwrap().chance(&true).to_string(), "5/100");
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckTable<K> {
    info: TableInfo,
    die: Die,
    rows: BTreeMap<K, CheckRow>,
}

impl<K: TableKey> CheckTable<K> {
    /// Name, rule, provenance and note.
    #[must_use]
    pub fn info(&self) -> &TableInfo {
        &self.info
    }

    /// The die rolled.
    #[must_use]
    pub fn die(&self) -> Die {
        self.die
    }

    /// Every row, in key order.
    pub fn rows(&self) -> impl Iterator<Item = (&K, &CheckRow)> {
        self.rows.iter()
    }

    /// The row for `key`.
    #[must_use]
    pub fn row(&self, key: &K) -> Option<&CheckRow> {
        self.rows.get(key)
    }

    /// The check for `key`.
    #[must_use]
    pub fn check(&self, key: &K) -> Option<&DieCheck> {
        self.row(key).map(|r| &r.check)
    }

    /// The exact chance that `key`'s check succeeds.
    #[must_use]
    pub fn distribution(&self, key: &K) -> Option<Distribution<bool>> {
        self.check(key).map(|c| c.distribution(self.die))
    }
}

impl<K: TableKey> LoadTable for CheckTable<K> {
    type Def = CheckTableDef;

    fn validate(def: CheckTableDef, report: &mut Report<'_>) -> Option<Self> {
        let before = report.count();
        let table_rule = def.rule.clone();
        let mut rows = BTreeMap::new();
        for (i, row) in def.checks.into_iter().enumerate() {
            let item = row.check.clone();
            let rule = if row.rule.is_empty() { table_rule.clone() } else { row.rule.clone() };
            let key = match K::parse_key(&row.check) {
                Ok(k) if rows.contains_key(&k) => {
                    report.at_field(
                        item.clone(),
                        "check",
                        i,
                        format!("{rule}: duplicated check {k}"),
                    );
                    None
                }
                Ok(k) => Some(k),
                Err(e) => {
                    report.at_field(item.clone(), "check", i, format!("{rule}: {e}"));
                    None
                }
            };
            if row.stages.is_empty() {
                report.at_field(
                    item.clone(),
                    "check",
                    i,
                    format!("{rule}: a check needs at least one roll"),
                );
            }
            let mut stages = Vec::with_capacity(row.stages.len());
            for (s, &(low, high)) in row.stages.iter().enumerate() {
                match FaceRange::new(def.die, low, high) {
                    Ok(f) => stages.push(f),
                    Err(e) => report.at_field(
                        item.clone(),
                        "check",
                        i,
                        format!("{rule}: roll {}: {e}", s + 1),
                    ),
                }
            }
            let complete = stages.len() == row.stages.len();
            if let (Some(k), Some(stages), true) = (key, NonEmpty::from_vec(stages), complete) {
                rows.insert(
                    k,
                    CheckRow {
                        rule: row.rule,
                        check: DieCheck { stages },
                        provenance: row.provenance,
                        note: row.note,
                    },
                );
            }
        }
        (report.count() == before).then(|| CheckTable {
            info: TableInfo {
                name: def.name,
                rule: def.rule,
                provenance: def.provenance,
                note: def.note,
            },
            die: def.die,
            rows,
        })
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn check(stages: &[(u8, u8)]) -> DieCheck {
        let stages = stages
            .iter()
            .map(|&(l, h)| FaceRange::new(Die::D10, l.into(), h.into()).unwrap())
            .collect();
        DieCheck { stages: NonEmpty::from_vec(stages).unwrap() }
    }

    #[test]
    fn rolling_stops_at_the_first_failed_stage() {
        let c = check(&[(0, 0), (0, 4)]);
        let mut dice = Dice::scripted([3, 0]);
        let r = c.roll(Die::D10, &mut dice).unwrap();
        assert!(!r.success);
        assert_eq!(r.rolls.len(), 1);
        let mut dice = Dice::scripted([0, 4]);
        assert!(c.roll(Die::D10, &mut dice).unwrap().success);
        assert!(c.passes(1, 4) && !c.passes(2, 0));
    }

    #[test]
    fn chained_odds_multiply_exactly() {
        let c = check(&[(0, 0), (0, 0)]);
        let d = c.distribution(Die::D10);
        assert_eq!((d.count(&true), d.count(&false), d.total()), (1, 99, 100));
    }
}
