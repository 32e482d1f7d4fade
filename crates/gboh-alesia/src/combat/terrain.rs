//! What the ground means to combat (6.3, 6.4, 6.6, 6.8): the Terrain Effects
//! Chart row of a hex as the markers leave it, the stacking a retreat or an
//! advance must respect (6.61, 8.57), and what one step costs (Retreat Before
//! Shock and pursuit "pay all movement point costs", 9.22).
//!
//! These are combat's reading of the movement rules for the few hexes a
//! retreat, pursuit, advance or rout placement enters; the movement module
//! owns movement itself.

use gboh_core::Side;
use gboh_core::board::{HexsideFeature, Region, Ring, Terrain, Works};
use gboh_core::facing::Direction;
use gboh_core::table::terrain::{Cost, HexsideKey, MoveKey, MoverClass, TerrainKey};
use gboh_core::unit::{Status, UnitType};
use hexx::Hex;

use crate::game::{Battlefield, Membership, Uid};

/// The height a hex counts for line of sight, missile DRMs and "from below"
/// (6.42, 8.15 terrain note): its ground, one level more for a rampart that
/// has not burnt down (8.45).
#[must_use]
pub fn height(field: &Battlefield, hex: Hex) -> u8 {
    let board = &field.setup().board;
    let ground = board.elevation(hex).unwrap_or(0);
    if is_rampart(field, hex) {
        ground.saturating_add(1)
    } else {
        ground
    }
}

/// Whether `hex` is a Rampart hex that still stands (6.42; 8.45 Rubble is not).
#[must_use]
pub fn is_rampart(field: &Battlefield, hex: Hex) -> bool {
    field.setup().board.is_rampart(hex) && !field.markers(hex).rubble
}

/// Whether `hex` is a Redoubt that still stands (6.44, 8.45).
#[must_use]
pub fn is_redoubt(field: &Battlefield, hex: Hex) -> bool {
    matches!(field.setup().board.works(hex), Some(Works::Redoubt)) && !field.markers(hex).rubble
}

/// Whether `hex` is a Garden of Death not yet negated by Fill (6.45, 6.48).
#[must_use]
pub fn is_garden_of_death(field: &Battlefield, hex: Hex) -> bool {
    match field.setup().board.works(hex) {
        Some(Works::GardenOfDeath { ring }) => {
            let needed = match ring {
                Ring::Contravallation => 2,
                Ring::Circumvallation => 3,
            };
            field.markers(hex).fill < needed
        }
        _ => false,
    }
}

/// The Terrain Effects Chart row of `hex` for combat: its works, Rubble in
/// place of burnt works (8.45), a filled Garden read as the ground under it
/// (6.48), else its natural terrain. An On Fire marker does not change it
/// ([`entry_key`] has the fire).
#[must_use]
pub fn ground_key(field: &Battlefield, hex: Hex) -> Option<TerrainKey> {
    let info = field.setup().board.info(hex)?;
    let rubble = field.markers(hex).rubble;
    Some(match info.works {
        Works::Rampart { .. } | Works::Redoubt if rubble => TerrainKey::Rubble,
        Works::Rampart { .. } => TerrainKey::Rampart,
        Works::Redoubt => TerrainKey::Redoubt,
        Works::GardenOfDeath { ring } if is_garden_of_death(field, hex) => match ring {
            Ring::Contravallation => TerrainKey::OuterGardenOfDeath,
            Ring::Circumvallation => TerrainKey::InnerGardenOfDeath,
        },
        Works::GardenOfDeath { .. } | Works::None => natural_key(info.terrain),
    })
}

/// The row whose cost and entry hits apply to a unit entering `hex`: On Fire
/// replaces the hex's own (8.43), else [`ground_key`].
#[must_use]
pub fn entry_key(field: &Battlefield, hex: Hex) -> Option<TerrainKey> {
    if field.markers(hex).on_fire {
        Some(TerrainKey::OnFire)
    } else {
        ground_key(field, hex)
    }
}

const fn natural_key(t: Terrain) -> TerrainKey {
    match t {
        Terrain::Clear => TerrainKey::Clear,
        Terrain::Woods => TerrainKey::Woods,
        Terrain::Rough => TerrainKey::Rough,
        Terrain::Marsh => TerrainKey::Marsh,
        Terrain::Town => TerrainKey::Town,
        Terrain::Water => TerrainKey::Water,
    }
}

/// The side of a unit.
#[must_use]
pub fn side_of(field: &Battlefield, uid: Uid) -> Option<Side> {
    field.setup().unit(uid).map(|i| i.side)
}

