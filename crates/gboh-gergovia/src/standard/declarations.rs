//! The Gergovia declarations ([`gboh_standard::Action::Declare`]): 6.8's
//! impetuosity by tribe, the Gallic Reinforcements' entries, and knocking a
//! stone wall down (Special Terrain Notes), each numbered in its own range.

use gboh_standard::state::Field;
use gboh_standard::{GameEvent, StandardGame};

use super::Gergovia;
use super::event::{GergoviaEvent, event_at, unit_id};

/// Declaration `choice` in words, citing its section.
pub(super) fn name(field: &Field, choice: u8) -> String {
    if let Some(i) = choice.checked_sub(crate::walls::FIRST_CHOICE) {
        return crate::walls::hexsides(field.board()).get(usize::from(i)).map_or_else(
            || format!("no stone-wall hexside numbered {i} ({})", crate::walls::RULE),
            |&side| {
                format!(
                    "knock down the stone wall at {} ({})",
                    crate::walls::label(field, side),
                    crate::walls::RULE
                )
            },
        );
    }
    if let Some(i) = choice.checked_sub(crate::reinforcements::FIRST_CHOICE) {
        return crate::reinforcements::entry_hexes().get(usize::from(i)).map_or_else(
            || format!("no entry hex numbered {i} (Gergovia, Gallic Reinforcements)"),
            |&h| {
                format!(
                    "bring the next Arverni BI on at {} (Gergovia, Gallic Reinforcements)",
                    field.label(h)
                )
            },
        );
    }
    crate::impetuosity::tribes().get(usize::from(choice)).map_or_else(
        || format!("no tribe numbered {choice} (Gergovia 6.8)"),
        |t| format!("declare the {t} impetuous (Gergovia 6.8)"),
    )
}

impl Gergovia {
    /// Stone Walls: whether `leader` may set `unit` to knock a wall down:
    /// he may order it and it stands in his Command Range.
    pub(super) fn wall_breaker_ok(&self, field: &Field, leader: usize, unit: usize) -> bool {
        self.may_command(field, leader, unit) && crate::commands::in_range(field, leader, unit)
    }

    /// Makes declaration `choice` of `leader` (one the engine validated)
    /// and reports it.
    pub(super) fn make_declaration(
        &mut self,
        field: &Field,
        leader: usize,
        choice: u8,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.flush(events);
        if choice >= crate::walls::FIRST_CHOICE {
            if let Some(u) =
                self.walls.breaker(field, choice, |u| self.wall_breaker_ok(field, leader, u))
                && let Some(&side) = crate::walls::hexsides(field.board())
                    .get(usize::from(choice - crate::walls::FIRST_CHOICE))
            {
                self.walls.knock_down(field, choice, u);
                events.push(event_at(
                    crate::walls::RULE,
                    GergoviaEvent::WallDown {
                        unit: unit_id(field, u).map_or_else(String::new, ToString::to_string),
                        hexside: crate::walls::label(field, side),
                    },
                ));
            }
            return;
        }
        if let Some(e) = self.reinforcements.entry(field, leader, choice) {
            let name = |l: usize| field.leader_def(l).map(|d| d.name.clone());
            events.push(event_at(
                crate::reinforcements::RULE,
                GergoviaEvent::Entered {
                    unit: unit_id(field, e.unit).map_or_else(String::new, ToString::to_string),
                    hex: field.label(e.hex),
                    mp: u8::try_from(e.half_mp / 2).unwrap_or(u8::MAX),
                    leader: e.leader.and_then(name),
                },
            ));
            self.reinforcements.record(field, leader);
            return;
        }
        if let Some(tribe) = self.impetuosity.declare(choice) {
            events.push(event_at("Gergovia 6.8", GergoviaEvent::ImpetuosityDeclared { tribe }));
        }
    }
}
