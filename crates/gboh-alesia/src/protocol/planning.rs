//! 5.3 Gallic Assault Planning and 5.4 Initial Placement of Gallic Tribes:
//! the general rules, played when the scenario does not replace them
//! ([`GallicEntryRules::AssaultPlanning`]; 12.1 and 12.2 have their own entry
//! rule, [`super::entry`]).
//!
//! At the start of each Assault Period:
//! 1. 5.31: every available tribe (10.74) is assigned to an Entry Area, one
//!    decision per Tribal or Cavalry Counter (4.44), in counter order; 5.43:
//!    Areas III-XVI take at most 5 Control Points each, I and II have no cap.
//! 2. 5.41: the Initial Placement Segment: counters assigned to Areas I-II
//!    worth up to 8 Control Points, placed by 5.45, without costing an
//!    activation; one Tribal Chieftain with them if any Tribal Counter is
//!    placed; a Cavalry Leader with his Cavalry Counter.
//!
//! Then, as a Gallic Activation Phase's sole action (5.42): bring in the
//! counters assigned to one Entry Area, up to 5 Control Points. Areas I-II
//! arrive automatically; III-XVI only from the fourth Gallic Activation Phase
//! (5.32, 5.33), on the Gallic Entry Arrival Table, and a failed roll loses the
//! Activation Phase (5.34). Not in a phase gained by Turn Seizure (5.35), not in
//! two Gallic phases in a row, and not while a counter on the map has placed
//! none of its units (5.42).

use crate::game::AlesiaField;
use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::game::Event;
use gboh_core::table::Arrival;
use gboh_core::unit::Status;
use gboh_simple::protocol::sequence_of_play;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::choice::{AlesiaChoice, AlesiaDecision, decision_asks, not_pending, placement_refused};
use super::{Alesia, AlesiaEvent, GallicEntryRules, Placement};
use crate::combat::CombatError;
use crate::combat::effects::withdrawal::{available_next_period, waits_inside};
use crate::game::{CounterIdx, Uid};
use crate::scenario::placement::area_placement_hexes;
use crate::tables::EntryArea;

/// 5.41: the Initial Placement Segment places up to 8 Control Points.
pub const INITIAL_PLACEMENT_CONTROL: u8 = 8;
/// 5.42: an entry places up to 5 Control Points.
pub const ENTRY_CONTROL: u8 = 5;
/// 5.43: Areas III-XVI take at most 5 Control Points in an Assault Period.
pub const AREA_CONTROL_CAP: u8 = 5;
/// 5.33: rolled entries start with the fourth Gallic Activation Phase.
pub const FIRST_ROLLED_ENTRY_PHASE: u32 = 4;

/// Where the Gallic Assault Planning stands in this Assault Period.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Planning {
    /// The segment under way.
    pub segment: Segment,
    /// Gallic Activation Phases completed this Assault Period (5.32, 5.33).
    pub gallic_phases: u32,
    /// Control Points placed in the Initial Placement Segment (5.41).
    pub initial_control: u8,
    /// An entry that arrived and is being placed (5.42).
    pub entering: Option<Entry>,
    /// A Tribal Chieftain was placed with the counters of the segment or
    /// entry under way (5.41, 5.42: one must be, if available).
    pub chieftain_placed: bool,
    /// This Gallic Activation Phase was an entry attempt.
    pub entry_this_phase: bool,
    /// The last Gallic Activation Phase was an entry attempt (5.42: not in
    /// consecutive phases).
    pub entry_last_phase: bool,
}

/// The segments of 3.0 B, then the Activation Phases.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Segment {
    /// 5.31: tribes being assigned to Entry Areas.
    Assignment,
    /// 5.41: the Initial Placement Segment.
    InitialPlacement,
    /// 3.0 C: the Activation Phases.
    Activations,
}

/// An entry being placed (5.42).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Entry {
    /// The Entry Area.
    pub area: EntryArea,
    /// Control Points placed so far.
    pub control: u8,
}

