//! 6.4 The Siege Works: getting onto, along and off the ramparts (6.42),
//! through a Rampart/Gate (6.42), and between a redoubt and its rampart
//! (6.44).
//!
//! ```text
//!   outside          rampart            inside
//!   (GoD) ---4 MP---> [W5214] <---2 MP--- (band, camp, redoubt)
//!   only as the       1 MP along the      6.42: "lots of ladders"
//!   first step        walkway (W5114,
//!                     W5314), like a road
//!   leaving: +1 MP to the inside, +3 MP to the outside
//! ```
//!
//! - Ramparts (6.42): from inside, 1 MP for the Rampart hex + 1 to climb
//!   (6.35 A; 2 MP in all, the 6.42 examples); from a connected redoubt, 1 +
//!   1 (6.44; W2919 to W2918, 2 MP); from outside, 1 + 3, only as the first
//!   step of the unit's movement (6.35 B and C, 6.42 play note). Along the
//!   walkway, 1 MP, only where the Walkway hexside joins the two hexes (W1633
//!   to W1733 only through W1634). Leaving, +1 MP inside, +3 outside.
//! - The climb figures include the rampart's extra level (6.42 "Rampart
//!   Elevation"): a climb, a walkway step and a gate passage pay no
//!   elevation cost on top (W5122 at level 0 to W5222 on level-1 ground is
//!   2 MP, 6.42).
//! - Rampart/Gate (6.42): a unit, cavalry too, may enter it from a
//!   non-rampart hex for 2 MP if it immediately leaves for another non-rampart
//!   hex (no leaving extra: the gate is the way through). It may also climb
//!   onto it as onto any rampart.
//! - Redoubts (6.44) are at ground level; foot cross their walls (the
//!   chart's RedoubtWall row) or gates; cavalry only by the gate, only when
//!   empty, never ending there (see [`super::stacking`] and the generator).

use crate::map::{Region, SiegeWorks};
use crate::tables::{MoveKey, TerrainKey};
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::cost::{self, Mover};
use super::error::MoveError;
use crate::game::Battlefield;

/// What kind of step a move is, with respect to the works (6.42, 6.44).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum StepKind {
    /// Between two hexes that are not ramparts.
    Ground,
    /// 6.42: along a rampart walkway, 1 MP in all.
    Walkway,
    /// 6.42: onto a rampart from inside the vallations (a ladder).
    ClimbFromInside,
    /// 6.42: onto a rampart from outside, only as the first step.
    ClimbFromOutside,
    /// 6.44: from a redoubt onto its connected rampart.
    RedoubtToRampart,
    /// 6.42 Rampart/Gate: into a gate hex from the ground, passing through.
    GateEntry,
    /// 6.42 Rampart/Gate: out of a gate hex passed through.
    GateExit,
    /// 6.42: off a rampart to a hex inside.
    LeaveToInside,
    /// 6.42: off a rampart to a hex outside.
    LeaveToOutside,
    /// 6.44: from a rampart into its connected redoubt.
    RampartToRedoubt,
}

impl StepKind {
    /// The rule the step's cost comes from.
    #[must_use]
    pub const fn rule(self) -> &'static str {
        match self {
            StepKind::Ground => "6.31",
            StepKind::Walkway
            | StepKind::ClimbFromInside
            | StepKind::ClimbFromOutside
            | StepKind::GateEntry
            | StepKind::GateExit
            | StepKind::LeaveToInside
            | StepKind::LeaveToOutside => "6.42",
            StepKind::RedoubtToRampart | StepKind::RampartToRedoubt => "6.44",
        }
    }

    /// Whether the hexside's own costs (walls, gates, water) are added: not
    /// for the walkway, which bridges them (6.42).
    #[must_use]
    pub const fn pays_hexside(self) -> bool {
        !matches!(self, StepKind::Walkway | StepKind::RedoubtToRampart | StepKind::RampartToRedoubt)
    }

    /// Whether 6.31's climb is added: not when getting onto or along a
    /// rampart, whose figures include the climb.
    #[must_use]
    pub const fn pays_elevation(self) -> bool {
        matches!(
            self,
            StepKind::Ground
                | StepKind::GateExit
                | StepKind::LeaveToInside
                | StepKind::LeaveToOutside
                | StepKind::RampartToRedoubt
        )
    }
}

