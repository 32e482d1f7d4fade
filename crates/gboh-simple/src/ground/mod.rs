//! Ground queries: functions of the field and the game's charts that the
//! rules ask (where a Zone of Control reaches; step costs, stacking and line
//! of sight follow in issue 13's move).

pub mod zoc;
