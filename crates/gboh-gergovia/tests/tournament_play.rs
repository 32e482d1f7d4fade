//! Tournament Play: the victory-point auction ("the higher bid wins. The
//! winner must then achieve the bid number of victory points in order to
//! win").
#![allow(clippy::unwrap_used)]

use gboh_gergovia::tournament::{AuctionWin, Bidder, auction};

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
