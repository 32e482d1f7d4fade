//! The three scenarios (the main game, the Naval Battle, the Heptastadium):
//! deployments and victory conditions, from `data/alexandria/scenarios.ron`,
//! validated against the map and the counters.
//!
//! ```
//! use gboh_alexandria::scenario::{self, Condition, ScenarioId};
//! use gboh_core::Side;
//! let main = scenario::scenario(ScenarioId::MainGame)?;
//! // 4.34: if Caesar is killed, the Egyptians automatically win.
//! assert!(main.victory.iter().any(|v| v.winner == Side::Adversary && v.condition == Condition::CaesarKilled));
//! // 3.0 E: exhaustion is not used in the two short scenarios.
//! assert!(scenario::scenario(ScenarioId::NavalBattle)?.exhaustion.is_none());
//! # Ok::<(), gboh_core::data::DataError>(())
//! ```

use std::sync::OnceLock;

use gboh_core::Side;
use gboh_core::board::Location;
use gboh_core::data::{DataError, Problems, Provenance, parse_ron};
use serde::Deserialize;

use crate::counters::{self, Counters, Piece, UnitKind};
use crate::map::{self, Alexandria, areas};

/// The name the embedded scenarios report errors under.
pub const SCENARIOS_FILE: &str = "data/alexandria/scenarios.ron";
/// The text of the embedded scenarios.
pub const SCENARIOS_RON: &str = include_str!("../data/alexandria/scenarios.ron");

/// The scenarios.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum ScenarioId {
    /// The main game (11.0).
    MainGame,
    /// The Naval Battle (12.2, errata).
    NavalBattle,
    /// The Heptastadium (amphibious).
    Heptastadium,
}

impl ScenarioId {
    /// Every scenario, in file order.
    pub const ALL: [ScenarioId; 3] =
        [ScenarioId::MainGame, ScenarioId::NavalBattle, ScenarioId::Heptastadium];
}

/// A victory condition.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub enum Condition {
    /// 4.34: Caesar is killed.
    CaesarKilled,
    /// The winner holds every one of these places (a combat unit of his there,
    /// none of the enemy's).
    Occupy(Vec<String>),
    /// The winner has eliminated this many enemy land combat units.
    EliminateUnits(u16),
    /// The winner has sunk (or burned) this many enemy galleys.
    SinkGalleys(u8),
}

/// A way to win.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Victory {
    /// Who wins.
    pub winner: Side,
    /// When.
    pub condition: Condition,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Explanation.
    pub note: String,
}

/// Exhaustion Levels (3.0 E, 11.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exhaustion {
    /// The Roman level.
    pub roman: u16,
    /// The Egyptian level.
    pub egyptian: u16,
}

/// Pieces placed together.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement {
    /// Counter ids.
    pub units: Vec<String>,
    /// A place name, or a galley id (aboard).
    pub at: String,
}

/// A scenario (validated when loaded through [`load_scenarios`]).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Which.
    pub id: ScenarioId,
    /// Title.
    pub name: String,
    /// Rule section.
    pub rule: String,
    /// Where it comes from.
    pub provenance: Provenance,
    /// Explanation.
    pub note: String,
    /// Who plays the first Player Turn.
    pub first_player: Side,
    /// Exhaustion Levels; `None` in the two short scenarios (3.0 E).
    pub exhaustion: Option<Exhaustion>,
    /// The set-up.
    pub deployment: Vec<Placement>,
    /// The ways to win.
    pub victory: Vec<Victory>,
}

/// Where a deployed piece is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Position {
    /// On a place of the map.
    At(Location),
    /// Aboard the galley with this index in the scenario's placements.
    Aboard(usize),
}

impl Scenario {
    /// Where `id` is set up.
    #[must_use]
    pub fn position(&self, map: &Alexandria, id: &str) -> Option<Position> {
        let p = self.deployment.iter().find(|p| p.units.iter().any(|u| u == id))?;
        if let Some(place) = map.place(&p.at) {
            return Some(Position::At(place));
        }
        self.deployment.iter().position(|q| q.units.contains(&p.at)).map(Position::Aboard)
    }

