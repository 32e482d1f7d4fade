//! Gergovia's standard version on the standard-family engine: the game type
//! [`Gergovia`] implements [`StandardGame`] and overrides only the hooks the
//! module's rules change (docs/rules-coverage.md, "Gergovia").
//!
//! Written so far:
//! - the battle itself ([`crate::battle`]): map, counters, the standard and
//!   alternative deployments, Caesar's Initiative 4;
//! - Gallic Commands and 4.2/4.21 (who may order whom): the Overall
//!   Commander orders any unit of his side; every other leader only the
//!   formations `leaders.ron` lists for him (a legate his legion, Manucius the
//!   Gallic LN, Convictolitavus the Aedui, Critignatus the Arverni,
//!   Vercassivellaunus the Arverni cavalry, each tribal chief his tribe);
//!   the auxiliaries (4.21: Numidian LI, archers) only by the OC;
//! - Elite Commanders: Caesar's Initiative 4 and elite command in turn 1 only;
//!   Vercingetorix's elite command once a battle;
//! - Gallic Reinforcements: Vercingetorix and his Arverni wait off the map
//!   and enter along 4001-4801 in his Orders Phases, or he passes
//!   ([`crate::reinforcements`]);
//! - 6.72 and the Movement Cost Table: every step priced from the module's
//!   table, walls and gates by who owns them ([`crate::movement`]);
//! - 10.32: Romans rout to the nearest camp, Gauls to the town, and stay
//!   there; 6.72: no rout across a fortified hexside ([`crate::rout`]);
//! - 6.73: no ZOC over walls and gates except between units in melee
//!   across them ([`crate::battle::zoc_closed`], the engine's
//!   `Scenario::zoc_closed`);
//! - 6.8, 8.5: barbarian impetuosity, declared by tribe, and ferocity only
//!   during it ([`crate::impetuosity`]);
//! - C:CoG 5.6 (Reconstructed), 4.21 and Arverni Archers: the auxiliary
//!   phase, the Gauls first, auxiliaries ordered without a leader
//!   ([`crate::auxiliaries`]);
//! - Camped Gauls: alerting and disorder ([`crate::camp`]; partial);
//! - 9.31-9.35, 8.71 (a): the large camp's tower scorpions fire in reaction
//!   at Gallic units that come within 7 hexes ([`crate::scorpions`]);
//! - 6.74 / 8.74: the 4L/3L/2L shifts across fortified hexsides
//!   ([`crate::melee`]);
//! - 6.75, 8.71 (b): fire into and out of fortifications only at the wall,
//!   +2 arrows / +4 javelins from outside, +1 over a stone wall
//!   ([`crate::fire`]);
//! - 8.32: attacks over a wall not combined with others; 8.4: no advance
//!   out over the wall one attacked from;
//! - Special Terrain Notes, Stone Walls: a unit spends its turn to knock a
//!   wall hexside down, which is rubble from then on ([`crate::walls`]);
//! - 6.4 (correction to C:CoG): only cohorts move in column;
//! - 8.36 #B (correction to C:CoG): the defender picks the unit type for
//!   the column (the engine's `Pending::ClashType`);
//! - 10.14: a Gallic unit recovers one hit per order;
//! - 10.5: no cavalry pursuit;
//! - 10.6: no army withdrawal ([`crate::battle::NO_WITHDRAWAL`]);
//! - the eagles (Reconstructed): carried by a cohort of their legion,
//!   captured by a Gaul where their bearer fell ([`crate::eagles`]);
//! - Victory: the victory points counted live from the field
//!   ([`Gergovia::tally`]), reported when they change and when a side first
//!   reaches its threshold.
//!
//! ```
//! use gboh_core::dice::Dice;
//! use gboh_core::game::Game;
//! use gboh_gergovia::standard::Gergovia;
//! use gboh_standard::Battle;
//! let (battle, _) = Battle::new(Gergovia::default(), "Gergovia").unwrap();
//! let game = Game::new(battle, Dice::seeded(52));
//! let tally = game.state().game().tally(game.state().field()).unwrap();
//! assert_eq!((tally.rome.total, tally.gaul.total), (0, 0));
//! assert_eq!((tally.rome.threshold, tally.gaul.threshold), (35, 25));
//! ```

