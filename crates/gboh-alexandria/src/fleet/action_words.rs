//! Each fleet action in words, for a player choosing among them: galleys
//! by counter id, hexes by the map's labels.

use super::narrate::{dir, hex};
use super::state::Speed;
use super::{Action, FleetGame, GalleyIx};

/// One action in words: "Trireme-1 at 3330 rams Quinquereme-2".
#[must_use]
pub fn action(game: &FleetGame, action: &Action) -> String {
    let name =
        |i: GalleyIx| game.galleys.get(i).map_or_else(|| format!("galley {i}"), |g| g.id.clone());
    let at = |i: GalleyIx| game.galleys.get(i).map_or_else(String::new, |g| hex(g.hex));
    let moving = game.current.map_or_else(|| "the moving galley".to_owned(), name);
    match action {
        Action::Declare { galley, speed, mp } => format!(
            "{} at {} goes at {} speed and announces {mp} MP (5.43)",
            name(*galley),
            at(*galley),
            match speed {
                Speed::Cruise => "Cruise",
                Speed::Attack => "Attack",
            }
        ),
        Action::Launch { galley } => {
            format!("push {} off the beach at {}", name(*galley), at(*galley))
        }
        Action::Forward => format!("{moving} rows forward"),
        Action::Turn { clockwise } => format!(
            "{moving} turns one hexside {}",
            if *clockwise { "clockwise" } else { "counter-clockwise" }
        ),
        Action::Face { heading } => format!("{moving} heads {}", dir(*heading)),
        Action::Backwater => format!("{moving} backs water"),
        Action::Ram { target } => format!("{moving} rams {}", name(*target)),
        Action::Collide { target } => format!("{moving} collides with {}", name(*target)),
        Action::Rake { target } => format!("{moving} rakes {}", name(*target)),
        Action::Grapple { target } => format!("{moving} grapples {}", name(*target)),
        Action::FireArrows { target } => {
            format!("{moving} looses fire arrows at {}", name(*target))
        }
        Action::Beach => format!("{moving} beaches"),
        Action::Debark { unit } => format!("{unit} debarks from {moving} (5.48)"),
        Action::Embark { unit } => format!("{unit} embarks on {moving}"),
        Action::EndMovement => format!("{moving} ends its movement"),
        Action::Board { galley, target } => {
            format!("{} boards {}", name(*galley), name(*target))
        }
        Action::Disengage { galley } => format!("{} tries to disengage (9.44)", name(*galley)),
        Action::EndPhase => "end the phase".to_owned(),
        Action::DenyLighthouse { hex: h, deny: true } => {
            format!("deny {} to enemy galleys (5.26)", hex(*h))
        }
        Action::DenyLighthouse { hex: h, deny: false } => {
            format!("leave {} open to enemy galleys (5.26)", hex(*h))
        }
        Action::FireAtSlip { slip } => {
            format!("{moving} looses fire arrows at the Slip {} (5.27)", hex(*slip))
        }
        Action::Diekplus { target } => format!(
            "{moving} rows through the gap and rakes {} in passing (diekplus, 9.24)",
            name(*target)
        ),
    }
}
