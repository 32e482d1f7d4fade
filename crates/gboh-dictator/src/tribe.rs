//! The tribes of a tribal army: Barbarian Ferocity (9.6) and Gallic
//! Impetuosity (9.7).

use gboh_core::dice::{Dice, DiceError, Die};
use gboh_core::game::Event;
use gboh_core::table::{Distribution, Drm, Modifiers};
use gboh_standard::StandardEvent;
use gboh_standard::kinds::ShockClass;
use gboh_standard::state::Field;
use serde::{Deserialize, Serialize};

use crate::DictatorEvent;

/// Who a tribe is (9.6 and 9.7 apply by people).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum People {
    /// Gauls: Ferocity (9.61) and Impetuosity (9.7).
    Gallic,
    /// Germans: Ferocity only (9.7 design note).
    German,
    /// Britons: neither (9.6 design note).
    Briton,
}

/// 9.7: a tribe's Impetuosity.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Impetuosity {
    /// In effect.
    Active,
    /// Two of its units entered a Roman ZOC: in effect for the rest of this
    /// Game Turn only.
    EndsThisTurn,
    /// Lost (or never had: not Gallic).
    None,
}

/// A tribe as the scenario sets it up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TribeDef {
    /// Its name: the `group` of its units and leaders.
    pub name: String,
    /// Its people.
    pub people: People,
    /// Its Tribal Chief (a leader's name).
    pub chief: String,
    /// 9.61: the scenario takes Ferocity away ("unless indicated otherwise").
    #[serde(default)]
    pub no_ferocity: bool,
}

/// A tribe in play.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tribe {
    /// Its setup.
    pub def: TribeDef,
    /// 9.61-9.63: it still has Ferocity.
    pub ferocity: bool,
    /// 9.7.
    pub impetuosity: Impetuosity,
    /// 9.7: its units that have entered a Roman ZOC.
    pub entered_roman_zoc: Vec<usize>,
}

impl Tribe {
    /// A tribe at the start of a battle: Gauls and Germans with Ferocity
    /// (9.61), Gauls with Impetuosity (9.7).
    #[must_use]
    pub fn new(def: TribeDef) -> Tribe {
        let ferocity = def.people != People::Briton && !def.no_ferocity;
        let impetuosity =
            if def.people == People::Gallic { Impetuosity::Active } else { Impetuosity::None };
        Tribe { def, ferocity, impetuosity, entered_roman_zoc: Vec::new() }
    }

    /// Whether unit `u` of the field belongs to this tribe.
    #[must_use]
    pub fn has_unit(&self, field: &Field, u: usize) -> bool {
        field.def(u).is_some_and(|d| d.group.as_deref() == Some(self.def.name.as_str()))
    }

    /// Whether leader `l` belongs to this tribe.
    #[must_use]
    pub fn has_leader(&self, field: &Field, l: usize) -> bool {
        field.leader_def(l).is_some_and(|d| {
            d.group.as_deref() == Some(self.def.name.as_str()) || d.name == self.def.chief
        })
    }

    /// 9.61: unit `u` has Ferocity: a BI or LI of a tribe that has it.
    #[must_use]
    pub fn ferocious(&self, field: &Field, u: usize) -> bool {
        self.ferocity
            && self.has_unit(field, u)
            && field.def(u).is_some_and(|d| matches!(d.class(), ShockClass::BI | ShockClass::LI))
    }

    /// The Tribal Chief's current Initiative, if he is on the field.
    #[must_use]
    pub fn chief_initiative(&self, field: &Field) -> Option<u8> {
        (0..field.leaders.len())
            .find(|&l| field.leader_def(l).is_some_and(|d| d.name == self.def.chief))
            .filter(|&l| {
                field
                    .leaders
                    .get(l)
                    .is_some_and(|s| s.status != gboh_standard::state::LeaderStatus::Dead)
            })
            .map(|l| field.initiative(l))
    }
}

