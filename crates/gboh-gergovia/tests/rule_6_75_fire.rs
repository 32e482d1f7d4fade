//! 6.75 and 8.71 (b) on the real Gergovia map: fire into a fortification
//! only at a target at the wall, +2 arrows / +4 javelins from outside;
//! firing out only from the wall; +1 over a stone wall; and the engine's
//! fire preview carrying them.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::board::HexsideFeature;
use gboh_core::facing::Direction;
use gboh_core::game::Rules;
use gboh_core::table::{Drm, Modifiers};
use gboh_gergovia::battle::{self, BattleId};
use gboh_gergovia::map::{self, areas};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::protocol::Preview;
use gboh_standard::state::{Field, UnitStatus};
use gboh_standard::{Action, Pending, StandardGame};
use support::hex;

fn field() -> Field {
    Field::new(Arc::new(battle::battle(BattleId::Standard).unwrap().scenario.clone()))
}

/// Firer `a` on `at`, target `t` on `on`, nobody else within two hexes.
fn face_off(f: &mut Field, a: &str, at: &str, t: &str, on: &str) -> (usize, usize) {
    let (ua, ut) = (support::unit(f, a), support::unit(f, t));
    for (o, s) in f.units.iter_mut().enumerate() {
        if o != ua
            && o != ut
            && (Field::distance(s.hex, hex(at)) <= 2 || Field::distance(s.hex, hex(on)) <= 2)
        {
            s.status = UnitStatus::Eliminated;
        }
    }
    f.units[ua].hex = hex(at);
    f.units[ut].hex = hex(on);
    (ua, ut)
}

fn game_drms(f: &Field, a: usize, t: usize) -> Vec<(String, Drm)> {
    let mut m = Modifiers::new();
    Gergovia::default().fire_modifiers(f, a, t, &mut m);
    m.iter().map(|x| (x.rule.clone(), x.drm)).collect()
}

#[test]
fn rule_6_75_fire_from_outside_at_a_target_at_the_town_wall_adds_2_for_arrows_4_for_javelins() {
    let g = Gergovia::default();
    let mut f = field();
    // 3401 is in the town, at its wall (3301/3401).
    assert!(map::board().unwrap().in_area(areas::GERGOVIA, hex("3401")));
    let (a, t) = face_off(&mut f, "Cretan archers-1", "3301", "Carnutes-1", "3401");
    assert_eq!(g.may_fire(&f, a, t), Ok(()));
    assert_eq!(game_drms(&f, a, t), vec![("Gergovia 6.75".to_owned(), Drm(2))]);
    let (a, t) = face_off(&mut f, "Numidian LI-1", "3301", "Carnutes-1", "3401");
    assert_eq!(game_drms(&f, a, t), vec![("Gergovia 6.75".to_owned(), Drm(4))]);
    // Open ground: nothing added.
    let (a, t) = face_off(&mut f, "Cretan archers-1", "2714", "Carnutes-1", "2814");
    assert!(game_drms(&f, a, t).is_empty());
    assert_eq!(g.may_fire(&f, a, t), Ok(()));
}

#[test]
fn rule_6_75_no_fire_from_outside_at_a_target_away_from_the_wall_and_out_only_from_the_wall() {
    let board = map::board().unwrap();
    let g = Gergovia::default();
    let mut f = field();
    // 3802 is deep in the town: no hexside of it is the wall.
    assert!(Direction::ALL.iter().all(|&d| !board.has_hexside(
        hex("3802"),
        d,
        HexsideFeature::TownWall
    )));
    let (a, t) = face_off(&mut f, "Cretan archers-1", "3602", "Carnutes-1", "3802");
    // 3602 is inside too: fire within the town is normal.
    assert!(board.in_area(areas::GERGOVIA, hex("3602")));
    assert_eq!(g.may_fire(&f, a, t), Ok(()));
    let (a, t) = face_off(&mut f, "Cretan archers-1", "3301", "Carnutes-1", "3503");
    let at_wall =
        Direction::ALL.iter().any(|&d| board.has_hexside(hex("3503"), d, HexsideFeature::TownWall));
    assert!(!at_wall && board.in_area(areas::GERGOVIA, hex("3503")));
    let e = g.may_fire(&f, a, t).unwrap_err();
    assert!(e.starts_with("Gergovia 6.75"), "{e}");
    // Arverni archers in the town fire out only from the wall.
    let archers = (0..f.units.len())
        .find(|&u| f.def(u).unwrap().group.as_deref() == Some("Arverni archers"))
        .unwrap();
    let id = f.def(archers).unwrap().id.to_string();
    let (a, t) = face_off(&mut f, &id, "3401", "X-1", "3301");
    assert_eq!(g.may_fire(&f, a, t), Ok(()));
    assert!(game_drms(&f, a, t).is_empty(), "firing out is normal");
    let (a, t) = face_off(&mut f, &id, "3503", "X-1", "3301");
    let e = g.may_fire(&f, a, t).unwrap_err();
    assert!(e.contains("must stand on a wall"), "{e}");
}

