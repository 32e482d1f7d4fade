//! The EXAMPLE OF COMBAT of 9.21 and 9.22, number for number, on the West map:
//! "The cream of the Gallic relieving force assaults a rampart hex."
//!
//! Four picked BI (TQ one above the cohort's) in two stacks, in the two outer
//! Gardens of Death in front of a cohort on the rampart W3911, having taken
//! the Gardens' two hits each on the way in.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use crate::combat_support;

use combat_support::*;
use gboh_alesia::combat::SimpleEvent;
use gboh_alesia::combat::reaction;
use gboh_alesia::combat::state::ReactionKind;
use gboh_alesia::combat::{CombatAction, CombatEvent, CombatPending, CombatPreview};
use gboh_alesia::game::{Uid, UnitFlags};
use gboh_alesia::{GAULS, ROMANS};
use gboh_core::facing::Facing;
use gboh_core::table::{Drm, ModifiedRoll, ShockResult};

struct Example {
    pos: Pos,
    cohort: Uid,
    first: [Uid; 2],
    second: [Uid; 2],
}

fn example() -> Example {
    let mut pos = Pos::west();
    // The cohort faces the outside: W3910 and W4011 are its front hexes.
    let cohort = pos.unit("X-1", "W3911", Facing::Ten);
    let first = [
        pos.unit("Arverni-1", "W3910", Facing::Four),
        pos.unit("Arverni-2", "W3910", Facing::Four),
    ];
    let second = [
        pos.unit("Arverni-3", "W4011", Facing::Four),
        pos.unit("Arverni-4", "W4011", Facing::Four),
    ];
    for u in first.iter().chain(&second) {
        // "As each of the four Gallic units enters the outer GoD hexes they
        // incur 2 hits."
        pos.with(*u, 2, UnitFlags::MOVED);
    }
    Example { pos, cohort, first, second }
}

#[test]
fn rule_9_21_example_entry_reaction_fire_minus_1_for_elevation_roll_5_hits_the_top_unit() {
    let e = example();
    let mut state = e.pos.activated(tribe_of("Arverni-1", "Vercassivellaunus"));
    // The first stack entered the Garden of Death: Entry Reaction (8.62).
    assert!(reaction::open_entry(&mut state, e.first[0]));
    let mut game = game(state, &[5]);
    assert_eq!(
        pending(&game),
        Some(CombatPending::Reaction { side: ROMANS, kind: ReactionKind::Entry })
    );
    let w3910 = game.state().setup().board.hex_of("W3910").unwrap();
    let react = CombatAction::React { unit: e.cohort, target: w3910 };
    assert_eq!(game.legal_actions(), [combat(react.clone()), combat(CombatAction::Done)]);
    let CombatPreview::Shot { shot, odds } = preview(&game, react.clone()) else { panic!() };
    assert_eq!(shot.read_at, 1, "8.62: at a range of one hex");
    let mods: Vec<(String, Drm)> = shot.modifiers.iter().map(|m| (m.rule.clone(), m.drm)).collect();
    assert_eq!(mods, [("8.17".to_owned(), Drm(-1))], "the cohort fires from a higher elevation");
    assert_eq!(shot.affected, [e.first[0]], "8.14: javelins hit the top unit");
    assert!(shot.hit_number >= 4);
    assert_eq!(odds.chance_that(|o| o.hit).count, u64::from(shot.hit_number) + 2);

    let events = game.apply(combat(react)).unwrap();
    let fired = combat_events(&events).into_iter().find_map(|(_, e)| match e {
        CombatEvent::Family(SimpleEvent::Fired { modified, hit, .. }) => Some((modified, hit)),
        _ => None,
    });
    assert_eq!(fired, Some((ModifiedRoll(4), true)), "a roll of 5, modified to 4, hits");
    assert_eq!(hits_taken(&events), [(e.first[0], 1)], "a hit to the top Gallic unit");
    assert_eq!(pending(&game), None, "the window closes: the cohort has used its reaction");

    // "Since only one Entry Reaction Fire is allowed per enemy activation, no
    // more javelins may be thrown" when the second stack enters.
    let mut state = game.into_state();
    assert!(!reaction::open_entry(&mut state, e.second[0]));
}