/// 9.61: the Ferocity modifiers of a pre-shock check: a ferocious attacker
/// -1; a defender against a ferocious attacker +2.
pub fn ferocity_modifiers(
    tribes: &[Tribe],
    field: &Field,
    unit: usize,
    attacking: bool,
    opponents: &[usize],
    out: &mut Modifiers,
) {
    let ferocious = |u: usize| tribes.iter().any(|t| t.ferocious(field, u));
    if attacking && ferocious(unit) {
        out.push("9.61", "attacking with Ferocity", Drm(-1));
    }
    if !attacking && opponents.iter().any(|&o| ferocious(o)) {
        out.push("9.61", "defending against Ferocity", Drm(2));
    }
}

/// 9.62: a Ferocity check keeps Ferocity on a roll at most the Tribal Chief's
/// Initiative (a tribe with no chief on the field keeps it on no roll).
#[must_use]
pub fn ferocity_kept(chief_initiative: Option<u8>, face: u8) -> bool {
    chief_initiative.is_some_and(|i| face <= i)
}

/// The exact chance of keeping Ferocity.
#[must_use]
pub fn ferocity_distribution(chief_initiative: Option<u8>) -> Distribution<bool> {
    Distribution::over_faces(Die::D10, |f| ferocity_kept(chief_initiative, f))
}

/// 9.62-9.63: the instant a ferocious unit routs, its tribe checks.
///
/// # Errors
/// Only from scripted dice.
pub fn ferocity_check(
    tribes: &mut [Tribe],
    field: &Field,
    unit: usize,
    dice: &mut Dice,
    events: &mut Vec<Event<StandardEvent<DictatorEvent>>>,
) -> Result<(), DiceError> {
    let Some(tribe) = tribes.iter_mut().find(|t| t.ferocious(field, unit)) else { return Ok(()) };
    let roll = dice.d10()?;
    let kept = ferocity_kept(tribe.chief_initiative(field), roll.face);
    if !kept {
        tribe.ferocity = false;
    }
    events.push(
        Event::new(
            "9.62",
            StandardEvent::Game(DictatorEvent::FerocityCheck {
                tribe: tribe.def.name.clone(),
                kept,
            }),
        )
        .with_roll(roll),
    );
    Ok(())
}

/// 9.7: a unit of a tribe with Impetuosity entered a hex; the second of the
/// tribe's units in a Roman ZOC ends it after this Game Turn.
pub fn impetuosity_moved(
    tribes: &mut [Tribe],
    field: &Field,
    unit: usize,
    events: &mut Vec<Event<StandardEvent<DictatorEvent>>>,
) {
    let Some(state) = field.units.get(unit) else { return };
    let Some(side) = field.side(unit) else { return };
    if side != gboh_core::Side::Adversary || !field.in_enemy_zoc(state.hex, side) {
        return;
    }
    for t in tribes.iter_mut() {
        if t.impetuosity == Impetuosity::Active && t.has_unit(field, unit) {
            if !t.entered_roman_zoc.contains(&unit) {
                t.entered_roman_zoc.push(unit);
            }
            if t.entered_roman_zoc.len() >= 2 {
                t.impetuosity = Impetuosity::EndsThisTurn;
                events.push(Event::new(
                    "9.7",
                    StandardEvent::Game(DictatorEvent::ImpetuosityEnding {
                        tribe: t.def.name.clone(),
                    }),
                ));
            }
        }
    }
}

/// 9.7: at the end of the Game Turn a tribe whose Impetuosity was ending loses it.
pub fn impetuosity_turn_ended(
    tribes: &mut [Tribe],
    events: &mut Vec<Event<StandardEvent<DictatorEvent>>>,
) {
    for t in tribes.iter_mut() {
        if t.impetuosity == Impetuosity::EndsThisTurn {
            t.impetuosity = Impetuosity::None;
            events.push(Event::new(
                "9.7",
                StandardEvent::Game(DictatorEvent::ImpetuosityLost { tribe: t.def.name.clone() }),
            ));
        }
    }
}

/// 9.7: Gallic infantry of a tribe with Impetuosity have +1 MA.
#[must_use]
pub fn impetuous_infantry(tribes: &[Tribe], field: &Field, unit: usize) -> bool {
    tribes.iter().any(|t| {
        t.impetuosity != Impetuosity::None
            && t.has_unit(field, unit)
            && field
                .def(unit)
                .is_some_and(|d| !d.class().is_mounted() && d.class() != ShockClass::PH)
    })
}
