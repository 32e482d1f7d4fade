//! Random legal play of the land game, Fleet activations included (3.0 A,
//! 4.42), through the protocol with the checks of `land_support`: every
//! listed action is accepted, unlisted ones are refused without change, a
//! clone continues identically, seed plus log replays, and after every
//! action every land unit is on the map, aboard one galley or eliminated
//! (4.42, 5.48), no hex holds both sides (family 6.64) and every stack is
//! within the limits (family 6.61). `PROPTEST_CASES=64` for a heavier run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)] // a failing test panics

use gboh_alexandria::fleet::Action as Fleet;
use gboh_alexandria::play::Own;
use gboh_alexandria::play::{Alexandria, Command};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::{self, Step};
use gboh_simple::protocol::Action;
use gboh_simple::{Battle, CombatAction};
use proptest::prelude::*;

use crate::land_support::{self as land, LandAction};

/// The main game, or the main game with `Roman Trireme-1` beached on the
/// west beach (5.29: 1005-1814) carrying a cohort and a legate, and troops
/// aboard a Rhodian and an Egyptian galley afloat (the main game carries no
/// one; this puts debarking within reach of random play).
fn start(troops_aboard: bool) -> Alexandria {
    let mut g = Alexandria::main_game().unwrap();
    if troops_aboard {
        let i = g.fleet.game.galley_index("Roman Trireme-1").unwrap();
        g.fleet.game.galleys[i].hex = g.setup().hex("1409").unwrap();
        g.fleet.game.galleys[i].beached = true;
        g.put_aboard("VI-1", "Roman Trireme-1").unwrap();
        g.put_aboard("Legate XXVII", "Roman Trireme-1").unwrap();
        g.put_aboard("VI-8", "Rhodian Quinquereme-1").unwrap();
        g.put_aboard("Egyptian MI-9", "Egyptian Quinquereme-1").unwrap();
    }
    g
}

/// The step that picks the Romans' Fleet activation (3.0 A) at the start.
fn fleet_first(start: &Alexandria) -> Step {
    let game = Game::new(Battle::new(start.clone()), Dice::seeded(0));
    let fleet: LandAction = Action::Activate(Command::Fleet(Side::Roman));
    let i = game.legal_actions().iter().position(|a| *a == fleet);
    Step::Legal(i.expect("3.0 A: the Romans may activate their Fleet at the start"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// 3.0 A, 4.42, 5.48, family 6.61 and 6.64: up to 80 actions of random
    /// play, half the cases opening with a Fleet activation.
    #[test]
    fn rule_3_0_a_4_42_random_land_play_keeps_the_invariants(
        seed in 0u64..10_000,
        troops_aboard in any::<bool>(),
        fleet in any::<bool>(),
        steps in testkit::steps(1..100),
    ) {
        let start = start(troops_aboard);
        let mut all = Vec::new();
        if fleet {
            all.push(fleet_first(&start));
        }
        all.extend(steps);
        let played = land::play_checked(&start, seed, &all, 80, 8);
        prop_assert!(played.is_ok(), "seed {}: {}", seed, played.err().unwrap_or_default());
    }
}

/// 3.0 A, 4.42, 5.4x, 5.48: random plays that open with a Fleet
/// activation and, within it, pick the galleys' own actions (rowing,
/// turning, ramming, debarking...) seven times in eight, one step in eight
/// an unlisted action, all under the same checks: so the property above is
/// not only the land half of the game.
#[test]
fn rule_4_42_fleet_activations_are_played_under_the_checks() {
    let fleet_action = |a: &LandAction| matches!(a, Action::Combat(CombatAction::Game(Own::Fleet(f))) if *f != Fleet::EndMovement);
    // 5.48 in a Fleet activation, or 4.44 in a leader's.
    let is_debark = |a: &LandAction| {
        matches!(
            a,
            Action::Combat(CombatAction::Game(
                Own::Fleet(Fleet::Debark { .. }) | Own::Debark { .. }
            ))
        )
    };
    let mut debarks = 0;
    for (seed, troops_aboard) in [(1u64, false), (2, true), (3, true), (4, true)] {
        let start = start(troops_aboard);
        let first = fleet_first(&start);
        let mut rng = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
        let mut roll = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut k = 0;
        let choose = |legal: &[LandAction]| {
            k += 1;
            let r = roll();
            if k == 1 {
                return Some(first);
            }
            if r % 8 == 0 {
                return Some(Step::Illegal(roll()));
            }
            let galleys: Vec<usize> =
                (0..legal.len()).filter(|&i| fleet_action(&legal[i])).collect();
            let pick = usize::try_from(r >> 8).unwrap();
            if !galleys.is_empty() && r % 8 != 1 {
                return Some(Step::Legal(galleys[pick % galleys.len()]));
            }
            Some(Step::Legal(pick))
        };
        let (played, game) = land::play_chosen(&start, seed, 60, 5, choose)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        debarks += game.log().iter().filter(|a| is_debark(a)).count();
        assert!(played.fleet_actions >= 5, "seed {seed}: {played:?}: {:?}", game.log());
        assert!(played.refused > 0 && played.round_trips > 0, "seed {seed}: {played:?}");
    }
    assert!(debarks > 0, "4.44/5.48: no troops went ashore in these plays");
}

/// The invariants can fail: a unit both on the map and aboard a galley
/// (4.42, 5.48), a leader on the map and aboard (4.43) and enemy units
/// sharing a hex (family 6.64) are caught.
#[test]
fn the_land_invariants_catch_a_unit_in_two_places_and_mixed_stacks() {
    let g = start(false);
    let ok = Game::new(Battle::new(g.clone()), Dice::seeded(1));
    land::invariants(&ok).unwrap();
    let mut twice = g.clone();
    let i = twice.fleet.game.galley_index("Roman Trireme-1").unwrap();
    let passenger = gboh_alexandria::fleet::Passenger { id: "VI-1".into(), tq: 6, leader: false };
    twice.fleet.game.galleys[i].aboard.push(passenger);
    let e = land::invariants(&Game::new(Battle::new(twice), Dice::seeded(1))).unwrap_err();
    assert!(e.contains("4.42/5.48") && e.contains("VI-1"), "{e}");
    let mut leader = g.clone();
    let caesar = gboh_alexandria::fleet::Passenger { id: "Caesar".into(), tq: 0, leader: true };
    leader.fleet.game.galleys[i].aboard.push(caesar);
    let e = land::invariants(&Game::new(Battle::new(leader), Dice::seeded(1))).unwrap_err();
    assert!(e.contains("4.33/4.43") && e.contains("Caesar"), "{e}");
    let mut mixed = g;
    let roman = mixed.setup().uid("VI-1").unwrap();
    let egyptian = mixed.setup().uid("Egyptian MI-1").unwrap();
    let hex = mixed.field.unit(roman).unwrap().at.unwrap();
    let facing = mixed.field.unit(egyptian).unwrap().facing;
    mixed.field.move_unit(egyptian, hex, facing).unwrap();
    let e = land::invariants(&Game::new(Battle::new(mixed), Dice::seeded(1))).unwrap_err();
    assert!(e.contains("6.64"), "{e}");
}
