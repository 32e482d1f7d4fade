//! The simplified version's state, [`GergoviaSimplified`], as the engine's
//! protocol plays it (`gboh_simple::Battle<GergoviaSimplified>`): the
//! formation tables as commands, Turn Seizure with the printed counts,
//! Rome first, the standard deployment, victory points counted live.

use std::sync::Arc;

use gboh_core::Side;
use gboh_core::dice::Dice;
use gboh_core::facing::Facing;
use gboh_core::game::Event;
use gboh_core::unit::{Status, UnitId};
use gboh_simple::field::Field;
use gboh_simple::rules::advance::AdvanceRules;
use gboh_simple::rules::before_shock::BeforeShockRules;
use gboh_simple::rules::designation::DesignationRules;
use gboh_simple::rules::effects::Effects;
use gboh_simple::rules::fire::FireRules;
use gboh_simple::rules::leaders::LeaderRules;
use gboh_simple::rules::preview::CombatPreview;
use gboh_simple::rules::reaction::{spec, spent};
use gboh_simple::rules::reaction_windows::ReactionRules;
use gboh_simple::rules::recovery::RoutedRecovery;
use gboh_simple::rules::tasks::TaskRules;
use gboh_simple::{
    BattleRules, CombatError, Lid, Outcome, Roster, ShotKind, ShotSpec, SimpleEvent, Turn,
    TurnEvent, Uid,
};
use hexx::Hex;
use thiserror::Error;

use super::Simplified;
use super::formations::{
    CAESAR_MAX_LEGIONS, Formation, LEGIONS, TRIBES, fit, in_command, in_map, range_of,
};
use super::setup::SimplifiedSetup;
use super::special::{self, Own, SpecialEvent};
use super::tables::MissileColumn;
use crate::scenario::{self, Position, ScenarioId};
use crate::victory::{self, Situation, Tally, Version};
use crate::{counters, map};

/// The last turn (period): the simplified version prints no turn limit
/// ("an activation follows another until someone wins"); reconstructed as
/// the standard version's twelve turns, after which the side nearer its
/// threshold wins.
pub const LAST_TURN: u16 = crate::battle::TURNS as u16;

/// What happened: the engine's rules' events, the protocol's, and the
/// special rules'.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Happened {
    /// An engine rule's event.
    Rule(SimpleEvent),
    /// The Sequence of Play's.
    Turn(TurnEvent<Formation>),
    /// A special rule's.
    Special(SpecialEvent),
}

/// Why the simplified game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A data file's problems.
    #[error(transparent)]
    Data(#[from] gboh_core::data::DataError),
    /// The scenario's.
    #[error(transparent)]
    Scenario(#[from] scenario::ScenarioError),
    /// A piece could not be placed where the deployment puts it.
    #[error("units and deployment: {0}")]
    Place(String),
}

/// A game of Gergovia's simplified version under way.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GergoviaSimplified {
    /// The pieces (the special rules' state in its pieces, the rubble in
    /// its hexside markers).
    pub field: Field<Simplified>,
    /// The Sequence of Play.
    pub turn: Turn<Formation>,
    /// The Arverni BI off the map at the start: Vercingetorix's formation.
    pub arverni_off: Vec<Uid>,
    /// The formations activated this turn, by key ([`Formation::keys`]).
    pub done: Vec<String>,
    /// Seizure attempts each leader made in earlier turns ([`Lid`] order;
    /// the engine counts a turn's only).
    pub seizures_spent: Vec<u8>,
    /// The first turn Vercingetorix may enter (the scenario's simplified
    /// figure: 1, or 3 in the alternative deployment).
    pub entry_turn: u16,
}

impl GergoviaSimplified {
    /// The standard deployment ("as in the standard version of the
    /// module, but without the Aquilae"), the Arverni archers left off
    /// ("play no role in the game"), the scorpions in their towers.
    ///
    /// # Errors
    /// [`SetupError`] if the data are broken.
    pub fn standard() -> Result<GergoviaSimplified, SetupError> {
        GergoviaSimplified::new(ScenarioId::Standard)
    }