/// What the Gallic player decides in planning
/// ([`AlesiaDecision::GallicPlanning`](super::AlesiaDecision::GallicPlanning)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum PlanningStep {
    /// 5.31: assign `counter` to an Entry Area ([`Action::AssignTribe`](super::Action::AssignTribe)).
    Assign {
        /// The next counter to assign.
        counter: CounterIdx,
    },
    /// 5.41: place counters assigned to Areas I-II
    /// ([`Action::PlaceCounter`](super::Action::PlaceCounter)), or end the segment
    /// ([`Action::EndPlacement`](super::Action::EndPlacement)).
    InitialPlacement {
        /// Control Points still placeable.
        control_left: u8,
    },
    /// 5.42: the tribes of `area` arrived: place them, then end the
    /// Activation Phase ([`Action::EndPlacement`](super::Action::EndPlacement)).
    Entry {
        /// The Entry Area.
        area: EntryArea,
        /// Control Points still placeable.
        control_left: u8,
    },
}

/// The map area of an Entry Area (`"Entry Area III"`).
#[must_use]
pub fn area_name(area: EntryArea) -> String {
    format!("Entry Area {area}")
}

/// The Entry Area a map area names, if it is one.
#[must_use]
pub fn entry_area(name: &str) -> Option<EntryArea> {
    name.strip_prefix("Entry Area ")?.parse().ok()
}

fn area_index(area: EntryArea) -> Option<u8> {
    EntryArea::ALL.iter().position(|&a| a == area).and_then(|i| u8::try_from(i).ok())
}

/// 5.43: whether the area has a per-period Control Point cap.
const fn capped(area: EntryArea) -> bool {
    !matches!(area, EntryArea::I | EntryArea::II)
}

/// Whether `controls` (the counters still to assign) fit into the areas'
/// remaining capacities (`None`: no cap).
fn fits(controls: &[u8], room: &mut [Option<u8>]) -> bool {
    let Some((&first, rest)) = controls.split_first() else {
        return true;
    };
    if room.iter().any(Option::is_none) {
        return true;
    }
    for i in 0..room.len() {
        if let Some(Some(r)) = room.get(i).copied()
            && r >= first
        {
            if let Some(slot) = room.get_mut(i) {
                *slot = Some(r - first);
            }
            let ok = fits(rest, room);
            if let Some(slot) = room.get_mut(i) {
                *slot = Some(r);
            }
            if ok {
                return true;
            }
        }
    }
    false
}

impl Alesia {
    /// Whether the general rules of 5.3-5.4 are in force.
    #[must_use]
    pub fn plays_assault_planning(&self) -> bool {
        self.turn.rules.entry_rules == GallicEntryRules::AssaultPlanning
    }

    /// The scenario's Entry Areas that are on the map, in rule order.
    #[must_use]
    pub fn planning_areas(&self) -> Vec<EntryArea> {
        let board = &self.setup().board;
        let mut out: Vec<EntryArea> = self
            .turn
            .rules
            .entry_areas
            .iter()
            .filter(|n| board.area(n).is_some())
            .filter_map(|n| entry_area(n))
            .collect();
        out.sort();
        out.dedup();
        out
    }

    /// The Entry Area counter `c` is assigned to this Assault Period (5.31).
    #[must_use]
    pub fn assigned_area(&self, c: CounterIdx) -> Option<EntryArea> {
        let i = self.field.counter(c)?.assigned_area?;
        EntryArea::ALL.get(usize::from(i)).copied()
    }

    /// 5.31, 10.74: the relief counters to bring in this Assault Period: off
    /// the map and still available.
    #[must_use]
    pub fn available_tribes(&self) -> Vec<CounterIdx> {
        self.turn
            .rules
            .relief
            .iter()
            .copied()
            .filter(|&c| self.field.counter(c).is_some_and(|s| s.at.is_none()))
            .filter(|&c| available_next_period(self, c))
            .collect()
    }

