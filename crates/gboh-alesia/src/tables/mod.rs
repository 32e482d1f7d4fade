//! Alesia's tables (9.4, 6.8, 5.33), loaded from RON and validated.
//!
//! The default data is embedded at compile time from `data/alesia/tables/`:
//! one file per table, every table, row or value marked `Printed("9.22")`,
//! `Transcribed(..)` or `Reconstructed` (see `docs/provenance-tables.md`). An
//! app whose owner has the published charts loads its own RON for any table
//! with [`AlesiaTables::replace`]; nothing else changes.
//!
//! ```
//! use gboh_alesia::tables::{AlesiaTable, AlesiaTables, MissileColumn};
//! use gboh_alesia::tables::TerrainKey;
//! use gboh_core::table::Drm;
//! use gboh_core::unit::UnitType;
//!
//! let tables = AlesiaTables::shared().unwrap();
//! // 9.22: -3 rampart, +3 units 4 to 1, +1 TQ, -2 weapon system (BI vs CO).
//! let rampart = tables.terrain().hex(TerrainKey::Rampart).unwrap().shock_drm_from_below.value;
//! let weapons = tables.weapon_systems().drm(&UnitType::BI, &UnitType::CO).unwrap();
//! let drm = rampart + Drm(3) + Drm(1) + weapons;
//! assert_eq!(tables.shock().resolve(5, drm).to_string(), "2/2");
//! // 8.17: an archer at range 3 hits on a modified 1, not 2.
//! assert_eq!(tables.missile().hit_number(&MissileColumn::Arrow, 3), Ok(1));
//!
//! // Replace one table with an app's own copy; the others stay as they were.
//! let mine = AlesiaTable::Shock.default_text().replace(
//!     "(rolls: (9, 9), result: (attacker_hits: 0, defender_hits: 4, defender_retreats: true)",
//!     "(rolls: (9, 9), result: (attacker_hits: 0, defender_hits: 4, defender_retreats: true, continued_shock: true)",
//! );
//! let mine = tables.clone().with(AlesiaTable::Shock, "my-shock.ron", &mine).unwrap();
//! assert!(mine.shock().resolve(9, Drm(0)).continued_shock);
//! assert_eq!(mine.missile(), tables.missile());
//! ```

mod keys;
mod load;

pub use keys::{AlesiaCheck, EntryArea, HexsideKey, MissileColumn, MoveKey, TerrainKey};

/// Alesia's Terrain Effects Chart (6.8): core's generic chart on Alesia's keys.
pub type TerrainChart = TerrainEffects<TerrainKey, HexsideKey, MoveKey>;
pub use load::{
    SHOCK_TYPES, load_arrival, load_checks, load_missile, load_shock, load_terrain,
    load_weapon_systems,
};

use gboh_core::data::DataError;
use gboh_core::table::{
    ArrivalTable, CheckTable, DrmMatrix, RollTable, ShockResult, TerrainEffects, ThresholdTable,
};
use gboh_core::unit::UnitType;
use std::sync::OnceLock;

gboh_core::table_key! {
    /// One of Alesia's table files.
    pub enum AlesiaTable: "unknown Alesia table" {
        /// 9.41 Missile Range and Results Table.
        Missile = "missile",
        /// 9.42 Shock Table.
        Shock = "shock",
        /// 9.43 Weapon System Matrix.
        WeaponSystems = "weapon-systems",
        /// 6.8 Terrain Effects Chart.
        TerrainEffects = "terrain-effects",
        /// 5.33 Gallic Entry Arrival Table.
        GallicEntryArrival = "gallic-entry-arrival",
        /// The die checks printed in 5.63, 8.18, 8.44, 8.45 and 9.24.
        DieChecks = "die-checks",
    }
}

impl AlesiaTable {
    /// The default data file's name in `data/alesia/tables/`.
    #[must_use]
    pub const fn file_name(self) -> &'static str {
        match self {
            AlesiaTable::Missile => "missile.ron",
            AlesiaTable::Shock => "shock.ron",
            AlesiaTable::WeaponSystems => "weapon-systems.ron",
            AlesiaTable::TerrainEffects => "terrain-effects.ron",
            AlesiaTable::GallicEntryArrival => "gallic-entry-arrival.ron",
            AlesiaTable::DieChecks => "die-checks.ron",
        }
    }

    /// The default data, embedded at compile time.
    #[must_use]
    pub const fn default_text(self) -> &'static str {
        match self {
            AlesiaTable::Missile => include_str!("../../data/alesia/tables/missile.ron"),
            AlesiaTable::Shock => include_str!("../../data/alesia/tables/shock.ron"),
            AlesiaTable::WeaponSystems => {
                include_str!("../../data/alesia/tables/weapon-systems.ron")
            }
            AlesiaTable::TerrainEffects => {
                include_str!("../../data/alesia/tables/terrain-effects.ron")
            }
            AlesiaTable::GallicEntryArrival => {
                include_str!("../../data/alesia/tables/gallic-entry-arrival.ron")
            }
            AlesiaTable::DieChecks => include_str!("../../data/alesia/tables/die-checks.ron"),
        }
    }

    /// The rule that defines the table.
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            AlesiaTable::Missile => "9.41",
            AlesiaTable::Shock => "9.42",
            AlesiaTable::WeaponSystems => "9.43",
            AlesiaTable::TerrainEffects => "6.8",
            AlesiaTable::GallicEntryArrival => "5.33",
            AlesiaTable::DieChecks => "5.63, 8.18, 8.44, 8.45, 9.24",
        }
    }
}

