//! The words the narration shares: counters by id, leaders by name, armies,
//! clock facings, and the small phrases of several sentences.

use gboh_core::Side;
use gboh_core::facing::Facing;

use crate::command::MomentumOutcome;
use crate::protocol::Outcome;
use crate::rally::RallyOutcome;
use crate::shock::Superiority;
use crate::state::Field;
use crate::tables::{CasualtyEffect, Doom};

pub(super) fn unit(field: &Field, u: usize) -> String {
    field.def(u).map_or_else(|| format!("unit {u}"), |d| d.id.to_string())
}

pub(super) fn leader(field: &Field, l: usize) -> String {
    field.leader_def(l).map_or_else(|| format!("leader {l}"), |d| d.name.clone())
}

/// A side's army by name, in the singular: `the Roman army`, or the other
/// army by its Overall Commander
/// (SPQR 4.4, as the scenario names him): `the army of Ariovistus`.
#[must_use]
pub fn side(field: &Field, s: Side) -> String {
    match s {
        Side::Roman => "the Roman army".to_owned(),
        Side::Adversary => field
            .scenario
            .leaders
            .iter()
            .find(|l| l.side == Side::Adversary && l.overall)
            .map_or_else(|| "the enemy army".to_owned(), |l| format!("the army of {}", l.name)),
    }
}

/// A facing as the clock position the counter's top points to.
#[must_use]
pub const fn clock(f: Facing) -> &'static str {
    f.clock()
}

/// A direction as the clock position it points to.
pub(super) const fn toward_clock(d: gboh_core::facing::Direction) -> &'static str {
    use gboh_core::facing::Direction as D;
    match d {
        D::NE => "1 o'clock",
        D::E => "3 o'clock",
        D::SE => "5 o'clock",
        D::SW => "7 o'clock",
        D::W => "9 o'clock",
        D::NW => "11 o'clock",
    }
}

/// ", with Name and Name" for the leaders who go with a unit; empty when none.
pub(super) fn with_leaders(field: &Field, leaders: &[usize]) -> String {
    if leaders.is_empty() {
        return String::new();
    }
    let names: Vec<String> = leaders.iter().map(|&l| leader(field, l)).collect();
    format!(", with {},", names.join(" and "))
}

/// `1 hex`, `2 hexes`.
pub(super) fn hexes_text(n: u8) -> String {
    if n == 1 { "1 hex".to_owned() } else { format!("{n} hexes") }
}

/// `1 hit`, `0 hits`, `3 hits`.
pub(super) fn count(n: impl Into<u32>, what: &str) -> String {
    let n: u32 = n.into();
    if n == 1 { format!("1 {what}") } else { format!("{n} {what}s") }
}

pub(super) fn momentum(o: MomentumOutcome) -> &'static str {
    match o {
        MomentumOutcome::Another => "another Orders Phase",
        MomentumOutcome::Finished => "it fails, he is Finished",
        MomentumOutcome::Doom(Doom::OpponentActivates) => {
            "the die roll of doom: the opponent activates any leader, with no Momentum"
        }
        MomentumOutcome::Doom(Doom::Finished) => "the die roll of doom: he is Finished",
        MomentumOutcome::Doom(Doom::TurnEnds) => {
            "the die roll of doom: the turn ends, on to the Rout and Reload Phase"
        }
    }
}

pub(super) const fn superiority_text(s: Superiority) -> &'static str {
    match s {
        Superiority::None => "no superiority",
        Superiority::Attacker => "Attack Superior: the defender's hits doubled",
        Superiority::Defender => "Defense Superior: the attacker's hits tripled",
    }
}

pub(super) fn casualty(e: CasualtyEffect) -> String {
    match e {
        CasualtyEffect::Finished => "is hit: Finished for the turn".to_owned(),
        CasualtyEffect::Wounded(n) => {
            format!("is wounded: every rating but Line Command down by {n}")
        }
        CasualtyEffect::Killed => "is killed".to_owned(),
    }
}

pub(super) fn rally(o: RallyOutcome) -> String {
    match o {
        RallyOutcome::Rallied { hits } => format!("rallies, keeping {}", count(hits, "hit")),
        RallyOutcome::Fails => "fails to rally and makes a rout move".to_owned(),
        RallyOutcome::Eliminated => "fails to rally and is eliminated".to_owned(),
    }
}

pub(super) fn outcome(field: &Field, o: Outcome) -> String {
    match o {
        Outcome::Withdrawal { loser } => {
            format!("{} reaches its withdrawal level and withdraws", side(field, loser))
        }
        Outcome::Draw => {
            "both armies reach their withdrawal levels by the same margin: a draw".to_owned()
        }
        Outcome::TurnLimit => "the last turn has ended".to_owned(),
        Outcome::Victory { winner } => {
            format!("{} meets its victory conditions and wins", side(field, winner))
        }
    }
}

pub(super) fn hits_text(hits: u8) -> String {
    match hits {
        0 => String::new(),
        1 => ", 1 hit".to_owned(),
        n => format!(", {n} hits"),
    }
}

/// Dictator 9.102: a pivot in words.
pub(super) fn pivot_text(
    unit: &str,
    to: &str,
    facing: gboh_core::facing::Facing,
    hits: u8,
) -> String {
    format!("{unit} pivots into {to}, now facing {facing:?}{}", hits_text(hits))
}

/// SPQR 6.68: the other unit of a routed stack, in words.
pub(super) fn stack_rout_text(unit: &str, checked: bool, routs: bool) -> String {
    match (checked, routs) {
        (false, _) => format!("{unit} routs with the top of its stack"),
        (true, true) => format!("{unit} fails its check as the bottom of its stack routs"),
        (true, false) => format!("{unit} holds as the bottom of its stack routs"),
    }
}

/// `, modified +1 target in woods (SPQR 8.2)`, or nothing without modifiers.
pub(super) fn modifiers_text(m: &gboh_core::table::Modifiers) -> String {
    if m.iter().next().is_none() {
        return String::new();
    }
    let each: Vec<String> = m.iter().map(ToString::to_string).collect();
    format!(", modified {} = {:+}", each.join(", "), m.total().0)
}