    /// 3.0 B: starts the Gallic Assault Planning Phase of an Assault Period
    /// (nothing under a scenario's own entry rule).
    pub(crate) fn start_planning(&mut self) {
        if !self.plays_assault_planning() {
            self.turn.planning = None;
            return;
        }
        for c in self.available_tribes() {
            if let Some(s) = self.field.counter_mut(c) {
                s.assigned_area = None;
            }
        }
        self.turn.planning = Some(Planning {
            segment: Segment::Assignment,
            gallic_phases: 0,
            initial_control: 0,
            entering: None,
            chieftain_placed: false,
            entry_this_phase: false,
            entry_last_phase: false,
        });
        self.advance_planning();
    }

    /// Moves past segments with nothing left to decide.
    fn advance_planning(&mut self) {
        let next_unassigned = self.next_unassigned();
        let initial = self.initial_candidates(INITIAL_PLACEMENT_CONTROL).is_empty();
        let Some(p) = self.turn.planning.as_mut() else {
            return;
        };
        if p.segment == Segment::Assignment && next_unassigned.is_none() {
            p.segment = Segment::InitialPlacement;
            p.chieftain_placed = false;
        }
        if p.segment == Segment::InitialPlacement && p.initial_control == 0 && initial {
            p.segment = Segment::Activations;
        }
    }

    /// The next tribe to assign, in counter order. A tribe no area has room
    /// for (only possible when the scenario offers no Area I or II) is left
    /// out of this Assault Period rather than blocking the game.
    fn next_unassigned(&self) -> Option<CounterIdx> {
        self.available_tribes()
            .into_iter()
            .find(|&c| self.assigned_area(c).is_none() && !self.areas_with_room(c).is_empty())
    }

    /// 5.43: the areas with room for `counter` now, ignoring the others.
    fn areas_with_room(&self, counter: CounterIdx) -> Vec<EntryArea> {
        let mine = self.setup().counters.get(counter.index()).map_or(0, |i| i.control);
        self.planning_areas()
            .into_iter()
            .filter(|&a| {
                !capped(a) || self.area_control(a).saturating_add(mine) <= AREA_CONTROL_CAP
            })
            .collect()
    }

    /// The decision planning waits for now, if any.
    #[must_use]
    pub fn planning_step(&self) -> Option<PlanningStep> {
        let p = self.turn.planning.as_ref()?;
        match p.segment {
            Segment::Assignment => {
                self.next_unassigned().map(|counter| PlanningStep::Assign { counter })
            }
            Segment::InitialPlacement => Some(PlanningStep::InitialPlacement {
                control_left: INITIAL_PLACEMENT_CONTROL.saturating_sub(p.initial_control),
            }),
            Segment::Activations => p.entering.map(|e| PlanningStep::Entry {
                area: e.area,
                control_left: ENTRY_CONTROL.saturating_sub(e.control),
            }),
        }
    }

    /// 5.43: the Control Points assigned to `area` this Assault Period.
    #[must_use]
    pub fn area_control(&self, area: EntryArea) -> u8 {
        let setup = self.setup();
        self.turn
            .rules
            .relief
            .iter()
            .filter(|&&c| self.assigned_area(c) == Some(area))
            .filter_map(|c| setup.counters.get(c.index()))
            .fold(0u8, |acc, c| acc.saturating_add(c.control))
    }

    /// 5.31, 5.43: the areas `counter` may be assigned to, leaving a way to
    /// assign every other available tribe (if no choice does, every area with
    /// room for it).
    #[must_use]
    pub fn assignable_areas(&self, counter: CounterIdx) -> Vec<EntryArea> {
        let keeping_room = self.assignable_keeping_room(counter);
        if keeping_room.is_empty() { self.areas_with_room(counter) } else { keeping_room }
    }

