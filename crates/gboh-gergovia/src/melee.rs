//! 6.74 / 8.74: melee across fortified hexsides shifts the column left, by
//! the figures of `data/gergovia/fortifications.ron`:
//! 4L when all defenders are in Gergovia and attacked over its wall, 3L when
//! attacked through its gate, 2L when all defenders are in a Roman camp and
//! attacked over its wall or a gate.
//!
//! Read (Reconstructed where the text is silent): the attacker stands
//! outside the fortification and every defender inside, each across a wall
//! or gate hexside from the attacker; the shift is the gate's only when every
//! one of those hexsides is a gate, the wall's otherwise.

use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_standard::shock::Shift;
use gboh_standard::state::Field;

use crate::fortifications::{Across, Defenders, Fortifications};
use crate::map::{self, areas};

/// What each shift is for, as the narration prints it.
const fn what(defenders: Defenders, across: Across) -> &'static str {
    match (defenders, across) {
        (Defenders::Gergovia, Across::Wall) => {
            "Gergovia 6.74: all defenders in Gergovia, attacked over the wall"
        }
        (Defenders::Gergovia, Across::Gate) => {
            "Gergovia 6.74: all defenders in Gergovia, attacked through the gate"
        }
        (Defenders::RomanCamp, _) => {
            "Gergovia 6.74: all defenders in the Roman camp, attacked over a wall or gate"
        }
    }
}

/// 6.74: the shift, if any, for `attacker` meleeing `defenders`.
#[must_use]
pub fn fortification_shift(
    forts: &Fortifications,
    field: &Field,
    attacker: usize,
    defenders: &[usize],
) -> Option<Shift> {
    let board = field.board();
    let from = field.units.get(attacker)?.hex;
    if defenders.is_empty() {
        return None;
    }
    let in_town = |h| board.in_area(areas::GERGOVIA, h);
    let in_camp = |h| map::in_roman_camp(board, h);
    let mut kind: Option<Defenders> = None;
    let mut all_gates = true;
    for &d in defenders {
        let to = field.units.get(d)?.hex;
        let dir = Direction::between(from, to)?;
        let has = |f| board.has_hexside(from, dir, f);
        let here = if has(HexsideFeature::TownWall) && in_town(to) && !in_town(from) {
            Defenders::Gergovia
        } else if has(HexsideFeature::CampWall) && in_camp(to) && !in_camp(from) {
            Defenders::RomanCamp
        } else {
            return None;
        };
        if kind.is_some_and(|k| k != here) {
            return None;
        }
        kind = Some(here);
        all_gates &= has(HexsideFeature::Gate);
    }
    let defenders_in = kind?;
    let across = if all_gates { Across::Gate } else { Across::Wall };
    let columns = forts.melee_shift(defenders_in, across)?;
    Some(Shift { what: what(defenders_in, across), columns: -i32::from(columns) })
}

/// Whether `attacker` would attack `defender` over a wall hexside (a camp
/// or town wall, gates included, 8.32's "hexside with a wall").
#[must_use]
pub fn over_a_wall(field: &Field, attacker: usize, defender: usize) -> bool {
    let (Some(a), Some(d)) = (field.units.get(attacker), field.units.get(defender)) else {
        return false;
    };
    Direction::between(a.hex, d.hex).is_some_and(|dir| {
        let b = field.board();
        b.has_hexside(a.hex, dir, HexsideFeature::TownWall)
            || b.has_hexside(a.hex, dir, HexsideFeature::CampWall)
            || b.has_hexside(a.hex, dir, HexsideFeature::StoneWall)
    })
}

/// 8.32: "Units attacking over a hexside with a wall may not be attacked
/// together with units that are not attacked that way." When `attacker`
/// has enemies in front both over a wall and not, it attacks only those not
/// over the wall (the game note: "it must first attack the unit outside");
/// when all are over a wall, all of them.
pub fn not_combined_over_walls(field: &Field, attacker: usize, defenders: &mut Vec<usize>) {
    not_combined_over_walls_with(field, attacker, defenders, |_, _| false);
}

/// [`not_combined_over_walls`], a knocked-down stone wall (`down`,
/// [`crate::walls`]) being no wall.
pub fn not_combined_over_walls_with(
    field: &Field,
    attacker: usize,
    defenders: &mut Vec<usize>,
    down: impl Fn(hexx::Hex, Direction) -> bool,
) {
    let over = |d: &usize| {
        over_a_wall(field, attacker, *d)
            && !field.units.get(attacker).zip(field.units.get(*d)).is_some_and(|(a, x)| {
                Direction::between(a.hex, x.hex).is_some_and(|dir| {
                    field.board().has_hexside(a.hex, dir, HexsideFeature::StoneWall)
                        && down(a.hex, dir)
                })
            })
    };
    if defenders.iter().any(over) && !defenders.iter().all(over) {
        defenders.retain(|d| !over(d));
    }
}

/// 8.4: "Units attacking from inside, over a wall or gate hexside, need not
/// advance after combat. Units attacking over such a hexside from outside
/// must advance." The engine's advance has no choice point, so "need not" is
/// read as "do not" (Reconstructed): a victorious unit does not advance out
/// over a wall or gate of the fortification it stands in; from outside it
/// advances in (the engine's advance); a Gaul never over the town wall
/// (6.72 \[d\]).
#[must_use]
pub fn may_advance(field: &Field, attacker: usize, from: hexx::Hex, dir: Direction) -> bool {
    let board = field.board();
    let has = |f| board.has_hexside(from, dir, f);
    let to = dir.neighbor(from);
    let town = has(HexsideFeature::TownWall);
    let camp = has(HexsideFeature::CampWall);
    if !town && !camp {
        return true;
    }
    if town
        && !has(HexsideFeature::Gate)
        && field.side(attacker) == Some(gboh_core::Side::Adversary)
    {
        return false;
    }
    let inside = |h| {
        if town { board.in_area(areas::GERGOVIA, h) } else { map::in_roman_camp(board, h) }
    };
    !inside(from) || inside(to)
}

/// The column shifts Gergovia adds to `attacker`'s shock at `defenders`:
/// 6.74 / 8.74's 4L, 3L or 2L across fortified hexsides
/// ([`fortification_shift`]), and Camped Gauls' column to the right when a
/// defender is `disordered`.
pub fn shock_shifts(
    field: &Field,
    attacker: usize,
    defenders: &[usize],
    disordered: impl Fn(usize) -> bool,
    out: &mut Vec<gboh_standard::shock::Shift>,
) {
    if let Ok(forts) = crate::fortifications::fortifications()
        && let Some(shift) = fortification_shift(forts, field, attacker, defenders)
    {
        out.push(shift);
    }
    // Camped Gauls: a disordered defender gives the attacker a column to
    // the right.
    if defenders.iter().any(|&d| disordered(d)) {
        out.push(gboh_standard::shock::Shift {
            what: "Gergovia, Camped Gauls: a defender disordered",
            columns: 1,
        });
    }
}
