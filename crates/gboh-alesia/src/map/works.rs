//! The siege works of Alesia (6.4): the two rings, what stands in a hex
//! (ramparts, redoubts, Gardens of Death) and which side of the vallations it
//! lies on. The board stores one [`SiegeHex`] per hex; a map legend entry
//! gives it as `works: (region: Inside, works: Rampart(ring: Contravallation,
//! gate: false))`, and a hex without works as `works: (region: Besieged)`.

use core::fmt::Write as _;

use gboh_core::board::{HexWorks, HexsideFeature, WorksLegend};
use hexx::Hex;
use serde::{Deserialize, Serialize};

/// An Alesia map: a board whose hexes carry their siege works.
pub type Board = gboh_core::board::Board<SiegeHex>;

/// One of the two rings of siege works (6.41).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Ring {
    /// The outer works, built to keep a relief force out (e.g. W3310).
    Contravallation,
    /// The inner works, built to keep the besieged in (e.g. W3220).
    Circumvallation,
}

/// Man-made works occupying a whole hex (6.42-6.45).
///
/// Walls that run along hexsides (camp walls, stone walls, redoubt walls) are
/// [`HexsideFeature`](gboh_core::board::HexsideFeature)s, not works.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Works {
    /// No works.
    #[default]
    None,
    /// 6.42 Ramparts: a wall with a tower; one level higher than the ground it
    /// stands on. With a gate, a unit (cavalry too) may pass straight through
    /// from a non-rampart hex to another (6.42 Rampart/Gate, e.g. W4513).
    Rampart {
        /// Which ring the rampart belongs to.
        ring: Ring,
        /// Whether it is a Rampart/Gate hex.
        gate: bool,
    },
    /// 6.44 Redoubts: a small fortified camp inside the walls, at ground level,
    /// whose occupants have all-round frontal facing.
    Redoubt,
    /// 6.45 Gardens of Death: pits, stakes and ditches in front of a ring;
    /// the contravallation's are the outer GoDs (2 hits to enter), the
    /// circumvallation's the inner GoDs (3 hits, water-filled ditch).
    GardenOfDeath {
        /// The ring the Garden lies in front of.
        ring: Ring,
    },
}

impl Works {
    /// Whether this is a rampart hex, gate or not (6.42).
    #[must_use]
    pub const fn is_rampart(self) -> bool {
        matches!(self, Works::Rampart { .. })
    }

    /// The ring of a rampart or Garden of Death.
    #[must_use]
    pub const fn ring(self) -> Option<Ring> {
        match self {
            Works::Rampart { ring, .. } | Works::GardenOfDeath { ring } => Some(ring),
            Works::None | Works::Redoubt => None,
        }
    }
}

/// Where a hex lies with respect to the siege works (6.41).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
pub enum Region {
    /// Outside the fortifications: beyond the contravallation, where a relief
    /// army comes from.
    #[default]
    Outside,
    /// 6.41: "between the two series of Ramparts (or on the ramparts
    /// themselves)": inside the fortifications.
    Inside,
    /// The besieged side of the circumvallation, toward the oppidum.
    Besieged,
}

/// What the siege adds to one hex: its works and its side of the vallations.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(deny_unknown_fields)]
pub struct SiegeHex {
    /// Which side of the works the hex is on (6.41).
    #[serde(default)]
    pub region: Region,
    /// The works in the hex (6.42-6.45).
    #[serde(default)]
    pub works: Works,
}

impl SiegeHex {
    /// A hex in `region` with `works`.
    #[must_use]
    pub const fn new(region: Region, works: Works) -> SiegeHex {
        SiegeHex { region, works }
    }
}

/// The contravallation's colour on the map picture.
const CONTRA: &str = "#9a3412";
/// The circumvallation's colour on the map picture.
const CIRCUM: &str = "#6b21a8";

impl HexWorks for SiegeHex {
    /// 6.42 "Rampart Elevation", 7.22 play note, 8.15 terrain note: a rampart
    /// hex is one level higher than the ground it stands on; 6.44: redoubts
    /// are at ground level.
    fn raises(self) -> u8 {
        u8::from(self.works.is_rampart())
    }

    /// 8.15 "Ramparts and Woods hexes ... a unit may always fire into a
    /// Rampart/woods hex, but not through one".
    fn blocks_los(self) -> bool {
        self.works.is_rampart()
    }