/// The unit type of a unit.
#[must_use]
pub fn type_of(field: &Battlefield, uid: Uid) -> Option<UnitType> {
    field.setup().unit(uid).map(|i| i.unit_type())
}

/// Whether a unit is on the map and not routed or eliminated: able to fight.
#[must_use]
pub fn is_formed(field: &Battlefield, uid: Uid) -> bool {
    field
        .unit(uid)
        .is_some_and(|u| u.at.is_some() && matches!(u.cohesion.status, Status::Fresh | Status::Reduced))
}

/// Whether any combat unit of `side`'s enemies is in `hex`.
#[must_use]
pub fn enemy_in(field: &Battlefield, hex: Hex, side: Side) -> bool {
    field.side_in(hex).is_some_and(|s| s != side)
}

/// 6.61, 8.57: whether `uid` may end in `hex` beside the combat units already
/// there (itself excluded). No enemy; in a Rampart hex one infantry unit plus
/// one archer or artillery unit, cavalry alone; in a Redoubt two foot units or
/// one foot and one artillery, never cavalry (6.44); elsewhere two units of one
/// type (cohorts of one legion, Gauls of one tribe) or one foot unit and one
/// artillery unit; never two artillery units (8.57).
#[must_use]
pub fn may_stack(field: &Battlefield, uid: Uid, hex: Hex) -> bool {
    let setup = field.setup();
    let Some(me) = setup.unit(uid) else {
        return false;
    };
    if !setup.board.contains(hex) {
        return false;
    }
    let others: Vec<Uid> = field.stack(hex).iter().filter(|&u| u != uid).collect();
    if others
        .iter()
        .any(|&u| setup.unit(u).is_none_or(|i| i.side != me.side))
    {
        return false;
    }
    let mine = me.unit_type();
    if is_redoubt(field, hex) && mine.is_cavalry() {
        return false;
    }
    let [other] = others.as_slice() else {
        return others.is_empty();
    };
    let Some(them) = setup.unit(*other) else {
        return false;
    };
    let theirs = them.unit_type();
    if mine.is_artillery() && theirs.is_artillery() {
        return false;
    }
    let foot_and_artillery = (mine.is_artillery() && theirs.is_foot())
        || (theirs.is_artillery() && mine.is_foot());
    if is_rampart(field, hex) {
        let tower = |t: UnitType| t.is_artillery() || t.is_archer();
        let infantry = |t: UnitType| t.is_infantry();
        return (infantry(mine) && tower(theirs)) || (tower(mine) && infantry(theirs));
    }
    if is_redoubt(field, hex) {
        return (mine.is_foot() && theirs.is_foot()) || foot_and_artillery;
    }
    if foot_and_artillery {
        return true;
    }
    if mine != theirs {
        return false;
    }
    match (me.membership, them.membership) {
        // 6.61: cohorts of one legion; Gauls of one tribe (clients apart).
        (Membership::Legion(a), Membership::Legion(b)) => a == b,
        (Membership::Roman, Membership::Roman) => true,
        _ => me.stack_group == them.stack_group,
    }
}

/// Why a step may not be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoStep {
    /// The hexes are not adjacent, or one is off the map.
    NotAdjacent,
    /// An enemy combat unit is there (6.64).
    Enemy,
    /// The chart prohibits it (6.33, 6.36, 6.43, 6.44, 6.46, 6.42 walkways).
    Prohibited,
}

