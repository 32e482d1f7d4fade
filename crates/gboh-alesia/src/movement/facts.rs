//! What the movement search asks about every hex, computed once per search
//! for the moving side: enemy ZOC (7.2), enemy pieces (6.64), hexes next to
//! an enemy combat unit (4.13, 4.31, 6.5), and Tribal Counter hexes (6.22,
//! the engine's `closed_to_units` hook for Alesia). The engine's
//! [`gboh_simple::ground::facts`].

pub use gboh_simple::ground::facts::SideFacts;
