//! gboh-dictator: *Dictator* (the GBoH module for *Caesar: The Civil Wars*) on
//! the standard family's engine, [`gboh_standard`].
//!
//! What an app does with it: set up a battle, preview an attack's exact odds
//! before committing to it, let two bots (or players) fight it out.
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::Game;
//! use gboh_core::policy::{Limits, play};
//! use gboh_dictator::Dictator;
//! use gboh_standard::bots::Advance;
//! use gboh_standard::protocol::Preview;
//! use gboh_standard::{Action, Battle, Pending};
//!
//! // The Rhine (58 BC, reconstructed): Caesar against Ariovistus.
//! let (battle, _) = Battle::new(Dictator::rhine(), "The Rhine")?;
//! let mut game = Game::new(battle, Dice::seeded(58));
//!
//! // Two `Advance` bots play until a shot is offered; `check` gives each
//! // outcome's exact chance and every modifier, and changes nothing.
//! let (shot, outcomes) = loop {
//!     let offered = game.legal_actions().into_iter().find_map(|action| {
//!         if !matches!(action, Action::Fire { .. }) {
//!             return None;
//!         }
//!         match game.check(&action).ok()? {
//!             Preview::Odds { outcomes, .. } => Some((action, outcomes)),
//!             _ => None,
//!         }
//!     });
//!     if let Some(found) = offered {
//!         break found;
//!     }
//!     play(&mut game, &mut Advance, &mut Advance, Limits { max_actions: 1 })?;
//!     assert!(game.log().len() < 500);
//! };
//! let told = gboh_standard::narrate::action(game.state().field(), &shot);
//! for (outcome, chance) in &outcomes {
//!     println!("{told}: {outcome} with chance {chance}");
//! }
//! // The outcomes cover every roll.
//! let sum: f64 = outcomes.iter().map(|(_, chance)| chance.as_f64()).sum();
//! assert!((sum - 1.0).abs() < 1e-9);
//!
//! // The bots play on to the end.
//! let result = play(&mut game, &mut Advance, &mut Advance, Limits { max_actions: 20_000 })?;
//! assert!(result.finished && matches!(game.pending(), Pending::Over(_)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The crate reads like the rulebook's "new and changed rules": the game type
//! [`Dictator`] implements [`StandardGame`] and overrides only the hooks its
//! sections change:
//! - 9.6 Barbarian Ferocity: pre-shock modifiers and the check on rout ([`tribe`]);
//! - 9.7 Gallic Impetuosity: +1 MA, -1 to the first Momentum roll, lost after two
//!   units enter a Roman ZOC ([`tribe`]);
//! - 9.106 a phalanx attacking two units shares out their hits itself;
//! - 9.107 Slave phalanxes: TQ rolled at first use ([`phalanx`]);
//! - 4.6 and 4.7 the Tribal and Pontic command systems: who may order whom,
//!   who may move other leaders, line composition and links, Line Command
//!   eligibility, who activates auxiliaries in the (reconstructed) Auxiliares
//!   Phase ([`command`]);
//! - its section numbers where the seed cites them (`StandardGame::section`).
//!
//! Its battles, reconstructed: [`Dictator::rhine`] ("The Rhine") and
//! [`Dictator::chaeronea`] ("Chaeronea"); the examples `dictator_rhine` and
//! `dictator_chaeronea` play them with two bots.
//!
//! Not yet: the double-size phalanx counter (9.101, 9.102's geometry, 9.104):
//! phalanxes are one hex; see docs/rules-coverage.md.
//!
//! ```
//! use gboh_core::game::Rules;
//! use gboh_dictator::Dictator;
//! use gboh_standard::Battle;
//!
//! let (battle, _) = Battle::new(Dictator::tribal_test(), "Tribal test").unwrap();
//! assert!(battle.decider().is_some());
//! // 9.61: Germans and Gauls start with Ferocity; 9.7: only Gauls are impetuous.
//! let tribes = battle.game().tribes();
//! assert!(tribes.iter().all(|t| t.ferocity));
//! assert_eq!(tribes.iter().filter(|t| t.impetuosity != gboh_dictator::tribe::Impetuosity::None).count(), 1);
//! ```
//!
//! # Feature flags
//! None.

