//! Each event in words, with the map's hex labels and the rule it applies.

use gboh_core::Side;
use gboh_core::board::Location;
use gboh_core::facing::Direction;
use hexx::Hex;

use super::state::{Loss, Quarter, Speed};
use super::tables::{ArrowResult, BoardingResult, FirefightResult, RakeResult, RamResult};
use super::{Event, FleetGame, GalleyIx, Phase};
use crate::map;

/// The player's name in this game.
#[must_use]
pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Roman => "Roman",
        Side::Adversary => "Egyptian",
    }
}

pub(super) fn hex(h: Hex) -> String {
    map::alexandria()
        .ok()
        .and_then(|m| m.name(Location::Hex(h)))
        .unwrap_or_else(|| format!("({},{})", h.x, h.y))
}

pub(super) const fn dir(d: Direction) -> &'static str {
    match d {
        Direction::NE => "north-east",
        Direction::E => "east",
        Direction::SE => "south-east",
        Direction::SW => "south-west",
        Direction::W => "west",
        Direction::NW => "north-west",
    }
}

/// One event in words: "Roman Trireme-1 rows 3330 -> 3331 (1 MP)".
#[must_use]
pub fn narrate(game: &FleetGame, event: &Event) -> String {
    let name =
        |i: GalleyIx| game.galleys.get(i).map_or_else(|| format!("galley {i}"), |g| g.id.clone());
    let at = |i: GalleyIx| game.galleys.get(i).map_or_else(String::new, |g| hex(g.hex));
    match event {
        Event::Declared { galley, speed, mp, fatigue } => format!(
            "5.43: {} at {} goes at {} speed and announces {mp} MP (fatigue {fatigue})",
            name(*galley),
            at(*galley),
            match speed {
                Speed::Cruise => "Cruise",
                Speed::Attack => "Attack",
            }
        ),
        Event::Launched { galley } => {
            format!("{} is pushed off the beach at {}", name(*galley), at(*galley))
        }
        Event::Moved { galley, from, to, mp, backwater } => format!(
            "{} {} {} -> {} ({mp} MP)",
            name(*galley),
            if *backwater { "backs water (5.47)" } else { "rows" },
            hex(*from),
            hex(*to)
        ),
        Event::Turned { galley, heading, mp } => {
            format!("{} turns to head {} ({mp} MP)", name(*galley), dir(*heading))
        }
        Event::EnteredSlip { galley } => {
            format!("5.27: {} enters the Slip at {} and stops", name(*galley), at(*galley))
        }
        Event::Shoals { galley, roll, aground } => format!(
            "5.28: {} in the shoals at {}: 1d6 {} (total {}), {}",
            name(*galley),
            at(*galley),
            roll.face,
            roll.total,
            if *aground { "runs aground for the rest of the game" } else { "clears them" }
        ),
        Event::Beached { galley } => format!("5.29: {} beaches at {}", name(*galley), at(*galley)),
        Event::Debarked { galley, unit } => {
            format!("5.48: {unit} debarks from {} at {}", name(*galley), at(*galley))
        }
        Event::Embarked { galley, unit } => {
            format!("{unit} embarks on {} at {}", name(*galley), at(*galley))
        }
        Event::Rammed { galley, target, quarter, roll, result, rammer_hurt } => format!(
            "{} rams {} at {} in the {}: d10 {} (total {}), {}{}",
            name(*galley),
            name(*target),
            at(*target),
            match quarter {
                Quarter::Bow => "bow",
                Quarter::BowQuarter => "bow quarter",
                Quarter::SternQuarter => "stern quarter",
                Quarter::Stern => "stern",
            },
            roll.face,
            roll.total,
            match result {
                RamResult::Glancing => "a glancing blow".to_owned(),
                RamResult::Damaged => "1 hull hit".to_owned(),
                RamResult::Holed(n) => format!("holed ({n} hull hits, {n} holes)"),
            },
            if *rammer_hurt { "; the rammer springs its own bow (1 hit)" } else { "" }
        ),
        Event::Retract { galley, face, need, success } => format!(
            "9.15: {} {} (original roll {face}, needs {need} or less)",
            name(*galley),
            if *success { "backs its ram out" } else { "cannot retract" }
        ),
        Event::Collided { galley, target, fouled } => format!(
            "5.43: {} collides with {} at {}: both MA halved (5.42){}",
            name(*galley),
            name(*target),
            at(*target),
            if *fouled { ", and they foul" } else { "" }
        ),
        Event::Fouled { a, b } => format!("{} and {} are fouled", name(*a), name(*b)),
        Event::Raked { galley, target, roll, result } => format!(
            "{} rakes {} at {}: d10 {} (total {}), {}",
            name(*galley),
            name(*target),
            at(*target),
            roll.face,
            roll.total,
            match result {
                RakeResult::Missed => "the oars are shipped in time",
                RakeResult::Raked => "oars sheared",
                RakeResult::Crippled => "crippled",
            }
        ),
        Event::Grappled { galley, target, face, need, success } => format!(
            "{} throws grapnels at {} at {}: d10 {face} (needs {need} or less), {}",
            name(*galley),
            name(*target),
            at(*target),
            if *success { "grappled" } else { "they fall short" }
        ),
        Event::FireArrows { galley, target, face, result } => format!(
            "{} looses fire arrows at {} at {}: d10 {face}, {}",
            name(*galley),
            name(*target),
            at(*target),
            match result {
                ArrowResult::SetAfire => "a fire takes hold",
                ArrowResult::Casualties => "rowers hit",
                ArrowResult::NoEffect => "no effect",
            }
        ),
        Event::MovementEnded { galley } => {
            format!("{} ends its movement at {}", name(*galley), at(*galley))
        }
        Event::Boarding { galley, target, strengths, roll, result } => format!(
            "boarding: {} ({}) against {} ({}) at {}: d10 {} (total {}), {}",
            name(*galley),
            strengths.0,
            name(*target),
            strengths.1,
            at(*target),
            roll.face,
            roll.total,
            match result {
                BoardingResult::Repulsed => "the boarders are thrown back",
                BoardingResult::Melee => "the fight on deck goes on",
                BoardingResult::Carried => "the deck is carried",
            }
        ),
        Event::UnitLost { unit, galley } => format!("{unit} aboard {} is lost", name(*galley)),
        Event::Tired { galley, fatigue } => format!("{} tires: fatigue {fatigue}", name(*galley)),
        Event::Captured { galley, by } => {
            format!("{} is captured by the {}s", name(*galley), side_name(*by))
        }
        Event::CaughtFire { galley, from } => match from {
            Some(f) => format!("7.33: fire spreads from {} to {}", name(*f), name(*galley)),
            None => format!("{} is on fire", name(*galley)),
        },
        Event::Firefighting { galley, face, result } => format!(
            "7.32: firefighting on {}: d10 {face}, {}",
            name(*galley),
            match result {
                FirefightResult::Extinguished => "the fire is out",
                FirefightResult::Burning => "it burns on (1 hull hit)",
                FirefightResult::Burned => "it burns to the waterline",
            }
        ),
        Event::SpreadCheck { from, to, face } => {
            format!("7.33: fire on {} threatens {}: d10 {face}", name(*from), name(*to))
        }
        Event::SinkingCheck { galley, holes, face, sank } => format!(
            "10.42: {} with {holes} hole(s) checks: d10 {face}, {}",
            name(*galley),
            if *sank { "she sinks" } else { "she stays afloat, holes patched" }
        ),
        Event::DisengageAttempt { galley, from, face, success } => format!(
            "9.44: {} tries to disengage from {}: d10 {face}, {}",
            name(*galley),
            name(*from),
            if *success { "free" } else { "still fouled" }
        ),
        Event::Lost { galley, how } => format!(
            "{} {} at {}",
            name(*galley),
            match how {
                Loss::Sunk => "sinks",
                Loss::Dragged => "is dragged down with the galley grappled to her",
                Loss::Burned => "burns and is lost",
            },
            at(*galley)
        ),
        Event::PhaseBegan { phase } => match phase {
            Phase::Movement => "3.0 B: movement".to_owned(),
            Phase::Boarding => "3.0 C: boarding combat".to_owned(),
            Phase::Disengage => "3.0 D: Fleet Status Phase".to_owned(),
        },
        Event::LighthouseDenial { by, hex: h, denied } => format!(
            "5.26: the {}s in the Lighthouse {} {} to enemy galleys",
            side_name(*by),
            if *denied { "deny" } else { "open" },
            hex(*h)
        ),
        Event::SlipFired { galley, slip, face, afire } => format!(
            "5.27: {} looses fire arrows at the empty Slip {}: d10 {face}, {}",
            name(*galley),
            hex(*slip),
            if *afire { "the sheds take fire" } else { "no effect" }
        ),
        Event::SlipCaughtFire { slip, from } => match from {
            Some(f) => format!("5.27: fire spreads from the Slip {} to {}", hex(*f), hex(*slip)),
            None => format!("5.27: the Slip {} is burning", hex(*slip)),
        },
        Event::SlipFireCheck { slip, face, out } => format!(
            "5.27: the burning Slip {}: d10 {face}, {}",
            hex(*slip),
            if *out { "it burns out" } else { "it burns on" }
        ),
        Event::SlipSpreadCheck { from, to, face } => {
            format!("5.27: fire in the Slip {} threatens {}: d10 {face}", hex(*from), hex(*to))
        }
        Event::Diekplus { galley, target, gap, roll, result, fouled } => format!(
            "9.24 Diekplus: {} breaks through the line at {}, passing {}: d10 {} (total {}), {}{}",
            name(*galley),
            hex(*gap),
            name(*target),
            roll.face,
            roll.total,
            match result {
                RakeResult::Missed => "her oars are shipped in time",
                RakeResult::Raked => "her oars are sheared",
                RakeResult::Crippled => "she is crippled",
            },
            if *fouled { ", and the two foul" } else { "" }
        ),
        Event::TurnPassed { to, turn } => {
            format!("Player Turn {turn}: the {} Fleet activation", side_name(*to))
        }
    }
}
