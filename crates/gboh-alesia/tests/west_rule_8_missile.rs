//! Issue 12, section 3 (re-reading 8.x): missile fire from the contravallation
//! rampart W3911 on the West map, at the outer Gardens W3910/W4011 and the
//! ground beyond (W3909, W3908).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;
use crate::west_support;

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

#[test]
fn rule_8_15_into_the_redoubt_w3812_only_from_the_adjacent_rampart_not_through_its_gate() {
    // Gauls hold the redoubt W3812. "A unit may not fire into or out of a
    // Redoubt unless the target/firing unit is adjacent and at a higher
    // elevation—usually in a Rampart hex": the archer on W3911 may; one in
    // W3813, level with it beyond the gate hexside W3812/W3813, may not.
    let labienus = setup().lid("Labienus").unwrap();
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Four);
    let archer = p.unit("Archers-1", "W3911", Facing::Four);
    p.unit("Aedui-1", "W3812", Facing::Ten);
    let game = p.activate(Command::Auxiliaries(labienus), &[]);
    let w3812 = hx(&game, "W3812");
    assert!(legal(&game, &CombatAction::Fire { unit: archer, target: w3812, will_move: false }));

    let mut p = Pos::west();
    let archer = p.unit("Archers-1", "W3813", Facing::Ten);
    p.unit("Aedui-1", "W3812", Facing::Four);
    let game = p.activate(Command::Auxiliaries(labienus), &[]);
    let shot = CombatAction::Fire { unit: archer, target: w3812, will_move: false };
    assert!(!legal(&game, &shot));
    let err = game.check(&combat(shot)).unwrap_err().to_string();
    assert!(err.contains("8.15"), "{err}");
}

#[test]
fn rule_8_61_the_archer_on_the_wall_fires_at_a_gaul_leaving_the_garden_the_cohort_may_not() {
    // A BI in the Garden W3910 walks back out to W3909, leaving the ZOC of
    // the Roman archer in the tower of W3911 (range 3: "a fire capability of
    // two or more hexes") and of the cohort there (javelins, range 1: no).
    let mut p = Pos::west();
    let co = p.unit("X-1", "W3911", Facing::Ten);
    let archer = p.unit("Archers-1", "W3911", Facing::Ten);
    let bi = p.unit("Arverni-1", "W3910", Facing::Four);
    p.with(bi, 2, 0);
    let mut game = p.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[9]);
    let w3909 = hx(&game, "W3909");
    let m = game
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(a, gboh_alesia::protocol::Action::Move(gboh_alesia::movement::MoveAction::Move { unit, to, .. })
                if *unit == bi && *to == w3909)
        })
        .expect("W3910 back to W3909");
    game.apply(m).unwrap();
    assert_eq!(
        pending(&game),
        Some(gboh_alesia::combat::CombatPending::Reaction {
            side: gboh_alesia::ROMANS,
            kind: gboh_alesia::combat::state::ReactionKind::Retire
        })
    );
    let w3910 = hx(&game, "W3910");
    assert!(legal(&game, &CombatAction::React { unit: archer, target: w3910 }));
    assert!(!legal(&game, &CombatAction::React { unit: co, target: w3910 }));
    let gboh_alesia::combat::CombatPreview::Shot { shot, .. } =
        preview(&game, CombatAction::React { unit: archer, target: w3910 })
    else {
        panic!()
    };
    assert_eq!((shot.read_at, shot.hit_number), (2, 3), "at a Range of two (2) hexes");
}

#[test]
fn rule_8_14_the_tower_scorpio_hits_the_top_unit_or_through_the_rear_the_bottom_one() {
    // 8.14: Scorpio hits "affect only the top units in a stacked hex"; 6.66:
    // "unless the fire is through the Rear hexsides, in which case it affects
    // only the bottom unit". Two Arverni in W3908, three hexes before the
    // Scorpio in the tower of W3911: facing the wall (Four), the top one;
    // turned away (Ten: W3911 lies behind them), the bottom one.
    for (facing, hit_top) in [(Facing::Four, true), (Facing::Ten, false)] {
        let mut p = Pos::west();
        p.unit("X-1", "W3911", Facing::Ten);
        let scorpio = p.unit("X-Scorpio", "W3911", Facing::Ten);
        p.with(scorpio, 0, gboh_alesia::game::UnitFlags::FIRE_MODE);
        let top = p.unit("Arverni-3", "W3908", facing);
        let bottom = p.unit("Arverni-4", "W3908", facing);
        let game = p.activate(legion_of("X-1"), &[]);
        let w3908 = hx(&game, "W3908");
        let gboh_alesia::combat::CombatPreview::Shot { shot, .. } =
            preview(&game, CombatAction::Fire { unit: scorpio, target: w3908, will_move: false })
        else {
            panic!()
        };
        let expected = if hit_top { top } else { bottom };
        assert_eq!(shot.affected, [expected], "{facing:?}");
    }
}

#[test]
fn rule_8_17_gallic_li_javelins_from_the_garden_at_the_wall_plus_4() {
    // "+4 target is in a Ramparts Hex and Javelin Fire is from a non-Rampart
    // Hex (from below)"; the LI moved, but "+1 ... moved/will move ... does
    // not apply to foot with javelins". Column J, range 1: 5.
    let mut p = Pos::west();
    p.unit("X-1", "W3911", Facing::Ten);
    let li = p.unit("GallicCavalry-LI1", "W3910", Facing::Four);
    p.with(li, 2, gboh_alesia::game::UnitFlags::MOVED);
    let commius = setup().lid("Commius").unwrap();
    let game = p.activate(Command::GallicCavalry(commius), &[]);
    let w3911 = hx(&game, "W3911");
    let gboh_alesia::combat::CombatPreview::Shot { shot, .. } =
        preview(&game, CombatAction::Fire { unit: li, target: w3911, will_move: false })
    else {
        panic!()
    };
    let mut m: Vec<(String, gboh_core::table::Drm)> =
        shot.modifiers.iter().map(|m| (m.rule.clone(), m.drm)).collect();
    m.sort();
    // +4 from below and +2 for the LI's own two hits (8.17, 10.15).
    assert_eq!(
        m,
        [
            ("8.17".to_owned(), gboh_core::table::Drm(2)),
            ("8.17".to_owned(), gboh_core::table::Drm(4))
        ]
    );
    assert_eq!((shot.read_at, shot.hit_number), (1, 5));
}