#![forbid(unsafe_code)]
#![warn(clippy::indexing_slicing)]

pub mod command;
pub mod narrate;
pub mod phalanx;
pub mod tribe;

use std::collections::BTreeMap;

use gboh_core::BySide;
use gboh_core::data::{DataError, Problem};
use gboh_core::dice::{Dice, DiceError};
use gboh_core::table::{Drm, Modifiers};
use gboh_standard::state::{Field, Scenario};
use gboh_standard::{GameEvent, RuleRef, StandardGame};
use serde::{Deserialize, Serialize};

use command::{CommandSystem, TurnOrders};
use gboh_standard::protocol::{LineContext, LineEligibility};
use tribe::{People, Tribe, TribeDef};

/// The rulebook this crate implements.
pub const RULEBOOK: &str = "Dictator (GBoH module)";

/// What Dictator's own rules report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum DictatorEvent {
    /// 9.62: a tribe's Ferocity check.
    FerocityCheck {
        /// The tribe.
        tribe: String,
        /// It kept its Ferocity.
        kept: bool,
    },
    /// 9.7: two of the tribe's units entered a Roman ZOC: Impetuosity lasts
    /// the rest of this Game Turn.
    ImpetuosityEnding {
        /// The tribe.
        tribe: String,
    },
    /// 9.7: Impetuosity lost.
    ImpetuosityLost {
        /// The tribe.
        tribe: String,
    },
    /// 9.107: a Slave phalanx's TQ rolled.
    SlaveTq {
        /// The unit.
        unit: usize,
        /// Its TQ for the game.
        tq: u8,
    },
}

/// Dictator: the game and its own state (each tribe's Ferocity and
/// Impetuosity, the Slave phalanxes' rolled TQs).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dictator {
    tribes: Vec<Tribe>,
    /// Unit ids of Slave PH units (9.107).
    slaves: Vec<String>,
    /// 9.107's option: every Slave PH has TQ 5, no roll.
    fixed_slave_tq: bool,
    /// Rolled TQs, by unit index.
    slave_tq: BTreeMap<usize, u8>,
    /// Each army's command system (4.6, 4.7).
    systems: BySide<CommandSystem>,
    /// This Game Turn's orders (4.64, 4.73).
    turn_orders: TurnOrders,
}

