//! 11.0 Victory and 3.1 the length of an Assault Period.

use crate::game::AlesiaField;
use crate::map::{Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::unit::Status;
use hexx::Hex;

use super::{Alesia, Outcome};
use crate::game::{LegionIdx, Membership};
use crate::map::areas;

impl Alesia {
    /// 11.0: whether `hex` counts as outside the fortifications for the Alesia
    /// Force's breakout: outside the contravallation (the open country, and the
    /// hexes 11.0 names: W4918, W4919 and north-east of them between the outer
    /// walls, and north of W5815 and W5915-W5918).
    #[must_use]
    pub fn outside_for_breakout(&self, hex: Hex) -> bool {
        let board = &self.setup().board;
        board.region(hex) == Some(Region::Outside)
            || board.in_area(areas::OUTSIDE_CONTRAVALLATION, hex)
    }

    /// 11.0: "The Gauls win the instant Vercingetorix and at least three (3)
    /// Alesia Force combat units are outside the circumvallation."
    #[must_use]
    pub fn alesia_force_broke_out(&self) -> bool {
        let setup = self.setup();
        let verc = setup
            .lid("Vercingetorix")
            .and_then(|l| self.field.leader(l))
            .filter(|l| !l.dead)
            .and_then(|l| l.at)
            .is_some_and(|h| self.outside_for_breakout(h));
        if !verc {
            return false;
        }
        let out = setup
            .units
            .iter()
            .zip(self.field.units())
            .filter(|(info, u)| {
                info.membership == Membership::AlesiaForce
                    && u.cohesion.in_play()
                    && u.at.is_some_and(|h| self.outside_for_breakout(h))
            })
            .count();
        out >= 3
    }

    /// 11.0: the legions with a majority of their on-map cohorts Routed or
    /// Eliminated (for a full legion, at least 6 of 10), in legion order.
    #[must_use]
    pub fn broken_legions(&self) -> Vec<LegionIdx> {
        let setup = self.setup();
        let mut out = Vec::new();
        for (l, units) in setup.legions.iter().enumerate() {
            let Ok(idx) = u8::try_from(l).map(LegionIdx) else {
                continue;
            };
            let cohorts: Vec<_> = units
                .iter()
                .filter(|u| {
                    setup.unit(**u).is_some_and(|i| i.unit_type() == gboh_core::unit::UnitType::CO)
                })
                .filter_map(|u| self.field.unit(*u))
                // In the game: on the map now, or put out of it by combat.
                .filter(|u| {
                    u.at.is_some()
                        || matches!(u.cohesion.status, Status::Routed | Status::Eliminated)
                })
                .collect();
            let on_map = cohorts.len();
            let broken = cohorts
                .iter()
                .filter(|u| matches!(u.cohesion.status, Status::Routed | Status::Eliminated))
                .count();
            if on_map > 0 && broken * 2 > on_map {
                out.push(idx);
            }
        }
        out
    }

    /// 3.1: the Gauls retire when tribes whose Size totals at least half the
    /// committed Size points have been withdrawn (10.7). Tribes never placed on
    /// the map are not committed; the Alesia Force does not count.
    #[must_use]
    pub fn gauls_retire(&self) -> bool {
        let (withdrawn, committed) = self.withdrawn_and_committed();
        committed > 0 && withdrawn * 2 >= committed
    }

    /// The engine's reading where 3.1 is silent: no Roman combat unit is left
    /// on the map in formation (every one eliminated, withdrawn or routed).
    /// 3.1 ends an Assault Period only when the Gauls win or retire, and 11.0
    /// counts broken legions only at a period's end; with nothing left to
    /// assault neither can come, so the period ends here too
    /// (docs/rules-coverage.md, 3.1).
    #[must_use]
    pub fn defenders_gone(&self) -> bool {
        !self.setup().units.iter().zip(self.field.units()).any(|(info, u)| {
            info.side == Side::Roman
                && u.at.is_some()
                && matches!(u.cohesion.status, Status::Fresh | Status::Reduced)
        })
    }

    /// 3.1: the Size points of withdrawn tribes, and of all committed tribes.
    #[must_use]
    pub fn withdrawn_and_committed(&self) -> (u32, u32) {
        let setup = self.setup();
        let (mut committed, mut withdrawn) = (0u32, 0u32);
        for (info, state) in setup.counters.iter().zip(self.field.counters()) {
            if state.at.is_some() || state.withdrawn {
                committed += u32::from(info.size);
                if state.withdrawn {
                    withdrawn += u32::from(info.size);
                }
            }
        }
        (withdrawn, committed)
    }

    /// 11.0 at the conclusion of an Assault Period: the Gauls win if at least
    /// four legions are broken; otherwise, after the last period, Rome wins.
    #[must_use]
    pub fn period_end_outcome(&self, last_period: bool) -> Option<Outcome> {
        let broken = self.broken_legions().len();
        if broken >= 4 {
            return Some(Outcome {
                winner: Side::Adversary,
                reason: format!(
                    "11.0: {broken} legions have a majority of their cohorts routed or eliminated"
                ),
            });
        }
        last_period.then(|| Outcome {
            winner: Side::Roman,
            reason: format!(
                "11.0: the Gauls failed to win by the end of the scenario ({broken} legions broken, 4 needed)"
            ),
        })
    }
}
