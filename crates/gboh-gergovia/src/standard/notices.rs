//! What Gergovia's rules do when the engine reports a step or an order:
//! 6.8's impetuosity ending, Camped Gauls alerted or out of disorder, 9.35's
//! scorpions destroyed, 9.33's Gallic command phase, the points counted.

use gboh_core::Side;
use gboh_standard::GameEvent;
use gboh_standard::state::Field;

use super::Gergovia;
use super::event::{GergoviaEvent, event_at, unit_id};

impl Gergovia {
    /// Reports what `unit_ordered` (Camped Gauls) and
    /// `elite_phase_started` (Elite Commanders) changed.
    pub(super) fn flush(&mut self, events: &mut Vec<GameEvent<Self>>) {
        for what in std::mem::take(&mut self.unreported) {
            let rule = match what {
                GergoviaEvent::EliteCommandUsed { .. } => "Gergovia, Elite Commanders",
                GergoviaEvent::Revealed { .. } => crate::hidden::RULE,
                _ => "Gergovia, Camped Gauls",
            };
            events.push(event_at(rule, what));
        }
    }

    /// After unit `unit` entered a hex.
    pub(super) fn after_move(
        &mut self,
        field: &Field,
        unit: usize,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.flush(events);
        // Gallic Starting Deployment [b]: a hidden unit that moves, and one a
        // Roman unit now stands next to, are revealed.
        self.reveal(field, unit, crate::hidden::Reveal::Moved, events);
        self.reveal_adjacent(field, events);
        if let Some(tribe) = self.impetuosity.moved(field, unit) {
            events.push(event_at("Gergovia 6.8", GergoviaEvent::ImpetuosityEnding { tribe }));
        }
        for tribe in self.camp.roman_moved(field, unit) {
            events.push(event_at(
                "Gergovia, Camped Gauls",
                GergoviaEvent::CampAlerted { tribe, by_romans: true },
            ));
        }
        // 9.35: "Scorpions are destroyed if a Gallic unit enters the tower."
        if let Some(tower) = crate::scorpions::tower_entered(field, unit)
            && !self.scorpions_destroyed.contains(&tower)
        {
            self.scorpions_destroyed.push(tower.clone());
            events.push(event_at("Gergovia 9.35", GergoviaEvent::ScorpionDestroyed { tower }));
        }
        self.count(field, events);
    }

    /// When `leader` orders `unit`.
    pub(super) fn after_order(&mut self, field: &Field, leader: usize, unit: usize) {
        // Gallic Starting Deployment [b]: an ordered unit acts in the open
        // (reported with the next events).
        if self.hidden.reveal(unit) {
            self.unreported.push(super::view::revealed(
                field,
                unit,
                crate::hidden::Reveal::Ordered,
            ));
        }
        for u in self.hidden.reveal_adjacent(field) {
            self.unreported.push(super::view::revealed(
                field,
                u,
                crate::hidden::Reveal::RomanAdjacent,
            ));
        }
        // Camped Gauls: the chief alerts his tribe, or ends its disorder.
        match self.camp.chief_ordered(field, leader, unit) {
            Some((tribe, true)) => {
                self.unreported.push(GergoviaEvent::CampAlerted { tribe, by_romans: false });
            }
            Some((tribe, false)) => self.unreported.push(GergoviaEvent::DisorderOver { tribe }),
            None => {}
        }
        match field.leader_def(leader).map(|d| d.side) {
            Some(Side::Adversary) => {
                let now = Some((field.turn, leader));
                if self.gallic_phase != now {
                    self.gallic_phase = now;
                    self.scorpion_targets.clear();
                }
            }
            _ => {
                self.gallic_phase = None;
                self.scorpion_targets.clear();
            }
        }
    }

    /// Special Terrain Notes: reports a wall roll.
    pub(super) fn after_crossing(
        &mut self,
        field: &Field,
        unit: usize,
        crossing: &gboh_standard::CrossingRoll,
        roll: gboh_core::dice::Roll,
        stopped: bool,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.flush(events);
        events.push(
            event_at(
                crossing.rule,
                GergoviaEvent::WallRoll {
                    unit: unit_id(field, unit).map_or_else(String::new, ToString::to_string),
                    what: crossing.what.clone(),
                    before: crossing.before,
                    stopped,
                },
            )
            .with_roll(roll),
        );
    }

    /// Camped Gauls: a camped chief's activation alerts his tribe.
    pub(super) fn after_activation(
        &mut self,
        field: &Field,
        leader: usize,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.reveal_adjacent(field, events);
        if let Some(tribe) = self.camp.chief_activated(field, leader) {
            events.push(event_at(
                "Gergovia, Camped Gauls",
                GergoviaEvent::CampAlerted { tribe, by_romans: false },
            ));
        }
    }

    /// At the end of the turn: 6.8's impetuosity lost; the points counted.
    pub(super) fn after_turn(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        self.flush(events);
        self.reveal_adjacent(field, events);
        for tribe in self.impetuosity.turn_ended() {
            events.push(event_at("Gergovia 6.8", GergoviaEvent::ImpetuosityLost { tribe }));
        }
        self.count(field, events);
    }
}