/// The works part of one step: its kind and its MP before hexside,
/// elevation and stacking extras.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WorksStep {
    /// The kind.
    pub kind: StepKind,
    /// MP: the hex's cost plus the works extra (or the walkway's whole cost).
    pub mp: u8,
}

/// The ways to step from `from` into the adjacent `to` (toward `dir`) as far
/// as the works are concerned: the ordinary way, and for a Rampart/Gate hex
/// entered from the ground, passing through (6.42).
///
/// `first`: the unit has not yet left the hex its movement started in (6.42:
/// climbing from outside). `in_transit`: it is passing through a
/// Rampart/Gate at `from`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WorksOptions {
    /// The ordinary step.
    pub step: Result<WorksStep, MoveError>,
    /// Passing through a Rampart/Gate at `to`.
    pub gate: Option<WorksStep>,
}

/// See [`WorksOptions`].
#[must_use]
pub fn works_options(
    field: &Battlefield,
    mover: &Mover,
    from: Hex,
    to: Hex,
    dir: Direction,
    first: bool,
    in_transit: bool,
) -> WorksOptions {
    let from_rampart = cost::is_rampart(field, from);
    let to_rampart = cost::is_rampart(field, to);
    let gate = (!from_rampart && !in_transit && cost::is_rampart_gate(field, to))
        .then(|| {
            cost::hex_cost(field, to, TerrainKey::RampartGate, mover.class)
                .ok()
                .map(|mp| WorksStep { kind: StepKind::GateEntry, mp })
        })
        .flatten();
    WorksOptions {
        step: ordinary(
            field,
            mover,
            (from, from_rampart),
            (to, to_rampart),
            dir,
            first,
            in_transit,
        ),
        gate,
    }
}

fn ordinary(
    field: &Battlefield,
    mover: &Mover,
    (from, from_rampart): (Hex, bool),
    (to, to_rampart): (Hex, bool),
    dir: Direction,
    first: bool,
    in_transit: bool,
) -> Result<WorksStep, MoveError> {
    let board = &field.setup().board;
    let walkway = board.has_hexside(from, dir, HexsideFeature::Walkway);
    let step = |kind, mp| Ok(WorksStep { kind, mp });
    let to_key = || cost::terrain_key(field, to).ok_or(MoveError::Impassable(to));
    match (from_rampart, to_rampart) {
        (true, true) => {
            if in_transit {
                Err(MoveError::GateTransit(to))
            } else if walkway {
                let mp = if field.markers(to).on_fire {
                    cost::hex_cost(field, to, TerrainKey::Rampart, mover.class)?
                } else {
                    cost::move_mp(field, MoveKey::Walkway)?
                };
                step(StepKind::Walkway, mp)
            } else {
                Err(MoveError::NoWalkway(to))
            }
        }
        (false, true) => {
            let rampart = cost::hex_cost(field, to, TerrainKey::Rampart, mover.class)?;
            if cost::is_redoubt(field, from) && walkway {
                let extra = cost::move_mp(field, MoveKey::RedoubtRampart)?;
                step(StepKind::RedoubtToRampart, rampart.saturating_add(extra))
            } else if board.region(from) == Some(Region::Inside) {
                let extra = cost::move_mp(field, MoveKey::ClimbFromInside)?;
                step(StepKind::ClimbFromInside, rampart.saturating_add(extra))
            } else if first {
                let extra = cost::move_mp(field, MoveKey::ClimbFromOutside)?;
                step(StepKind::ClimbFromOutside, rampart.saturating_add(extra))
            } else {
                Err(MoveError::ClimbNotAtStart(to))
            }
        }
        (true, false) => {
            let base = cost::hex_cost(field, to, to_key()?, mover.class)?;
            if in_transit {
                step(StepKind::GateExit, base)
            } else if cost::is_redoubt(field, to) && walkway {
                let extra = cost::move_mp(field, MoveKey::RedoubtRampart)?;
                step(StepKind::RampartToRedoubt, base.saturating_add(extra))
            } else if board.region(to) == Some(Region::Inside) {
                let extra = cost::move_mp(field, MoveKey::LeaveToInside)?;
                step(StepKind::LeaveToInside, base.saturating_add(extra))
            } else {
                let extra = cost::move_mp(field, MoveKey::LeaveToOutside)?;
                step(StepKind::LeaveToOutside, base.saturating_add(extra))
            }
        }
        (false, false) => {
            step(StepKind::Ground, cost::hex_cost(field, to, to_key()?, mover.class)?)
        }
    }
}
