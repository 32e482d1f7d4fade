//! Gallic Starting Deployment \[b\] in the simplified version ("Deployment:
//! as in the standard version of the module"): hidden placement as an
//! option, off by default (solitaire play, the golden games). The record is
//! the standard version's [`Hidden`] (the units still hidden, by index:
//! here the engine's [`Uid`]), with where each was placed, saved with the
//! game in its pieces ([`super::Specials::hidden`]).
//!
//! The engine is the referee: its rules read every unit's true position;
//! what is hidden is what the Roman player is shown
//! ([`GergoviaSimplified::hidden_from`],
//! [`GergoviaSimplified::deployment_for`]). A hidden unit is revealed
//! ([`Reveal`], cited [`RULE`]) when a Roman unit stands adjacent to its
//! hex, when it moves (a step, an entry along 4001-4801, a retreat), or
//! when it routs; the record is brought up to date at each activation,
//! after each of the special rules' actions, at each retreat or rout and at
//! the end of each turn, and the views apply the same test at once, so no
//! unit that should be seen is ever left out of them. Reconstructed as the
//! standard version's (crate::hidden): the hidden units are the combat
//! units of the placements the deployment marks \[b\] (the Arverni with
//! Vercingetorix, off the map, and with Critignatus); their leaders are
//! shown; the number of units in the woods is not hidden.

use gboh_core::Side;
use gboh_core::facing::Direction;
use gboh_core::game::Event;
use gboh_core::unit::Status;
use gboh_simple::Uid;
use gboh_simple::field::UnitFlags;
use hexx::Hex;
use serde::{Deserialize, Serialize};

pub use crate::hidden::{Hidden, RULE, Reveal};

use super::special::SpecialEvent;
use super::state::{GergoviaSimplified, Happened, SetupError};
use crate::scenario::{self, ScenarioId};
use crate::{counters, map};

/// The Gallic units still hidden and where each was placed (`None`: off
/// the map).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HiddenUnits {
    /// The units still hidden ([`Uid`] indices).
    pub hidden: Hidden,
    /// Where each hidden unit was placed.
    placed: Vec<(Uid, Option<Hex>)>,
}

impl HiddenUnits {
    /// Where `uid` was placed, if it was hidden.
    fn placed(&self, uid: Uid) -> Option<Option<Hex>> {
        self.placed.iter().find(|(u, _)| *u == uid).map(|&(_, h)| h)
    }
}

/// Why hidden unit `uid`, placed at `placed`, is seen now, if it is.
fn seen(g: &GergoviaSimplified, uid: Uid, placed: Option<Hex>) -> Option<Reveal> {
    let s = g.field.unit(uid)?;
    if s.cohesion.status == Status::Routed {
        return Some(Reveal::Routed);
    }
    if s.at != placed || s.flags.has(UnitFlags::MOVED) {
        return Some(Reveal::Moved);
    }
    let at = s.at?;
    roman_next_to(g, at).then_some(Reveal::RomanAdjacent)
}

/// Whether a Roman combat unit stands next to `hex`.
fn roman_next_to(g: &GergoviaSimplified, hex: Hex) -> bool {
    Direction::ALL.into_iter().any(|d| {
        g.field
            .stack(d.neighbor(hex))
            .iter()
            .any(|u| g.setup().unit(u).is_some_and(|x| x.side == Side::Roman))
    })
}

/// The hidden units seen now, each with why, in [`Uid`] order.
fn seen_now(g: &GergoviaSimplified) -> Vec<(Uid, Reveal)> {
    let h = &g.field.pieces().hidden;
    h.hidden
        .units()
        .into_iter()
        .filter_map(|i| u16::try_from(i).ok().map(Uid))
        .filter_map(|u| seen(g, u, h.placed(u)?).map(|r| (u, r)))
        .collect()
}

/// Reveals and reports every hidden unit seen now.
pub fn reveal(g: &mut GergoviaSimplified, events: &mut Vec<Event<Happened>>) {
    for (u, why) in seen_now(g) {
        let at = g.field.unit(u).and_then(|s| s.at);
        if g.field.pieces_mut().hidden.hidden.reveal(u.index()) {
            events.push(Event::new(
                RULE,
                Happened::Special(SpecialEvent::Revealed { unit: u, at, why }),
            ));
        }
    }
}

