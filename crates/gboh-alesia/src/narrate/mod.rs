//! Narration: each event as a sentence a player can follow, citing its rule
//! and its dice, with hexes by their printed labels (`W5314`), units by their
//! counter ids, leaders by name, facings as clock positions and the sides as
//! the Romans and the Gauls. No event prints as a `Debug` dump.
//!
//! ```no_run
//! use gboh_alesia::narrate;
//! use gboh_alesia::playthrough::Playthrough;
//! use gboh_alesia::scenario::ScenarioId;
//!
//! let mut play = Playthrough::new(ScenarioId::FinalAssault, 1)?;
//! let mut events = Vec::new();
//! play.step(&mut events)?;
//! for event in &events {
//!     // e.g. "[6.31] Santones-2 moves W5314 -> W5112 (4 MP), faces 12 o'clock"
//!     println!("{}", narrate::line(play.game.state(), event));
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`action()`] reads a decision the same way (`move Santones-2 to W5112,
//! facing 12 o'clock (6.31)`), for a list of legal actions a person chooses
//! from; [`log`] writes an action log with hexes as map labels, and reads it
//! back.

mod action;
mod combat;
pub mod log;
mod movement;

use std::collections::BTreeMap;

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use gboh_core::game::Event;
use gboh_core::table::Modifiers;
use gboh_core::unit::HitOutcome;
use hexx::Hex;

pub use action::action;

use crate::command::Command;
use crate::game::{CounterIdx, LegionIdx, Lid, Uid};
use crate::protocol::{Alesia, AlesiaEvent};

/// A hex's printed label (`W3911`); a hex off the printed map as its axial
/// coordinates, `(55, -9)`.
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

/// A Tribal or Cavalry Counter's id.
#[must_use]
pub fn counter(game: &Alesia, c: CounterIdx) -> String {
    game.setup()
        .counters
        .get(c.index())
        .map_or_else(|| format!("counter {}", c.0), |x| x.id.clone())
}

/// A legion's name (`Legio X`).
#[must_use]
pub fn legion(game: &Alesia, l: LegionIdx) -> String {
    let name = game
        .setup()
        .mix
        .legions()
        .get(l.index())
        .map_or_else(|| format!("{}", l.0), |x| x.id.clone());
    format!("Legio {name}")
}

/// A side by name: `the Romans` or `the Gauls`.
#[must_use]
pub const fn side(s: Side) -> &'static str {
    match s {
        Side::Roman => "the Romans",
        Side::Adversary => "the Gauls",
    }
}

/// A facing as the clock position the counter's top points to (7.11).
#[must_use]
pub const fn clock(f: Facing) -> &'static str {
    f.clock()
}

/// A hexside direction in words (`north-east`).
#[must_use]
pub const fn direction(d: Direction) -> &'static str {
    match d {
        Direction::NE => "north-east",
        Direction::E => "east",
        Direction::SE => "south-east",
        Direction::SW => "south-west",
        Direction::W => "west",
        Direction::NW => "north-west",
    }
}

/// A list of hexes by label: `W3911, W4011`.
fn hexes(game: &Alesia, hs: &[Hex]) -> String {
    if hs.is_empty() {
        return "no hex".to_owned();
    }
    hs.iter().map(|&h| hex(game, h)).collect::<Vec<_>>().join(", ")
}

/// A list of units by counter id: `X-1, X-2`.
fn units(game: &Alesia, us: &[Uid]) -> String {
    if us.is_empty() {
        return "no unit".to_owned();
    }
    us.iter().map(|&u| unit(game, u)).collect::<Vec<_>>().join(", ")
}

/// `1 hit`, `3 hits`.
fn hits(n: u8) -> String {
    if n == 1 { "1 hit".to_owned() } else { format!("{n} hits") }
}

/// What absorbing `n` hits did (10.13, 10.14), as the end of a sentence.
const fn hit_outcome(o: HitOutcome, n: u8) -> &'static str {
    match o {
        HitOutcome::Absorbed if n == 1 => "absorbs it",
        HitOutcome::Absorbed => "absorbs them",
        HitOutcome::Routed => "routs (10.13)",
        HitOutcome::Eliminated => "is eliminated (10.14)",
    }
}

