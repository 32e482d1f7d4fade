//! The board: a hex grid addressed by printed labels (`W3911`), terrain per hex,
//! hexside features, elevation, named areas, and line of sight.
//!
//! - [`Label`]s and the grid layout ([`LabelScheme`]) that turns them into
//!   hexx [`Hex`](hexx::Hex) coordinates, once, at the edge.
//! - [`HexInfo`]: natural [`Terrain`], elevation and the game's works per hex
//!   ([`HexWorks`]: `()` on most maps; Alesia's siege works are its own type).
//! - [`HexsideFeatures`]: walls, gates, walkways, rivers, ditches and
//!   escarpments, named physically and stored once per hexside; what each
//!   does is the game's chart's.
//! - [`Area`]: named hex sets (entry areas, camps, victory zones).
//! - [`los_path`] / [`line_of_sight`]: exact line of sight with hexspine ties.
//! - [`Location`] / [`NodeGraph`]: the seam for off-grid spaces (Alexandria).
//! - [`MapDef`]: the RON map format, validated into a [`Board`].
//! - [`svg`]: an SVG picture of a board.
//!
//! # Orientation
//!
//! Maps are drawn north up with pointy-top hexes. A label's column is axial
//! `x` and its row grows with axial `y`; on the Alesia map columns grow
//! northward and rows eastward, so [`Direction::NE`](crate::facing::Direction)
//! is north-east on the printed map:
//!
//! ```text
//!            W4012   W4013          column 40 (even)
//!        W3911   W3912              column 39 (odd, shifted half a hex east)
//!            W3812   W3813          column 38
//! ```
//!
//! W4012 is north-east of W3911 (Alesia 6.42's walkway example) and W3812 is south-east.
//!
//! ```
//! use gboh_core::board::Board;
//! use gboh_core::facing::Direction;
//! let text = r#"(
//!     name: "Demo", provenance: Reconstructed,
//!     grid: (prefix: "D", columns: (1, 2), rows: (1, 3), shifted_rows: (1, 2), shifted: Odd),
//!     legend: [(symbol: '.', terrain: Clear), (symbol: 'w', terrain: Woods)],
//!     map: ["2 . w .", "1  . ."],
//!     elevation: ["2 0 0 1", "1  0 0"],
//! )"#;
//! let board: Board = Board::from_ron("demo.ron", text).unwrap();
//! let d0101 = board.hex_of("D0101").unwrap();
//! assert_eq!(board.label(board.neighbor(d0101, Direction::NE).unwrap()).unwrap().to_string(), "D0202");
//! assert_eq!(board.elevation(board.hex_of("D0203").unwrap()), Some(1));
//! ```

mod area;
mod def;
mod grid;
mod hexside;
mod label;
pub mod labelled;
mod location;
mod los;
mod places;
pub mod svg;
mod terrain;
mod works;

pub use area::Area;
pub use def::{AreaDef, GridDef, HexsideDef, LegendDef, MapDef, NodeDef, SourceDef};
pub use grid::{Board, SourceNote};
pub use hexside::{Barrier, Barriers, HexsideFeature, HexsideFeatures};
pub use label::{Label, LabelError, LabelScheme, SchemeError, ShiftedColumns};
pub use location::{Location, Node, NodeGraph, NodeId, NodeKind};
pub use los::{LosStep, hex_line, line_of_sight, los_path};
pub use places::SeatError;
pub use terrain::{HexInfo, Terrain};
pub use works::{HexWorks, WorksLegend};
