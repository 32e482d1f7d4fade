//! The games the command line plays, behind one trait: how to set a scenario
//! up, the bots by name, how to narrate, draw and score a game.
//!
//! A new game plugs in by implementing [`Engine`] and adding its scenarios to
//! [`Choice`].

use std::fmt::Write as _;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::narrate as alesia_narrate;
use gboh_alesia::picture as alesia_picture;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Alesia, Pending as AlesiaPending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::board::svg::{Marker, SvgOptions};
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game, Rules};
use gboh_core::policy::{Policy, UniformRandom};
use gboh_core::unit::Status;
use gboh_dictator::Dictator;
use gboh_standard::state::UnitStatus;
use gboh_standard::{Battle, Pending as StandardPending};
use hexx::Hex;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::error::{CliError, rule, usage};

/// A game and scenario the command line can play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    /// The Siege of Alesia, 12.1 or 12.2.
    Alesia(ScenarioId),
    /// Dictator: the Rhine (58 BC, reconstructed).
    Rhine,
    /// Dictator: Chaeronea (86 BC, reconstructed).
    Chaeronea,
}

impl Choice {
    /// Every playable scenario, as `(game, scenario)` names.
    pub const NAMES: [(&'static str, &'static str); 4] = [
        ("alesia", "final-assault"),
        ("alesia", "historical"),
        ("dictator", "rhine"),
        ("dictator", "chaeronea"),
    ];

    /// The scenario `scenario` of `game`.
    ///
    /// # Errors
    /// [`CliError::Usage`] naming the unknown game or scenario and what is
    /// known; gergovia has no rules of play yet.
    pub fn parse(game: &str, scenario: &str) -> Result<Choice, CliError> {
        let known = |g: &str| {
            Choice::NAMES
                .iter()
                .filter(|(x, _)| *x == g)
                .map(|(_, s)| *s)
                .collect::<Vec<_>>()
                .join(", ")
        };
        match (game, scenario) {
            ("alesia", "final-assault") => Ok(Choice::Alesia(ScenarioId::FinalAssault)),
            ("alesia", "historical") => Ok(Choice::Alesia(ScenarioId::Historical)),
            ("dictator", "rhine") => Ok(Choice::Rhine),
            ("dictator", "chaeronea") => Ok(Choice::Chaeronea),
            ("gergovia", _) => Err(usage(
                "gergovia cannot be played yet: its crate holds the data only (try `gboh validate`)",
            )),
            ("alesia" | "dictator", s) => {
                Err(usage(format!("unknown {game} scenario {s:?} (known: {})", known(game))))
            }
            (g, _) => Err(usage(format!(
                "unknown game {g:?} (playable: alesia, dictator; data: gergovia)"
            ))),
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn game(self) -> &'static str {
        match self {
            Choice::Alesia(_) => "alesia",
            Choice::Rhine | Choice::Chaeronea => "dictator",
        }
    }

    /// The scenario's name.
    #[must_use]
    pub const fn scenario(self) -> &'static str {
        match self {
            Choice::Alesia(id) => id.as_str(),
            Choice::Rhine => "rhine",
            Choice::Chaeronea => "chaeronea",
        }
    }
}

/// Runs `$body` with `$e` bound to the engine of `$choice`, whatever its type.
#[macro_export]
macro_rules! with_engine {
    ($choice:expr, |$e:ident| $body:expr) => {
        match $choice {
            $crate::engine::Choice::Alesia(id) => {
                let $e = &$crate::engine::AlesiaEngine(id);
                $body
            }
            c @ ($crate::engine::Choice::Rhine | $crate::engine::Choice::Chaeronea) => {
                let $e = &$crate::engine::DictatorEngine(c);
                $body
            }
        }
    };
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// A side won.
    Won(Side),
    /// Nobody won (the standard family's draw or turn limit).
    Draw,
    /// Stopped before its end (the action cap).
    Unfinished,
}

/// One occupied hex, as the HTML viewer draws it.
#[derive(Debug, Clone, PartialEq)]
pub struct StackView {
    /// The hex.
    pub hex: Hex,
    /// The marker (text, colour, facing), as the game's pictures draw it.
    pub marker: Marker,
    /// Every piece in the hex, top first, in words.
    pub pieces: Vec<String>,
    /// The ids of the combat units in the hex, top first.
    pub ids: Vec<String>,
}

