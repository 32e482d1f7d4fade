//! Camped Gauls (the battle's special rules): "the Gauls therefore do not
//! start alerted. Campers are alerted tribe by tribe, when their chief is
//! activated. [...] All camped Gauls are, however, alerted at once when a
//! Roman unit moves up to one of them. Disordered. Until alerted, a unit in
//! camp is disordered. Disordered units: give the attacker a column shift
//! to the right on the melee table, if the unit is engaged in melee; and add
//! one (+1) to each die roll for fire. A tribe remains disordered until the
//! start of the next activation of its chief."
//!
//! Written (Reconstructed where the text is silent):
//! - the camped tribes are those with a unit that starts in a Gallic camp
//!   hex (the Nitiobriges, the Carnutes, the Bituriges);
//! - a tribe is alerted when its chief's Orders Phase opens
//!   (`StandardGame::orders_phase_began`), or, all at once, when a Roman
//!   unit enters a hex next to a unit of a tribe not yet alerted;
//! - "alerting takes one entire turn; then the chief and his tribe are
//!   finished": the chief who alerts must pass (`StandardGame::must_pass`:
//!   no order, no Line Command, no Momentum) and no leader, the Overall
//!   Commander included, orders a unit of his tribe for the rest of that
//!   turn (`may_command`);
//! - its units are disordered until the chief orders one of them in a later
//!   activation than the one that alerted it (for the Roman alert, his next
//!   activation);
//! - a disordered defender gives the attacker one column to the right; a
//!   disordered unit's own fire takes +1 (read: "add one to each die roll
//!   for fire" of the unit itself; on the missile table a higher roll is
//!   worse).

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_standard::state::Field;
use serde::{Deserialize, Serialize};

use crate::map::areas;

/// The phase key "the chief's next activation, whatever it is".
const ANY_NEXT: (u8, u8) = (0, u8::MAX);

/// Where each camped tribe stands.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Camp {
    /// The tribes alerted, with the chief's `(turn, phases)` when it was.
    pub alerted: Vec<(String, (u8, u8))>,
    /// The tribes their chief alerted, with the turn: "alerting takes one
    /// entire turn; then the chief and his tribe are finished".
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alerting: Vec<(String, u8)>,
    /// The tribes whose disorder is over.
    pub ordered: Vec<String>,
}

/// The tribe (formation) of unit `u`.
fn tribe(field: &Field, u: usize) -> Option<&str> {
    field.def(u).and_then(|d| d.group.as_deref())
}

/// The camped tribes: those with a unit that starts in a Gallic camp hex,
/// in unit order.
#[must_use]
pub fn camped_tribes(field: &Field) -> Vec<String> {
    let board = field.board();
    let mut out: Vec<String> = Vec::new();
    for (u, &(hex, _)) in field.scenario.start.iter().enumerate() {
        if field.side(u) == Some(Side::Adversary)
            && board.in_area(areas::GALLIC_CAMP, hex)
            && let Some(t) = tribe(field, u)
            && !out.iter().any(|o| o == t)
        {
            out.push(t.to_owned());
        }
    }
    out
}

impl Camp {
    /// Whether `tribe` has been alerted.
    #[must_use]
    pub fn is_alerted(&self, tribe: &str) -> bool {
        self.alerted.iter().any(|(t, _)| t == tribe)
    }

    /// Whether unit `u` is disordered (a camped tribe's, before its chief's
    /// activation after the alert).
    #[must_use]
    pub fn disordered(&self, field: &Field, u: usize) -> bool {
        let Some(t) = tribe(field, u) else { return false };
        field.units.get(u).is_some_and(|s| s.in_play())
            && !self.ordered.iter().any(|o| o == t)
            && camped_tribes(field).iter().any(|c| c == t)
    }

    /// A Roman unit `u` entered a hex: if it stands next to a unit of a
    /// camped tribe not yet alerted, every camped tribe is alerted. Returns
    /// the tribes alerted now.
    pub fn roman_moved(&mut self, field: &Field, u: usize) -> Vec<String> {
        let Some(s) = field.units.get(u) else { return Vec::new() };
        if field.side(u) != Some(Side::Roman) {
            return Vec::new();
        }
        let camped = camped_tribes(field);
        let near = Direction::ALL.iter().any(|d| {
            field.units_at(d.neighbor(s.hex)).into_iter().any(|e| {
                tribe(field, e)
                    .is_some_and(|t| camped.iter().any(|c| c == t) && !self.is_alerted(t))
            })
        });
        if !near {
            return Vec::new();
        }
        let now: Vec<String> = camped.into_iter().filter(|t| !self.is_alerted(t)).collect();
        for t in &now {
            self.alerted.push((t.clone(), ANY_NEXT));
        }
        now
    }

    /// `leader`'s Orders Phase opens: if he is the chief of a camped tribe
    /// not yet alerted, he alerts it now (its disorder lasts to his next
    /// activation) and the alerting takes the turn. Returns the tribe.
    pub fn chief_activated(&mut self, field: &Field, leader: usize) -> Option<String> {
        let t = field.leader_def(leader)?.group.clone()?;
        if !camped_tribes(field).contains(&t) || self.is_alerted(&t) {
            return None;
        }
        let key = (field.turn, field.leaders.get(leader)?.phases);
        self.alerted.push((t.clone(), key));
        self.alerting.push((t.clone(), field.turn));
        Some(t)
    }

    /// The tribe `leader` is chief of, if it is alerting in this turn.
    #[must_use]
    pub fn alerting_chief<'f>(&self, field: &'f Field, leader: usize) -> Option<&'f str> {
        let t = field.leader_def(leader)?.group.as_deref()?;
        self.alerting_now(field, t).then_some(t)
    }

    /// Whether unit `u`'s tribe is alerting in this turn (finished).
    #[must_use]
    pub fn unit_alerting(&self, field: &Field, u: usize) -> bool {
        tribe(field, u).is_some_and(|t| self.alerting_now(field, t))
    }

    fn alerting_now(&self, field: &Field, tribe: &str) -> bool {
        self.alerting.iter().any(|(t, turn)| t == tribe && *turn == field.turn)
    }

    /// `leader` ordered unit `u`: a camped tribe's chief alerts it (the first
    /// time, if it was not alerted when his phase opened), or ends its
    /// disorder (in a later activation). Returns what
    /// happened: `(tribe, true)` alerted, `(tribe, false)` disorder over.
    pub fn chief_ordered(
        &mut self,
        field: &Field,
        leader: usize,
        u: usize,
    ) -> Option<(String, bool)> {
        let t = tribe(field, u)?.to_owned();
        let chief = field.leader_def(leader)?;
        if chief.group.as_deref() != Some(t.as_str()) || !camped_tribes(field).contains(&t) {
            return None;
        }
        let key = (field.turn, field.leaders.get(leader)?.phases);
        match self.alerted.iter().find(|(a, _)| *a == t).map(|&(_, k)| k) {
            None => {
                self.alerted.push((t.clone(), key));
                Some((t, true))
            }
            Some(k) if k != key && !self.ordered.contains(&t) => {
                self.ordered.push(t.clone());
                Some((t, false))
            }
            Some(_) => None,
        }
    }
}
