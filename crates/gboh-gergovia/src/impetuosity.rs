//! 6.8 barbarian impetuosity and 8.5 barbarian ferocity (the Gauls and the
//! Aedui allied with Rome).
//!
//! 6.8 as printed: "When impetuosity occurs is the player's choice.
//! Impetuosity is declared, and the relevant rules are then followed. When
//! two of the player's own units have entered enemy ZOC, the impetuosity
//! ends in the following game turn." 8.5: "The Gauls and the Aedui allied
//! with Rome can become ferocious, but only during impetuosity."
//!
//! C:CoG's own impetuosity and ferocity rules are not public; "the relevant
//! rules" are taken from the family (Reconstructed, after Dictator 9.7 and
//! 9.61, docs/rules-coverage.md):
//! - declared by tribe (the formations of kind `Tribe`: the Arverni, the
//!   Nitiobriges, the Carnutes, the Bituriges, the Aedui) by a leader who
//!   may order one of its units, in his Orders Phase, once a battle;
//! - while impetuous, the tribe's infantry has +1 MA, and (8.5) its BI and LI
//!   are ferocious: -1 to their pre-shock check attacking, +2 to a defender's
//!   against them;
//! - once two of the tribe's units have entered an enemy ZOC while it is
//!   impetuous, it stays so for the rest of the game turn and loses it at
//!   the turn's end ("ends in the following game turn").

use gboh_core::table::{Drm, Modifiers};
use gboh_standard::kinds::ShockClass;
use gboh_standard::state::Field;
use serde::{Deserialize, Serialize};

use crate::counters::{self, FormationKind};

/// A tribe's impetuosity (6.8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Impetus {
    /// Declared and in effect.
    Active,
    /// Two of its units entered an enemy ZOC: in effect for the rest of this
    /// game turn only.
    EndsThisTurn,
    /// Over (declared once a battle).
    Spent,
}

/// Every tribe's impetuosity, in counter-mix order.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Impetuosity {
    /// The tribes that have declared, with where they stand.
    pub tribes: Vec<(String, Impetus)>,
    /// The units of an impetuous tribe that entered an enemy ZOC.
    pub entered: Vec<usize>,
}

/// The tribes 6.8 applies to (formations of kind `Tribe`: the Gallic tribes
/// and the Aedui), in counter-mix order; a declaration's number is its
/// index here.
#[must_use]
pub fn tribes() -> Vec<String> {
    counters::counters().map_or_else(
        |_| Vec::new(),
        |mix| {
            mix.formations()
                .iter()
                .filter(|f| f.kind == FormationKind::Tribe)
                .map(|f| f.id.clone())
                .collect()
        },
    )
}

impl Impetuosity {
    /// The state of `tribe`, if it has declared.
    #[must_use]
    pub fn of(&self, tribe: &str) -> Option<Impetus> {
        self.tribes.iter().find(|(t, _)| t == tribe).map(|&(_, i)| i)
    }

    /// Whether unit `u` belongs to a tribe impetuous now.
    #[must_use]
    pub fn impetuous(&self, field: &Field, u: usize) -> bool {
        field
            .def(u)
            .and_then(|d| d.group.as_deref())
            .is_some_and(|g| matches!(self.of(g), Some(Impetus::Active | Impetus::EndsThisTurn)))
    }

    /// 8.5: unit `u` is ferocious: a BI or LI of an impetuous tribe.
    #[must_use]
    pub fn ferocious(&self, field: &Field, u: usize) -> bool {
        self.impetuous(field, u)
            && field.def(u).is_some_and(|d| matches!(d.class(), ShockClass::BI | ShockClass::LI))
    }

    /// 6.8: +1 MA for the infantry of an impetuous tribe.
    #[must_use]
    pub fn ma_bonus(&self, field: &Field, u: usize) -> u8 {
        let infantry = field.def(u).is_some_and(|d| !d.class().is_mounted());
        u8::from(infantry && self.impetuous(field, u))
    }

    /// 8.5: ferocity's pre-shock modifiers: a ferocious attacker -1, a
    /// defender against a ferocious attacker +2.
    pub fn ferocity_modifiers(
        &self,
        field: &Field,
        unit: usize,
        attacking: bool,
        opponents: &[usize],
        out: &mut Modifiers,
    ) {
        if attacking && self.ferocious(field, unit) {
            out.push("Gergovia 8.5", "attacking with ferocity (during impetuosity)", Drm(-1));
        }
        if !attacking && opponents.iter().any(|&o| self.ferocious(field, o)) {
            out.push("Gergovia 8.5", "defending against ferocity", Drm(2));
        }
    }

    /// 6.8: the tribes (by number) `may_order` lets a leader declare now:
    /// those not yet declared with a unit in play he may order.
    #[must_use]
    pub fn declarable(&self, field: &Field, may_order: impl Fn(usize) -> bool) -> Vec<u8> {
        tribes()
            .iter()
            .enumerate()
            .filter(|(_, t)| self.of(t).is_none())
            .filter(|(_, t)| {
                (0..field.units.len()).any(|u| {
                    field.units.get(u).is_some_and(|s| s.in_play())
                        && field.def(u).and_then(|d| d.group.as_deref()) == Some(t.as_str())
                        && may_order(u)
                })
            })
            .filter_map(|(i, _)| u8::try_from(i).ok())
            .collect()
    }

    /// 6.8: declares tribe number `choice`; its name, if it is one.
    pub fn declare(&mut self, choice: u8) -> Option<String> {
        let tribe = tribes().get(usize::from(choice))?.clone();
        if self.of(&tribe).is_none() {
            self.tribes.push((tribe.clone(), Impetus::Active));
        }
        Some(tribe)
    }

    /// 6.8: unit `u` entered a hex; the second unit of an impetuous tribe in
    /// an enemy ZOC ends its impetuosity after this turn. Returns the tribe
    /// whose impetuosity now ends.
    pub fn moved(&mut self, field: &Field, u: usize) -> Option<String> {
        let (s, side) = (field.units.get(u)?, field.side(u)?);
        let tribe = field.def(u)?.group.clone()?;
        if self.of(&tribe) != Some(Impetus::Active) || !field.in_enemy_zoc(s.hex, side) {
            return None;
        }
        if !self.entered.contains(&u) {
            self.entered.push(u);
        }
        let n = self
            .entered
            .iter()
            .filter(|&&e| field.def(e).and_then(|d| d.group.as_deref()) == Some(tribe.as_str()))
            .count();
        if n < 2 {
            return None;
        }
        for (t, i) in &mut self.tribes {
            if *t == tribe {
                *i = Impetus::EndsThisTurn;
            }
        }
        Some(tribe)
    }

    /// 6.8: at the end of the game turn, the tribes whose impetuosity was
    /// ending lose it; returns them.
    pub fn turn_ended(&mut self) -> Vec<String> {
        let mut out = Vec::new();
        for (t, i) in &mut self.tribes {
            if *i == Impetus::EndsThisTurn {
                *i = Impetus::Spent;
                out.push(t.clone());
            }
        }
        out
    }
}
