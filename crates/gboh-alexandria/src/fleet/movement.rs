//! 5.4x Galley movement: the Speed Level and declared MP (5.42-5.43),
//! forward into the bow hex, turning, backwater (5.47), map limits (5.25,
//! 5.26, 5.33, 5.35), Slips (5.27), Shoals (5.28), beaching (5.29) and
//! debarking (5.48).

use gboh_core::Side;
use gboh_core::dice::Die;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::state::Speed;
use super::{Ctx, Event, FleetError, FleetGame, GalleyIx, Rolled};
use crate::map::areas;

/// The heading from `from` that brings a galley closest to `to`.
#[must_use]
pub(crate) fn toward(from: Hex, to: Hex) -> Direction {
    Direction::ALL
        .into_iter()
        .min_by_key(|d| (d.neighbor(from).unsigned_distance_to(to), d.index()))
        .unwrap_or(Direction::NE)
}

fn sat(v: i8) -> u8 {
    u8::try_from(v.max(0)).unwrap_or(0)
}

/// 5.42-5.43: choose the Speed Level and announce the MP.
pub(crate) fn declare(
    game: &mut FleetGame,
    cx: &Ctx,
    i: GalleyIx,
    speed: Speed,
    mp: u8,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    if game.current.is_some() {
        return Err(FleetError::AnotherMoving);
    }
    let m = &cx.t.movement;
    let active = game.active;
    let g = game.galley_mut(i)?;
    if g.side != active {
        return Err(FleetError::NotYours);
    }
    if g.declared.is_some() {
        return Err(FleetError::AlreadyMoved);
    }
    if speed == Speed::Attack && g.cruise_only(sat(m.cruise_only_fatigue.value)) {
        return Err(FleetError::CruiseOnly);
    }
    let min = sat(m.attack_min_mp.value);
    if speed == Speed::Attack && mp < min {
        return Err(FleetError::AttackMinimum(min));
    }
    let ma = g.ma(speed);
    if mp > ma {
        return Err(FleetError::OverMa { mp, ma });
    }
    g.speed = speed;
    g.declared = Some(mp);
    g.spent = 0;
    g.forward = 0;
    g.stopped = false;
    if speed == Speed::Attack {
        g.fatigue = (g.fatigue + sat(m.attack_fatigue.value)).min(sat(m.max_fatigue.value));
    } else if mp <= g.cruise_ma / 2 {
        g.fatigue = g.fatigue.saturating_sub(sat(m.rest_fatigue.value));
    }
    let fatigue = g.fatigue;
    game.current = Some(i);
    ev.push(Event::Declared { galley: i, speed, mp, fatigue });
    Ok(())
}

/// Pushes a beached galley off (reconstructed): its activation.
pub(crate) fn launch(
    game: &mut FleetGame,
    i: GalleyIx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    if game.current.is_some() {
        return Err(FleetError::AnotherMoving);
    }
    let active = game.active;
    let g = game.galley_mut(i)?;
    if g.side != active {
        return Err(FleetError::NotYours);
    }
    if g.declared.is_some() {
        return Err(FleetError::AlreadyMoved);
    }
    if !g.beached {
        return Err(FleetError::Beach("only a beached galley is launched"));
    }
    g.beached = false;
    g.declared = Some(0);
    g.speed = Speed::Cruise;
    g.done = true;
    ev.push(Event::Launched { galley: i });
    Ok(())
}

fn moving(game: &FleetGame) -> Result<GalleyIx, FleetError> {
    let i = game.current.ok_or(FleetError::NoneMoving)?;
    let g = game.galley(i)?;
    if g.done {
        return Err(FleetError::AlreadyMoved);
    }
    Ok(i)
}

/// Whether a galley of `side` may enter `to` from `from` (map, Lighthouse,
/// occupancy, overpass, Slip to Slip), and at what MP.
pub(crate) fn entry(
    game: &FleetGame,
    cx: &Ctx,
    side: Side,
    from: Hex,
    to: Hex,
    heading: Direction,
) -> Result<u8, FleetError> {
    cx.map.galley_step(from, to).map_err(FleetError::Map)?;
    if super::harbour::denied(game, cx, to, side) {
        return Err(FleetError::Lighthouse);
    }
    if game.slip_burning(to) {
        return Err(FleetError::SlipFire(
            "that Slip is burning: no galley may enter it (reconstructed)",
        ));
    }
    if game.galley_at(to).is_some() {
        return Err(FleetError::Occupied);
    }
    let b = cx.map.board();
    if b.in_area(areas::SLIPS, from) && b.in_area(areas::SLIPS, to) {
        return Err(FleetError::SlipToSlip);
    }
    let m = &cx.t.movement;
    let cost = if b.in_area(areas::SHOALS, to) { m.shoal_mp.value } else { m.sea_mp.value };
    let cost = sat(cost);
    if b.in_area(areas::OVERPASSES, to) {
        // 5.25: not into one held by enemy land units, and a galley may not
        // end there: it needs a free hex beyond, straight on (reconstructed:
        // it passes straight through).
        if game.land.iter().any(|&(h, s)| h == to && s != side) {
            return Err(FleetError::Overpass);
        }
        let beyond = heading.neighbor(to);
        if cx.map.galley_step(to, beyond).is_err()
            || game.galley_at(beyond).is_some()
            || b.in_area(areas::OVERPASSES, beyond)
        {
            return Err(FleetError::Overpass);
        }
    }
    Ok(cost)
}