    /// The standard or the alternative deployment ("Caninius and the XI
    /// Legion are left out"; "in the alternative deployment, Vercingetorix
    /// may not enter before Gallic turn 3").
    ///
    /// # Errors
    /// [`SetupError`] if the data are broken.
    pub fn new(id: ScenarioId) -> Result<GergoviaSimplified, SetupError> {
        let setup = SimplifiedSetup::embedded()?;
        let board = map::board()?;
        let mix = counters::counters()?;
        let sc = scenario::scenario(id)?;
        let deployment = sc.default_deployment(board, mix)?.without_eagles();
        let mut g = GergoviaSimplified::deployed(setup, &deployment.units, &deployment.leaders)?;
        g.entry_turn = u16::from(sc.vercingetorix_entry.simplified);
        Ok(g)
    }

    /// A game with `units` and `leaders` where a deployment puts them.
    ///
    /// # Errors
    /// [`SetupError::Place`] naming the piece that does not fit.
    pub fn deployed(
        setup: Arc<SimplifiedSetup>,
        units: &std::collections::BTreeMap<UnitId, Position>,
        leaders: &std::collections::BTreeMap<String, Position>,
    ) -> Result<GergoviaSimplified, SetupError> {
        let mut field: Field<Simplified> = Field::new(Arc::clone(&setup));
        for &(uid, hex) in &setup.scorpions {
            field
                .move_unit(uid, hex, Facing::Twelve)
                .map_err(|e| SetupError::Place(format!("{uid:?}: {e}")))?;
        }
        let mut arverni_off = Vec::new();
        for (id, pos) in units {
            let Some(uid) = setup.uid(id.as_str()) else { continue };
            let formation = setup.formation(uid);
            if formation == Some("Arverni archers") {
                continue; // Special Rules: "Arverni archers: play no role in the game."
            }
            match pos {
                Position::Hex(h) => {
                    let facing = if setup.unit_side(uid) == Some(Side::Roman) {
                        crate::battle::ROMAN_FACING
                    } else {
                        crate::battle::GALLIC_FACING
                    };
                    field
                        .move_unit(uid, *h, facing)
                        .map_err(|e| SetupError::Place(format!("{id}: {e}")))?;
                }
                Position::OffMap => {
                    if formation == Some("Arverni") {
                        arverni_off.push(uid);
                    }
                }
            }
        }
        arverni_off.sort();
        for (id, pos) in leaders {
            let (Some(lid), Position::Hex(h)) = (setup.lid(id), pos) else { continue };
            field
                .move_leader(lid, Some(*h))
                .map_err(|e| SetupError::Place(format!("{id}: {e}")))?;
        }
        field.pieces_mut().camped =
            (0..TRIBES.len()).filter_map(|i| u8::try_from(i).ok()).collect::<Vec<u8>>();
        Ok(GergoviaSimplified {
            field,
            turn: Turn::new(Side::Roman),
            arverni_off,
            done: Vec::new(),
            seizures_spent: vec![0; setup.leader_count()],
            entry_turn: 1,
        })
    }

    /// The fixed data.
    #[must_use]
    pub fn setup(&self) -> &Arc<SimplifiedSetup> {
        self.field.setup()
    }

    /// The living leader named `id` on the map.
    #[must_use]
    pub fn leader_on_map(&self, id: &str) -> Option<Lid> {
        let lid = self.setup().lid(id)?;
        self.field.leader(lid).filter(|l| !l.dead && l.at.is_some()).map(|_| lid)
    }

    /// The units of formation `f` (by counter formation id).
    #[must_use]
    pub fn units_of(&self, f: &str) -> Vec<Uid> {
        self.setup().units_of(f)
    }

    /// The Arverni BI Critignatus commands: those on the map at the start.
    #[must_use]
    pub fn arverni_on(&self) -> Vec<Uid> {
        self.units_of("Arverni").into_iter().filter(|u| !self.arverni_off.contains(u)).collect()
    }

    /// The members of `command` (fit or not), in [`Uid`] order.
    #[must_use]
    pub fn members(&self, command: &Formation) -> Vec<Uid> {
        let mut v = match command {
            Formation::Caesar(mask) => Formation::legions(*mask)
                .into_iter()
                .filter_map(|i| LEGIONS.get(i))
                .flat_map(|l| self.units_of(l.0))
                .collect(),
            Formation::Legion(i) => {
                LEGIONS.get(usize::from(*i)).map(|l| self.units_of(l.0)).unwrap_or_default()
            }
            Formation::Aedui => self.units_of("Aedui"),
            Formation::Cavalry => self.units_of("Gallic LN"),
            Formation::Auxiliaries => ["Cretan archers", "Numidian archers", "Numidian LI"]
                .into_iter()
                .flat_map(|f| self.units_of(f))
                .collect(),
            Formation::Vercingetorix { all_arverni: false } => self.arverni_off.clone(),
            Formation::Vercingetorix { all_arverni: true } => self.units_of("Arverni"),
            Formation::Critignatus => self.arverni_on(),
            Formation::Vercassivellaunus => self.units_of("Arverni cavalry"),
            Formation::Tribe(i) => {
                TRIBES.get(usize::from(*i)).map(|t| self.units_of(t.0)).unwrap_or_default()
            }
        };
        v.sort();
        v
    }

