//! Line of sight ([`Rule::LineOfSight`], Alesia 8.15), and the hexsides a
//! shot leaves and enters by (Alesia 8.13, 6.66).
//!
//! The path is [`gboh_core::board::los_path`]'s exact one. [`walk`] follows
//! it, asking the caller about each hex between the ends and each hexside the
//! line crosses; along a hexspine (a [`LosStep::Tie`]) the stretch is blocked
//! only if the hexes on both sides block it. [`sight`] is the family's rule
//! on that walk:
//!
//! - terrain that blocks sight between the two ends
//!   ([`GroundRules::blocks_sight`]; the family's: woods);
//! - a wall or gate hexside crossed, even next to the firer or the target;
//! - a hex between whose ground stands higher than both ends
//!   ([`GroundRules::height`]);
//! - combat units between, unless the firer shoots over units closer to it
//!   than the target (archers).
//!
//! A game with more to say (Alesia's ramparts, redoubts and Palintonos)
//! walks the same path with its own checks, reusing [`higher_ground`] and
//! [`units_between`].
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::ground::los::{Blocker, sight};
//! use gboh_simple::{Field, Uid};
//! # use gboh_simple::doc_game::Tiny;
//! let field: Field<Tiny> = Field::new(Tiny::roster());
//! let hex = |l: &str| field.setup().board.hex_of(l).unwrap();
//! // The woods at T0303 stand between T0203 and T0404.
//! // (Tiny's columns run north-south: one axial row is a straight line.)
//! assert_eq!(sight(&field, hex("T0203"), hex("T0404"), false), Err(Blocker::Terrain(hex("T0303"))));
//! assert_eq!(sight(&field, hex("T0202"), hex("T0403"), false), Ok(()));
//! ```
//!
//! [`Rule::LineOfSight`]: crate::Rule::LineOfSight

use gboh_core::board::{LosStep, los_path};
use gboh_core::facing::Direction;
use hexx::Hex;

use super::GroundRules;
use crate::field::Field;
use crate::game::{Roster, SimpleGame};

/// What blocks a line of sight, by the family's rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blocker {
    /// Terrain that blocks sight between the two ends (woods).
    Terrain(Hex),
    /// A hex higher than both ends.
    Elevation(Hex),
    /// Combat units between.
    Units(Hex),
    /// A wall or gate hexside between two hexes.
    Wall(Hex, Hex),
}

impl Blocker {
    /// The hex named in a message (a wall names its first hex).
    #[must_use]
    pub const fn hex(self) -> Hex {
        match self {
            Blocker::Terrain(h)
            | Blocker::Elevation(h)
            | Blocker::Units(h)
            | Blocker::Wall(h, _) => h,
        }
    }

    /// What blocks, lower-case.
    #[must_use]
    pub const fn what(self) -> &'static str {
        match self {
            Blocker::Terrain(_) => "terrain that blocks sight",
            Blocker::Elevation(_) => "higher ground",
            Blocker::Units(_) => "combat units",
            Blocker::Wall(..) => "a wall or gate hexside",
        }
    }
}

