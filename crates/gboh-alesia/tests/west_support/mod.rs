//! Helpers for the West-map rule tests (issue 12, section 3): positions at
//! the contravallation W3911 (outer Gardens of Death W3910 and W4011 before
//! it, the walkway W3811-W3911-W4012, the redoubt W3812, the inside W3912..),
//! and at the circumvallation W3918 (inner Gardens W3919 and W3819, Alesia's
//! side W3920..).

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use gboh_alesia::combat::{CombatAction, CombatPending};
use gboh_alesia::game::{Membership, Uid, UnitFlags};
use gboh_alesia::protocol::{Action, Alesia, AlesiaEvent};
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game};
use hexx::Hex;

use super::combat_support::{Pos, combat, pending, setup, setup_with_shock};

/// The West map with its Shock Table replaced by `rows`.
pub fn west_with_shock(rows: &str) -> Pos {
    Pos::on_setup(setup_with_shock(gboh_alesia::map::west_map().unwrap().clone(), rows))
}

/// Every roll: the defender takes one hit and retreats.
pub const ALWAYS_RETREAT: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 1, defender_retreats: true), provenance: Reconstructed),";

/// Every roll: two hits each, no retreat (9.22's example's result).
pub const TWO_EACH: &str =
    "(rolls: (0, 10), result: (attacker_hits: 2, defender_hits: 2), provenance: Reconstructed),";

/// A hex of the game's board.
pub fn hx(game: &Game<Alesia>, label: &str) -> Hex {
    game.state().setup().board.hex_of(label).unwrap_or_else(|| panic!("no hex {label}"))
}

/// A hex's label.
pub fn label(game: &Game<Alesia>, h: Hex) -> String {
    game.state().setup().board.label(h).unwrap().to_string()
}

/// Where a unit is (None: off the map).
pub fn at(game: &Game<Alesia>, u: Uid) -> Option<Hex> {
    game.state().field.unit(u).and_then(|s| s.at)
}

/// Where a unit is, as a label ("-" off the map).
pub fn at_label(game: &Game<Alesia>, u: Uid) -> String {
    at(game, u).map_or_else(|| "-".to_owned(), |h| label(game, h))
}

/// A unit that moved into contact this activation: it moved (9.11) and did
/// not start the Activation Phase with an enemy in its ZOC (9.12, 9.22).
pub fn moved_in(pos: &mut Pos, u: Uid, hits: u8) {
    pos.with(u, hits, UnitFlags::MOVED);
}

/// Clears 9.12's start-of-phase flag of `u` (set by `Pos::activated` for
/// every unit with an enemy in its ZOC, as the real start would): for a unit
/// that was elsewhere when the Activation Phase began.
pub fn not_in_zoc_at_start(state: &mut Alesia, u: Uid) {
    state.field.unit_mut(u).unwrap().flags.set(UnitFlags::ENEMY_IN_ZOC_AT_START, false);
}

/// The `Place` actions now legal: (unit, hex, facing).
pub fn places(game: &Game<Alesia>) -> Vec<(Uid, Hex, Facing)> {
    game.legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Combat(CombatAction::Place { unit, to, facing }) => Some((unit, to, facing)),
            _ => None,
        })
        .collect()
}

/// The labels of the hexes the legal `Place` actions of `u` go to, sorted,
/// without duplicates.
pub fn place_labels(game: &Game<Alesia>, u: Uid) -> Vec<String> {
    let mut v: Vec<String> =
        places(game).into_iter().filter(|p| p.0 == u).map(|p| label(game, p.1)).collect();
    v.sort();
    v.dedup();
    v
}

/// Applies `a` and returns its events.
pub fn act(game: &mut Game<Alesia>, a: CombatAction) -> Vec<Event<AlesiaEvent>> {
    game.apply(combat(a.clone())).unwrap_or_else(|e| panic!("{a:?}: {e:?}"))
}

/// Takes the first legal answer to every decision until `stop` says so or
/// nothing is pending; returns the events.
pub fn run_until(
    game: &mut Game<Alesia>,
    stop: impl Fn(&CombatPending) -> bool,
) -> Vec<Event<AlesiaEvent>> {
    let mut all = Vec::new();
    for _ in 0..100 {
        match pending(game) {
            None => break,
            Some(p) if stop(&p) => break,
            Some(_) => {
                let first = game.legal_actions()[0].clone();
                all.extend(game.apply(first).unwrap());
            }
        }
    }
    all
}

/// The ids of the first `n` units of the Alesia Force.
pub fn alesia_force(n: usize) -> Vec<String> {
    let setup = setup();
    (0..setup.units.len())
        .map(|i| Uid(u16::try_from(i).unwrap()))
        .filter(|&u| setup.unit(u).unwrap().membership == Membership::AlesiaForce)
        .filter(|&u| {
            setup.unit(u).unwrap().id.starts_with("Alesia-")
                && !setup.unit(u).unwrap().id.starts_with("Alesia-A")
        })
        .take(n)
        .map(|u| setup.unit(u).unwrap().id.clone())
        .collect()
}