use std::collections::BTreeSet;

use gboh_core::Side;
use gboh_core::data::DataError;
use gboh_core::dice::{Dice, DiceError};
use gboh_standard::movement::StepCost;
use gboh_standard::state::{Field, Scenario};
use gboh_standard::{GameEvent, RuleRef, StandardGame};
use serde::{Deserialize, Serialize};

use crate::battle;
use crate::movement;

/// 10.14: "only one hit per order" for the Gauls (Printed).
pub const GALLIC_RECOVERY: u8 = 1;

mod declarations;
mod event;
mod notices;
mod tally;
mod view;

pub use event::{GergoviaEvent, side_name};
pub use tally::TallyError;

/// Gergovia, the standard version: the game and its own state.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Gergovia {
    /// Roman units that have routed at least once (Victory: "each Roman unit
    /// exhausted (reduced) or routed"), by unit index, in order.
    routed: BTreeSet<usize>,
    /// The points last reported (Rome, Gaul).
    reported: (u32, u32),
    /// The first side to reach its threshold, once one has.
    winner: Option<Side>,
    /// 9.35: the towers whose scorpion a Gallic unit destroyed, by label.
    #[serde(default)]
    scorpions_destroyed: Vec<String>,
    /// 9.33: the Gallic units the scorpions fired at in this Gallic command
    /// phase.
    #[serde(default)]
    scorpion_targets: Vec<usize>,
    /// 9.33: the Gallic command phase under way, `(turn, leader)`; `None`
    /// once a Roman unit is ordered.
    #[serde(default)]
    gallic_phase: Option<(u8, usize)>,
    /// 6.8 and 8.5: the tribes' impetuosity.
    #[serde(default)]
    impetuosity: crate::impetuosity::Impetuosity,
    /// Camped Gauls: alerting and disorder.
    #[serde(default)]
    camp: crate::camp::Camp,
    /// What a hook without an event list changed (the engine's
    /// `unit_ordered`), reported with the next events the game reports.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    unreported: Vec<GergoviaEvent>,
    /// Gallic Reinforcements: the entries of the phase under way.
    #[serde(default)]
    reinforcements: crate::reinforcements::Reinforcements,
    /// Elite Commanders: Vercingetorix's one elite command is used.
    #[serde(default)]
    elite_used: bool,
    /// The legions' eagles (Reconstructed, [`crate::eagles`]).
    #[serde(default)]
    eagles: crate::eagles::Eagles,
    /// Tournament Play: the side the auction gave its winner and his bid,
    /// his victory-point threshold in place of the printed one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    bid: Option<(Side, u32)>,
    /// Special Terrain Notes: the stone walls knocked down.
    #[serde(default)]
    walls: crate::walls::Walls,
    /// Gallic Starting Deployment \[b\], an option: the Gallic units still
    /// hidden (none, and not saved, when the option is off).
    #[serde(default, skip_serializing_if = "crate::hidden::Hidden::is_empty")]
    hidden: crate::hidden::Hidden,
}

impl Gergovia {
    /// Tournament Play: a battle in which the auction's winner plays `side`
    /// and "must then achieve the bid number of victory points in order to
    /// win" ([`crate::tournament::auction`]); the other side keeps its
    /// printed threshold.
    ///
    /// ```
    /// use gboh_core::Side;
    /// use gboh_gergovia::standard::Gergovia;
    /// use gboh_gergovia::tournament::auction;
    /// use gboh_standard::Battle;
    /// let won = auction(22, 30).unwrap();
    /// let (b, _) = Battle::new(Gergovia::tournament(Side::Adversary, won), "Gergovia").unwrap();
    /// let tally = b.game().tally(b.field()).unwrap();
    /// assert_eq!((tally.rome.threshold, tally.gaul.threshold), (35, 30));
    /// ```
    #[must_use]
    pub fn tournament(side: Side, won: crate::tournament::AuctionWin) -> Gergovia {
        Gergovia { bid: Some((side, won.threshold)), ..Gergovia::default() }
    }

