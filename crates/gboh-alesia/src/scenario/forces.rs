//! 12.1 "Six Legions (his choice) ... 1 Area Commander": the Roman player's
//! choice of forces, checked against the scenario.

use std::collections::BTreeSet;

use crate::leader::Rank;
use gboh_core::Side;
use gboh_core::unit::Status;

use super::{LeaderRequirement, Scenario, ScenarioError, UnitRequirement};
use crate::game::{Battlefield, LegionIdx, Lid, Membership, Setup, Uid};

/// Which Roman forces the player uses (12.1, 12.2: "his choice").
///
/// Legates, scorpiones and (when the scenario says) aquilae come with their
/// legions; `units` are the units outside the legions; `leaders` every other
/// leader (Caesar, the Area Commander, the Prefects).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ForceChoice {
    /// The legions, in the order the generator lays them along the rampart.
    pub legions: Vec<LegionIdx>,
    /// The legions the generator puts in the infantry camp (some of `legions`).
    pub camp_legions: Vec<LegionIdx>,
    /// Units outside the legions, in [`Uid`] order.
    pub units: Vec<Uid>,
    /// Leaders other than the Legates, in [`Lid`] order.
    pub leaders: Vec<Lid>,
}

fn choice_error(rule: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError::Choice { rule: rule.to_owned(), message: message.into() }
}

/// The Roman units outside the legions that fit a requirement, in [`Uid`] order.
fn candidates<'s>(setup: &'s Setup, req: &'s UnitRequirement) -> impl Iterator<Item = Uid> + 's {
    let contingent = req.from.as_deref().and_then(|id| setup.mix.contingent(id)).map(|c| &c.units);
    setup.units.iter().enumerate().filter_map(move |(i, u)| {
        let uid = Uid(u16::try_from(i).ok()?);
        let fits = u.side == Side::Roman
            && u.membership == Membership::Roman
            && u.unit_type() == req.unit_type
            && contingent.is_none_or(|ids| ids.iter().any(|id| id.as_str() == u.id));
        fits.then_some(uid)
    })
}

impl Scenario {
    /// The choice the deployment generator makes when the player does not:
    /// the scenario's `default_choice` legions and leaders, and the first units
    /// of each required kind in counter-mix order.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] if the setup's counter mix cannot supply it.
    pub fn default_choice(&self, setup: &Setup) -> Result<ForceChoice, ScenarioError> {
        let d = &self.roman.default_choice.value;
        let legions: Vec<&str> = d.legions.iter().map(String::as_str).collect();
        let leaders: Vec<&str> = d.leaders.iter().map(|l| l.as_str()).collect();
        self.choose(setup, &legions, d.camp_legion.as_deref(), &leaders)
    }

    /// A choice of forces by ids: legions (in rampart order), the camp legion,
    /// and the leaders for the scenario's rank requirements (in order); units
    /// outside the legions are the first of each kind in counter-mix order.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] naming what does not fit the scenario.
    pub fn choose(
        &self,
        setup: &Setup,
        legions: &[&str],
        camp_legion: Option<&str>,
        rank_leaders: &[&str],
    ) -> Result<ForceChoice, ScenarioError> {
        let rule = self.cite(&self.roman.legions);
        let legion_idx = |id: &str| {
            setup
                .mix
                .legions()
                .iter()
                .position(|l| l.id == id)
                .and_then(|i| u8::try_from(i).ok())
                .map(LegionIdx)
                .ok_or_else(|| choice_error(&rule, format!("no legion {id:?}")))
        };
        let legions: Vec<LegionIdx> =
            legions.iter().map(|id| legion_idx(id)).collect::<Result<_, _>>()?;
        let camp_legions = camp_legion.map(legion_idx).transpose()?.into_iter().collect();
        let mut units = Vec::new();
        for req in &self.roman.units {
            let take: Vec<Uid> = candidates(setup, &req.value)
                .filter(|u| !units.contains(u))
                .take(usize::from(req.value.count))
                .collect();
            units.extend(take);
        }
        units.sort_unstable();
        let mut leaders = Vec::new();
        let mut chosen = rank_leaders.iter();
        for req in &self.roman.leaders {
            match &req.value {
                LeaderRequirement::Named(id) => leaders.push(
                    setup
                        .lid(id.as_str())
                        .ok_or_else(|| choice_error(&self.cite(req), format!("no leader {id}")))?,
                ),
                LeaderRequirement::Rank(_, n) => {
                    for _ in 0..*n {
                        let id = chosen.next().ok_or_else(|| {
                            choice_error(&self.cite(req), "too few leaders chosen")
                        })?;
                        leaders.push(setup.lid(id).ok_or_else(|| {
                            choice_error(&self.cite(req), format!("no leader {id:?}"))
                        })?);
                    }
                }
            }
        }
        leaders.sort_unstable();
        let choice = ForceChoice { legions, camp_legions, units, leaders };
        self.check_choice(setup, &choice)?;
        Ok(choice)
    }

