//! 8.4 on the real Gergovia map: "Units attacking over such a hexside from
//! outside must advance, and rule 1 applies if their advance would lead to
//! their rout": the advance in over a wall or gate costs the Movement Cost
//! Table's cohesion for it, and an attacker that advance would rout counts
//! as routing in the Collapse's #1 (Reconstructed reading, SPQR 8.47).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::movement::{self, Class, Row};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::StandardGame;
use gboh_standard::shock::{CollapseUnit, Fate, collapse, collapse_advancing};
use gboh_standard::state::Field;
use hexx::Hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// A town-wall hexside (not a gate) seen from outside the town: (outside
/// hex, direction in), the first in board order.
fn town_wall_from_outside() -> (Hex, Direction) {
    let board = map::board().unwrap();
    board
        .hexsides()
        .flat_map(|(h, d, _)| [(h, d), (d.neighbor(h), d.opposite())])
        .find(|&(h, d)| {
            board.has_hexside(h, d, HexsideFeature::TownWall)
                && !board.has_hexside(h, d, HexsideFeature::Gate)
                && !board.in_area(areas::GERGOVIA, h)
                && board.in_area(areas::GERGOVIA, d.neighbor(h))
        })
        .unwrap()
}

#[test]
fn rule_8_4_the_advance_in_over_the_wall_costs_the_tables_cohesion() {
    let mut f = field();
    let g = Gergovia::default();
    let table = movement::table().unwrap();
    let (outside, dir) = town_wall_from_outside();
    let cohort = support::unit(&f, "VIII-1");
    f.units[cohort].hex = outside;
    let wall = table.hits(Row::TownWall, Class::Cohort, false).unwrap();
    assert!(wall > 0);
    assert_eq!(g.advance_step_hits(&f, cohort, outside, dir), wall, "in over the town wall");
    // Out of the town over the wall (no advance is made: may_advance), or
    // along open ground: nothing.
    let inside = dir.neighbor(outside);
    f.units[cohort].hex = inside;
    assert_eq!(g.advance_step_hits(&f, cohort, inside, dir.opposite()), 0);
    let open = Direction::ALL
        .into_iter()
        .find(|&d| {
            map::board()
                .unwrap()
                .hexside_between(outside, d.neighbor(outside))
                .is_none_or(|f| f.is_empty())
        })
        .unwrap();
    f.units[cohort].hex = outside;
    assert_eq!(g.advance_step_hits(&f, cohort, outside, open), 0);
}

#[test]
fn rule_8_4_rule_1_applies_if_the_advance_over_the_wall_would_rout_the_attacker() {
    let mut f = field();
    let g = Gergovia::default();
    let (outside, dir) = town_wall_from_outside();
    let cohort = support::unit(&f, "X-1");
    f.units[cohort].hex = outside;
    let tq = f.def(cohort).unwrap().tq;
    let gaul = support::unit(&f, "Arverni archers-1");
    let gaul_tq = f.def(gaul).unwrap().tq;
    let cost = g.advance_step_hits(&f, cohort, outside, dir);
    // Both shaken: the Gaul inside at its TQ (it would rout), the cohort two
    // below its TQ, so that the wall's hits would rout it.
    let attacker = CollapseUnit { tq, hits: tq - 2, attacker: true, advance_hits: cost };
    let defender = CollapseUnit { tq: gaul_tq, hits: gaul_tq, attacker: false, advance_hits: 0 };
    assert!(attacker.hits + cost >= tq, "the advance would rout it");
    // SPQR alone: the Gaul routs, the cohort would advance (capped at TQ - 1).
    assert_eq!(collapse(&[attacker, defender]), vec![Fate::Stays { hits: tq - 2 }, Fate::Routs]);
    // 8.4: rule 1 applies: the larger excess over TQ, the cohort's with
    // the advance's hits, routs; the Gaul holds at TQ - 1.
    let excess = i32::from(tq - 2 + cost) - i32::from(tq);
    assert!(excess > 0);
    assert_eq!(
        collapse_advancing(&[attacker, defender]),
        vec![Fate::Routs, Fate::Stays { hits: gaul_tq - 1 }]
    );
    // A fresh cohort: its advance would not rout it, the Gaul routs.
    let fresh = CollapseUnit { hits: 0, ..attacker };
    assert_eq!(collapse_advancing(&[fresh, defender]), vec![Fate::Stays { hits: 0 }, Fate::Routs]);
}
