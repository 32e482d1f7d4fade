//! gboh-alexandria: *Caesar in Alexandria*, to come.
//!
//! Alexandria's land combat uses the simple family (Alesia's command and shock
//! system is based on it, Alesia 4.0 design note). Its own rules, which this crate
//! will hold: the city as a graph of Points and Blocks joined to the hex grid by
//! marked connections (a non-hex location on the `gboh-core` board), galleys with
//! speed levels, fleet and auxiliary activations, and the d6 shoals roll. The
//! rulebook text available to this project is a damaged extract: the crate will
//! implement what it says, and say what is missing.
//!
//! Nothing is implemented yet; the crate compiles so that the workspace's shape
//! is fixed from the start.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

/// The rulebook this crate will implement.
pub const RULEBOOK: &str = "Caesar in Alexandria (extract)";