    fn assignable_keeping_room(&self, counter: CounterIdx) -> Vec<EntryArea> {
        let setup = self.setup();
        let control = |c: CounterIdx| setup.counters.get(c.index()).map_or(0, |i| i.control);
        let areas = self.planning_areas();
        let mut rest: Vec<u8> = self
            .available_tribes()
            .into_iter()
            .filter(|&c| c != counter && self.assigned_area(c).is_none())
            .map(control)
            .collect();
        rest.sort_unstable_by(|a, b| b.cmp(a));
        let room: Vec<Option<u8>> = areas
            .iter()
            .map(|&a| capped(a).then(|| AREA_CONTROL_CAP.saturating_sub(self.area_control(a))))
            .collect();
        let mine = control(counter);
        areas
            .iter()
            .enumerate()
            .filter(|&(i, _)| {
                let mut room = room.clone();
                match room.get_mut(i) {
                    Some(Some(r)) if *r < mine => return false,
                    Some(Some(r)) => *r -= mine,
                    _ => {}
                }
                fits(&rest, &mut room)
            })
            .map(|(_, &a)| a)
            .collect()
    }

    /// The unplaced counters assigned to Areas I-II (5.41) within `control`.
    fn initial_candidates(&self, control: u8) -> Vec<CounterIdx> {
        let setup = self.setup();
        self.available_tribes()
            .into_iter()
            .filter(|&c| matches!(self.assigned_area(c), Some(EntryArea::I | EntryArea::II)))
            .filter(|&c| setup.counters.get(c.index()).is_some_and(|i| i.control <= control))
            .collect()
    }

    /// 5.41, 5.42, 5.45: every legal placement in the segment or entry under
    /// way, in a deterministic order (counter, hex, chieftain).
    #[must_use]
    pub fn planned_placements(&self) -> Vec<Placement> {
        let Some(p) = self.turn.planning.as_ref() else {
            return Vec::new();
        };
        let setup = self.setup();
        let (counters, initial): (Vec<CounterIdx>, bool) = match self.planning_step() {
            Some(PlanningStep::InitialPlacement { control_left }) => {
                (self.initial_candidates(control_left), true)
            }
            Some(PlanningStep::Entry { area, control_left }) => (
                self.available_tribes()
                    .into_iter()
                    .filter(|&c| self.assigned_area(c) == Some(area))
                    .filter(|&c| {
                        setup.counters.get(c.index()).is_some_and(|i| i.control <= control_left)
                    })
                    .collect(),
                false,
            ),
            _ => return Vec::new(),
        };
        let (covered, available) = self.chieftain_cover();
        let mut out = Vec::new();
        for counter in counters {
            let Some(area) = self.assigned_area(counter) else { continue };
            let Ok(mut hexes) = area_placement_hexes(&self.field, &area_name(area)) else {
                continue;
            };
            hexes.sort_by_key(|&h| setup.board.index(h));
            hexes.dedup();
            let cavalry = setup.counters.get(counter.index()).is_none_or(|c| c.cavalry);
            for hex in hexes {
                // 5.42: a chieftain may be held back where one on the map
                // has the counter in range; 5.41 has no such exception.
                let in_range = !initial
                    && setup
                        .board
                        .index(hex)
                        .and_then(|i| covered.get(i))
                        .copied()
                        .unwrap_or(false);
                if cavalry || p.chieftain_placed || available.is_empty() || in_range {
                    out.push(Placement { counter, hex, chieftain: None });
                } else {
                    out.extend(available.iter().map(|&lid| Placement {
                        counter,
                        hex,
                        chieftain: Some(lid),
                    }));
                }
            }
        }
        out
    }

