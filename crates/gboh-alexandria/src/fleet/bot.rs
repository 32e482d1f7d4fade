//! A simple deterministic bot for both fleets: close on the nearest enemy,
//! ram when a ram is legal, grapple and board a weaker deck
//! otherwise, break through the enemy line by a Diekplus (9.24) when a gap
//! opens ahead, rake
//! and loose fire arrows when it can. It only ever picks from [`actions`].

use hexx::Hex;

use super::state::Quarter;
use super::{Action, FleetGame, Phase, actions, boarding, tables};
use crate::map::{self, areas};

fn nearest_enemy(game: &FleetGame, from: Hex, side: gboh_core::Side) -> Option<Hex> {
    game.galleys
        .iter()
        .filter(|e| e.afloat() && e.side != side && !e.in_slip)
        .min_by_key(|e| (from.unsigned_distance_to(e.hex), e.hex.x, e.hex.y))
        .map(|e| e.hex)
}

/// The bot's choice for the active player, or `None` if nothing is legal.
#[must_use]
pub fn choose(game: &FleetGame) -> Option<Action> {
    let legal = actions(game);
    let t = tables::tables().ok()?;
    let pick = |f: &dyn Fn(&Action) -> bool| legal.iter().find(|a| f(a)).cloned();
    match game.phase {
        Phase::Boarding => {
            let strong = |a: &Action| match a {
                Action::Board { galley, target } => {
                    match (game.galleys.get(*galley), game.galleys.get(*target)) {
                        (Some(g), Some(d)) => boarding::strength(t, g) >= boarding::strength(t, d),
                        _ => false,
                    }
                }
                _ => false,
            };
            pick(&strong).or_else(|| pick(&|a| *a == Action::EndPhase))
        }
        Phase::Disengage => pick(&|a| matches!(a, Action::Disengage { .. }))
            .or_else(|| pick(&|a| *a == Action::EndPhase)),
        Phase::Movement => match game.current {
            None => choose_declaration(game, &legal),
            Some(i) => steer(game, t, i, &legal),
        },
    }
}

/// The bot's declaration (or launch) among `legal`, for the first galley
/// they name: the most MP at Attack speed, resting at Cruise when tired
/// and far from the enemy; `EndPhase` when no galley is left.
#[must_use]
pub fn choose_declaration(game: &FleetGame, legal: &[Action]) -> Option<Action> {
    let first = legal.iter().find_map(|a| match a {
        Action::Declare { galley, .. } | Action::Launch { galley } => Some(*galley),
        _ => None,
    });
    let Some(g) = first else { return legal.iter().find(|a| **a == Action::EndPhase).cloned() };
    if let Some(a) = legal.iter().find(|a| **a == Action::Launch { galley: g }) {
        return Some(a.clone());
    }
    // The most MP at Attack speed if allowed, else at Cruise.
    let best = |speed| {
        legal
            .iter()
            .filter_map(|a| match a {
                Action::Declare { galley, speed: s, mp } if *galley == g && *s == speed => {
                    Some(*mp)
                }
                _ => None,
            })
            .max()
    };
    // Rowers rest (Cruise at half MA, 5.42's fatigue) when held at Cruise,
    // or tiring with no enemy within an Attack move.
    let gs = game.galleys.get(g)?;
    let far = nearest_enemy(game, gs.hex, gs.side)
        .is_none_or(|e| gs.hex.unsigned_distance_to(e) > u32::from(gs.attack_ma));
    let attack = best(super::Speed::Attack);
    let rest = gs.cruise_ma / 2;
    let resting = Action::Declare { galley: g, speed: super::Speed::Cruise, mp: rest };
    if (attack.is_none() || (gs.fatigue >= 2 && far)) && legal.contains(&resting) {
        return Some(resting);
    }
    let (speed, mp) = attack
        .map(|mp| (super::Speed::Attack, mp))
        .or_else(|| best(super::Speed::Cruise).map(|mp| (super::Speed::Cruise, mp)))?;
    Some(Action::Declare { galley: g, speed, mp })
}

fn steer(game: &FleetGame, t: &tables::FleetTables, i: usize, legal: &[Action]) -> Option<Action> {
    let g = game.galleys.get(i)?;
    let quarter_rank = |target: usize| {
        game.galleys.get(target).and_then(|e| {
            gboh_core::facing::Direction::between(e.hex, g.hex).map(|d| {
                match Quarter::of(e.heading, d) {
                    Quarter::Stern => 0,
                    Quarter::SternQuarter => 1,
                    _ => 2,
                }
            })
        })
    };
    let ram = legal
        .iter()
        .filter_map(|a| match a {
            Action::Ram { target } => Some((quarter_rank(*target).unwrap_or(3), *target)),
            _ => None,
        })
        .min();
    if let Some((_, target)) = ram {
        return Some(Action::Ram { target });
    }
    let mine = boarding::strength(t, g);
    for a in legal {
        if let Action::Grapple { target } = a
            && game.galleys.get(*target).is_some_and(|d| mine > boarding::strength(t, d))
        {
            return Some(a.clone());
        }
    }
    // 9.24: break through the line when it opens, at the galley whose oars
    // are still whole (a second rake cripples, as well): after a ram or a
    // boarding it expects to win (a sinking or a capture is a galley lost;
    // a rake only halves), before a plain rake (the Diekplus rakes as well,
    // gains a hex and costs no MP of its own).
    let diekplus = legal
        .iter()
        .filter_map(|a| match a {
            Action::Diekplus { target } => game.galleys.get(*target).map(|e| (e.halved, *target)),
            _ => None,
        })
        .min();
    if let Some((_, target)) = diekplus {
        return Some(Action::Diekplus { target });
    }
    if let Some(a) =
        legal.iter().find(|a| matches!(a, Action::Rake { .. } | Action::FireArrows { .. }))
    {
        return Some(a.clone());
    }
    let enemy = nearest_enemy(game, g.hex, g.side);
    let facing = enemy.map(|e| super::movement::toward(g.hex, e));
    if let Some(a) =
        legal.iter().find(|a| matches!(a, Action::Face { heading } if Some(*heading) == facing))
    {
        return Some(a.clone());
    }
    let map = map::alexandria().ok()?;
    let b = map.board();
    let shoal = |h: Hex| {
        u32::from(b.in_area(areas::SHOALS, h)) * 3 + u32::from(b.in_area(areas::SLIPS, h)) * 6
    };
    let score = |a: &Action| -> Option<u32> {
        let e = enemy?;
        match a {
            Action::Forward => Some(g.bow().unsigned_distance_to(e) * 2 + shoal(g.bow())),
            Action::Turn { clockwise } => {
                let k = g.heading.index() + if *clockwise { 1 } else { 5 };
                let h = gboh_core::facing::Direction::from_index(k).neighbor(g.hex);
                Some(h.unsigned_distance_to(e) * 2 + 1 + u32::from(*clockwise))
            }
            Action::Backwater => Some(g.stern().unsigned_distance_to(e) * 2 + 4 + shoal(g.stern())),
            _ => None,
        }
    };
    let mv = legal.iter().filter_map(|a| score(a).map(|s| (s, a))).min_by_key(|(s, _)| *s);
    if (g.remaining() == 0 || mv.is_none())
        && let Some(a) = legal.iter().find(|a| **a == Action::EndMovement)
    {
        return Some(a.clone());
    }
    mv.map(|(_, a)| a.clone()).or_else(|| legal.first().cloned())
}
