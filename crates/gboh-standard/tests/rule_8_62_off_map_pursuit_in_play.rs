//! SPQR 8.62's last case and 8.64 in play: random legal games on the
//! reconstructed Skirmish field, through the public protocol, until a
//! pursuer follows a rout off the map; the engine's invariants hold
//! throughout (tests/invariants_support).
#![allow(clippy::unwrap_used, clippy::indexing_slicing, clippy::panic)]

use gboh_core::dice::Dice;
use gboh_core::game::Game;
use gboh_core::policy::UniformRandom;
use gboh_standard::{Action, Battle, Pending, Spqr, StandardEvent};

use crate::invariants_support;

use invariants_support::invariants;

#[test]
fn rule_8_62_8_64_random_play_sends_pursuers_off_the_map_and_offers_their_return() {
    let mut off = 0;
    let mut offered = 0;
    // Searched from seed 0, the first game with both is seed 339: the search
    // starts there to keep the test quick, and goes on if play changes.
    for seed in 339..400u64 {
        let mut g = Game::new(Battle::new(Spqr, "Skirmish").unwrap().0, Dice::seeded(seed));
        let mut policy = UniformRandom::seeded(seed + 11);
        while let Some(action) = gboh_core::policy::choose(&g, &mut policy, &mut Vec::new()) {
            let before = *g.state().field().rout_points.get(gboh_core::Side::Roman)
                + *g.state().field().rout_points.get(gboh_core::Side::Adversary);
            for e in g.apply(action).unwrap() {
                if let StandardEvent::PursuedOffMap { unit, ref leaders, .. } = e.what {
                    off += 1;
                    let f = g.state().field();
                    let p = f.pursuer(unit).expect("recorded off the map");
                    assert_eq!(&p.leaders, leaders);
                    assert!(!f.units[unit].on_map());
                    assert!(f.def(unit).unwrap().class().is_mounted());
                    assert_eq!(e.rule, "SPQR 8.62");
                }
            }
            // 8.65: going off the map costs no rout points (an elimination
            // in the same action may).
            let after = *g.state().field().rout_points.get(gboh_core::Side::Roman)
                + *g.state().field().rout_points.get(gboh_core::Side::Adversary);
            assert!(after >= before);
            invariants(&g).unwrap();
            if matches!(g.pending(), Pending::Orders { .. })
                && g.legal_actions().contains(&Action::RegroupAndReturn)
            {
                offered += 1;
            }
            assert!(g.log().len() < 50_000);
        }
        if off > 0 && offered > 0 {
            break;
        }
    }
    assert!(off > 0, "no pursuer left the map in the random games");
    assert!(offered > 0, "no OC was offered the Regroup and Return");
}
