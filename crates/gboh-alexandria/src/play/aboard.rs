//! 4.41 and 4.44: Command aboard galleys. Command Range may be traced
//! from and to leaders and units aboard galleys that are Beached, Aground
//! or in Slips (the causeway's grapple is no state of the fleet's rules:
//! left out), at 3 MP to trace into or out of such a galley; a leader
//! aboard one may be activated (not a Fleet activation) and activates the
//! eligible units within his range, ashore or aboard. 5.48: those aboard a
//! beached galley may then go ashore in its hex ([`Own::Debark`]).

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_simple::field::UnitFlags;
use gboh_simple::{CombatError, Lid, Uid};
use hexx::Hex;

use super::blocks::Own;
use super::command::{self, Command, eligible, fit, in_range, on_map, trace};
use super::fleet::{anchored, refuse, stack_ok};
use super::state::{Alexandria, Happened};
use crate::counters::Rank;

/// 4.41: the MP to trace Command into or out of a galley.
pub const GALLEY_MP: u8 = 3;

/// Where leader `lid` commands from and what it costs to leave: his place
/// on the map (0), or the hex of the Beached, Aground or Slip galley he is
/// aboard (4.41: 3 MP).
#[must_use]
pub fn command_post(g: &Alexandria, lid: Lid) -> Option<(Hex, u8)> {
    let l = g.field.leader(lid).filter(|l| !l.dead)?;
    if let Some(at) = l.at {
        return Some((at, 0));
    }
    let id = &g.setup().leader(lid)?.name;
    let (_, galley) = g.fleet.carrier(id)?;
    anchored(galley).then_some((galley.hex, GALLEY_MP))
}

/// 4.41: leader `lid`'s Command Range in MP over the board, traced from his
/// command post ([`command_post`]); `None` off the map and not aboard an
/// anchored galley.
#[must_use]
pub fn range_map(g: &Alexandria, lid: Lid) -> Option<Vec<u8>> {
    let info = g.setup().leader(lid)?;
    let (from, cost) = command_post(g, lid)?;
    if cost == 0 {
        return command::range_map(&g.field, lid);
    }
    let left = info.range.checked_sub(cost)?;
    let mut map = trace(&g.field, info.side, from, left);
    for d in &mut map {
        if *d != u8::MAX {
            *d = d.saturating_add(cost);
        }
    }
    Some(map)
}

/// The land units leader `lid` activates on the map: eligible, fit and
/// within his range ([`range_map`]), in [`Uid`] order.
#[must_use]
pub fn units_on_map(g: &Alexandria, lid: Lid) -> Vec<Uid> {
    let Some(map) = range_map(g, lid) else { return Vec::new() };
    (0..g.setup().units.len())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| {
            fit(&g.field, u)
                && eligible(&g.field, lid, u)
                && g.field.unit(u).and_then(|s| s.at).is_some_and(|h| in_range(&g.field, &map, h))
        })
        .collect()
}

/// 4.41, 4.44: the pieces aboard anchored galleys leader `lid`'s activation
/// activates: himself if aboard, the eligible units aboard his own galley,
/// and those aboard another anchored galley whose hex his range reaches
/// with 3 MP to spare (into the galley). In galley then passenger order.
#[must_use]
pub fn aboard_in_range(g: &Alexandria, lid: Lid) -> Vec<String> {
    let setup = g.setup();
    let Some(info) = setup.leader(lid) else { return Vec::new() };
    let Some(map) = range_map(g, lid) else { return Vec::new() };
    let own = g.fleet.carrier(&info.name).map(|(i, _)| i);
    let board = setup.map.board();
    let mut out = Vec::new();
    if own.is_some() {
        out.push(info.name.clone());
    }
    for (i, galley) in g.fleet.game.galleys.iter().enumerate() {
        if !galley.afloat() || galley.side != info.side || !anchored(galley) {
            continue;
        }
        let reach = board.index(galley.hex).and_then(|k| map.get(k)).copied().unwrap_or(u8::MAX);
        let near = own == Some(i) || reach.saturating_add(GALLEY_MP) <= info.range;
        if !near {
            continue;
        }
        for p in galley.troops() {
            if setup.uid(&p.id).is_some_and(|u| eligible(&g.field, lid, u)) {
                out.push(p.id.clone());
            }
        }
    }
    out
}

