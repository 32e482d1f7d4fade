//! 6.72 for leaders' own steps on the real Gergovia map: a leader moves at
//! the cavalry column of the module's Movement Cost Table (Reconstructed:
//! the engine's leaders move at cavalry costs), so its "P" stops him at a
//! camp wall and he goes through a gate at the gate's cost.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic)]

use crate::support;

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_core::game::Rules;
use gboh_standard::protocol::Preview;
use gboh_standard::{Action, Pending};
use support::hex;

#[test]
fn rule_6_72_a_leader_goes_through_the_camp_gate_not_over_its_wall() {
    let b = support::play_until(52, |_, p| matches!(p, Pending::Orders { side: Side::Roman, .. }));
    let Pending::Orders { leader, .. } = b.pending() else { unreachable!() };
    let step = |at: &str, to: &str| {
        let mut s = support::save(&b);
        for st in &mut s.units {
            if gboh_standard::state::Field::distance(st.hex, hex(at)) <= 3 {
                st.status = gboh_standard::state::UnitStatus::Eliminated;
            }
        }
        s.leaders[leader].hex = hex(at);
        let b = support::load(&s);
        b.check(&Action::LeaderStep { leader, dir: Direction::between(hex(at), hex(to)).unwrap() })
    };
    // 0545/0646: a wall of the large camp, "P" for cavalry.
    let e = step("0545", "0646").unwrap_err().to_string();
    assert!(e.contains("6.72") && e.contains("prohibited (P) to a leader"), "{e}");
    // 0645/0646: its gate, +2 MP over the camp's open ground (1 MP): 3 MP.
    let Ok(Preview::Cost(c)) = step("0645", "0646") else { panic!("through the gate") };
    assert_eq!((c.half_mp, c.hits), (6, 0));
    // Open ground outside: 1 MP.
    let Ok(Preview::Cost(c)) = step("0545", "0544") else { panic!("open ground") };
    assert_eq!(c.half_mp, 2);
}
