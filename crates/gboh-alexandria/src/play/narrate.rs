//! The land game's events in words, with this game's sections and the
//! map's names for places (Points and Blocks as printed, "4-K",
//! "2/3-K/L"; hexes by label).

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_simple::{Lid, TurnEvent, Uid, narrate};
use hexx::Hex;

use super::blocks::{BlockEvent, Own};
use super::command::Command;
use super::replacement::{Choice, Decision};
use super::state::{Alexandria, Happened};

/// How narration names a side.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Roman => "the Romans",
        Side::Adversary => "the Egyptians",
    }
}

/// A place's printed name, by its seat.
#[must_use]
pub fn place(g: &Alexandria, hex: Hex) -> String {
    g.setup().label(hex)
}

fn unit(g: &Alexandria, u: Uid) -> String {
    g.setup().unit(u).map_or_else(|| "a unit".to_owned(), |x| x.name.clone())
}

fn leader(g: &Alexandria, l: Lid) -> String {
    g.setup().leader(l).map_or_else(|| "a leader".to_owned(), |x| x.name.clone())
}

/// A command in words (3.0 A).
#[must_use]
pub fn command(g: &Alexandria, c: &Command) -> String {
    match *c {
        Command::Leader(l) => {
            format!("{} and the eligible units in his Command Range", leader(g, l))
        }
        Command::Auxiliaries(s) => {
            format!("all {} Auxiliaries", if s == Side::Roman { "Roman" } else { "Egyptian" })
        }
        Command::Commander(l) => format!("{} alone (4.43)", leader(g, l)),
        Command::Fleet(s) => format!(
            "the {} Fleet: all their galleys and the land units aboard (4.42)",
            crate::fleet::side_name(s)
        ),
    }
}

/// One event as a line, `None` for the protocol's bookkeeping.
#[must_use]
pub fn describe(g: &Alexandria, e: &Event<Happened>) -> Option<String> {
    let text = match &e.what {
        Happened::Turn(t) => match t {
            TurnEvent::Seizure { leader: l, roll, initiative, seized } => format!(
                "{} tries to seize the turn: rolls {roll} against initiative {initiative}, {}",
                leader(g, *l),
                if *seized { "seized" } else { "fails" }
            ),
            TurnEvent::Activated { side, command: c } => {
                format!("{} activate {}", side_name(*side), command(g, c))
            }
            TurnEvent::NotActivated { side, command: c, roll } => {
                format!("{} fail to activate {} (rolled {roll})", side_name(*side), command(g, c))
            }
            TurnEvent::Passed { side } => format!("{} pass", side_name(*side)),
            TurnEvent::PeriodEnded { .. } => "the Player Turns are over".to_owned(),
            TurnEvent::GameOver(o) => format!("the battle is over: {}", o.reason),
            TurnEvent::MovementOver { .. } | TurnEvent::ActivationEnded { .. } => return None,
        },
        Happened::Block(b) => match *b {
            BlockEvent::Entered { unit: u, block } => format!(
                "{} enters Block {}, its whole Movement Allowance and activation",
                unit(g, u),
                place(g, block)
            ),
            BlockEvent::Left { unit: u, point, mp } => {
                format!(
                    "{} leaves its Block for Point {} paying {mp} MP",
                    unit(g, u),
                    place(g, point)
                )
            }
            BlockEvent::LeaderEntered { leader: l, block } => {
                format!("{} enters Block {}", leader(g, l), place(g, block))
            }
            BlockEvent::LeaderLeft { leader: l, point } => {
                format!("{} leaves his Block for Point {}", leader(g, l), place(g, point))
            }
        },
        Happened::Replaced { leader: l, hex } => {
            format!("{} is replaced, Replacement side up, at {}", leader(g, *l), place(g, *hex))
        }
        // The fleet's own turn-keeping: the land game's Sequence of Play says it.
        Happened::Fleet(crate::fleet::Event::TurnPassed { .. }) => return None,
        Happened::Fleet(f) => crate::fleet::narrate(&g.fleet.game, f),
        Happened::Rule(r) => narrate::sentence(&g.field, r),
    };
    Some(narrate::line(e, text))
}

/// One of this game's own actions during an activation in words (5.23's
/// Blocks, the fleet's actions, 4.44's debarking).
#[must_use]
pub fn own(g: &Alexandria, action: &Own) -> String {
    match action {
        Own::EnterBlock { unit: u, block } => format!(
            "{} enters Block {}, its whole Movement Allowance (5.23)",
            unit(g, *u),
            place(g, *block)
        ),
        Own::LeaveBlock { unit: u, point } => {
            format!("{} leaves its Block for Point {} (5.23)", unit(g, *u), place(g, *point))
        }
        Own::LeaderEnterBlock { leader: l, block } => {
            format!("{} enters Block {} (5.23)", leader(g, *l), place(g, *block))
        }
        Own::LeaderLeaveBlock { leader: l, point } => {
            format!("{} leaves his Block for Point {} (5.23)", leader(g, *l), place(g, *point))
        }
        Own::Fleet(a) => crate::fleet::action(&g.fleet.game, a),
        Own::Debark { piece } => {
            format!("{piece} goes ashore from its beached galley (4.44, 5.48)")
        }
    }
}

/// This game's own choice outside an activation in words (4.33).
#[must_use]
pub fn choice(g: &Alexandria, choice: &Choice) -> String {
    match choice {
        Choice::Replace { leader: l, to } => {
            format!(
                "{} comes back, Replacement side up, at {} (4.33)",
                leader(g, *l),
                place(g, *to)
            )
        }
    }
}

/// This game's own decision in words (4.33).
#[must_use]
pub fn decision(g: &Alexandria, decision: &Decision) -> String {
    match decision {
        Decision::Replace { leader: l, options } => {
            let places: Vec<String> = options.iter().map(|&h| place(g, h)).collect();
            format!(
                "place the killed {} again, Replacement side up, on a unit he may command: {} (4.33)",
                leader(g, *l),
                places.join(", ")
            )
        }
    }
}
