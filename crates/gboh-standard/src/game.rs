//! The trait a game of the standard family implements: what every game must
//! state (its rulebook, its own events, its scenarios) and hooks, with
//! default bodies, for what a game may change.
//!
//! The rules themselves are free functions and the [`Battle`](crate::protocol::Battle)
//! state machine, written once for every `G: StandardGame`, as shakmaty writes
//! move generation once for every position; a game cannot override them, only
//! the hooks they call.

use core::fmt::Debug;

use gboh_core::data::DataError;
use gboh_core::dice::{Dice, DiceError};
use gboh_core::table::Modifiers;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::protocol::{LineContext, LineEligibility, StandardEvent};
use crate::rule::RuleRef;
use crate::state::{Field, Scenario};
use crate::tables::Tables;

/// A shot from a missile weapon of the game's own that has no counter on
/// the field (Gergovia 9.31-9.35: the towers' scorpions), which the engine
/// resolves on its missile table like any fire (SPQR 8.2,
/// [`crate::missile::fire_with`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameShot {
    /// The game's section that fires it, which the event cites
    /// ("Gergovia 9.33").
    pub rule: &'static str,
    /// What fires, in words ("the scorpion in tower 0446").
    pub by: String,
    /// The hex it fires from (the range is counted from here).
    pub from: hexx::Hex,
    /// Its line on the missile table (Gergovia 8.71 (a): scorpions on the
    /// catapult line, the engine's scorpio column).
    pub key: crate::kinds::MissileKey,
    /// The game's own modifiers, after the standard ones.
    pub modifiers: Modifiers,
}

/// A unit a game brings onto the map from off it (reinforcements; Gergovia's
/// Gallic Reinforcements: Vercingetorix's Arverni enter along 4001-4801),
/// as one of the active leader's Individual Orders: it stands in `hex`
/// with a Move order, `half_mp` of its MA spent on entering, and may move
/// on with the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The unit, one [`StandardGame::held_off_map`] held.
    pub unit: usize,
    /// The hex it enters (a hex at the map's edge).
    pub hex: hexx::Hex,
    /// Its facing there.
    pub facing: gboh_core::facing::Facing,
    /// What entering costs it, in half MP.
    pub half_mp: u16,
    /// A leader off the map who enters with it into the same hex (he pays
    /// the same MP from his own if he is the active leader).
    pub leader: Option<usize>,
}

/// A roll a game asks of a unit stepping over a hexside (Gergovia's Special
/// Terrain Notes: the town wall, before crossing; the stone walls, after):
/// a d10 against the unit's TQ; "at least the TQ" stops it, and it is
/// finished moving for this Orders Phase (the engine marks it stopped).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossingRoll {
    /// The game's section ("Gergovia, Special Terrain Notes").
    pub rule: &'static str,
    /// Rolled before the step (a stopped unit stays where it is), else
    /// after it (the unit stands across and moves no more).
    pub before: bool,
    /// What is crossed, in words ("the town wall").
    pub what: String,
}

/// One event of a game `G`, with its rule and dice.
pub type GameEvent<G> = gboh_core::game::Event<StandardEvent<<G as StandardGame>::Event>>;

/// A game of the standard GBoH family.
///
/// Required: [`StandardGame::RULEBOOK`], the game's own [`StandardGame::Event`]s
/// and [`StandardGame::scenario`]. Everything else is a hook whose default is
/// the SPQR rule. The game's own state (a tribe's Ferocity, say) lives in the
/// implementing type, which the battle saves and restores with everything else.
pub trait StandardGame: Clone + Debug + PartialEq + Serialize + DeserializeOwned {
    /// What the game's own rules report (`()` when it has none).
    type Event: Clone + Debug + PartialEq + Serialize;

    /// The rulebook's name.
    const RULEBOOK: &'static str;

    /// Loads the scenario called `name`.
    ///
    /// # Errors
    /// The scenario's data problems, or an unknown name.
    fn scenario(name: &str) -> Result<Scenario, DataError>;

    /// The file scenario `name` is read from, to name in a load error.
    /// Default: the name.
    fn scenario_file(name: &str) -> String {
        name.to_owned()
    }

    /// What is wrong with a loaded scenario by the game's own rules (for
    /// example Dictator 4.61's tribal leader counters), as (item, problem);
    /// any problem refuses the scenario on load. Default: none.
    fn scenario_problems(&self, field: &Field) -> Vec<(String, String)> {
        let _ = field;
        Vec::new()
    }

