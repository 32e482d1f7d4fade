//! The standard family's games (Dictator, Gergovia's standard version)
//! behind the command line's [`Engine`], all through one generic engine:
//! a game plugs in by implementing [`Scenarios`].

use std::fmt::Write as _;
use std::marker::PhantomData;

use gboh_core::Side;
use gboh_core::board::Board;
use gboh_core::board::svg::{Marker, SvgOptions};
use gboh_core::game::{Event, Game, Rules};
use gboh_dictator::Dictator;
use gboh_gergovia::battle::BattleId;
use gboh_gergovia::standard::Gergovia;
use gboh_standard::game::StandardGame;
use gboh_standard::narrate::Narrate;
use gboh_standard::protocol::Outcome as BattleOutcome;
use gboh_standard::state::UnitStatus;
use gboh_standard::{Battle, Pending as StandardPending};

use super::preview::{NOTHING_TO_ROLL, modifier_lines};
use super::random;
use super::{Bot, Choice, Engine, Outcome, StackView, humanize_hexes, humanize_indices};
use crate::error::{CliError, rule};

/// What the command line needs of a standard-family game beyond the engine:
/// its scenarios' set-up, titles and side names.
pub trait Scenarios: StandardGame<Event: Narrate + Send + Sync> + Send + Sync {
    /// The game's state for `choice` and the engine's name of its scenario.
    fn setup(choice: Choice) -> (Self, &'static str);

    /// A title for printed output and pictures.
    fn title(choice: Choice) -> &'static str;

    /// The sides' names, Roman first.
    fn side_names(choice: Choice) -> [&'static str; 2];

    /// How the game stands beyond its field, in lines (Gergovia: the
    /// victory points); none by default.
    fn standing(_battle: &Battle<Self>) -> Vec<String> {
        Vec::new()
    }
}

impl Scenarios for Dictator {
    fn setup(choice: Choice) -> (Self, &'static str) {
        match choice {
            Choice::Chaeronea => (Dictator::chaeronea(), "Chaeronea"),
            _ => (Dictator::rhine(), "The Rhine"),
        }
    }

    fn title(choice: Choice) -> &'static str {
        match choice {
            Choice::Chaeronea => "Dictator: Chaeronea, 86 BC (reconstructed)",
            _ => "Dictator: the Rhine, 58 BC (reconstructed)",
        }
    }

    fn side_names(choice: Choice) -> [&'static str; 2] {
        match choice {
            Choice::Chaeronea => ["romans", "pontics"],
            _ => ["romans", "germans"],
        }
    }
}

impl Scenarios for Gergovia {
    fn setup(choice: Choice) -> (Self, &'static str) {
        let id = match choice {
            Choice::Gergovia(id) => id,
            _ => BattleId::Standard,
        };
        (Gergovia::default(), id.name())
    }

    fn title(choice: Choice) -> &'static str {
        match choice {
            Choice::Gergovia(BattleId::Alternative) => {
                "Gergovia, 52 BC: the standard version, alternative deployment"
            }
            _ => "Gergovia, 52 BC: the standard version",
        }
    }

    fn side_names(_choice: Choice) -> [&'static str; 2] {
        ["romans", "gauls"]
    }

    /// Gergovia's Victory section: both sides' points, counted live.
    fn standing(battle: &Battle<Self>) -> Vec<String> {
        super::gergovia_standing(battle.game().tally(battle.field()), "Victory")
    }
}

/// A standard-family game and scenario.
#[derive(Debug, Clone, Copy)]
pub struct StandardEngine<G> {
    choice: Choice,
    game: PhantomData<fn() -> G>,
}

impl<G> StandardEngine<G> {
    /// The engine for `choice`.
    #[must_use]
    pub const fn new(choice: Choice) -> Self {
        StandardEngine { choice, game: PhantomData }
    }
}

impl<G: Scenarios> Engine for StandardEngine<G> {
    type R = Battle<G>;

    fn choice(&self) -> Choice {
        self.choice
    }

    fn title(&self) -> String {
        G::title(self.choice).to_owned()
    }

    fn initial(&self) -> Result<Battle<G>, CliError> {
        let (game, scenario) = G::setup(self.choice);
        Battle::new(game, scenario).map(|(b, _)| b).map_err(rule)
    }

