//! Victory, counted live: what the field stands at, both sides' points,
//! and the reports when they change ([`Gergovia::tally`]).

use gboh_core::Side;
use gboh_core::data::DataError;
use gboh_core::unit::UnitId;
use gboh_standard::GameEvent;
use gboh_standard::state::{Field, LeaderStatus, UnitStatus};

use super::Gergovia;
use super::event::{GergoviaEvent, event, event_at, unit_id};
use crate::counters;
use crate::map;
use crate::victory::{self, Situation, Tally, Version, VictoryError};

impl Gergovia {
    /// Victory: what the field stands at, as a [`Situation`]: units
    /// eliminated, Roman units routed (now or before), dead leaders, who
    /// stands where, the eagles the Gauls hold ([`crate::eagles`]).
    #[must_use]
    pub fn situation(&self, field: &Field) -> Situation {
        let mut s = Situation::default();
        for (u, state) in field.units.iter().enumerate() {
            let Some(def) = field.def(u) else { continue };
            // Gallic Reinforcements: waiting off the map is no loss.
            if crate::reinforcements::is_waiting(field, u) {
                continue;
            }
            match state.status {
                UnitStatus::Eliminated => s.destroyed.push(def.id.clone()),
                UnitStatus::Routed | UnitStatus::InPlay => {
                    s.on_map.push((def.id.clone(), state.hex));
                }
            }
            let routed_now = state.status == UnitStatus::Routed;
            if def.side == Side::Roman && (routed_now || self.routed.contains(&u)) {
                s.weakened.push(def.id.clone());
            }
        }
        for (l, state) in field.leaders.iter().enumerate() {
            if state.status == LeaderStatus::Dead
                && let Some(d) = field.leader_def(l)
            {
                s.dead_leaders.push(d.name.clone());
            }
        }
        s.captured_eagles = self.eagles.captured(field).into_iter().map(UnitId::from).collect();
        s
    }

    /// Victory: both sides' points now, line by line, from the printed list
    /// (`data/gergovia/victory.ron`).
    ///
    /// # Errors
    /// The embedded data's problems, or a unit the counters do not know.
    pub fn tally(&self, field: &Field) -> Result<Tally, TallyError> {
        let vp = victory::victory()?;
        let mix = counters::counters()?;
        let board = map::board()?;
        let mut tally = vp.count(Version::Standard, board, mix, &self.situation(field))?;
        // Tournament Play: the winner's bid is his threshold.
        if let Some((side, bid)) = self.bid {
            match side {
                Side::Roman => tally.rome.threshold = bid,
                Side::Adversary => tally.gaul.threshold = bid,
            }
        }
        Ok(tally)
    }

    /// Counts the points and reports what changed (the eagles first).
    pub(super) fn count(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        for c in self.eagles.sync(field) {
            let bearer = match c.state {
                crate::eagles::EagleState::Carried { bearer } => {
                    unit_id(field, bearer).map(ToString::to_string)
                }
                _ => None,
            };
            events.push(event_at(
                crate::eagles::RULE,
                GergoviaEvent::Eagle { legion: c.legion, state: c.state, bearer },
            ));
        }
        let Ok(tally) = self.tally(field) else { return };
        let now = (tally.rome.total, tally.gaul.total);
        if now != self.reported {
            self.reported = now;
            events.push(event(GergoviaEvent::VictoryPoints { rome: now.0, gaul: now.1 }));
        }
        if self.winner.is_none()
            && let Some(side) = tally.winner()
        {
            self.winner = Some(side);
            let t = if side == Side::Roman { &tally.rome } else { &tally.gaul };
            events.push(event(GergoviaEvent::ThresholdReached {
                side,
                points: t.total,
                threshold: t.threshold,
            }));
        }
    }
}

/// Why the points could not be counted.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TallyError {
    /// The embedded data.
    #[error(transparent)]
    Data(#[from] DataError),
    /// The count.
    #[error(transparent)]
    Count(#[from] VictoryError),
}
