//! The start of a scenario: the Romans deployed, the Gauls off the map with
//! the Relief Force's counters in the scenario's pool.

use std::collections::BTreeSet;
use std::sync::Arc;

use super::{ForceChoice, Scenario, ScenarioError};
use crate::game::{Battlefield, CounterIdx, Setup};
use crate::protocol::{Alesia, GallicEntryRules, ScenarioRules};

/// The Relief Force's Tribal and Cavalry Counters for one game (12.1: "Tribal
/// (or Cavalry) Counters equal to no more than 80 Size Points ... He gets all
/// the units for those tribes").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ReliefPool {
    /// The counters, in [`CounterIdx`] order.
    pub counters: Vec<CounterIdx>,
    /// Their total Size (4.42).
    pub size_points: u32,
    /// The scenario's cap.
    pub cap: u32,
}

fn pool_error(rule: &str, message: impl Into<String>) -> ScenarioError {
    ScenarioError::Choice { rule: rule.to_owned(), message: message.into() }
}

impl Scenario {
    /// The default relief pool: the scenario's `default_relief` counters.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] if the setup lacks a counter or the pool is
    /// over the cap.
    pub fn relief_pool(&self, setup: &Setup) -> Result<ReliefPool, ScenarioError> {
        let rule = self.cite(&self.gauls.default_relief);
        let counters = self
            .gauls
            .default_relief
            .value
            .iter()
            .map(|id| {
                setup
                    .counters
                    .iter()
                    .position(|c| &c.id == id)
                    .and_then(|i| u8::try_from(i).ok())
                    .map(CounterIdx)
                    .ok_or_else(|| pool_error(&rule, format!("no counter {id:?}")))
            })
            .collect::<Result<Vec<_>, _>>()?;
        self.check_relief(setup, &counters)
    }

    /// Checks the Gallic player's own choice of counters: each a Tribal or
    /// Cavalry Counter of the setup, none twice, their Size within the cap.
    ///
    /// # Errors
    /// [`ScenarioError::Choice`] citing the scenario's rule.
    pub fn check_relief(
        &self,
        setup: &Setup,
        counters: &[CounterIdx],
    ) -> Result<ReliefPool, ScenarioError> {
        let rule = self.cite(&self.gauls.size_points);
        let cap = self.gauls.size_points.value;
        let distinct: BTreeSet<_> = counters.iter().collect();
        if distinct.len() != counters.len() {
            return Err(pool_error(&rule, "a counter is chosen twice"));
        }
        let mut size_points = 0u32;
        for c in counters {
            let info = setup
                .counters
                .get(c.index())
                .ok_or_else(|| pool_error(&rule, format!("no counter {}", c.0)))?;
            size_points += u32::from(info.size);
        }
        if size_points > cap {
            return Err(pool_error(
                &rule,
                format!("the relief holds {size_points} Size Points, over the cap of {cap}"),
            ));
        }
        let mut counters = counters.to_vec();
        counters.sort_unstable();
        Ok(ReliefPool { counters, size_points, cap })
    }

    /// The game at the start of the scenario, with the generator's default
    /// choice of Roman forces ([`Scenario::default_choice`]).
    ///
    /// # Errors
    /// As [`Scenario::initial_game_with`].
    pub fn initial_game(&self, setup: Arc<Setup>) -> Result<Alesia, ScenarioError> {
        let choice = self.default_choice(&setup)?;
        self.initial_game_with(setup, &choice)
    }

    /// The game at the start of the scenario (3.0 A, Roman Deployment): the
    /// chosen Roman forces deployed by every rule ([`Scenario::deploy`]); every
    /// Gallic piece off the map (the Relief Force's counters wait in
    /// [`Scenario::relief_pool`], the Alesia Force off the map for its entry);
    /// the leaders the scenario does not use (Critognatus in 12.1) marked dead,
    /// so that nothing activates them or makes them successors (4.35); the
    /// Gauls to act first (3.0).
    ///
    /// # Errors
    /// [`ScenarioError`] if the choice does not fit, or deployment fails.
    pub fn initial_game_with(
        &self,
        setup: Arc<Setup>,
        choice: &ForceChoice,
    ) -> Result<Alesia, ScenarioError> {
        let mut field = Battlefield::new(setup);
        self.deploy(&mut field, choice)?;
        for id in &self.gauls.unused_leaders.value {
            let lid = field.setup().lid(id.as_str());
            if let Some(state) = lid.and_then(|l| field.leader_mut(l)) {
                state.dead = true;
            }
        }
        let relief = self.relief_pool(field.setup())?;
        let mut game = Alesia::new(field);
        game.turn.periods = self.assault_periods();
        game.turn.rules = ScenarioRules {
            id: self.id.clone(),
            relief: relief.counters,
            entry_areas: self.gauls.entry_areas.value.clone(),
            counters_per_activation: self
                .gauls
                .counters_per_activation
                .as_ref()
                .map_or(0, |c| c.value),
            entry_rules: if self.gauls.counters_per_activation.is_some() {
                GallicEntryRules::PerActivation
            } else {
                GallicEntryRules::AssaultPlanning
            },
            routed_are_eliminated: self.routed_are_eliminated(),
            roman_edge_distance: self.roman_edge_distance(),
            cavalry_restricted_to_camps: self.cavalry_restricted_to_camps(),
            // 5.5 needs the deployment rules again in a later Assault Period.
            source: (self.assault_periods() > 1).then(|| self.source.clone()),
        };
        // 3.0 B: Gallic Assault Planning, under the general rules.
        game.start_planning();
        // 12.1 special rule 2: routed units are, instead, eliminated.
        game.turn.combat.routed_units_eliminated = self.routed_are_eliminated();
        // 12.1: "Six Legions ... with Legates, Scorpiones and Aquilae": each
        // deployed legion's Aquila stands with its Legate.
        let setup = game.setup().clone();
        for (l, legion) in setup.mix.legions().iter().enumerate() {
            let Ok(idx) = u8::try_from(l).map(crate::game::LegionIdx) else {
                continue;
            };
            let at = setup
                .lid(legion.legate.as_ref())
                .and_then(|lid| game.field.leader(lid))
                .and_then(|s| s.at);
            if let Some(hex) = at {
                crate::combat::effects::aquila::place(&mut game, idx, hex);
            }
        }
        Ok(game)
    }
}
