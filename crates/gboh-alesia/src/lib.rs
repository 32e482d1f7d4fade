//! gboh-alesia: *The Siege of Alesia* (GMT, 2008), on the simple GBoH family.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]
// Library code may not index or slice (a bad index from input would panic);
// `mod tests` may (clippy.toml). See docs/reliability.md.
#![warn(clippy::indexing_slicing)]

use gboh_core::Side;

/// The Gallic side (the adversary in the core's terms).
pub const GAULS: Side = Side::Adversary;
/// The Roman side.
pub const ROMANS: Side = Side::Roman;

pub mod bots;
pub mod combat;
pub mod command;
pub mod counters;
pub mod game;
pub mod map;
pub mod movement;
pub mod narrate;
pub mod picture;
pub mod playthrough;
pub mod protocol;
pub mod scenario;
pub mod tables;
pub mod zoc;
