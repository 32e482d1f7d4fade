//! The words narration is made of: hexes by their printed labels, units by
//! their counter ids, leaders by name, facings as clock positions, the
//! sides as the game names its armies.

use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::table::{ModifiedRoll, Modifiers};
use gboh_core::unit::HitOutcome;
use hexx::Hex;

use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::id::{Lid, Uid};

/// A place's printed name: a hex's label (`T0203`), or the name of the
/// Point or Block seated on it (`4-K`, docs/architecture.md "Places"); a
/// hex off the printed map as its axial coordinates, `(5, -9)`.
#[must_use]
pub fn hex<G: SimpleGame>(field: &Field<G>, h: Hex) -> String {
    let board = field.setup().board();
    if let gboh_core::board::Location::Node(id) = board.location(h)
        && let Some(n) = board.nodes().node(id)
    {
        return n.name.clone();
    }
    board.label(h).map_or_else(|| format!("({}, {})", h.x, h.y), |l| l.to_string())
}

/// Hexes by label, `T0203, T0204`, or `no hex`.
#[must_use]
pub fn hexes<G: SimpleGame>(field: &Field<G>, hs: &[Hex]) -> String {
    if hs.is_empty() {
        return "no hex".to_owned();
    }
    hs.iter().map(|&h| hex(field, h)).collect::<Vec<_>>().join(", ")
}

/// A unit's counter id as printed (`X-1`).
#[must_use]
pub fn unit<G: SimpleGame>(field: &Field<G>, u: Uid) -> String {
    field.setup().unit_name(u).map_or_else(|| format!("unit {}", u.0), str::to_owned)
}

/// Units by counter id, `X-1, X-2`, or `no unit`.
#[must_use]
pub fn units<G: SimpleGame>(field: &Field<G>, us: &[Uid]) -> String {
    if us.is_empty() {
        return "no unit".to_owned();
    }
    us.iter().map(|&u| unit(field, u)).collect::<Vec<_>>().join(", ")
}

/// A leader's name.
#[must_use]
pub fn leader<G: SimpleGame>(field: &Field<G>, l: Lid) -> String {
    field.setup().leader_name(l).map_or_else(|| format!("leader {}", l.0), str::to_owned)
}

/// A side as the game names its army (`the Romans`, `the Gauls`).
#[must_use]
pub fn side<G: SimpleGame>(s: Side) -> &'static str {
    G::army(s)
}

/// A facing as the clock position the counter's top points to.
#[must_use]
pub const fn clock(f: Facing) -> &'static str {
    f.clock()
}

/// `1 hit`, `3 hits`.
#[must_use]
pub fn hits(n: u8) -> String {
    if n == 1 { "1 hit".to_owned() } else { format!("{n} hits") }
}

/// What absorbing `n` hits did, as the end of a sentence.
#[must_use]
pub const fn hit_outcome(o: HitOutcome, n: u8) -> &'static str {
    match o {
        HitOutcome::Absorbed if n == 1 => "absorbs it",
        HitOutcome::Absorbed => "absorbs them",
        HitOutcome::Routed => "routs",
        HitOutcome::Eliminated => "is eliminated",
    }
}

/// Every modifier with its section, the total and the modified roll.
#[must_use]
pub fn roll(m: &Modifiers, modified: ModifiedRoll) -> String {
    let listed = if m.iter().next().is_none() { "no modifiers".to_owned() } else { m.to_string() };
    format!("{listed}: total DRM {}, modified roll {modified}", m.total())
}
