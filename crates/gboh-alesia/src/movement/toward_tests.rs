//! [`Toward`]: a search cut short toward some targets must list every Move
//! the whole search lists within its reach, each with the same cost, hits
//! and path, and nothing the whole search does not list. Checked for every
//! unit that may move in the first activations of a bot game of each
//! scenario, toward the Roman-held hexes, at reaches from 0 to unlimited.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use gboh_core::Side;
use gboh_core::facing::Direction;

use super::{MoveGenerator, MoveRules, Reachable, Toward};
use crate::game::Battlefield;
use crate::playthrough::Playthrough;
use crate::protocol::Pending;
use crate::scenario::ScenarioId;

/// Hex steps from the Roman-held hexes, by board index: a breadth-first
/// pass of its own (the oracle does not borrow the bots' maps).
fn from_the_romans(field: &Battlefield) -> Vec<u16> {
    let setup = field.setup();
    let board = &setup.board;
    let mut dist = vec![u16::MAX; board.len()];
    let mut queue: Vec<usize> = setup
        .units
        .iter()
        .zip(field.units())
        .filter(|(info, _)| info.side == Side::Roman)
        .filter_map(|(_, u)| u.at.and_then(|h| board.index(h)))
        .collect();
    for &i in &queue {
        dist[i] = 0;
    }
    let mut head = 0;
    while let Some(&i) = queue.get(head) {
        head += 1;
        for d in Direction::ALL {
            if let Some(j) = board.neighbor_index(i, d)
                && dist[j] == u16::MAX
            {
                dist[j] = dist[i] + 1;
                queue.push(j);
            }
        }
    }
    dist
}

fn check(scenario: ScenarioId, seed: u64) -> usize {
    let mut play = Playthrough::new(scenario, seed).unwrap();
    let mut compared = 0;
    let mut activations = 0;
    while activations < 4 {
        if matches!(play.game.pending(), Pending::Activation { .. }) {
            activations += 1;
            let game = play.game.state();
            let board = &game.setup().board;
            let rules = MoveRules::for_game(game);
            let distance = from_the_romans(&game.field);
            let d = |r: &Reachable| distance[board.index(r.hex).unwrap()];
            for unit in game.movers() {
                let mut whole = MoveGenerator::new();
                let Ok(all) = whole.reach(game, &rules, unit) else { continue };
                let all = all.to_vec();
                for within in [0, 1, 3, 6, 10, u16::MAX] {
                    let mut cut = MoveGenerator::new();
                    let mut listed = Vec::new();
                    let toward = Toward { distance: &distance, within };
                    cut.list_moves_toward(game, &rules, unit, toward, &mut listed);
                    let ends = cut.ends().to_vec();
                    assert_eq!(listed.len(), ends.len());
                    for r in &ends {
                        assert!(
                            all.iter().any(|a| a.hex == r.hex && a.facing == r.facing),
                            "{unit:?} within {within}: {r:?} is no end of the whole search"
                        );
                    }
                    for r in all.iter().filter(|r| d(r) <= within) {
                        assert!(ends.contains(r), "{unit:?} within {within}: {r:?} left out");
                        assert_eq!(cut.path(&game.field, r), whole.path(&game.field, r));
                        compared += 1;
                    }
                }
            }
        }
        if !play.step(&mut Vec::new()).unwrap() {
            break;
        }
    }
    compared
}

#[test]
fn cut_short_searches_keep_every_move_within_reach() {
    assert!(check(ScenarioId::FinalAssault, 1) > 200);
    assert!(check(ScenarioId::Historical, 2) > 200);
}
