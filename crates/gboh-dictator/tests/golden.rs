//! Golden playthrough: the reconstructed Rhine, two `Advance` bots, seed 58.
//! A change in the rules, the data or the bot shows here first; update the
//! pins only for a change that is meant (and say so in the commit).
#![allow(clippy::unwrap_used)]

use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::{Limits, play};
use gboh_dictator::Dictator;
use gboh_standard::bots::Advance;
use gboh_standard::protocol::Outcome;
use gboh_standard::{Battle, Pending};

#[test]
fn golden_rhine_advance_against_advance_seed_58() {
    let (initial, _) = Battle::new(Dictator::rhine(), "The Rhine").unwrap();
    let mut g = Game::new(initial.clone(), Dice::seeded(58));
    let r = play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 100_000 }).unwrap();
    assert!(r.finished);
    let over = g.pending();
    let fp = fingerprint(g.state()).unwrap();
    println!("{over:?} after {} actions, fingerprint {fp:#x}", g.log().len());
    assert_eq!(over, Pending::Over(Outcome::Withdrawal { loser: gboh_core::Side::Adversary }));
    assert_eq!(g.log().len(), GOLDEN_ACTIONS);
    assert_eq!(fp, GOLDEN_FINGERPRINT);
    // Seed plus log replays it.
    let replayed = Game::replay(initial, 58, g.log().iter().copied()).unwrap();
    assert_eq!(fingerprint(replayed.state()).unwrap(), fp);
}

const GOLDEN_ACTIONS: usize = 401;
const GOLDEN_FINGERPRINT: u64 = 0x20bb_637f_c2d6_bad7;

#[test]
fn golden_chaeronea_advance_against_advance_seed_86() {
    let (initial, _) = Battle::new(Dictator::chaeronea(), "Chaeronea").unwrap();
    let mut g = Game::new(initial.clone(), Dice::seeded(86));
    let r = play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 100_000 }).unwrap();
    assert!(r.finished);
    let fp = fingerprint(g.state()).unwrap();
    println!("{:?} after {} actions, fingerprint {fp:#x}", g.pending(), g.log().len());
    // The reconstructed battle is close: since the double-size phalanxes
    // (9.101) the bot game's winner has changed with each rules fix. Since
    // SPQR 8.42's combined attacks (each defender shocked once a segment, the
    // bot joining an attacker to another's combat when it has no enemy of
    // its own to shock) the Pontic army still withdraws in turn 2, with two
    // combined shocks (CH-1 with PH-1, HC-1 with LC-1); since 6.67's
    // conforming turn V-2 stops on VI-1 turning to its facing rather than
    // passing through it: 253 actions.
    assert_eq!(
        g.pending(),
        Pending::Over(Outcome::Withdrawal { loser: gboh_core::Side::Adversary })
    );
    assert_eq!(g.log().len(), CHAERONEA_ACTIONS);
    assert_eq!(fp, CHAERONEA_FINGERPRINT);
    // The Slave phalanxes' TQs were rolled when first used, and replay agrees.
    let replayed = Game::replay(initial, 86, g.log().iter().copied()).unwrap();
    assert_eq!(fingerprint(replayed.state()).unwrap(), fp);
}

const CHAERONEA_ACTIONS: usize = 253;
const CHAERONEA_FINGERPRINT: u64 = 0x5d46_6ffe_291f_d30a;

#[test]
fn random_games_on_both_battles_end_and_replay() {
    use gboh_core::policy::UniformRandom;
    for (make, name) in
        [(Dictator::rhine as fn() -> Dictator, "The Rhine"), (Dictator::chaeronea, "Chaeronea")]
    {
        for seed in 0..2u64 {
            let (initial, _) = Battle::new(make(), name).unwrap();
            let mut g = Game::new(initial.clone(), Dice::seeded(seed));
            let r = play(
                &mut g,
                &mut UniformRandom::seeded(seed),
                &mut UniformRandom::seeded(seed + 1),
                Limits { max_actions: 200_000 },
            )
            .unwrap();
            assert!(r.finished, "{name} {seed}");
            let replayed = Game::replay(initial, seed, g.log().iter().copied()).unwrap();
            assert_eq!(fingerprint(replayed.state()).unwrap(), fingerprint(g.state()).unwrap());
        }
    }
}
