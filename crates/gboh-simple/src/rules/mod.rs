//! The family's rules: free functions over a [`Field`](crate::Field), steered
//! by the game's hooks and data.

pub mod advance;
pub mod before_shock;
pub mod casualties;
pub mod combat;
pub mod command;
pub mod continued_shock;
pub mod designation;
pub mod effects;
pub mod fire;
pub mod hits;
pub mod leaders;
pub mod missile;
pub mod movement;
pub mod odds;
pub mod pre_shock;
pub mod preview;
pub mod rally;
pub mod reaction;
pub mod reaction_windows;
pub mod recovery;
pub mod resolution;
pub mod retreat;
pub mod search;
pub mod shock;
pub mod shock_steps;
pub mod targets;
pub mod tasks;