    /// Tournament Play: the side the auction's winner plays and his bid.
    #[must_use]
    pub fn bid(&self) -> Option<(Side, u32)> {
        self.bid
    }

    /// Camped Gauls: alerting and disorder.
    #[must_use]
    pub fn camp(&self) -> &crate::camp::Camp {
        &self.camp
    }

    /// 6.8: the tribes' impetuosity.
    #[must_use]
    pub fn impetuosity(&self) -> &crate::impetuosity::Impetuosity {
        &self.impetuosity
    }

    /// Special Terrain Notes: the stone walls knocked down
    /// ([`crate::walls`]).
    #[must_use]
    pub fn walls(&self) -> &crate::walls::Walls {
        &self.walls
    }

    /// The legions' eagles ([`crate::eagles`]).
    #[must_use]
    pub fn eagles(&self) -> &crate::eagles::Eagles {
        &self.eagles
    }

    /// The first side to reach its victory-point threshold, if one has.
    #[must_use]
    pub fn winner(&self) -> Option<Side> {
        self.winner
    }

    /// Elite Commanders: whether Vercingetorix's elite command is used.
    #[must_use]
    pub fn elite_used(&self) -> bool {
        self.elite_used
    }
}

impl StandardGame for Gergovia {
    type Event = GergoviaEvent;
    const RULEBOOK: &'static str = crate::RULEBOOK;

    /// The battles by name ([`battle::scenario_named`]).
    fn scenario(name: &str) -> Result<Scenario, DataError> {
        battle::scenario_named(name)
    }

