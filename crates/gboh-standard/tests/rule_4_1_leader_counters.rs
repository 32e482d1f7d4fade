//! SPQR 4.1: a leader counter's ratings (Command Range, Elite, Initiative,
//! Line Command, Strategy, Charisma) and his MA of 9, as the engine reads
//! them: the ratings from the scenario's counters, the Initiative as the
//! number of Individual Orders in his Orders Phase (4.22), 9 MP for his own
//! moves. Each rating's own rule is tested with it (4.2, 4.3, 5.5, 8.5).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_standard::protocol::Phase;
use gboh_standard::{Action, Battle, Pending, Spqr};

const LEGATUS: usize = 0;
const TRIBUNUS: usize = 1;

#[test]
fn rule_4_1_a_leader_counter_s_ratings_and_what_the_orders_phase_takes_from_them() {
    let b = Battle::new(Spqr, "Skirmish").unwrap().0;
    let f = b.field().clone();
    let l = f.leader_def(LEGATUS).unwrap();
    assert_eq!(
        (l.initiative, l.command_range, l.line_command, l.strategy, l.charisma, l.elite),
        (4, 5, 1, Some(4), 1, false)
    );
    assert!(l.overall, "Strategy is an OC's rating");
    let t = f.leader_def(TRIBUNUS).unwrap();
    assert_eq!((t.initiative, t.command_range, t.strategy), (3, 4, None));
    // The Duel's Dux has the Elite triangle (5.5).
    let duel = Battle::new(Spqr, "Duel").unwrap().0;
    assert!(duel.field().leader_def(0).unwrap().elite);
    // Each leader's Orders Phase: his Initiative in Individual Orders, 9 MP
    // (in halves, 18) for himself.
    for leader in [TRIBUNUS, LEGATUS] {
        let mut g = Game::new(b.clone(), Dice::seeded(3));
        for _ in 0..100 {
            match g.pending() {
                Pending::Orders { leader: l, .. } if l == leader => break,
                Pending::Orders { .. } => g.apply(Action::EndOrders).unwrap(),
                _ => {
                    let legal = g.legal_actions();
                    let a =
                        if legal.contains(&Action::Decline) { Action::Decline } else { legal[0] };
                    g.apply(a).unwrap()
                }
            };
        }
        let Phase::Orders(o) = g.state().phase() else { panic!("{:?}", g.pending()) };
        assert_eq!(o.leader, leader);
        assert_eq!(o.orders_left, g.state().field().initiative(leader));
        assert_eq!(o.orders_left, f.leader_def(leader).unwrap().initiative);
        assert_eq!(o.leader_half_mp, 18, "MA 9 for every leader");
    }
}
