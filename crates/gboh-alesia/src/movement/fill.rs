//! 6.46-6.49 Fill: Gallic BI filling in the Gardens of Death and crossing
//! water.
//!
//! - 6.46: what may be filled: Gardens of Death (their ditches included),
//!   the deep water-filled ditch, minor rivers and streams.
//! - 6.47: a BI may enter play carrying one Fill counter (the
//!   [`UnitFlags::CARRYING_FILL`] flag; it never picks one up later), which
//!   costs it 1 MA for the activation ([`super::allowance`]). Placing it costs
//!   +1 MP, in the Garden of Death the unit is in (after paying to enter it)
//!   or across a ditch, river or stream hexside of the unit's hex; it may be
//!   placed in an enemy ZOC (7.13), and the unit may go on moving, ZOC
//!   permitting. Each placement raises the hex's or hexside's Fill value by
//!   one. A carrier in a Garden of Death leaves its Fill there automatically
//!   when it is involved in shock (designated as attacker or defender, 9.21)
//!   or eliminated, by any cause ([`drop_in_garden`]).
//! - 6.48: Fill 2 negates an outer Garden, 3 an inner one; 3 lets units
//!   cross the water ditch or a stream, 4 a minor river (the chart's
//!   `fills_to_negate`); never more than needed.
//! - 6.49: Roman flame burns Fill (the combat rules'); at the end of each
//!   Assault Period every Fill value drops by one ([`end_of_period`]).

use crate::game::AlesiaField;
use crate::tables::{HexsideKey, MoveKey};
use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::unit::UnitType;
use hexx::Hex;

use super::action::FillTarget;
use super::allowance::{self, Origin, Purpose};
use super::cost;
use super::error::MoveError;
use super::garden;
use super::rules::MoveRules;
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::Alesia;

/// The Fill value that makes the hexside of `hex` toward `dir` crossable
/// (6.48), or 0 if it has no water to fill (6.46).
#[must_use]
pub fn hexside_threshold(field: &Battlefield, hex: Hex, dir: Direction) -> u8 {
    let side = field.setup().board.hexside(hex, dir);
    [
        (HexsideFeature::WaterDitch, HexsideKey::WaterDitch),
        (HexsideFeature::MinorRiver, HexsideKey::MinorRiver),
        (HexsideFeature::Stream, HexsideKey::Stream),
    ]
    .into_iter()
    .filter(|(f, _)| side.contains(*f))
    .map(|(_, k)| cost::hexside_fills_to_negate(field, k))
    .max()
    .unwrap_or(0)
}

/// Where a placement goes and the Fill value there afterwards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placement {
    /// The unit's hex.
    pub hex: Hex,
    /// The hex or hexside.
    pub target: FillTarget,
    /// The value after placing.
    pub value: u8,
    /// The MP it costs.
    pub mp: u8,
}

/// 6.47, 6.48: whether unit `uid` may place its Fill at `target` now.
///
/// # Errors
/// [`MoveError::Fill`] or [`MoveError::NotEnoughMp`], or why the unit may
/// not act.
pub fn check(
    game: &Alesia,
    rules: &MoveRules,
    uid: Uid,
    target: FillTarget,
) -> Result<Placement, MoveError> {
    let field = &game.field;
    let origin = allowance::origin(game, rules, uid, Purpose::PlaceFill)?;
    if field.setup().unit(uid).is_none() || field.unit(uid).is_none() {
        return Err(MoveError::UnknownPiece);
    }
    if !carries_fill(field, uid) {
        return Err(MoveError::Fill {
            rule: "6.47",
            what: "only a gallic bi carrying a fill counter may place one",
        });
    }
    let Origin::Hex(hex) = origin else {
        return Err(MoveError::Fill {
            rule: "6.47",
            what: "a fill counter is placed from a hex on the map",
        });
    };
    let mp = cost::move_mp(field, MoveKey::PlaceFill)?;
    let left = allowance::mp_left(field, uid);
    if left < mp {
        return Err(MoveError::NotEnoughMp { cost: mp, mp_left: left });
    }
    let value = match target {
        FillTarget::Hex => {
            if !garden::is_garden(field, hex) {
                return Err(MoveError::Fill {
                    rule: "6.48",
                    what: "fill goes only in a garden of death that is not yet negated",
                });
            }
            field.markers(hex).fill.saturating_add(1)
        }
        FillTarget::Hexside(dir) => {
            let threshold = hexside_threshold(field, hex, dir);
            if threshold == 0 {
                return Err(MoveError::Fill {
                    rule: "6.46",
                    what: "only the water ditch, minor rivers and streams may be filled across",
                });
            }
            let now = field.hexside_fill(hex, dir);
            if now >= threshold {
                return Err(MoveError::Fill {
                    rule: "6.48",
                    what: "no more fill than needed may be placed",
                });
            }
            now.saturating_add(1)
        }
    };
    Ok(Placement { hex, target, value, mp })
}