/// Walks the line of sight from `from` to `to`.
///
/// `hex_blocks(h, over)` is asked of each hex between the ends and
/// `side_blocks(a, b, over)` of each hexside crossed from hex `a` into the
/// adjacent hex `b` (the firer's and the target's included); either may set
/// `over` to note that the line passes over something (Alesia's Palintonos
/// fire over works for +1). Along a hexspine the line is blocked only if
/// both sides block (the hexsides on each side checked with their hex), and
/// passes over something only if it must: over whichever side is open, or
/// over both if both are.
///
/// # Errors
/// The first blocker met from the firer's end.
pub fn walk<B>(
    from: Hex,
    to: Hex,
    hex_blocks: impl Fn(Hex, &mut bool) -> Option<B>,
    side_blocks: impl Fn(Hex, Hex, &mut bool) -> Option<B>,
) -> Result<bool, B> {
    let mut over = false;
    let steps = los_path(from, to);
    let hex_at = |i: usize| -> Option<Hex> {
        match steps.get(i) {
            Some(LosStep::Hex(h)) => Some(*h),
            _ => None,
        }
    };
    let mut previous = Some(from);
    for (i, step) in steps.iter().enumerate() {
        match *step {
            LosStep::Hex(h) => {
                if let Some(p) = previous
                    && let Some(b) = side_blocks(p, h, &mut over)
                {
                    return Err(b);
                }
                if let Some(b) = hex_blocks(h, &mut over) {
                    return Err(b);
                }
                previous = Some(h);
            }
            LosStep::Tie(p, q) => {
                let before = previous;
                let after = if i + 1 == steps.len() { Some(to) } else { hex_at(i + 1) };
                let one_side = |h: Hex, over: &mut bool| -> Option<B> {
                    before
                        .and_then(|b| side_blocks(b, h, over))
                        .or_else(|| hex_blocks(h, over))
                        .or_else(|| after.and_then(|a| side_blocks(h, a, over)))
                };
                let (mut over_p, mut over_q) = (false, false);
                let blocked_p = one_side(p, &mut over_p);
                let blocked_q = one_side(q, &mut over_q);
                match (blocked_p, blocked_q) {
                    (Some(b), Some(_)) => return Err(b),
                    (None, Some(_)) => over |= over_p,
                    (Some(_), None) => over |= over_q,
                    (None, None) => over |= over_p && over_q,
                }
                // The hexsides on either side of a tie were checked with it.
                previous = None;
            }
        }
    }
    if let Some(p) = previous
        && let Some(b) = side_blocks(p, to, &mut over)
    {
        return Err(b);
    }
    Ok(over)
}

/// Whether the ground of `hex` stands higher than `ends`, the higher of the
/// two ends' heights ([`GroundRules::height`]).
#[must_use]
pub fn higher_ground<G: SimpleGame>(field: &Field<G>, hex: Hex, ends: u8) -> bool {
    field.setup().board().elevation(hex).unwrap_or(0) > ends
}

/// Whether combat units in `hex`, between `from` and a target `range` hexes
/// away, block the line: they do unless the firer shoots over units closer
/// to it than the target is (`over_closer_units`: Alesia's archers and
/// Palintonos, 8.15).
#[must_use]
pub fn units_between<G: SimpleGame>(
    field: &Field<G>,
    from: Hex,
    hex: Hex,
    range: u32,
    over_closer_units: bool,
) -> bool {
    let units = !field.stack(hex).is_empty();
    let closer = from.unsigned_distance_to(hex) < range;
    units && !(over_closer_units && closer)
}

/// The family's line of sight from `from` to `to` (the module doc's list).
///
/// # Errors
/// The first [`Blocker`] met from the firer's end.
pub fn sight<G: GroundRules>(
    field: &Field<G>,
    from: Hex,
    to: Hex,
    over_closer_units: bool,
) -> Result<(), Blocker> {
    let ends = G::height(field, from).max(G::height(field, to));
    let range = from.unsigned_distance_to(to);
    let board = field.setup().board();
    let sight = field.setup().sight_barriers();
    walk(
        from,
        to,
        |h, _| {
            if G::blocks_sight(field, h) {
                Some(Blocker::Terrain(h))
            } else if higher_ground(field, h, ends) {
                Some(Blocker::Elevation(h))
            } else if units_between(field, from, h, range, over_closer_units) {
                Some(Blocker::Units(h))
            } else {
                None
            }
        },
        |a, b, _| {
            let side = board.hexside(a, Direction::between(a, b)?);
            sight.stops(side).then_some(Blocker::Wall(a, b))
        },
    )
    .map(|_| ())
}

/// The hexside(s) a line from `from` to `to` leaves `from` by: one, or the two
/// beside a vertex it leaves through (Alesia 8.13, 8.15: fire goes out
/// through the front or flank hexsides).
#[must_use]
pub fn leaving_by(from: Hex, to: Hex) -> Vec<Direction> {
    toward_first(from, to, los_path(from, to).first().copied())
}

/// The hexside(s) a line from `from` to `to` enters `to` by, as directions
/// from `to` (Alesia 6.66: fire through the rear hexsides hits the bottom
/// unit).
#[must_use]
pub fn entering_by(from: Hex, to: Hex) -> Vec<Direction> {
    toward_first(to, from, los_path(from, to).last().copied())
}

fn toward_first(end: Hex, other: Hex, step: Option<LosStep>) -> Vec<Direction> {
    match step {
        None => Direction::between(end, other).into_iter().collect(),
        Some(s) => s.hexes().filter_map(|h| Direction::between(end, h)).collect(),
    }
}