/// 4.44: subordinates aboard anchored galleys of `side`, in leader order.
#[must_use]
pub fn leaders_aboard(g: &Alexandria, side: Side) -> Vec<Lid> {
    let setup = g.setup();
    (0..setup.leaders.len())
        .filter_map(|i| u8::try_from(i).ok().map(Lid))
        .filter(|&l| {
            setup.leader(l).is_some_and(|x| x.side == side)
                && setup.land_leader(l).is_some_and(|x| x.rank == Rank::Subordinate)
                && !on_map(&g.field, l)
                && command_post(g, l).is_some()
        })
        .collect()
}

/// Checks [`Own::Debark`]: a piece this leader activation activated aboard
/// (4.44), its galley beached (5.48), its hex not held by the enemy.
///
/// # Errors
/// Why not, citing the rule.
pub fn check(g: &Alexandria, piece: &str) -> Result<Hex, CombatError> {
    let Some(a) = g.turn.current.as_ref() else {
        return Err(refuse("[Alexandria 4.44]", "no activation is under way"));
    };
    if !matches!(a.command, Command::Leader(_)) {
        return Err(refuse(
            "[Alexandria 4.44]",
            "only a leader's activation debarks this way (a Fleet activation uses its galleys' actions)",
        ));
    }
    if a.moving.is_some() || a.combat.shock.is_some() || a.combat.reaction.is_some() {
        return Err(refuse("[Alexandria 3.0]", "debarking is movement, before shock (3.0 B)"));
    }
    if !g.fleet.aboard_active.iter().any(|p| p == piece) {
        return Err(refuse(
            "[Alexandria 4.44]",
            "that piece is not aboard within the activated leader's Command Range (4.41)",
        ));
    }
    let (_, galley) =
        g.fleet.carrier(piece).ok_or_else(|| refuse("[Alexandria 5.48]", "not aboard a galley"))?;
    if !galley.beached {
        return Err(refuse("[Alexandria 5.48]", "land units debark from a beached galley"));
    }
    let side = a.side;
    if g.field.side_in(galley.hex).is_some_and(|s| s != side) {
        return Err(refuse("[Alexandria 5.48]", "not into a hex held by enemy land units"));
    }
    if let Some(uid) = g.setup().uid(piece) {
        stack_ok(g, galley.hex, uid)?;
    }
    Ok(galley.hex)
}

/// Every [`Own::Debark`] legal now.
pub fn legal(g: &Alexandria, out: &mut Vec<Own>) {
    for p in &g.fleet.aboard_active {
        if check(g, p).is_ok() {
            out.push(Own::Debark { piece: p.clone() });
        }
    }
}

/// Performs [`Own::Debark`]: the piece stands in its galley's hex; a unit
/// joins the activation, its movement over; a leader's movement is over.
///
/// # Errors
/// Its refusal.
pub fn perform(
    g: &mut Alexandria,
    piece: &str,
    _: &mut Dice,
    events: &mut Vec<Event<Happened>>,
) -> Result<(), CombatError> {
    check(g, piece)?;
    let Some((galley, _)) = g.fleet.carrier(piece) else { return Ok(()) };
    if let Some(x) = g.fleet.game.galleys.get_mut(galley) {
        x.aboard.retain(|p| p.id != piece);
    }
    g.fleet.aboard_active.retain(|p| p != piece);
    let e = crate::fleet::Event::Debarked { galley, unit: piece.to_owned() };
    super::fleet::ashore(g, &e);
    if let Some(lid) = g.setup().lid(piece) {
        let ma = g.setup().land_leader(lid).map_or(0, |l| l.movement);
        if let Some(l) = g.field.leader_mut(lid) {
            l.mp_spent = ma;
        }
    } else if let Some(uid) = g.setup().uid(piece)
        && let Some(s) = g.field.unit_mut(uid)
    {
        s.flags.set(UnitFlags::DONE_MOVING, true);
    }
    events.push(Event::new("4.44", Happened::Fleet(e)));
    Ok(())
}
