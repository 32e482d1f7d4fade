//! 4.1 Commands: which units one Activation Phase may activate.

use gboh_core::Side;
use gboh_core::unit::UnitType;
use serde::{Deserialize, Serialize};

pub mod range;

use crate::game::{Battlefield, CounterIdx, LegionIdx, Lid, Membership, Uid};

/// A command: everything one Activation Phase activates (4.1).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Command {
    /// 4.11: all units of one legion, in its Legate's range or not (4.13), with
    /// its scorpio.
    Legion(LegionIdx),
    /// 4.11: the auxiliaries (LI, archers) and Palintonos within an Area
    /// Commander's range.
    Auxiliaries(Lid),
    /// 4.11: the Roman cavalry within a Prefect's range.
    RomanCavalry(Lid),
    /// 4.12: the tribes of the listed Tribal Counters, within a chieftain's
    /// range and Control (sorted, no duplicates).
    Tribes(Lid, Vec<CounterIdx>),
    /// 4.12: the Gallic cavalry and LI within a cavalry leader's range.
    GallicCavalry(Lid),
    /// 5.23, 5.6: Vercingetorix's Alesia Force, one command.
    AlesiaForce,
    /// 6.13: an Overall/Area Commander Movement Activation: the only thing the
    /// player may do is move his Overall Commander and (Roman) Area Commanders.
    Commanders(Side),
}

impl Command {
    /// The side a command belongs to.
    #[must_use]
    pub const fn side(&self) -> Side {
        match self {
            Command::Legion(_) | Command::Auxiliaries(_) | Command::RomanCavalry(_) => Side::Roman,
            Command::Tribes(..) | Command::GallicCavalry(_) | Command::AlesiaForce => {
                Side::Adversary
            }
            Command::Commanders(side) => *side,
        }
    }

    /// The leader activated with the command, if any: he may move after its
    /// units (6.12).
    #[must_use]
    pub fn leader(&self, field: &Battlefield) -> Option<Lid> {
        match self {
            Command::Legion(l) => {
                let legion = field.setup().mix.legions().get(l.index())?;
                field.setup().lid(legion.legate.as_ref())
            }
            Command::Auxiliaries(lid)
            | Command::RomanCavalry(lid)
            | Command::Tribes(lid, _)
            | Command::GallicCavalry(lid) => Some(*lid),
            // 4.21 exception, 4.35: Vercingetorix, or Critognatus after him.
            Command::Commanders(_) => None,
            Command::AlesiaForce => ["Vercingetorix", "Critognatus"]
                .into_iter()
                .filter_map(|id| field.setup().lid(id))
                .find(|&lid| field.leader(lid).is_some_and(|l| !l.dead)),
        }
    }

    /// Whether unit `uid` belongs to the command's kind of troops (4.11,
    /// 4.12). Range conditions are checked when the command is activated.
    #[must_use]
    pub fn covers(&self, field: &Battlefield, uid: Uid) -> bool {
        let Some(info) = field.setup().unit(uid) else {
            return false;
        };
        let t = info.unit_type();
        match (self, info.membership) {
            (Command::Legion(l), Membership::Legion(m)) => *l == m,
            (Command::Auxiliaries(_), Membership::Roman) => {
                info.is_auxiliary() || t == UnitType::Palintonos
            }
            (Command::RomanCavalry(_), Membership::Roman) => t.is_cavalry(),
            (Command::Tribes(_, counters), Membership::Tribe { counter, .. }) => {
                counters.contains(&counter)
            }
            (Command::GallicCavalry(_), Membership::GallicCavalry) => {
                t.is_cavalry() || t == UnitType::LI
            }
            (Command::AlesiaForce, Membership::AlesiaForce) => true,
            _ => false,
        }
    }
}
