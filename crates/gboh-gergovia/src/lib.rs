//! gboh-gergovia: *Gergovia* (GBoH module), to come.
//!
//! The Gergovia rulebook offers two ways to play, and this crate will hold both:
//! - the "Simplified GBoH Version", on the simple family's mechanisms in
//!   `gboh-core` (formations activated one at a time, one Shock roll);
//! - the standard version on the standard family's mechanisms (orders, line
//!   commands, momentum, the column Shock CRT).
//!
//! What Gergovia changes: Roman camps with walls, towers and gates (6.7) and the
//! built-in tower scorpions with range 7 (9.31-9.35); Barbarian Impetuosity (6.8)
//! and Ferocity (8.5); fire over fortified hexsides (6.75); rout toward the nearest
//! camp or the town (10.32); cavalry pursuit (10.5); army rout (10.6); and its
//! movement cost and terrain tables.
//!
//! Nothing is implemented yet; the crate compiles so that the workspace's shape
//! is fixed from the start.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

/// The rulebook this crate will implement.
pub const RULEBOOK: &str = "Gergovia (GBoH module)";
