//! The harbour beside the galleys: 5.26 the Lighthouse holder's choice of
//! the hexes denied to enemy galleys, and 5.27 Slips set afire by missiles
//! when no galley is in them, burning in the Fleet Status Phase.
//!
//! 5.26 prints that the player with a combat unit in the Lighthouse "may
//! deny entry of any galley into 3931-2 and/or 4032": the denial is his
//! choice, hex by hex. It is kept as the hexes he leaves open, so the
//! default (nothing open) denies all three to enemy galleys, and a new
//! holder ([`FleetGame::set_lighthouse_holder`]) starts from that default.
//! We read "any galley" as any enemy galley: the holder never bars his own.
//! The "special stacking restrictions" of units in the Lighthouse are not
//! stated in the extract or the errata; they concern land units, which the
//! land game stacks, and are left out here.
//!
//! 5.27 prints only that Slips "may be set afire by Missiles, if no galleys
//! are in the Slip. If there are galleys present, they must be the target."
//! What a burning Slip does is Reconstructed (`slip_fire` in
//! `data/alexandria/fleet.ron`): no galley may enter it (a galley would
//! catch fire in the burning sheds; we forbid the entry rather than let a
//! player burn his own galley), and in every Fleet Status Phase it may burn
//! out, else it may spread to each neighbouring Slip hex: an empty one
//! catches fire, a galley in one is set On Fire (7.3). Nobody fights a Slip
//! fire: the sheds belong to no fleet.

use gboh_core::Side;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::{Ctx, Event, FleetError, FleetGame};
use crate::map::areas;

impl FleetGame {
    /// 5.26: whether the Lighthouse's holder now denies `hex` to a galley of
    /// `side` (his choice, by default all of 3931, 3932 and 4032 to enemy
    /// galleys; nothing when nobody holds the Lighthouse).
    #[must_use]
    pub fn lighthouse_denies(&self, hex: Hex, side: Side) -> bool {
        crate::map::alexandria().is_ok_and(|m| denies(self, m, hex, side))
    }

    /// 5.26: the holder `by` denies (`deny`) or opens `hex` to enemy
    /// galleys, at any time (the land game's call; within a Fleet activation
    /// the active holder uses [`super::Action::DenyLighthouse`]).
    ///
    /// # Errors
    /// [`FleetError::LighthouseChoice`] if `by` does not hold the Lighthouse,
    /// `hex` is not 3931, 3932 or 4032, or it is already so; the game is
    /// then unchanged.
    pub fn set_lighthouse_denial(
        &mut self,
        by: Side,
        hex: Hex,
        deny: bool,
    ) -> Result<Vec<Event>, FleetError> {
        let map = crate::map::alexandria().map_err(|e| FleetError::Data(e.to_string()))?;
        let mut ev = Vec::new();
        set(self, map, by, hex, deny, &mut ev)?;
        Ok(ev)
    }

    /// 5.26: the land game's call when the Lighthouse changes hands (`None`:
    /// no combat unit in it). A change of holder resets the choice to deny
    /// all three hexes to the new holder's enemies; the same holder keeps his.
    pub fn set_lighthouse_holder(&mut self, holder: Option<Side>) {
        if holder != self.lighthouse_holder {
            self.harbour.lighthouse_open.clear();
            self.harbour.open_by = None;
        }
        self.lighthouse_holder = holder;
    }

    /// 5.27: whether the Slip hex `hex` is burning.
    #[must_use]
    pub fn slip_burning(&self, hex: Hex) -> bool {
        self.harbour.burning_slips.contains(&hex)
    }
}

fn denies(game: &FleetGame, map: &crate::map::Alexandria, hex: Hex, side: Side) -> bool {
    let h = &game.harbour;
    let open = h.open_by == game.lighthouse_holder && h.lighthouse_open.contains(&hex);
    map.lighthouse_denies(hex, side, game.lighthouse_holder) && !open
}

/// 5.26 as the movement rules ask it.
pub(crate) fn denied(game: &FleetGame, cx: &Ctx, hex: Hex, side: Side) -> bool {
    denies(game, cx.map, hex, side)
}

fn set(
    game: &mut FleetGame,
    map: &crate::map::Alexandria,
    by: Side,
    hex: Hex,
    deny: bool,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    if game.lighthouse_holder != Some(by) {
        return Err(FleetError::LighthouseChoice(
            "only the player with a combat unit in the Lighthouse chooses what it denies",
        ));
    }
    if !map.lighthouse_denied().contains(&hex) {
        return Err(FleetError::LighthouseChoice(
            "the Lighthouse denies only 3931, 3932 and 4032 to galleys",
        ));
    }
    if denies(game, map, hex, by.opponent()) == deny {
        return Err(FleetError::LighthouseChoice(if deny {
            "that hex is denied already"
        } else {
            "that hex is open already"
        }));
    }
    let h = &mut game.harbour;
    if h.open_by != Some(by) {
        h.open_by = Some(by);
        h.lighthouse_open.clear();
    }
    if deny {
        h.lighthouse_open.retain(|&x| x != hex);
    } else {
        h.lighthouse_open.push(hex);
        h.lighthouse_open.sort_unstable_by_key(|x| (x.x, x.y));
    }
    ev.push(Event::LighthouseDenial { by, hex, denied: deny });
    Ok(())
}