/// A boxed bot.
pub type Bot<R> = Box<dyn Policy<R> + Send>;

/// The actions of a labelled log, or the line (from 1) that is wrong and why.
pub type LabelledActions<R> = Result<Vec<<R as Rules>::Action>, (usize, String)>;

/// What the command line needs of a game.
pub trait Engine: Sync {
    /// The game's rules and state.
    type R: Rules<Action: Serialize + DeserializeOwned + Send + Sync, Error: std::fmt::Display>
        + Serialize
        + Send
        + Sync;

    /// The game and scenario.
    fn choice(&self) -> Choice;

    /// A title for printed output and pictures.
    fn title(&self) -> String;

    /// The scenario's initial state.
    ///
    /// # Errors
    /// The embedded data's problems.
    fn initial(&self) -> Result<Self::R, CliError>;

    /// The sides' names in this scenario, Roman first (`romans`, `gauls`).
    fn side_names(&self) -> [&'static str; 2];

    /// The bots by name, each with what it is.
    fn policies(&self) -> Vec<(&'static str, &'static str)>;

    /// The policy a side plays when the command line names none.
    fn default_policy(&self, side: Side) -> &'static str;

    /// The bot `name` for `side`, seeded from the game's seed only.
    fn bot(&self, name: &str, side: Side, seed: u64) -> Option<Bot<Self::R>>;

    /// An event in words, citing its rule and dice.
    fn narrate(&self, state: &Self::R, event: &Event<<Self::R as Rules>::Event>) -> String;

    /// An action in words (for a human's list).
    fn action(&self, state: &Self::R, action: &<Self::R as Rules>::Action) -> String;

    /// The decision pending, in words, for a human's prompt.
    fn pending(&self, state: &Self::R, pending: &<Self::R as Rules>::Pending) -> String {
        self.humanize(state, &format!("{pending:?}"))
    }

    /// The actions as the lines of a labelled log, hexes as map labels
    /// (`Move(Move(unit:(12),to:"W5112",facing:Twelve))`), or `None` when the
    /// game's logs are RON (the standard family's actions name directions,
    /// not hexes).
    fn write_labelled(
        &self,
        _initial: &Self::R,
        _actions: &[<Self::R as Rules>::Action],
    ) -> Option<Result<String, CliError>> {
        None
    }

    /// The game as a save a person can read: by default its RON, laid out
    /// over lines.
    ///
    /// # Errors
    /// When the game does not serialize.
    fn write_save(&self, game: &Game<Self::R>) -> Result<String, CliError> {
        ron::ser::to_string_pretty(game, ron::ser::PrettyConfig::new().depth_limit(4)).map_err(rule)
    }

    /// The actions of a labelled log's text, or `None` when the game has no
    /// labelled log.
    ///
    /// # Errors
    /// `(line, what is wrong)` for the first line that is not an action or
    /// names a label not on the map.
    fn read_labelled(&self, _initial: &Self::R, _text: &str) -> Option<LabelledActions<Self::R>> {
        None
    }

    /// What `check` previews of an action, in lines: cost, every modifier
    /// with its rule, the exact odds of each outcome.
    fn preview(&self, state: &Self::R, preview: &<Self::R as Rules>::Preview) -> Vec<String>;

    /// Any debug-printed value of the game, with hexes as labels where the
    /// game can do it.
    fn humanize(&self, state: &Self::R, text: &str) -> String;

    /// The map with every unit, as SVG.
    fn svg(&self, state: &Self::R, title: &str) -> String;

    /// The board.
    fn board<'a>(&self, state: &'a Self::R) -> &'a Board;

    /// The picture's options without markers (the HTML viewer draws those).
    fn svg_options(&self, state: &Self::R) -> SvgOptions;

    /// Every occupied hex.
    fn stacks(&self, state: &Self::R) -> Vec<StackView>;

    /// How the game stands (None while it goes on).
    fn result(&self, state: &Self::R) -> Option<Outcome>;

    /// Why it ended, in words.
    fn reason(&self, state: &Self::R) -> String;

