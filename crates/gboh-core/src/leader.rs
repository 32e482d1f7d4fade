//! Leaders and their ratings (Alesia 4.2).
