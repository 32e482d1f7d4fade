//! The Siege of Alesia behind the command line's [`Engine`].

use std::fmt::Write as _;

use gboh_alesia::game::AlesiaField;
use gboh_alesia::map::{Board, SiegeHex};
use gboh_alesia::narrate as alesia_narrate;
use gboh_alesia::picture as alesia_picture;
use gboh_alesia::playthrough::Playthrough;
use gboh_alesia::protocol::{Alesia, AlesiaDecision, Pending as AlesiaPending};
use gboh_alesia::scenario::ScenarioId;
use gboh_core::Side;
use gboh_core::board::svg::{Marker, SvgOptions};
use gboh_core::game::{Event, Game, Rules};
use gboh_core::unit::Status;
use hexx::Hex;

use super::preview::{NOTHING_TO_ROLL, combat_lines};
use super::{Bot, Choice, Engine, LabelledActions, Outcome, StackView, random};
use crate::error::{CliError, rule};

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
                C::Retreat { unit, .. } => format!(
                    "choose a retreat hex for {}, or stand on a rampart (10.2, 10.24)",
                    alesia_narrate::unit(state, *unit)
                ),
                C::PlaceRouted { unit, .. } => format!(
                    "place the routed cohort {} by its Aquila (10.42)",
                    alesia_narrate::unit(state, *unit)
                ),
                C::Advance { .. } => "advance after combat, or stay (9.3)".into(),
                C::Leader { leader, rule, .. } => {
                    format!("choose where {} goes ({rule})", alesia_narrate::leader(state, *leader))
                }
            },
            AlesiaPending::LeaderRetreat { leader, .. } => format!(
                "{} may retreat up to three hexes, or stay (4.33)",
                alesia_narrate::leader(state, *leader)
            ),
            AlesiaPending::Game { decision: AlesiaDecision::GallicPlanning(step), .. } => {
                match step {
                    PlanningStep::Assign { .. } => "assign tribes to Entry Areas (5.33)".into(),
                    PlanningStep::InitialPlacement { .. } => {
                        "make the Initial Placement (5.3-5.4)".into()
                    }
                    PlanningStep::Entry { .. } => "place the tribes of an entry (5.45)".into(),
                }
            }
            AlesiaPending::Game { decision: AlesiaDecision::RomanRedeployment, .. } => {
                "redeploy, or keep the deployment (5.5)".into()
            }
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
        use gboh_alesia::protocol::Preview;
        let hex = |h: Hex| alesia_narrate::hex(state, h);
        match preview {
            Preview::Legal => vec![NOTHING_TO_ROLL.into()],
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
            Preview::Combat(c) => combat_lines(
                c,
                |odds| crate::odds::shot_lines(state, odds),
                |odds| crate::odds::shock_lines(state, odds),
            ),
        }
    }

    fn humanize(&self, state: &Alesia, text: &str) -> String {
        alesia_narrate::humanize(state, text)
    }

    fn svg(&self, state: &Alesia, title: &str) -> String {
        alesia_picture::svg(state, title)
    }

    type Works = SiegeHex;

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
            AlesiaPending::Over(o) => Some(o.winner.map_or(Outcome::Draw, Outcome::Won)),
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