    /// Units lost (eliminated or routed), Roman first.
    fn losses(&self, state: &Self::R) -> [u32; 2];

    /// A side's name from the command line (`romans`, `gauls`, `roman`,
    /// `adversary`).
    ///
    /// # Errors
    /// [`CliError::Usage`] listing the known names.
    fn side(&self, name: &str) -> Result<Side, CliError> {
        let [r, a] = self.side_names();
        let n = name.to_ascii_lowercase();
        let n = n.as_str();
        if n == r || n == "roman" || n == "romans" {
            Ok(Side::Roman)
        } else if n == a || n == "adversary" || a.strip_suffix('s') == Some(n) {
            Ok(Side::Adversary)
        } else {
            Err(usage(format!("unknown side {name:?} (this scenario's sides: {r}, {a})")))
        }
    }

    /// A side's name.
    fn side_name(&self, side: Side) -> &'static str {
        self.side_names()[side.index()]
    }

    /// A result in words (`romans`, `draw`, `unfinished`).
    fn result_name(&self, result: Outcome) -> &'static str {
        match result {
            Outcome::Won(side) => self.side_name(side),
            Outcome::Draw => "draw",
            Outcome::Unfinished => "unfinished",
        }
    }
}

fn random<R: Rules>(side: Side, seed: u64) -> Bot<R> {
    Box::new(UniformRandom::seeded(seed.wrapping_add(side.index() as u64)))
}

/// The Siege of Alesia.
#[derive(Debug, Clone, Copy)]
pub struct AlesiaEngine(pub ScenarioId);

impl Engine for AlesiaEngine {
    type R = Alesia;

    fn choice(&self) -> Choice {
        Choice::Alesia(self.0)
    }

    fn title(&self) -> String {
        match self.0.scenario() {
            Ok(s) => format!("The Siege of Alesia, {} {}", s.rule, s.name),
            Err(_) => format!("The Siege of Alesia, {}", self.0),
        }
    }

    fn initial(&self) -> Result<Alesia, CliError> {
        Playthrough::initial(self.0).map_err(rule)
    }

    fn side_names(&self) -> [&'static str; 2] {
        ["romans", "gauls"]
    }

