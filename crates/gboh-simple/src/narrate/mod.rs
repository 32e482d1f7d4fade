//! Narration (the top layer, with the bots): each event of the engine's
//! rules ([`SimpleEvent`]) and of its protocol ([`TurnEvent`]) as a
//! sentence a player can follow, with hexes by their printed labels, units
//! by their counter ids, leaders by name, facings as clock positions and
//! the armies as the game names them ([`SimpleGame::army`]); [`line()`] adds
//! the played game's section and the dice. No event prints as a `Debug`
//! dump. A game narrates its own events itself and hands the engine's
//! here.
//!
//! ```
//! use gboh_core::game::Event;
//! use gboh_simple::doc_game::Tiny;
//! use gboh_simple::narrate::{line, sentence};
//! use gboh_simple::{Field, SimpleEvent, Uid};
//! let field: Field<Tiny> = Field::new(Tiny::roster());
//! let event = Event::new("10.5", SimpleEvent::HitsRemoved { unit: Uid(0), removed: 2 });
//! assert_eq!(line(&event, sentence(&field, &event.what)), "[10.5] Cohort removes 2 hits");
//! ```

mod action;
mod words;

pub use action::{Own, action, pending};

pub use words::{clock, hex, hexes, hit_outcome, hits, leader, roll, side, unit, units};

use std::fmt::Write as _;

use gboh_core::game::Event;
use gboh_core::table::ShockResult;

use crate::event::{ShotKind, SimpleEvent};
use crate::field::Field;
use crate::game::SimpleGame;
use crate::rule::Rule;
use crate::turn::{BattleEvent, TurnEvent};

/// One event as a line: `[rule] what happened (dice: 5)`, its sentence
/// given (the game's own events are the game's to word).
#[must_use]
pub fn line<E>(event: &Event<E>, sentence: String) -> String {
    let mut text = format!("[{}] {sentence}", event.rule);
    if !event.rolls.is_empty() {
        let faces: Vec<String> = event.rolls.iter().map(|r| r.face.to_string()).collect();
        let _ = write!(text, " (dice: {})", faces.join(", "));
    }
    text
}

/// A kind of shot in words, with the played game's section.
fn shot_kind<G: SimpleGame>(kind: ShotKind) -> String {
    let what = match kind {
        ShotKind::Active => "fire",
        ShotKind::HitAndRun => "Hit and Run fire, read at range 1",
        ShotKind::Retire => "Retire Reaction fire, read at range 2",
        ShotKind::Entry => "Entry Reaction fire, read at range 1",
        ShotKind::Return { range_one: false } => "Return Fire",
        ShotKind::Return { range_one: true } => "Return Fire against Hit and Run, read at range 1",
        ShotKind::FreeShot => "the artillery's free shot before shock",
    };
    format!("{what}, {}", G::section(kind.rule()))
}

/// A Shock Table result in words: `1/3R` reads `1 hit on the attackers, 3
/// hits on the defenders; the defenders retreat`.
fn shock_result<G: SimpleGame>(r: &ShockResult) -> String {
    let mut parts = vec![format!(
        "{} on the attackers, {} on the defenders",
        hits(r.attacker_hits),
        hits(r.defender_hits)
    )];
    let retreat = G::section(Rule::ShockRetreat);
    if r.attacker_retreats {
        parts.push(format!("the attackers retreat ({retreat})"));
    }
    if r.defender_retreats {
        parts.push(format!("the defenders retreat ({retreat})"));
    }
    if r.continued_shock {
        parts.push(format!("Continued Shock ({})", G::section(Rule::ContinuedShock)));
    }
    format!("{r}: {}", parts.join("; "))
}

/// Attacks are numbered from 1 in narration (the protocol's index plus one).
fn attack(a: u8) -> String {
    format!("attack {}", u16::from(a) + 1)
}

