//! 4.24 Command Range and 4.14 the chain of command: the engine's rules
//! ([`gboh_simple::rules::command`]), with Alesia's leader step costs passed
//! in by the protocol (`Alesia::command_range_map`).

pub use gboh_simple::rules::command::{range_map, with_chain_of_command};