/// Every modifier with its section, or `no modifiers`.
fn modifiers(m: &Modifiers) -> String {
    if m.iter().next().is_none() { "no modifiers".to_owned() } else { m.to_string() }
}

/// A command in words.
#[must_use]
pub fn command(game: &Alesia, c: &Command) -> String {
    match c {
        Command::Legion(l) => legion(game, *l),
        Command::Auxiliaries(l) => format!("the auxiliaries of {}", leader(game, *l)),
        Command::RomanCavalry(l) => format!("the cavalry of {}", leader(game, *l)),
        Command::Tribes(l, cs) => format!(
            "{} with {}",
            leader(game, *l),
            cs.iter().map(|&c| counter(game, c)).collect::<Vec<_>>().join(", ")
        ),
        Command::GallicCavalry(l) => format!("the Gallic cavalry of {}", leader(game, *l)),
        Command::AlesiaForce => "the Alesia Force".into(),
        Command::Commanders(s) => {
            let who = match s {
                Side::Roman => "Roman",
                Side::Adversary => "Gallic",
            };
            format!("the {who} Overall and Area Commanders (6.13)")
        }
    }
}

/// One event as a line: `[rule] what happened (dice: 5)`.
///
/// Every variant of [`AlesiaEvent`], and of the movement and combat events
/// inside it, reads as a sentence; the dice rolled for the event close the
/// line. A [`Narrator`] fed every event of a game says a little more (a
/// resolved attack names its attackers).
#[must_use]
pub fn line(game: &Alesia, event: &Event<AlesiaEvent>) -> String {
    format!("[{}] {}{}", event.rule, sentence(game, &event.what), dice(event))
}

/// What happened, as a sentence without its rule or dice.
#[must_use]
pub fn sentence(game: &Alesia, what: &AlesiaEvent) -> String {
    sentence_with(game, what, None)
}

/// The attacks of this shock (9.21, 10.3), by index, as a [`Narrator`]
/// heard of them: `IX-5 against W4913`, or `Continued Shock`.
type Attacks = BTreeMap<u8, String>;

/// A narrator that remembers what earlier events said, so that later ones
/// can say it again: a resolved attack (9.25) names its attackers and the
/// hexes they attack, from its designation (9.21), which the Shock Table's
/// event does not carry (a Continued Shock attack, 10.3, is named as such:
/// its event carries neither). Feed it every event of a game, in order.
///
/// ```no_run
/// use gboh_alesia::narrate::Narrator;
/// use gboh_alesia::playthrough::Playthrough;
/// use gboh_alesia::scenario::ScenarioId;
///
/// let mut play = Playthrough::new(ScenarioId::FinalAssault, 1)?;
/// let mut narrator = Narrator::new();
/// let mut events = Vec::new();
/// while play.step(&mut events)? {
///     for event in events.drain(..) {
///         // e.g. "[9.25] attack 1 (IX-5 against W4913) resolved on the Shock Table: ..."
///         println!("{}", narrator.line(play.game.state(), &event));
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Narrator {
    attacks: Attacks,
}

impl Narrator {
    /// A narrator that has heard nothing yet.
    #[must_use]
    pub fn new() -> Narrator {
        Narrator::default()
    }

    /// `event` as [`line()`] tells it, with what earlier events said.
    pub fn line(&mut self, game: &Alesia, event: &Event<AlesiaEvent>) -> String {
        let text = format!(
            "[{}] {}{}",
            event.rule,
            sentence_with(game, &event.what, Some(&self.attacks)),
            dice(event)
        );
        self.hear(game, &event.what);
        text
    }

    /// Remembers what `what` says for later events.
    fn hear(&mut self, game: &Alesia, what: &AlesiaEvent) {
        use crate::combat::{CombatEvent::Family, SimpleEvent as F};
        match what {
            AlesiaEvent::Combat(Family(F::Designated { attack, attackers, defenders })) => {
                self.attacks.insert(*attack, combat::designation(game, attackers, defenders));
            }
            // The event does not say who attacks again, nor where (10.3).
            AlesiaEvent::Combat(Family(F::ContinuedShock { attack })) => {
                self.attacks.insert(*attack, "Continued Shock".to_owned());
            }
            // Attack numbers start again with each shock (9.2).
            AlesiaEvent::Combat(Family(F::ShockBegun | F::ShockEnded))
            | AlesiaEvent::ActivationEnded { .. } => self.attacks.clear(),
            _ => {}
        }
    }
}