    /// Every rule the set-up breaks, as (item, message); empty when legal.
    #[must_use]
    pub fn check(&self, map: &Alexandria, mix: &Counters) -> Vec<(String, String)> {
        let mut out = Vec::new();
        let mut bad = |item: &str, msg: String| out.push((item.to_owned(), msg));
        let mut placed: Vec<&str> = Vec::new();
        for p in &self.deployment {
            let place = map.place(&p.at);
            let carrier = if place.is_none() {
                match mix.galley(&p.at) {
                    Some(_) if self.deployment.iter().any(|q| q.units.contains(&p.at)) => true,
                    _ => {
                        bad(&p.at, "not a place of the map nor a galley of this scenario".into());
                        continue;
                    }
                }
            } else {
                false
            };
            if p.units.is_empty() {
                bad(&p.at, "a placement needs a counter".into());
            }
            for id in &p.units {
                if placed.contains(&id.as_str()) {
                    bad(id, "placed twice".into());
                }
                placed.push(id);
                let Some(piece) = mix.piece(id) else {
                    bad(id, "no such counter".into());
                    continue;
                };
                match (piece, place) {
                    (Piece::Galley(_), None) => {
                        bad(id, "a galley is not carried by a galley".into())
                    }
                    (Piece::Galley(_), Some(Location::Node(_))) => {
                        bad(
                            id,
                            "5.4: a galley is on a sea or coastal hex, not a Point or Block".into(),
                        );
                    }
                    (Piece::Galley(_), Some(Location::Hex(h))) => {
                        let b = map.board();
                        if !(b.in_area(areas::SEA, h) || b.in_area(areas::COASTAL, h)) {
                            bad(id, "5.33: a galley stands on a sea or coastal hex".into());
                        }
                    }
                    (_, Some(Location::Hex(h))) if map.board().in_area(areas::SEA, h) => {
                        bad(id, "5.33: a land unit on a sea hex must be aboard a galley".into());
                    }
                    (Piece::Unit(u), Some(loc))
                        if u.kind == UnitKind::LightCavalry
                            && u.side == Side::Adversary
                            && (map.kind(loc).is_some() || map.counts_as_point(loc)) =>
                    {
                        bad(id, "errata: Egyptian light cavalry may not enter the city or the Heptastadium".into());
                    }
                    _ => {}
                }
                if carrier && !matches!(piece, Piece::Galley(_)) {
                    let side_ok = mix.galley(&p.at).is_some_and(|g| g.side == piece.side());
                    if !side_ok {
                        bad(id, "aboard an enemy galley".into());
                    }
                }
            }
        }
        let caesar_in = placed.contains(&"Caesar");
        let caesar_rule = self
            .victory
            .iter()
            .any(|v| v.winner == Side::Adversary && v.condition == Condition::CaesarKilled);
        if caesar_in && !caesar_rule {
            bad("victory", "4.34: where Caesar plays, his death wins for the Egyptians".into());
        }
        if self.victory.is_empty() {
            bad("victory", "a scenario needs a victory condition".into());
        }
        for v in &self.victory {
            if let Condition::Occupy(places) = &v.condition {
                for name in places.iter().filter(|n| map.place(n).is_none()) {
                    bad(name, "not a place of the map".into());
                }
            }
        }
        let short = self.id != ScenarioId::MainGame;
        if short == self.exhaustion.is_some() {
            bad(
                "exhaustion",
                "3.0 E: exhaustion is used in the main game, not in the two short scenarios".into(),
            );
        }
        out
    }
}

/// The embedded scenarios, parsed and validated once.
///
/// # Errors
/// The embedded files' problems.
pub fn scenarios() -> Result<&'static [Scenario], DataError> {
    static ALL: OnceLock<Result<Vec<Scenario>, DataError>> = OnceLock::new();
    ALL.get_or_init(|| {
        let map = map::alexandria()?;
        let mix = counters::counters()?;
        load_scenarios(SCENARIOS_FILE, SCENARIOS_RON, map, mix)
    })
    .as_ref()
    .map(Vec::as_slice)
    .map_err(Clone::clone)
}

/// One embedded scenario.
///
/// # Errors
/// The embedded files' problems, or the scenario missing from the file.
pub fn scenario(id: ScenarioId) -> Result<&'static Scenario, DataError> {
    scenarios()?.iter().find(|s| s.id == id).ok_or_else(|| DataError {
        file: SCENARIOS_FILE.to_owned(),
        problems: vec![gboh_core::data::Problem {
            pos: None,
            item: format!("{id:?}"),
            message: "scenario missing".to_owned(),
        }],
    })
}

/// Loads and validates a scenarios file against a map and a counter mix.
///
/// # Errors
/// Every problem, each with `file:line:column: item: message`: a scenario
/// listed twice or missing, and everything [`Scenario::check`] reports.
pub fn load_scenarios(
    file: &str,
    text: &str,
    map: &Alexandria,
    mix: &Counters,
) -> Result<Vec<Scenario>, DataError> {
    let all: Vec<Scenario> = parse_ron(file, text)?;
    let mut problems = Problems::new(file, text);
    for id in ScenarioId::ALL {
        let n = all.iter().filter(|s| s.id == id).count();
        if n != 1 {
            problems.at(
                format!("{id:?}"),
                "[",
                format!("scenario {id:?} appears {n} times, not once"),
            );
        }
    }
    for (i, s) in all.iter().enumerate() {
        for (item, message) in s.check(map, mix) {
            let quoted = format!("\"{item}\"");
            let needle = if text.contains(&quoted) { quoted } else { format!("{item}:") };
            problems.after(&item, ("id:", i), &needle, message);
        }
    }
    problems.finish(all)
}