/// The action: the active player, holding the Lighthouse, before a galley moves.
pub(crate) fn deny(
    game: &mut FleetGame,
    cx: &Ctx,
    hex: Hex,
    deny: bool,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    if game.current.is_some() {
        return Err(FleetError::AnotherMoving);
    }
    let by = game.active;
    set(game, cx.map, by, hex, deny, ev)
}

/// The toggles the active holder may make now, in the map's order.
pub(crate) fn lighthouse_choices(game: &FleetGame, cx: &Ctx) -> Vec<(Hex, bool)> {
    if game.lighthouse_holder != Some(game.active) {
        return Vec::new();
    }
    let enemy = game.active.opponent();
    cx.map.lighthouse_denied().iter().map(|&h| (h, !denies(game, cx.map, h, enemy))).collect()
}

/// Slip hexes within fire-arrow range of the moving galley, in the map's order.
pub(crate) fn slips_in_range(game: &FleetGame, cx: &Ctx) -> Vec<Hex> {
    let Some(g) = game.current.and_then(|i| game.galleys.get(i)) else { return Vec::new() };
    let range = u32::try_from(cx.t.fire_arrows.range.value.max(0)).unwrap_or(0);
    cx.map
        .board()
        .area(areas::SLIPS)
        .map_or(&[][..], |a| a.hexes())
        .iter()
        .copied()
        .filter(|&h| g.hex.unsigned_distance_to(h) <= range)
        .collect()
}

/// 5.27: the moving galley looses fire arrows at the empty Slip `slip`.
pub(crate) fn fire_at_slip(
    game: &mut FleetGame,
    cx: &Ctx,
    slip: Hex,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let i = game.current.ok_or(FleetError::NoneMoving)?;
    let g = game.galley(i)?;
    if g.done {
        return Err(FleetError::AlreadyMoved);
    }
    if g.fired {
        return Err(FleetError::AlreadyFired);
    }
    if !cx.map.board().in_area(areas::SLIPS, slip) {
        return Err(FleetError::SlipFire("only a Slip hex may be set afire by missiles"));
    }
    if game.galley_at(slip).is_some() {
        return Err(FleetError::SlipFire(
            "galleys are in that Slip: they must be the target, not the Slip",
        ));
    }
    if game.slip_burning(slip) {
        return Err(FleetError::SlipFire("that Slip is burning already"));
    }
    let range = cx.t.fire_arrows.range.value;
    if i64::from(g.hex.unsigned_distance_to(slip)) > i64::from(range) {
        return Err(FleetError::OutOfRange(range));
    }
    let face = game.dice.d10()?.face;
    let afire = i32::from(face) <= i32::from(cx.t.slip_fire.set_afire_on.value);
    game.galley_mut(i)?.fired = true;
    ev.push(Event::SlipFired { galley: i, slip, face, afire });
    if afire {
        ignite(game, slip);
        ev.push(Event::SlipCaughtFire { slip, from: None });
    }
    Ok(())
}

fn ignite(game: &mut FleetGame, slip: Hex) {
    let b = &mut game.harbour.burning_slips;
    if !b.contains(&slip) {
        b.push(slip);
        b.sort_unstable_by_key(|h| (h.x, h.y));
    }
}

/// 5.27 (reconstructed), in every Fleet Status Phase after the galleys'
/// fires: each Slip burning at its start may burn out; one that does not
/// may spread to each neighbouring Slip hex (clockwise from north-east).
pub(crate) fn slip_fires(
    game: &mut FleetGame,
    cx: &Ctx,
    ev: &mut Vec<Event>,
) -> Result<(), FleetError> {
    let burning = game.harbour.burning_slips.clone();
    let sf = &cx.t.slip_fire;
    for slip in burning {
        let face = game.dice.d10()?.face;
        let out = i32::from(face) <= i32::from(sf.burn_out_on.value);
        ev.push(Event::SlipFireCheck { slip, face, out });
        if out {
            game.harbour.burning_slips.retain(|&h| h != slip);
            continue;
        }
        for d in Direction::ALL {
            let to = d.neighbor(slip);
            if !cx.map.board().in_area(areas::SLIPS, to) || game.slip_burning(to) {
                continue;
            }
            let galley = game.galley_at(to);
            if galley.is_some_and(|k| game.galleys.get(k).is_some_and(|g| g.on_fire)) {
                continue;
            }
            let face = game.dice.d10()?.face;
            ev.push(Event::SlipSpreadCheck { from: slip, to, face });
            if i32::from(face) > i32::from(sf.spread_on.value) {
                continue;
            }
            if let Some(k) = galley {
                game.galley_mut(k)?.on_fire = true;
                ev.push(Event::CaughtFire { galley: k, from: None });
            } else {
                ignite(game, to);
                ev.push(Event::SlipCaughtFire { slip: to, from: Some(slip) });
            }
        }
    }
    Ok(())
}
