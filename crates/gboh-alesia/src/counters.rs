//! Alesia counters (in progress).
