//! What one step costs as far as the ground goes ([`Rule::TerrainCosts`],
//! Alesia 6.3): the hex entered, the hexside crossed and the climb, read from
//! the game's Terrain Effects Chart ([`Roster::enter_cost`],
//! [`Roster::cross_cost`], [`Roster::climb_mp`]).
//!
//! The family's rule ([`family_step_cost`]):
//!
//! - the chart's cost to enter the hex's natural terrain, for the mover's
//!   column (foot or cavalry; leaders read the foot column);
//! - plus each feature of the hexside crossed (a gate in a wall is crossed
//!   at the gate's cost instead of the wall's);
//! - plus the chart's climb when the hex entered stands higher
//!   ([`GroundRules::height`]);
//! - refused where the chart prohibits the entry or the crossing.
//!
//! A game with its own works changes it whole through
//! [`GroundRules::step_cost`] (Alesia's ramparts, redoubts, Gardens of
//! Death, Fill and fire).
//!
//! ```
//! use gboh_core::facing::Direction;
//! use gboh_simple::ground::stacking::Mover;
//! use gboh_simple::ground::step::{StepError, step_cost};
//! use gboh_simple::{Field, Uid};
//! # use gboh_simple::doc_game::Tiny;
//! let field: Field<Tiny> = Field::new(Tiny::roster());
//! let hex = |l: &str| field.setup().board.hex_of(l).unwrap();
//! let cohort = Mover::unit(&field, Uid(0)).unwrap();
//! // Into the woods at T0303: the chart's 2 MP for foot.
//! assert_eq!(step_cost(&field, &cohort, hex("T0302"), hex("T0303")), Ok(2));
//! // Water is impassable.
//! assert_eq!(step_cost(&field, &cohort, hex("T0504"), hex("T0505")), Err(StepError::Impassable(hex("T0505"))));
//! ```
//!
//! [`Rule::TerrainCosts`]: crate::Rule::TerrainCosts

use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::table::terrain::Cost;
use hexx::Hex;

use super::GroundRules;
use super::stacking::Mover;
use crate::field::Field;
use crate::game::Roster;

/// Why a step is refused by the ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// The hex is off the map, or the chart prohibits entering it.
    #[error("{0:?} cannot be entered")]
    Impassable(Hex),
    /// The chart prohibits crossing this hexside feature.
    #[error("{0:?} cannot be crossed into {1:?}")]
    Uncrossable(HexsideFeature, Hex),
    /// The hexes are not adjacent.
    #[error("{0:?} and {1:?} are not adjacent")]
    NotAdjacent(Hex, Hex),
    /// The game's chart has no figure for this.
    #[error("the terrain chart has no row for {0}")]
    MissingChartRow(&'static str),
}

/// The MP for `mover` to step from `from` into the adjacent `to`, as far as
/// the ground goes: the game's rule ([`GroundRules::step_cost`]).
///
/// # Errors
/// [`StepError`] where the ground refuses the step.
pub fn step_cost<G: GroundRules>(
    field: &Field<G>,
    mover: &Mover,
    from: Hex,
    to: Hex,
) -> Result<u8, StepError> {
    let dir = field.setup().board().direction(from, to).ok_or(StepError::NotAdjacent(from, to))?;
    G::step_cost(field, mover, from, to, dir)
}

/// The family's step cost (the module doc's list).
///
/// # Errors
/// [`StepError`] where the chart prohibits the step or lacks a figure.
pub fn family_step_cost<G: GroundRules>(
    field: &Field<G>,
    mover: &Mover,
    from: Hex,
    to: Hex,
    dir: Direction,
) -> Result<u8, StepError> {
    let setup: &G::Setup = field.setup();
    let terrain = setup.board().terrain(to).ok_or(StepError::Impassable(to))?;
    let mut mp = match setup.enter_cost(terrain, mover.class) {
        Some(Cost::Mp(n)) => n,
        Some(Cost::Prohibited) => return Err(StepError::Impassable(to)),
        None => return Err(StepError::MissingChartRow(terrain_name(terrain))),
    };
    mp = mp.saturating_add(hexside_cost(setup, from, dir, mover, to)?);
    if G::height(field, to) > G::height(field, from) {
        mp = mp.saturating_add(setup.climb_mp());
    }
    Ok(mp)
}

/// The family's extra MP to cross the hexside of `from` toward `dir`: each
/// feature's chart figure, a gate replacing the wall it opens.
fn hexside_cost<R: Roster>(
    setup: &R,
    from: Hex,
    dir: Direction,
    mover: &Mover,
    to: Hex,
) -> Result<u8, StepError> {
    let side = setup.board().hexside(from, dir);
    if side.is_empty() {
        return Ok(0);
    }
    let gate = side.contains(HexsideFeature::Gate);
    let mut extra = 0u8;
    for feature in side.iter() {
        let walled = matches!(
            feature,
            HexsideFeature::CampWall
                | HexsideFeature::StoneWall
                | HexsideFeature::FortWall
                | HexsideFeature::TownWall
        );
        if gate && walled {
            continue;
        }
        // A feature the chart does not list costs nothing to cross.
        extra = extra.saturating_add(match setup.cross_cost(feature, mover.class) {
            Some(Cost::Mp(n)) => n,
            Some(Cost::Prohibited) => return Err(StepError::Uncrossable(feature, to)),
            None => 0,
        });
    }
    Ok(extra)
}

pub(crate) fn terrain_name(terrain: gboh_core::board::Terrain) -> &'static str {
    use gboh_core::board::Terrain;
    match terrain {
        Terrain::Clear => "Clear",
        Terrain::Woods => "Woods",
        Terrain::Rough => "Rough",
        Terrain::Marsh => "Marsh",
        Terrain::Town => "Town",
        Terrain::Water => "Water",
    }
}
