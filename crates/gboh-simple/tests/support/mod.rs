//! Games the engine's tests play.

pub mod skirmish;
