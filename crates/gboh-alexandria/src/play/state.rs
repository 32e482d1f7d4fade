//! The land game's state, [`Alexandria`], as the engine's protocol plays
//! it (`gboh_simple::Battle<Alexandria>`): 3.0's Player Turns with 4.5's
//! Turn Seizure, 4.33's replacement leaders, the main game's set-up.

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_simple::field::Field;
use gboh_simple::protocol::PendingOf;
use gboh_simple::rules::advance::AdvanceRules;
use gboh_simple::rules::before_shock::BeforeShockRules;
use gboh_simple::rules::designation::DesignationRules;
use gboh_simple::rules::effects::{Effects, eliminate};
use gboh_simple::rules::fire::FireRules;
use gboh_simple::rules::leaders::LeaderRules;
use gboh_simple::rules::preview::CombatPreview;
use gboh_simple::rules::reaction_windows::ReactionRules;
use gboh_simple::rules::tasks::TaskRules;
use gboh_simple::{BattleRules, CombatError, Lid, Outcome, SimpleEvent, Turn, TurnEvent, Uid};
use hexx::Hex;
use thiserror::Error;

use super::Land;
use super::aboard;
use super::blocks::{self, BlockEvent, Own};
use super::chart::MissileColumn;
use super::command::{self, Command, eligible};
use super::fleet::{self, Fleet};
use super::replacement::{self, Choice, Decision};
use super::setup::LandSetup;
use super::victory;
use crate::counters::Rank;
use crate::scenario::{Position, ScenarioId, scenario};

/// What happened: the engine's rules' events, the protocol's, and this
/// game's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// An engine rule's event.
    Rule(SimpleEvent),
    /// The Sequence of Play's.
    Turn(TurnEvent<Command>),
    /// 5.23's Blocks.
    Block(BlockEvent),
    /// 4.42: the fleet's rules' event in a Fleet activation (and 4.44's
    /// debarking in a leader's).
    Fleet(crate::fleet::Event),
    /// 4.33: a killed leader replaced, on a unit he may command.
    Replaced {
        /// The leader.
        leader: Lid,
        /// Where.
        hex: Hex,
    },
}

/// Why the game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A data file's problems.
    #[error(transparent)]
    Data(#[from] gboh_core::data::DataError),
    /// A piece could not be placed where the deployment puts it.
    #[error("main game deployment: {0}")]
    Place(String),
}

/// A land game of Caesar in Alexandria under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Alexandria {
    /// The pieces.
    pub field: Field<Land>,
    /// The Sequence of Play.
    pub turn: Turn<Command>,
    /// 4.33: leaders on their Replacement side.
    pub replaced: Vec<Lid>,
    /// 4.33: killed leaders to be placed again before play passes on from
    /// the activation that just ended, first first.
    pub replacing: Vec<Lid>,
    /// The galleys and whoever is aboard them (3.0 A, 4.42).
    pub fleet: Fleet,
}

/// The facing of a unit on `from` whose front looks most nearly at `to`
/// (ties to the first in clock order).
#[must_use]
pub fn facing_toward(from: Hex, to: Hex) -> Facing {
    let mut best = (u32::MAX, Facing::Twelve);
    for f in Facing::ALL {
        let d: u32 = f.front().iter().map(|d| d.neighbor(from).unsigned_distance_to(to)).sum();
        if d < best.0 {
            best = (d, f);
        }
    }
    best.1
}

impl Alexandria {
    /// The main game's land set-up (`data/alexandria/scenarios.ron`):
    /// every land unit and leader on the map where the scenario puts it,
    /// facing the nearest enemy; the galleys where it puts them, played by
    /// the fleet's rules in a Fleet activation (none carries anyone in the
    /// main game).
    ///
    /// # Errors
    /// [`SetupError`] if the data are broken.
    pub fn main_game() -> Result<Alexandria, SetupError> {
        Alexandria::deployed(LandSetup::embedded()?, ScenarioId::MainGame)
    }

