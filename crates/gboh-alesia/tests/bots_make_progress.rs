//! Every game ends (issue 12, section 5): the reference bots make progress
//! whatever the tables say, and a runner stops a game that passes its cap.
//!
//! 12.1's Gallic Aggression: the Gauls "must move to attack ... as quickly as
//! possible"; a Gaul in contact that could attack and does not is not playing
//! it. With a Shock Table that favours the attacker (every row: the defender
//! takes 4 hits and retreats) and 12.1 played with 4 legions instead of 6,
//! reference-bot games once ran 1,000,000 actions without ending.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, missing_docs)]

use std::sync::Arc;

use gboh_alesia::game::Setup;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Alesia, Pending};
use gboh_alesia::scenario::Scenario;
use gboh_alesia::tables::AlesiaTable;
use gboh_core::dice::Dice;
use gboh_core::game::Game;
use proptest::prelude::*;

/// A game ends well within this many actions (bot games of the shipped
/// scenarios take about 700-1,100).
const CAP: usize = 20_000;

/// The default setup with its Shock Table replaced by `rows` (RON rows).
fn setup_with_shock(rows: &str) -> Arc<Setup> {
    let s = Setup::shared().unwrap();
    let text = format!(
        "(name: \"Shock Table\", rule: \"9.42\", provenance: Reconstructed, die: D10, printed_range: (0, 10), rows: [{rows}])"
    );
    let tables = s.tables.clone().with(AlesiaTable::Shock, "alternative-shock.ron", &text).unwrap();
    Arc::new(Setup::new(s.board.clone(), tables, s.mix.clone()).unwrap())
}

/// 12.1 with `legions` legions (the first of the default choice's order).
fn final_assault_with(legions: usize) -> Scenario {
    let text = include_str!("../data/alesia/scenarios/final-assault.ron");
    let all = ["\"IX\"", "\"VII\"", "\"VIII\"", "\"X\"", "\"XII\"", "\"XI\""];
    let mut kept: Vec<&str> = all[..legions.saturating_sub(1)].to_vec();
    kept.push("\"XI\""); // the camp legion
    let text =
        text.replacen("legions: (count: 6,", &format!("legions: (count: {legions},"), 1).replacen(
            "legions: [\"IX\", \"VII\", \"VIII\", \"X\", \"XII\", \"XI\"]",
            &format!("legions: [{}]", kept.join(", ")),
            1,
        );
    Scenario::from_ron("final-assault-4-legions.ron", &text).unwrap()
}

/// Plays the reference match-up from `state` with seed `seed` until it ends
/// or passes [`CAP`]; the number of actions if it ended.
fn ends(state: Alesia, seed: u64) -> Result<usize, String> {
    let mut play = Playthrough::resume(Game::new(state, Dice::seeded(seed)), seed);
    let over = play.run(CAP).map_err(|e| e.to_string())?;
    match play.game.pending() {
        Pending::Over(_) if over => Ok(play.game.log().len()),
        p => Err(format!("seed {seed}: not over after {} actions: {p:?}", play.game.log().len())),
    }
}

const ATTACKER_FAVOURED: &str = "(rolls: (0, 10), result: (attacker_hits: 0, defender_hits: 4, defender_retreats: true), provenance: Reconstructed),";

#[test]
fn section_5_games_end_with_an_attacker_favoured_table_and_four_legions() {
    let setup = setup_with_shock(ATTACKER_FAVOURED);
    let scenario = final_assault_with(4);
    for seed in 1..=8 {
        let state = scenario.initial_game(Arc::clone(&setup)).unwrap();
        let n = ends(state, seed).unwrap_or_else(|e| panic!("{e}"));
        assert!(n > 0);
    }
}

/// A valid, monotone Shock Table (9.42) as RON rows for the modified rolls
/// 0-10: as the roll rises, hits on the attacker never rise and hits on the
/// defender never fall; the attacker retreats only on a prefix of the rolls,
/// the defender only on a suffix, Continued Shock only on a suffix of that.
fn monotone_shock_rows() -> impl Strategy<Value = String> {
    (
        proptest::collection::vec(0u8..=4, 11),
        proptest::collection::vec(0u8..=4, 11),
        0usize..=3,
        4usize..=11,
        0usize..=3,
    )
        .prop_map(|(mut att, mut def, att_retreats, def_from, cs)| {
            att.sort_unstable_by(|a, b| b.cmp(a));
            def.sort_unstable();
            let cs_from = 11usize.saturating_sub(cs).max(def_from);
            (0..=10usize)
                .map(|r| {
                    format!(
                        "(rolls: ({r}, {r}), result: (attacker_hits: {}, defender_hits: {}, attacker_retreats: {}, defender_retreats: {}, continued_shock: {}), provenance: Reconstructed),",
                        att[r],
                        def[r],
                        r < att_retreats,
                        r >= def_from,
                        r >= cs_from && r >= def_from,
                    )
                })
                .collect::<String>()
        })
}

proptest! {
    // Each case plays a whole bot game; PROPTEST_CASES raises the count.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(3),
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn section_5_bot_games_end_under_any_monotone_shock_table(
        rows in monotone_shock_rows(),
        seed in 1u64..1_000,
        legions in 4usize..=6,
    ) {
        let setup = setup_with_shock(&rows);
        let state = final_assault_with(legions).initial_game(setup).unwrap();
        prop_assert!(ends(state, seed).is_ok(), "{:?}", ends(
            final_assault_with(legions).initial_game(setup_with_shock(&rows)).unwrap(), seed));
    }
}