#[test]
fn rule_8_71_b_plus_1_for_fire_over_a_stone_wall_at_a_target_at_the_wall() {
    let board = map::board().unwrap();
    // 3009/3108 is a stone-wall hexside south of the town.
    assert!(board.has_hexside(
        hex("3009"),
        Direction::between(hex("3009"), hex("3108")).unwrap(),
        HexsideFeature::StoneWall
    ));
    let mut f = field();
    let (a, t) = face_off(&mut f, "Cretan archers-1", "3009", "Carnutes-1", "3108");
    assert_eq!(game_drms(&f, a, t), vec![("Gergovia 8.71 (b)".to_owned(), Drm(1))]);
}

/// Through the engine: a Roman archer's fire at a Gaul in the town at the
/// wall is previewed with the +2, and at one away from the wall refused.
#[test]
fn rule_6_75_the_engine_previews_fire_into_the_town_with_the_module_modifier() {
    let commands_archers = |b: &gboh_standard::Battle<Gergovia>, l: usize| {
        let f = b.field();
        b.game().may_command(f, l, support::unit(f, "Cretan archers-1"))
    };
    let b = support::play_until(
        52,
        |b, p| matches!(p, Pending::Orders { side: Side::Roman, leader } if commands_archers(b, *leader)),
    );
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let f = b.field();
    let (archer, gaul) = (support::unit(f, "Cretan archers-1"), support::unit(f, "Carnutes-1"));
    for (on, allowed) in [("3401", true), ("3503", false)] {
        let mut s = support::save(&b);
        support::put(&mut s, archer, "3201", support::facing_toward("3201", "3301"));
        s.leaders[leader].hex = hex("3201");
        s.units[gaul].hex = hex(on);
        s.units[gaul].status = UnitStatus::InPlay;
        s.units[gaul].hits = 0;
        let b = support::load(&s);
        let check = b.check(&Action::Fire { unit: archer, target: gaul });
        if allowed {
            let Ok(Preview::Odds { modifiers, .. }) = check else { panic!("{check:?}") };
            assert!(
                modifiers.iter().any(|m| m.rule == "Gergovia 6.75" && m.drm == Drm(2)),
                "{modifiers}"
            );
        } else {
            let e = check.unwrap_err().to_string();
            assert!(e.contains("Gergovia 6.75"), "{e}");
        }
    }
}

/// 8.44: "The exception for cohorts does not apply to fire over a fortified
/// hexside" (C:CoG's exception is not public; the engine gives cohorts none):
/// a cohort's javelins over the town wall are held to 6.75 as any javelin
/// unit's: only at a target at the wall, +4.
#[test]
fn rule_8_44_a_cohort_fires_over_a_fortified_hexside_with_no_exception() {
    let g = Gergovia::default();
    let mut f = field();
    let (a, t) = face_off(&mut f, "X-1", "3301", "Carnutes-1", "3401");
    assert_eq!(f.def(a).unwrap().unit_type, gboh_core::unit::UnitType::CO);
    assert_eq!(g.may_fire(&f, a, t), Ok(()));
    assert_eq!(game_drms(&f, a, t), vec![("Gergovia 6.75".to_owned(), Drm(4))]);
    let (a, t) = face_off(&mut f, "X-1", "3301", "Carnutes-1", "3503");
    let e = g.may_fire(&f, a, t).unwrap_err();
    assert!(e.starts_with("Gergovia 6.75"), "{e}");
}
