//! Alesia tables (in progress).
