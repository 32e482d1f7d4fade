//! 5.5 Roman Redeployment: "At the beginning of every Assault Period after
//! the first, the Roman player may redeploy any/all of his troops using the
//! same restrictions on placement as given in the scenario initial
//! deployment."
//!
//! Neither printed scenario has a second Assault Period; a scenario with more
//! than one ([`crate::scenario::SpecialRule::AssaultPeriods`]) carries its file
//! in [`ScenarioRules::source`] so that a game, saved and loaded, can still
//! check a redeployment against its deployment rules
//! ([`crate::scenario::validate_deployment`]).
//!
//! The Roman player moves combat units one at a time
//! ([`Action::Redeploy`](super::Action::Redeploy): to a hex inside the vallations, or a cavalry camp for
//! cavalry, not holding Gauls, within stacking; facing the open ground
//! outside, as at deployment), then ends the redeployment
//! ([`Action::EndRedeployment`](super::Action::EndRedeployment), legal only if the whole deployment passes
//! the scenario's rules) or keeps the deployment he had
//! ([`Action::KeepDeployment`](super::Action::KeepDeployment), which puts back every unit moved). Leaders
//! stay where they are.

use crate::map::{Region, SiegeWorks};
use gboh_core::Side;
use gboh_core::facing::Facing;
use gboh_core::unit::Status;
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::choice::{AlesiaChoice, AlesiaDecision, decision_asks, not_pending};
use super::{Alesia, ScenarioRules};
use crate::combat::CombatError;
use crate::game::Uid;
use crate::map::areas;
use crate::scenario::{
    Scenario, ScenarioId, distances_from, facing_toward, open_outside, validate_deployment,
};

/// A redeployment under way (5.5).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Redeployment {
    /// Every Roman combat unit on the map at the start, with its hex and
    /// facing, stack by stack from the top.
    pub start: Vec<(Uid, Hex, Facing)>,
    /// Whether a unit has been moved.
    pub moved: bool,
}

impl ScenarioRules {
    /// The scenario these rules came from: the embedded one of the same id,
    /// or the file carried in [`ScenarioRules::source`].
    #[must_use]
    pub fn scenario(&self) -> Option<Scenario> {
        if let Some(src) = &self.source {
            return Scenario::from_ron(&src.file, &src.text).ok();
        }
        let id: ScenarioId = self.id.parse().ok()?;
        id.scenario().ok().cloned()
    }
}

impl Alesia {
    /// 5.5: opens the Roman Redeployment at the start of an Assault Period
    /// after the first.
    pub(super) fn start_redeployment(&mut self) {
        let mut start = Vec::new();
        let setup = self.setup().clone();
        for hex in setup.board.hexes() {
            if self.field.side_in(hex) != Some(Side::Roman) {
                continue;
            }
            for uid in self.field.stack(hex).iter() {
                if let Some(u) = self.field.unit(uid) {
                    start.push((uid, hex, u.facing));
                }
            }
        }
        self.turn.redeployment = Some(Redeployment { start, moved: false });
    }

    /// 5.5: the Roman combat units that may be redeployed: on the map, not
    /// routed.
    fn redeployable(&self) -> Vec<Uid> {
        let setup = self.setup();
        setup
            .units
            .iter()
            .zip(self.field.units())
            .enumerate()
            .filter(|(_, (info, u))| {
                info.side == Side::Roman
                    && u.at.is_some()
                    && matches!(u.cohesion.status, Status::Fresh | Status::Reduced)
            })
            .filter_map(|(i, _)| u16::try_from(i).ok().map(Uid))
            .collect()
    }

    /// Whether unit `uid` may be redeployed into `hex` now: inside the
    /// vallations (cavalry also in a cavalry camp), no Gauls there, stacking
    /// (6.61, 8.57).
    fn may_redeploy_to(&self, uid: Uid, hex: Hex) -> bool {
        let setup = self.setup();
        let board = &setup.board;
        if self.field.position(uid) == Some(hex) || self.field.side_in(hex) == Some(Side::Adversary)
        {
            return false;
        }
        let cavalry = setup.unit(uid).is_some_and(|i| i.unit_type().is_cavalry());
        let camp = areas::CAVALRY_CAMPS.iter().any(|a| board.in_area(a, hex));
        if board.region(hex) != Some(Region::Inside) && !(cavalry && camp) {
            return false;
        }
        let mut units: Vec<Uid> = self.field.stack(hex).iter().collect();
        units.push(uid);
        crate::movement::stacking::check_stack(&self.field, hex, &units).is_ok()
    }

