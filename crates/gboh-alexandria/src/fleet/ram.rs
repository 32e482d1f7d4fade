//! The ram (reconstructed; the extract breaks off before it): at Attack
//! speed, with way on, bow into an enemy's bow quarter, stern quarter or
//! stern; a d10 on the ram table; 9.15 retract with the original roll, or
//! the two galleys foul; a holed target checks sinking in the Fleet Status
//! Phase (10.42). The rammer's crew quality is added to the roll and the
//! target's taken away (`crews` in the tables).

use gboh_core::facing::Direction;

use super::state::{Loss, Quarter, Speed};
use super::tables::{RamResult, lookup};
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Rolled, status};

/// Rams `target` with the moving galley.
pub(crate) fn ram(
    game: &mut FleetGame,
    cx: &Ctx,
    target: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = game.current.ok_or(FleetError::NoneMoving)?;
    let g = game.galley(i)?;
    let t = game.galley(target).map_err(|_| FleetError::BadTarget)?;
    let r = &cx.t.ram;
    if g.done {
        return Err(FleetError::AlreadyMoved);
    }
    if t.side == g.side {
        return Err(FleetError::BadTarget);
    }
    if g.speed != Speed::Attack {
        return Err(FleetError::NeedAttack);
    }
    if g.stopped || g.immobile() {
        return Err(FleetError::Stopped);
    }
    if g.bow() != t.hex {
        return Err(FleetError::Geometry("a galley rams the galley in its bow hex"));
    }
    if t.in_slip {
        return Err(FleetError::InSlip);
    }
    if i32::from(g.forward) < i32::from(r.min_forward.value) {
        return Err(FleetError::Geometry("a ram needs way on: move forward first (reconstructed)"));
    }
    let cost = u8::try_from(r.mp.value.max(0)).unwrap_or(0);
    if g.remaining() < cost {
        return Err(FleetError::NotEnoughMp { left: g.remaining(), cost });
    }
    let quarter = Direction::between(t.hex, g.hex)
        .map(|d| Quarter::of(t.heading, d))
        .ok_or(FleetError::Geometry("not adjacent"))?;
    let aspect = match quarter {
        Quarter::Bow => {
            return Err(FleetError::Geometry(
                "a head-on ram is not allowed: strike a quarter or the stern (reconstructed)",
            ));
        }
        Quarter::BowQuarter => r.bow_quarter.value,
        Quarter::SternQuarter => r.stern_quarter.value,
        Quarter::Stern => r.stern.value,
    };
    let size = |c| cx.t.class(c).map_or(0, |c| c.ram_size);
    let retract_need = cx.t.class(g.class).map_or(0, |c| c.retract);
    let momentum = if i32::from(g.forward) >= i32::from(r.momentum_hexes.value) {
        r.momentum.value
    } else {
        0
    };
    let modifier = i32::from(aspect) + i32::from(size(g.class)) - i32::from(size(t.class))
        + i32::from(momentum)
        + i32::from(cx.t.crew(&g.id))
        - i32::from(cx.t.crew(&t.id));
    let face = game.dice.d10()?.face;
    let total = i32::from(face) + modifier;
    let result = lookup(&r.rows, total).ok_or(FleetError::Data("ram table has no row".into()))?;
    let rammer_hurt = i32::from(face) == i32::from(r.rammer_hurt_on.value);
    {
        let g = game.galley_mut(i)?;
        g.spent += cost;
        g.stopped = true;
    }
    ev.push(Event::Rammed {
        galley: i,
        target,
        quarter,
        roll: Rolled { face, total },
        result,
        rammer_hurt,
    });
    let (hits, holes) = match result {
        RamResult::Glancing => (0, 0),
        RamResult::Damaged => (1, 0),
        RamResult::Holed(n) => (n, n),
    };
    {
        let tg = game.galley_mut(target)?;
        tg.hits = tg.hits.saturating_add(hits);
        tg.holes = tg.holes.saturating_add(holes);
    }
    if rammer_hurt {
        let g = game.galley_mut(i)?;
        g.hits = g.hits.saturating_add(1);
    }
    // 9.15: back the ram out with the original roll; a glancing blow fouls.
    let fouls = if result == RamResult::Glancing {
        true
    } else {
        let success = face <= retract_need;
        ev.push(Event::Retract { galley: i, face, need: retract_need, success });
        !success
    };
    if fouls {
        let free = |x: GalleyIx| game.galleys.get(x).is_some_and(|x| x.fouled.is_none());
        if free(i) && free(target) {
            if let Ok(g) = game.galley_mut(i) {
                g.fouled = Some(target);
            }
            if let Ok(t) = game.galley_mut(target) {
                t.fouled = Some(i);
            }
            ev.push(Event::Fouled { a: i, b: target });
        }
    }
    status::check_hull(game, cx, target, Loss::Sunk, ev)?;
    status::check_hull(game, cx, i, Loss::Sunk, ev)?;
    if game.galley(i).is_err() {
        game.current = None;
    }
    Ok(())
}