    /// The legions (indices) with a unit within Caesar's command range.
    #[must_use]
    pub fn legions_in_caesar_range(&self) -> Vec<usize> {
        let Some(caesar) = self.leader_on_map("Caesar") else { return Vec::new() };
        let Some(map) = range_of(&self.field, caesar) else { return Vec::new() };
        (0..LEGIONS.len())
            .filter(|&i| {
                LEGIONS.get(i).is_some_and(|l| {
                    self.units_of(l.0).into_iter().any(|u| {
                        fit(&self.field, u)
                            && self
                                .field
                                .unit(u)
                                .and_then(|s| s.at)
                                .is_some_and(|h| in_map(&self.field, &map, h))
                    })
                })
            })
            .collect()
    }

    /// \[a\]: whether Critignatus is within Vercingetorix's command range.
    #[must_use]
    pub fn critignatus_in_range(&self) -> bool {
        let (Some(v), Some(c)) =
            (self.leader_on_map("Vercingetorix"), self.leader_on_map("Critignatus"))
        else {
            return false;
        };
        let at = self.field.leader(c).and_then(|l| l.at);
        range_of(&self.field, v).zip(at).is_some_and(|(m, h)| in_map(&self.field, &m, h))
    }

    fn key_done(&self, f: &Formation) -> bool {
        f.keys().iter().any(|k| self.done.contains(k))
    }

    /// Whether the camped tribe `i` is still camped (not alerted): "all
    /// camped Gauls are alerted together when a Roman unit moves up to one
    /// of their units".
    #[must_use]
    pub fn camped(&self, i: u8) -> bool {
        self.field.pieces().camped.contains(&i) && !special::romans_next_to_camped(self)
    }

    /// The formations `side` may activate now, only `seized`'s if a
    /// leader seized the turn.
    fn available(&self, side: Side, seized: Option<&str>, out: &mut Vec<Formation>) {
        let mut all = Vec::new();
        if side == Side::Roman {
            let free: Vec<usize> = self
                .legions_in_caesar_range()
                .into_iter()
                .filter(|i| !self.done.contains(&format!("legion {i}")))
                .collect();
            if !self.done.contains(&"Caesar".to_string()) {
                for mask in 1u8..64 {
                    let ls = Formation::legions(mask);
                    if mask.count_ones() <= CAESAR_MAX_LEGIONS
                        && ls.iter().all(|i| free.contains(i))
                    {
                        all.push(Formation::Caesar(mask));
                    }
                }
            }
            for i in 0..LEGIONS.len() {
                if let Ok(i) = u8::try_from(i) {
                    all.push(Formation::Legion(i));
                }
            }
            all.extend([Formation::Aedui, Formation::Cavalry, Formation::Auxiliaries]);
        } else {
            all.push(Formation::Vercingetorix { all_arverni: false });
            if self.critignatus_in_range() {
                all.push(Formation::Vercingetorix { all_arverni: true });
            }
            all.extend([Formation::Critignatus, Formation::Vercassivellaunus]);
            all.extend(
                (0..TRIBES.len()).filter_map(|i| u8::try_from(i).ok()).map(Formation::Tribe),
            );
        }
        for f in all {
            if self.key_done(&f) {
                continue;
            }
            let leaders = f.leaders();
            if let Some(by) = seized
                && leaders.first().is_none_or(|l| *l != by)
            {
                continue;
            }
            let led = leaders.first().is_none_or(|l| {
                let lid = self.setup().lid(l);
                lid.and_then(|x| self.field.leader(x)).is_some_and(|s| !s.dead)
            });
            let verc_off = self.leader_on_map("Vercingetorix").is_none();
            if matches!(f, Formation::Vercingetorix { .. })
                && verc_off
                && self.turn.period < self.entry_turn
            {
                continue;
            }
            let off_map_entry = matches!(f, Formation::Vercingetorix { .. })
                && self.arverni_off.iter().any(|&u| {
                    self.field
                        .unit(u)
                        .is_some_and(|s| s.at.is_none() && s.cohesion.status != Status::Eliminated)
                });
            let any = self.members(&f).into_iter().any(|u| fit(&self.field, u));
            if led && (any || off_map_entry) {
                out.push(f);
            }
        }
    }

