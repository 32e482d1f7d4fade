//! The games the command line plays, behind one trait: how to set a scenario
//! up, the bots by name, how to narrate, draw and score a game.
//!
//! A new game plugs in by implementing [`Engine`] and adding its scenarios to
//! [`Choice`].

mod alesia;
mod preview;
mod simple;
mod simple_games;
mod standard;

use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::board::svg::{Marker, SvgOptions};
use gboh_core::board::{Board, HexWorks};
use gboh_core::facing::Facing;
use gboh_core::game::{Event, Game, Rules};
use gboh_core::policy::{Policy, UniformRandom};
use gboh_gergovia::battle::BattleId;
use gboh_gergovia::scenario::ScenarioId as GergoviaScenario;
use hexx::Hex;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub use alesia::AlesiaEngine;
pub use preview::modifier_lines;
pub use simple::{SimpleEngine, SimpleScenarios};
pub use standard::{Scenarios, StandardEngine};

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
    /// Gergovia (52 BC), the standard version: the standard or the
    /// alternative deployment.
    Gergovia(BattleId),
    /// Gergovia (52 BC), the simplified version (Simple GBoH): the standard
    /// or the alternative deployment.
    GergoviaSimplified(GergoviaScenario),
    /// Caesar in Alexandria (48-47 BC): the main game's land battle.
    Alexandria,
}

impl Choice {
    /// Every playable scenario, as `(game, scenario)` names.
    pub const NAMES: [(&'static str, &'static str); 9] = [
        ("alesia", "final-assault"),
        ("alesia", "historical"),
        ("dictator", "rhine"),
        ("dictator", "chaeronea"),
        ("gergovia", "standard"),
        ("gergovia", "alternative"),
        ("gergovia", "simplified"),
        ("gergovia", "simplified-alternative"),
        ("alexandria", "main"),
    ];

    /// The games, as the command line names them.
    pub const GAMES: [&'static str; 4] = ["alesia", "dictator", "gergovia", "alexandria"];

    /// The scenario `scenario` of `game`.
    ///
    /// # Errors
    /// [`CliError::Usage`] naming the unknown game or scenario and what is
    /// known.
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
            ("gergovia", "standard") => Ok(Choice::Gergovia(BattleId::Standard)),
            ("gergovia", "alternative") => Ok(Choice::Gergovia(BattleId::Alternative)),
            ("gergovia", "simplified") => {
                Ok(Choice::GergoviaSimplified(GergoviaScenario::Standard))
            }
            ("gergovia", "simplified-alternative") => {
                Ok(Choice::GergoviaSimplified(GergoviaScenario::Alternative))
            }
            ("alexandria", "main") => Ok(Choice::Alexandria),
            (g, s) if Choice::GAMES.contains(&g) => {
                Err(usage(format!("unknown {game} scenario {s:?} (known: {})", known(game))))
            }
            (g, _) => {
                Err(usage(format!("unknown game {g:?} (known: {})", Choice::GAMES.join(", "))))
            }
        }
    }

    /// The game's name.
    #[must_use]
    pub const fn game(self) -> &'static str {
        match self {
            Choice::Alesia(_) => "alesia",
            Choice::Rhine | Choice::Chaeronea => "dictator",
            Choice::Gergovia(_) | Choice::GergoviaSimplified(_) => "gergovia",
            Choice::Alexandria => "alexandria",
        }
    }

    /// The scenario's name.
    #[must_use]
    pub const fn scenario(self) -> &'static str {
        match self {
            Choice::Alesia(id) => id.as_str(),
            Choice::Rhine => "rhine",
            Choice::Chaeronea => "chaeronea",
            Choice::Gergovia(BattleId::Standard) => "standard",
            Choice::Gergovia(BattleId::Alternative) => "alternative",
            Choice::GergoviaSimplified(GergoviaScenario::Standard) => "simplified",
            Choice::GergoviaSimplified(GergoviaScenario::Alternative) => "simplified-alternative",
            Choice::Alexandria => "main",
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
                let $e = &$crate::engine::StandardEngine::<gboh_dictator::Dictator>::new(c);
                $body
            }
            c @ $crate::engine::Choice::Gergovia(_) => {
                let $e =
                    &$crate::engine::StandardEngine::<gboh_gergovia::standard::Gergovia>::new(c);
                $body
            }
            c @ $crate::engine::Choice::GergoviaSimplified(_) => {
                let $e = &$crate::engine::SimpleEngine::<
                    gboh_gergovia::simplified::GergoviaSimplified,
                >::new(c);
                $body
            }
            c @ $crate::engine::Choice::Alexandria => {
                let $e = &$crate::engine::SimpleEngine::<gboh_alexandria::play::Alexandria>::new(c);
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
        + Send;

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

    /// What the game's map builds on its hexes (`()` for none).
    type Works: HexWorks;

    /// The board.
    fn board<'a>(&self, state: &'a Self::R) -> &'a Board<Self::Works>;

    /// The picture's options without markers (the HTML viewer draws those).
    fn svg_options(&self, state: &Self::R) -> SvgOptions;

    /// Every occupied hex.
    fn stacks(&self, state: &Self::R) -> Vec<StackView>;

    /// How the game stands (None while it goes on).
    fn result(&self, state: &Self::R) -> Option<Outcome>;

    /// Why it ended, in words.
    fn reason(&self, state: &Self::R) -> String;

    /// How the game stands beyond its field, in lines (Gergovia's victory
    /// points); none by default.
    fn standing(&self, _state: &Self::R) -> Vec<String> {
        Vec::new()
    }

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