/// The scenarios: `(name, file, text, map file, map text)`.
pub const SCENARIOS: [(&str, &str, &str, &str, &str); 5] = [
    (
        "Chaeronea",
        "data/dictator/scenarios/chaeronea.ron",
        include_str!("../data/dictator/scenarios/chaeronea.ron"),
        "data/dictator/scenarios/chaeronea-map.ron",
        include_str!("../data/dictator/scenarios/chaeronea-map.ron"),
    ),
    (
        "The Rhine",
        "data/dictator/scenarios/rhine.ron",
        include_str!("../data/dictator/scenarios/rhine.ron"),
        "data/dictator/scenarios/rhine-map.ron",
        include_str!("../data/dictator/scenarios/rhine-map.ron"),
    ),
    (
        "Tribal test",
        "data/dictator/scenarios/tribal-test.ron",
        include_str!("../data/dictator/scenarios/tribal-test.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Pontic test",
        "data/dictator/scenarios/pontic-test.ron",
        include_str!("../data/dictator/scenarios/pontic-test.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
    (
        "Phalanx test",
        "data/dictator/scenarios/phalanx-test.ron",
        include_str!("../data/dictator/scenarios/phalanx-test.ron"),
        "data/standard/scenarios/skirmish-map.ron",
        include_str!("../data/standard/scenarios/skirmish-map.ron"),
    ),
];

impl Dictator {
    /// A battle's tribes and Slave phalanxes.
    #[must_use]
    pub fn new(tribes: Vec<TribeDef>, slaves: Vec<String>, fixed_slave_tq: bool) -> Dictator {
        Dictator {
            tribes: tribes.into_iter().map(Tribe::new).collect(),
            slaves,
            fixed_slave_tq,
            slave_tq: BTreeMap::new(),
            systems: BySide::default(),
            turn_orders: TurnOrders::default(),
        }
    }

    /// The same, with each army's command system.
    #[must_use]
    pub fn with_command(mut self, systems: BySide<CommandSystem>) -> Dictator {
        self.systems = systems;
        self
    }

    /// An army's command system.
    #[must_use]
    pub fn command_system(&self, side: gboh_core::Side) -> CommandSystem {
        *self.systems.get(side)
    }

    /// The battle against Ariovistus, 58 BC (reconstructed, scenario "The
    /// Rhine"): seven German tribes, Ariovistus the army's OC and the Suebi's
    /// Tribal Chief (4.66; the Rhine scenario's example), with Ferocity (9.61)
    /// and no Impetuosity (Germans, 9.7).
    #[must_use]
    pub fn rhine() -> Dictator {
        let tribe = |name: &str, chief: &str| TribeDef {
            name: name.into(),
            people: People::German,
            chief: chief.into(),
            no_ferocity: false,
        };
        let mut tribes: Vec<TribeDef> =
            ["Harudes", "Marcomanni", "Triboci", "Vangiones", "Nemetes", "Sedusii"]
                .iter()
                .map(|t| tribe(t, &format!("{t} chief")))
                .collect();
        tribes.push(tribe("Suebi", "Ariovistus"));
        Dictator::new(tribes, Vec::new(), false)
            .with_command(BySide { roman: CommandSystem::Roman, adversary: CommandSystem::Tribal })
    }

    /// Chaeronea, 86 BC (reconstructed, scenario "Chaeronea"): the Pontic
    /// command system (4.7) with two Slave phalanxes (9.107).
    #[must_use]
    pub fn chaeronea() -> Dictator {
        Dictator::new(Vec::new(), vec!["SLV-1".into(), "SLV-2".into()], false)
            .with_command(BySide { roman: CommandSystem::Roman, adversary: CommandSystem::Pontic })
    }

    /// The set-up of the reconstructed "Phalanx test" scenario: a double-size
    /// phalanx (9.101) facing three legions (9.106).
    #[must_use]
    pub fn phalanx_test() -> Dictator {
        Dictator::new(Vec::new(), Vec::new(), false)
    }

    /// The set-up of the reconstructed "Pontic test" scenario: a Pontic army
    /// (4.7) against Rome.
    #[must_use]
    pub fn pontic_test() -> Dictator {
        Dictator::new(Vec::new(), Vec::new(), false)
            .with_command(BySide { roman: CommandSystem::Roman, adversary: CommandSystem::Pontic })
    }

    fn system_of(&self, field: &Field, leader: usize) -> CommandSystem {
        field.leader_def(leader).map_or(CommandSystem::Roman, |d| *self.systems.get(d.side))
    }

    /// The set-up of the reconstructed "Tribal test" scenario: the Suebi
    /// (German) and the Sequani (Gallic), and one Slave phalanx.
    #[must_use]
    pub fn tribal_test() -> Dictator {
        Dictator::new(
            vec![
                TribeDef {
                    name: "Suebi".into(),
                    people: People::German,
                    chief: "Suebi chief".into(),
                    no_ferocity: false,
                },
                TribeDef {
                    name: "Sequani".into(),
                    people: People::Gallic,
                    chief: "Sequani chief".into(),
                    no_ferocity: false,
                },
            ],
            vec!["PH-S".into()],
            false,
        )
        .with_command(BySide { roman: CommandSystem::Roman, adversary: CommandSystem::Tribal })
    }

    /// The tribes.
    #[must_use]
    pub fn tribes(&self) -> &[Tribe] {
        &self.tribes
    }

    /// A Slave phalanx's TQ, once rolled (or fixed).
    #[must_use]
    pub fn slave_tq(&self, unit: usize) -> Option<u8> {
        self.slave_tq.get(&unit).copied()
    }

    fn is_slave(&self, field: &Field, unit: usize) -> bool {
        field.def(unit).is_some_and(|d| self.slaves.iter().any(|s| s == d.id.as_str()))
    }
}

impl StandardGame for Dictator {
    type Event = DictatorEvent;
    const RULEBOOK: &'static str = RULEBOOK;

    fn scenario(name: &str) -> Result<Scenario, DataError> {
        match SCENARIOS.iter().find(|s| s.0 == name) {
            Some((_, file, text, map_file, map_text)) => {
                Scenario::from_ron(file, text, map_file, map_text)
            }
            None => Err(DataError {
                file: name.to_owned(),
                problems: vec![Problem {
                    pos: None,
                    item: name.to_owned(),
                    message: "no such scenario".to_owned(),
                }],
            }),
        }
    }

    fn scenario_file(name: &str) -> String {
        SCENARIOS.iter().find(|s| s.0 == name).map_or_else(|| name.to_owned(), |s| s.1.to_owned())
    }

    /// 4.61, 4.62: a tribal army's leader counters must be Tribal Chiefs and
    /// Chiefs with two Command Ranges and no Line Command or Strategy rating;
    /// a scenario whose counters are not is refused on load.
    fn scenario_problems(&self, field: &Field) -> Vec<(String, String)> {
        gboh_core::Side::ALL
            .into_iter()
            .filter(|&side| *self.systems.get(side) == CommandSystem::Tribal)
            .flat_map(|side| command::tribal_rating_items(field, side))
            .collect()
    }

    /// The sections the Dictator seed cites under its own numbers (Caesar's
    /// series rules, close to SPQR's: reference/standard-family-rules.md);
    /// the rest keep SPQR 4th's.
    fn section(rule: RuleRef) -> &'static str {
        match rule {
            RuleRef::LineCommand => "4.4",
            RuleRef::LeaderInEnemyZoc => "5.27",
            RuleRef::Momentum => "5.3",
            RuleRef::PreShockCheck => "8.43",
            RuleRef::Collapse => "8.47",
            RuleRef::Rout => "10.22",
            RuleRef::Auxiliares => "5.6 (Reconstructed)",
            RuleRef::PhalanxFacing => "9.101",
            RuleRef::PhalanxMove | RuleRef::PhalanxWheel => "9.102",
            RuleRef::PhalanxAdvance => "9.104",
            other => other.spqr(),
        }
    }

    fn troop_quality(&self, field: &Field, unit: usize) -> u8 {
        if self.is_slave(field, unit) {
            if self.fixed_slave_tq {
                return phalanx::FIXED_SLAVE_TQ;
            }
            if let Some(tq) = self.slave_tq.get(&unit) {
                return *tq;
            }
        }
        field.def(unit).map_or(1, |d| d.tq)
    }

    fn tq_needed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        if self.fixed_slave_tq || !self.is_slave(field, unit) || self.slave_tq.contains_key(&unit) {
            return Ok(());
        }
        // The embedded table is pinned by the tests; were it unreadable, the
        // unit keeps its printed TQ rather than fail a move.
        if let Ok(table) = phalanx::slave_tq_table() {
            let tq = phalanx::roll_slave_tq(&table, unit, dice, events)?;
            self.slave_tq.insert(unit, tq);
        }
        Ok(())
    }

    fn movement_allowance(&self, field: &Field, unit: usize) -> u8 {
        let printed = field.def(unit).map_or(0, |d| d.ma);
        if tribe::impetuous_infantry(&self.tribes, field, unit) {
            printed.saturating_add(1)
        } else {
            printed
        }
    }

    fn pre_shock_modifiers(
        &self,
        field: &Field,
        unit: usize,
        attacking: bool,
        opponents: &[usize],
        out: &mut Modifiers,
    ) {
        tribe::ferocity_modifiers(&self.tribes, field, unit, attacking, opponents, out);
    }

    fn momentum_modifiers(&self, field: &Field, leader: usize, out: &mut Modifiers) {
        let first = field.leaders.get(leader).is_some_and(|s| s.phases == 1);
        let impetuous = self
            .tribes
            .iter()
            .any(|t| t.impetuosity != tribe::Impetuosity::None && t.has_leader(field, leader));
        if first && impetuous {
            out.push("9.7", "Gallic leader's first Momentum attempt", Drm(-1));
        }
    }

    fn unit_routed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        tribe::ferocity_check(&mut self.tribes, field, unit, dice, events)
    }

    fn unit_moved(&mut self, field: &Field, unit: usize, events: &mut Vec<GameEvent<Self>>) {
        tribe::impetuosity_moved(&mut self.tribes, field, unit, events);
    }

    fn turn_ended(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        let _ = field;
        tribe::impetuosity_turn_ended(&mut self.tribes, events);
        self.turn_orders = TurnOrders::default();
    }

    fn may_command(&self, field: &Field, leader: usize, unit: usize) -> bool {
        command::may_command(self.system_of(field, leader), &self.turn_orders, field, leader, unit)
    }

    fn may_move_leader(&self, field: &Field, active: usize, leader: usize) -> bool {
        command::may_move_leader(self.system_of(field, active), field, active, leader)
    }

    /// 9.106: a phalanx shocking two or more units shares out their hits as
    /// its player likes (not a defending phalanx).
    fn attacker_allocates(&self, field: &Field, attacker: usize, defenders: &[usize]) -> bool {
        defenders.len() >= 2
            && field
                .def(attacker)
                .is_some_and(|d| d.class() == gboh_standard::kinds::ShockClass::PH)
    }

    fn auxiliares_leaders(&self, field: &Field, side: gboh_core::Side) -> Vec<usize> {
        command::auxiliares_leaders(*self.systems.get(side), field, side)
    }

    fn auxiliares_unit(
        &self,
        field: &Field,
        leader: usize,
        unit: usize,
        ordered: &[usize],
    ) -> bool {
        command::auxiliares_unit(self.system_of(field, leader), field, leader, unit, ordered)
    }

    fn unit_ordered(&mut self, field: &Field, leader: usize, unit: usize) {
        let _ = field;
        self.turn_orders.ordered_by.push((unit, leader));
    }

    fn line_issued(&mut self, field: &Field, leader: usize, momentum: bool) {
        let _ = field;
        if !momentum && !self.turn_orders.initial_lines.contains(&leader) {
            self.turn_orders.initial_lines.push(leader);
        }
    }

    fn line_member(&self, field: &Field, leader: usize, anchor: usize, unit: usize) -> bool {
        command::line_member(self.system_of(field, leader), field, leader, anchor, unit)
    }

    fn line_range(&self, field: &Field, leader: usize, anchor: usize, unit: usize) -> Option<u8> {
        command::line_range(self.system_of(field, leader), field, leader, anchor, unit)
    }

    fn line_range_leader(&self, field: &Field, leader: usize) -> Option<usize> {
        command::line_range_leader(self.system_of(field, leader), field, leader)
    }

    fn line_link(&self, field: &Field, leader: usize, a: usize, b: usize) -> bool {
        command::line_link(self.system_of(field, leader), field, leader, a, b)
    }

    fn line_needs_leader_near(&self, field: &Field, leader: usize, line: &[usize]) -> bool {
        command::line_needs_leader_near(self.system_of(field, leader), field, line)
    }

    fn line_eligibility(
        &self,
        field: &Field,
        leader: usize,
        context: &LineContext,
        line: &[usize],
    ) -> LineEligibility {
        command::line_eligibility(
            self.system_of(field, leader),
            &self.turn_orders,
            field,
            leader,
            context,
            line,
        )
    }
}
