//! Property tests on states reached by random legal play from Dictator's
//! test scenarios: the engine's protocol checks and invariants, with
//! Dictator's hooks in play (ferocity, impetuosity, slave TQ, the Tribal and
//! Pontic command systems).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

#[path = "../../gboh-standard/tests/invariants_support/mod.rs"]
mod invariants_support;

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::proptest::prelude::*;
use gboh_core::testkit::{Playout, check_replay, play_steps, reachable, steps};
use gboh_dictator::Dictator;
use gboh_standard::Battle;
use invariants_support::invariants;

fn tribal() -> Battle<Dictator> {
    Battle::new(Dictator::tribal_test(), "Tribal test").unwrap().0
}

fn rhine() -> Battle<Dictator> {
    Battle::new(Dictator::rhine(), "The Rhine").unwrap().0
}

fn chaeronea() -> Battle<Dictator> {
    Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap().0
}

fn pontic() -> Battle<Dictator> {
    Battle::new(Dictator::pontic_test(), "Pontic test").unwrap().0
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn tribal_steps_keep_the_protocol_and_the_invariants(seed in any::<u64>(), steps in steps(0..80)) {
        let options = Playout { max_actions: 80, round_trip_every: 10, illegal_every: 0, check_all_listed: false, unlisted_must_fail: true };
        let result = play_steps(Game::new(tribal(), Dice::seeded(seed)), &steps, &options, invariants);
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }

    #[test]
    fn pontic_steps_keep_the_protocol_and_the_invariants(seed in any::<u64>(), steps in steps(0..80)) {
        let options = Playout { max_actions: 80, round_trip_every: 10, illegal_every: 0, check_all_listed: false, unlisted_must_fail: true };
        let result = play_steps(Game::new(pontic(), Dice::seeded(seed)), &steps, &options, invariants);
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }

    #[test]
    fn reachable_states_of_both_battles_replay_and_hold_the_invariants(
        rhine_state in reachable(rhine(), 0..120),
        chaeronea_state in reachable(chaeronea(), 0..120),
    ) {
        for r in [rhine_state, chaeronea_state] {
            prop_assert!(r.refused.is_none(), "{:?}", r.refused);
            prop_assert!(invariants(&r.game).is_ok(), "{:?}", invariants(&r.game));
            prop_assert!(check_replay(&r.initial, r.seed, &r.game).is_ok());
        }
    }

    #[test]
    fn reachable_tribal_states_replay(r in reachable(tribal(), 0..150)) {
        prop_assert!(r.refused.is_none(), "{:?}", r.refused);
        prop_assert!(invariants(&r.game).is_ok(), "{:?}", invariants(&r.game));
        prop_assert!(check_replay(&r.initial, r.seed, &r.game).is_ok());
    }
}
