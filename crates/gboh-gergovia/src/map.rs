//! The Gergovia map, reconstructed from the rulebook and the excavated site.
//!
//! No printed map is available: `data/gergovia/map.ron` places every hex and
//! feature the rulebook names (the legions' rows, the camps, the town on its
//! plateau with 3801, 3802 and 3901 inside, the stone walls, the sunken road
//! and its embankment, the woods from hexrow 4300 north, the entry hexes
//! 4001-4801) and fills the rest from the site (docs/data-provenance.md).
//! The file is embedded at compile time; an app with its own copy of the map
//! loads it with [`load_map`].
//!
//! ```
//! use gboh_core::board::{HexsideFeature, Terrain};
//! use gboh_gergovia::map::{self, areas};
//! let board = map::board().unwrap();
//! let h3801 = board.hex_of("3801").unwrap();
//! assert_eq!(board.terrain(h3801), Some(Terrain::Town));
//! assert!(board.in_area(areas::GERGOVIA, h3801));
//! assert!(board.in_area(areas::ENTRY_HEXES, board.hex_of("4801").unwrap()));
//! // The town stands two levels above its hill.
//! assert_eq!(board.elevation(h3801), Some(3));
//! ```

use std::sync::OnceLock;

use gboh_core::board::{Board, Terrain};
use gboh_core::data::DataError;
use hexx::Hex;

/// The name the embedded map reports errors under.
pub const MAP_FILE: &str = "data/gergovia/map.ron";

/// The text of the embedded map.
pub const MAP_RON: &str = include_str!("../data/gergovia/map.ron");

/// The names of the map's areas, as the rules use them.
pub mod areas {
    /// The town of Gergovia, inside its wall (6.71, Special Terrain Notes).
    pub const GERGOVIA: &str = "Gergovia";
    /// 3801, 3802 and 3901: all three occupied give Rome 3 VP (Victory).
    pub const TOWN_OBJECTIVE: &str = "Town objective";
    /// The Gallic camp hexes in front of the town wall (6.71, Gallic
    /// Starting Deployment).
    pub const GALLIC_CAMP: &str = "Gallic camp";
    /// The small Roman camp: walls and gates, no towers (6.71).
    pub const SMALL_CAMP: &str = "Small camp";
    /// The large Roman camp in the south-east: walls, gates, towers (6.71, 9.31).
    pub const LARGE_CAMP: &str = "Large camp";
    /// The towers of the large camp, each with a built-in scorpion (9.31).
    pub const TOWERS: &str = "Towers";
    /// The sunken road (Caesar's double ditch) between the camps.
    pub const SUNKEN_ROAD: &str = "Sunken road";
    /// Where Vercingetorix's troops enter: 4001 to 4801 (Gallic Reinforcements).
    pub const ENTRY_HEXES: &str = "Entry hexes";
    /// Both Roman camps (Gallic victory: "each Gallic unit in the Roman camp").
    pub const ROMAN_CAMPS: [&str; 2] = [SMALL_CAMP, LARGE_CAMP];
}

/// The first hexrow of the woods where Critignatus's Arverni deploy: "wooded
/// hexes north of and including row 4300" (Gallic Starting Deployment).
pub const WOODS_FIRST_COLUMN: u8 = 43;

/// The embedded map, parsed once and cached.
///
/// # Errors
/// The embedded file's problems (only if it was edited into an invalid
/// state; the test suite loads it).
pub fn board() -> Result<&'static Board, DataError> {
    static MAP: OnceLock<Result<Board, DataError>> = OnceLock::new();
    MAP.get_or_init(|| load_map(MAP_FILE, MAP_RON)).as_ref().map_err(Clone::clone)
}

/// Loads a Gergovia map from RON text (an app's own copy of the map),
/// checking the areas the rules need besides the board format.
///
/// # Errors
/// Every problem in the file, each with `file:line:column: item: message`.
pub fn load_map(file: &str, text: &str) -> Result<Board, DataError> {
    let board = Board::from_ron(file, text)?;
    let mut problems = gboh_core::data::Problems::new(file, text);
    for name in [
        areas::GERGOVIA,
        areas::TOWN_OBJECTIVE,
        areas::GALLIC_CAMP,
        areas::SMALL_CAMP,
        areas::LARGE_CAMP,
        areas::TOWERS,
        areas::SUNKEN_ROAD,
        areas::ENTRY_HEXES,
    ] {
        if board.area(name).is_none() {
            problems.at(name, "areas", format!("the map needs the area {name:?}"));
        }
    }
    if let (Some(towers), Some(camp)) = (board.area(areas::TOWERS), board.area(areas::LARGE_CAMP)) {
        for &hex in towers.hexes() {
            if !board.index(hex).is_some_and(|i| camp.contains_index(i)) {
                let label = board.label(hex).map(|l| l.to_string()).unwrap_or_default();
                problems.item(label, "9.31: a tower stands in the large camp");
            }
        }
    }
    if let Some(town) = board.area(areas::GERGOVIA) {
        for &hex in town.hexes() {
            if board.terrain(hex) != Some(Terrain::Town) {
                let label = board.label(hex).map(|l| l.to_string()).unwrap_or_default();
                problems.item(label, "a hex of the area Gergovia must be Town terrain");
            }
        }
    }
    problems.finish(board)
}

/// Whether `hex` lies in the woods where Critignatus's Arverni deploy:
/// wooded, north of and including hexrow 4300 (Gallic Starting Deployment).
#[must_use]
pub fn in_northern_woods(board: &Board, hex: Hex) -> bool {
    board.terrain(hex) == Some(Terrain::Woods)
        && board.label(hex).is_some_and(|l| l.column() >= WOODS_FIRST_COLUMN)
}

/// Whether `hex` is inside either Roman camp.
#[must_use]
pub fn in_roman_camp(board: &Board, hex: Hex) -> bool {
    areas::ROMAN_CAMPS.iter().any(|a| board.in_area(a, hex))
}
