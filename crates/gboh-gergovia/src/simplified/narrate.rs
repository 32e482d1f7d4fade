//! The simplified version's events in words, with map labels and the
//! Gergovia section (or special rule) behind each.

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_simple::{Lid, TurnEvent, Uid, narrate};
use hexx::Hex;

use super::formations::{Formation, LEGIONS, TRIBES};
use super::special::{Own, SpecialEvent};
use super::state::{GergoviaSimplified, Happened};

/// A side's name.
#[must_use]
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::Roman => "Rome",
        Side::Adversary => "the Gauls",
    }
}

/// A hex's printed label.
#[must_use]
pub fn label(g: &GergoviaSimplified, hex: Hex) -> String {
    g.setup().board.label(hex).map_or_else(|| "off the map".to_string(), |l| l.to_string())
}

fn unit(g: &GergoviaSimplified, u: Uid) -> String {
    g.setup().unit(u).map_or_else(|| "a unit".to_string(), |x| x.name.clone())
}

fn leader(g: &GergoviaSimplified, l: Lid) -> String {
    g.setup().leader(l).map_or_else(|| "a leader".to_string(), |x| x.name.clone())
}

/// A formation's name, as the tables print it.
#[must_use]
pub fn formation(f: &Formation) -> String {
    match f {
        Formation::Caesar(mask) => {
            let ls: Vec<&str> = Formation::legions(*mask)
                .into_iter()
                .filter_map(|i| LEGIONS.get(i))
                .map(|l| l.0)
                .collect();
            format!("Caesar with legions {}", ls.join(", "))
        }
        Formation::Legion(i) => LEGIONS
            .get(usize::from(*i))
            .map_or_else(String::new, |l| format!("{} with Legion {}", l.1, l.0)),
        Formation::Aedui => "Convictolitavus with the Aedui".to_string(),
        Formation::Cavalry => "Manucius with the cavalry".to_string(),
        Formation::Auxiliaries => "the Roman auxiliaries".to_string(),
        Formation::Vercingetorix { all_arverni: false } => {
            "Vercingetorix with his Arverni".to_string()
        }
        Formation::Vercingetorix { all_arverni: true } => {
            "Vercingetorix with all the Arverni".to_string()
        }
        Formation::Critignatus => "Critignatus with the Arverni in the woods".to_string(),
        Formation::Vercassivellaunus => "Vercassivellaunus with the Arverni cavalry".to_string(),
        Formation::Tribe(i) => TRIBES
            .get(usize::from(*i))
            .map_or_else(String::new, |t| format!("{} with the {}", t.1, t.0)),
    }
}

/// One event in words, `None` for bookkeeping not worth a line. `g` is
/// the state after the action that reported it.
#[must_use]
pub fn describe(g: &GergoviaSimplified, e: &Event<Happened>) -> Option<String> {
    let text = match &e.what {
        Happened::Turn(t) => match t {
            TurnEvent::Seizure { leader: l, roll, initiative, seized } => format!(
                "{} tries to seize the turn: rolls {roll} against initiative {initiative}, {}",
                leader(g, *l),
                if *seized { "seized" } else { "fails" }
            ),
            TurnEvent::Activated { side, command } => {
                format!("{} activates {}", side_name(*side), formation(command))
            }
            TurnEvent::NotActivated { side, command, roll } => format!(
                "{} fails to activate {} (rolled {roll})",
                side_name(*side),
                formation(command)
            ),
            TurnEvent::Passed { side } => format!("{} pass", side_name(*side)),
            TurnEvent::PeriodEnded { period } => format!("turn {period} ends"),
            TurnEvent::GameOver(o) => format!("the battle is over: {}", o.reason),
            TurnEvent::MovementOver { .. } | TurnEvent::ActivationEnded { .. } => return None,
        },
        Happened::Special(s) => match s {
            SpecialEvent::Entered { unit: u, hex, mp } => {
                format!("{} enters at {} paying {mp} MP", unit(g, *u), label(g, *hex))
            }
            SpecialEvent::WallRoll { unit: u, over } => format!(
                "{} {} the wall of Gergovia",
                unit(g, *u),
                if *over { "is hoisted over" } else { "fails to climb" }
            ),
            SpecialEvent::StoneWallCrossed { unit: u, stopped } => format!(
                "{} crosses a stone wall{}",
                unit(g, *u),
                if *stopped { " and stops" } else { "" }
            ),
            SpecialEvent::WallDown { unit: u } => {
                format!("{} knocks down a stone wall (Wall Down/Rubble)", unit(g, *u))
            }
            SpecialEvent::LeaderMoved { leader: l, hex } => {
                format!("{} rides to {}", leader(g, *l), label(g, *hex))
            }
            SpecialEvent::Impetuous(us) => format!("{} units are declared impetuous", us.len()),
            SpecialEvent::ImpetuosityEnded => "impetuosity ends".to_string(),
            SpecialEvent::Alerted(ts) => {
                let names: Vec<&str> =
                    ts.iter().filter_map(|&i| TRIBES.get(usize::from(i))).map(|t| t.0).collect();
                format!("the camped {} are alerted (disordered)", names.join(", "))
            }
            SpecialEvent::DisorderEnded(i) => {
                format!(
                    "the {} are no longer disordered",
                    TRIBES.get(usize::from(*i)).map_or("", |t| t.0)
                )
            }
            SpecialEvent::Revealed { unit: u, at, why } => format!(
                "{} at {}, placed hidden, is revealed: {}",
                unit(g, *u),
                at.map_or_else(|| "off the map".to_string(), |h| label(g, h)),
                match why {
                    super::hidden::Reveal::RomanAdjacent => "a Roman unit stands adjacent",
                    super::hidden::Reveal::Moved => "it moves",
                    super::hidden::Reveal::Ordered => "it is given an order",
                    super::hidden::Reveal::Routed => "it routs",
                }
            ),
            SpecialEvent::ScorpionDestroyed { unit: u, tower, .. } => format!(
                "{} enters the tower at {}: its scorpion is destroyed",
                unit(g, *u),
                label(g, *tower)
            ),
        },
        // The engine's events read as the engine words them, with this
        // game's sections and labels.
        Happened::Rule(r) => narrate::sentence(&g.field, r),
    };
    Some(narrate::line(e, text))
}

/// One of the special rules' actions in words, for a player choosing
/// among them.
#[must_use]
pub fn own(g: &GergoviaSimplified, action: &Own) -> String {
    match action {
        Own::Enter { unit: u, hex } => {
            format!("{} enters at {} (Gallic Reinforcements)", unit(g, *u), label(g, *hex))
        }
        Own::ScaleWall { unit: u, to } => {
            format!("{} tries to go over the town wall into {}", unit(g, *u), label(g, *to))
        }
        Own::CrossStoneWall { unit: u, to } => {
            format!("{} crosses the stone wall into {}, then rolls", unit(g, *u), label(g, *to))
        }
        Own::KnockDownWall { unit: u, toward } => format!(
            "{} knocks down the stone wall toward {} (Wall Down/Rubble)",
            unit(g, *u),
            label(g, *toward)
        ),
        Own::LeaderTo { leader: l, hex } => {
            format!("{} rides to {}", leader(g, *l), label(g, *hex))
        }
        Own::Impetuosity => {
            "declare the activated tribe impetuous (Impetuosity, once in the game)".to_string()
        }
        Own::EnterTower { unit: u, tower } => format!(
            "{} enters the tower at {}: its scorpion is destroyed (10.1)",
            unit(g, *u),
            label(g, *tower)
        ),
    }
}