    /// The redeployment actions legal now.
    pub(super) fn redeployment_choices(&self, out: &mut Vec<AlesiaChoice>) {
        let Some(r) = self.turn.redeployment.as_ref() else {
            return;
        };
        let board = &self.setup().board;
        let hexes: Vec<Hex> = board
            .hexes()
            .filter(|&h| {
                board.region(h) == Some(Region::Inside)
                    || areas::CAVALRY_CAMPS.iter().any(|a| board.in_area(a, h))
            })
            .collect();
        for uid in self.redeployable() {
            for &to in &hexes {
                if self.may_redeploy_to(uid, to) {
                    out.push(AlesiaChoice::Redeploy { unit: uid, to });
                }
            }
        }
        if r.moved && self.redeployment_violations().is_empty() {
            out.push(AlesiaChoice::EndRedeployment);
        }
        out.push(AlesiaChoice::KeepDeployment);
    }

    /// 5.5: what the deployment now breaks of the scenario's rules (every
    /// rule of initial deployment), as messages citing them.
    #[must_use]
    pub fn redeployment_violations(&self) -> Vec<String> {
        match self.turn.rules.scenario() {
            Some(s) => {
                validate_deployment(&self.field, &s).iter().map(ToString::to_string).collect()
            }
            None => vec!["5.5: the scenario's deployment rules are not known".to_owned()],
        }
    }

    /// Checks a redeployment action.
    ///
    /// # Errors
    /// Why it is not a legal redeployment now, citing 5.5.
    pub(super) fn check_redeployment(&self, choice: &AlesiaChoice) -> Result<(), CombatError> {
        let moved = self.turn.redeployment.as_ref().is_some_and(|r| r.moved);
        match choice {
            AlesiaChoice::Redeploy { unit, to } => {
                if self.redeployable().contains(unit) && self.may_redeploy_to(*unit, *to) {
                    Ok(())
                } else {
                    Err(CombatError::illegal(
                        "5.5",
                        "a Roman combat unit on the map redeploys only inside the vallations (cavalry also in its camps), where no Gaul stands and stacking allows",
                    ))
                }
            }
            AlesiaChoice::EndRedeployment => {
                if moved && self.redeployment_violations().is_empty() {
                    Ok(())
                } else {
                    Err(CombatError::illegal(
                        "5.5",
                        "the redeployment must keep every restriction of the scenario's initial deployment (or keep the deployment as it was)",
                    ))
                }
            }
            AlesiaChoice::KeepDeployment => Ok(()),
            _ => Err(not_pending(decision_asks(&AlesiaDecision::RomanRedeployment))),
        }
    }

    /// Performs a checked redeployment action.
    ///
    /// # Errors
    /// A unit that could not be placed where it was checked to go.
    pub(super) fn perform_redeployment(&mut self, choice: AlesiaChoice) -> Result<(), CombatError> {
        match choice {
            AlesiaChoice::Redeploy { unit, to } => {
                let board = &self.setup().board;
                let dist = distances_from(board, |h| open_outside(board, h));
                let facing = facing_toward(board, &dist, to);
                self.field
                    .move_unit(unit, to, facing)
                    .map_err(|_| CombatError::illegal("5.5", "the unit could not be placed"))?;
                if let Some(r) = self.turn.redeployment.as_mut() {
                    r.moved = true;
                }
            }
            AlesiaChoice::EndRedeployment => self.turn.redeployment = None,
            AlesiaChoice::KeepDeployment => {
                if let Some(r) = self.turn.redeployment.take() {
                    for &(uid, _, _) in &r.start {
                        self.field.remove_unit(uid);
                    }
                    for &(uid, hex, facing) in &r.start {
                        let _ = self.field.move_unit(uid, hex, facing);
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}