    fn policies(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("defender", "the reference Roman bot (mans the walls, reacts, rallies)"),
            ("aggression", "the reference Gallic bot (12.1's Gallic Aggression rule)"),
            ("random", "a uniformly random legal action"),
            ("human", "you, in the terminal"),
        ]
    }

    fn default_policy(&self, side: Side) -> &'static str {
        match side {
            Side::Roman => "defender",
            Side::Adversary => "aggression",
        }
    }

    fn bot(&self, name: &str, side: Side, seed: u64) -> Option<Bot<Alesia>> {
        // Seeded as `Playthrough` seeds them, so that the default match-up
        // of a seed is the reference game of that seed.
        match (name, side) {
            ("defender", Side::Roman) => {
                Some(Box::new(gboh_alesia::bots::RomanDefender::seeded(seed)))
            }
            ("aggression", Side::Adversary) => {
                Some(Box::new(gboh_alesia::bots::GallicAggression::seeded(seed.wrapping_add(1))))
            }
            ("random", side) => Some(random(side, seed)),
            _ => None,
        }
    }

    fn narrate(&self, state: &Alesia, event: &Event<<Alesia as Rules>::Event>) -> String {
        alesia_narrate::line(state, event)
    }

    fn action(&self, state: &Alesia, action: &<Alesia as Rules>::Action) -> String {
        alesia_narrate::action(state, action)
    }

    fn pending(&self, state: &Alesia, pending: &AlesiaPending) -> String {
        use gboh_alesia::combat::CombatPending as C;
        use gboh_alesia::protocol::PlanningStep;
        match pending {
            AlesiaPending::Seizure { .. } => "attempt to Seize the Turn, or decline (5.21)".into(),
            AlesiaPending::ChooseCommand { .. } => "choose the command to activate (5.1)".into(),
            AlesiaPending::Activation { command, .. } => format!(
                "act with {}: move, fire, and so on, then end the activation (5.1)",
                alesia_narrate::command(state, command)
            ),
            AlesiaPending::Combat(c) => match c {
                C::Reaction { .. } => "fire in reaction, or decline (8.6)".into(),
                C::Designation { .. } => "designate attacks (9.21)".into(),
                C::RetreatBeforeShock { .. } => "retreat before shock, or stand (9.22)".into(),
                C::Pursuit { .. } => "pursue, or stop (9.22)".into(),
                C::ResolutionOrder { .. } => "choose the next attack to resolve (9.25)".into(),
                C::Weapon { .. } => "choose a weapon system (9.25)".into(),
                C::DistributeHits { .. } => "place the leftover hits (9.25)".into(),
                C::Retreat { .. } => "choose a retreat hex (10.2)".into(),
                C::PlaceRouted { .. } => "place a routed cohort by its Aquila (10.42)".into(),
                other => alesia_narrate::humanize(state, &format!("{other:?}")),
            },
            AlesiaPending::LeaderRetreat { leader, .. } => format!(
                "{} may retreat up to three hexes, or stay (4.33)",
                alesia_narrate::leader(state, *leader)
            ),
            AlesiaPending::GallicPlanning(step) => match step {
                PlanningStep::Assign { .. } => "assign tribes to Entry Areas (5.33)".into(),
                PlanningStep::InitialPlacement { .. } => {
                    "make the Initial Placement (5.3-5.4)".into()
                }
                PlanningStep::Entry { .. } => "place the tribes of an entry (5.45)".into(),
            },
            AlesiaPending::RomanRedeployment => "redeploy, or keep the deployment (5.5)".into(),
            AlesiaPending::Over(o) => format!("nothing: the game is over ({})", o.reason),
        }
    }

    fn write_labelled(
        &self,
        initial: &Alesia,
        actions: &[<Alesia as Rules>::Action],
    ) -> Option<Result<String, CliError>> {
        Some(alesia_narrate::log::write(initial, actions).map_err(rule))
    }

    /// Issue 16: hexes as map labels (`narrate::log::write_save`).
    fn write_save(&self, game: &Game<Alesia>) -> Result<String, CliError> {
        alesia_narrate::log::write_save(game).map_err(rule)
    }

    fn read_labelled(&self, initial: &Alesia, text: &str) -> Option<LabelledActions<Alesia>> {
        use alesia_narrate::log::LogError;
        Some(alesia_narrate::log::read(initial, text).map_err(|e| match e {
            LogError::Read { line, why } => (line, why),
            other => (0, other.to_string()),
        }))
    }

    fn preview(&self, state: &Alesia, preview: &<Alesia as Rules>::Preview) -> Vec<String> {
        use gboh_alesia::combat::CombatPreview;
        use gboh_alesia::protocol::Preview;
        let hex = |h: Hex| alesia_narrate::hex(state, h);
        match preview {
            Preview::Legal | Preview::Combat(CombatPreview::Legal) => {
                vec!["legal; no cost, nothing to roll".into()]
            }
            Preview::Move(m) => {
                let mut out = vec![format!(
                    "costs {} MP ({} left); path {}{}",
                    m.mp,
                    m.mp_left,
                    m.path
                        .iter()
                        .map(|(h, f)| format!("{} {f:?}", hex(*h)))
                        .collect::<Vec<_>>()
                        .join(" -> "),
                    if m.ends_in_enemy_zoc { "; ends in an enemy ZOC" } else { "" }
                )];
                for h in &m.hits {
                    out.push(format!("[{}] {} hit(s) entering {}", h.rule, h.hits, hex(h.hex)));
                }
                for r in &m.reactions {
                    out.push(format!(
                        "reaction possible: {} ({:?}) after step {}",
                        alesia_narrate::unit(state, r.firer),
                        r.kind,
                        r.step
                    ));
                }
                if !m.rules.is_empty() {
                    out.push(format!("rules: {}", m.rules.join(", ")));
                }
                out
            }
            Preview::Combat(CombatPreview::Shot { shot, odds }) => {
                let mut out = vec![format!(
                    "missile fire at range {}, hit on {} or less (modified)",
                    shot.range, shot.hit_number
                )];
                out.extend(modifier_lines(shot.modifiers.iter()));
                out.extend(crate::odds::shot_lines(state, odds));
                out
            }
            Preview::Combat(CombatPreview::Check { modifiers, odds }) => {
                let mut out: Vec<String> = modifier_lines(modifiers.iter()).collect();
                out.push(format!("succeeds {}", odds.chance(&true)));
                out
            }
            Preview::Combat(CombatPreview::Shock { modifiers, odds }) => {
                let mut out: Vec<String> = modifier_lines(modifiers.iter()).collect();
                out.extend(crate::odds::shock_lines(state, odds));
                out
            }
        }
    }

    fn humanize(&self, state: &Alesia, text: &str) -> String {
        alesia_narrate::humanize(state, text)
    }

    fn svg(&self, state: &Alesia, title: &str) -> String {
        alesia_picture::svg(state, title)
    }

    fn board<'a>(&self, state: &'a Alesia) -> &'a Board {
        &state.setup().board
    }

    fn svg_options(&self, _state: &Alesia) -> SvgOptions {
        let mut options = SvgOptions::new(&self.title());
        options.areas = alesia_picture::area_styles();
        options.hex_size = 14.0;
        options
    }

    fn stacks(&self, state: &Alesia) -> Vec<StackView> {
        let field = &state.field;
        let setup = field.setup();
        let mut out: Vec<StackView> = alesia_picture::markers(state)
            .into_iter()
            .map(|marker| {
                let hex = marker.hex;
                let mut pieces: Vec<String> = Vec::new();
                let mut ids = Vec::new();
                for u in field.stack(hex).iter() {
                    ids.push(alesia_narrate::unit(state, u));
                    let mut text = alesia_narrate::unit(state, u);
                    if let Some(s) = field.unit(u) {
                        if s.cohesion.hits > 0 {
                            let _ = write!(text, " ({} hits)", s.cohesion.hits);
                        }
                        if s.cohesion.status == Status::Routed {
                            text.push_str(" routed");
                        }
                    }
                    pieces.push(text);
                }
                for (i, l) in field.leaders().iter().enumerate() {
                    if l.at == Some(hex) && !l.dead {
                        let lid = gboh_alesia::game::Lid(u8::try_from(i).unwrap_or(u8::MAX));
                        pieces.push(format!("leader {}", alesia_narrate::leader(state, lid)));
                    }
                }
                for (info, c) in setup.counters.iter().zip(field.counters()) {
                    if c.at == Some(hex) && !c.withdrawn && !c.flipped {
                        pieces.push(format!("Tribal Counter {}", info.id));
                    }
                }
                StackView { hex, marker, pieces, ids }
            })
            .collect();
        // Leaders alone in a hex are drawn too.
        for (i, l) in field.leaders().iter().enumerate() {
            let Some(hex) = l.at.filter(|_| !l.dead) else { continue };
            if out.iter().any(|s| s.hex == hex) {
                continue;
            }
            let lid = gboh_alesia::game::Lid(u8::try_from(i).unwrap_or(u8::MAX));
            let side = setup.leader(lid).map(|x| x.side);
            let name = alesia_narrate::leader(state, lid);
            out.push(StackView {
                hex,
                marker: Marker {
                    hex,
                    text: name.chars().take(3).collect(),
                    colour: if side == Some(Side::Roman) { "#7f1d1d" } else { "#1f2937" }.into(),
                    facing: None,
                },
                pieces: vec![format!("leader {name}")],
                ids: Vec::new(),
            });
        }
        out.sort_by_key(|s| (s.hex.x, s.hex.y));
        out
    }

    fn result(&self, state: &Alesia) -> Option<Outcome> {
        match state.pending() {
            AlesiaPending::Over(o) => Some(Outcome::Won(o.winner)),
            _ => None,
        }
    }

    fn reason(&self, state: &Alesia) -> String {
        match state.pending() {
            AlesiaPending::Over(o) => o.reason,
            _ => "the game goes on".into(),
        }
    }

    fn losses(&self, state: &Alesia) -> [u32; 2] {
        let setup = state.setup();
        let mut lost = [0, 0];
        for (info, u) in setup.units.iter().zip(state.field.units()) {
            if matches!(u.cohesion.status, Status::Eliminated | Status::Routed) {
                lost[info.side.index()] += 1;
            }
        }
        lost
    }
}

