//! The simple family's two games on the command line: Gergovia's simplified
//! version and Caesar in Alexandria's land battle, each as a
//! [`SimpleScenarios`].

use gboh_alexandria::play::Alexandria;
use gboh_core::board::svg::SvgOptions;
use gboh_core::game::Event;
use gboh_gergovia::scenario::ScenarioId;
use gboh_gergovia::simplified::GergoviaSimplified;
use gboh_simple::{Battle, narrate};

use super::simple::{SimpleScenarios, humanize};
use super::{Bot, Choice};

/// A picture that could not be drawn: its reason, as an SVG a browser shows.
fn no_picture(title: &str, why: &str) -> String {
    let escape = |s: &str| s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;");
    format!(
        "<svg xmlns='http://www.w3.org/2000/svg' width='600' height='60'><text x='10' y='30'>{}: {}</text></svg>",
        escape(title),
        escape(why)
    )
}

impl SimpleScenarios for GergoviaSimplified {
    fn setup(choice: Choice) -> Result<Self, String> {
        let id = match choice {
            Choice::GergoviaSimplified(id) => id,
            _ => ScenarioId::Standard,
        };
        GergoviaSimplified::new(id).map_err(|e| e.to_string())
    }

    fn title(choice: Choice) -> &'static str {
        match choice {
            Choice::GergoviaSimplified(ScenarioId::Alternative) => {
                "Gergovia, 52 BC: the simplified version, alternative deployment"
            }
            _ => "Gergovia, 52 BC: the simplified version",
        }
    }

    fn side_names() -> [&'static str; 2] {
        ["romans", "gauls"]
    }

    fn bots() -> Vec<(&'static str, &'static str)> {
        vec![(
            "aggressive",
            "the simplified version's bot (seizes, brings Vercingetorix on, closes and attacks; deterministic)",
        )]
    }

    fn bot(name: &str) -> Option<Bot<Battle<Self>>> {
        match name {
            "aggressive" => Some(Box::new(gboh_gergovia::simplified::bot::Aggressive)),
            _ => None,
        }
    }

    /// The game's words; the protocol's bookkeeping the game leaves out
    /// (a unit's movement over, an activation ended) in the engine's.
    fn narrate(&self, event: &Event<Self::Event>) -> String {
        use gboh_gergovia::simplified::Happened;
        use gboh_gergovia::simplified::narrate::{describe, formation};
        describe(self, event).unwrap_or_else(|| match &event.what {
            Happened::Turn(t) => {
                narrate::line(event, narrate::turn_sentence(&self.field, t, formation))
            }
            other => narrate::line(event, humanize(&self.field, &format!("{other:?}"))),
        })
    }

    fn command_words(&self, command: &Self::Command) -> String {
        gboh_gergovia::simplified::narrate::formation(command)
    }

    fn own_words(&self, action: &Self::Own) -> String {
        gboh_gergovia::simplified::narrate::own(self, action)
    }

    fn svg(&self, title: &str) -> String {
        use gboh_gergovia::{counters, map, picture};
        match (map::board(), counters::counters()) {
            (Ok(board), Ok(mix)) => picture::render(board, mix, Some(&self.deployment()), title),
            (Err(e), _) => no_picture(title, &e.to_string()),
            (_, Err(e)) => no_picture(title, &e.to_string()),
        }
    }

    fn svg_options(title: &str) -> SvgOptions {
        let mut options = SvgOptions::new(title);
        options.hex_size = 11.0;
        options.areas = gboh_gergovia::picture::area_styles();
        options
    }

    /// The Victory (Simplified) points of both sides, counted live.
    fn standing(&self) -> Vec<String> {
        super::gergovia_standing(self.tally(), "Victory (Simplified)")
    }
}

impl SimpleScenarios for Alexandria {
    fn setup(_choice: Choice) -> Result<Self, String> {
        Alexandria::main_game().map_err(|e| e.to_string())
    }

    fn title(_choice: Choice) -> &'static str {
        "Caesar in Alexandria, 48-47 BC: the main game's land battle"
    }

    fn side_names() -> [&'static str; 2] {
        ["romans", "egyptians"]
    }

    fn bots() -> Vec<(&'static str, &'static str)> {
        vec![(
            "city",
            "the land game's city bot (fights, storms or holds the Palace, marches on the objectives, sails the fleet; deterministic)",
        )]
    }

    fn bot(name: &str) -> Option<Bot<Battle<Self>>> {
        match name {
            "city" => Some(Box::new(gboh_alexandria::play::bot::CityBot::default())),
            _ => None,
        }
    }

    /// The game's words; the protocol's and the fleet's bookkeeping the
    /// game leaves out in the engine's and the fleet's.
    fn narrate(&self, event: &Event<Self::Event>) -> String {
        use gboh_alexandria::play::Happened;
        use gboh_alexandria::play::narrate::{command, describe};
        describe(self, event).unwrap_or_else(|| match &event.what {
            Happened::Turn(t) => {
                narrate::line(event, narrate::turn_sentence(&self.field, t, |c| command(self, c)))
            }
            Happened::Fleet(f) => {
                narrate::line(event, gboh_alexandria::fleet::narrate(&self.fleet.game, f))
            }
            other => narrate::line(event, humanize(&self.field, &format!("{other:?}"))),
        })
    }

    fn command_words(&self, command: &Self::Command) -> String {
        gboh_alexandria::play::narrate::command(self, command)
    }

    fn own_words(&self, action: &Self::Own) -> String {
        gboh_alexandria::play::narrate::own(self, action)
    }

    fn choice_words(&self, choice: &Self::Choice) -> String {
        gboh_alexandria::play::narrate::choice(self, choice)
    }

    fn decision_words(&self, decision: &Self::Decision) -> String {
        gboh_alexandria::play::narrate::decision(self, decision)
    }

    fn svg(&self, title: &str) -> String {
        use gboh_alexandria::picture::{Marker, render_with};
        let setup = self.setup();
        let board = setup.map.board();
        let mut pieces = Vec::new();
        for (s, u) in self.field.units().iter().zip(&setup.muster.units) {
            if let Some(h) = s.at {
                pieces.push(Marker { at: board.location(h), side: u.side, text: u.name.clone() });
            }
        }
        for (l, info) in self.field.leaders().iter().zip(&setup.muster.leaders) {
            if let (Some(h), false) = (l.at, l.dead) {
                pieces.push(Marker {
                    at: board.location(h),
                    side: info.side,
                    text: info.name.clone(),
                });
            }
        }
        render_with(setup.map, title, &pieces)
    }

    fn svg_options(title: &str) -> SvgOptions {
        let mut options = SvgOptions::new(title);
        options.hex_size = 14.0;
        options.areas = gboh_alexandria::picture::area_styles();
        options
    }
}
