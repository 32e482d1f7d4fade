//! The board: a hex grid addressed by printed labels (`W3911`), terrain per hex,
//! hexside features, elevation, and line of sight.