    /// 5.42: whether a counter on the map has placed none of its units yet:
    /// all of them still inside it (fresh, or in a later period Reduced, back
    /// from a withdrawal or Recovery: 10.72, 10.63). An eliminated unit was
    /// placed, except in a later period, where it may have been lost in an
    /// earlier one (10.71) and is left out.
    fn counter_still_full(&self) -> bool {
        let setup = self.setup();
        let later_period = self.turn.play.period > 1;
        setup.counters.iter().zip(self.field.counters()).any(|(info, s)| {
            let unit = |u: &Uid| self.field.unit(*u);
            s.at.is_some()
                && !s.withdrawn
                && info.units.iter().filter_map(unit).any(waits_inside)
                && info.units.iter().all(|u| {
                    unit(u).is_some_and(|x| {
                        waits_inside(x) || (later_period && x.cohesion.status == Status::Eliminated)
                    })
                })
        })
    }

    /// 5.32-5.35, 5.42: the Entry Areas the Gallic player may try to bring
    /// tribes in through now, instead of activating a command.
    #[must_use]
    pub fn entry_attempts(&self) -> Vec<EntryArea> {
        let Some(p) = self.turn.planning.as_ref() else {
            return Vec::new();
        };
        let t = &self.turn.play;
        if p.segment != Segment::Activations
            || p.entering.is_some()
            || t.to_act != Side::Adversary
            || t.current.is_some()
            || t.seizure.seized_by.is_some() // 5.35
            || p.entry_last_phase // 5.42: not in consecutive phases
            || self.counter_still_full()
        // 5.42
        {
            return Vec::new();
        }
        let rolled_allowed = p.gallic_phases.saturating_add(1) >= FIRST_ROLLED_ENTRY_PHASE;
        let waiting: Vec<EntryArea> =
            self.available_tribes().into_iter().filter_map(|c| self.assigned_area(c)).collect();
        self.planning_areas()
            .into_iter()
            .filter(|a| waiting.contains(a))
            .filter(|a| a.arrives_automatically() || rolled_allowed) // 5.32, 5.33
            .collect()
    }

    /// The planning actions legal at `step`.
    pub(super) fn planning_choices(&self, step: &PlanningStep, out: &mut Vec<AlesiaChoice>) {
        match *step {
            PlanningStep::Assign { counter } => out.extend(
                self.assignable_areas(counter)
                    .into_iter()
                    .map(|area| AlesiaChoice::AssignTribe { counter, area }),
            ),
            PlanningStep::InitialPlacement { .. } | PlanningStep::Entry { .. } => {
                out.extend(self.planned_placements().into_iter().map(AlesiaChoice::PlaceCounter));
                out.push(AlesiaChoice::EndPlacement);
            }
        }
    }

    /// Checks a planning action against `step`.
    ///
    /// # Errors
    /// Why it does not answer `step`, citing 5.31-5.45.
    pub(super) fn check_planning(
        &self,
        step: &PlanningStep,
        choice: &AlesiaChoice,
    ) -> Result<(), CombatError> {
        match (*step, choice) {
            (PlanningStep::Assign { counter }, AlesiaChoice::AssignTribe { counter: c, area }) => {
                if *c != counter {
                    return Err(CombatError::illegal(
                        "5.31",
                        "assign the tribes in counter order; another is next",
                    ));
                }
                if self.assignable_areas(counter).contains(area) {
                    Ok(())
                } else {
                    Err(CombatError::illegal(
                        "5.31, 5.43",
                        "not an Entry Area of the scenario, or over its 5 Control Points, or the other tribes could not all be assigned",
                    ))
                }
            }
            (PlanningStep::Assign { .. }, _) => {
                Err(not_pending(decision_asks(&AlesiaDecision::GallicPlanning(*step))))
            }
            (_, AlesiaChoice::PlaceCounter(p)) => {
                if self.planned_placements().contains(p) {
                    Ok(())
                } else {
                    Err(placement_refused())
                }
            }
            (_, AlesiaChoice::EndPlacement) => Ok(()),
            (PlanningStep::InitialPlacement { .. } | PlanningStep::Entry { .. }, _) => {
                Err(not_pending(decision_asks(&AlesiaDecision::GallicPlanning(*step))))
            }
        }
    }

