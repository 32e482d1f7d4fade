//! The city bot's choices in positions where a rule leaves it a decision.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic, clippy::indexing_slicing)]

use gboh_alexandria::play::bot::CityBot;
use gboh_alexandria::play::{Alexandria, Command};
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use gboh_simple::Battle;
use gboh_simple::protocol::Action;

/// 4.41: a subordinate activates only the units in his Command Range. The
/// city bot brings one with none in range back toward his units (left
/// where he was, such a leader stalled the bot's games: seed 1 drew at 240
/// Player Turns with the Egyptian subordinates far from their troops).
#[test]
fn a_subordinate_with_no_unit_in_range_goes_back_to_his_units() {
    let mut g = Alexandria::empty(Side::Adversary).unwrap();
    let place = |g: &Alexandria, p: &str| g.setup().hex(p).unwrap();
    let achillas = g.setup().lid("Achillas").unwrap();
    let (far, troops) = (place(&g, "4-P"), place(&g, "1-D"));
    g.field.move_leader(achillas, Some(far)).unwrap();
    let mi = g.setup().uid("Egyptian MI-1").unwrap();
    g.field.move_unit(mi, troops, Facing::Twelve).unwrap();
    let roman = g.setup().uid("VI-1").unwrap();
    let roman_at = place(&g, "4-D");
    g.field.move_unit(roman, roman_at, Facing::Six).unwrap();
    let mut game = Game::new(Battle::new(g), Dice::seeded(1));
    game.apply(Action::Activate(Command::Leader(achillas))).unwrap();
    let current = game.state().state().turn.current.as_ref().unwrap();
    assert!(current.units.is_empty(), "Egyptian MI-1 is beyond his 6 MP");
    let mut legal = Vec::new();
    game.state().legal_actions(&mut legal);
    let pick = CityBot::default().choose(&game, &legal);
    let Action::MoveLeader { leader, to } = legal[pick] else {
        panic!("the bot chose {:?}, not to move Achillas", legal[pick]);
    };
    assert_eq!(leader, achillas);
    assert!(
        to.unsigned_distance_to(troops) < far.unsigned_distance_to(troops),
        "he goes toward his unit"
    );
    // The move is the nearest he can come to it.
    let nearest = legal
        .iter()
        .filter_map(|a| match *a {
            Action::MoveLeader { to, .. } => Some(to.unsigned_distance_to(troops)),
            _ => None,
        })
        .min()
        .unwrap();
    assert_eq!(to.unsigned_distance_to(troops), nearest);
}
