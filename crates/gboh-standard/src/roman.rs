//! SPQR 4.5: the Roman secondary command, Tribunes and Praefects.
//!
//! A leader counter may say he is a Tribune, a Praefect Sociorum or a
//! Praefect Equitum (`LeaderDef::office`). Tribunes and Praefects Sociorum
//! command infantry only, Praefects Equitum cavalry only (4.51):
//!
//! - Individual Orders (4.52, 4.54): a Tribune orders legion infantry, a
//!   Praefect Sociorum ala infantry, in one Orders Phase only units of one
//!   Class of one legion or ala (the velites, of any legion or ala, count as
//!   one Class of their own); a Praefect Equitum orders legion or ala
//!   cavalry, not both in one phase.
//! - Line Commands (4.53, 4.54): a line of infantry (a Tribune, a Praefect
//!   Sociorum) or of cavalry (a Praefect Equitum), of the types the battle's
//!   Line Command chart allows together (`Scenario::line_types`).
//! - Enabling a shock without moving (7.33): a Tribune any legion infantry,
//!   a Praefect Sociorum any ala infantry, a Praefect Equitum any cavalry
//!   (no Class or legion/ala limit).
//! - 4.74: a fallen Tribune or Praefect is placed back on the map by an
//!   Individual Order of the OC, in the hex of a unit he may command;
//!   no Replacement leader counter is needed (`protocol/replace.rs`).
//! - What a scenario states otherwise ([`RomanOrders`], `roman_orders` in
//!   its RON): 4.52's "Unless stated otherwise in the scenario", Tribunes
//!   who may also order ala infantry, Praefects Sociorum legion infantry;
//!   4.54's chart allowing a Praefect Equitum's Line of legion and ala
//!   cavalry together (by default it does not: "e.g., it is not allowed at
//!   Cannae").
//! - 4.56 Proconsuls (`Office::Proconsul`): any combat units, with no
//!   Class or legion limit; -1 to his Line Command roll when he began his
//!   phase outside the OC's range (`protocol::spqr_line_eligibility`); if
//!   the OC is killed, a Proconsul takes over as OC, his ratings unchanged
//!   and his Strategy 1 ([`proconsul_in_command`], [`strategy`]). A fallen
//!   Proconsul is not placed back (he is no Tribune or Praefect).
//!
//! ```
//! use gboh_standard::roman::may_order_class;
//! use gboh_standard::state::{Office, RomanUnit, UnitDef};
//! let hastati: UnitDef = ron::from_str(
//!     r#"(id: "H-III", side: Roman, unit_type: LG, tq: 6, ma: 5, size: 3, legion: true,
//!         group: Some("III"), roman: Some((class: "Hastati")))"#,
//! ).unwrap();
//! assert!(may_order_class(Office::Tribune, &hastati));
//! assert!(!may_order_class(Office::PraefectSociorum, &hastati));
//! assert!(!may_order_class(Office::PraefectEquitum, &hastati));
//! ```

use serde::{Deserialize, Serialize};

use crate::kinds::ShockClass;
use crate::state::{Field, LeaderDef, LeaderStatus, Office, UnitDef};

/// What a scenario states about its Roman secondary command where the
/// rules leave it to the scenario; each `false` unless stated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RomanOrders {
    /// SPQR 4.52: "Unless stated otherwise in the scenario, Tribunes may
    /// issue IOs only to Legion infantry units": stated otherwise, they may
    /// also order ala infantry (still one Class of one legion or ala a
    /// phase).
    #[serde(default)]
    pub tribunes_order_ala: bool,
    /// SPQR 4.52: likewise, Praefects Sociorum may also order legion
    /// infantry.
    #[serde(default)]
    pub praefects_order_legions: bool,
    /// SPQR 4.54: the battle's Line Command Eligibility Chart "specifically
    /// allows" a Praefect Equitum's Line of legion and ala cavalry together.
    #[serde(default)]
    pub mixed_cavalry_lines: bool,
}

