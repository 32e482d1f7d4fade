//! The family's four combat tables as data, for a game whose tables are the
//! simple family's: the Shock Table (a [`RollTable`] of [`ShockResult`]s),
//! the weapon systems matrix, the missile table (by [`MissileColumn`]) and
//! the leader casualty checks (by [`Check`]). Gergovia's simplified version
//! and Caesar in Alexandria load theirs with [`CombatTables::load`], each
//! from its own RON files; Alesia keeps its own columns (Palintonos, Flame)
//! and loader.
//!
//! ```
//! use gboh_simple::tables::MissileColumn;
//! use gboh_core::unit::MissileType;
//! assert_eq!(MissileColumn::for_missile(MissileType::Javelin), Some(MissileColumn::Javelin));
//! assert_eq!(MissileColumn::for_missile(MissileType::Sling), None);
//! ```

use gboh_core::data::DataError;
use gboh_core::table::{CheckTable, DrmMatrix, LoadTable, RollTable, ShockResult, ThresholdTable};
use gboh_core::unit::{MissileType, UnitType};

gboh_core::table_key! {
    /// A column of the family's missile table.
    pub enum MissileColumn: "unknown missile column" {
        /// Arrows (archers).
        Arrow = "A",
        /// Javelins (light infantry; pila, darts).
        Javelin = "J",
        /// Scorpions (artillery).
        Scorpio = "Scorpio",
    }
}

impl MissileColumn {
    /// The column a unit's missile type fires on; `None` for the types
    /// these tables have no column for (slings, palintona, mounted archers).
    #[must_use]
    pub const fn for_missile(missile: MissileType) -> Option<MissileColumn> {
        match missile {
            MissileType::Arrow => Some(MissileColumn::Arrow),
            MissileType::Javelin => Some(MissileColumn::Javelin),
            MissileType::Scorpio => Some(MissileColumn::Scorpio),
            MissileType::Sling | MissileType::Palintonos | MissileType::MountedArcher => None,
        }
    }
}

gboh_core::table_key! {
    /// The family's leader casualty checks.
    pub enum Check: "unknown check" {
        /// A leader stacked with a unit in shock.
        ShockLeaderCasualty = "ShockLeaderCasualty",
        /// A leader in a place fired at.
        MissileLeaderCasualty = "MissileLeaderCasualty",
    }
}

/// The four combat tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CombatTables {
    /// The Shock Table.
    pub shock: RollTable<ShockResult>,
    /// The weapon systems matrix (attacker by defender).
    pub weapons: DrmMatrix<UnitType, UnitType>,
    /// The missile table.
    pub missile: ThresholdTable<MissileColumn>,
    /// The leader casualty checks.
    pub checks: CheckTable<Check>,
}

/// The four files as `(file, text)` pairs: the name problems are reported
/// under, and the RON text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CombatFiles<'a> {
    /// The Shock Table's.
    pub shock: (&'a str, &'a str),
    /// The weapon systems matrix's.
    pub weapons: (&'a str, &'a str),
    /// The missile table's.
    pub missile: (&'a str, &'a str),
    /// The leader casualty checks'.
    pub checks: (&'a str, &'a str),
}

impl<'a> CombatFiles<'a> {
    /// The files in order: shock, weapons, missile, checks.
    #[must_use]
    pub const fn all(&self) -> [(&'a str, &'a str); 4] {
        [self.shock, self.weapons, self.missile, self.checks]
    }

    /// These files with the one whose file name (the last part of its
    /// path) is `which`'s replaced by `(file, text)`; `None` if none is.
    #[must_use]
    pub fn replacing(mut self, which: &str, file: &'a str, text: &'a str) -> Option<Self> {
        let name = |path: &str| path.rsplit('/').next().map(str::to_owned);
        let wanted = name(which);
        let slot = [&mut self.shock, &mut self.weapons, &mut self.missile, &mut self.checks]
            .into_iter()
            .find(|slot| name(slot.0) == wanted)?;
        *slot = (file, text);
        Some(self)
    }
}

/// What the game must state for its tables to be complete: the unit types
/// that shock (each a row and a column of the weapon systems matrix), and
/// the sections its problems cite.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Complete<'a> {
    /// The types that shock.
    pub shock_types: &'a [UnitType],
    /// The section that rules the weapon systems (Alexandria 8.0, Gergovia
    /// simplified 7.3).
    pub weapons_section: &'a str,
    /// The section that rules the missile table's columns (Alexandria 7.0,
    /// Gergovia simplified 10.1).
    pub missile_section: &'a str,
}

impl CombatTables {
    /// Loads the four tables, each validated: the weapon systems matrix has
    /// a row and a column for every type that shocks, the missile table a
    /// column for every [`MissileColumn`].
    ///
    /// # Errors
    /// The first file's problems, each `file:line:column: item: message`.
    pub fn load(files: CombatFiles<'_>, complete: Complete<'_>) -> Result<Self, DataError> {
        let Complete { shock_types, weapons_section, missile_section } = complete;
        let shock = RollTable::from_ron(files.shock.0, files.shock.1)?;
        let (file, text) = files.weapons;
        let weapons = DrmMatrix::from_ron_checked(file, text, |m, report| {
            for &t in shock_types {
                if !m.attackers().contains(&t) {
                    let message = format!("{weapons_section}: no row for attacker {t}");
                    report.at_field(t.to_string(), "rows", 0, message);
                }
                if !m.defenders().contains(&t) {
                    let message = format!("{weapons_section}: no column for {t}");
                    report.at_field(t.to_string(), "defenders", 0, message);
                }
            }
        })?;
        let (file, text) = files.missile;
        let missile = ThresholdTable::from_ron_checked(file, text, |t, report| {
            for k in MissileColumn::ALL.iter().filter(|&k| t.column(k).is_none()) {
                let message = format!("{missile_section}: no column for {k}");
                report.at_field(k.to_string(), "columns", 0, message);
            }
        })?;
        let checks = CheckTable::from_ron(files.checks.0, files.checks.1)?;
        Ok(CombatTables { shock, weapons, missile, checks })
    }
}