    /// The game's charts. Default: SPQR's ([`Tables::spqr`]); a game whose
    /// charts differ only in numbers supplies its own RON here.
    ///
    /// # Errors
    /// Every data problem.
    fn load_tables() -> Result<Tables, Vec<DataError>> {
        Tables::spqr()
    }

    /// The section of this game's rulebook that states `rule`. Default: SPQR 4th's.
    fn section(rule: RuleRef) -> &'static str {
        rule.spqr()
    }

    /// Unit `unit`'s TQ now. Default: printed.
    fn troop_quality(&self, field: &Field, unit: usize) -> u8 {
        field.def(unit).map_or(1, |d| d.tq)
    }

    /// Called before the engine first reads unit `unit`'s TQ in a roll or a
    /// result (a pre-shock check, a shock, a fire on it, a rally); a game whose
    /// TQs are rolled at first use rolls here. Default: nothing.
    ///
    /// # Errors
    /// Only from scripted dice.
    fn tq_needed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        let _ = (field, unit, dice, events);
        Ok(())
    }

    /// SPQR 6.27: a game's own cost for unit `unit` stepping from `from`
    /// into the hex in `dir` (MP in halves and hits), or why it may not
    /// (the message cites the game's section); `None` leaves the step to the
    /// Movement Cost Chart ([`Self::load_tables`]). Default: `None` (Gergovia
    /// prices its walls, gates and towers from its own Movement Cost Table).
    fn step_cost(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<Result<crate::movement::StepCost, String>> {
        let _ = (field, unit, from, dir);
        None
    }

    /// A game's own cost for leader `leader` stepping from `from` into the
    /// hex in `dir` (MP in halves; a leader takes no hits), or why he may
    /// not (the message cites the game's section); `None` leaves the step to
    /// the Movement Cost Chart at cavalry costs. Default: `None` (Gergovia
    /// prices its walls, gates and towers from its own Movement Cost Table).
    fn leader_step_cost(
        &self,
        field: &Field,
        leader: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<Result<crate::movement::StepCost, String>> {
        let _ = (field, leader, from, dir);
        None
    }

    /// Unit `unit`'s MA this phase. Default: printed.
    fn movement_allowance(&self, field: &Field, unit: usize) -> u8 {
        field.def(unit).map_or(0, |d| d.ma)
    }

    /// Extra modifiers to a pre-shock TQ check (SPQR 8.4) of `unit`, attacking
    /// or defending against `opponents`. Default: none.
    fn pre_shock_modifiers(
        &self,
        field: &Field,
        unit: usize,
        attacking: bool,
        opponents: &[usize],
        out: &mut Modifiers,
    ) {
        let _ = (field, unit, attacking, opponents, out);
    }

    /// SPQR 8.5: column shifts a game adds to the shock of `attacker`
    /// against `defenders` (each with what it is for, positive right,
    /// negative left), after the standard ones in `out`. Default: none
    /// (Gergovia 6.74: 4L/3L/2L across fortified hexsides).
    fn shock_shifts(
        &self,
        field: &Field,
        attacker: usize,
        defenders: &[usize],
        out: &mut Vec<crate::shock::Shift>,
    ) {
        let _ = (field, attacker, defenders, out);
    }

    /// SPQR 8.3: the enemies `attacker` shocks, from `defenders` (the
    /// enemies in its front hexes); a game may leave some out. Default: all
    /// (Gergovia 8.32: not those over a wall together with others).
    fn shock_defenders(&self, field: &Field, attacker: usize, defenders: &mut Vec<usize>) {
        let _ = (field, attacker, defenders);
    }

    /// SPQR 10.3: the most hits one Recovery order removes from `unit`, if
    /// the game limits it. Default: no limit beyond SPQR's (Gergovia 10.14:
    /// one for the Gauls).
    fn recovery_limit(&self, field: &Field, unit: usize) -> Option<u8> {
        let _ = (field, unit);
        None
    }

    /// SPQR 6.27: may `unit` enter march column, or why not (the message
    /// cites the game's section)? Default: yes (Gergovia's correction to
    /// C:CoG 6.4: only cohorts).
    ///
    /// # Errors
    /// Why the unit may not.
    fn may_form_column(&self, field: &Field, unit: usize) -> Result<(), String> {
        let _ = (field, unit);
        Ok(())
    }

    /// SPQR 8.2: may `firer` fire at `target` at all, or why not (the
    /// message cites the game's section)? Default: yes (Gergovia 6.75: into
    /// and out of fortifications only at the wall).
    ///
    /// # Errors
    /// Why the fire is not allowed.
    fn may_fire(&self, field: &Field, firer: usize, target: usize) -> Result<(), String> {
        let _ = (field, firer, target);
        Ok(())
    }

    /// SPQR 8.14, 4.33: why the game's own terrain blocks the line of sight
    /// from `from` to what stands in `to`, beyond the engine's terrain line
    /// of sight and the units between (which the engine keeps checking), if
    /// it does (the message cites the game's section). The engine asks it
    /// of every sight it traces: a unit's fire, return fire (8.2), a retire
    /// reaction fire's (8.22), the leader's sight of his Line (4.33); a
    /// sight it blocks is neither offered nor allowed. Default: none
    /// (Gergovia, Special Terrain Notes: a standing stone wall, unless what
    /// is seen stands at the wall).
    fn sight_blocked(&self, field: &Field, from: hexx::Hex, to: hexx::Hex) -> Option<String> {
        let _ = (field, from, to);
        None
    }

    /// SPQR 4.72: may `leader`, withdrawing from an enemy that came next to
    /// him, cross from `from` into the hex in `dir`? Default: yes (Gergovia
    /// 6.72: not over a fortified hexside, as [`Self::rout_may_cross`] for
    /// units).
    fn leader_may_withdraw_across(
        &self,
        field: &Field,
        leader: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        let _ = (field, leader, from, dir);
        true
    }

    /// SPQR 8.2: modifiers a game adds to `firer`'s fire at `target`, after
    /// the standard ones in `out`. Default: none (Gergovia 6.75, 8.71: +2
    /// arrows, +4 javelins over a wall, +1 over a stone wall).
    fn fire_modifiers(&self, field: &Field, firer: usize, target: usize, out: &mut Modifiers) {
        let _ = (field, firer, target, out);
    }

    /// SPQR 8.47: may the victorious `attacker` advance from `from` into the
    /// hex in `dir`? Default: yes (Gergovia 8.4: not out over a wall of the
    /// fortification it attacked from).
    fn may_advance(
        &self,
        field: &Field,
        attacker: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        let _ = (field, attacker, from, dir);
        true
    }

    /// SPQR 8.47: the hits victorious `attacker`'s advance from `from` into
    /// the hex in `dir` costs (charged on the advance, capped at TQ - 1, and
    /// counted in the collapse: an attacker whose advance would rout it
    /// counts as routing for 8.47 #1, [`crate::shock::collapse_advancing`]).
    /// Default: none (Gergovia 8.4: over a wall from outside, the table's
    /// cohesion for crossing it).
    fn advance_step_hits(
        &self,
        field: &Field,
        attacker: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> u8 {
        let _ = (field, attacker, from, dir);
        0
    }

    /// SPQR 8.5: may victorious cavalry `unit` roll for pursuit? Default:
    /// yes (Gergovia 10.5: the rule does not apply).
    fn cavalry_pursuit(&self, field: &Field, unit: usize) -> bool {
        let _ = (field, unit);
        true
    }

    /// Extra modifiers to `leader`'s Momentum roll (SPQR 5.3). Default: none.
    fn momentum_modifiers(&self, field: &Field, leader: usize, out: &mut Modifiers) {
        let _ = (field, leader, out);
    }

    /// May `leader` order `unit` at all (a game's command restrictions:
    /// Dictator 4.64, 4.73)? Default: any unit of his side.
    fn may_command(&self, field: &Field, leader: usize, unit: usize) -> bool {
        let _ = (field, leader, unit);
        true
    }

    /// SPQR 5.5: is `leader` an Elite commander now? Default: his counter's
    /// Elite (Gergovia's Elite Commanders: Caesar only in turn 1).
    fn is_elite(&self, field: &Field, leader: usize) -> bool {
        field.leader_def(leader).is_some_and(|d| d.elite)
    }

    /// SPQR 4.4: may `active` order `leader` to move? Default: the OC may
    /// move any leader of his side.
    fn may_move_leader(&self, field: &Field, active: usize, leader: usize) -> bool {
        let _ = leader;
        crate::protocol::is_overall(field, active)
    }

    /// Does `attacker` share out its hits on `defenders` itself (Dictator
    /// 9.106: a phalanx attacking two or more units)? Default: no; the hits
    /// are split equally (SPQR 8.7).
    fn attacker_allocates(&self, field: &Field, attacker: usize, defenders: &[usize]) -> bool {
        let _ = (field, attacker, defenders);
        false
    }

    /// The leaders of `side` who may hold an Auxiliares Phase this turn
    /// (Caesar 5.6, Reconstructed). Default: none (SPQR has no such phase).
    fn auxiliares_leaders(&self, field: &Field, side: gboh_core::Side) -> Vec<usize> {
        let _ = (field, side);
        Vec::new()
    }

    /// May `leader` order `unit` in his Auxiliares Phase, `ordered` being the
    /// units he has ordered in it so far? Default: no.
    fn auxiliares_unit(
        &self,
        field: &Field,
        leader: usize,
        unit: usize,
        ordered: &[usize],
    ) -> bool {
        let _ = (field, leader, unit, ordered);
        false
    }

    /// The side whose leaders hold their Auxiliares Phases first each turn
    /// (Caesar 5.6, Reconstructed). Default: the Romans (Gergovia's Arverni
    /// Archers are activated in the auxiliary phase "before the Romans").
    fn auxiliares_first(&self) -> gboh_core::Side {
        gboh_core::Side::Roman
    }

    /// Are the units of `leader`'s Auxiliares Phase ordered without a leader
    /// (Gergovia: the leaderless Arverni archers; C:CoG's auxiliaries,
    /// Reconstructed): no Command Range, an enemy ZOC on him no bar, the
    /// game's [`Self::must_pass`] not applying to this phase? He only holds
    /// the phase. Default: no.
    fn auxiliares_leaderless(&self, field: &Field, leader: usize) -> bool {
        let _ = (field, leader);
        false
    }

    /// Called when `leader` gives `unit` an order (an Individual Order or a
    /// place in a Line).
    fn unit_ordered(&mut self, field: &Field, leader: usize, unit: usize) {
        let _ = (field, leader, unit);
    }

    /// Called when `leader` issues a Line Command, in a Momentum phase or not.
    fn line_issued(&mut self, field: &Field, leader: usize, momentum: bool) {
        let _ = (field, leader, momentum);
    }

    /// SPQR 4.3: may `unit` join the Line of `leader` that `anchor` belongs
    /// to? Default: the same orientation (facing) as the anchor.
    fn line_member(&self, field: &Field, leader: usize, anchor: usize, unit: usize) -> bool {
        let _ = leader;
        let facing = |u: usize| field.units.get(u).map(|s| s.facing);
        facing(unit) == facing(anchor)
    }

    /// SPQR 4.21, 4.32: the Command Range, counted along a path from the
    /// leader as for Individual Orders ([`Field::command_path`]), within which
    /// `unit` must stand to join `leader`'s Line through `anchor`; `None`: no
    /// such limit. Default: none (SPQR 4.32 asks it only of units of another
    /// orientation, which the default `line_member` leaves out; Dictator 4.62's
    /// Line Command range, 4.72's units of another orientation).
    fn line_range(&self, field: &Field, leader: usize, anchor: usize, unit: usize) -> Option<u8> {
        let _ = (field, leader, anchor, unit);
        None
    }

    /// SPQR 4.33 #1: the leader within whose Command Range (counted along a
    /// path, 4.21) `leader` must begin his Orders Phase to issue a Line
    /// Command freely; what `LineContext::started_in_oc_range` reports.
    /// Default: his side's OC (Dictator 4.64: a Chief's Tribal Chief).
    fn line_range_leader(&self, field: &Field, leader: usize) -> Option<usize> {
        field.leader_def(leader).and_then(|d| crate::protocol::overall_commander(field, d.side))
    }

    /// SPQR 9.5: may phalanx `unit` form double depth ("eligible units are
    /// listed in the scenario specific rules")? Default: no.
    fn double_depth_eligible(&self, field: &Field, unit: usize) -> bool {
        let _ = (field, unit);
        false
    }

    /// SPQR 4.3: are units `a` and `b` of a Line linked (the line goes on
    /// through them)? Default: SPQR 4.32 and 9.24
    /// ([`crate::protocol::spqr_line_link`]): adjacent (a half of a
    /// double-size phalanx next to the other unit, Dictator 9.101), or one
    /// skirmisher or velites unit between, or the spaces the scenario allows.
    fn line_link(&self, field: &Field, leader: usize, a: usize, b: usize) -> bool {
        let _ = leader;
        crate::protocol::spqr_line_link(field, a, b)
    }

    /// SPQR 4.3: must the leader be within 2 hexes of, and see, a unit of
    /// this Line? Default: yes, for every Line (Dictator 4.73, 4.74 ask it
    /// only of infantry lines).
    fn line_needs_leader_near(&self, field: &Field, leader: usize, line: &[usize]) -> bool {
        let _ = (field, leader, line);
        true
    }

    /// SPQR 4.32: may these units form one Line? Default: yes (the
    /// scenario's `line_types`, which the engine checks first, aside).
    fn line_composition(&self, field: &Field, leader: usize, units: &[usize]) -> bool {
        let _ = (field, leader, units);
        true
    }

    /// SPQR 4.3: may `leader` issue a Line Command now, freely or on a roll?
    fn line_eligibility(
        &self,
        field: &Field,
        leader: usize,
        context: &LineContext,
        line: &[usize],
    ) -> LineEligibility {
        crate::protocol::spqr_line_eligibility(field, leader, context, line)
    }

    /// Called the moment `unit` routs; may roll and change the game's state.
    ///
    /// # Errors
    /// Only from scripted dice.
    fn unit_routed(
        &mut self,
        field: &Field,
        unit: usize,
        dice: &mut Dice,
        events: &mut Vec<GameEvent<Self>>,
    ) -> Result<(), DiceError> {
        let _ = (field, unit, dice, events);
        Ok(())
    }

    /// SPQR 10.1: the facing routed unit `unit` routs toward for its next
    /// hex (it enters one of that facing's two front hexes), or `None` when
    /// it stays where it is. Default: its side's retreat facing (the
    /// scenario's `retreat`); Gergovia 10.32 sends Romans to the nearest camp
    /// and Gauls to the town, and keeps them there.
    fn rout_facing(&self, field: &Field, unit: usize) -> Option<gboh_core::facing::Facing> {
        field.side(unit).map(|s| *field.scenario.retreat.get(s))
    }

    /// SPQR 10.1: may routed unit `unit` cross from `from` into the hex in
    /// `dir` (Gergovia 6.72: not over a fortified hexside)? Asked too of
    /// each hex of an orderly withdrawal (SPQR 6.5; Gergovia 6.72: "to
    /// retreat or rout"). Default: yes.
    fn rout_may_cross(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> bool {
        let _ = (field, unit, from, dir);
        true
    }

    /// SPQR 8.2: the shots the game's own weapons (no counter) fire at `unit`,
    /// which has just entered a hex in an Orders Phase, in order; the
    /// engine resolves each on its missile table and calls
    /// [`Self::game_shot_fired`] after it. Default: none (Gergovia 9.33: the
    /// large camp's tower scorpions fire in reaction at Gallic units).
    fn shots_at_mover(&self, field: &Field, unit: usize) -> Vec<GameShot> {
        let _ = (field, unit);
        Vec::new()
    }

    /// Called after the engine resolved `shot` at `unit` (Gergovia 9.33:
    /// each unit is fired at once a Gallic command phase).
    fn game_shot_fired(&mut self, field: &Field, shot: &GameShot, unit: usize) {
        let _ = (field, shot, unit);
    }

    /// The declarations `leader` may make now, in his Orders Phase, each by
    /// the game's number ([`crate::Action::Declare`]). Default: none (SPQR
    /// has none; Gergovia 6.8: barbarian impetuosity, "declared" when the
    /// player chooses).
    fn declarations(&self, field: &Field, leader: usize) -> Vec<u8> {
        let _ = (field, leader);
        Vec::new()
    }

    /// Declaration `choice` in words, for the action's narration (Gergovia:
    /// "declare the Carnutes impetuous (Gergovia 6.8)").
    fn declaration_name(&self, field: &Field, choice: u8) -> String {
        let _ = field;
        format!("declaration {choice}")
    }

    /// `leader` makes declaration `choice` (one [`Self::declarations`]
    /// listed: the engine checks that first); the game records it and
    /// reports it.
    fn declare(
        &mut self,
        field: &Field,
        leader: usize,
        choice: u8,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        let _ = (field, leader, choice, events);
    }

    /// The roll, if any, unit `unit` makes to step from `from` into the hex
    /// in `dir` (an Individual Order's step, not a pass-through or a stack's;
    /// [`CrossingRoll`]). Default: none.
    fn crossing_roll(
        &self,
        field: &Field,
        unit: usize,
        from: hexx::Hex,
        dir: gboh_core::facing::Direction,
    ) -> Option<CrossingRoll> {
        let _ = (field, unit, from, dir);
        None
    }

    /// Reports a [`CrossingRoll`]'s result: `roll` against the unit's TQ,
    /// `stopped` when it was at least the TQ. Default: nothing.
    fn crossing_rolled(
        &mut self,
        field: &Field,
        unit: usize,
        crossing: &CrossingRoll,
        roll: gboh_core::dice::Roll,
        stopped: bool,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        let _ = (field, unit, crossing, roll, stopped, events);
    }

    /// The units the scenario holds off the map at the start (SPQR has
    /// none; Gergovia's Gallic Reinforcements: Vercingetorix's Arverni):
    /// the engine marks them off the map (as `Eliminated`, so that nothing
    /// on the map sees them) when the battle begins, until a declaration
    /// brings them on ([`Self::declared_entry`]). The game must not count
    /// them as losses. Default: none.
    fn held_off_map(&self, field: &Field) -> Vec<usize> {
        let _ = field;
        Vec::new()
    }

    /// The unit declaration `choice` of `leader` brings onto the map, if it
    /// is an entry (called after [`Self::declare`] is validated and before
    /// it is made; the engine places the unit, gives it a Move order, one of
    /// the leader's Individual Orders, and charges its MP). Default: none.
    fn declared_entry(&self, field: &Field, leader: usize, choice: u8) -> Option<Entry> {
        let _ = (field, leader, choice);
        None
    }

    /// The unit declaration `choice` of `leader` sets to work in place, if
    /// the declaration is such an order (Gergovia, Special Terrain Notes:
    /// a unit knocks a stone wall down by spending all of its movement
    /// points at it). The engine charges it as an Individual Order (SPQR
    /// 4.2): the leader must have one left and the unit must not be ordered
    /// yet this phase; the unit is then given a Move order with all of its
    /// MP spent, moving, turning and firing no more this phase. Called
    /// before [`Self::declare`]. Default: none.
    fn declared_order(&self, field: &Field, leader: usize, choice: u8) -> Option<usize> {
        let _ = (field, leader, choice);
        None
    }

    /// Why activated `leader` may do nothing but the game's declarations and
    /// end his Orders Phase (pass), with no Momentum after it, if he must
    /// (the message cites the game's section). Default: never (Gergovia,
    /// Gallic Reinforcements: Vercingetorix off the map "must pass and is
    /// finished for this turn" unless he enters).
    fn must_pass(&self, field: &Field, leader: usize) -> Option<String> {
        let _ = (field, leader);
        None
    }

    /// Called when `leader` begins an Elite Commander's extra Orders Phase
    /// (SPQR 5.5; Gergovia: Vercingetorix's elite command, once a battle).
    fn elite_phase_started(&mut self, field: &Field, leader: usize) {
        let _ = (field, leader);
    }

    /// SPQR 8.73: does the defending player pick which of his units' types
    /// sets the column of a shock with more than one type of defender?
    /// Default: no, the lowest column (Gergovia 8.36 #B: "the owner decides
    /// which type he uses for the column").
    fn owner_picks_clash_type(&self) -> bool {
        false
    }

    /// Called when `leader`'s Orders Phase opens (SPQR 4.2; the field counts
    /// it in his `phases`), after the engine reports his activation: a game's
    /// own consequences of a leader's activation (Gergovia, Camped Gauls: a
    /// camped chief's activation alerts his tribe). Default: nothing.
    fn orders_phase_began(
        &mut self,
        field: &Field,
        leader: usize,
        events: &mut Vec<GameEvent<Self>>,
    ) {
        let _ = (field, leader, events);
    }

    /// Called after `unit` entered a hex (the field shows it there).
    fn unit_moved(&mut self, field: &Field, unit: usize, events: &mut Vec<GameEvent<Self>>) {
        let _ = (field, unit, events);
    }

    /// Called at the end of the Rout and Reload Phase, before the next turn.
    fn turn_ended(&mut self, field: &Field, events: &mut Vec<GameEvent<Self>>) {
        let _ = (field, events);
    }

    /// The side that has won by the game's own conditions, if one has: the
    /// battle ends at once, after the action that decided it
    /// ([`Outcome::Victory`](crate::protocol::Outcome::Victory); Gergovia:
    /// the first side to its victory-point threshold "wins immediately").
    /// Default: none, the battle ends by withdrawal or the turn limit only
    /// (SPQR 11.0).
    fn victor(&self, field: &Field) -> Option<gboh_core::Side> {
        let _ = field;
        None
    }
}
