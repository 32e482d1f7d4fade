//! The simple family's games (Gergovia's simplified version, Caesar in
//! Alexandria's land battle) behind the command line's [`Engine`], all
//! through one generic engine over `gboh_simple::Battle<S>`: a game plugs in
//! by implementing [`SimpleScenarios`] (`simple_games.rs`).

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::marker::PhantomData;

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::board::svg::{Marker, SvgOptions};
use gboh_core::game::{Event, Game, Rules};
use gboh_core::table::Distribution;
use gboh_core::unit::Status;
use gboh_simple::bots::Aggressor;
use gboh_simple::protocol::{ActionOf, PendingOf, Preview};
use gboh_simple::rules::effects::Effects;
use gboh_simple::rules::missile::FireOutcome;
use gboh_simple::rules::odds::UnitOutcome;
use gboh_simple::rules::shock::ShockOutcome;
use gboh_simple::{Battle, BattleRules, Field, Lid, Roster, SimpleGame, Uid, narrate};
use hexx::Hex;
use serde::Serialize;

use super::preview::{NOTHING_TO_ROLL, combat_lines};
use super::{Bot, Choice, Engine, Outcome, StackView, random, rewrite_hexes};
use crate::error::{CliError, rule};

/// The game a simple-family state plays.
pub type GameOf<S> = <S as Effects>::Game;