/// Every Alesia table, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AlesiaTables {
    missile: ThresholdTable<MissileColumn>,
    shock: RollTable<ShockResult>,
    weapon_systems: DrmMatrix<UnitType, UnitType>,
    terrain: TerrainChart,
    arrival: ArrivalTable<EntryArea>,
    checks: CheckTable<AlesiaCheck>,
}

static SHARED: OnceLock<Result<AlesiaTables, DataError>> = OnceLock::new();

impl AlesiaTables {
    /// Loads every table from the embedded default data.
    ///
    /// # Errors
    /// Every problem in every table file (none in a released build: the
    /// workspace tests load them).
    pub fn default_tables() -> Result<Self, DataError> {
        let file = |t: AlesiaTable| t.file_name();
        let text = |t: AlesiaTable| t.default_text();
        let missile = load_missile(file(AlesiaTable::Missile), text(AlesiaTable::Missile));
        let shock = load_shock(file(AlesiaTable::Shock), text(AlesiaTable::Shock));
        let weapon_systems =
            load_weapon_systems(file(AlesiaTable::WeaponSystems), text(AlesiaTable::WeaponSystems));
        let terrain =
            load_terrain(file(AlesiaTable::TerrainEffects), text(AlesiaTable::TerrainEffects));
        let arrival = load_arrival(
            file(AlesiaTable::GallicEntryArrival),
            text(AlesiaTable::GallicEntryArrival),
        );
        let checks = load_checks(file(AlesiaTable::DieChecks), text(AlesiaTable::DieChecks));
        match (missile, shock, weapon_systems, terrain, arrival, checks) {
            (Ok(missile), Ok(shock), Ok(weapon_systems), Ok(terrain), Ok(arrival), Ok(checks)) => {
                Ok(AlesiaTables { missile, shock, weapon_systems, terrain, arrival, checks })
            }
            (missile, shock, weapon_systems, terrain, arrival, checks) => {
                // Report every broken file, not just the first.
                let errors: Vec<DataError> = [
                    missile.err(),
                    shock.err(),
                    weapon_systems.err(),
                    terrain.err(),
                    arrival.err(),
                    checks.err(),
                ]
                .into_iter()
                .flatten()
                .collect();
                Err(merge(errors))
            }
        }
    }

    /// The default tables, loaded once and shared (a `OnceLock`).
    ///
    /// # Errors
    /// As [`AlesiaTables::default_tables`].
    pub fn shared() -> Result<&'static AlesiaTables, DataError> {
        SHARED.get_or_init(AlesiaTables::default_tables).as_ref().map_err(Clone::clone)
    }

    /// Replaces one table with the one in `text` (the contents of `file`),
    /// validated as the default is. On error `self` is unchanged.
    ///
    /// # Errors
    /// Every problem in `text`, each with its file, line, column and item.
    pub fn replace(&mut self, table: AlesiaTable, file: &str, text: &str) -> Result<(), DataError> {
        match table {
            AlesiaTable::Missile => self.missile = load_missile(file, text)?,
            AlesiaTable::Shock => self.shock = load_shock(file, text)?,
            AlesiaTable::WeaponSystems => self.weapon_systems = load_weapon_systems(file, text)?,
            AlesiaTable::TerrainEffects => self.terrain = load_terrain(file, text)?,
            AlesiaTable::GallicEntryArrival => self.arrival = load_arrival(file, text)?,
            AlesiaTable::DieChecks => self.checks = load_checks(file, text)?,
        }
        Ok(())
    }

    /// These tables with one replaced, as [`AlesiaTables::replace`].
    ///
    /// # Errors
    /// As [`AlesiaTables::replace`].
    pub fn with(mut self, table: AlesiaTable, file: &str, text: &str) -> Result<Self, DataError> {
        self.replace(table, file, text)?;
        Ok(self)
    }

    /// 9.41 Missile Range and Results Table.
    #[must_use]
    pub fn missile(&self) -> &ThresholdTable<MissileColumn> {
        &self.missile
    }

    /// 9.42 Shock Table.
    #[must_use]
    pub fn shock(&self) -> &RollTable<ShockResult> {
        &self.shock
    }

    /// 9.43 Weapon System Matrix.
    #[must_use]
    pub fn weapon_systems(&self) -> &DrmMatrix<UnitType, UnitType> {
        &self.weapon_systems
    }

    /// 6.8 Terrain Effects Chart.
    #[must_use]
    pub fn terrain(&self) -> &TerrainChart {
        &self.terrain
    }

    /// 5.33 Gallic Entry Arrival Table.
    #[must_use]
    pub fn arrival(&self) -> &ArrivalTable<EntryArea> {
        &self.arrival
    }

    /// The die checks of 5.63, 8.18, 8.44, 8.45 and 9.24.
    #[must_use]
    pub fn checks(&self) -> &CheckTable<AlesiaCheck> {
        &self.checks
    }
}

/// One error for several files: each problem keeps its own file in its item.
fn merge(errors: Vec<DataError>) -> DataError {
    let mut it = errors.into_iter();
    let Some(first) = it.next() else {
        return DataError { file: "data/alesia/tables".to_owned(), problems: Vec::new() };
    };
    it.fold(first, |mut acc, e| {
        acc.problems.extend(e.problems.into_iter().map(|mut p| {
            p.item = format!("{} {}", e.file, p.item);
            p
        }));
        acc
    })
}
