//! A simple aggressive bot for either side: it seizes when it may,
//! activates its largest formation, brings Vercingetorix's troops on,
//! fires, moves each unit as far toward the enemy (Rome: toward the Gauls
//! and the town objective 3801/3802/3901) as it may, goes over the walls,
//! and attacks whatever it can.

use gboh_core::Side;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use gboh_simple::protocol::{Action, Pending};
use gboh_simple::{Battle, BattleRules, CombatAction, Roster};
use hexx::Hex;

use super::formations::fit;
use super::special::Own;
use super::state::GergoviaSimplified;
use super::{Formation, setup::TOWERS_FORMATION};
use crate::map::areas;

/// The aggressive bot (deterministic: it draws no dice of its own).
#[derive(Debug, Clone, Copy, Default)]
pub struct Aggressive;

type B = Battle<GergoviaSimplified>;
type A = Action<Formation, Own>;

fn goals(g: &GergoviaSimplified, side: Side) -> Vec<Hex> {
    let setup = g.setup();
    let mut out: Vec<Hex> = setup
        .muster
        .uids()
        .filter(|&u| {
            setup.unit_side(u).is_some_and(|s| s != side)
                && setup.formation(u) != Some(TOWERS_FORMATION)
                && fit(&g.field, u)
        })
        .filter_map(|u| g.field.unit(u).and_then(|s| s.at))
        .collect();
    if side == Side::Roman
        && let Some(a) = g.setup().board.area(areas::TOWN_OBJECTIVE)
    {
        out.extend(a.hexes().iter().copied());
    }
    out
}

fn distance(goals: &[Hex], h: Hex) -> u32 {
    goals.iter().map(|g| g.unsigned_distance_to(h)).min().unwrap_or(0)
}

fn first(legal: &[A], f: impl Fn(&A) -> bool) -> Option<usize> {
    legal.iter().position(f)
}

impl Policy<B> for Aggressive {
    fn choose(&mut self, game: &Game<B>, legal: &[A]) -> usize {
        let g = game.state().state();
        match game.state().pending() {
            Pending::Seizure { .. } => {
                first(legal, |a| matches!(a, Action::AttemptSeizure(_))).unwrap_or(0)
            }
            Pending::ChooseCommand { .. } => {
                let score = |a: &A| match a {
                    Action::Activate(f) => {
                        g.command_units(f).len()
                            + usize::from(matches!(f, Formation::Vercingetorix { .. })) * 10
                    }
                    _ => 0,
                };
                let mut best = 0;
                for (i, a) in legal.iter().enumerate() {
                    if legal.get(best).is_none_or(|b| score(a) > score(b)) {
                        best = i;
                    }
                }
                best
            }
            Pending::Activation { side, .. } => {
                let goals = goals(g, side);
                let own = |a: &A| {
                    matches!(
                        a,
                        Action::Combat(CombatAction::Game(
                            Own::Enter { .. } | Own::EnterTower { .. }
                        ))
                    )
                };
                if let Some(i) = first(legal, own) {
                    return i;
                }
                let units = g.turn.current.as_ref().map(|a| a.units.clone()).unwrap_or_default();
                let near = units
                    .iter()
                    .filter_map(|&u| g.field.unit(u).and_then(|s| s.at))
                    .any(|h| distance(&goals, h) <= 6);
                if near
                    && let Some(i) = first(legal, |a| {
                        matches!(a, Action::Combat(CombatAction::Game(Own::Impetuosity)))
                    })
                {
                    return i;
                }
                if let Some(i) =
                    first(legal, |a| matches!(a, Action::Combat(CombatAction::Fire { .. })))
                {
                    return i;
                }
                let mut best: Option<(i64, usize)> = None;
                for (i, a) in legal.iter().enumerate() {
                    let (u, to) = match a {
                        Action::Move { unit, to, .. } => (*unit, *to),
                        Action::Combat(CombatAction::Game(
                            Own::ScaleWall { unit, to } | Own::CrossStoneWall { unit, to },
                        )) => (*unit, *to),
                        _ => continue,
                    };
                    let Some(from) = g.field.unit(u).and_then(|s| s.at) else { continue };
                    let gain = i64::from(distance(&goals, from)) - i64::from(distance(&goals, to));
                    if gain > 0 && best.is_none_or(|(b, _)| gain > b) {
                        best = Some((gain, i));
                    }
                }
                if let Some((_, i)) = best {
                    return i;
                }
                first(legal, |a| matches!(a, Action::Combat(CombatAction::BeginShock)))
                    .or_else(|| first(legal, |a| matches!(a, Action::EndActivation)))
                    .unwrap_or(0)
            }
            Pending::Combat(_) => {
                first(legal, |a| matches!(a, Action::Combat(CombatAction::Designate { .. })))
                    .or_else(|| {
                        first(legal, |a| matches!(a, Action::Combat(CombatAction::React { .. })))
                    })
                    .unwrap_or(0)
            }
            _ => 0,
        }
    }
}
