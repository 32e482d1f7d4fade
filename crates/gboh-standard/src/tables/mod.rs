//! The standard family's charts as validated RON data, embedded from
//! `data/standard/` and replaceable by an app's own copy.
//!
//! | file | chart | type |
//! |---|---|---|
//! | `shock-crt.ron` | Shock Combat Results Table, SPQR 8.7 | [`ShockCrt`] (core [`ColumnCrt`](gboh_core::table::ColumnCrt)) |
//! | `clash.ron` | Clash of Spears and Swords, SPQR 8.73 | [`ClashChart`] |
//! | `superiority.ron` | Shock Superiority, SPQR 8.72 | [`SuperiorityChart`] |
//! | `missile.ron` | Missile Range and Results, SPQR 8.2 | core [`ThresholdTable`] |
//! | `movement.ron` | Movement Cost Chart, SPQR 6.27 | [`MovementChart`] |
//! | `leader-casualty.ron`, `leader-casualty-effect.ron` | SPQR 4.53 | [`FaceTable`] |
//! | `die-roll-of-doom.ron` | SPQR 5.33 | [`FaceTable`] |
//! | `rally.ron` | Rally Table, SPQR 10.29 | [`FaceTable`] |

mod clash;
mod crt;
mod face;
mod movement;
mod superiority;

pub use clash::{
    ClashAspectDef, ClashCell, ClashChart, ClashChartDef, ClashRowDef, ClashSourceDef,
};
pub use crt::{CrtCell, ShockCrt};
pub use face::{FaceRow, FaceRowDef, FaceTable, FaceTableDef};
pub use movement::{
    FacingCosts, HitCost, MovementChart, MovementChartDef, MovementRow, MovementRowDef, MpCost,
};
pub use superiority::{SuperiorityCell, SuperiorityChart, SuperiorityChartDef, SuperiorityRowDef};

use gboh_core::data::DataError;
use gboh_core::table::{LoadTable, ThresholdTable};
use serde::{Deserialize, Serialize};

use crate::kinds::MissileKey;

/// The first roll of SPQR 4.53: is the leader hit?
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CasualtyCheck {
    /// A casualty: roll on the effect table.
    Casualty,
    /// No harm.
    Unhurt,
}

/// The second roll of SPQR 4.53: what the casualty does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CasualtyEffect {
    /// Finished for the turn.
    Finished,
    /// Every rating but Line Command reduced by this much (cumulative).
    Wounded(u8),
    /// Killed.
    Killed,
}

/// The second roll of a Momentum 9 (SPQR 5.33).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Doom {
    /// The opponent activates any leader, with no Momentum.
    OpponentActivates,
    /// The leader is Finished.
    Finished,
    /// The turn ends: go to the Rout and Reload Phase.
    TurnEnds,
}

/// A row of the Rally Table (SPQR 10.29): the hits the rallied unit keeps,
/// by printed TQ band.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RallyHits {
    /// Printed TQ 3-5.
    pub tq_3_to_5: u8,
    /// Printed TQ 6-9.
    pub tq_6_to_9: u8,
}

impl RallyHits {
    /// The hits kept by a unit of printed TQ `tq` (below 6 reads 3-5).
    #[must_use]
    pub const fn for_tq(self, tq: u8) -> u8 {
        if tq >= 6 { self.tq_6_to_9 } else { self.tq_3_to_5 }
    }
}

/// Every chart of the standard family, validated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tables {
    /// SPQR 8.7.
    pub shock_crt: ShockCrt,
    /// SPQR 8.73.
    pub clash: ClashChart,
    /// SPQR 8.72.
    pub superiority: SuperiorityChart,
    /// SPQR 8.2.
    pub missile: ThresholdTable<MissileKey>,
    /// SPQR 6.27.
    pub movement: MovementChart,
    /// SPQR 4.53, first roll.
    pub leader_casualty: FaceTable<CasualtyCheck>,
    /// SPQR 4.53, second roll.
    pub leader_casualty_effect: FaceTable<CasualtyEffect>,
    /// SPQR 5.33.
    pub doom: FaceTable<Doom>,
    /// SPQR 10.29.
    pub rally: FaceTable<RallyHits>,
}

/// The embedded files, by name, as `(file, text)`.
pub const EMBEDDED: [(&str, &str); 9] = [
    ("data/standard/shock-crt.ron", include_str!("../../data/standard/shock-crt.ron")),
    ("data/standard/clash.ron", include_str!("../../data/standard/clash.ron")),
    ("data/standard/superiority.ron", include_str!("../../data/standard/superiority.ron")),
    ("data/standard/missile.ron", include_str!("../../data/standard/missile.ron")),
    ("data/standard/movement.ron", include_str!("../../data/standard/movement.ron")),
    ("data/standard/leader-casualty.ron", include_str!("../../data/standard/leader-casualty.ron")),
    (
        "data/standard/leader-casualty-effect.ron",
        include_str!("../../data/standard/leader-casualty-effect.ron"),
    ),
    (
        "data/standard/die-roll-of-doom.ron",
        include_str!("../../data/standard/die-roll-of-doom.ron"),
    ),
    ("data/standard/rally.ron", include_str!("../../data/standard/rally.ron")),
];

fn load<T: LoadTable>(index: usize) -> Result<T, DataError> {
    let (file, text) = EMBEDDED.get(index).copied().unwrap_or(("missing", ""));
    T::from_ron(file, text)
}

impl Tables {
    /// Loads and validates the embedded SPQR charts.
    ///
    /// # Errors
    /// Every problem of every file (each error names its file, line, column and item).
    pub fn spqr() -> Result<Tables, Vec<DataError>> {
        let mut errors = Vec::new();
        macro_rules! get {
            ($i:expr) => {
                load($i).map_err(|e| errors.push(e)).ok()
            };
        }
        let shock_crt = get!(0);
        let clash = get!(1);
        let superiority = get!(2);
        let missile = get!(3);
        let movement = get!(4);
        let leader_casualty = get!(5);
        let leader_casualty_effect = get!(6);
        let doom = get!(7);
        let rally = get!(8);
        match (
            shock_crt,
            clash,
            superiority,
            missile,
            movement,
            leader_casualty,
            leader_casualty_effect,
            doom,
            rally,
        ) {
            (
                Some(shock_crt),
                Some(clash),
                Some(superiority),
                Some(missile),
                Some(movement),
                Some(leader_casualty),
                Some(leader_casualty_effect),
                Some(doom),
                Some(rally),
            ) => Ok(Tables {
                shock_crt,
                clash,
                superiority,
                missile,
                movement,
                leader_casualty,
                leader_casualty_effect,
                doom,
                rally,
            }),
            _ => Err(errors),
        }
    }
}
