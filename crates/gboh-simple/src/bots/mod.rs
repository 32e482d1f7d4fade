//! Bots (the top layer, with narration): policies that play any game on
//! the engine's protocol.
//!
//! [`Aggressor`] closes with the enemy and fights: it tries every Turn
//! Seizure it may, activates the command nearest the enemy, fires every
//! shot it has, moves each unit in turn to the end nearest an enemy (ending
//! next to one where it can, but never next to an enemy of a better TQ;
//! archers and artillery stop two hexes off),
//! then shocks with everyone it may,
//! advances after combat and takes every reaction shot. It is
//! deterministic: the same position gives the same choice, so a seed
//! replays a game. Its choices are made from the legal actions, so it can
//! never break a rule.

use gboh_core::Side;
use gboh_core::game::{Game, Rules};
use gboh_core::policy::Policy;
use gboh_core::unit::Status;
use hexx::Hex;

use crate::decision::CombatAction;
use crate::field::{Field, UnitFlags};
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use crate::protocol::{Action, ActionOf, Battle, BattleRules};

/// A deterministic aggressive policy for any game on the engine's protocol
/// ([`Battle`]); see the module documentation.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Aggressor;

/// The hexes of `side`'s enemies on the map that are not routed.
fn enemies<G: SimpleGame>(field: &Field<G>, side: Side) -> Vec<Hex> {
    let mut hexes: Vec<Hex> = enemy_units(field, side).into_iter().map(|(_, h)| h).collect();
    hexes.sort_by_key(|&h| field.setup().board().index(h));
    hexes.dedup();
    hexes
}

/// Whether a unit with `status` is out of the fight.
fn out(status: Status) -> bool {
    matches!(status, Status::Routed | Status::Eliminated)
}

/// `side`'s enemies on the map that are not routed, with their hexes.
fn enemy_units<G: SimpleGame>(field: &Field<G>, side: Side) -> Vec<(Uid, Hex)> {
    let setup = field.setup();
    (0..setup.unit_count())
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter(|&u| setup.unit_side(u).is_some_and(|s| s != side))
        .filter_map(|u| {
            field.unit(u).filter(|s| !out(s.cohesion.status)).and_then(|s| s.at).map(|h| (u, h))
        })
        .collect()
}

/// Hex steps from `hex` to the nearest of `targets` (far when none).
fn nearest(hex: Hex, targets: &[Hex]) -> u32 {
    targets.iter().map(|&t| hex.unsigned_distance_to(t)).min().unwrap_or(u32::MAX / 2)
}

impl Aggressor {
    /// The score of `action` for the side deciding; the highest is chosen,
    /// the first of equals.
    fn score<S: BattleRules>(battle: &Battle<S>, action: &ActionOf<S>) -> i64 {
        let s = battle.state();
        let field = s.field();
        let side = battle.pending().side().unwrap_or(Side::Roman);
        let foes = enemies(field, side);
        let far = |h: Hex| i64::from(nearest(h, &foes));
        match action {
            Action::AttemptSeizure(_) => 10,
            Action::DeclineSeizure | Action::Pass | Action::EndActivation | Action::Game(_) => 0,
            Action::Activate(c) => {
                let units = s.command_units(c);
                let closest = units
                    .iter()
                    .filter_map(|&u| field.unit(u).and_then(|st| st.at))
                    .map(far)
                    .min()
                    .unwrap_or(1000);
                1000 - closest * 10 + i64::try_from(units.len()).unwrap_or(0)
            }
            Action::Move { unit, to, .. } => {
                let Some(from) = field.unit(*unit).and_then(|st| st.at) else { return -1 };
                let started = field.unit(*unit).is_some_and(|st| st.flags.has(UnitFlags::MOVED));
                let gain = far(from) - far(*to);
                // Units already next to an enemy stay and fight; a unit that
                // has begun moving finishes before another starts.
                if far(from) <= 1 || gain <= 0 {
                    return -1;
                }
                // Archers and artillery stand off at two hexes and shoot.
                let shooter = field
                    .setup()
                    .unit_profile(*unit)
                    .is_some_and(|p| p.unit_type.is_archer() || p.unit_type.is_artillery());
                if shooter && far(*to) < 2 {
                    return -1;
                }
                // Close only with enemies no better than the unit (by TQ).
                let tq = |u: Uid| field.setup().unit_profile(u).map_or(0, |p| p.tq.0);
                let stronger_next_to = enemy_units(field, side).into_iter().any(|(e, h)| {
                    (h == *to || field.setup().board().adjacent(h, *to)) && tq(e) > tq(*unit)
                });
                if stronger_next_to {
                    return -1;
                }
                let adjacent = if far(*to) <= 1 { 50 } else { 0 };
                200 + gain * 10 + adjacent + if started { 5 } else { 0 }
            }
            // A leader joins the friends nearest the enemy, after the units
            // have moved (his move ends theirs).
            Action::MoveLeader { leader, to } => {
                let from = field.leader(*leader).and_then(|l| l.at);
                let gain = from.map_or(0, |h| far(h) - far(*to));
                if field.side_in(*to) == Some(side) && gain > 0 { 2 + gain } else { -1 }
            }
            Action::Combat(c) => match c {
                CombatAction::React { .. } | CombatAction::Fire { will_move: false, .. } => 300,
                CombatAction::Fire { .. } => 290,
                CombatAction::Designate { .. } => 100,
                CombatAction::Place { .. } => 60,
                CombatAction::Rally { .. } => 50,
                CombatAction::BeginShock => 1,
                CombatAction::Done => 0,
                _ => 40,
            },
            Action::RetreatLeader { to: Some(h), .. } => 20 + far(*h),
            Action::RetreatLeader { to: None, .. } => 0,
        }
    }
}

impl<S: BattleRules> Policy<Battle<S>> for Aggressor {
    fn choose(&mut self, game: &Game<Battle<S>>, legal: &[ActionOf<S>]) -> usize {
        let battle = game.state();
        let mut best = (i64::MIN, 0);
        for (i, a) in legal.iter().enumerate() {
            let score = Aggressor::score(battle, a);
            if score > best.0 {
                best = (score, i);
            }
        }
        best.1
    }
}
