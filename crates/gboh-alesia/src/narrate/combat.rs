//! The combat events (4.32-4.35, 8.0-10.8) as sentences. Fire and shock list
//! every modifier with its section, the total and the modified roll (the die
//! itself closes the line, `(dice: 3)`), and the result in words.

use gboh_core::table::{ModifiedRoll, Modifiers, ShockResult};

use super::Attacks;
use super::{hex, hexes, hit_outcome, hits, leader, legion, modifiers, side, unit, units};
use crate::combat::CombatEvent;
use crate::combat::missile::ShotKind;
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
#[allow(clippy::too_many_lines)] // one arm per event, each a sentence
pub(super) fn sentence(game: &Alesia, event: &CombatEvent, known: Option<&Attacks>) -> String {
    use CombatEvent as E;
    match event {
        E::Fired { unit: u, target, kind, range, hit_number, modifiers: m, modified, hit } => {
            format!(
                "{} fires at {} ({}; range {range}, hits on {hit_number} or less): {}: {}",
                unit(game, *u),
                hex(game, *target),
                shot_kind(*kind),
                roll(m, *modified),
                if *hit { "a hit" } else { "a miss" }
            )
        }
        E::Flame { unit: u, target, modifiers: m, modified, success } => format!(
            "{} shoots flaming arrows at {}: {}: {}",
            unit(game, *u),
            hex(game, *target),
            roll(m, *modified),
            if *success { "it catches fire" } else { "no fire" }
        ),
        E::Hits { unit: u, hits: n, outcome } => {
            format!("{} takes {} and {}", unit(game, *u), hits(*n), hit_outcome(*outcome, *n))
        }
        E::Routed { unit: u, to: Some(h) } => {
            format!("{} routs to {}", unit(game, *u), hex(game, *h))
        }
        E::Routed { unit: u, to: None } => {
            format!("{} routs off the map to the Gallic Camp (10.44)", unit(game, *u))
        }
        E::Eliminated { unit: u } => format!("{} is eliminated", unit(game, *u)),
        E::LeaderCheck { leader: l, killed } => format!(
            "{} checks for leader casualties: {}",
            leader(game, *l),
            if *killed { "killed" } else { "unharmed" }
        ),
        E::LeaderMoved { leader: l, to: Some(h) } => {
            format!("{} goes to {}", leader(game, *l), hex(game, *h))
        }
        E::LeaderMoved { leader: l, to: None } => {
            format!("{} routs with his unit to the Gallic Camp", leader(game, *l))
        }
        E::LeaderStayed { leader: l } => format!("{} stays where he is", leader(game, *l)),
        E::LeaderMayRetreat { leader: l, options } => format!(
            "{} is alone next to the enemy and may retreat up to three hexes, to {}",
            leader(game, *l),
            hexes(game, options)
        ),
        E::LeaderEliminated { leader: l } => {
            format!("{} is alone, cannot retreat and is eliminated", leader(game, *l))
        }
        E::LeaderReturned { leader: l, to } => {
            format!("{} returns to the field in {}", leader(game, *l), hex(game, *to))
        }
        E::Retreated { unit: u, from, to } => {
            format!("{} retreats {} -> {}", unit(game, *u), hex(game, *from), hex(game, *to))
        }
        E::NoRetreat { unit: u } => format!("{} cannot retreat", unit(game, *u)),
        E::Stood { unit: u } => {
            format!("{} stands on the Rampart instead of retreating", unit(game, *u))
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
        E::HitsRemoved { unit: u, removed } => {
            format!("{} removes {}", unit(game, *u), hits(*removed))
        }
        E::Recovered { unit: u, recovered } => {
            if *recovered {
                format!("{} recovers to its reduced side (10.62)", unit(game, *u))
            } else {
                format!("{} fails to recover and is eliminated (10.63)", unit(game, *u))
            }
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
        E::Declined => "the non-active player declines to fire in reaction".to_owned(),
        E::ShockBegun => "movement and fire are over: shock begins".to_owned(),
        E::Designated { attack: a, attackers, defenders } => {
            format!("{} designated: {}", attack(*a), designation(game, attackers, defenders))
        }
        E::PreShockCheck { hex: h, tq, passed } => format!(
            "the defenders in {} take the Pre-Shock Check against TQ {tq}: {}",
            hex(game, *h),
            if *passed { "passed" } else { "failed" }
        ),
        E::WeaponChosen { side: s, unit_type } => {
            format!("{} choose {unit_type} as their weapon system", side(*s))
        }
        E::ShockResolved { attack: a, modifiers: m, modified, result } => format!(
            "{} resolved on the Shock Table: {}: {}",
            attack_named(*a, known),
            roll(m, *modified),
            shock_result(result)
        ),
        E::AttackVoid { attack: a } => {
            format!(
                "{} does not take place: no defender or attacker is left",
                attack_named(*a, known)
            )
        }
        E::ContinuedShock { attack: a } => {
            format!("Continued Shock: the attackers attack again as {}", attack(*a))
        }
        E::Advanced { unit: u, to, facing } => format!(
            "{} advances to {}, faces {}",
            unit(game, *u),
            hex(game, *to),
            super::clock(*facing)
        ),
        E::ShockEnded => "shock is over".to_owned(),
        E::Withdrawn { tribe } => {
            if tribe == "Alesia" {
                "the Alesia Force is withdrawn".to_owned()
            } else {
                format!("the tribe of {tribe} is withdrawn")
            }
        }
    }
}