/// A Roman unit retreated from `from`: it stood next to the hidden units
/// around `from`, which are revealed; then every unit seen now.
pub fn retreated(
    g: &mut GergoviaSimplified,
    uid: Uid,
    from: Hex,
    events: &mut Vec<Event<Happened>>,
) {
    if g.setup().unit(uid).is_some_and(|u| u.side == Side::Roman) {
        let around: Vec<Uid> = g
            .field
            .pieces()
            .hidden
            .hidden
            .units()
            .into_iter()
            .filter_map(|i| u16::try_from(i).ok().map(Uid))
            .filter(|&u| {
                g.field
                    .unit(u)
                    .and_then(|s| s.at)
                    .is_some_and(|h| h.unsigned_distance_to(from) == 1)
            })
            .collect();
        for u in around {
            let at = g.field.unit(u).and_then(|s| s.at);
            if g.field.pieces_mut().hidden.hidden.reveal(u.index()) {
                let why = Reveal::RomanAdjacent;
                events.push(Event::new(
                    RULE,
                    Happened::Special(SpecialEvent::Revealed { unit: u, at, why }),
                ));
            }
        }
    }
    reveal(g, events);
}

impl GergoviaSimplified {
    /// This game with Gallic Starting Deployment \[b\]'s hidden placement:
    /// the combat units of the placements deployment `id` marks \[b\] start
    /// hidden from the Roman player, where they stand now. Off by default.
    ///
    /// ```
    /// use gboh_core::Side;
    /// use gboh_gergovia::scenario::ScenarioId;
    /// use gboh_gergovia::simplified::GergoviaSimplified;
    /// let g = GergoviaSimplified::standard()?.with_hidden_placement(ScenarioId::Standard)?;
    /// assert!(!g.hidden_from(Side::Roman).is_empty());
    /// assert!(g.hidden_from(Side::Adversary).is_empty());
    /// assert!(GergoviaSimplified::standard()?.hidden_from(Side::Roman).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SetupError`] if the data are broken.
    pub fn with_hidden_placement(
        mut self,
        id: ScenarioId,
    ) -> Result<GergoviaSimplified, SetupError> {
        let (board, mix) = (map::board()?, counters::counters()?);
        let sc = scenario::scenario(id)?;
        let deployment = sc.default_deployment(board, mix)?;
        let mut placed: Vec<(Uid, Option<Hex>)> = sc
            .hideable(mix, &deployment)
            .iter()
            .filter_map(|name| self.setup().uid(name))
            .filter_map(|u| self.field.unit(u).map(|s| (u, s.at)))
            .collect();
        placed.sort_by_key(|(u, _)| *u);
        let hidden = Hidden::new(placed.iter().map(|(u, _)| u.index()));
        self.field.pieces_mut().hidden = HiddenUnits { hidden, placed };
        Ok(self)
    }

    /// The units `side` is not shown, in [`Uid`] order: for the Roman
    /// player the Gallic units still hidden and not seen now; none for the
    /// Gallic player, who wrote their positions down.
    #[must_use]
    pub fn hidden_from(&self, side: Side) -> Vec<Uid> {
        if side != Side::Roman {
            return Vec::new();
        }
        let h = &self.field.pieces().hidden;
        h.hidden
            .units()
            .into_iter()
            .filter_map(|i| u16::try_from(i).ok().map(Uid))
            .filter(|&u| h.placed(u).is_some_and(|p| seen(self, u, p).is_none()))
            .collect()
    }

    /// Where every counter stands as `side` is shown it: the
    /// [`deployment`](GergoviaSimplified::deployment) without the units
    /// hidden from that side (for [`crate::picture::render`]).
    #[must_use]
    pub fn deployment_for(&self, side: Side) -> scenario::Deployment {
        let mut d = self.deployment();
        for u in self.hidden_from(side) {
            if let Some(info) = self.setup().unit(u) {
                d.units.remove(&gboh_core::unit::UnitId(info.name.clone()));
            }
        }
        d
    }
}
