//! The Alesia game as a protocol state machine ([`gboh_core::game::Rules`]):
//! decision points, legal actions, previews, events and errors.
//!
//! The Assault Period sequence (3.0): the Gallic player has the first
//! Activation Phase; players then alternate, one command per Activation Phase
//! (5.1). Within an activation the active player moves, fires and shocks with
//! the command's units, then ends the activation.

mod choice;
mod commands;
mod decision;
mod entry;
mod event;
mod partial;
mod period;
mod planning;
mod redeployment;
mod rules;
mod save;
mod scenario_rules;
mod sequence_of_play;
mod turn;
mod victory;

use crate::game::AlesiaField;
pub use entry::Placement;
pub use period::joined_setup;
pub use planning::{Entry, Planning, PlanningStep, Segment, area_name, entry_area};
pub use redeployment::Redeployment;
pub use scenario_rules::{GallicEntryRules, ScenarioRules, ScenarioSource};

pub use choice::{AlesiaChoice, AlesiaDecision};
pub use decision::{Action, Pending, Preview};
pub use event::{AlesiaError, AlesiaEvent};
pub use save::AlesiaSave;
pub use turn::{Activation, AlesiaActivation, Outcome, SequenceOfPlay, Turn};

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::unit::Status;

use crate::combat::{self};
use crate::command::Command;
use crate::game::{Battlefield, Lid, Setup, UnitFlags};

/// An Alesia game state: the battlefield and the turn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alesia {
    /// Pieces and markers.
    pub field: Battlefield,
    /// Whose turn, which activation, what is pending.
    pub turn: Turn,
}
impl Alesia {
    /// A game on `field` with the Gauls to act first (3.0).
    #[must_use]
    pub fn new(field: Battlefield) -> Alesia {
        Alesia { field, turn: Turn::new() }
    }

    /// The fixed data.
    #[must_use]
    pub fn setup(&self) -> &Arc<Setup> {
        self.field.setup()
    }

    /// The active command, if an activation is under way.
    #[must_use]
    pub fn active_command(&self) -> Option<&Command> {
        self.turn.play.current.as_ref().map(|a| &a.command)
    }

    /// The units of `command` on the map and able to act, in [`crate::game::Uid`] order.
    pub fn command_units<'a>(
        &'a self,
        command: &'a Command,
    ) -> impl Iterator<Item = crate::game::Uid> + 'a {
        self.field.units().iter().enumerate().filter_map(move |(i, u)| {
            let uid = crate::game::Uid(u16::try_from(i).ok()?);
            (self.field.position(uid).is_some()
                && u.cohesion.status != Status::Eliminated
                && command.covers(&self.field, uid))
            .then_some(uid)
        })
    }
}

impl Alesia {
    /// 5.48, 6.21: when a chieftain (or cavalry leader) is activated, the
    /// combat units still inside each of his command's counters are placed atop
    /// it for movement: all of them, which is "at least six ... or all".
    fn emerge_from_counters(&mut self, command: &Command) {
        let setup = self.setup().clone();
        let counters: Vec<crate::game::CounterIdx> = match command {
            Command::Tribes(_, cs) => cs.clone(),
            Command::GallicCavalry(lid) => setup
                .mix
                .cavalry_counters()
                .iter()
                .filter(|c| setup.lid(c.leader.as_ref()) == Some(*lid))
                .filter_map(|c| {
                    setup
                        .counters
                        .iter()
                        .position(|ci| ci.id == c.id)
                        .and_then(|i| u8::try_from(i).ok())
                })
                .map(crate::game::CounterIdx)
                .collect(),
            Command::AlesiaForce => {
                // 12.1: off the map along the eastern edge, they enter through
                // the entry hexes (Battlefield::position), Vercingetorix with them.
                for (i, info) in setup.units.iter().enumerate() {
                    let uid = crate::game::Uid(u16::try_from(i).unwrap_or(u16::MAX));
                    if info.membership == crate::game::Membership::AlesiaForce
                        && let Some(u) = self.field.unit_mut(uid)
                        && u.at.is_none()
                        && u.cohesion.status == Status::Fresh
                    {
                        u.flags.set(UnitFlags::ON_COUNTER, true);
                    }
                }
                if let Some(lid) = command.leader(&self.field)
                    && self.field.leader(lid).is_some_and(|l| l.at.is_none())
                    && let Some(entry) = setup
                        .board
                        .area(crate::map::areas::ALESIA_FORCE_ENTRY)
                        .and_then(|a| a.hexes().first().copied())
                {
                    let _ = self.field.move_leader(lid, Some(entry));
                }
                return;
            }
            _ => return,
        };
        for c in counters {
            let Some(state) = self.field.counter(c).copied() else {
                continue;
            };
            if state.at.is_none() || state.withdrawn {
                continue;
            }
            // Reduced units too: those back from a withdrawal or recovered
            // (10.72, 10.63) wait inside the counter in a later period.
            for &uid in setup.counters.get(c.index()).map(|i| i.units.as_slice()).unwrap_or(&[]) {
                if let Some(u) = self.field.unit_mut(uid)
                    && combat::effects::withdrawal::waits_inside(u)
                {
                    u.flags.set(UnitFlags::ON_COUNTER, true);
                }
            }
        }
    }