    /// Scenario `id`'s land pieces placed.
    ///
    /// # Errors
    /// [`SetupError`] naming the piece that does not fit.
    pub fn deployed(setup: Arc<LandSetup>, id: ScenarioId) -> Result<Alexandria, SetupError> {
        let sc = scenario(id)?;
        let map = setup.map;
        let mut field: Field<Land> = Field::new(Arc::clone(&setup));
        let mut placed: Vec<(Uid, Hex, Side)> = Vec::new();
        for p in &sc.deployment {
            for id in &p.units {
                let Some(Position::At(place)) = sc.position(map, id) else { continue };
                let hex =
                    map.seat(place).ok_or_else(|| SetupError::Place(format!("{id}: no seat")))?;
                if let Some(uid) = setup.uid(id) {
                    let side = setup.unit(uid).map_or(Side::Roman, |u| u.side);
                    placed.push((uid, hex, side));
                } else if let Some(lid) = setup.lid(id) {
                    field
                        .move_leader(lid, Some(hex))
                        .map_err(|e| SetupError::Place(format!("{id}: {e}")))?;
                }
            }
        }
        for &(uid, hex, side) in &placed {
            let enemy = placed
                .iter()
                .filter(|p| p.2 != side)
                .min_by_key(|p| (p.1.unsigned_distance_to(hex), p.0))
                .map_or(hex, |p| p.1);
            field.move_unit(uid, hex, facing_toward(hex, enemy)).map_err(|e| {
                SetupError::Place(format!("{}: {e}", setup.unit(uid).map_or("?", |u| &u.name)))
            })?;
        }
        let fleet = Fleet::main_game().map_err(|e| SetupError::Place(e.to_string()))?;
        Ok(Alexandria {
            field,
            turn: Turn::new(sc.first_player),
            replaced: Vec::new(),
            replacing: Vec::new(),
            fleet,
        })
    }

    /// An empty map with `first` to act: a position to build (tests,
    /// puzzles), pieces placed with the field's `move_unit`/`move_leader`.
    ///
    /// # Errors
    /// The embedded data's problems.
    pub fn empty(first: Side) -> Result<Alexandria, SetupError> {
        let setup = LandSetup::embedded()?;
        Ok(Alexandria {
            field: Field::new(setup),
            turn: Turn::new(first),
            replaced: Vec::new(),
            replacing: Vec::new(),
            fleet: Fleet::none(first),
        })
    }

    /// Puts piece `id` (a land unit or leader, taken off the map) aboard
    /// galley `galley` (a position to build: the main game carries no one).
    ///
    /// # Errors
    /// No such piece or galley afloat.
    pub fn put_aboard(&mut self, id: &str, galley: &str) -> Result<(), SetupError> {
        let setup = Arc::clone(self.setup());
        let passenger = match setup.mix.piece(id) {
            Some(crate::counters::Piece::Unit(u)) => {
                crate::fleet::Passenger { id: u.id.clone(), tq: u.tq, leader: false }
            }
            Some(crate::counters::Piece::Leader(l)) => {
                crate::fleet::Passenger { id: l.id.clone(), tq: 0, leader: true }
            }
            _ => return Err(SetupError::Place(format!("{id}: not a land unit or leader"))),
        };
        let g = self
            .fleet
            .game
            .galleys
            .iter_mut()
            .find(|g| g.id == galley && g.afloat())
            .ok_or_else(|| SetupError::Place(format!("{galley}: no such galley afloat")))?;
        if let Some(uid) = setup.uid(id) {
            self.field.remove_unit(uid);
        } else if let Some(lid) = setup.lid(id) {
            self.field.move_leader(lid, None).map_err(|e| SetupError::Place(e.to_string()))?;
        }
        g.aboard.retain(|p| p.id != id);
        g.aboard.push(passenger);
        Ok(())
    }

    /// The fixed data.
    #[must_use]
    pub fn setup(&self) -> &Arc<LandSetup> {
        self.field.setup()
    }
}