/// ` (dice: 3, 7)`, or nothing.
fn dice(event: &Event<AlesiaEvent>) -> String {
    if event.rolls.is_empty() {
        String::new()
    } else {
        format!(
            " (dice: {})",
            event.rolls.iter().map(|r| r.face.to_string()).collect::<Vec<_>>().join(", ")
        )
    }
}

fn sentence_with(game: &Alesia, what: &AlesiaEvent, known: Option<&Attacks>) -> String {
    match what {
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
        AlesiaEvent::AlesiaForceHeld { roll } => {
            format!("the Alesia Force fails to come out (rolled {roll}, needs 0-6)")
        }
        AlesiaEvent::TribeAssigned { counter: c, area } => {
            format!("{} assigned to Entry Area {area}", counter(game, *c))
        }
        AlesiaEvent::EntryAttempt { area, roll, arrived } => format!(
            "the tribes of Entry Area {area} {}{}",
            if *arrived { "arrive" } else { "fail to arrive: the activation is lost (5.34)" },
            roll.map_or_else(|| " (automatic)".to_owned(), |r| format!(" (rolled {r})"))
        ),
        AlesiaEvent::JoinedTribe { unit: u, counter: c } => format!(
            "{} is outside both walls at the end of the Assault Period and joins the tribe of {}",
            unit(game, *u),
            counter(game, *c)
        ),
        AlesiaEvent::Redeployed { unit: u, to } => {
            format!("{} redeploys to {}", unit(game, *u), hex(game, *to))
        }
        AlesiaEvent::RedeploymentEnded { kept } => {
            if *kept {
                "the Roman redeployment ends: the deployment of the start of the period stands"
                    .to_owned()
            } else {
                "the Roman redeployment ends".to_owned()
            }
        }
        AlesiaEvent::Activated { side: s, command: c } => {
            format!("{} activate {}", side(*s), command(game, c))
        }
        AlesiaEvent::Move(m) => movement::sentence(game, m),
        AlesiaEvent::Combat(c) => combat::sentence(game, c, known),
        AlesiaEvent::GaulsRetire { withdrawn, committed } => {
            format!("the Gauls retire: {withdrawn} of {committed} committed Size points withdrawn")
        }
        AlesiaEvent::NoDefendersLeft => {
            "no Roman unit is left on the map in formation: the Assault Period is over".to_owned()
        }
        AlesiaEvent::FillWorn { counters } => {
            format!("the Fill falls apart: {counters} Fill counters each drop by one")
        }
        AlesiaEvent::GameOver(o) => {
            let reason = o.reason.strip_prefix("11.0: ").unwrap_or(&o.reason);
            format!("game over: {} win: {reason}", side(o.winner))
        }
        AlesiaEvent::LeaderRode { leader: l, to } => {
            format!("{} rides with his unit to {}", leader(game, *l), hex(game, *to))
        }
        AlesiaEvent::LeaderRetreated { leader: l, to } => {
            format!("{}, alone by the enemy, retreats to {}", leader(game, *l), hex(game, *to))
        }
        AlesiaEvent::ActivationEnded { next } => {
            format!("the activation ends; {} act next", side(*next))
        }
        AlesiaEvent::Turn(t) => {
            gboh_simple::narrate::turn_sentence(&game.field, t, |c| command(game, c))
        }
    }
}

/// Rewrites a `Debug` text so that hexes read as labels and pieces as names:
/// `Hex { x: 1, y: 2 }` -> `W0102`, `Uid(3)` -> `X-4`, `Lid(0)` -> `Caesar`.
///
/// For texts that have no sentence of their own (an action's `Debug` form);
/// events have [`line()`].
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
                _ => legion(game, LegionIdx(n.parse().ok()?)),
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
