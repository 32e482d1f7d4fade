//! Tournament Play (the battle's special rules): "We suggest an auction of
//! victory points if both players want to play the same side: each secretly
//! writes down his bid, both are revealed simultaneously, and the higher bid
//! wins. The winner must then achieve the bid number of victory points in
//! order to win."
//!
//! Gergovia's own version replaces C:CoG's rout-point auction (the general
//! "Tournament Play" note: "GERGOVIA has its own version of this"). The
//! bids are made and revealed outside the program; [`auction`] settles
//! them. Reconstructed where the text is silent: equal bids settle nothing
//! (the players bid again); a bid of 0 is no bid.
//!
//! ```
//! use gboh_gergovia::tournament::{auction, Bidder};
//! let won = auction(30, 27).unwrap();
//! assert_eq!((won.winner, won.threshold), (Bidder::First, 30));
//! assert_eq!(auction(20, 20), None);
//! ```

/// Who made a bid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bidder {
    /// The first player.
    First,
    /// The second player.
    Second,
}

/// The auction's result: who plays the side both wanted, and the victory
/// points he must then reach to win (his bid, in place of the side's
/// printed threshold: Victory).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AuctionWin {
    /// The higher bidder.
    pub winner: Bidder,
    /// His victory-point threshold: his bid.
    pub threshold: u32,
}

/// Tournament Play: "the higher bid wins. The winner must then achieve the
/// bid number of victory points in order to win." `None` when the bids are
/// equal or both 0 (Reconstructed: bid again).
#[must_use]
pub fn auction(first: u32, second: u32) -> Option<AuctionWin> {
    match first.cmp(&second) {
        core::cmp::Ordering::Greater => {
            Some(AuctionWin { winner: Bidder::First, threshold: first })
        }
        core::cmp::Ordering::Less => Some(AuctionWin { winner: Bidder::Second, threshold: second }),
        core::cmp::Ordering::Equal => None,
    }
}
