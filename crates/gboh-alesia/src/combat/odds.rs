//! Exact odds of combat results (DESIGN.md: enumerate, do not sample): the
//! engine's (`gboh_simple::rules::odds`), over Alesia's field.

pub use gboh_simple::rules::odds::{UnitOutcome, leader_losses, preview_hits, stage_distribution};
