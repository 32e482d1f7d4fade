//! Issue 12, section 3 (re-reading 8.x): missile fire from the contravallation
//! rampart W3911 on the West map, at the outer Gardens W3910/W4011 and the
//! ground beyond (W3909, W3908).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

mod combat_support;
mod west_support;

use combat_support::*;
use gboh_alesia::combat::CombatAction;
use gboh_alesia::command::Command;
use gboh_core::facing::Facing;
use west_support::*;

#[test]
fn rule_8_13_the_archer_in_the_tower_must_shoot_the_gaul_in_its_zoc_below() {
    // The Roman archer in the tower of W3911 (with the cohort, 6.61) faces
    // the outside; a Gaul stands in the Garden W3910, in its ZOC (7.22: it
    // extends down), another in W3908, in range (3). "If there are enemy
    // units in the firing unit's ZOC, one of those units must be the target".
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    p.unit("Arverni-1", "W3910", Facing::Four);
    p.unit("Arverni-3", "W3908", Facing::Four);
    let labienus = p.field.setup().lid("Labienus").unwrap();
    let game = p.activate(Command::Auxiliaries(labienus), &[]);
    let (w3910, w3908) = (hx(&game, "W3910"), hx(&game, "W3908"));
    assert!(legal(&game, &CombatAction::Fire { unit: archer, target: w3910, will_move: false }));
    let far = CombatAction::Fire { unit: archer, target: w3908, will_move: false };
    assert!(!legal(&game, &far), "8.13");
    let err = game.check(&combat(far)).unwrap_err().to_string();
    assert!(err.contains("8.13"), "{err}");

    // With the Garden empty, W3908 may be shot at (over W3909 and W3910,
    // nothing between).
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    p.unit("Arverni-3", "W3908", Facing::Four);
    let game = p.activate(Command::Auxiliaries(labienus), &[]);
    let w3908 = hx(&game, "W3908");
    assert!(legal(&game, &CombatAction::Fire { unit: archer, target: w3908, will_move: false }));
}
