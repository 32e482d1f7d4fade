//! 8.17 Missile die roll adjustments, and its worked example on the West map.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPreview};
use gboh_core::facing::Facing;
use gboh_core::table::{Drm, ModifiedRoll};
use gboh_core::unit::HitOutcome;

/// 8.17's example: "A Gallic Archer in hex W4911 fires at a Roman Cohort and
/// Archer unit in hex W4914. The Gallic Archer has/will not move and has no
/// Hits."
fn example(
    faces: &[u8],
) -> (gboh_core::game::Game<gboh_alesia::protocol::Alesia>, [gboh_alesia::game::Uid; 3]) {
    let mut p = Pos::west();
    let archer = p.unit("Arverni-A1", "W4911", Facing::Two);
    let cohort = p.unit("X-1", "W4914", Facing::Eight);
    let roman_archer = p.unit("Archers-1", "W4914", Facing::Eight);
    let game = p.activate(tribe_of("Arverni-A1", "Vercassivellaunus"), faces);
    (game, [archer, cohort, roman_archer])
}

#[test]
fn rule_8_17_example_roll_of_1_modified_to_2_misses_at_range_3() {
    let (mut game, [archer, cohort, roman_archer]) = example(&[1]);
    let target = game.state().field.unit(cohort).unwrap().at.unwrap();
    let fire = CombatAction::Fire { unit: archer, target, will_move: false };
    let CombatPreview::Shot { shot, odds } = preview(&game, fire.clone()) else { panic!() };
    assert_eq!(shot.range, 3);
    assert_eq!(shot.hit_number, 1, "9.41: A at range 3");
    let mods: Vec<(String, String, Drm)> =
        shot.modifiers.iter().map(|m| (m.rule.clone(), m.what.clone(), m.drm)).collect();
    assert_eq!(
        mods,
        [("8.17".to_owned(), "target on a Rampart, archery from below".to_owned(), Drm(1))],
        "the only DRM: fire from a non-Rampart hex to a Rampart hex"
    );
    assert_eq!(shot.affected, [cohort, roman_archer], "8.14: archery hits every unit in the hex");
    // Only a 0 (modified to 1) hits: 1 in 10.
    assert_eq!(odds.chance_that(|o| o.hit).to_string(), "1/10");
    assert!(legal(&game, &fire));

    let events = game.apply(combat(fire)).unwrap();
    let fired: Vec<_> = combat_events(&events)
        .into_iter()
        .filter_map(|(rule, e)| match e {
            CombatEvent::Family(SimpleEvent::Fired { modified, hit, hit_number, .. }) => {
                Some((rule, modified, hit, hit_number))
            }
            _ => None,
        })
        .collect();
    assert_eq!(fired, [("8.16", ModifiedRoll(2), false, 1)], "a '1' modified to '2' misses");
    assert_eq!(events[0].rolls.len(), 1);
    assert_eq!(hits_of(&game, cohort), 0);
    assert_eq!(hits_of(&game, roman_archer), 0);
}

#[test]
fn rule_8_17_example_a_0_would_have_hit_both_units() {
    let (mut game, [archer, cohort, roman_archer]) = example(&[0]);
    let target = game.state().field.unit(cohort).unwrap().at.unwrap();
    let events =
        game.apply(combat(CombatAction::Fire { unit: archer, target, will_move: false })).unwrap();
    let hit = combat_events(&events).into_iter().any(|(_, e)| {
        matches!(
            e,
            CombatEvent::Family(SimpleEvent::Fired { hit: true, modified: ModifiedRoll(1), .. })
        )
    });
    assert!(hit, "0 modified to 1 hits at range 3");
    assert_eq!(
        hits_taken(&events),
        [(cohort, 1), (roman_archer, 1)],
        "both Roman units receive a hit"
    );
    let outcomes: Vec<HitOutcome> = combat_events(&events)
        .into_iter()
        .filter_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::Hits { outcome, .. }) => Some(outcome),
            _ => None,
        })
        .collect();
    assert_eq!(outcomes, [HitOutcome::Absorbed, HitOutcome::Absorbed]);
}
