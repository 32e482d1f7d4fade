//! The keys the standard family's charts are indexed by: the shock types of
//! the Superiority and Clash charts, missile types, terrain rows and mover
//! classes of the Movement Cost Chart.

use gboh_core::unit::UnitType;
use serde::{Deserialize, Serialize};

gboh_core::table_key! {
    /// A type as the shock charts name it (SPQR 8.72, 8.73): the core's unit
    /// types plus RC, which the Superiority chart tells apart from HC.
    #[derive(Serialize, Deserialize)]
    pub enum ShockClass: "unknown shock type" {
        /// Phalanx.
        PH = "PH",
        /// Heavy infantry.
        HI = "HI",
        /// Legionaries.
        LG = "LG",
        /// Medium infantry.
        MI = "MI",
        /// Barbarian infantry.
        BI = "BI",
        /// Light infantry.
        LI = "LI",
        /// Skirmishers.
        SK = "SK",
        /// Heavy cavalry.
        HC = "HC",
        /// RC cavalry (a class of its own on the Superiority chart; HC on the Clash chart).
        RC = "RC",
        /// Lancers.
        LN = "LN",
        /// Light cavalry.
        LC = "LC",
        /// Elephants.
        EL = "EL",
        /// Chariots.
        CH = "CH",
    }
}

impl ShockClass {
    /// The class of a core unit type, if it has one on the shock charts
    /// (artillery defends as LI, SPQR 8.73; archers are LI).
    #[must_use]
    pub const fn of(unit_type: UnitType) -> ShockClass {
        match unit_type {
            UnitType::PH => ShockClass::PH,
            UnitType::HI => ShockClass::HI,
            UnitType::LG | UnitType::CO => ShockClass::LG,
            UnitType::MI => ShockClass::MI,
            UnitType::BI => ShockClass::BI,
            UnitType::LI | UnitType::AR | UnitType::Scorpio | UnitType::Palintonos => {
                ShockClass::LI
            }
            UnitType::SK => ShockClass::SK,
            UnitType::HC | UnitType::GC => ShockClass::HC,
            UnitType::LN => ShockClass::LN,
            UnitType::LC => ShockClass::LC,
            UnitType::EL => ShockClass::EL,
            UnitType::CH => ShockClass::CH,
        }
    }

    /// The row or column this class reads on the Clash chart: RC reads as HC
    /// (SPQR 8.73).
    #[must_use]
    pub const fn clash_key(self) -> ShockClass {
        match self {
            ShockClass::RC => ShockClass::HC,
            other => other,
        }
    }

    /// Heavy ("+") types, which must shock what they moved next to (SPQR 8.31).
    #[must_use]
    pub const fn is_heavy(self) -> bool {
        !matches!(self, ShockClass::LI | ShockClass::LC | ShockClass::SK)
    }

    /// Mounted types (cavalry, elephants, chariots).
    #[must_use]
    pub const fn is_mounted(self) -> bool {
        matches!(
            self,
            ShockClass::HC
                | ShockClass::RC
                | ShockClass::LN
                | ShockClass::LC
                | ShockClass::EL
                | ShockClass::CH
        )
    }

    /// Cavalry proper (not elephants or chariots).
    #[must_use]
    pub const fn is_cavalry(self) -> bool {
        matches!(self, ShockClass::HC | ShockClass::RC | ShockClass::LN | ShockClass::LC)
    }
}

gboh_core::table_key! {
    /// A column of the Missile Range and Results chart (SPQR 8.2).
    #[derive(Serialize, Deserialize)]
    pub enum MissileKey: "unknown missile type" {
        /// Foot archers.
        Archer = "A",
        /// Slingers.
        Sling = "S",
        /// Foot javelins.
        Javelin = "J",
        /// Elephant screen (reaction fire only).
        ElephantScreen = "ES",
        /// Mounted javelins.
        MountedJavelin = "MJ",
        /// Mounted archers.
        MountedArcher = "MA",
        /// Scorpio.
        Scorpio = "SC",
    }
}

impl MissileKey {
    /// Javelin types run low on an unmodified 7-9, the others on a 9 (SPQR 8.2).
    #[must_use]
    pub const fn low_on(self) -> u8 {
        match self {
            MissileKey::Javelin | MissileKey::MountedJavelin => 7,
            _ => 9,
        }
    }

    /// Archers, slingers and screens, whose fire at range 1 through a PH or
    /// HI target's front is +3 rather than +1 (SPQR 8.2).
    #[must_use]
    pub const fn is_shooting(self) -> bool {
        matches!(self, MissileKey::Archer | MissileKey::Sling | MissileKey::ElephantScreen)
    }
}

gboh_core::table_key! {
    /// A row of the Movement Cost Chart (SPQR 6.27).
    #[derive(Serialize, Deserialize)]
    pub enum MoveTerrain: "unknown movement terrain" {
        /// Clear.
        Clear = "Clear",
        /// Woods.
        Woods = "Woods",
        /// Broken ground.
        Broken = "Broken",
        /// Marsh.
        Marsh = "Marsh",
        /// A stream hexside.
        Stream = "Stream",
        /// A village.
        Village = "Village",
        /// A river.
        River = "River",
        /// A dirt road.
        DirtRoad = "DirtRoad",
        /// A Roman road.
        RomanRoad = "RomanRoad",
        /// Up one level.
        UpOneLevel = "Up1",
        /// Each level beyond the first climbed in one phase.
        UpMore = "UpMore",
        /// Down one level.
        DownOneLevel = "Down1",
    }
}

gboh_core::table_key! {
    /// The mover classes of the Movement Cost Chart's hit columns (SPQR 6.27).
    #[derive(Serialize, Deserialize)]
    pub enum MoverClass: "unknown mover class" {
        /// Phalanxes and heavy infantry.
        Heavy = "PH-HI",
        /// Legionaries, medium and light infantry, skirmishers.
        Foot = "LG-MI-LI-SK",
        /// Cavalry and leaders (leaders never take hits).
        Cavalry = "Cavalry",
        /// Elephants.
        Elephant = "EL",
        /// Chariots.
        Chariot = "CH",
    }
}

impl MoverClass {
    /// The class of a shock type.
    #[must_use]
    pub const fn of(class: ShockClass) -> MoverClass {
        match class {
            ShockClass::PH | ShockClass::HI => MoverClass::Heavy,
            ShockClass::LG | ShockClass::MI | ShockClass::BI | ShockClass::LI | ShockClass::SK => {
                MoverClass::Foot
            }
            ShockClass::HC | ShockClass::RC | ShockClass::LN | ShockClass::LC => {
                MoverClass::Cavalry
            }
            ShockClass::EL => MoverClass::Elephant,
            ShockClass::CH => MoverClass::Chariot,
        }
    }

    /// Column index in the chart's hit list.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_core_type_has_a_shock_class_and_rc_reads_as_hc_on_the_clash_chart() {
        for t in UnitType::ALL {
            let c = ShockClass::of(t);
            assert_ne!(c.clash_key(), ShockClass::RC);
        }
        assert_eq!(ShockClass::RC.clash_key(), ShockClass::HC);
        assert_eq!("DS".parse::<ShockClass>().map_err(|e| e.what), Err("unknown shock type"));
    }
}