impl RomanOrders {
    /// A statement about leaders the scenario does not have: `(the field's
    /// name in the RON, the problem)` for each.
    #[must_use]
    pub fn problems(&self, leaders: &[LeaderDef]) -> Vec<(&'static str, &'static str)> {
        let has = |o: Office| leaders.iter().any(|l| l.office == Some(o));
        let mut out = Vec::new();
        if self.tribunes_order_ala && !has(Office::Tribune) {
            out.push((
                "tribunes_order_ala",
                "4.52: the scenario lets Tribunes order ala infantry but has no Tribune",
            ));
        }
        if self.praefects_order_legions && !has(Office::PraefectSociorum) {
            out.push((
                "praefects_order_legions",
                "4.52: the scenario lets Praefects Sociorum order legion infantry but has no Praefect Sociorum",
            ));
        }
        if self.mixed_cavalry_lines && !has(Office::PraefectEquitum) {
            out.push((
                "mixed_cavalry_lines",
                "4.54: the scenario allows mixed legion and ala cavalry Lines but has no Praefect Equitum",
            ));
        }
        out
    }
}

/// Infantry (neither cavalry, elephants nor chariots): what a Tribune or a
/// Praefect Sociorum commands (SPQR 4.51).
#[must_use]
pub fn is_infantry(d: &UnitDef) -> bool {
    let c = d.class();
    !c.is_cavalry() && c != ShockClass::EL && c != ShockClass::CH
}

/// An ala's unit rather than a legion's (SPQR 4.52).
#[must_use]
pub fn is_ala(d: &UnitDef) -> bool {
    d.roman.as_ref().is_some_and(|r| r.ala)
}

/// A legion's unit: Roman legion infantry (`legion`) or a unit its `roman`
/// data places in a legion.
#[must_use]
pub fn is_legion(d: &UnitDef) -> bool {
    !is_ala(d) && (d.legion || d.roman.is_some())
}

/// SPQR 4.51, 4.52, 4.54: the units `office` may give an Individual Order
/// to at all (and, 7.33, enable to shock, where the Class and legion/ala
/// limits do not apply): a Tribune legion infantry, a Praefect Sociorum ala
/// infantry, both all velites; a Praefect Equitum cavalry.
#[must_use]
pub fn may_order_class(office: Office, d: &UnitDef) -> bool {
    match office {
        Office::Tribune => d.is_velites() || (is_infantry(d) && is_legion(d)),
        Office::PraefectSociorum => d.is_velites() || (is_infantry(d) && is_ala(d)),
        Office::PraefectEquitum => d.class().is_cavalry(),
        // SPQR 4.56: "Proconsuls may command any combat units."
        Office::Proconsul => true,
    }
}

/// SPQR 4.53, 4.54: may `office` put `d` in a Line he commands? Infantry
/// for a Tribune or Praefect Sociorum, cavalry for a Praefect Equitum (the
/// battle's Line Command chart limits the types further).
#[must_use]
pub fn may_line(office: Office, d: &UnitDef) -> bool {
    match office {
        Office::Tribune | Office::PraefectSociorum => is_infantry(d),
        Office::PraefectEquitum => d.class().is_cavalry(),
        Office::Proconsul => true,
    }
}

/// SPQR 4.52, 4.54: the group a unit's Individual Order falls in; all the
/// units `office` orders individually in one Orders Phase share it. For a
/// Tribune or Praefect Sociorum its legion or ala and its Class (velites,
/// of any legion or ala, one Class), for a Praefect Equitum legion or ala.
#[must_use]
pub fn order_group(office: Office, d: &UnitDef) -> String {
    match office {
        Office::Tribune | Office::PraefectSociorum if d.is_velites() => "the velites".to_owned(),
        Office::Tribune | Office::PraefectSociorum => {
            let class =
                d.roman.as_ref().map_or_else(|| d.unit_type.to_string(), |r| r.class.clone());
            match &d.group {
                Some(g) => format!("the {class} of {g}"),
                None => format!("the {class}"),
            }
        }
        Office::PraefectEquitum if is_ala(d) => "the ala cavalry".to_owned(),
        Office::PraefectEquitum => "the legion cavalry".to_owned(),
        // SPQR 4.56: a Proconsul's orders are not limited to one group.
        Office::Proconsul => "any combat unit".to_owned(),
    }
}