    /// Performs a checked planning action.
    ///
    /// # Errors
    /// Scripted dice that run out in a Recovery Phase the end of an entry
    /// brings.
    pub(super) fn perform_planning(
        &mut self,
        choice: AlesiaChoice,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        match choice {
            AlesiaChoice::AssignTribe { counter, area } => {
                if let Some(s) = self.field.counter_mut(counter) {
                    s.assigned_area = area_index(area);
                }
                events.push(Event::new("5.31", AlesiaEvent::TribeAssigned { counter, area }));
                self.advance_planning();
            }
            AlesiaChoice::PlaceCounter(p) => {
                let control = self.setup().counters.get(p.counter.index()).map_or(0, |c| c.control);
                self.put_counter(p);
                let entering = self.turn.planning.as_ref().and_then(|x| x.entering);
                if let Some(plan) = self.turn.planning.as_mut() {
                    plan.chieftain_placed |= p.chieftain.is_some();
                    match plan.entering.as_mut() {
                        Some(e) => e.control = e.control.saturating_add(control),
                        None => plan.initial_control = plan.initial_control.saturating_add(control),
                    }
                }
                let rule = if entering.is_some() { "5.42" } else { "5.41" };
                events.push(Event::new(rule, AlesiaEvent::CounterPlaced(p)));
            }
            AlesiaChoice::EndPlacement => {
                let entering = self.turn.planning.as_ref().and_then(|x| x.entering).is_some();
                if let Some(plan) = self.turn.planning.as_mut() {
                    plan.chieftain_placed = false;
                    plan.entering = None;
                    plan.segment = Segment::Activations;
                }
                if entering {
                    // 5.42: the placement is the activation.
                    sequence_of_play::end_phase(self, Side::Adversary, dice, events)?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// 5.33, 5.34, 5.42: an entry attempt through `area`, as the Gallic
    /// Activation Phase's sole action.
    pub(super) fn attempt_entry(
        &mut self,
        area: EntryArea,
        dice: &mut Dice,
        events: &mut Vec<Event<AlesiaEvent>>,
    ) -> Result<(), CombatError> {
        let arrival = self.setup().tables.arrival().arrival(&area);
        let (roll, arrived) = match arrival {
            Some(Arrival::Automatic) => (None, true),
            _ => {
                let roll = dice.d10()?;
                let arrived =
                    self.setup().tables.arrival().arrives(&area, roll.face).unwrap_or(false);
                (Some(roll), arrived)
            }
        };
        sequence_of_play::close_window(self, Side::Adversary);
        self.turn.play.seizure.seized_by = None;
        if let Some(plan) = self.turn.planning.as_mut() {
            plan.entry_this_phase = true;
            plan.chieftain_placed = false;
            if arrived {
                plan.entering = Some(Entry { area, control: 0 });
            }
        }
        let what = AlesiaEvent::EntryAttempt { area, roll: roll.map(|r| r.face), arrived };
        let event = Event::new("5.33", what);
        events.push(match roll {
            Some(r) => event.with_roll(r),
            None => event,
        });
        if !arrived {
            // 5.34: an unsuccessful attempt is a lost activation.
            sequence_of_play::end_phase(self, Side::Adversary, dice, events)?;
        }
        Ok(())
    }

    /// 3.0 C: a Gallic Activation Phase ended (5.32, 5.33 count them; 5.42
    /// remembers whether it was an entry attempt).
    pub(super) fn planning_end_phase(&mut self, side: Side) {
        if side != Side::Adversary {
            return;
        }
        if let Some(plan) = self.turn.planning.as_mut() {
            plan.gallic_phases = plan.gallic_phases.saturating_add(1);
            plan.entry_last_phase = plan.entry_this_phase;
            plan.entry_this_phase = false;
        }
    }

    /// Hexes where counters assigned to `area` may be placed (5.45).
    #[must_use]
    pub fn entry_area_hexes(&self, area: EntryArea) -> Vec<Hex> {
        area_placement_hexes(&self.field, &area_name(area)).unwrap_or_default()
    }
}
