//! 8.19 Hit and Run: a javelin-armed LI that starts its movement two hexes
//! from a target (missile-armed cavalry: up to four) fires at it as if at
//! range one, using its whole Movement Allowance. Not from or at a Rampart
//! hex, over a Rampart or a wall, or from an enemy ZOC; the hexes between must
//! be clear, empty, and out of enemy ZOC but for the one next to the target.

use crate::map::Works;
use gboh_core::board::{LosStep, Terrain, los_path};
use gboh_core::unit::{MissileType, UnitType};
use hexx::Hex;

use super::action::CombatError;
use super::los::{Trajectory, sight};
use super::terrain::{is_rampart, side_of};
use crate::game::{Uid, UnitFlags};
use crate::protocol::Alesia;
use crate::zoc;

fn illegal(why: impl Into<std::borrow::Cow<'static, str>>) -> CombatError {
    CombatError::illegal("8.19", why)
}

/// Whether unit `uid` may fire at `target` by Hit and Run now.
///
/// # Errors
/// The restriction it breaks.
pub fn check(game: &Alesia, uid: Uid, target: Hex) -> Result<(), CombatError> {
    let field = &game.field;
    let (Some(info), Some(s), Some(side)) =
        (game.setup().unit(uid), field.unit(uid), side_of(field, uid))
    else {
        return Err(illegal("no such unit"));
    };
    let Some(from) = s.at else {
        return Err(illegal("the unit is not on the map"));
    };
    let t = info.unit_type();
    let javelins = info.profile.missile == Some(MissileType::Javelin);
    let reach = match t {
        UnitType::LI if javelins => 2..=2,
        _ if t.is_cavalry() && javelins => 2..=4,
        _ => {
            return Err(illegal("only javelin-armed LI and missile-armed cavalry use Hit and Run"));
        }
    };
    let range = from.unsigned_distance_to(target);
    if !reach.contains(&range) {
        return Err(illegal(format!(
            "the target must be {}-{} hexes away",
            reach.start(),
            reach.end()
        )));
    }
    if s.flags.has(UnitFlags::MOVED) || s.mp_spent > 0 {
        return Err(illegal("the unit must start its movement there"));
    }
    if zoc::in_enemy_zoc(field, from, side) {
        return Err(illegal("not from an enemy ZOC"));
    }
    if is_rampart(field, from) || is_rampart(field, target) {
        return Err(illegal("not from or at a Rampart hex"));
    }
    let clear = |h: Hex| {
        let board = &game.setup().board;
        let info = board.info(h);
        info.is_some_and(|i| i.terrain == Terrain::Clear && i.works.works == Works::None)
            && field.stack(h).is_empty()
            && (h.unsigned_distance_to(target) == 1 || !zoc::in_enemy_zoc(field, h, side))
    };
    for step in los_path(from, target) {
        let ok = match step {
            LosStep::Hex(h) => clear(h),
            LosStep::Tie(p, q) => clear(p) || clear(q),
        };
        if !ok {
            return Err(illegal("the hexes between must be clear, empty and out of enemy ZOC"));
        }
    }
    let low = Trajectory { low: true, ..Trajectory::default() };
    if sight(field, from, target, low).is_err() {
        return Err(illegal("not over a wall"));
    }
    Ok(())
}