    fn section(rule: RuleRef) -> &'static str {
        match rule {
            RuleRef::Withdrawal => "Gergovia 10.6 (army rout removed)",
            RuleRef::Victory => "Gergovia, Victory",
            // The auxiliary phase: C:CoG 5.6 as this module uses it.
            RuleRef::Auxiliares => crate::auxiliaries::RULE,
            other => other.spqr(),
        }
    }

    /// Elite Commanders: "he may use elite command only in turn one"
    /// (Caesar, 5.5); Vercingetorix "may use elite command once, at a time
    /// of his choosing": Elite until one elite Orders Phase of his side has
    /// been held (SPQR 5.5: by him or a leader he names).
    fn is_elite(&self, field: &Field, leader: usize) -> bool {
        crate::commands::is_elite(field, leader, self.elite_used)
    }

    /// Elite Commanders: the Gallic elite phase uses Vercingetorix's one
    /// elite command.
    fn elite_phase_started(&mut self, field: &Field, leader: usize) {
        if field.leader_def(leader).is_some_and(|d| d.side == Side::Adversary) && !self.elite_used {
            self.elite_used = true;
            let name = field.leader_def(leader).map_or_else(String::new, |d| d.name.clone());
            self.unreported.push(GergoviaEvent::EliteCommandUsed { leader: name });
        }
    }

    /// Special Terrain Notes: "Before a unit crosses the \[town\] wall, it
    /// must roll" (not through a gate); a stone wall: "After crossing, the
    /// die is rolled" ([`crate::movement::crossing_roll`]).
    fn crossing_roll(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<gboh_standard::CrossingRoll> {
        let _ = unit;
        // Stone Walls: no roll over a wall knocked down.
        if self.walls.is_down(field.board(), from, dir) {
            return None;
        }
        crate::movement::crossing_roll(field.board(), from, dir)
    }

    /// Special Terrain Notes: "if the die roll is at least the unit's TQ,
    /// the unit may not cross and is finished for this command phase" (the
    /// town wall); "the unit is finished for this command phase if the roll
    /// is at least the TQ" (a stone wall).
    fn crossing_rolled(
        &mut self,
        field: &Field,
        unit: usize,
        crossing: &gboh_standard::CrossingRoll,
        roll: gboh_core::dice::Roll,
        stopped: bool,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.after_crossing(field, unit, crossing, roll, stopped, events);
    }

    /// Gallic Starting Deployment \[b\]: before a check or a combat reads a
    /// TQ, hidden units a Roman unit stands next to are revealed.
    fn tq_needed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        let _ = (unit, dice);
        self.reveal_adjacent(field, events);
        Ok(())
    }

    /// Gallic Reinforcements: Vercingetorix's Arverni wait off the map.
    fn held_off_map(&self, field: &Field) -> Vec<usize> {
        crate::reinforcements::held(field)
    }

    /// Gallic Reinforcements: an entry declaration brings the next waiting
    /// unit on ([`crate::reinforcements::Reinforcements::entry`]).
    fn declared_entry(
        &self,
        field: &Field,
        leader: usize,
        choice: u8,
    ) -> Option<gboh_standard::Entry> {
        self.reinforcements.entry(field, leader, choice)
    }

    /// Gallic Reinforcements: Vercingetorix off the map "must pass and is
    /// finished for this turn" unless he brings his troops on.
    /// Camped Gauls: a chief who alerts his tribe "takes one entire turn;
    /// then the chief and his tribe are finished".
    fn must_pass(&self, field: &Field, leader: usize) -> Option<String> {
        crate::reinforcements::Reinforcements::must_pass(field, leader).or_else(|| {
            let tribe = self.camp.alerting_chief(field, leader)?;
            let name = field.leader_def(leader).map_or("the chief", |d| d.name.as_str());
            Some(format!(
                "Gergovia, Camped Gauls: {name} is alerting the {tribe}; that takes the whole turn, he and his tribe are finished"
            ))
        })
    }

    /// 4.2, 4.21, Gallic Commands: the OC orders any unit of his side; any
    /// other leader only the formations listed for him in `leaders.ron`.
    fn may_command(&self, field: &Field, leader: usize, unit: usize) -> bool {
        let Some(l) = field.leader_def(leader) else { return false };
        if field.side(unit) != Some(l.side) {
            return false;
        }
        // Camped Gauls: a tribe alerting in this turn is finished.
        if self.camp.unit_alerting(field, unit) {
            return false;
        }
        // Stone Walls: a unit that knocked a wall down spent its turn.
        if self.walls.spent(field, unit) {
            return false;
        }
        l.overall || crate::commands::formation_may_order(field, leader, unit)
    }

    /// C:CoG 5.6 (Reconstructed), Arverni Archers: each side's OC holds
    /// its auxiliary phase ([`crate::auxiliaries::holders`]).
    fn auxiliares_leaders(&self, field: &Field, side: Side) -> Vec<usize> {
        crate::auxiliaries::holders(field, side)
    }

    /// The auxiliaries of his side (4.21; the Arverni archers).
    fn auxiliares_unit(
        &self,
        field: &Field,
        leader: usize,
        unit: usize,
        ordered: &[usize],
    ) -> bool {
        let _ = ordered;
        crate::auxiliaries::may_order(field, leader, unit)
    }

    /// Arverni Archers: "in the auxiliary phase, before the Romans".
    fn auxiliares_first(&self) -> Side {
        crate::auxiliaries::FIRST
    }

    /// Arverni Archers: "without a leader" (the Roman auxiliaries too,
    /// Reconstructed).
    fn auxiliares_leaderless(&self, field: &Field, leader: usize) -> bool {
        let _ = (field, leader);
        true
    }

    /// 6.72 and the Movement Cost Table: every step is priced from the
    /// module's table ([`crate::movement::step_cost`]), not SPQR's chart.
    fn step_cost(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<Result<StepCost, String>> {
        let rubble = self.walls.is_down(field.board(), from, dir);
        Some(
            movement::table()
                .map_err(|e| e.to_string())
                .and_then(|t| movement::step_cost_with(t, field, unit, from, dir, rubble)),
        )
    }

    /// 6.72: a leader's own step, from the module's table's cavalry column
    /// ([`crate::leader_moves::leader_step_cost`]).
    fn leader_step_cost(
        &self,
        field: &Field,
        leader: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<Result<StepCost, String>> {
        let _ = leader;
        let rubble = self.walls.is_down(field.board(), from, dir);
        Some(movement::table().map_err(|e| e.to_string()).and_then(|t| {
            crate::leader_moves::leader_step_cost(t, field.board(), from, dir, rubble)
        }))
    }

    /// 10.32: Romans rout to the nearest camp, Gauls to the town, and stay
    /// there ([`crate::rout::rout_facing`]).
    fn rout_facing(&self, field: &Field, unit: usize) -> Option<gboh_core::facing::Facing> {
        crate::rout::rout_facing(field, unit)
    }

    /// 6.72: no rout and no retreat (the engine asks it of each hex of an
    /// orderly withdrawal, SPQR 6.5) across a fortified hexside, except
    /// through a gate of one's own side inward or of the opponent's
    /// outward.
    fn rout_may_cross(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        field.side(unit).is_some_and(|side| crate::rout::may_cross(field.board(), side, from, dir))
    }

    /// 6.72: "Units of both sides may not cross a fortified hexside ... to
    /// retreat or rout": neither does a leader withdrawing from an enemy
    /// (SPQR 4.72), as a unit of his side ([`crate::rout::may_cross`]).
    fn leader_may_withdraw_across(
        &self,
        field: &Field,
        leader: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        field
            .leader_def(leader)
            .is_some_and(|d| crate::rout::may_cross(field.board(), d.side, from, dir))
    }

    /// 6.74 / 8.74: 4L, 3L or 2L across fortified hexsides; Camped Gauls:
    /// 1R against a disordered defender ([`crate::melee::shock_shifts`]).
    fn shock_shifts(
        &self,
        field: &Field,
        attacker: usize,
        defenders: &[usize],
        out: &mut Vec<gboh_standard::shock::Shift>,
    ) {
        crate::melee::shock_shifts(
            field,
            attacker,
            defenders,
            |d| self.camp.disordered(field, d),
            out,
        );
    }

    /// 8.32: an attack over a wall hexside is not combined with others: an
    /// attacker with enemies both across a wall and not shocks only those
    /// not across it ([`crate::melee::not_combined_over_walls`]).
    fn shock_defenders(&self, field: &Field, attacker: usize, defenders: &mut Vec<usize>) {
        crate::melee::not_combined_over_walls_with(field, attacker, defenders, |h, d| {
            self.walls.is_down(field.board(), h, d)
        });
    }

    /// 10.14: a Gallic unit recovers only one hit per order.
    fn recovery_limit(&self, field: &Field, unit: usize) -> Option<u8> {
        (field.side(unit) == Some(Side::Adversary)).then_some(GALLIC_RECOVERY)
    }

    /// The correction to C:CoG 6.4: only cohorts, not light infantry, move
    /// in column.
    fn may_form_column(&self, field: &Field, unit: usize) -> Result<(), String> {
        match field.def(unit) {
            Some(d) if d.unit_type == gboh_core::unit::UnitType::CO => Ok(()),
            Some(d) => Err(format!(
                "Gergovia 6.4 (correction to C:CoG): only cohorts move in column, not {} ({})",
                d.id, d.unit_type
            )),
            None => Err("no such unit".to_owned()),
        }
    }

    /// 6.75: into and out of fortifications only at the wall
    /// ([`crate::fire::may_fire`]; the stone walls' bar to the sight is
    /// [`Self::sight_blocked`]'s).
    fn may_fire(&self, field: &Field, firer: usize, target: usize) -> Result<(), String> {
        crate::fire::may_fire(field, firer, target)
    }

    /// Special Terrain Notes (Stone Walls): "A stone wall blocks line of
    /// sight, unless the target stands at the wall", for every sight the
    /// engine traces (fire, return and retire fire, the leader's sight of
    /// his Line, SPQR 4.33); a wall knocked down is no wall
    /// ([`crate::sight::blocked`]).
    fn sight_blocked(&self, field: &Field, from: hexx::Hex, to: hexx::Hex) -> Option<String> {
        crate::sight::blocked(field, from, to, |h, d| self.walls.is_down(field.board(), h, d))
    }

    /// 6.75 and 8.71 (b): +2 arrows / +4 javelins from outside into a
    /// fortification, +1 over a stone wall ([`crate::fire::fire_modifiers`]).
    fn fire_modifiers(
        &self,
        field: &Field,
        firer: usize,
        target: usize,
        out: &mut gboh_core::table::Modifiers,
    ) {
        if let Ok(forts) = crate::fortifications::fortifications() {
            crate::fire::fire_modifiers_with(forts, field, firer, target, out, |h, d| {
                self.walls.is_down(field.board(), h, d)
            });
        }
        // Camped Gauls: a disordered unit adds one to its fire's die roll.
        if self.camp.disordered(field, firer) {
            out.push("Gergovia, Camped Gauls", "firer disordered", gboh_core::table::Drm(1));
        }
    }

    /// 8.4: no advance out over the wall of the fortification one attacked
    /// from ([`crate::melee::may_advance`]).
    fn may_advance(
        &self,
        field: &Field,
        attacker: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        crate::melee::may_advance(field, attacker, from, dir)
    }

    /// 8.4: "Units attacking over such a hexside from outside must advance,
    /// and rule 1 applies if their advance would lead to their rout": the
    /// advance in over a wall or gate costs the table's cohesion for it
    /// ([`crate::movement::wall_advance_hits`]), which the engine counts in
    /// 8.47 #1 (Reconstructed: "rule 1" read as the Collapse's #1).
    fn advance_step_hits(
        &self,
        field: &Field,
        attacker: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> u8 {
        movement::table().map_or(0, |t| movement::wall_advance_hits(t, field, attacker, from, dir))
    }

    /// The correction to C:CoG 8.36 #B: "If one side has more than one unit
    /// type in the combat, the owner decides which type he uses for the
    /// column of the melee table" (the engine asks the defender; the
    /// attacker is always one unit on the engine).
    fn owner_picks_clash_type(&self) -> bool {
        true
    }

    /// 10.5: "This rule does not apply": no cavalry pursuit.
    fn cavalry_pursuit(&self, field: &Field, unit: usize) -> bool {
        let _ = (field, unit);
        false
    }

    fn unit_routed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        let _ = dice;
        if field.side(unit) == Some(Side::Roman) {
            self.routed.insert(unit);
        }
        self.reveal(field, unit, crate::hidden::Reveal::Routed, events);
        self.count(field, events);
        Ok(())
    }

    /// 6.8: +1 MA for the infantry of an impetuous tribe.
    fn movement_allowance(&self, field: &Field, unit: usize) -> u8 {
        field.def(unit).map_or(0, |d| d.ma).saturating_add(self.impetuosity.ma_bonus(field, unit))
    }

    /// 8.5: ferocity, only during impetuosity.
    fn pre_shock_modifiers(
        &self,
        field: &Field,
        unit: usize,
        attacking: bool,
        opponents: &[usize],
        out: &mut gboh_core::table::Modifiers,
    ) {
        self.impetuosity.ferocity_modifiers(field, unit, attacking, opponents, out);
    }

    /// 6.8: "when impetuosity occurs is the player's choice": a leader may
    /// declare each tribe he may order impetuous, once a battle.
    /// Gallic Reinforcements: Vercingetorix's entries, one per empty entry
    /// hex (only these while he is off the map).
    fn declarations(&self, field: &Field, leader: usize) -> Vec<u8> {
        let mut out = self.reinforcements.declarations(field, leader);
        if !crate::reinforcements::leader_off_map(field, leader) {
            out.extend(self.impetuosity.declarable(field, |u| self.may_command(field, leader, u)));
            out.extend(self.walls.declarable(field, |u| self.wall_breaker_ok(field, leader, u)));
        }
        out
    }

    /// Each declaration in words, citing its section
    /// (`declarations.rs`).
    fn declaration_name(&self, field: &Field, choice: u8) -> String {
        declarations::name(field, choice)
    }

    /// Stone Walls: the unit that knocks the wall down is given an
    /// Individual Order (SPQR 4.2) and spends all its MP at the wall.
    fn declared_order(&self, field: &Field, leader: usize, choice: u8) -> Option<usize> {
        (choice >= crate::walls::FIRST_CHOICE)
            .then(|| self.walls.breaker(field, choice, |u| self.wall_breaker_ok(field, leader, u)))
            .flatten()
    }

    /// Makes a declaration and reports it (`declarations.rs`:
    /// a wall knocked down, an Arverni unit brought on, a tribe impetuous).
    fn declare(
        &mut self,
        field: &Field,
        leader: usize,
        choice: u8,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.make_declaration(field, leader, choice, events);
    }

    /// 6.8, Camped Gauls, 9.35 and Victory after a unit's step
    /// (`notices.rs`).
    fn unit_moved(&mut self, field: &Field, unit: usize, events: &mut Vec<GameEvent<Self>>) {
        self.after_move(field, unit, events);
    }

    /// 9.33: a Gallic command phase begins with the first unit a Gallic
    /// leader orders in it (the scorpions' targets are counted afresh); a
    /// Roman order ends it.
    /// Camped Gauls: a camped chief's activation alerts his tribe.
    fn orders_phase_began(
        &mut self,
        field: &Field,
        leader: usize,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        self.after_activation(field, leader, events);
    }

    /// Camped Gauls and 9.33 when a leader orders a unit
    /// (`notices.rs`).
    fn unit_ordered(&mut self, field: &Field, leader: usize, unit: usize) {
        self.after_order(field, leader, unit);
    }

    /// 9.33, 9.34, 8.71 (a): the towers' scorpions fire in reaction at a
    /// Gallic unit that came within range ([`crate::scorpions::shot_at`]).
    fn shots_at_mover(&self, field: &Field, unit: usize) -> Vec<gboh_standard::GameShot> {
        let Ok(forts) = crate::fortifications::fortifications() else { return Vec::new() };
        crate::scorpions::shot_at(
            field,
            unit,
            forts.scorpion_range.value,
            &self.scorpions_destroyed,
            &self.scorpion_targets,
            |h, d| self.walls.is_down(field.board(), h, d),
        )
        .into_iter()
        .collect()
    }

    /// 9.33: "each unit may be fired at only once".
    fn game_shot_fired(&mut self, field: &Field, shot: &gboh_standard::GameShot, unit: usize) {
        let _ = (field, shot);
        if !self.scorpion_targets.contains(&unit) {
            self.scorpion_targets.push(unit);
        }
    }

    /// 6.8's impetuosity lost, the points counted
    /// (`notices.rs`).
    fn turn_ended(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        self.after_turn(field, events);
    }

    /// Victory: "The first player to reach his victory point (VP)
    /// threshold wins immediately".
    fn victor(&self, field: &Field) -> Option<Side> {
        let _ = field;
        self.winner
    }
}
