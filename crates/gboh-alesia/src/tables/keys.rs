//! Alesia's own table keys: missile columns (9.41), Entry Areas (5.33), die
//! checks, and the rows of its Terrain Effects Chart (6.8: kinds of hex and
//! hexside, moves on and off the siege works), which core's generic
//! [`TerrainEffects`](gboh_core::table::terrain::TerrainEffects) is keyed by.
//!
//! The chart's keys map the rulebook's words onto the board's types:
//!
//! | key | rulebook | board |
//! |---|---|---|
//! | `Clear`, `Woods`, `Rough`, `Marsh`, `Town`, `Water` | natural terrain (6.3, 6.33, 8.15, 8.17) | `Terrain::` the same name, when `Works::None` |
//! | `Rampart`, `RampartGate`, `Redoubt` | the works (6.42, 6.44) | `Works::Rampart`, `Works::Redoubt` |
//! | `InnerGardenOfDeath`, `OuterGardenOfDeath` | the Gardens (6.45) | `Works::GardenOfDeath` |
//! | `OnFire`, `Rubble` | markers (8.43, 8.45) | a marker over, or in place of, the hex's own key |
//! | hexside keys | hexsides (6.33-6.36, 6.43, 6.44, 6.46) | `HexsideFeature::` the same name, but `RedoubtWall` (`FortWall`), `StoneCrest` (`Escarpment`) and `CrestGate` (`Pass`) |
//! | move keys | moves on and off the works (6.42, 6.44), stacking (6.63), Fills (6.47) | the movement rules |

use gboh_core::unit::MissileType;
use serde::{Deserialize, Serialize};

gboh_core::table_key! {
    /// A column of the Missile Range and Results Table (9.41).
    #[derive(Serialize, Deserialize)]
    pub enum MissileColumn: "unknown missile column" {
        /// A: arrows (2.21, 8.3).
        Arrow = "A",
        /// J: javelins, including pila and darts (2.21, 8.2).
        Javelin = "J",
        /// Scorpiones (8.5).
        Scorpio = "Scorpio",
        /// Palintonos (8.5).
        Palintonos = "Palintonos",
        /// (A) Flame: archers' fire arrows (8.42).
        Flame = "Flame",
    }
}

impl MissileColumn {
    /// The column a unit's missile type fires on (Flame is a choice of archers,
    /// 8.41, not a missile type). `None` for the standard series' slings and
    /// mounted archers, which Alesia does not have.
    #[must_use]
    pub const fn for_missile(missile: MissileType) -> Option<MissileColumn> {
        match missile {
            MissileType::Arrow => Some(MissileColumn::Arrow),
            MissileType::Javelin => Some(MissileColumn::Javelin),
            MissileType::Scorpio => Some(MissileColumn::Scorpio),
            MissileType::Palintonos => Some(MissileColumn::Palintonos),
            MissileType::Sling | MissileType::MountedArcher => None,
        }
    }
}

gboh_core::table_key! {
    /// A Gallic Entry Area (5.3, 5.4), I to XVI.
    #[derive(Serialize, Deserialize)]
    pub enum EntryArea: "unknown Entry Area" {
        /// Area I.
        I = "I",
        /// Area II.
        II = "II",
        /// Area III.
        III = "III",
        /// Area IV.
        IV = "IV",
        /// Area V.
        V = "V",
        /// Area VI.
        VI = "VI",
        /// Area VII.
        VII = "VII",
        /// Area VIII.
        VIII = "VIII",
        /// Area IX.
        IX = "IX",
        /// Area X.
        X = "X",
        /// Area XI.
        XI = "XI",
        /// Area XII.
        XII = "XII",
        /// Area XIII.
        XIII = "XIII",
        /// Area XIV.
        XIV = "XIV",
        /// Area XV.
        XV = "XV",
        /// Area XVI.
        XVI = "XVI",
    }
}

impl EntryArea {
    /// 5.33: arrival in Areas I and II is automatic; III-XVI need a roll.
    #[must_use]
    pub const fn arrives_automatically(self) -> bool {
        matches!(self, EntryArea::I | EntryArea::II)
    }
}

gboh_core::table_key! {
    /// A die check printed as a roll threshold in the rules.
    #[derive(Serialize, Deserialize)]
    pub enum AlesiaCheck: "unknown die check" {
        /// 5.63: the Alesia Force enters play.
        AlesiaForceEntry = "AlesiaForceEntry",
        /// 8.44: a Roman unit puts out a fire.
        FirePutOut = "FirePutOut",
        /// 8.45: an On Fire hex burns down to Rubble.
        BurnDown = "BurnDown",
        /// 9.24: a leader in a shock combat is eliminated.
        ShockLeaderCasualty = "ShockLeaderCasualty",
        /// 8.18: a leader in a hex fired at is hit.
        MissileLeaderCasualty = "MissileLeaderCasualty",
    }
}

impl AlesiaCheck {
    /// The rule that prints the check.
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            AlesiaCheck::AlesiaForceEntry => "5.63",
            AlesiaCheck::FirePutOut => "8.44",
            AlesiaCheck::BurnDown => "8.45",
            AlesiaCheck::ShockLeaderCasualty => "9.24",
            AlesiaCheck::MissileLeaderCasualty => "8.18",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_their_text() {
        for k in MissileColumn::ALL {
            assert_eq!(k.as_str().parse::<MissileColumn>(), Ok(*k));
        }
        for k in EntryArea::ALL {
            assert_eq!(k.to_string().parse::<EntryArea>(), Ok(*k));
        }
        assert_eq!(EntryArea::ALL.len(), 16);
        assert_eq!(EntryArea::ALL.iter().filter(|a| a.arrives_automatically()).count(), 2);
        assert_eq!(MissileColumn::for_missile(MissileType::Sling), None);
        assert_eq!(AlesiaCheck::BurnDown.rule(), "8.45");
    }
}

gboh_core::table_key! {
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

gboh_core::table_key! {
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

gboh_core::table_key! {
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