    /// What the victory lists count now.
    #[must_use]
    pub fn situation(&self) -> Situation {
        let setup = self.setup();
        let mut s = Situation::default();
        for (uid, st) in setup.muster.uids().zip(self.field.units()) {
            let Some(u) = setup.unit(uid) else { continue };
            if setup.formation(uid) == Some(super::setup::TOWERS_FORMATION) {
                continue;
            }
            let id = UnitId(u.name.clone());
            match st.cohesion.status {
                Status::Eliminated => s.destroyed.push(id.clone()),
                Status::Reduced | Status::Routed if u.side == Side::Roman => {
                    s.weakened.push(id.clone())
                }
                _ => {}
            }
            if let Some(h) = st.at
                && st.cohesion.status != Status::Eliminated
            {
                s.on_map.push((id, h));
            }
        }
        for (i, l) in self.field.leaders().iter().enumerate() {
            if l.dead
                && let Some(info) = setup.muster.leaders.get(i)
            {
                s.dead_leaders.push(info.name.clone());
            }
        }
        s
    }

    /// Where every counter stands now, as a [`scenario::Deployment`] (for
    /// [`crate::picture::render`]; the scorpions are printed on the map).
    #[must_use]
    pub fn deployment(&self) -> scenario::Deployment {
        let setup = self.setup();
        let mut d = scenario::Deployment::default();
        for (uid, st) in setup.muster.uids().zip(self.field.units()) {
            let Some(u) = setup.unit(uid) else { continue };
            if setup.formation(uid) == Some(super::setup::TOWERS_FORMATION) {
                continue;
            }
            if let Some(h) = st.at {
                d.units.insert(UnitId(u.name.clone()), Position::Hex(h));
            }
        }
        for (i, l) in self.field.leaders().iter().enumerate() {
            if let (Some(info), Some(h), false) = (setup.muster.leaders.get(i), l.at, l.dead) {
                d.leaders.insert(info.name.clone(), Position::Hex(h));
            }
        }
        d
    }

    /// Both sides' victory points now ("Victory (Simplified)").
    ///
    /// # Errors
    /// The victory file's or map's problems.
    pub fn tally(&self) -> Result<Tally, Box<dyn std::error::Error + Send + Sync>> {
        let vp = victory::victory()?;
        Ok(vp.count(
            Version::Simplified,
            map::board()?,
            counters::counters()?,
            &self.situation(),
        )?)
    }
}

impl Effects for GergoviaSimplified {
    type Game = Simplified;
    type Event = Happened;
    gboh_simple::lend_field_and_turn!(field, turn, Happened::Rule);
    /// Routed units stay where they are until the Recovery Phase (the
    /// family's rule).
    /// A hidden unit that routs is revealed (Gallic Starting Deployment
    /// \[b\], [`super::hidden`]).
    fn routed(&mut self, _: Uid, events: &mut Vec<Event<Happened>>) {
        super::hidden::reveal(self, events);
    }
    /// A hidden unit that retreats is revealed, and so are those a Roman
    /// unit stood next to before it retreated ([`super::hidden`]).
    fn retreated(&mut self, uid: Uid, from: Hex, _: Hex, events: &mut Vec<Event<Happened>>) {
        super::hidden::retreated(self, uid, from, events);
    }
    /// Only veteran cohorts have a weakened side ("Roman units with two
    /// sides: veteran cohorts"; "Gallic units with a weakened state:
    /// none"): they roll to recover onto it; the rest are eliminated.
    fn routed_recovery(&self, uid: Uid) -> RoutedRecovery {
        if self.setup().unit(uid).is_some_and(|u| u.profile.reduced_tq.is_some()) {
            RoutedRecovery::Rolls
        } else {
            RoutedRecovery::Eliminated
        }
    }
}

