//! 10.0 The Effects of Combat: hits, retreats, Continued Shock, rout, rally,
//! recovery, tribal withdrawal and the aquilae.

pub mod aquila;
pub mod continued_shock;
mod engine;
pub mod hits;
pub mod rally;
pub mod recovery;
pub mod retreat;
pub mod rout;
pub mod withdrawal;
