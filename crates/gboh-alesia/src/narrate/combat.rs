//! The combat events (4.32-4.35, 8.0-10.8) as sentences. Fire and shock list
//! every modifier with its section, the total and the modified roll (the die
//! itself closes the line, `(dice: 3)`), and the result in words.

use gboh_core::table::{ModifiedRoll, Modifiers, ShockResult};

use super::Attacks;
use super::{hex, hexes, hits, leader, legion, modifiers, side, unit, units};
use crate::combat::missile::ShotKind;
use crate::combat::{CombatEvent, SimpleEvent};
use crate::protocol::Alesia;

/// A kind of shot in words, with its section (8.11-8.64).
fn shot_kind(kind: ShotKind) -> String {
    let what = match kind {
        ShotKind::Active => "fire",
        ShotKind::HitAndRun => "Hit and Run fire, read at range 1",
        ShotKind::Retire => "Retire Reaction fire, read at range 2",
        ShotKind::Entry => "Entry Reaction fire, read at range 1",
        ShotKind::Return { range_one: false } => "Return Fire",
        ShotKind::Return { range_one: true } => "Return Fire against Hit and Run, read at range 1",
        ShotKind::FreeShot => "the artillery's free shot before shock",
    };
    format!(
        "{what}, {}",
        <crate::game::SiegeOfAlesia as gboh_simple::SimpleGame>::section(kind.rule())
    )
}

/// `+1 target in the open (8.17); -1 ... (8.17): total +0, modified roll 4`.
fn roll(m: &Modifiers, modified: ModifiedRoll) -> String {
    format!("{}: total DRM {}, modified roll {modified}", modifiers(m), m.total())
}

/// A Shock Table result in words (9.4, 10.1-10.3): `1/3R CS` reads
/// `1 hit on the attackers, 3 hits on the defenders; the defenders retreat;
/// Continued Shock`.
fn shock_result(r: &ShockResult) -> String {
    let mut parts = vec![format!(
        "{} on the attackers, {} on the defenders",
        hits(r.attacker_hits),
        hits(r.defender_hits)
    )];
    if r.attacker_retreats {
        parts.push("the attackers retreat (10.2)".to_owned());
    }
    if r.defender_retreats {
        parts.push("the defenders retreat (10.2)".to_owned());
    }
    if r.continued_shock {
        parts.push("Continued Shock (10.3)".to_owned());
    }
    format!("{r}: {}", parts.join("; "))
}

/// Attacks are numbered from 1 in narration (the protocol's index plus one).
fn attack(a: u8) -> String {
    format!("attack {}", u16::from(a) + 1)
}

/// `attack 1`, or with what a [`super::Narrator`] remembers of it:
/// `attack 1 (IX-5 against W4913)`, `attack 3 (Continued Shock)`.
fn attack_named(a: u8, known: Option<&Attacks>) -> String {
    match known.and_then(|k| k.get(&a)) {
        Some(what) => format!("{} ({what})", attack(a)),
        None => attack(a),
    }
}

/// What a [`super::Narrator`] remembers of a designation (9.21).
pub(super) fn designation(
    game: &Alesia,
    attackers: &[crate::game::Uid],
    defenders: &[hexx::Hex],
) -> String {
    format!("{} against {}", units(game, attackers), hexes(game, defenders))
}