impl AdvanceRules for GergoviaSimplified {}
impl TaskRules for GergoviaSimplified {}
impl FireRules for GergoviaSimplified {}
impl BeforeShockRules for GergoviaSimplified {}

/// 10.1: the towers' scorpions fire "only in reaction, and only once per
/// Gallic game turn" (once per Gallic activation: the engine's free shot),
/// at any Gallic unit within 7 hexes.
impl ReactionRules for GergoviaSimplified {
    fn free_shots_at(&self, targets: &[Hex]) -> Vec<ShotSpec> {
        if self.active_side() != Some(Side::Adversary) {
            return Vec::new();
        }
        let board = &self.setup().board;
        let mut targets = targets.to_vec();
        targets.sort_by_key(|&h| board.index(h));
        targets.dedup();
        let mut out = Vec::new();
        for &(uid, _) in &self.setup().scorpions {
            if !fit(&self.field, uid) || spent(&self.field, uid, ShotKind::FreeShot) {
                continue;
            }
            for &t in &targets {
                if let Some(s) = spec(&self.field, uid, t, None, ShotKind::FreeShot)
                    && gboh_simple::rules::missile::aim(&self.field, &s).is_ok()
                {
                    out.push(s);
                }
            }
        }
        out
    }
}

/// 11.1: an attack across a wall hexside names no other enemy beyond the
/// wall ([`super::combat::one_enemy_beyond_the_wall`]).
impl DesignationRules for GergoviaSimplified {
    fn attacked_hexes(&self, hex: Hex, _: &[Uid], fresh: Vec<Hex>, joined: &[Hex]) -> Vec<Hex> {
        super::combat::one_enemy_beyond_the_wall(&self.field, hex, fresh, joined)
    }
}

impl LeaderRules for GergoviaSimplified {
    /// Deployment: "leaders may be placed in any hex that contains a unit
    /// they may command under the formation list".
    fn could_command(field: &Field<Simplified>, lid: Lid, uid: Uid) -> bool {
        let setup = field.setup();
        let (Some(l), Some(c), Some(u), Some(f)) =
            (setup.leader(lid), setup.command(lid), setup.unit(uid), setup.formation(uid))
        else {
            return false;
        };
        l.side == u.side
            && (c.commands.iter().any(|x| x == f)
                || l.name == "Manucius" && u.profile.unit_type.is_cavalry())
    }
    fn lone_leader_choices(&mut self) -> &mut Vec<(Lid, Vec<Hex>)> {
        &mut self.turn.lone_leaders
    }
}

impl BattleRules for GergoviaSimplified {
    type Command = Formation;
    type Own = Own;
    type Decision = ();
    type Choice = ();
    type Record = ();

    fn turn(&self) -> &Turn<Formation> {
        &self.turn
    }
    fn turn_mut(&mut self) -> &mut Turn<Formation> {
        &mut self.turn
    }
    fn turn_event(what: TurnEvent<Formation>) -> Happened {
        Happened::Turn(what)
    }

    /// The formation tables' rows not yet activated this turn whose leader
    /// lives (and, for a seizure, the seizing leader's): Caesar's every
    /// choice of one to four legions in his range.
    fn commands(&self, side: Side, out: &mut Vec<Formation>) {
        let seized = self
            .turn
            .seizure
            .seized_by
            .and_then(|l| self.setup().leader(l))
            .map(|l| l.name.clone());
        self.available(side, seized.as_deref(), out);
    }

    fn command_side(&self, command: &Formation) -> Side {
        command.side()
    }

    /// 4.1, 4.11: the members in command; a camped tribe's units do
    /// nothing ("alerting takes that whole activation"); an impetuous
    /// tribe's move "even if they are not under command".
    fn command_units(&self, command: &Formation) -> Vec<Uid> {
        if let Formation::Tribe(i) = command
            && self.camped(*i)
        {
            return Vec::new();
        }
        let members = self.members(command);
        let specials = self.field.pieces();
        if !specials.impetuous.is_empty() && members.iter().any(|u| specials.impetuous.contains(u))
        {
            return members.into_iter().filter(|&u| fit(&self.field, u)).collect();
        }
        let leaderless = matches!(command, Formation::Auxiliaries);
        let ranges: Vec<Vec<u8>> = command
            .leaders()
            .into_iter()
            .filter_map(|l| self.setup().lid(l))
            .filter_map(|l| range_of(&self.field, l))
            .collect();
        in_command(&self.field, command.side(), &ranges, &members, leaderless)
    }