/// The Movement Points unit `uid` pays to step from `from` into the adjacent
/// `to` (6.31, 6.42-6.44, 6.48, 6.63, 8.43), read from the Terrain Effects
/// Chart; facing is not considered (retreats keep their facing).
///
/// # Errors
/// [`NoStep`] when the step is impossible.
pub fn step_cost(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> Result<u8, NoStep> {
    let setup = field.setup();
    let board = &setup.board;
    let chart = setup.tables.terrain();
    let dir = Direction::between(from, to).ok_or(NoStep::NotAdjacent)?;
    let me = setup.unit(uid).ok_or(NoStep::NotAdjacent)?;
    if !board.contains(from) || !board.contains(to) {
        return Err(NoStep::NotAdjacent);
    }
    if enemy_in(field, to, me.side) {
        return Err(NoStep::Enemy);
    }
    let mover = if me.unit_type().is_cavalry() {
        MoverClass::Cavalry
    } else {
        MoverClass::Foot
    };
    let mp = |c: Option<Cost>| match c {
        Some(Cost::Mp(n)) => Ok(n),
        _ => Err(NoStep::Prohibited),
    };
    let mut cost: u8 = 0;
    let side = board.hexside(from, dir);
    let fill = field.hexside_fill(from, dir);
    let opening = side.contains(HexsideFeature::Gate);
    for feature in side.iter() {
        let extra = match feature {
            HexsideFeature::WaterDitch if fill >= 3 => 0,
            HexsideFeature::Stream if fill >= 3 => 0,
            HexsideFeature::MinorRiver if fill >= 4 => 0,
            HexsideFeature::WaterDitch => return Err(NoStep::Prohibited),
            HexsideFeature::MinorRiver => mp(chart.cross_cost(HexsideKey::MinorRiver, mover))?,
            HexsideFeature::Stream => mp(chart.cross_cost(HexsideKey::Stream, mover))?,
            HexsideFeature::StoneCrest if side.contains(HexsideFeature::CrestGate) => 0,
            HexsideFeature::StoneCrest => return Err(NoStep::Prohibited),
            HexsideFeature::CrestGate => mp(chart.cross_cost(HexsideKey::CrestGate, mover))?,
            HexsideFeature::Gate => mp(chart.cross_cost(HexsideKey::Gate, mover))?,
            HexsideFeature::CampWall | HexsideFeature::StoneWall | HexsideFeature::RedoubtWall
                if opening =>
            {
                0
            }
            HexsideFeature::CampWall => mp(chart.cross_cost(HexsideKey::CampWall, mover))?,
            HexsideFeature::StoneWall => mp(chart.cross_cost(HexsideKey::StoneWall, mover))?,
            HexsideFeature::RedoubtWall => mp(chart.cross_cost(HexsideKey::RedoubtWall, mover))?,
            HexsideFeature::Walkway => 0,
        };
        cost = cost.saturating_add(extra);
    }
    let walkway = side.contains(HexsideFeature::Walkway);
    let (from_rampart, to_rampart) = (is_rampart(field, from), is_rampart(field, to));
    let works = |m: MoveKey| chart.move_mp(m).ok_or(NoStep::Prohibited);
    if from_rampart && to_rampart {
        // 6.42: along the walkway only, its whole cost.
        if !walkway {
            return Err(NoStep::Prohibited);
        }
        cost = cost.saturating_add(works(MoveKey::Walkway)?);
    } else {
        let key = entry_key(field, to).ok_or(NoStep::NotAdjacent)?;
        cost = cost.saturating_add(mp(chart.enter_cost(key, mover))?);
        let region = |h: Hex| board.region(h).unwrap_or(Region::Outside);
        if to_rampart {
            let extra = if is_redoubt(field, from) && walkway {
                MoveKey::RedoubtRampart
            } else if region(from) == Region::Inside {
                MoveKey::ClimbFromInside
            } else {
                MoveKey::ClimbFromOutside
            };
            cost = cost.saturating_add(works(extra)?);
        } else if from_rampart {
            let extra = if is_redoubt(field, to) && walkway {
                MoveKey::RedoubtRampart
            } else if region(to) == Region::Outside {
                MoveKey::LeaveToOutside
            } else {
                MoveKey::LeaveToInside
            };
            cost = cost.saturating_add(works(extra)?);
        }
        let (lo, hi) = (board.elevation(from), board.elevation(to));
        if hi > lo {
            cost = cost.saturating_add(chart.elevation().climb_mp.value);
        }
    }
    // 6.63: through friends other than artillery or auxiliaries.
    let friends_cost = field.stack(to).iter().filter(|&u| u != uid).any(|u| {
        setup
            .unit(u)
            .is_some_and(|i| !i.unit_type().is_artillery() && !i.is_auxiliary())
    });
    if friends_cost {
        cost = cost.saturating_add(works(MoveKey::StackThroughFriends)?);
    }
    Ok(cost)
}

/// 10.21, 10.22: whether unit `uid` in `from` may end a one-hex retreat (or
/// be placed, or advance) in the adjacent `to`: a hex movement could enter,
/// not a Garden of Death, not On Fire (8.43: no unit ends there), not off a
/// Rampart to the outside (10.24 play note), with stacking allowed (6.61).
#[must_use]
pub fn may_retreat_into(field: &Battlefield, uid: Uid, from: Hex, to: Hex) -> bool {
    let board = &field.setup().board;
    let off_the_wall_outside = is_rampart(field, from)
        && !is_rampart(field, to)
        && board.region(to) == Some(Region::Outside);
    step_cost(field, uid, from, to).is_ok()
        && !is_garden_of_death(field, to)
        && !field.markers(to).on_fire
        && !off_the_wall_outside
        && may_stack(field, uid, to)
}