impl Effects for Alexandria {
    type Game = Land;
    type Event = Happened;
    gboh_simple::lend_field_and_turn!(field, turn, Happened::Rule);
    /// A routed unit is eliminated (reconstructed: the extract's rout
    /// rules are cut; in the streets there is nowhere to rally, and the
    /// errata count a unit gone from the map toward exhaustion, 11.3).
    fn routed(&mut self, uid: Uid, events: &mut Vec<Event<Happened>>) {
        eliminate(self, uid, "11.3", events);
    }
}

impl AdvanceRules for Alexandria {}
impl TaskRules for Alexandria {}
impl FireRules for Alexandria {}
impl BeforeShockRules for Alexandria {}
impl ReactionRules for Alexandria {}
impl DesignationRules for Alexandria {}

impl LeaderRules for Alexandria {
    /// 4.2: whom a leader may command (4.33's replacement host).
    fn could_command(field: &Field<Land>, lid: Lid, uid: Uid) -> bool {
        eligible(field, lid, uid)
    }
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)> {
        &mut self.turn.lone_leaders
    }
}

impl BattleRules for Alexandria {
    type Command = Command;
    type Own = Own;
    type Decision = Decision;
    type Choice = Choice;
    type Record = ();

    fn turn(&self) -> &Turn<Command> {
        &self.turn
    }
    fn turn_mut(&mut self) -> &mut Turn<Command> {
        &mut self.turn
    }
    fn turn_event(what: TurnEvent<Command>) -> Happened {
        Happened::Turn(what)
    }

    /// 3.0 A, 4.44: a subordinate with his eligible units, the
    /// Auxiliaries, or the Overall Commander alone; any of them any turn.
    /// After a seizure (4.51: "substitute yours") the same choices.
    /// 4.44 also a subordinate aboard a Beached, Aground or Slip galley;
    /// the Fleet when the side has a galley afloat (4.42).
    fn commands(&self, side: Side, out: &mut Vec<Command>) {
        let mut all = command::commands(&self.field, side);
        let commander = all.iter().position(|c| matches!(c, Command::Commander(_)));
        let oc = commander.map(|i| all.remove(i));
        all.extend(aboard::leaders_aboard(self, side).into_iter().map(Command::Leader));
        if fleet::may_activate(self, side) {
            all.push(Command::Fleet(side));
        }
        all.extend(oc);
        out.extend(all);
    }
    fn command_side(&self, c: &Command) -> Side {
        match *c {
            Command::Auxiliaries(side) | Command::Fleet(side) => side,
            Command::Leader(l) | Command::Commander(l) => {
                self.setup().leader(l).map_or(Side::Roman, |x| x.side)
            }
        }
    }
    fn command_units(&self, c: &Command) -> Vec<Uid> {
        match *c {
            // 4.41: a leader aboard an anchored galley traces from it.
            Command::Leader(l) if !command::on_map(&self.field, l) => aboard::units_on_map(self, l),
            _ => command::units_of(&self.field, c),
        }
    }