/// Gergovia's victory points of both sides in lines, under the section
/// `section` names (`Victory`, `Victory (Simplified)`): each side's total
/// against its threshold, with the awards that count.
pub fn gergovia_standing<E: std::fmt::Display>(
    tally: Result<gboh_gergovia::victory::Tally, E>,
    section: &str,
) -> Vec<String> {
    match tally {
        Ok(t) => [("Rome", &t.rome), ("Gaul", &t.gaul)]
            .into_iter()
            .map(|(name, side)| {
                let lines: Vec<String> = side
                    .lines
                    .iter()
                    .filter(|l| l.count > 0)
                    .map(|l| format!("{} {}: {} VP", l.count, l.award.description(), l.vp))
                    .collect();
                let detail = if lines.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", lines.join("; "))
                };
                format!(
                    "victory points (Gergovia, {section}): {name} {} of {}{detail}",
                    side.total, side.threshold
                )
            })
            .collect(),
        Err(e) => vec![format!("victory points cannot be counted: {e}")],
    }
}

pub(crate) fn random<R: Rules>(side: Side, seed: u64) -> Bot<R> {
    Box::new(UniformRandom::seeded(seed.wrapping_add(side.index() as u64)))
}

/// Rewrites `Hex { x: 1, y: 2 }` (and hexx's `Hex { x: 1, y: 2, z: -3 }`)
/// in a debug text as the board's label.
#[must_use]
pub fn humanize_hexes<W: HexWorks>(board: &Board<W>, text: &str) -> String {
    rewrite_hexes(text, |h| board.label(h).map(|l| l.to_string()))
}

/// Rewrites `Hex { x: 1, y: 2 }` in a debug text as `name` words it (a hex
/// it does not name stays as it was).
#[must_use]
pub fn rewrite_hexes(text: &str, name: impl Fn(Hex) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("Hex { x: ") {
        out.push_str(rest.get(..start).unwrap_or(""));
        let tail = rest.get(start..).unwrap_or("");
        match parse_hex(tail).and_then(|(h, len)| Some((name(h)?, len))) {
            Some((label, len)) => {
                out.push_str(&label);
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
    fn scenarios_parse_and_name_themselves() {
        for (g, s) in Choice::NAMES {
            let c = Choice::parse(g, s).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!((c.game(), c.scenario()), (g, s));
        }
        let e = Choice::parse("gergovia", "tournament").unwrap_err();
        assert!(
            e.to_string()
                .contains("known: standard, alternative, simplified, simplified-alternative"),
            "{e}"
        );
        let e = Choice::parse("alexandria", "naval").unwrap_err();
        assert!(e.to_string().contains("known: main"), "{e}");
        assert!(matches!(Choice::parse("chess", "x"), Err(CliError::Usage(_))));
    }
}