    /// 5.47: units that did not move off stay inside their counter; a counter
    /// all of whose units have been placed flips to its "No Units" side.
    fn settle_counters(&mut self) {
        let setup = self.setup().clone();
        for u in 0..self.field.units().len() {
            if let Some(unit) =
                self.field.unit_mut(crate::game::Uid(u16::try_from(u).unwrap_or(u16::MAX)))
            {
                unit.flags.set(UnitFlags::ON_COUNTER, false);
            }
        }
        for (i, info) in setup.counters.iter().enumerate() {
            let all_out = info.units.iter().all(|&uid| {
                self.field.unit(uid).is_some_and(|u| !combat::effects::withdrawal::waits_inside(u))
            });
            if let Some(c) =
                self.field.counter_mut(crate::game::CounterIdx(u8::try_from(i).unwrap_or(u8::MAX)))
                && c.at.is_some()
                && all_out
            {
                c.flipped = true;
            }
        }
    }

    /// 6.13 (third case): (commander, unit) pairs where an Overall or Area
    /// Commander of the active side is stacked with an activated, in-range
    /// combat unit that has not moved yet and that he is not already riding.
    #[must_use]
    pub fn ride_along_options(&self) -> Vec<(Lid, crate::game::Uid)> {
        let Some(a) = self.turn.play.current.as_ref() else { return Vec::new() };
        if matches!(a.command, Command::Commanders(_)) {
            return Vec::new();
        }
        let setup = self.setup();
        let mut out = Vec::new();
        for (i, leader) in setup.leaders.iter().enumerate() {
            let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
            let commander = leader.is(crate::leader::Rank::AreaCommander)
                || (leader.is(crate::leader::Rank::OverallCommander)
                    && leader.troop_command().is_none());
            if leader.side != a.side || !commander || a.own.riders.iter().any(|r| r.0 == lid) {
                continue;
            }
            let Some(at) = self.leader_hex(lid) else { continue };
            for &u in &a.units {
                let moved = self.field.unit(u).is_none_or(|s| s.flags.has(UnitFlags::MOVED));
                if !moved && !a.own.out_of_range.contains(&u) && self.field.position(u) == Some(at)
                {
                    out.push((lid, u));
                }
            }
        }
        out
    }

    /// 5.25: the seizure candidates that are the Roman Overall Commander (the
    /// rule is the Roman OC's).
    fn seize_to_move_candidates<'a>(
        &'a self,
        side: Side,
        leaders: &'a [Lid],
    ) -> impl Iterator<Item = Lid> + 'a {
        leaders.iter().copied().filter(move |&l| {
            side == Side::Roman
                && self
                    .setup()
                    .leader(l)
                    .is_some_and(|x| x.is(crate::leader::Rank::OverallCommander))
        })
    }

    /// Whether any Alesia Force unit is on the map or has been eliminated.
    #[must_use]
    pub fn alesia_force_in_play(&self) -> bool {
        let setup = self.setup();
        setup.units.iter().zip(self.field.units()).any(|(info, u)| {
            info.membership == crate::game::Membership::AlesiaForce
                && (u.at.is_some() || u.cohesion.status == Status::Eliminated)
        })
    }
}