    fn legend_fault(self) -> Option<&'static str> {
        match (self.works, self.region) {
            (Works::Rampart { .. }, r) if r != Region::Inside => {
                Some("6.41: a rampart hex is inside the fortifications (region Inside)")
            }
            (Works::Redoubt, r) if r != Region::Inside => {
                Some("6.44: a redoubt is inside the walls (region Inside)")
            }
            (Works::GardenOfDeath { ring: Ring::Contravallation }, r) if r != Region::Outside => {
                Some(
                    "6.45: an outer Garden of Death lies outside the contravallation (region Outside)",
                )
            }
            (Works::GardenOfDeath { ring: Ring::Circumvallation }, r) if r != Region::Besieged => {
                Some("6.45: an inner Garden of Death lies on the besieged side (region Besieged)")
            }
            _ => None,
        }
    }

    fn walkway(a: Self, b: Self) -> Result<(), &'static str> {
        match (a.works, b.works) {
            (Works::Rampart { .. }, Works::Rampart { .. })
            | (Works::Rampart { .. }, Works::Redoubt)
            | (Works::Redoubt, Works::Rampart { .. }) => Ok(()),
            _ => Err("6.42/6.44: a walkway joins two rampart hexes, or a redoubt to a rampart"),
        }
    }

    fn words(self) -> Option<String> {
        let ring = |r: Ring| match r {
            Ring::Contravallation => "contravallation",
            Ring::Circumvallation => "circumvallation",
        };
        let works = match self.works {
            Works::None => None,
            Works::Rampart { ring: r, gate: false } => {
                Some(format!("Rampart of the {} (6.42)", ring(r)))
            }
            Works::Rampart { ring: r, gate: true } => {
                Some(format!("Rampart/Gate of the {} (6.42)", ring(r)))
            }
            Works::Redoubt => Some("Redoubt (6.44)".into()),
            Works::GardenOfDeath { ring: r } => {
                Some(format!("Garden of Death before the {} (6.45)", ring(r)))
            }
        };
        let region = match self.region {
            Region::Outside => None,
            Region::Inside => Some("inside the works (6.41)"),
            Region::Besieged => Some("the besieged side"),
        };
        match (works, region) {
            (None, None) => None,
            (Some(w), None) => Some(w),
            (None, Some(r)) => Some(r.to_owned()),
            (Some(w), Some(r)) => Some(format!("{w}, {r}")),
        }
    }

    /// The map's hexside features in the rulebook's words.
    fn hexside_caption(feature: HexsideFeature) -> Option<&'static str> {
        match feature {
            HexsideFeature::FortWall => Some("Redoubt wall (6.44)"),
            HexsideFeature::Walkway => Some("Rampart walkway (6.42, 6.44)"),
            HexsideFeature::WaterDitch => Some("Water-filled ditch (6.33)"),
            HexsideFeature::Escarpment => Some("Stone crest (6.36)"),
            HexsideFeature::Pass => Some("Crest gate (6.36)"),
            _ => None,
        }
    }

    fn tint(self) -> Option<((u8, u8, u8), f64)> {
        match self.region {
            Region::Outside => None,
            Region::Inside => Some(((250, 226, 160), 0.35)),
            Region::Besieged => Some(((200, 208, 236), 0.35)),
        }
    }

    fn svg(self, (cx, cy): (f64, f64), size: f64, corners: &str) -> String {
        let mut s = String::new();
        match self.works {
            Works::None => {}
            Works::GardenOfDeath { ring } => {
                let id = if ring == Ring::Contravallation { "god-outer" } else { "god-inner" };
                let _ = write!(s, r#"<polygon points="{corners}" fill="url(#{id})"/>"#);
            }
            Works::Rampart { ring, gate } => {
                let colour = if ring == Ring::Contravallation { CONTRA } else { CIRCUM };
                let _ = write!(
                    s,
                    r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{colour}"/>"#,
                    size * 0.5
                );
                if gate {
                    let _ = write!(
                        s,
                        r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#fff" stroke="#000" stroke-width="0.8"/>"##,
                        cx - size * 0.25,
                        cy - size * 0.25,
                        size * 0.5,
                        size * 0.5
                    );
                }
            }
            Works::Redoubt => {
                let _ = write!(
                    s,
                    r##"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" fill="#444" stroke="#000"/>"##,
                    cx - size * 0.4,
                    cy - size * 0.4,
                    size * 0.8,
                    size * 0.8
                );
            }
        }
        s
    }

    fn svg_defs() -> &'static str {
        concat!(
            r##"<pattern id="god-outer" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,6 L6,0 M0,0 L6,6" stroke="#9a3412" stroke-width="1"/></pattern>"##,
            r##"<pattern id="god-inner" width="6" height="6" patternUnits="userSpaceOnUse"><path d="M0,3 L6,3" stroke="#1d4ed8" stroke-width="1.2"/><path d="M3,0 L3,6" stroke="#6b21a8" stroke-width="1"/></pattern>"##
        )
    }

    fn legend() -> Vec<WorksLegend<Self>> {
        let contra = Works::Rampart { ring: Ring::Contravallation, gate: false };
        let circum = Works::Rampart { ring: Ring::Circumvallation, gate: false };
        let outer = Works::GardenOfDeath { ring: Ring::Contravallation };
        let inner = Works::GardenOfDeath { ring: Ring::Circumvallation };
        vec![
            WorksLegend {
                sample: SiegeHex::new(Region::Inside, Works::None),
                shown: |w| w.region == Region::Inside,
                caption: "Inside the vallations (6.41)",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Besieged, Works::None),
                shown: |w| w.region == Region::Besieged,
                caption: "Besieged side",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Outside, contra),
                shown: |w| w.works.is_rampart() && w.works.ring() == Some(Ring::Contravallation),
                caption: "Rampart, contravallation (6.42)",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Outside, circum),
                shown: |w| w.works.is_rampart() && w.works.ring() == Some(Ring::Circumvallation),
                caption: "Rampart, circumvallation (6.42)",
            },
            WorksLegend {
                sample: SiegeHex::new(
                    Region::Outside,
                    Works::Rampart { ring: Ring::Contravallation, gate: true },
                ),
                shown: |w| matches!(w.works, Works::Rampart { gate: true, .. }),
                caption: "Rampart/Gate (6.42)",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Outside, Works::Redoubt),
                shown: |w| w.works == Works::Redoubt,
                caption: "Redoubt (6.44)",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Outside, outer),
                shown: |w| w.works == Works::GardenOfDeath { ring: Ring::Contravallation },
                caption: "Outer Garden of Death (6.45)",
            },
            WorksLegend {
                sample: SiegeHex::new(Region::Outside, inner),
                shown: |w| w.works == Works::GardenOfDeath { ring: Ring::Circumvallation },
                caption: "Inner Garden of Death (6.45)",
            },
        ]
    }
}

