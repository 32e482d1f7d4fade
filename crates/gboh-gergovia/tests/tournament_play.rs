//! Tournament Play: the victory-point auction ("the higher bid wins. The
//! winner must then achieve the bid number of victory points in order to
//! win").
#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use gboh_core::Side;
use gboh_gergovia::standard::Gergovia;
use gboh_gergovia::tournament::{AuctionWin, Bidder, auction};
use gboh_standard::Battle;
use gboh_standard::state::UnitStatus;

#[test]
fn tournament_play_the_higher_bid_wins_and_is_the_winners_threshold() {
    assert_eq!(auction(30, 27), Some(AuctionWin { winner: Bidder::First, threshold: 30 }));
    assert_eq!(auction(22, 28), Some(AuctionWin { winner: Bidder::Second, threshold: 28 }));
    // Not C:CoG's rout-point auction, where the lower bid wins.
    assert_eq!(auction(1, 40).unwrap().winner, Bidder::Second);
}

#[test]
fn tournament_play_equal_bids_settle_nothing() {
    assert_eq!(auction(25, 25), None);
    assert_eq!(auction(0, 0), None);
}

#[test]
fn tournament_play_the_winners_bid_is_his_threshold_in_the_battle() {
    // Both want Gaul; the second bids 29 and wins: Gaul needs 29, not 25.
    let won = auction(26, 29).unwrap();
    let (b, _) = Battle::new(Gergovia::tournament(Side::Adversary, won), "Gergovia").unwrap();
    let (printed, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
    let t = b.game().tally(b.field()).unwrap();
    assert_eq!((t.rome.threshold, t.gaul.threshold), (35, 29));
    assert_eq!(b.game().bid(), Some((Side::Adversary, 29)));
    // Thirteen Roman cohorts destroyed: 26 VP for Gaul (2 each, Victory).
    let mut f = b.field().clone();
    let cohorts: Vec<usize> = (0..f.units.len())
        .filter(|&u| f.def(u).unwrap().unit_type == gboh_core::unit::UnitType::CO)
        .take(13)
        .collect();
    for &u in &cohorts {
        f.units[u].status = UnitStatus::Eliminated;
    }
    let t = b.game().tally(&f).unwrap();
    assert_eq!(t.gaul.total, 26);
    assert_eq!(t.winner(), None, "26 is short of the bid of 29");
    let t = printed.game().tally(&f).unwrap();
    assert_eq!(t.winner(), Some(Side::Adversary), "26 beats the printed 25");
    // The bid is saved with the battle.
    let saved = ron::to_string(b.game()).unwrap();
    let back: Gergovia = ron::from_str(&saved).unwrap();
    assert_eq!(back.bid(), Some((Side::Adversary, 29)));
}