/// Dictator, on the standard engine.
#[derive(Debug, Clone, Copy)]
pub struct DictatorEngine(pub Choice);

impl DictatorEngine {
    fn scenario_name(&self) -> &'static str {
        match self.0 {
            Choice::Chaeronea => "Chaeronea",
            _ => "The Rhine",
        }
    }
}

impl Engine for DictatorEngine {
    type R = Battle<Dictator>;

    fn choice(&self) -> Choice {
        self.0
    }

    fn title(&self) -> String {
        match self.0 {
            Choice::Chaeronea => "Dictator: Chaeronea, 86 BC (reconstructed)".into(),
            _ => "Dictator: the Rhine, 58 BC (reconstructed)".into(),
        }
    }

    fn initial(&self) -> Result<Battle<Dictator>, CliError> {
        let game = match self.0 {
            Choice::Chaeronea => Dictator::chaeronea(),
            _ => Dictator::rhine(),
        };
        Battle::new(game, self.scenario_name()).map(|(b, _)| b).map_err(rule)
    }

    fn side_names(&self) -> [&'static str; 2] {
        match self.0 {
            Choice::Chaeronea => ["romans", "pontics"],
            _ => ["romans", "germans"],
        }
    }

    fn policies(&self) -> Vec<(&'static str, &'static str)> {
        vec![
            ("advance", "the reference bot of the standard engine (aggressive, deterministic)"),
            ("random", "a uniformly random legal action"),
            ("human", "you, in the terminal"),
        ]
    }

