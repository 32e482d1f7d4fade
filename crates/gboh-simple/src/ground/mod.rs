//! Ground queries: functions of the field and the game's charts that the
//! rules ask (where a unit stands, where a Zone of Control reaches, who may
//! stack, what blocks a line of sight, what a step costs on the ground), and
//! [`GroundRules`], what a game changes about them.

pub mod entry;
pub mod facing;
pub mod facts;
pub mod leaders;
pub mod los;
pub mod stacking;
pub mod step;
pub mod zoc;

use gboh_core::board::{Barriers, Board, HexWorks, HexsideFeatures, Terrain};
use gboh_core::facing::Direction;
use hexx::Hex;

use crate::field::Field;
use crate::game::{Roster, SimpleGame};
use crate::id::Uid;
use facing::Pivot;
use stacking::{FriendsEntry, Mover, StackingError};
use step::StepError;

/// What a game changes about the ground: hooks with the family's rule as
/// their default body.
pub trait GroundRules: SimpleGame {
    /// How many hexes a lone leader an enemy unit comes next to may retreat
    /// ([`leaders::lone_leader_retreats`]; Alesia 4.33: three).
    const LONE_LEADER_RETREAT_HEXES: u32 = 3;

    /// Unit `uid`'s current Movement Allowance: printed, doubled on a Rapid
    /// March, one less when Disordered (Alesia 6.11, 6.5, 6.72). Default:
    /// that; a game adds its own (Alesia 6.47: one less carrying Fill).
    fn movement_allowance(field: &Field<Self>, uid: Uid) -> u8 {
        family_movement_allowance(field, uid)
    }

    /// Where a combat unit that is not on the map stands for the rules, if
    /// anywhere (Alesia 5.48: atop its Tribal Counter, waiting to move off).
    /// Default: nowhere.
    fn standing_off_map(field: &Field<Self>, uid: Uid) -> Option<Hex> {
        let _ = (field, uid);
        None
    }

    /// Whether a unit in `hex` faces all round, so that every adjacent hex is
    /// a front hex (Alesia 6.44: a redoubt). Default: never.
    fn all_round_front(field: &Field<Self>, hex: Hex) -> bool {
        let _ = (field, hex);
        false
    }

    /// What turning costs `mover` (7.12). Default: [`facing::family_pivot`]
    /// (leaders free, cavalry 1 MP a vertex, the rest 1 MP for any turn).
    fn pivot(mover: &Mover) -> Pivot {
        facing::family_pivot(mover)
    }

    /// Whether a Zone of Control extends from `from` into the adjacent `to`
    /// (toward `dir`). Default: [`family_zoc_extends`].
    fn zoc_extends(field: &Field<Self>, from: Hex, to: Hex, dir: Direction) -> bool {
        let setup = field.setup();
        family_zoc_extends(setup.board(), setup.zoc_barriers(), from, to, dir)
    }

    /// Whether the game closes `hex` to combat units, whoever stands there
    /// (Alesia 6.22: an unflipped Tribal Counter). Default: never.
    fn closed_to_units(field: &Field<Self>, hex: Hex) -> bool {
        let _ = (field, hex);
        false
    }

    /// Calls `f` with every hex the game closes to combat units
    /// ([`GroundRules::closed_to_units`]), for a whole-board search.
    /// Default: none.
    fn for_each_closed_hex(field: &Field<Self>, f: &mut dyn FnMut(Hex)) {
        let _ = (field, f);
    }

    /// How high a unit in `hex` stands, for sight and for the family's
    /// climb (Alesia 8.15, 6.42: a rampart counts one level above its
    /// ground). Default: the hex's elevation.
    fn height(field: &Field<Self>, hex: Hex) -> u8 {
        field.setup().board().elevation(hex).unwrap_or(0)
    }

    /// Whether the terrain of `hex` blocks a line of sight passing through
    /// it (a unit may always see into it). Default: woods.
    fn blocks_sight(field: &Field<Self>, hex: Hex) -> bool {
        field.setup().board().terrain(hex) == Some(Terrain::Woods)
    }

    /// The MP for `mover` to step from `from` into the adjacent `to` (toward
    /// `dir`) as far as the ground goes, whoever stands there. Default:
    /// [`step::family_step_cost`].
    ///
    /// # Errors
    /// [`StepError`] where the ground refuses the step.
    fn step_cost(
        field: &Field<Self>,
        mover: &Mover,
        from: Hex,
        to: Hex,
        dir: Direction,
    ) -> Result<u8, StepError> {
        step::family_step_cost(field, mover, from, to, dir)
    }

    /// Whether the combat units `units` may share `hex` (Alesia 6.61).
    /// Default: [`stacking::family_check_stack`], the same in every hex.
    ///
    /// # Errors
    /// [`StackingError::Illegal`] citing the rule the stack breaks.
    fn check_stack(field: &Field<Self>, hex: Hex, units: &[Uid]) -> Result<(), StackingError> {
        let _ = hex;
        stacking::family_check_stack(field, units)
    }

    /// What `mover` pays to move into or through `friends` in `hex` (a
    /// legal stack, already checked), and whether it must stop there.
    /// Default: [`stacking::family_friends_entry`].
    ///
    /// # Errors
    /// [`StackingError`] when the game refuses the entry.
    fn friends_entry(
        field: &Field<Self>,
        hex: Hex,
        mover: &Mover,
        friends: &[Uid],
    ) -> Result<FriendsEntry, StackingError> {
        let _ = (hex, mover);
        stacking::family_friends_entry(field, friends)
    }
}

/// The family's ZOC extent: not into a hex movement could never enter
/// (water), nor across a hexside the game's chart says stops it
/// (`barriers`: Alesia 7.22, a camp or stone wall, except through its gate).
#[must_use]
pub fn family_zoc_extends<W: HexWorks>(
    board: &Board<W>,
    barriers: Barriers,
    from: Hex,
    to: Hex,
    dir: Direction,
) -> bool {
    family_zoc_extends_across(board, to, board.hexside(from, dir), barriers)
}

/// [`family_zoc_extends`] with the hexside's features already read (`side`,
/// the hexside crossed into `to`), for a game that reads them once for its
/// own rule too.
#[must_use]
pub fn family_zoc_extends_across<W: HexWorks>(
    board: &Board<W>,
    to: Hex,
    side: HexsideFeatures,
    barriers: Barriers,
) -> bool {
    board.info(to).is_some_and(|info| info.terrain != Terrain::Water) && !barriers.stops(side)
}

impl<G: GroundRules> Field<G> {
    /// Where unit `uid` stands: its hex, or where the game says a unit off
    /// the map stands for the rules ([`GroundRules::standing_off_map`]).
    #[must_use]
    pub fn position(&self, uid: Uid) -> Option<Hex> {
        match self.unit(uid)?.at {
            Some(h) => Some(h),
            None => G::standing_off_map(self, uid),
        }
    }
}

/// The family's current Movement Allowance: printed, doubled on a Rapid
/// March, one less when Disordered.
#[must_use]
pub fn family_movement_allowance<G: SimpleGame>(field: &Field<G>, uid: Uid) -> u8 {
    let (Some(profile), Some(s)) = (field.setup().unit_profile(uid), field.unit(uid)) else {
        return 0;
    };
    let mut ma = profile.ma;
    if s.flags.has(crate::field::UnitFlags::RAPID_MARCHING) {
        ma = ma.saturating_mul(2);
    }
    if s.flags.has(crate::field::UnitFlags::DISORDERED) {
        ma = ma.saturating_sub(1);
    }
    ma
}
