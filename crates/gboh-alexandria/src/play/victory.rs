//! Victory (3.0 F, 4.34, 11.0) and exhaustion (3.0 E, 11.3) in the main
//! game: Caesar killed, the Egyptians win (4.34); the Romans must take the
//! redoubts at both ends of the Heptastadium, the Egyptians the Palace (the
//! review, `data/alexandria/scenarios.ron`); a side at its Exhaustion Level
//! fights on but may not shock attack, and the game ends when both are
//! (3.0); exhaustion points come from eliminated units, a unit that leaves
//! the map counting as eliminated (errata). The levels are reconstructed.

use gboh_core::Side;
use gboh_core::board::Location;
use gboh_core::unit::Status;
use gboh_simple::field::Field;
use gboh_simple::{Outcome, Uid};

use super::Land;
use super::command::fit;
use super::state::Alexandria;
use crate::scenario::{Condition, Scenario, ScenarioId, scenario};

/// A game neither side can finish ends after this many Player Turns, as a
/// draw (reconstructed: the extract's game has no turn limit; this bounds
/// bot games).
pub const MAX_PLAYER_TURNS: u32 = 240;

fn main_game() -> Option<&'static Scenario> {
    scenario(ScenarioId::MainGame).ok()
}

/// 11.3: `side`'s exhaustion points: its land units eliminated or off the
/// map after being on it (a unit aboard a galley is off the map but not
/// eliminated; one lost with its galley or in boarding is, 4.42).
#[must_use]
pub fn exhaustion_points(field: &Field<Land>, side: Side) -> u16 {
    let setup = field.setup();
    let n = (0..setup.units.len())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| setup.unit(u).is_some_and(|x| x.side == side))
        .filter(|&u| field.unit(u).is_some_and(|s| s.cohesion.status == Status::Eliminated))
        .count();
    u16::try_from(n).unwrap_or(u16::MAX)
}

/// `side`'s Exhaustion Level in the main game.
#[must_use]
pub fn exhaustion_level(side: Side) -> Option<u16> {
    let e = main_game()?.exhaustion?;
    Some(match side {
        Side::Roman => e.roman,
        Side::Adversary => e.egyptian,
    })
}

/// Whether `side` has reached its Exhaustion Level (11.3).
#[must_use]
pub fn exhausted(field: &Field<Land>, side: Side) -> bool {
    exhaustion_level(side).is_some_and(|l| exhaustion_points(field, side) >= l)
}

/// Whether `side` holds every place named (a fit combat unit of its own
/// there and none of the enemy's).
#[must_use]
pub fn holds(field: &Field<Land>, side: Side, places: &[String]) -> bool {
    let setup = field.setup();
    places.iter().all(|name| {
        let Some(hex) = setup.hex(name) else { return false };
        let mut ours = false;
        for u in field.stack(hex).iter() {
            match setup.unit(u).map(|x| x.side) {
                Some(s) if s == side && fit(field, u) => ours = true,
                Some(s) if s != side => return false,
                _ => {}
            }
        }
        ours
    })
}

/// The places `side` must occupy to win (11.0, the main game's
/// `Occupy` conditions) that it does not hold now, as hexes.
#[must_use]
pub fn objectives(g: &Alexandria, side: Side) -> Vec<hexx::Hex> {
    occupy_places(Some(side))
        .filter(|name| !holds(&g.field, side, std::slice::from_ref(*name)))
        .filter_map(|name| g.setup().hex(name))
        .collect()
}

/// Every place either side must occupy to win (11.0), held or not.
#[must_use]
pub fn all_objectives(g: &Alexandria) -> Vec<hexx::Hex> {
    occupy_places(None).filter_map(|name| g.setup().hex(name)).collect()
}

/// The names in the main game's `Occupy` conditions, of `side`'s only or
/// of both sides'.
fn occupy_places(side: Option<Side>) -> impl Iterator<Item = &'static String> {
    main_game()
        .into_iter()
        .flat_map(|sc| sc.victory.iter())
        .filter(move |v| side.is_none_or(|s| v.winner == s))
        .filter_map(|v| match &v.condition {
            Condition::Occupy(places) => Some(places),
            _ => None,
        })
        .flatten()
}

/// Whether Caesar has been killed (4.34).
#[must_use]
pub fn caesar_killed(g: &Alexandria) -> bool {
    g.setup().lid("Caesar").and_then(|l| g.field.leader(l)).is_some_and(|l| l.dead)
}

/// The outcome now, if the game is over: 4.34, the scenario's objectives
/// in file order, both sides exhausted (3.0: a draw), the turn limit.
#[must_use]
pub fn outcome(g: &Alexandria) -> Option<Outcome> {
    let sc = main_game()?;
    for v in &sc.victory {
        let won = match &v.condition {
            Condition::CaesarKilled => caesar_killed(g),
            Condition::Occupy(places) => holds(&g.field, v.winner, places),
            Condition::EliminateUnits(_) | Condition::SinkGalleys(_) => false,
        };
        if won {
            let reason = match &v.condition {
                Condition::CaesarKilled => "4.34: Caesar is killed; the Egyptians win".to_owned(),
                Condition::Occupy(places) => format!(
                    "11.0: {} hold {}",
                    if v.winner == Side::Roman { "the Romans" } else { "the Egyptians" },
                    places.join(" and ")
                ),
                _ => String::new(),
            };
            return Some(Outcome { winner: Some(v.winner), reason });
        }
    }
    let (r, e) = (exhausted(&g.field, Side::Roman), exhausted(&g.field, Side::Adversary));
    if r && e {
        return Some(Outcome {
            winner: None,
            reason: format!(
                "3.0: both armies at their Exhaustion Level (Romans {}, Egyptians {} points)",
                exhaustion_points(&g.field, Side::Roman),
                exhaustion_points(&g.field, Side::Adversary)
            ),
        });
    }
    if g.turn.activations >= MAX_PLAYER_TURNS {
        return Some(Outcome {
            winner: None,
            reason: format!("{MAX_PLAYER_TURNS} Player Turns without a decision: a draw"),
        });
    }
    None
}

/// The Palace's place (for bots and narration).
#[must_use]
pub fn palace(g: &Alexandria) -> Option<hexx::Hex> {
    g.setup().map.seat(Location::Node(g.setup().map.palace()))
}