    fn default_policy(&self, _side: Side) -> &'static str {
        "advance"
    }

    fn bot(&self, name: &str, side: Side, seed: u64) -> Option<Bot<Battle<Dictator>>> {
        match name {
            "advance" => Some(Box::new(gboh_standard::bots::Advance)),
            "random" => Some(random(side, seed)),
            _ => None,
        }
    }

    fn narrate(
        &self,
        state: &Battle<Dictator>,
        event: &Event<<Battle<Dictator> as Rules>::Event>,
    ) -> String {
        gboh_standard::narrate::line(state.field(), event)
    }

    fn action(
        &self,
        state: &Battle<Dictator>,
        action: &<Battle<Dictator> as Rules>::Action,
    ) -> String {
        gboh_standard::narrate::action(state.field(), action)
    }

    fn pending(
        &self,
        state: &Battle<Dictator>,
        pending: &<Battle<Dictator> as Rules>::Pending,
    ) -> String {
        gboh_standard::narrate::pending(state.field(), pending)
    }

    /// Issue 16: hexes as map labels (`gboh_standard::narrate::write_save`).
    fn write_save(&self, game: &Game<Battle<Dictator>>) -> Result<String, CliError> {
        gboh_standard::narrate::write_save(game).map_err(rule)
    }

    fn preview(
        &self,
        state: &Battle<Dictator>,
        preview: &<Battle<Dictator> as Rules>::Preview,
    ) -> Vec<String> {
        use gboh_standard::protocol::Preview;
        match preview {
            Preview::Nothing => vec!["legal; no cost, nothing to roll".into()],
            Preview::Cost(c) => {
                // SPQR 6.27: MP in halves, cohesion hits by type.
                let mp = format!("{}{}", c.half_mp / 2, if c.half_mp % 2 == 1 { "½" } else { "" });
                let hits =
                    if c.hits == 1 { "1 hit".to_owned() } else { format!("{} hits", c.hits) };
                vec![format!("cost: {mp} MP, {hits} (SPQR 6.27)")]
            }
            Preview::Odds { outcomes, modifiers } => {
                let mut out: Vec<String> = modifier_lines(modifiers.iter()).collect();
                for (what, chance) in outcomes {
                    out.push(format!("{chance}  {}", self.humanize(state, what)));
                }
                out
            }
        }
    }

    fn humanize(&self, state: &Battle<Dictator>, text: &str) -> String {
        let field = state.field();
        let text = humanize_hexes(field.board(), text);
        humanize_indices(&text, |kind, i| match kind {
            "leader" => field.leader_def(i).map(|d| d.name.to_string()),
            _ => field.def(i).map(|d| d.id.to_string()),
        })
    }

    fn svg(&self, state: &Battle<Dictator>, _title: &str) -> String {
        gboh_standard::narrate::picture(state)
    }

    fn board<'a>(&self, state: &'a Battle<Dictator>) -> &'a Board {
        state.field().board()
    }

    fn svg_options(&self, _state: &Battle<Dictator>) -> SvgOptions {
        SvgOptions::new(&self.title())
    }

    fn stacks(&self, state: &Battle<Dictator>) -> Vec<StackView> {
        let field = state.field();
        let mut out = Vec::new();
        for (u, s) in field.units.iter().enumerate() {
            let Some(d) = field.def(u) else { continue };
            if s.status == UnitStatus::Eliminated {
                continue;
            }
            let stack = field.units_at(s.hex);
            if stack.first().is_some_and(|&top| top != u) {
                continue;
            }
            let mut pieces = Vec::new();
            let mut ids = Vec::new();
            let mut text = Vec::new();
            for &x in &stack {
                let (Some(def), Some(st)) = (field.def(x), field.units.get(x)) else { continue };
                let routed = st.status == UnitStatus::Routed;
                text.push(format!("{}{}", def.unit_type, if routed { " r" } else { "" }));
                ids.push(def.id.to_string());
                let mut p = format!("{} ({})", def.id, def.unit_type);
                if st.hits > 0 {
                    let _ = write!(p, ", {} hits", st.hits);
                }
                if routed {
                    p.push_str(", routed");
                }
                pieces.push(p);
            }
            for (l, at) in field.leaders.iter().enumerate() {
                if at.hex == s.hex
                    && let Some(def) = field.leader_def(l)
                {
                    pieces.push(format!("leader {}", def.name));
                }
            }
            out.push(StackView {
                hex: s.hex,
                marker: Marker {
                    hex: s.hex,
                    text: text.join("/"),
                    colour: if d.side == Side::Roman { "#c03030" } else { "#3060c0" }.into(),
                    facing: Some(s.facing),
                },
                pieces,
                ids,
            });
        }
        out.sort_by_key(|s| (s.hex.x, s.hex.y));
        out
    }

    fn result(&self, state: &Battle<Dictator>) -> Option<Outcome> {
        match state.pending() {
            StandardPending::Over(gboh_standard::protocol::Outcome::Withdrawal { loser }) => {
                Some(Outcome::Won(loser.opponent()))
            }
            StandardPending::Over(gboh_standard::protocol::Outcome::Victory { winner }) => {
                Some(Outcome::Won(winner))
            }
            StandardPending::Over(_) => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn reason(&self, state: &Battle<Dictator>) -> String {
        match state.pending() {
            StandardPending::Over(gboh_standard::protocol::Outcome::Withdrawal { loser }) => {
                format!("11.0: the {} reached their withdrawal level", self.side_name(loser))
            }
            StandardPending::Over(gboh_standard::protocol::Outcome::Draw) => {
                "11.0: both sides reached their withdrawal level by the same margin".into()
            }
            StandardPending::Over(gboh_standard::protocol::Outcome::Victory { winner }) => {
                format!("11.0: the {} met their victory conditions", self.side_name(winner))
            }
            StandardPending::Over(_) => "the last turn ended".into(),
            _ => "the game goes on".into(),
        }
    }

    fn losses(&self, state: &Battle<Dictator>) -> [u32; 2] {
        let field = state.field();
        let mut lost = [0, 0];
        for (u, s) in field.units.iter().enumerate() {
            if let Some(d) = field.def(u)
                && matches!(s.status, UnitStatus::Eliminated | UnitStatus::Routed)
            {
                lost[d.side.index()] += 1;
            }
        }
        lost
    }
}

/// Modifiers as lines: `[9.25] +3 position superiority ...`, then the total.
pub fn modifier_lines<'a>(
    modifiers: impl Iterator<Item = &'a gboh_core::table::Modifier>,
) -> impl Iterator<Item = String> {
    let mut total = 0;
    let mut lines: Vec<String> = modifiers
        .map(|m| {
            total += m.drm.0;
            format!("[{:>5}] {:+3}  {}", m.rule, m.drm.0, m.what)
        })
        .collect();
    if lines.is_empty() {
        lines.push("no modifier".into());
    } else {
        lines.push(format!("total   {total:+3}"));
    }
    lines.into_iter()
}

