//! 4.33 Replacement leaders: "At the end of the Activation in question,
//! place the leader, replacement side up, on any friendly unit that the
//! leader is eligible to command." Where is the owning player's choice, a
//! decision of this game's own that the engine's protocol asks
//! ([`gboh_simple::protocol::Pending::Game`]) before play passes on.

use gboh_core::Side;
use gboh_core::game::Event;
use gboh_simple::{Lid, Roster, Uid};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use super::command::{eligible, fit};
use super::state::{Alexandria, Happened};
use crate::counters::Rank;

/// This game's own decision between activations.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub enum Decision {
    /// 4.33: where killed `leader` comes back.
    Replace {
        /// The leader.
        leader: Lid,
        /// The hexes of the friendly units he may command, by the first
        /// unit's [`Uid`] there.
        options: Vec<Hex>,
    },
}

/// This game's own action outside an activation.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// 4.33: place killed `leader`, Replacement side up, on a friendly
    /// unit he may command at `to`.
    Replace {
        /// The leader.
        leader: Lid,
        /// The hex of the unit he joins.
        to: Hex,
    },
}

/// The hexes of the fit friendly units `leader` may command, by the first
/// unit's [`Uid`] there, each once.
#[must_use]
pub fn hosts(g: &Alexandria, leader: Lid) -> Vec<Hex> {
    let count = g.setup().units.len();
    let mut out: Vec<Hex> = Vec::new();
    for u in (0..count).filter_map(|u| u16::try_from(u).ok().map(Uid)) {
        if !(fit(&g.field, u) && eligible(&g.field, leader, u)) {
            continue;
        }
        if let Some(at) = g.field.unit(u).and_then(|s| s.at)
            && !out.contains(&at)
        {
            out.push(at);
        }
    }
    out
}

/// The activation just ended: every killed leader but the Overall
/// Commanders (4.34) who has a unit to come back on waits for his player's
/// choice ("all leaders" includes those already replaced), in [`Lid`]
/// order. A leader with no such unit waits for the end of a later
/// activation.
pub(super) fn after_activation(g: &mut Alexandria) {
    let setup = std::sync::Arc::clone(g.setup());
    g.replacing = (0..setup.leaders.len())
        .filter_map(|i| u8::try_from(i).ok().map(Lid))
        .filter(|&l| {
            setup.leaders.get(usize::from(l.0)).is_some_and(|i| i.rank != Rank::OverallCommander)
                && g.field.leader(l).is_some_and(|s| s.dead)
        })
        .filter(|&l| !hosts(g, l).is_empty())
        .collect();
}

/// The replacement waiting first, with its side and hexes.
#[must_use]
pub fn decision(g: &Alexandria) -> Option<(Side, Decision)> {
    g.replacing.iter().find_map(|&leader| {
        let options = hosts(g, leader);
        let side = g.setup().leader_side(leader)?;
        (!options.is_empty()).then_some((side, Decision::Replace { leader, options }))
    })
}

/// The answers to the replacement waiting first.
pub fn choices(g: &Alexandria, out: &mut Vec<Choice>) {
    if let Some((_, Decision::Replace { leader, options })) = decision(g) {
        out.extend(options.into_iter().map(|to| Choice::Replace { leader, to }));
    }
}

/// Places a replacement leader (checked against [`choices`]).
pub(super) fn place(g: &mut Alexandria, choice: Choice, events: &mut Vec<Event<Happened>>) {
    let Choice::Replace { leader, to } = choice;
    g.replacing.retain(|&l| l != leader);
    if let Some(l) = g.field.leader_mut(leader) {
        l.dead = false;
    }
    if g.field.move_leader(leader, Some(to)).is_ok() {
        if !g.replaced.contains(&leader) {
            g.replaced.push(leader);
        }
        events.push(Event::new("4.33", Happened::Replaced { leader, hex: to }));
    }
}