/// What an Alesia board answers about its siege works.
pub trait SiegeWorks {
    /// Which side of the siege works a hex is on (6.41), if it is on the map.
    fn region(&self, hex: Hex) -> Option<Region>;
    /// The works in a hex on the map (6.42-6.45).
    fn siege_works(&self, hex: Hex) -> Option<Works>;
    /// Whether a hex is a rampart hex (6.42), gate or not.
    fn is_rampart(&self, hex: Hex) -> bool {
        self.siege_works(hex).is_some_and(Works::is_rampart)
    }
}

impl SiegeWorks for Board {
    fn region(&self, hex: Hex) -> Option<Region> {
        self.works(hex).map(|w| w.region)
    }

    fn siege_works(&self, hex: Hex) -> Option<Works> {
        self.works(hex).map(|w| w.works)
    }
}

#[cfg(test)]
mod tests {
    use gboh_core::board::{HexInfo, Terrain};

    use super::*;

    #[test]
    fn rule_6_42_ramparts_are_one_level_higher() {
        let ground = HexInfo {
            terrain: Terrain::Clear,
            elevation: 1,
            works: SiegeHex::new(Region::Inside, Works::None),
        };
        let rampart = HexInfo {
            works: SiegeHex::new(
                Region::Inside,
                Works::Rampart { ring: Ring::Contravallation, gate: true },
            ),
            ..ground
        };
        assert_eq!(ground.effective_elevation(), 1);
        assert_eq!(rampart.effective_elevation(), 2);
        let redoubt = HexInfo { works: SiegeHex::new(Region::Inside, Works::Redoubt), ..ground };
        assert_eq!(redoubt.effective_elevation(), 1, "6.44: redoubts are at ground level");
    }

    #[test]
    fn works_report_their_ring() {
        assert_eq!(
            Works::GardenOfDeath { ring: Ring::Circumvallation }.ring(),
            Some(Ring::Circumvallation)
        );
        assert_eq!(Works::Redoubt.ring(), None);
        assert!(!Works::Redoubt.is_rampart());
    }

    #[test]
    fn works_in_words_name_their_ring_side_and_section() {
        let gate = SiegeHex::new(
            Region::Inside,
            Works::Rampart { ring: Ring::Circumvallation, gate: true },
        );
        assert_eq!(
            gate.words().as_deref(),
            Some("Rampart/Gate of the circumvallation (6.42), inside the works (6.41)")
        );
        assert_eq!(SiegeHex::default().words(), None, "open ground outside says nothing");
        assert_eq!(
            SiegeHex::new(Region::Besieged, Works::None).words().as_deref(),
            Some("the besieged side")
        );
    }

    #[test]
    fn rule_6_41_6_45_a_legend_entry_on_the_wrong_side_is_a_fault() {
        let rampart = Works::Rampart { ring: Ring::Contravallation, gate: false };
        assert!(SiegeHex::new(Region::Outside, rampart).legend_fault().is_some());
        assert!(SiegeHex::new(Region::Inside, rampart).legend_fault().is_none());
        let inner = Works::GardenOfDeath { ring: Ring::Circumvallation };
        assert!(SiegeHex::new(Region::Inside, inner).legend_fault().is_some());
        assert!(SiegeHex::new(Region::Besieged, inner).legend_fault().is_none());
    }
}
