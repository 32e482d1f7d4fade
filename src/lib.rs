//! gboh: the facade over the gboh rules crates.
//!
//! Re-exports `gboh_core` as [`core`], the simple-family engine as
//! [`simple`], and each game crate, and owns the examples.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

pub use gboh_alesia as alesia;
pub use gboh_alexandria as alexandria;
pub use gboh_core as core;
pub use gboh_dictator as dictator;
pub use gboh_gergovia as gergovia;
pub use gboh_simple as simple;
pub use gboh_standard as standard;
