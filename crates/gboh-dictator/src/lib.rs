//! gboh-dictator: *Dictator* (GBoH module), to come.
//!
//! Dictator uses the standard GBoH family (Orders Phases, Individual Orders, Line
//! Commands, Momentum, Trump, pre-shock TQ checks, the column Shock CRT). What it
//! changes, and what this crate will hold:
//! - the Tribal Command System (4.6): Tribal Chiefs and Chiefs, two command ranges;
//! - the Pontic Command System (4.7): line composition by unit type;
//! - Barbarian Ferocity (9.6) and Gallic Impetuosity (9.7);
//! - double-size Phalanx counters occupying two hexes (9.10), their movement,
//!   rout, advance and defence, and the Slave phalanxes whose TQ is rolled (9.107).
//!
//! Nothing is implemented yet; the crate compiles so that the workspace's shape
//! is fixed from the start.
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]

/// The rulebook this crate will implement.
pub const RULEBOOK: &str = "Dictator (GBoH module)";