/// Forward into the bow hex, or backwater into the stern hex (5.47).
pub(crate) fn step(
    game: &mut FleetGame,
    cx: &Ctx,
    backwater: bool,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = moving(game)?;
    let g = game.galley(i)?;
    if g.immobile() {
        return Err(FleetError::Immobile);
    }
    if g.stopped {
        return Err(FleetError::Stopped);
    }
    if backwater && g.speed == Speed::Attack {
        return Err(FleetError::BackwaterAttack);
    }
    let (from, to) = if backwater { (g.hex, g.stern()) } else { (g.hex, g.bow()) };
    let b = cx.map.board();
    let dir = if backwater { g.heading.opposite() } else { g.heading };
    if backwater && b.in_area(areas::OVERPASSES, to) {
        return Err(FleetError::Overpass);
    }
    let mut cost = entry(game, cx, g.side, from, to, dir)?;
    if backwater {
        cost = cost.max(sat(cx.t.movement.backwater_mp.value));
    }
    let left = g.remaining();
    let in_overpass = b.in_area(areas::OVERPASSES, to);
    let m = &cx.t.movement;
    let beyond = dir.neighbor(to);
    let beyond_cost =
        if b.in_area(areas::SHOALS, beyond) { m.shoal_mp.value } else { m.sea_mp.value };
    let need_after = if in_overpass { sat(beyond_cost) } else { 0 };
    if cost.saturating_add(need_after) > left {
        return Err(if in_overpass {
            FleetError::Overpass
        } else {
            FleetError::NotEnoughMp { left, cost }
        });
    }
    let attack = g.speed == Speed::Attack;
    let g = game.galley_mut(i)?;
    g.hex = to;
    g.spent += cost;
    g.forward = if backwater { 0 } else { g.forward.saturating_add(1) };
    g.in_slip = b.in_area(areas::SLIPS, to);
    ev.push(Event::Moved { galley: i, from, to, mp: cost, backwater });
    if g.in_slip {
        g.stopped = true;
        ev.push(Event::EnteredSlip { galley: i });
    }
    if b.in_area(areas::SHOALS, to) {
        let face = game.dice.roll(Die::D6)?.face;
        let m = &cx.t.movement;
        let total =
            i32::from(face) + if attack { i32::from(m.attack_aground_mod.value) } else { 0 };
        let aground = total >= i32::from(m.aground_on.value);
        let g = game.galley_mut(i)?;
        if aground {
            g.aground = true;
            g.stopped = true;
        }
        ev.push(Event::Shoals { galley: i, roll: Rolled { face, total }, aground });
    }
    Ok(())
}

/// Turn one hexside.
pub(crate) fn turn(
    game: &mut FleetGame,
    cx: &Ctx,
    clockwise: bool,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = moving(game)?;
    let g = game.galley(i)?;
    if g.immobile() {
        return Err(FleetError::Immobile);
    }
    if g.stopped {
        return Err(FleetError::Stopped);
    }
    if cx.map.board().in_area(areas::OVERPASSES, g.hex) {
        return Err(FleetError::Overpass);
    }
    if g.diekplus_gap == Some(g.hex) {
        return Err(FleetError::Diekplus("no turn inside the gap of a Diekplus (errata)"));
    }
    let cost = sat(cx.t.movement.turn_mp.value);
    let left = g.remaining();
    if cost > left {
        return Err(FleetError::NotEnoughMp { left, cost });
    }
    let g = game.galley_mut(i)?;
    let k = g.heading.index() + if clockwise { 1 } else { 5 };
    g.heading = Direction::from_index(k);
    g.spent += cost;
    g.forward = 0;
    ev.push(Event::Turned { galley: i, heading: g.heading, mp: cost });
    Ok(())
}

