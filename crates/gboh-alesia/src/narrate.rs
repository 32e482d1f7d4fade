//! Narration: each event as a line a player can follow, citing its rule and
//! its dice, with hexes by their printed labels and pieces by their names.

use gboh_core::game::Event;
use hexx::Hex;

use crate::command::Command;
use crate::game::{CounterIdx, LegionIdx, Lid, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

/// A hex's printed label (`W3911`).
#[must_use]
pub fn hex(game: &Alesia, h: Hex) -> String {
    game.setup().board.label(h).map_or_else(|| format!("({}, {})", h.x, h.y), |l| l.to_string())
}

/// A unit's counter id (`X-1`).
#[must_use]
pub fn unit(game: &Alesia, u: Uid) -> String {
    game.setup().unit(u).map_or_else(|| format!("unit {}", u.0), |i| i.id.clone())
}

/// A leader's name.
#[must_use]
pub fn leader(game: &Alesia, l: Lid) -> String {
    game.setup().leader(l).map_or_else(|| format!("leader {}", l.0), |x| x.id.to_string())
}

fn counter(game: &Alesia, c: CounterIdx) -> String {
    game.setup()
        .counters
        .get(c.index())
        .map_or_else(|| format!("counter {}", c.0), |x| x.id.clone())
}

fn legion(game: &Alesia, l: LegionIdx) -> String {
    game.setup()
        .mix
        .legions()
        .get(l.index())
        .map_or_else(|| format!("legion {}", l.0), |x| x.id.clone())
}

/// A command in words.
#[must_use]
pub fn command(game: &Alesia, c: &Command) -> String {
    match c {
        Command::Legion(l) => format!("Legio {}", legion(game, *l)),
        Command::Auxiliaries(l) => format!("the auxiliaries of {}", leader(game, *l)),
        Command::RomanCavalry(l) => format!("the cavalry of {}", leader(game, *l)),
        Command::Tribes(l, cs) => format!(
            "{} with {}",
            leader(game, *l),
            cs.iter().map(|&c| counter(game, c)).collect::<Vec<_>>().join(", ")
        ),
        Command::GallicCavalry(l) => format!("the Gallic cavalry of {}", leader(game, *l)),
        Command::AlesiaForce => "the Alesia Force".into(),
        Command::Commanders(side) => format!("the {side:?} Overall and Area Commanders (6.13)"),
    }
}

/// One event as a line: `[rule] what happened (dice: 5)`.
#[must_use]
pub fn line(game: &Alesia, event: &Event<AlesiaEvent>) -> String {
    let what = match &event.what {
        AlesiaEvent::Seizure { leader: l, roll, initiative, seized } => format!(
            "{} attempts Turn Seizure: {} against Initiative {initiative}: {}",
            leader(game, *l),
            roll.map_or_else(|| "automatic".to_owned(), |r| format!("rolls {r}")),
            if *seized { "seized" } else { "fails" }
        ),
        AlesiaEvent::CounterPlaced(p) => format!(
            "{} placed in {}{}",
            counter(game, p.counter),
            hex(game, p.hex),
            p.chieftain.map(|l| format!(" with {}", leader(game, l))).unwrap_or_default()
        ),
        AlesiaEvent::TribeAssigned { counter: c, area } => {
            format!("{} assigned to Entry Area {area}", counter(game, *c))
        }
        AlesiaEvent::EntryAttempt { area, roll, arrived } => format!(
            "the tribes of Entry Area {area} {}{}",
            if *arrived { "arrive" } else { "fail to arrive: the activation is lost (5.34)" },
            roll.map_or_else(|| " (automatic)".to_owned(), |r| format!(" (rolled {r})"))
        ),
        AlesiaEvent::AlesiaForceHeld { roll } => {
            format!("the Alesia Force fails to come out (rolled {roll}, needs 0-6)")
        }
        AlesiaEvent::Activated { side, command: c } => {
            format!("{side:?} activates {}", command(game, c))
        }
        AlesiaEvent::GaulsRetire { withdrawn, committed } => {
            format!("the Gauls retire: {withdrawn} of {committed} committed Size points withdrawn")
        }
        AlesiaEvent::NoDefendersLeft => {
            "no Roman unit is left on the map in formation: the Assault Period is over".to_owned()
        }
        AlesiaEvent::FillWorn { counters } => {
            format!("the Fill falls apart: {counters} Fill counters each drop by one")
        }
        AlesiaEvent::GameOver(o) => format!("game over: {:?} win. {}", o.winner, o.reason),
        AlesiaEvent::ActivationEnded { next } => format!("activation ends; {next:?} to act"),
        // No `if let` guard: they are newer than the declared rust-version (1.88).
        AlesiaEvent::Combat(c) => {
            leader_line(game, c).unwrap_or_else(|| humanize(game, &format!("{:?}", event.what)))
        }
        other => humanize(game, &format!("{other:?}")),
    };
    let dice = if event.rolls.is_empty() {
        String::new()
    } else {
        format!(
            " (dice: {})",
            event.rolls.iter().map(|r| r.face.to_string()).collect::<Vec<_>>().join(", ")
        )
    };
    format!("[{}] {what}{dice}", event.rule)
}

/// The leaders' combat events (4.32-4.35, 10.26, 10.46) in words.
fn leader_line(game: &Alesia, event: &crate::combat::CombatEvent) -> Option<String> {
    use crate::combat::CombatEvent as E;
    Some(match event {
        E::LeaderMoved { leader: l, to: Some(h) } => {
            format!("{} goes to {}", leader(game, *l), hex(game, *h))
        }
        E::LeaderMoved { leader: l, to: None } => {
            format!("{} routs with his unit to the Gallic Camp", leader(game, *l))
        }
        E::LeaderStayed { leader: l } => format!("{} stays where he is", leader(game, *l)),
        E::LeaderMayRetreat { leader: l, options } => format!(
            "{} is alone next to the enemy and may retreat up to three hexes ({} hexes open)",
            leader(game, *l),
            options.len()
        ),
        E::LeaderEliminated { leader: l } => {
            format!("{} is alone, cannot retreat and is eliminated", leader(game, *l))
        }
        E::LeaderReturned { leader: l, to } => {
            format!("{} returns to the field in {}", leader(game, *l), hex(game, *to))
        }
        _ => return None,
    })
}

/// Rewrites a `Debug` text so that hexes read as labels and pieces as names:
/// `Hex { x: 1, y: 2 }` -> `W0102`, `Uid(3)` -> `X-4`, `Lid(0)` -> `Caesar`.
#[must_use]
pub fn humanize(game: &Alesia, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while !rest.is_empty() {
        if let Some((h, len)) = parse_hex(rest) {
            out.push_str(&hex(game, h));
            rest = rest.get(len..).unwrap_or("");
            continue;
        }
        if let Some((name, len)) = parse_id(game, rest) {
            out.push_str(&name);
            rest = rest.get(len..).unwrap_or("");
            continue;
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

/// A `Debug`-printed hex, `Hex { x: 1, y: 2 }` or, as hexx prints it,
/// `Hex { x: 1, y: 2, z: -3 }`, and the length of its text.
fn parse_hex(s: &str) -> Option<(Hex, usize)> {
    let body = s.strip_prefix("Hex { x: ")?;
    let (x, after) = body.split_once(", y: ")?;
    let (inner, _) = after.split_once(" }")?;
    let y = inner.split_once(", z: ").map_or(inner, |(y, _)| y);
    let len = "Hex { x: ".len() + x.len() + ", y: ".len() + inner.len() + " }".len();
    Some((Hex::new(x.parse().ok()?, y.parse().ok()?), len))
}

fn parse_id(game: &Alesia, s: &str) -> Option<(String, usize)> {
    for (prefix, kind) in [("Uid(", 0), ("Lid(", 1), ("CounterIdx(", 2), ("LegionIdx(", 3)] {
        if let Some(body) = s.strip_prefix(prefix) {
            let (n, _) = body.split_once(')')?;
            let len = prefix.len() + n.len() + 1;
            let name = match kind {
                0 => unit(game, Uid(n.parse().ok()?)),
                1 => leader(game, Lid(n.parse().ok()?)),
                2 => counter(game, CounterIdx(n.parse().ok()?)),
                _ => format!("Legio {}", legion(game, LegionIdx(n.parse().ok()?))),
            };
            return Some((name, len));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::parse_hex;
    use hexx::Hex;

    #[test]
    fn hexes_print_with_or_without_their_third_coordinate() {
        let h = Hex::new(55, -9);
        let text = format!("{h:?} rest");
        assert_eq!(parse_hex(&text), Some((h, text.len() - " rest".len())));
        assert_eq!(parse_hex("Hex { x: 55, y: -9 } rest"), Some((h, 20)));
        assert_eq!(parse_hex("Hex { x: 55 }"), None);
    }
}