/// `leader`'s office, if he is a Tribune or Praefect.
#[must_use]
pub fn office(field: &Field, leader: usize) -> Option<Office> {
    field.leader_def(leader).and_then(|d| d.office)
}

/// SPQR 4.51: may `leader` command `unit` at all (any unit for a leader
/// with no office)? Used for Individual Orders, 7.33 and placing him back
/// (4.74).
#[must_use]
pub fn may_command(field: &Field, leader: usize, unit: usize) -> bool {
    match (office(field, leader), field.def(unit)) {
        (Some(o), Some(d)) => may_order_in(field, o, d),
        _ => true,
    }
}

/// [`may_order_class`] with what the scenario states otherwise (SPQR 4.52,
/// [`RomanOrders`]): a Tribune who may also order ala infantry, a Praefect
/// Sociorum legion infantry.
#[must_use]
pub fn may_order_in(field: &Field, office: Office, d: &UnitDef) -> bool {
    let stated = field.scenario.roman_orders;
    may_order_class(office, d)
        || match office {
            Office::Tribune => stated.tribunes_order_ala && is_infantry(d),
            Office::PraefectSociorum => stated.praefects_order_legions && is_infantry(d),
            Office::PraefectEquitum | Office::Proconsul => false,
        }
}

/// SPQR 4.54: may `unit` be in the same Line as `anchor` under `leader`?
/// A Praefect Equitum's Line is of legion or of ala cavalry, not both,
/// unless the battle's chart allows them together
/// ([`RomanOrders::mixed_cavalry_lines`]); any other leader's, yes.
#[must_use]
pub fn may_share_line(field: &Field, leader: usize, anchor: usize, unit: usize) -> bool {
    if office(field, leader) != Some(Office::PraefectEquitum)
        || field.scenario.roman_orders.mixed_cavalry_lines
    {
        return true;
    }
    match (field.def(anchor), field.def(unit)) {
        (Some(a), Some(u)) => is_ala(a) == is_ala(u),
        _ => true,
    }
}

/// SPQR 4.53, 4.54: may `leader` put `unit` in his Line?
#[must_use]
pub fn may_command_line(field: &Field, leader: usize, unit: usize) -> bool {
    match (office(field, leader), field.def(unit)) {
        (Some(o), Some(d)) => may_line(o, d),
        _ => true,
    }
}

/// SPQR 4.56: "if the OC has been killed, the player may replace him as OC
/// with a Proconsul": the Proconsul of `side` who is OC now, if its
/// counter's OC was killed (not off the map with a pursuit, 8.62). The
/// engine always takes the offer (Reconstructed: being OC takes nothing
/// from him), and with two Proconsuls alive takes the higher Initiative,
/// then the first listed (Reconstructed: the rules leave it to the player).
#[must_use]
pub fn proconsul_in_command(field: &Field, side: gboh_core::Side) -> Option<usize> {
    let alive = |l: usize| field.leaders.get(l).is_some_and(|s| s.status != LeaderStatus::Dead);
    let of_side = |l: usize| field.leader_def(l).filter(|d| d.side == side);
    let killed = (0..field.leaders.len())
        .any(|l| of_side(l).is_some_and(|d| d.overall) && !alive(l) && !field.leader_off_map(l));
    if !killed {
        return None;
    }
    (0..field.leaders.len())
        .filter(|&l| alive(l) && of_side(l).is_some_and(|d| d.office == Some(Office::Proconsul)))
        .max_by_key(|&l| (field.initiative(l), core::cmp::Reverse(l)))
}

/// The Strategy of `oc`, his side's OC: his counter's, or 1 for a
/// Proconsul who took over (SPQR 4.56: "his Strategy Rating is '1'").
#[must_use]
pub fn strategy(field: &Field, oc: usize) -> u8 {
    field.leader_def(oc).map_or(0, |d| {
        if d.office == Some(Office::Proconsul) { 1 } else { d.strategy.unwrap_or(0) }
    })
}