/// 5.27: in a Slip, after stopping, face any direction; movement ends.
pub(crate) fn face(
    game: &mut FleetGame,
    heading: Direction,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = moving(game)?;
    let g = game.galley_mut(i)?;
    if !(g.in_slip && g.stopped) || g.immobile() {
        return Err(FleetError::Geometry(
            "5.27: only a galley that has entered a Slip faces freely",
        ));
    }
    if heading == g.heading {
        return Err(FleetError::Geometry("5.27: that is the galley's heading already"));
    }
    g.heading = heading;
    g.done = true;
    game.current = None;
    ev.push(Event::Turned { galley: i, heading, mp: 0 });
    ev.push(Event::MovementEnded { galley: i });
    Ok(())
}

/// 5.29: beach at the end of movement on an eligible coast, at Cruise
/// (reconstructed: the Speed Level decides which actions a galley may use).
pub(crate) fn beach(game: &mut FleetGame, cx: &Ctx, ev: &mut Vec<Event>) -> Result<(), FleetError> {
    let i = moving(game)?;
    let g = game.galley(i)?;
    if !cx.map.is_beach(g.hex) {
        return Err(FleetError::Beach(
            "galleys beach only on Pharos' north shore (3304-4130) or west of the city (1005-1814)",
        ));
    }
    if g.remaining() > 0 {
        return Err(FleetError::Beach("a galley beaches when it ends its movement (its MP spent)"));
    }
    if g.speed != Speed::Cruise {
        return Err(FleetError::Beach("a galley beaches at Cruise speed (reconstructed)"));
    }
    if g.immobile() {
        return Err(FleetError::Beach(
            "a fouled, grappled, aground or beached galley cannot beach",
        ));
    }
    let g = game.galley_mut(i)?;
    g.beached = true;
    g.stopped = true;
    ev.push(Event::Beached { galley: i });
    Ok(())
}

/// 5.48: a land unit aboard a beached galley goes ashore in its hex.
pub(crate) fn debark(
    game: &mut FleetGame,
    cx: &Ctx,
    unit: &str,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = moving(game)?;
    let side = game.active;
    let g = game.galley(i)?;
    if !g.beached {
        return Err(FleetError::Debark("land units debark from a beached galley"));
    }
    if cx.map.board().in_area(areas::SEA, g.hex) && !cx.map.board().in_area(areas::COASTAL, g.hex) {
        return Err(FleetError::Debark("5.63: no debarking in a sea hex"));
    }
    if game.land.iter().any(|&(h, s)| h == g.hex && s != side) {
        return Err(FleetError::Debark("not into a hex held by enemy land units"));
    }
    let hex = g.hex;
    let g = game.galley_mut(i)?;
    let k = g
        .aboard
        .iter()
        .position(|p| p.id == unit)
        .ok_or(FleetError::Debark("no such unit aboard"))?;
    let p = g.aboard.remove(k);
    ev.push(Event::Debarked { galley: i, unit: p.id.clone() });
    game.ashore.push((p, side, hex));
    Ok(())
}

/// A land unit ashore in a beached galley's hex comes aboard, within capacity.
pub(crate) fn embark(
    game: &mut FleetGame,
    cx: &Ctx,
    unit: &str,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = moving(game)?;
    let side = game.active;
    let g = game.galley(i)?;
    if !g.beached {
        return Err(FleetError::Debark("land units embark onto a beached galley"));
    }
    let cap = cx.t.class(g.class).map_or(0, |c| c.capacity);
    let k = game
        .ashore
        .iter()
        .position(|(p, s, h)| p.id == unit && *s == side && *h == g.hex)
        .ok_or(FleetError::Debark("no such friendly unit in the galley's hex"))?;
    let leader = game.ashore.get(k).is_some_and(|(p, _, _)| p.leader);
    if !leader && g.troops().count() >= usize::from(cap) {
        return Err(FleetError::Debark("the galley is full (reconstructed capacity)"));
    }
    let (p, _, _) = game.ashore.remove(k);
    ev.push(Event::Embarked { galley: i, unit: p.id.clone() });
    game.galley_mut(i)?.aboard.push(p);
    Ok(())
}

/// 5.43: end the galley's movement once its MP are spent (or it was stopped).
pub(crate) fn end(game: &mut FleetGame, ev: &mut Vec<Event>) -> Result<(), FleetError> {
    let i = moving(game)?;
    let g = game.galley_mut(i)?;
    let left = g.remaining();
    if left > 0 && !g.stopped && !g.immobile() {
        return Err(FleetError::MpLeft(left));
    }
    g.done = true;
    game.current = None;
    ev.push(Event::MovementEnded { galley: i });
    Ok(())
}