    /// 4.51-4.52: the Overall Commander, while he has Seizure attempts
    /// left (Caesar's and Ganymedes' ratings), at his Initiative. The engine
    /// forbids the first Player Turn of the game (4.52: the game is one
    /// period), an attempt twice in succession (4.52) and seizing back
    /// (4.53).
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        let setup = self.setup();
        let mut out = Vec::new();
        for (i, (m, l)) in setup.muster.leaders.iter().zip(&setup.leaders).enumerate() {
            let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
            let Some(st) = self.field.leader(lid) else { continue };
            if m.side == side
                && l.rank == Rank::OverallCommander
                && !st.dead
                && st.seizures_used < l.seizures
            {
                out.push((lid, l.initiative));
            }
        }
        out
    }

    /// 4.41/4.43/5.12: the activated subordinate or the Overall Commander
    /// moves, with his Movement Allowance, after the units.
    fn leader_moves(&self) -> Vec<(Lid, u8)> {
        let Some(a) = self.turn.current.as_ref() else { return Vec::new() };
        match a.command {
            Command::Leader(l) | Command::Commander(l) => self
                .setup()
                .land_leader(l)
                .filter(|_| self.field.leader(l).is_some_and(|s| !s.dead && s.at.is_some()))
                .map(|x| vec![(l, x.movement)])
                .unwrap_or_default(),
            Command::Auxiliaries(_) | Command::Fleet(_) => Vec::new(),
        }
    }

    fn own_actions(&self, out: &mut Vec<Own>) {
        blocks::legal(self, out);
        aboard::legal(self, out);
        let mut galleys = Vec::new();
        fleet::legal(self, &mut galleys);
        out.extend(galleys.into_iter().map(Own::Fleet));
    }
    fn check_own(&self, action: &Own) -> Result<CombatPreview<MissileColumn>, CombatError> {
        match action {
            Own::Fleet(a) => fleet::check(self, a).map(|()| CombatPreview::Legal),
            Own::Debark { piece } => aboard::check(self, piece).map(|_| CombatPreview::Legal),
            _ => blocks::check(self, action),
        }
    }
    fn perform_own(
        &mut self,
        action: Own,
        dice: &mut Dice,
        events: &mut Vec<Event<Happened>>,
    ) -> Result<(), CombatError> {
        match action {
            Own::Fleet(a) => fleet::perform(self, &a, dice, events),
            Own::Debark { piece } => aboard::perform(self, &piece, dice, events),
            _ => blocks::perform(self, action, events),
        }
    }

    /// 3.0 A: a Fleet activation starts the fleet's Movement Phase; a
    /// leader's (4.44) notes the pieces aboard it activates.
    fn activated(&mut self, _: &mut Dice, _: &mut Vec<Event<Happened>>) -> Result<(), CombatError> {
        match self.turn.current.as_ref().map(|a| a.command.clone()) {
            Some(Command::Fleet(side)) => fleet::begin(self, side),
            Some(Command::Leader(l)) => self.fleet.aboard_active = aboard::aboard_in_range(self, l),
            _ => {}
        }
        Ok(())
    }

    /// 4.33: "at the end of the Activation in question", killed leaders
    /// are to be replaced (where is [`BattleRules::decision`]'s); 3.0 D: a
    /// Fleet activation's Fleet Status Phase.
    fn activation_ended(
        &mut self,
        dice: &mut Dice,
        events: &mut Vec<Event<Happened>>,
    ) -> Result<(), CombatError> {
        self.fleet.aboard_active.clear();
        fleet::end(self, dice, events)?;
        replacement::after_activation(self);
        Ok(())
    }

    /// 4.33: where a killed leader comes back, his player's choice.
    fn decision(&self) -> Option<(Side, Decision)> {
        replacement::decision(self)
    }
    fn choices(&self, _: &PendingOf<Alexandria>, out: &mut Vec<Choice>) {
        replacement::choices(self, out);
    }
    fn perform_choice(
        &mut self,
        choice: Choice,
        _: &mut Dice,
        events: &mut Vec<Event<Happened>>,
    ) -> Result<(), CombatError> {
        replacement::place(self, choice, events);
        Ok(())
    }

    /// 3.0: the game is one run of Player Turns; both sides passing in a
    /// row ends it (reconstructed), as a draw unless someone has won.
    fn period_ended(&mut self, _: &mut Vec<Event<Happened>>) -> Option<Outcome> {
        Some(self.outcome().unwrap_or(Outcome {
            winner: None,
            reason: "3.0: both players passed in a row: a draw".to_owned(),
        }))
    }

    fn first_side(&self) -> Side {
        scenario(ScenarioId::MainGame).map_or(Side::Roman, |s| s.first_player)
    }

    /// 4.34, the main game's objectives, 3.0's exhaustion, the turn limit.
    fn outcome(&self) -> Option<Outcome> {
        victory::outcome(self)
    }
}
