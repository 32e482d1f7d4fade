//! Golden playthrough: Gergovia's standard deployment on the standard-family
//! engine, two `Advance` bots, seed 52. A change in the rules, the data or
//! the bot shows here first; update the pins only for a change that is meant
//! (and say so in the commit).
#![allow(clippy::unwrap_used)]

use gboh_core::dice::Dice;
use gboh_core::game::{Game, fingerprint};
use gboh_core::policy::{Limits, play};
use gboh_gergovia::standard::Gergovia;
use gboh_standard::bots::Advance;
use gboh_standard::protocol::Outcome;
use gboh_standard::{Battle, Pending};

#[test]
fn golden_gergovia_advance_against_advance_seed_52() {
    let (initial, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let mut g = Game::new(initial.clone(), Dice::seeded(52));
    let r = play(&mut g, &mut Advance, &mut Advance, Limits { max_actions: 100_000 }).unwrap();
    assert!(r.finished);
    let fp = fingerprint(g.state()).unwrap();
    let tally = g.state().game().tally(g.state().field()).unwrap();
    let eagles = g.state().game().eagles().now(g.state().field());
    let walls_down = g.state().game().walls().down(g.state().field().board()).len();
    println!(
        "{:?} after {} actions, fingerprint {fp:#x}, Rome {} VP, Gaul {} VP, {walls_down} stone-wall hexsides down, eagles {eagles:?}",
        g.pending(),
        g.log().len(),
        tally.rome.total,
        tally.gaul.total
    );
    // 10.6: no army withdraws; the battle ends when a side reaches its
    // victory points ("wins immediately") or at the last turn: here, with
    // every tribe declared impetuous (6.8) as soon as the bots may,
    // Vercingetorix's 25 Arverni brought on as soon as he is activated
    // (Gallic Reinforcements), both sides' auxiliaries moving in the
    // auxiliary phase at the start of every turn (C:CoG 5.6), Critignatus
    // ordering only the Arverni outside Vercingetorix's range (Gallic
    // Commands) and the bots knocking down stone walls whenever a unit may
    // (Special Terrain Notes: each an Individual Order; a standing stone
    // wall blocks every line of sight, the leader's of his Line included,
    // but to a target at it) and no leader withdrawing over a fortified
    // hexside (6.72), neither side reaches its threshold: the battle runs
    // to the last turn, Rome 16 VP to Gaul 19.
    assert_eq!(g.pending(), Pending::Over(GOLDEN_OUTCOME));
    assert_eq!(g.log().len(), GOLDEN_ACTIONS);
    assert_eq!(fp, GOLDEN_FINGERPRINT);
    assert_eq!((tally.rome.total, tally.gaul.total), GOLDEN_VP);
    // Victory, counted live: no side reached its threshold.
    assert_eq!(g.state().game().winner(), None);
    // Seed plus log replays it.
    let replayed = Game::replay(initial, 52, g.log().iter().copied()).unwrap();
    assert_eq!(fingerprint(replayed.state()).unwrap(), fp);
}

const GOLDEN_OUTCOME: Outcome = Outcome::TurnLimit;
const GOLDEN_ACTIONS: usize = 1_962;
const GOLDEN_FINGERPRINT: u64 = 0xa2b2_90da_be19_916a;
const GOLDEN_VP: (u32, u32) = (16, 19);

#[test]
fn random_game_on_the_alternative_deployment_ends_and_replays() {
    use gboh_core::policy::UniformRandom;
    // The standard deployment is the golden game's; random play is slow, so
    // one game on the other deployment.
    let name = "Gergovia (alternative deployment)";
    let seed = 7;
    let (initial, _) = Battle::new(Gergovia::default(), name).unwrap();
    let mut g = Game::new(initial.clone(), Dice::seeded(seed));
    let r = play(
        &mut g,
        &mut UniformRandom::seeded(seed),
        &mut UniformRandom::seeded(seed + 1),
        Limits { max_actions: 200_000 },
    )
    .unwrap();
    assert!(r.finished, "{name}");
    let replayed = Game::replay(initial, seed, g.log().iter().copied()).unwrap();
    assert_eq!(fingerprint(replayed.state()).unwrap(), fingerprint(g.state()).unwrap());
}
