//! What the city changes about the ground ([`GroundRules`]): 5.21-5.25 and
//! 5.33 as step costs read from the 5.36 chart. The engine's move search
//! walks hexes, Points and the causeway (linked in directions); a Block is
//! reached only by side links, which it does not follow, so entering and
//! leaving a Block are the game's own actions ([`super::blocks`]).

use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::unit::UnitType;
use gboh_simple::field::Field;
use gboh_simple::ground::GroundRules;
use gboh_simple::ground::stacking::Mover;
use gboh_simple::ground::step::StepError;
use hexx::Hex;

use super::Land;
use super::chart::Ground;
use super::setup::LandSetup;
use crate::map::{StepError as MapStep, areas};

/// What a land step from `from` to `to` crosses, once the ground allows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// The chart's row for the place entered.
    pub ground: Ground,
    /// 5.24: across the canal (Point-hex or hex-hex).
    pub canal: bool,
    /// 5.33: through the Main Gate.
    pub gate: bool,
}

/// The ground's verdict on a land step (5.22-5.25, 5.33; the errata's light
/// cavalry kept out of the city and off the causeway), Blocks included:
/// whether a step into or out of a Block is a move or a trace is the
/// caller's question.
///
/// # Errors
/// [`StepError`]: `Uncrossable(TownWall, to)` for a wall, `Impassable(to)`
/// for the rest.
pub fn land_step(
    setup: &LandSetup,
    unit_type: Option<UnitType>,
    from: Hex,
    to: Hex,
) -> Result<Step, StepError> {
    let map = setup.map;
    let board = map.board();
    let (a, b) = (board.location(from), board.location(to));
    let ground = setup.ground(to);
    if unit_type == Some(UnitType::LC) && (setup.in_city(to) || board.in_area(areas::CAUSEWAY, to))
    {
        return Err(StepError::Impassable(to));
    }
    let step = map.land_step(a, b).map_err(|e| match e {
        MapStep::Wall => StepError::Uncrossable(HexsideFeature::TownWall, to),
        _ => StepError::Impassable(to),
    })?;
    if ground == Ground::Sea {
        return Err(StepError::Impassable(to));
    }
    let gate = board.hexside_between(from, to).is_some_and(|s| s.contains(HexsideFeature::Gate));
    Ok(Step { ground, canal: step.across_canal, gate })
}

/// The MP of a step by the chart: the place's cost, +1 across the canal,
/// the gate's; `None` for a Block (whole MA, not an MP cost).
#[must_use]
pub fn step_mp(setup: &LandSetup, step: Step) -> Option<u8> {
    let chart = &setup.tables.terrain;
    let mut mp = chart.enter_mp(step.ground)?;
    if step.canal {
        mp = mp.saturating_add(chart.extra_mp(Ground::Canal)?);
    }
    if step.gate {
        mp = mp.saturating_add(chart.extra_mp(Ground::MainGate)?);
    }
    Some(mp)
}

/// 5.2, 5.3: moving through the city.
impl GroundRules for Land {
    /// 4.32: a lone leader an enemy moves next to "may immediately retreat
    /// up to two hexes/points" (the family's three).
    const LONE_LEADER_RETREAT_HEXES: u32 = 2;

    /// 5.31, 5.36: the chart's cost of the place entered, +1 across the
    /// canal (5.24); walls only at the Main Gate, never into the sea
    /// (5.33). A Block is never a step of the move search (5.23: its own
    /// action, [`super::blocks`]).
    fn step_cost(
        field: &Field<Land>,
        mover: &Mover,
        from: Hex,
        to: Hex,
        _: Direction,
    ) -> Result<u8, StepError> {
        let setup = field.setup();
        if setup.is_block(from) || setup.is_block(to) {
            return Err(StepError::Impassable(to));
        }
        let step = land_step(setup, mover.unit_type, from, to)?;
        step_mp(setup, step).ok_or(StepError::MissingChartRow("5.36"))
    }

    /// 5.32 Important Play Note: a Block has no facing; a unit in one faces
    /// every Point around it.
    fn all_round_front(field: &Field<Land>, hex: Hex) -> bool {
        field.setup().is_block(hex)
    }

    /// A Block's buildings block sight through it (reconstructed: the
    /// extract's 7.1 is cut; the streets between Points stay open).
    fn blocks_sight(field: &Field<Land>, hex: Hex) -> bool {
        field.setup().is_block(hex)
    }
}