/// A combat event as a sentence, without its rule or dice; `known` names
/// the attacks designated earlier in the activation.
pub(super) fn sentence(game: &Alesia, event: &CombatEvent, known: Option<&Attacks>) -> String {
    use CombatEvent as E;
    match event {
        E::Family(what) => family(game, what, known),
        E::Flame { unit: u, target, modifiers: m, modified, success } => format!(
            "{} shoots flaming arrows at {}: {}: {}",
            unit(game, *u),
            hex(game, *target),
            roll(m, *modified),
            if *success { "it catches fire" } else { "no fire" }
        ),
        E::Routed { unit: u, to: Some(h) } => {
            format!("{} routs to {}", unit(game, *u), hex(game, *h))
        }
        E::Routed { unit: u, to: None } => {
            format!("{} routs off the map to the Gallic Camp (10.44)", unit(game, *u))
        }
        E::LeaderReturned { leader: l, to } => {
            format!("{} returns to the field in {}", leader(game, *l), hex(game, *to))
        }
        E::Disordered { unit: u } => format!("{} is Disordered", unit(game, *u)),
        E::SetOnFire { hex: h } => format!("{} is set On Fire", hex(game, *h)),
        E::FireFought { hex: h, out } => format!(
            "the Romans fight the fire in {}: {}",
            hex(game, *h),
            if *out { "it is out" } else { "it still burns" }
        ),
        E::BurnCheck { hex: h, burnt } => format!(
            "the fire in {} {}",
            hex(game, *h),
            if *burnt { "burns it down to Rubble" } else { "burns on" }
        ),
        E::FillBurnt { hex: h } => format!("the Fill in {} burns away", hex(game, *h)),
        E::ModeChanged { unit: u, fire } => {
            format!("{} changes to {} mode", unit(game, *u), if *fire { "Fire" } else { "Move" })
        }
        E::AquilaPlaced { legion: l, hex: h } => {
            format!("the Aquila of {} is placed in {}", legion(game, *l), hex(game, *h))
        }
        E::AquilaMoved { legion: l, to } => format!(
            "the Aquila of {} retreats with its unit to {}",
            legion(game, *l),
            hex(game, *to)
        ),
        E::AquilaCaptured { legion: l, hex: h } => {
            format!("the Aquila of {} is captured in {}", legion(game, *l), hex(game, *h))
        }
        E::Withdrawn { tribe } => {
            if tribe == "Alesia" {
                "the Alesia Force is withdrawn".to_owned()
            } else {
                format!("the tribe of {tribe} is withdrawn")
            }
        }
    }
}

/// One of the family's events: in the engine's words
/// ([`gboh_simple::narrate::sentence`]), except where Alesia says more (the
/// attack a Narrator remembers, 10.62's recovery, 10.24's Rampart, 10.44's
/// Gallic Camp, 4.33's three hexes, the armies' names).
fn family(game: &Alesia, event: &SimpleEvent, known: Option<&Attacks>) -> String {
    use SimpleEvent as F;
    match event {
        F::Fired { unit: u, target, kind, range, hit_number, modifiers: m, modified, hit } => {
            format!(
                "{} fires at {} ({}; range {range}, hits on {hit_number} or less): {}: {}",
                unit(game, *u),
                hex(game, *target),
                shot_kind(*kind),
                roll(m, *modified),
                if *hit { "a hit" } else { "a miss" }
            )
        }
        F::ShockResolved { attack: a, modifiers: m, modified, result } => format!(
            "{} resolved on the Shock Table: {}: {}",
            attack_named(*a, known),
            roll(m, *modified),
            shock_result(result)
        ),
        F::AttackVoid { attack: a } => {
            format!(
                "{} does not take place: no defender or attacker is left",
                attack_named(*a, known)
            )
        }
        F::Recovered { unit: u, recovered } => {
            if *recovered {
                format!("{} recovers to its reduced side (10.62)", unit(game, *u))
            } else {
                format!("{} fails to recover and is eliminated (10.63)", unit(game, *u))
            }
        }
        F::Stood { unit: u } => {
            format!("{} stands on the Rampart instead of retreating", unit(game, *u))
        }
        F::LeaderMoved { leader: l, to: Some(h) } => {
            format!("{} goes to {}", leader(game, *l), hex(game, *h))
        }
        F::LeaderMoved { leader: l, to: None } => {
            format!("{} routs with his unit to the Gallic Camp", leader(game, *l))
        }
        F::LeaderMayRetreat { leader: l, options } => format!(
            "{} is alone next to the enemy and may retreat up to three hexes, to {}",
            leader(game, *l),
            hexes(game, options)
        ),
        F::WeaponChosen { side: s, unit_type } => {
            format!("{} choose {unit_type} as their weapon system", side(*s))
        }
        _ => gboh_simple::narrate::sentence(&game.field, event),
    }
}
