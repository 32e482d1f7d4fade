//! Alesia map (in progress).