    /// Whether a choice fits the scenario's force list: the number of legions
    /// (each complete, with legate), the units outside the legions by kind,
    /// and the leaders by name and rank.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] with the first misfit and its rule.
    pub fn check_choice(&self, setup: &Setup, choice: &ForceChoice) -> Result<(), ScenarioError> {
        let rule = self.cite(&self.roman.legions);
        let want = usize::from(self.roman.legions.value.count);
        let distinct: BTreeSet<_> = choice.legions.iter().collect();
        if distinct.len() != choice.legions.len() || choice.legions.len() != want {
            return Err(choice_error(
                &rule,
                format!("choose {want} different legions, not {}", choice.legions.len()),
            ));
        }
        for l in &choice.legions {
            if setup.mix.legions().get(l.index()).is_none() {
                return Err(choice_error(&rule, format!("no legion {}", l.0)));
            }
        }
        if choice.camp_legions.iter().any(|l| !choice.legions.contains(l)) {
            return Err(choice_error(&rule, "a camp legion must be a chosen legion"));
        }
        for req in &self.roman.units {
            let fits: Vec<Uid> = candidates(setup, &req.value).collect();
            let n = choice.units.iter().filter(|u| fits.contains(u)).count();
            if n != usize::from(req.value.count) {
                return Err(choice_error(
                    &self.cite(req),
                    format!("choose {} {}, not {n}", req.value.count, req.value.unit_type),
                ));
            }
        }
        let accounted = choice
            .units
            .iter()
            .all(|u| self.roman.units.iter().any(|r| candidates(setup, &r.value).any(|c| c == *u)));
        if !accounted {
            return Err(choice_error(&rule, "a chosen unit is not in the scenario's force list"));
        }
        let mut rank_counts: Vec<(Rank, usize)> = Vec::new();
        for req in &self.roman.leaders {
            match &req.value {
                LeaderRequirement::Named(id) => {
                    if !setup.lid(id.as_str()).is_some_and(|l| choice.leaders.contains(&l)) {
                        return Err(choice_error(&self.cite(req), format!("{id} must be used")));
                    }
                }
                LeaderRequirement::Rank(r, n) => rank_counts.push((*r, usize::from(*n))),
            }
        }
        for (rank, n) in rank_counts {
            let named: Vec<Lid> = self
                .roman
                .leaders
                .iter()
                .filter_map(|r| match &r.value {
                    LeaderRequirement::Named(id) => setup.lid(id.as_str()),
                    LeaderRequirement::Rank(..) => None,
                })
                .collect();
            let got = choice
                .leaders
                .iter()
                .filter(|l| !named.contains(l) && setup.leader_is(**l, rank))
                .count();
            if got != n {
                return Err(choice_error(&rule, format!("choose {n} {}, not {got}", rank.name())));
            }
        }
        Ok(())
    }
}

/// The legions with a committed unit (on the map, or eliminated) on `field`,
/// in [`LegionIdx`] order: the legions the Roman player uses.
#[must_use]
pub(super) fn legions_in_play(field: &Battlefield) -> Vec<LegionIdx> {
    let mut out: Vec<LegionIdx> = Vec::new();
    for (i, info) in field.setup().units.iter().enumerate() {
        let Membership::Legion(l) = info.membership else {
            continue;
        };
        let committed = u16::try_from(i)
            .ok()
            .and_then(|u| field.unit(Uid(u)))
            .is_some_and(|s| s.at.is_some() || s.cohesion.status == Status::Eliminated);
        if committed && !out.contains(&l) {
            out.push(l);
        }
    }
    out.sort_unstable();
    out
}
