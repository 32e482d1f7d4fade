//! The correction to C:CoG 8.36 #B: "If one side has more than one unit
//! type in the combat, the owner decides which type he uses for the column
//! of the melee table." On the engine the Gallic player, defending with a
//! BI and a cavalry unit against one cohort, is asked which sets the column;
//! the shock then reads the column of the unit he picked.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::board::Terrain;
use gboh_core::dice::Dice;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::{Game, Rules};
use gboh_gergovia::map;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardEvent, StandardGame};
use hexx::Hex;

/// An open stretch of the map: `b` and its two front hexes for `facing`
/// and the hex `a` behind, all clear, level, outside every area, with no
/// hexside feature among them.
fn open_ground() -> (Hex, Hex, Facing, [Hex; 2]) {
    let board = map::board().unwrap();
    let plain = |h: Hex| {
        board.terrain(h) == Some(Terrain::Clear)
            && board.elevation(h) == board.elevation(board.hex_of("2714").unwrap())
            && !["Gergovia", "Gallic camp", "Small camp", "Large camp", "Sunken road"]
                .iter()
                .any(|a| board.in_area(a, h))
            && Direction::ALL.iter().all(|&d| {
                board
                    .hexside_between(h, d.neighbor(h))
                    .is_none_or(gboh_core::board::HexsideFeatures::is_empty)
            })
    };
    let facing = Facing::Twelve;
    let [d1, d2] = facing.front();
    board
        .hexes()
        .find_map(|b| {
            let a = d1.opposite().neighbor(b);
            let front = [d1.neighbor(b), d2.neighbor(b)];
            ([a, b].iter().chain(&front).all(|&h| plain(h))).then_some((a, b, facing, front))
        })
        .expect("open ground on the map")
}

#[test]
fn rule_8_36_b_the_defender_picks_the_type_for_the_column() {
    let cohort_of = |b: &gboh_standard::Battle<Gergovia>, leader: usize| {
        let f = b.field();
        (0..f.units.len()).find(|&u| {
            f.units[u].in_play()
                && b.game().may_command(f, leader, u)
                && f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO
        })
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Roman, leader } if cohort_of(b, *leader).is_some()),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let u = cohort_of(&b, leader).unwrap();
    let f = b.field();
    let (bi, cav) = (support::unit(f, "Carnutes-1"), support::unit(f, "Arverni cavalry-1"));
    let (a, hb, facing, front) = open_ground();
    let mut s = support::save(&b);
    for (o, st) in s.units.iter_mut().enumerate() {
        if o != u && Field::distance(st.hex, hb) <= 3 {
            st.status = UnitStatus::Eliminated;
        }
    }
    for (unit, at, fc) in [
        (u, a, facing),
        (bi, front[0], support::facing_toward_hex(front[0], hb)),
        (cav, front[1], support::facing_toward_hex(front[1], hb)),
    ] {
        let st = &mut s.units[unit];
        st.hex = at;
        st.facing = fc;
        st.status = UnitStatus::InPlay;
        st.hits = 0;
        st.column = false;
    }
    s.leaders[leader].hex = a;
    let b = support::load(&s);
    let mut g = Game::new(b, Dice::seeded(11));
    let dir = Direction::between(a, hb).unwrap();
    let mut events = g.apply(Action::Step { unit: u, dir }).unwrap();
    let mut chosen: Option<usize> = None;
    for _ in 0..60 {
        if let Some((defender, column)) = events.iter().find_map(|e| match &e.what {
            StandardEvent::Shock { attacker, defender, column, .. } if *attacker == u => {
                Some((*defender, *column))
            }
            _ => None,
        }) {
            let picked = chosen.expect("8.36 #B: the defender was asked first");
            assert_eq!(defender, picked, "the column is the picked unit's");
            let _ = column;
            return;
        }
        let pending = g.pending();
        let legal = g.legal_actions();
        let next = if let Pending::ClashType { side, attacker } = pending {
            assert_eq!((side, attacker), (Side::Adversary, u));
            let picks: Vec<usize> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::ClashType { unit } => Some(*unit),
                    _ => None,
                })
                .collect();
            let mut sorted = picks.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, {
                let mut v = vec![bi, cav];
                v.sort_unstable();
                v
            });
            // The engine's default (the lowest column) is listed first; the
            // owner picks the other one.
            let other = picks[1];
            assert!(g.check(&Action::ClashType { unit: u }).is_err(), "only a defender");
            chosen = Some(other);
            Action::ClashType { unit: other }
        } else {
            legal
                .iter()
                .find(|a| matches!(a, Action::DesignateShock { unit } if *unit == u))
                .or_else(|| {
                    legal.iter().find(|a| matches!(a, Action::EndOrders | Action::ResolveShocks))
                })
                .or_else(|| legal.iter().find(|a| matches!(a, Action::NoReaction { .. })))
                .copied()
                .unwrap_or_else(|| panic!("no way on from {pending:?}: {legal:?}"))
        };
        events = g.apply(next).unwrap();
    }
    panic!("the cohort never shocked");
}

#[test]
fn rule_8_36_b_spqr_keeps_the_lowest_column() {
    assert!(Gergovia::default().owner_picks_clash_type());
    assert!(!gboh_standard::Spqr.owner_picks_clash_type());
}