#[test]
fn rule_9_22_example_shock_drms_minus_3_plus_3_plus_1_minus_2_roll_5_is_4_two_hits_each() {
    let e = example();
    let mut pos = e.pos;
    pos.with(e.first[0], 3, 0); // the javelin hit of 9.21
    let mut game = pos.activate(tribe_of("Arverni-1", "Vercassivellaunus"), &[5]);
    let b = game.state().setup().board.clone();
    let (w3910, w4011, w3911) =
        (b.hex_of("W3910").unwrap(), b.hex_of("W4011").unwrap(), b.hex_of("W3911").unwrap());

    // 9.11: the four moved into the cohort's ZOC: they must attack.
    assert!(game.check(&gboh_alesia::protocol::Action::EndActivation).is_err());
    game.apply(combat(CombatAction::BeginShock)).unwrap();
    assert_eq!(pending(&game), Some(CombatPending::Designation { side: GAULS }));
    // "The Gallic player designates all four units to the attack."
    assert!(!legal(&game, &CombatAction::Done), "9.11: the attack is mandatory");
    assert_eq!(
        game.legal_actions(),
        [
            combat(CombatAction::Designate { attacker: w3910, join: None }),
            combat(CombatAction::Designate { attacker: w4011, join: None }),
        ]
    );
    // Once the first stack attacks W3911, the second can only join it, and
    // must (9.11): both are taken at once. "Retreat before Shock is not an
    // option since the Roman CO unit is not faster than the attacking units.
    // Pre-Shock TQ checks are not necessary because the defender is on a
    // Rampart hex defending against an attack from below": straight to the
    // choice of the attack to resolve.
    let events =
        game.apply(combat(CombatAction::Designate { attacker: w3910, join: None })).unwrap();
    let designated: Vec<_> = combat_events(&events)
        .into_iter()
        .filter_map(|(_, e)| match e {
            CombatEvent::Family(SimpleEvent::Designated { attack, attackers, defenders }) => {
                Some((attack, attackers.len(), defenders))
            }
            _ => None,
        })
        .collect();
    assert_eq!(designated, [(0, 2, vec![w3911]), (0, 4, vec![w3911])]);
    assert!(
        events.iter().all(|e| e.rolls.is_empty()),
        "no Pre-Shock Check, no leader casualty roll"
    );
    assert_eq!(pending(&game), Some(CombatPending::ResolutionOrder { side: GAULS }));

    let resolve = CombatAction::Resolve { attack: 0 };
    let CombatPreview::Shock { modifiers, odds } = preview(&game, resolve.clone()) else {
        panic!()
    };
    let mut mods: Vec<(String, Drm)> = modifiers.iter().map(|m| (m.rule.clone(), m.drm)).collect();
    mods.sort();
    assert_eq!(
        mods,
        [
            ("9.25".to_owned(), Drm(-3)), // the Rampart, attacked from below
            ("9.25".to_owned(), Drm(1)),  // TQ differential 7 to 6
            ("9.25".to_owned(), Drm(3)),  // unit numbers 4 to 1
            ("9.43".to_owned(), Drm(-2)), // weapon systems BI against CO
        ]
    );
    let texts: Vec<String> = modifiers.iter().map(|m| m.what.clone()).collect();
    assert!(texts.iter().any(|t| t.contains("Rampart attacked from below")), "{texts:?}");
    assert!(texts.iter().any(|t| t == "unit numbers 4 to 1"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "TQ differential 7 to 6"), "{texts:?}");
    assert!(texts.iter().any(|t| t == "weapon systems BI against CO"), "{texts:?}");
    assert_eq!(modifiers.total(), Drm(-1));
    let two_each = ShockResult { attacker_hits: 2, defender_hits: 2, ..ShockResult::default() };
    assert!(odds.chance_that(|o| o.result == two_each).count >= 1);

    let events = game.apply(combat(resolve)).unwrap();
    let resolved = combat_events(&events).into_iter().find_map(|(rule, e)| match e {
        CombatEvent::Family(SimpleEvent::ShockResolved { modified, result, .. }) => {
            Some((rule, modified, result))
        }
        _ => None,
    });
    assert_eq!(resolved, Some(("9.25", ModifiedRoll(4), two_each)), "a roll of 5 is modified to 4");
    // "two hits to both the attacker and the defender. No retreats. The Gallic
    // player must distribute his two hits between two units": one each to the
    // two top units (9.25 "#": tops before bottoms), the cohort two.
    let mut taken = hits_taken(&events);
    taken.sort();
    let mut expected = vec![(e.first[0], 1), (e.second[0], 1), (e.cohort, 2)];
    expected.sort();
    assert_eq!(taken, expected);
    assert_eq!(hits_of(&game, e.cohort), 2);
    assert_eq!(hits_of(&game, e.first[0]), 4);
    assert_eq!(hits_of(&game, e.first[1]), 2);
    assert_eq!(hits_of(&game, e.second[0]), 3);
    assert_eq!(hits_of(&game, e.second[1]), 2);
    // No retreat, nobody moved, shock over.
    assert_eq!(game.state().field.unit(e.cohort).unwrap().at, Some(w3911));
    assert!(
        combat_events(&events)
            .iter()
            .any(|(_, e)| matches!(e, CombatEvent::Family(SimpleEvent::ShockEnded)))
    );
    assert_eq!(pending(&game), None);
    game.apply(gboh_alesia::protocol::Action::EndActivation).unwrap();
}