/// An engine rule's event as a sentence, without its rule or dice.
#[must_use]
#[allow(clippy::too_many_lines)] // one arm per event, each a sentence
pub fn sentence<G: SimpleGame>(field: &Field<G>, what: &SimpleEvent) -> String {
    use SimpleEvent as E;
    match what {
        E::Fired { unit: u, target, kind, range, hit_number, modifiers, modified, hit } => format!(
            "{} fires at {} ({}; range {range}, hits on {hit_number} or less): {}: {}",
            unit(field, *u),
            hex(field, *target),
            shot_kind::<G>(*kind),
            roll(modifiers, *modified),
            if *hit { "a hit" } else { "a miss" }
        ),
        E::Hits { unit: u, hits: n, outcome } => {
            format!("{} takes {} and {}", unit(field, *u), hits(*n), hit_outcome(*outcome, *n))
        }
        E::Eliminated { unit: u } => format!("{} is eliminated", unit(field, *u)),
        E::PreShockCheck { hex: h, tq, passed } => format!(
            "the defenders in {} take the Pre-Shock Check against TQ {tq}: {}",
            hex(field, *h),
            if *passed { "passed" } else { "failed" }
        ),
        E::Retreated { unit: u, from, to } => {
            format!("{} retreats {} -> {}", unit(field, *u), hex(field, *from), hex(field, *to))
        }
        E::Recovered { unit: u, recovered: true } => {
            format!("{} recovers to its reduced side", unit(field, *u))
        }
        E::Recovered { unit: u, recovered: false } => {
            format!("{} fails to recover and is eliminated", unit(field, *u))
        }
        E::HitsRemoved { unit: u, removed } => {
            format!("{} removes {}", unit(field, *u), hits(*removed))
        }
        E::ShockBegun => "movement and fire are over: shock begins".to_owned(),
        E::Declined => "the non-active player declines to fire in reaction".to_owned(),
        E::WeaponChosen { side: s, unit_type } => {
            format!("{} choose {unit_type} as their weapon system", side::<G>(*s))
        }
        E::AttackVoid { attack: a } => {
            format!("{} does not take place: no defender or attacker is left", attack(*a))
        }
        E::ShockEnded => "shock is over".to_owned(),
        E::ShockResolved { attack: a, modifiers, modified, result } => format!(
            "{} resolved on the Shock Table: {}: {}",
            attack(*a),
            roll(modifiers, *modified),
            shock_result::<G>(result)
        ),
        E::Designated { attack: a, attackers, defenders } => format!(
            "{} designated: {} against {}",
            attack(*a),
            units(field, attackers),
            hexes(field, defenders)
        ),
        E::NoRetreat { unit: u } => format!("{} cannot retreat", unit(field, *u)),
        E::Stood { unit: u } => format!("{} stands instead of retreating", unit(field, *u)),
        E::ContinuedShock { attack: a } => {
            format!("Continued Shock: the attackers attack again as {}", attack(*a))
        }
        E::Advanced { unit: u, to, facing } => {
            format!("{} advances to {}, faces {}", unit(field, *u), hex(field, *to), clock(*facing))
        }
        E::LeaderMoved { leader: l, to: Some(h) } => {
            format!("{} goes to {}", leader(field, *l), hex(field, *h))
        }
        E::LeaderMoved { leader: l, to: None } => {
            format!("{} leaves the map with his routed unit", leader(field, *l))
        }
        E::LeaderStayed { leader: l } => format!("{} stays where he is", leader(field, *l)),
        E::LeaderMayRetreat { leader: l, options } => format!(
            "{} is alone next to the enemy and may retreat, to {}",
            leader(field, *l),
            hexes(field, options)
        ),
        E::LeaderEliminated { leader: l } => {
            format!("{} is alone, cannot retreat and is eliminated", leader(field, *l))
        }
        E::Moved { unit: u, from, to, facing, mp, stopped_in_zoc } => {
            let start = from.map_or_else(|| "from off the map".to_owned(), |h| hex(field, h));
            let stop = if *stopped_in_zoc {
                format!(", and stops in an enemy zone of control ({})", G::section(Rule::ZocEntry))
            } else {
                String::new()
            };
            if *from == Some(*to) {
                format!(
                    "{} turns in {} to face {}{stop}",
                    unit(field, *u),
                    hex(field, *to),
                    clock(*facing)
                )
            } else {
                format!(
                    "{} moves {start} -> {} ({mp} MP), faces {}{stop}",
                    unit(field, *u),
                    hex(field, *to),
                    clock(*facing)
                )
            }
        }
        E::LeaderCheck { leader: l, killed } => format!(
            "{} checks for leader casualties: {}",
            leader(field, *l),
            if *killed { "killed" } else { "unharmed" }
        ),
    }
}

/// A protocol event as a sentence, without its rule or dice; `command`
/// words the game's commands.
#[must_use]
pub fn turn_sentence<G: SimpleGame, C>(
    field: &Field<G>,
    what: &TurnEvent<C>,
    command: impl Fn(&C) -> String,
) -> String {
    match what {
        TurnEvent::Seizure { leader: l, roll, initiative, seized } => format!(
            "{} attempts Turn Seizure: rolls {roll} against Initiative {initiative}: {}",
            leader(field, *l),
            if *seized { "seized" } else { "fails" }
        ),
        TurnEvent::Activated { side: s, command: c } => {
            format!("{} activate {}", side::<G>(*s), command(c))
        }
        TurnEvent::NotActivated { side: s, command: c, roll } => {
            format!("{} fail to activate {} (rolled {roll})", side::<G>(*s), command(c))
        }
        TurnEvent::Passed { side: s } => {
            format!("{} have nothing to activate and pass", side::<G>(*s))
        }
        TurnEvent::MovementOver { unit: u } => {
            format!("{}'s movement is over: another unit moves", unit(field, *u))
        }
        TurnEvent::ActivationEnded { next } => {
            format!("the Activation Phase ends; {} act next", side::<G>(*next))
        }
        TurnEvent::PeriodEnded { period } => {
            format!("period {period} is over: the Recovery Phase follows")
        }
        TurnEvent::GameOver(outcome) => match outcome.winner {
            Some(s) => format!("the game is over: {} win ({})", side::<G>(s), outcome.reason),
            None => format!("the game is over: a draw ({})", outcome.reason),
        },
    }
}

/// A [`BattleEvent`] as a line: `[rule] what happened (dice: 5)`, with
/// `command` wording the game's commands.
#[must_use]
pub fn battle_line<G: SimpleGame, C>(
    field: &Field<G>,
    event: &Event<BattleEvent<C>>,
    command: impl Fn(&C) -> String,
) -> String {
    let told = match &event.what {
        BattleEvent::Rule(what) => sentence(field, what),
        BattleEvent::Turn(what) => turn_sentence(field, what, command),
    };
    line(event, told)
}