/// 6.47 Placement: whether Gallic BI `uid` may take a Fill counter now: it
/// is coming onto the map in this activation (atop its Tribal Counter, or
/// entering from off the map), has not yet moved, and carries none.
///
/// # Errors
/// [`MoveError::Fill`], or why the unit may not act.
pub fn check_take(game: &Alesia, rules: &MoveRules, uid: Uid) -> Result<(), MoveError> {
    let field = &game.field;
    let origin = allowance::origin(game, rules, uid, Purpose::Act)?;
    let gallic_bi = field
        .setup()
        .unit(uid)
        .is_some_and(|i| i.side == Side::Adversary && i.unit_type() == UnitType::BI);
    if !gallic_bi {
        return Err(MoveError::Fill { rule: "6.47", what: "only a gallic bi may carry fill" });
    }
    if matches!(origin, Origin::Hex(_)) || field.unit(uid).is_some_and(|u| u.mp_spent > 0) {
        return Err(MoveError::Fill {
            rule: "6.47",
            what: "a unit takes fill only as it is placed on the map; once on the map it never acquires one",
        });
    }
    if field.unit(uid).is_some_and(|u| u.flags.has(UnitFlags::CARRYING_FILL)) {
        return Err(MoveError::Fill { rule: "6.47", what: "one fill counter per combat unit" });
    }
    Ok(())
}

/// 6.47: whether `uid` is a Gallic BI carrying a Fill counter.
fn carries_fill(field: &Battlefield, uid: Uid) -> bool {
    field
        .setup()
        .unit(uid)
        .is_some_and(|i| i.side == Side::Adversary && i.unit_type() == UnitType::BI)
        && field.unit(uid).is_some_and(|s| s.flags.has(UnitFlags::CARRYING_FILL))
}

/// Every place unit `uid` may put its Fill now: its hex, then its hexsides
/// in [`Direction::ALL`] order.
#[must_use]
pub fn targets(game: &Alesia, rules: &MoveRules, uid: Uid) -> Vec<FillTarget> {
    // Most units carry no Fill: [`check`] refuses every target for them.
    if !carries_fill(&game.field, uid) {
        return Vec::new();
    }
    std::iter::once(FillTarget::Hex)
        .chain(Direction::ALL.into_iter().map(FillTarget::Hexside))
        .filter(|&t| check(game, rules, uid, t).is_ok())
        .collect()
}

/// Places the Fill: raises the value and takes the counter off the unit.
/// The caller has checked the placement.
pub fn place(field: &mut Battlefield, uid: Uid, p: &Placement) {
    match p.target {
        FillTarget::Hex => {
            if let Some(m) = field.markers_mut(p.hex) {
                m.fill = p.value;
            }
        }
        FillTarget::Hexside(dir) => {
            field.set_hexside_fill(p.hex, dir, p.value);
        }
    }
    if let Some(u) = field.unit_mut(uid) {
        u.flags.set(UnitFlags::CARRYING_FILL, false);
    }
}

/// 6.47: "A Fill counter is automatically placed in a GoD hex, if the unit is
/// involved in Shock, or if the unit is eliminated": if unit `uid` carries
/// Fill and stands in a Garden of Death not yet negated (6.48: never more
/// than needed), the Fill goes into that hex. Returns the hex and its new
/// value.
pub fn drop_in_garden(field: &mut Battlefield, uid: Uid) -> Option<(Hex, u8)> {
    let hex = field.unit(uid)?.at?;
    if !carries_fill(field, uid) || !garden::is_garden(field, hex) {
        return None;
    }
    let value = field.markers(hex).fill.saturating_add(1);
    field.markers_mut(hex)?.fill = value;
    if let Some(u) = field.unit_mut(uid) {
        u.flags.set(UnitFlags::CARRYING_FILL, false);
    }
    Some((hex, value))
}

/// [`drop_in_garden`], reported as a 6.47 [`super::action::MoveEvent::FillPlaced`].
pub fn drop_in_garden_with_event(
    field: &mut Battlefield,
    uid: Uid,
    events: &mut Vec<gboh_core::game::Event<crate::protocol::AlesiaEvent>>,
) {
    if let Some((hex, value)) = drop_in_garden(field, uid) {
        events.push(gboh_core::game::Event::new(
            "6.47",
            crate::protocol::AlesiaEvent::Move(super::action::MoveEvent::FillPlaced {
                unit: uid,
                hex,
                target: FillTarget::Hex,
                value,
            }),
        ));
    }
}

/// 6.49: "At the end of each Assault Period, all Fill values are reduced by
/// one for the next Period", in the hexes and on the hexsides. Returns how
/// many Fill counters changed.
pub fn end_of_period(field: &mut Battlefield) -> usize {
    let mut changed = 0;
    let hexes: Vec<Hex> =
        field.setup().board.hexes().filter(|&h| field.markers(h).fill > 0).collect();
    for h in hexes {
        if let Some(m) = field.markers_mut(h) {
            m.fill -= 1;
            changed += 1;
        }
    }
    let sides: Vec<(Hex, Direction, u8)> = field.hexside_fills().collect();
    for (h, d, v) in sides {
        field.set_hexside_fill(h, d, v.saturating_sub(1));
        changed += 1;
    }
    changed
}