    /// "Leaders with initiative (who can seize a turn) have a number to the
    /// right of the slash": Caesar /3, Manucius /2, Vercingetorix /5,
    /// Vercassivellaunus /2, per game.
    fn seizure_leaders(&self, side: Side) -> Vec<(Lid, u8)> {
        let setup = self.setup();
        let mut out = Vec::new();
        for (i, (l, c)) in setup.muster.leaders.iter().zip(&setup.commands).enumerate() {
            let Ok(lid) = u8::try_from(i).map(Lid) else { continue };
            let Some(st) = self.field.leader(lid) else { continue };
            let used =
                self.seizures_spent.get(i).copied().unwrap_or(0).saturating_add(st.seizures_used);
            let mut cmds = Vec::new();
            self.available(side, Some(l.name.as_str()), &mut cmds);
            if l.side == side && !st.dead && c.seizures > used && !cmds.is_empty() {
                out.push((lid, c.initiative));
            }
        }
        out
    }

    fn own_actions(&self, out: &mut Vec<Own>) {
        special::legal(self, out);
    }
    fn check_own(&self, action: &Own) -> Result<CombatPreview<MissileColumn>, CombatError> {
        special::check(self, action)
    }
    fn perform_own(
        &mut self,
        action: Own,
        dice: &mut Dice,
        events: &mut Vec<Event<Happened>>,
    ) -> Result<(), CombatError> {
        special::perform(self, action, dice, events)?;
        super::hidden::reveal(self, events);
        Ok(())
    }

    /// The formation is marked activated this turn; camped Gauls are
    /// alerted; a tribe's disorder ends; the entry count restarts.
    fn activated(
        &mut self,
        _: &mut Dice,
        events: &mut Vec<Event<Happened>>,
    ) -> Result<(), CombatError> {
        let Some(command) = self.turn.current.as_ref().map(|a| a.command.clone()) else {
            return Ok(());
        };
        self.done.extend(command.keys());
        special::on_activation(self, &command, events);
        super::hidden::reveal(self, events);
        Ok(())
    }

    /// The turn is over; the side at its threshold wins, else after the
    /// last turn the side with the larger share of its threshold.
    fn period_ended(&mut self, events: &mut Vec<Event<Happened>>) -> Option<Outcome> {
        for (i, l) in self.field.leaders().iter().enumerate() {
            if let Some(s) = self.seizures_spent.get_mut(i) {
                *s = s.saturating_add(l.seizures_used);
            }
        }
        self.done.clear();
        special::end_of_turn(self, events);
        super::hidden::reveal(self, events);
        if let Some(o) = self.outcome() {
            return Some(o);
        }
        if self.turn.period < LAST_TURN {
            return None;
        }
        let t = self.tally().ok()?;
        let share =
            |s: &victory::SideTally| u64::from(s.total) * 1000 / u64::from(s.threshold.max(1));
        let (r, g) = (share(&t.rome), share(&t.gaul));
        let winner = match r.cmp(&g) {
            std::cmp::Ordering::Greater => Some(Side::Roman),
            std::cmp::Ordering::Less => Some(Side::Adversary),
            std::cmp::Ordering::Equal => None,
        };
        let verdict = match winner {
            Some(Side::Roman) => "Rome is nearer its threshold and wins",
            Some(Side::Adversary) => "Gaul is nearer its threshold and wins",
            None => "a draw",
        };
        Some(Outcome {
            winner,
            reason: format!(
                "after turn {LAST_TURN}, {verdict}: Rome {} of {} VP, Gaul {} of {} VP",
                t.rome.total, t.rome.threshold, t.gaul.total, t.gaul.threshold
            ),
        })
    }

    /// Special Rules: "Rome begins without a die roll."
    fn first_side(&self) -> Side {
        Side::Roman
    }

    /// "The first player to reach his victory point threshold wins
    /// immediately" (Rome 35, Gaul 25).
    fn outcome(&self) -> Option<Outcome> {
        let t = self.tally().ok()?;
        let winner = t.winner()?;
        let (name, s) = if winner == Side::Roman { ("Rome", &t.rome) } else { ("Gaul", &t.gaul) };
        Some(Outcome {
            winner: Some(winner),
            reason: format!("Victory: {name} reached {} of {} VP", s.total, s.threshold),
        })
    }
}