    fn side_names(&self) -> [&'static str; 2] {
        G::side_names(self.choice)
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

    fn bot(&self, name: &str, side: Side, seed: u64) -> Option<Bot<Battle<G>>> {
        match name {
            "advance" => Some(Box::new(gboh_standard::bots::Advance)),
            "random" => Some(random(side, seed)),
            _ => None,
        }
    }

    fn narrate(&self, state: &Battle<G>, event: &Event<<Battle<G> as Rules>::Event>) -> String {
        gboh_standard::narrate::line(state.field(), event)
    }

    fn action(&self, state: &Battle<G>, action: &<Battle<G> as Rules>::Action) -> String {
        gboh_standard::narrate::action(state.field(), action)
    }

    fn pending(&self, state: &Battle<G>, pending: &<Battle<G> as Rules>::Pending) -> String {
        gboh_standard::narrate::pending(state.field(), pending)
    }

    /// Issue 16: hexes as map labels (`gboh_standard::narrate::write_save`).
    fn write_save(&self, game: &Game<Battle<G>>) -> Result<String, CliError> {
        gboh_standard::narrate::write_save(game).map_err(rule)
    }

    fn preview(&self, state: &Battle<G>, preview: &<Battle<G> as Rules>::Preview) -> Vec<String> {
        use gboh_standard::protocol::Preview;
        match preview {
            Preview::Nothing => vec![NOTHING_TO_ROLL.into()],
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

    fn humanize(&self, state: &Battle<G>, text: &str) -> String {
        let field = state.field();
        let text = humanize_hexes(field.board(), text);
        humanize_indices(&text, |kind, i| match kind {
            "leader" => field.leader_def(i).map(|d| d.name.to_string()),
            _ => field.def(i).map(|d| d.id.to_string()),
        })
    }

    fn svg(&self, state: &Battle<G>, _title: &str) -> String {
        gboh_standard::narrate::picture(state)
    }

    type Works = ();

    fn board<'a>(&self, state: &'a Battle<G>) -> &'a Board {
        state.field().board()
    }

    fn svg_options(&self, _state: &Battle<G>) -> SvgOptions {
        SvgOptions::new(&self.title())
    }

    fn stacks(&self, state: &Battle<G>) -> Vec<StackView> {
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

    fn result(&self, state: &Battle<G>) -> Option<Outcome> {
        match state.pending() {
            StandardPending::Over(BattleOutcome::Withdrawal { loser }) => {
                Some(Outcome::Won(loser.opponent()))
            }
            StandardPending::Over(BattleOutcome::Victory { winner }) => Some(Outcome::Won(winner)),
            StandardPending::Over(_) => Some(Outcome::Draw),
            _ => None,
        }
    }

    fn reason(&self, state: &Battle<G>) -> String {
        let section = G::section;
        use gboh_standard::rule::RuleRef;
        match state.pending() {
            StandardPending::Over(BattleOutcome::Withdrawal { loser }) => format!(
                "{}: the {} reached their withdrawal level",
                section(RuleRef::Withdrawal),
                self.side_name(loser)
            ),
            StandardPending::Over(BattleOutcome::Draw) => format!(
                "{}: both sides reached their withdrawal level by the same margin",
                section(RuleRef::Withdrawal)
            ),
            StandardPending::Over(BattleOutcome::Victory { winner }) => format!(
                "{}: the {} met their victory conditions",
                section(RuleRef::Victory),
                self.side_name(winner)
            ),
            StandardPending::Over(_) => "the last turn ended".into(),
            _ => "the game goes on".into(),
        }
    }

    fn standing(&self, state: &Battle<G>) -> Vec<String> {
        G::standing(state)
    }

    /// Units routed or eliminated, by side; not those still waiting off
    /// the map to enter (`StandardGame::held_off_map`: Gergovia's Arverni
    /// stand in a hex off the board until they come on).
    fn losses(&self, state: &Battle<G>) -> [u32; 2] {
        let field = state.field();
        let board = &field.scenario.board;
        let mut lost = [0, 0];
        for (u, s) in field.units.iter().enumerate() {
            if let Some(d) = field.def(u)
                && board.contains(s.hex)
                && matches!(s.status, UnitStatus::Eliminated | UnitStatus::Routed)
            {
                lost[d.side.index()] += 1;
            }
        }
        lost
    }
}