/// What the command line needs of a simple-family game beyond the engine:
/// its scenarios' set-up, names, bots, narration and pictures.
pub trait SimpleScenarios:
    BattleRules<Command: Send + Sync, Own: Send + Sync, Choice: Send + Sync>
    + Serialize
    + Send
    + 'static
{
    /// The game's state at the start of `choice`.
    ///
    /// # Errors
    /// The embedded data's problems, in words.
    fn setup(choice: Choice) -> Result<Self, String>;

    /// A title for printed output and pictures.
    fn title(choice: Choice) -> &'static str;

    /// The sides' names, Roman first.
    fn side_names() -> [&'static str; 2];

    /// The game's own bots by name, each with what it is; the first is
    /// the default of both sides.
    fn bots() -> Vec<(&'static str, &'static str)>;

    /// The game's own bot `name`.
    fn bot(name: &str) -> Option<Bot<Battle<Self>>>;

    /// An event in words, citing its rule and dice.
    fn narrate(&self, event: &Event<Self::Event>) -> String;

    /// A command in words (`Caesar with legions X, XIII`).
    fn command_words(&self, command: &Self::Command) -> String;

    /// One of the game's own actions during an activation, in words; by
    /// default its debug text with hexes and pieces named.
    fn own_words(&self, action: &Self::Own) -> String {
        humanize(self.field(), &format!("{action:?}"))
    }

    /// One of the game's other own actions (the answer to its own
    /// decision), in words; by default as [`SimpleScenarios::own_words`].
    fn choice_words(&self, choice: &Self::Choice) -> String {
        humanize(self.field(), &format!("{choice:?}"))
    }

    /// One of the game's own decisions, in words; by default as
    /// [`SimpleScenarios::own_words`].
    fn decision_words(&self, decision: &Self::Decision) -> String {
        humanize(self.field(), &format!("{decision:?}"))
    }

    /// The map with every piece, as SVG.
    fn svg(&self, title: &str) -> String;

    /// The picture's options without markers (the HTML viewer's).
    fn svg_options(title: &str) -> SvgOptions;

    /// How the game stands beyond its field, in lines; none by default.
    fn standing(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A simple-family game and scenario.
#[derive(Debug, Clone, Copy)]
pub struct SimpleEngine<S> {
    choice: Choice,
    game: PhantomData<fn() -> S>,
}

impl<S> SimpleEngine<S> {
    /// The engine for `choice`.
    #[must_use]
    pub const fn new(choice: Choice) -> Self {
        SimpleEngine { choice, game: PhantomData }
    }
}

/// How `s` words its own parts of the protocol.
type Words<'a, S> = narrate::Own<
    'a,
    <S as BattleRules>::Command,
    <S as BattleRules>::Own,
    <S as BattleRules>::Choice,
    <S as BattleRules>::Decision,
>;

/// The game's words for its commands, own actions and decisions.
fn words<S: SimpleScenarios>(s: &S) -> Words<'_, S> {
    Words::<S> {
        command: Box::new(|c| s.command_words(c)),
        own: Box::new(|x| s.own_words(x)),
        choice: Box::new(|y| s.choice_words(y)),
        decision: Box::new(|d| s.decision_words(d)),
    }
}

/// A debug text with hexes as the map's labels (or Points and Blocks by
/// name), `Uid(3)` as the unit's counter id and `Lid(1)` as the leader's
/// name.
#[must_use]
pub fn humanize<G: SimpleGame>(field: &Field<G>, text: &str) -> String {
    let text = rewrite_hexes(text, |h| Some(narrate::hex(field, h)));
    let text =
        rewrite_ids(&text, "Uid(", |n| u16::try_from(n).ok().map(|u| narrate::unit(field, Uid(u))));
    rewrite_ids(&text, "Lid(", |n| u8::try_from(n).ok().map(|l| narrate::leader(field, Lid(l))))
}

/// Rewrites a RON hex, `(x: 28, y: -3)`, compact or laid out over lines,
/// as the quoted name `name` gives it.
fn rewrite_ron_hexes(text: &str, name: impl Fn(Hex) -> String) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find('(') {
        out.push_str(rest.get(..start).unwrap_or(""));
        let tail = rest.get(start..).unwrap_or("");
        match ron_hex(tail) {
            Some((hex, len)) => {
                let _ = write!(out, "{:?}", name(hex));
                rest = tail.get(len..).unwrap_or("");
            }
            None => {
                out.push('(');
                rest = tail.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// The hex a RON text starts with, `(x: 28, y: -3)` (any spacing, a
/// trailing comma), and its length.
fn ron_hex(text: &str) -> Option<(Hex, usize)> {
    let close = text.find(')')?;
    let body = text.get(1..close)?;
    let mut parts = body.split(',').map(str::trim).filter(|p| !p.is_empty());
    let x: i32 = parts.next()?.strip_prefix("x:")?.trim().parse().ok()?;
    let y: i32 = parts.next()?.strip_prefix("y:")?.trim().parse().ok()?;
    parts.next().is_none().then_some((Hex::new(x, y), close + 1))
}

/// Rewrites `prefix` + digits + `)` (`Uid(3)`) as `name` words the number.
fn rewrite_ids(text: &str, prefix: &str, name: impl Fn(usize) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(prefix) {
        out.push_str(rest.get(..start).unwrap_or(""));
        let after = rest.get(start + prefix.len()..).unwrap_or("");
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let named = after
            .get(..digits)
            .and_then(|d| d.parse::<usize>().ok())
            .filter(|_| after.get(digits..).is_some_and(|t| t.starts_with(')')))
            .and_then(&name);
        match named {
            Some(words) => {
                out.push_str(&words);
                rest = after.get(digits + 1..).unwrap_or("");
            }
            None => {
                out.push_str(prefix);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// What a unit took, in words.
fn unit_outcomes<G: SimpleGame>(field: &Field<G>, units: &[UnitOutcome]) -> String {
    if units.is_empty() {
        return "no hits".to_owned();
    }
    units
        .iter()
        .map(|u| {
            format!(
                "{} takes {} and {}",
                narrate::unit(field, u.unit),
                narrate::hits(u.hits),
                narrate::hit_outcome(u.fate, u.hits)
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// A distribution's outcomes as lines: the chance, the count and `what`.
fn odds_lines<T: PartialEq>(odds: &Distribution<T>, what: impl Fn(&T) -> String) -> Vec<String> {
    let n = odds.total();
    odds.outcomes()
        .iter()
        .map(|(o, k)| {
            format!("{:>6.2}%  {k:>3}/{n}  {}", 100.0 * *k as f64 / n.max(1) as f64, what(o))
        })
        .collect()
}

/// A shot's outcome in words.
fn shot_words<G: SimpleGame>(field: &Field<G>, o: &FireOutcome) -> String {
    let mut text = if o.hit { "hit" } else { "miss" }.to_owned();
    if o.hit || !o.units.is_empty() {
        let _ = write!(text, ": {}", unit_outcomes(field, &o.units));
    }
    for &l in &o.leaders_lost {
        let _ = write!(text, "; {} is killed", narrate::leader(field, l));
    }
    text
}

/// A shock's outcome in words.
fn shock_words<G: SimpleGame>(field: &Field<G>, o: &ShockOutcome) -> String {
    format!("{}: {}", o.result, unit_outcomes(field, &o.units))
}

impl<S: SimpleScenarios> Engine for SimpleEngine<S> {
    type R = Battle<S>;

    fn choice(&self) -> Choice {
        self.choice
    }

    fn title(&self) -> String {
        S::title(self.choice).to_owned()
    }

    fn initial(&self) -> Result<Battle<S>, CliError> {
        S::setup(self.choice).map(Battle::new).map_err(rule)
    }

    fn side_names(&self) -> [&'static str; 2] {
        S::side_names()
    }

    fn policies(&self) -> Vec<(&'static str, &'static str)> {
        let mut all = S::bots();
        all.extend([
            (
                "aggressor",
                "the simple engine's reference bot (closes, fires, shocks; deterministic)",
            ),
            ("random", "a uniformly random legal action"),
            ("human", "you, in the terminal"),
        ]);
        all
    }

    fn default_policy(&self, _side: Side) -> &'static str {
        S::bots().first().map_or("aggressor", |(name, _)| *name)
    }

    fn bot(&self, name: &str, side: Side, seed: u64) -> Option<Bot<Battle<S>>> {
        match name {
            "aggressor" => Some(Box::new(Aggressor)),
            "random" => Some(random(side, seed)),
            _ => S::bot(name),
        }
    }

    fn narrate(&self, state: &Battle<S>, event: &Event<S::Event>) -> String {
        state.state().narrate(event)
    }

    fn action(&self, state: &Battle<S>, action: &ActionOf<S>) -> String {
        let s = state.state();
        narrate::action(s.field(), action, &words(s))
    }

    fn pending(&self, state: &Battle<S>, pending: &PendingOf<S>) -> String {
        let s = state.state();
        narrate::pending(s.field(), pending, &words(s))
    }

    /// The game's RON, laid out over lines, hexes as the map's labels
    /// (`"T0203"`, a Point or Block by name): a save to read, not yet one
    /// to load back.
    fn write_save(&self, game: &Game<Battle<S>>) -> Result<String, CliError> {
        let text = ron::ser::to_string_pretty(game, ron::ser::PrettyConfig::new().depth_limit(4))
            .map_err(rule)?;
        let field = game.state().state().field();
        Ok(rewrite_ron_hexes(&text, |h| narrate::hex(field, h)))
    }

    fn preview(&self, state: &Battle<S>, preview: &<Battle<S> as Rules>::Preview) -> Vec<String> {
        let field = state.state().field();
        match preview {
            Preview::Legal => vec![NOTHING_TO_ROLL.into()],
            Preview::Move { mp, path } => {
                let path: Vec<String> = path.iter().map(|&h| narrate::hex(field, h)).collect();
                vec![format!("costs {mp} MP; path {}", path.join(" -> "))]
            }
            Preview::Combat(c) => combat_lines(
                c,
                |odds| odds_lines(odds, |o| shot_words(field, o)),
                |odds| odds_lines(odds, |o| shock_words(field, o)),
            ),
        }
    }

    fn humanize(&self, state: &Battle<S>, text: &str) -> String {
        humanize(state.state().field(), text)
    }

    fn svg(&self, state: &Battle<S>, title: &str) -> String {
        state.state().svg(title)
    }

    type Works = <<GameOf<S> as SimpleGame>::Setup as Roster>::Works;

    fn board<'a>(&self, state: &'a Battle<S>) -> &'a Board<Self::Works> {
        state.state().field().setup().board()
    }

    fn svg_options(&self, _state: &Battle<S>) -> SvgOptions {
        S::svg_options(&self.title())
    }

    fn stacks(&self, state: &Battle<S>) -> Vec<StackView> {
        let field = state.state().field();
        let setup = field.setup();
        let colour = |side: Option<Side>| {
            if side == Some(Side::Roman) { "#c03030" } else { "#3060c0" }.to_owned()
        };
        let leaders_in = |hex: Hex| -> Vec<String> {
            field
                .leaders()
                .iter()
                .enumerate()
                .filter(|(_, l)| l.at == Some(hex) && !l.dead)
                .filter_map(|(i, _)| u8::try_from(i).ok())
                .map(|i| format!("leader {}", narrate::leader(field, Lid(i))))
                .collect()
        };
        let mut seen = BTreeSet::new();
        let mut out = Vec::new();
        for st in field.units() {
            let Some(hex) = st.at.filter(|_| st.cohesion.status != Status::Eliminated) else {
                continue;
            };
            if !seen.insert((hex.x, hex.y)) {
                continue;
            }
            let stack: Vec<Uid> = field.stack(hex).iter().collect();
            let (mut pieces, mut ids, mut text) = (Vec::new(), Vec::new(), Vec::new());
            for &u in &stack {
                let Some(s) = field.unit(u) else { continue };
                let name = narrate::unit(field, u);
                let kind = setup.unit_profile(u).map(|p| p.unit_type.to_string());
                let routed = s.cohesion.status == Status::Routed;
                text.push(format!(
                    "{}{}",
                    kind.clone().unwrap_or_default(),
                    if routed { " r" } else { "" }
                ));
                let mut p = match kind {
                    Some(k) => format!("{name} ({k})"),
                    None => name.clone(),
                };
                if s.cohesion.hits > 0 {
                    let _ = write!(p, ", {}", narrate::hits(s.cohesion.hits));
                }
                if routed {
                    p.push_str(", routed");
                }
                pieces.push(p);
                ids.push(name);
            }
            pieces.extend(leaders_in(hex));
            let top = stack.first().copied();
            out.push(StackView {
                hex,
                marker: Marker {
                    hex,
                    text: text.join("/"),
                    colour: colour(top.and_then(|u| setup.unit_side(u))),
                    facing: top.and_then(|u| field.unit(u)).map(|s| s.facing),
                },
                pieces,
                ids,
            });
        }
        // Leaders alone in a hex are drawn too.
        for (i, l) in field.leaders().iter().enumerate() {
            let (Some(hex), false, Ok(i)) = (l.at, l.dead, u8::try_from(i)) else { continue };
            if !seen.insert((hex.x, hex.y)) {
                continue;
            }
            let name = narrate::leader(field, Lid(i));
            out.push(StackView {
                hex,
                marker: Marker {
                    hex,
                    text: name.chars().take(3).collect(),
                    colour: colour(setup.leader_side(Lid(i))),
                    facing: None,
                },
                pieces: leaders_in(hex),
                ids: Vec::new(),
            });
        }
        out.sort_by_key(|s| (s.hex.x, s.hex.y));
        out
    }

    fn result(&self, state: &Battle<S>) -> Option<Outcome> {
        match state.pending() {
            gboh_simple::protocol::Pending::Over(o) => {
                Some(o.winner.map_or(Outcome::Draw, Outcome::Won))
            }
            _ => None,
        }
    }

    fn reason(&self, state: &Battle<S>) -> String {
        match state.pending() {
            gboh_simple::protocol::Pending::Over(o) => o.reason,
            _ => "the game goes on".into(),
        }
    }

    fn standing(&self, state: &Battle<S>) -> Vec<String> {
        state.state().standing()
    }

    /// Units routed or eliminated, by side.
    fn losses(&self, state: &Battle<S>) -> [u32; 2] {
        let field = state.state().field();
        let mut lost = [0, 0];
        for (i, st) in field.units().iter().enumerate() {
            let side = u16::try_from(i).ok().and_then(|u| field.setup().unit_side(Uid(u)));
            if let Some(side) = side
                && matches!(st.cohesion.status, Status::Eliminated | Status::Routed)
                && let Some(n) = lost.get_mut(side.index())
            {
                *n += 1;
            }
        }
        lost
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ron_hexes_read_as_labels() {
        let name = |h: Hex| format!("H{}{}", h.x, h.y);
        assert_eq!(
            rewrite_ron_hexes(
                "at: Some((x: 28, y: -3)), to: (x:1,y:2), (\n  x: 4,\n  y: 5,\n), (x: a)",
                name
            ),
            "at: Some(\"H28-3\"), to: \"H12\", \"H45\", (x: a)"
        );
    }

    #[test]
    fn ids_read_as_names() {
        let name = |n: usize| (n < 10).then(|| format!("u{n}"));
        assert_eq!(rewrite_ids("Enter { unit: Uid(3) }", "Uid(", name), "Enter { unit: u3 }");
        assert_eq!(rewrite_ids("Uid(12) Uid(x)", "Uid(", name), "Uid(12) Uid(x)");
    }
}