/// Rewrites `Hex { x: 1, y: 2 }` (and hexx's `Hex { x: 1, y: 2, z: -3 }`)
/// in a debug text as the board's label.
#[must_use]
pub fn humanize_hexes(board: &Board, text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("Hex { x: ") {
        out.push_str(rest.get(..start).unwrap_or(""));
        let tail = rest.get(start..).unwrap_or("");
        match parse_hex(tail).and_then(|(h, len)| Some((board.label(h)?, len))) {
            Some((label, len)) => {
                out.push_str(&label.to_string());
                rest = tail.get(len..).unwrap_or("");
            }
            None => {
                out.push_str("Hex");
                rest = tail.get(3..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// Rewrites the standard engine's indices in a debug text as names:
/// `unit: 3` -> `unit: VII-2`, `leader: 0` -> `leader: Caesar`; `name`
/// gets `"unit"` or `"leader"` and the index.
#[must_use]
pub fn humanize_indices(text: &str, name: impl Fn(&str, usize) -> Option<String>) -> String {
    const KEYS: [(&str, &str); 6] = [
        ("unit: ", "unit"),
        ("anchor: ", "unit"),
        ("target: ", "unit"),
        ("attacker: ", "unit"),
        ("defender: ", "unit"),
        ("leader: ", "leader"),
    ];
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    'scan: while !rest.is_empty() {
        for (key, kind) in KEYS {
            if let Some(after) = rest.strip_prefix(key) {
                let digits =
                    after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
                if let Some(n) = after.get(..digits).and_then(|d| d.parse::<usize>().ok())
                    && let Some(named) = name(kind, n)
                {
                    out.push_str(key);
                    out.push_str(&named);
                    rest = after.get(digits..).unwrap_or("");
                    continue 'scan;
                }
            }
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

fn parse_hex(s: &str) -> Option<(Hex, usize)> {
    let close = s.find('}')?;
    let body = s.get("Hex { ".len()..close)?;
    let mut x = None;
    let mut y = None;
    for part in body.split(',') {
        let (k, v) = part.trim().split_once(':')?;
        let v: i32 = v.trim().parse().ok()?;
        match k.trim() {
            "x" => x = Some(v),
            "y" => y = Some(v),
            "z" => {}
            _ => return None,
        }
    }
    Some((Hex::new(x?, y?), close + 1))
}

/// A facing as the HTML viewer turns a marker: degrees clockwise from north.
#[must_use]
pub fn facing_degrees(facing: Facing) -> i32 {
    let index = Facing::ALL.iter().position(|f| *f == facing).unwrap_or(0);
    i32::try_from(index).unwrap_or(0) * 60
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_hexes_read_as_labels() {
        let board = gboh_alesia::map::west_map().unwrap_or_else(|e| panic!("{e}"));
        let h = board.hex_of("W3911").unwrap_or_else(|| panic!("no W3911"));
        let text = format!("Move {{ to: {h:?}, then: Hex {{ x: 9999, y: 0 }} }}");
        assert_eq!(
            humanize_hexes(board, &text),
            "Move { to: W3911, then: Hex { x: 9999, y: 0 } }",
            "a hex off the board stays as it was"
        );
    }

    #[test]
    fn indices_read_as_names() {
        let names = |kind: &str, i: usize| Some(format!("{kind}{i}"));
        assert_eq!(
            humanize_indices("Step { unit: 12, dir: NW } leader: 3 units: 4", names),
            "Step { unit: unit12, dir: NW } leader: leader3 units: 4"
        );
        assert_eq!(humanize_indices("unit: 9", |_, _| None), "unit: 9");
    }

    #[test]
    fn scenarios_parse_and_gergovia_says_why_not() {
        for (g, s) in Choice::NAMES {
            let c = Choice::parse(g, s).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((c.game(), c.scenario()), (g, s));
        }
        let e = Choice::parse("gergovia", "standard").unwrap_err();
        assert!(e.to_string().contains("cannot be played yet"), "{e}");
        assert!(matches!(Choice::parse("chess", "x"), Err(CliError::Usage(_))));
    }
}
