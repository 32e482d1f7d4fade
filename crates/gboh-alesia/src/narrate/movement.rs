//! The movement events (6.0-7.2) as sentences.

use super::{clock, direction, hex, hexes, hit_outcome, hits, leader, unit};
use crate::movement::{FillTarget, MoveEvent};
use crate::protocol::Alesia;

/// A movement event as a sentence, without its rule or dice.
pub(super) fn sentence(game: &Alesia, event: &MoveEvent) -> String {
    match event {
        MoveEvent::Moved { unit: u, from, to, facing, mp, stopped_in_zoc } => {
            let zoc = if *stopped_in_zoc { ", stops in an enemy ZOC (7.23)" } else { "" };
            match from {
                Some(f) if f == to => format!(
                    "{} pivots in {} ({mp} MP), faces {}{zoc}",
                    unit(game, *u),
                    hex(game, *to),
                    clock(*facing)
                ),
                Some(f) => format!(
                    "{} moves {} -> {} ({mp} MP), faces {}{zoc}",
                    unit(game, *u),
                    hex(game, *f),
                    hex(game, *to),
                    clock(*facing)
                ),
                None => format!(
                    "{} enters the map at {} ({mp} MP), faces {}{zoc}",
                    unit(game, *u),
                    hex(game, *to),
                    clock(*facing)
                ),
            }
        }
        MoveEvent::MovementOver { unit: u } => {
            format!("{}'s movement is over: another unit has begun to move", unit(game, *u))
        }
        MoveEvent::Hits { unit: u, hex: h, hits: n, outcome, removed } => format!(
            "{} takes {} entering {} and {}{}",
            unit(game, *u),
            hits(*n),
            hex(game, *h),
            hit_outcome(*outcome, *n),
            if *removed { "; it leaves the map" } else { "" }
        ),
        MoveEvent::FillTaken { unit: u } => {
            format!("{} comes onto the map carrying a Fill counter (MA one less)", unit(game, *u))
        }
        MoveEvent::FillPlaced { unit: u, hex: h, target, value } => {
            let place = match target {
                FillTarget::Hex => format!("in {}", hex(game, *h)),
                FillTarget::Hexside(d) => {
                    format!("across the {} hexside of {}", direction(*d), hex(game, *h))
                }
            };
            format!("{} places its Fill {place}: Fill {value} there now", unit(game, *u))
        }
        MoveEvent::RapidMarch { unit: u, hit, outcome } => {
            if *hit {
                format!(
                    "{} Rapid Marches a second time this Assault Period: takes 1 hit and {}",
                    unit(game, *u),
                    hit_outcome(*outcome, 1)
                )
            } else {
                format!("{} Rapid Marches: its MA is doubled", unit(game, *u))
            }
        }
        MoveEvent::StackSwapped { unit: u, top } => format!(
            "{} switches the stacking order (2 MP): {} is now on top",
            unit(game, *u),
            unit(game, *top)
        ),
        MoveEvent::DisorderRemoved { unit: u } => {
            format!("{} removes its Disorder (2 MP)", unit(game, *u))
        }
        MoveEvent::Disordered { unit: u } => format!(
            "{} is forced next to friendly infantry on the ramparts: Disordered (6.71)",
            unit(game, *u)
        ),
        MoveEvent::Untethered { unit: u } => {
            format!("{} is no longer bound to its Tribal Counter", unit(game, *u))
        }
        MoveEvent::LeaderMoved { leader: l, to, mp } => {
            format!("{} moves to {} ({mp} MP)", leader(game, *l), hex(game, *to))
        }
        MoveEvent::LeaderMayRetreat { leader: l, options } => format!(
            "{} is alone next to the enemy and may retreat up to three hexes, to {}",
            leader(game, *l),
            hexes(game, options)
        ),
        MoveEvent::LeaderEliminated { leader: l } => {
            format!("{} is alone, cannot retreat and is eliminated", leader(game, *l))
        }
        MoveEvent::AwaitingReaction { unit: u } => format!(
            "{} is about to leave a missile unit's ZOC: the enemy may fire in Retire Reaction first (8.61)",
            unit(game, *u)
        ),
    }
}
