//! The Alesia West map, reconstructed from the rulebook (2.1, 6.3, 6.4), and a
//! small oppidum test board.
//!
//! The printed maps are not available: `data/alesia/map.ron` rebuilds the West
//! map from every hex and feature the rulebook names, and from the historical
//! site where it says nothing (docs/data-provenance.md). It is embedded at
//! compile time; an app with its own copy of the map loads it with
//! [`load_map`].
//!
//! ```
//! use gboh_alesia::map::{self, areas, Region, Ring, SiegeWorks, Works};
//! let board = map::west_map().unwrap();
//! let w3911 = board.hex_of("W3911").unwrap();
//! assert_eq!(board.siege_works(w3911), Some(Works::Rampart { ring: Ring::Contravallation, gate: false }));
//! assert_eq!(board.region(board.hex_of("W6427").unwrap()), Some(Region::Outside));
//! assert!(board.in_area(areas::ENTRY_AREAS[1], board.hex_of("W3901").unwrap()));
//! ```

mod works;

use std::sync::OnceLock;

use gboh_core::data::DataError;

pub use works::{Board, Region, Ring, SiegeHex, SiegeWorks, Works};

/// The name the embedded West map reports errors under.
pub const WEST_MAP_FILE: &str = "data/alesia/map.ron";

/// The text of the embedded West map.
pub const WEST_MAP_RON: &str = include_str!("../../data/alesia/map.ron");

/// The names of the map's areas, as the rules use them.
pub mod areas {
    /// Gallic Entry Areas I-VI (5.3; 12.1 uses III-VI). Areas VII-XVI are on
    /// the East map, which is not reconstructed.
    pub const ENTRY_AREAS: [&str; 6] = [
        "Entry Area I",
        "Entry Area II",
        "Entry Area III",
        "Entry Area IV",
        "Entry Area V",
        "Entry Area VI",
    ];
    /// Where the Alesia Force enters in 12.1: W3733-W4034 and W4333-W4533.
    pub const ALESIA_FORCE_ENTRY: &str = "Alesia Force Entry";
    /// The infantry camp around W5022 (12.1), inside its camp walls (6.42).
    pub const INFANTRY_CAMP: &str = "Infantry Camp";
    /// The three cavalry camps just outside the walls (6.43, 12.1).
    pub const CAVALRY_CAMPS: [&str; 3] =
        ["Cavalry Camp South-West", "Cavalry Camp West", "Cavalry Camp North"];
    /// 5.49: W5815-W5819, entering which frees Gallic units from the 12-hex rule.
    pub const THE_HILL: &str = "The Hill";
    /// 5.45, 12.1: W5815 and W5915-W5918, treated as rampart hexes for
    /// placement; no Roman placement north of them.
    pub const HILL_RAMPART_LINE: &str = "Hill Rampart Line";
    /// 12.1: the outside rampart W5714-W1832, every hex of which the Romans man.
    pub const OUTSIDE_RAMPART: &str = "Outside Rampart";
    /// 11.0: hexes considered outside the contravallation (W4918, W4919 and
    /// north-east of them between the outer walls; north of the Hill line).
    pub const OUTSIDE_CONTRAVALLATION: &str = "Outside the Contravallation";
}

/// The West map, parsed once and cached.
///
/// # Errors
/// The embedded file's problems (only if it was edited into an invalid state;
/// the test suite loads it).
pub fn west_map() -> Result<&'static Board, DataError> {
    static MAP: OnceLock<Result<Board, DataError>> = OnceLock::new();
    MAP.get_or_init(|| load_map(WEST_MAP_FILE, WEST_MAP_RON)).as_ref().map_err(Clone::clone)
}

/// Loads an Alesia map from RON text (an app's own copy of the map).
///
/// # Errors
/// Every problem in the file, each with `file:line:column: item: message`.
pub fn load_map(file: &str, text: &str) -> Result<Board, DataError> {
    Board::from_ron(file, text)
}

/// Small boards for rules the West map cannot show.
pub mod test_boards {
    use gboh_core::data::DataError;

    use super::Board;

    /// The name the oppidum test board reports errors under.
    pub const OPPIDUM_FILE: &str = "oppidum-test.ron";

    /// A plateau of Town hexes (E0303-E0607, area "Alesia") ringed by a
    /// stone crest (6.36) with two crest gates (E0303/E0203 and E0706/E0606),
    /// on the besieged side of a short circumvallation (column 1) with its
    /// inner Gardens of Death (column 2). The oppidum lies on the East map,
    /// which is not reconstructed; this board is only for testing 5.64 and 6.36.
    pub const OPPIDUM_RON: &str = r#"(
    name: "Oppidum test board (not a printed map)",
    provenance: Reconstructed,
    grid: (prefix: "E", columns: (1, 8), rows: (1, 10), shifted_rows: (1, 9), shifted: Odd),
    legend: [
        (symbol: ':', terrain: Clear, works: (region: Besieged)),
        (symbol: 'T', terrain: Town, works: (region: Besieged)),
        (symbol: 'i', terrain: Clear, works: (region: Besieged, works: GardenOfDeath(ring: Circumvallation))),
        (symbol: 'c', terrain: Clear, works: (region: Inside, works: Rampart(ring: Circumvallation, gate: false))),
    ],
    map: [
        "08 : : : : : : : : : :",
        "07  : : : : : : : : :",
        "06 : : T T T T : : : :",
        "05  : : T T T T : : :",
        "04 : : T T T T T : : :",
        "03  : : T T T T : : :",
        "02 i i i i i i i i i i",
        "01  c c c c c c c c c",
    ],
    elevation: [
        "08 1 1 1 1 1 1 1 1 1 1",
        "07  1 1 2 2 2 2 1 1 1",
        "06 1 1 3 3 3 3 2 1 1 1",
        "05  1 2 3 3 3 3 2 1 1",
        "04 1 1 3 3 3 3 3 1 1 1",
        "03  1 2 3 3 3 3 2 1 1",
        "02 0 0 0 0 0 0 0 0 0 0",
        "01  0 0 0 0 0 0 0 0 0",
    ],
    hexsides: [
        (features: [Escarpment], sides: [
            "E0302/E0303", "E0303/E0204", "E0304/E0204", "E0304/E0205", "E0305/E0205",
            "E0305/E0206", "E0306/E0206", "E0306/E0207", "E0306/E0307", "E0402/E0403",
            "E0403/E0302", "E0407/E0307", "E0407/E0408", "E0502/E0403", "E0502/E0503",
            "E0506/E0507", "E0507/E0407", "E0602/E0603", "E0603/E0502", "E0606/E0607",
            "E0607/E0506", "E0702/E0603", "E0703/E0603", "E0703/E0604", "E0704/E0604",
            "E0704/E0605", "E0705/E0605", "E0705/E0606",
        ]),
        (features: [Pass], sides: ["E0303/E0203", "E0706/E0606"]),
    ],
    walkways: [["E0101", "E0102", "E0103", "E0104", "E0105", "E0106", "E0107", "E0108", "E0109"]],
    areas: [
        (name: "Alesia", rule: "5.64, 6.36", hexes: ["E0303..E0606", "E0407"]),
    ],
    sources: [
        (items: ["Alesia"], provenance: Reconstructed,
         note: "a test board, not the East map: an oppidum plateau inside a stone crest with two gates"),
    ],
)"#;

    /// The oppidum test board.
    ///
    /// # Errors
    /// Never, unless the embedded text is edited wrongly (tests load it).
    pub fn oppidum() -> Result<Board, DataError> {
        Board::from_ron(OPPIDUM_FILE, OPPIDUM_RON)
    }
}
