//! Property tests on states reached by random legal play from the Skirmish
//! scenario (STYLE.md: every generated state is reachable): listed actions
//! apply, unlisted ones are rejected without change, check agrees with apply,
//! saves round-trip, seed plus log replays, and the engine's invariants hold.
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::testkit::proptest::prelude::*;
use gboh_core::testkit::{Playout, check_replay, play_steps, reachable, steps, steps_from_bytes};
use gboh_standard::{Battle, Spqr};

fn battle() -> Battle<Spqr> {
    Battle::new(Spqr, "Skirmish").unwrap().0
}

use crate::invariants_support;

use invariants_support::invariants;

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn steps_keep_the_protocol_and_the_invariants(seed in any::<u64>(), steps in steps(0..80)) {
        let options = Playout { max_actions: 80, round_trip_every: 10, illegal_every: 0, check_all_listed: false, unlisted_must_fail: true };
        let result = play_steps(Game::new(battle(), Dice::seeded(seed)), &steps, &options, invariants);
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }

    #[test]
    fn reachable_states_replay_and_hold_the_invariants(r in reachable(battle(), 0..150)) {
        prop_assert!(r.refused.is_none(), "{:?}", r.refused);
        prop_assert!(invariants(&r.game).is_ok(), "{:?}", invariants(&r.game));
        prop_assert!(check_replay(&r.initial, r.seed, &r.game).is_ok());
    }

    /// Dictator 9.101: after any legal sequence (random policy) on the
    /// Phalanx field, every double-size phalanx stands on two adjacent hexes
    /// on the map, alone (the invariants), and the protocol's checks hold.
    #[test]
    fn rule_9_101_double_phalanx_halves_stay_adjacent_and_on_the_map(seed in any::<u64>(), steps in steps(0..120)) {
        let options = Playout { max_actions: 120, round_trip_every: 10, illegal_every: 0, check_all_listed: false, unlisted_must_fail: true };
        let phalanx = Battle::new(Spqr, "Phalanx").unwrap().0;
        let result = play_steps(Game::new(phalanx, Dice::seeded(seed)), &steps, &options, invariants);
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }

    #[test]
    fn rule_9_101_reachable_phalanx_states_replay(r in reachable(Battle::new(Spqr, "Phalanx").unwrap().0, 0..200)) {
        prop_assert!(r.refused.is_none(), "{:?}", r.refused);
        prop_assert!(invariants(&r.game).is_ok(), "{:?}", invariants(&r.game));
        prop_assert!(check_replay(&r.initial, r.seed, &r.game).is_ok());
    }

    /// SPQR 9.5: random legal play on the Depth field (two phalanxes listed
    /// for double depth, one behind the other): the stack is the only
    /// phalanx stack, and the protocol's checks and replay hold.
    #[test]
    fn rule_9_5_reachable_double_depth_states_replay(r in reachable(Battle::new(Spqr, "Depth").unwrap().0, 0..150)) {
        prop_assert!(r.refused.is_none(), "{:?}", r.refused);
        prop_assert!(invariants(&r.game).is_ok(), "{:?}", invariants(&r.game));
        prop_assert!(check_replay(&r.initial, r.seed, &r.game).is_ok());
    }

    /// What the fuzz target `play_standard` does with its bytes.
    #[test]
    fn bytes_decode_into_checked_playouts(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        let (seed, rest) = bytes.split_at(bytes.len().min(2));
        let seed = seed.iter().fold(0u64, |n, &b| (n << 8) | u64::from(b));
        let options = Playout { max_actions: 24, round_trip_every: 12, illegal_every: 0, check_all_listed: false, unlisted_must_fail: true };
        let played = play_steps(Game::new(battle(), Dice::seeded(seed)), &steps_from_bytes(rest), &options, invariants);
        prop_assert!(played.is_ok(), "{:?}", played.as_ref().err());
        if let Ok((_, end)) = played {
            prop_assert!(check_replay(&battle(), seed, &end).is_ok());
        }
    }
}

/// SPQR 9.51: random play on the Depth field forms double depth in some
/// games (the OC orders the back phalanx into the front one's hex), so the
/// property above sees such stacks.
#[test]
fn rule_9_51_random_play_forms_double_depth() {
    use gboh_core::game::Rules;
    use gboh_core::policy::{Policy, UniformRandom};
    let mut formed = 0;
    for seed in 0..40u64 {
        let mut g = Game::new(Battle::new(Spqr, "Depth").unwrap().0, Dice::seeded(seed));
        let mut policy = UniformRandom::seeded(seed);
        for _ in 0..120 {
            let mut legal = Vec::new();
            g.state().legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = legal[policy.choose(&g, &legal)];
            let events = g.apply(a).unwrap();
            if events
                .iter()
                .any(|e| matches!(e.what, gboh_standard::StandardEvent::DoubleDepthFormed { .. }))
            {
                formed += 1;
            }
        }
    }
    assert!(formed > 0, "no double depth formed in 40 random games");
}
