//! Partial listings: the parts of [`Rules::legal_actions`] a policy can ask
//! for one by one ([`Policy::choose_directly`]), so that a bot that needs a
//! few units' moves does not pay for every unit's search.
//!
//! During an activation the full listing (the engine's) is, in order:
//! Alesia's own actions (each mover's unsearched movement actions: Rapid
//! March, swap, Disorder removal, Fill; then the ride-alongs, 6.13); the
//! [`movers`](Alesia::movers)' [`MoveAction::Move`]s, unit by unit; the
//! leaders' [`MoveAction::MoveLeader`]s; the combat actions;
//! [`Action::EndActivation`]. The two searched kinds, Moves and
//! leader moves, come from [`Alesia::unit_moves`] and
//! [`Alesia::leader_moves`]; everything else, in the full listing's order,
//! from [`Alesia::legal_actions_unsearched`]. Outside an activation nothing
//! is searched and the unsearched listing is the whole one. The test
//! `bots_choose_directly.rs` checks that the parts make up the whole through
//! bot and random games.
//!
//! [`Rules::legal_actions`]: gboh_core::game::Rules::legal_actions
//! [`Policy::choose_directly`]: gboh_core::policy::Policy::choose_directly

use std::ops::ControlFlow;

use gboh_core::game::Rules;
use gboh_simple::protocol::play;
use hexx::Hex;

use super::{Action, Alesia, Pending};
use crate::combat;
use crate::game::Uid;
use crate::movement::{self, MoveAction};

impl Alesia {
    /// Appends the legal actions but the searched ones (units' Moves and
    /// leaders' moves), in the full listing's order
    /// ([`play::legal_actions_unsearched`]).
    pub fn legal_actions_unsearched(&self, out: &mut Vec<Action>) {
        let mut actions = Vec::new();
        play::legal_actions_unsearched(self, &mut actions);
        out.extend(actions.into_iter().map(Action::from));
    }

    /// The units whose [`MoveAction::Move`]s the full listing holds, in its
    /// order (a unit may have none): empty outside an activation and once
    /// shock has begun.
    #[must_use]
    pub fn movers(&self) -> Vec<Uid> {
        if self.may_list_moves() { movement::movers(self) } else { Vec::new() }
    }

    /// Whether the full listing holds movement actions: in an activation,
    /// before shock.
    fn may_list_moves(&self) -> bool {
        matches!(self.pending(), Pending::Activation { .. }) && !combat::movement_closed(self)
    }

    /// Visits the [`MoveAction::Move`]s the full listing holds for each of
    /// `units` in turn (none for a unit not among the
    /// [`movers`](Alesia::movers)), in the listing's order, until `visit`
    /// breaks.
    pub fn unit_moves(
        &self,
        units: &[Uid],
        visit: impl FnMut(Uid, &[MoveAction]) -> ControlFlow<()>,
    ) {
        // `movement::unit_moves` gives none to a unit not among the movers.
        if self.may_list_moves() {
            movement::unit_moves(self, units, visit);
        }
    }

    /// [`Alesia::unit_moves`], where `toward(unit)` may say which of a
    /// unit's Moves are wanted: those ending further may then be left out
    /// ([`movement::unit_moves_toward`]).
    pub(crate) fn unit_moves_toward<'t>(
        &self,
        units: &[Uid],
        toward: impl FnMut(Uid) -> Option<movement::Toward<'t>>,
        visit: impl FnMut(Uid, &[MoveAction]) -> ControlFlow<()>,
    ) {
        if self.may_list_moves() {
            movement::unit_moves_toward(self, units, toward, visit);
        }
    }

    /// Appends the leaders' [`MoveAction::MoveLeader`]s the full listing
    /// holds, in its order.
    pub fn leader_moves(&self, out: &mut Vec<Action>) {
        if !self.may_list_moves() {
            return;
        }
        let mut moves = Vec::new();
        movement::leader_moves(self, &mut moves);
        out.extend(moves.into_iter().map(Action::Move));
    }

    /// Where `unit`'s move starts and the most hexes from there any of its
    /// Moves can end ([`movement::allowance::reach_bound`]); `None` when
    /// there is no bound.
    #[must_use]
    pub fn reach_bound(&self, unit: Uid) -> Option<(Hex, u8)> {
        movement::reach_bound(self, unit)
    }
}
