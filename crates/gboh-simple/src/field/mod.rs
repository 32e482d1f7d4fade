//! The field of a simple-family game: the state of every piece and hex
//! marker over the game's fixed setup.
//!
//! The state is compact and index-based so that bots can clone and play it
//! fast: combat units and leaders are dense vectors indexed by [`Uid`] and
//! [`Lid`]; the game's own pieces ([`SimpleGame::Pieces`]) sit beside them;
//! hex markers are a dense vector over the board; the occupancy of each hex
//! (who is stacked where, top first) is an index rebuilt from the units,
//! never serialized.

mod state;

pub use crate::error::{LoadError, PlaceError};
pub use crate::id::{Lid, Uid};
pub use crate::occupancy::{MAX_STACK, Stack};
pub use state::{LeaderState, UnitFlags, UnitState};

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;
use serde::{Deserialize, Serialize};

use crate::game::{Roster, SimpleGame};

/// What changed in one hex ([`Field::changes_since`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HexChange {
    /// The stack: who is there, or in which order.
    pub stack: bool,
    /// The markers ([`SimpleGame::HexMarkers`]).
    pub markers: bool,
}

/// The pieces and markers of a game `G`, over its shared setup.
#[derive(Debug, PartialEq, Eq)]
pub struct Field<G: SimpleGame> {
    setup: Arc<G::Setup>,
    units: Vec<UnitState>,
    leaders: Vec<LeaderState>,
    pieces: G::Pieces,
    markers: Vec<G::HexMarkers>,
    hexside_markers: G::HexsideMarkers,
    stacks: Vec<Stack>,
    /// Which position this is (see [`Version`]).
    version: Version,
}

// By hand, bounded by `G: SimpleGame` alone: the derive's bounds on the
// associated types' projections did not hold in code generic over a game's
// state (`rules::before_shock` clones a field there).
impl<G: SimpleGame> Clone for Field<G> {
    fn clone(&self) -> Self {
        Field {
            setup: Arc::clone(&self.setup),
            units: self.units.clone(),
            leaders: self.leaders.clone(),
            pieces: self.pieces.clone(),
            markers: self.markers.clone(),
            hexside_markers: self.hexside_markers.clone(),
            stacks: self.stacks.clone(),
            version: self.version,
        }
    }
}

/// A stamp naming one position of a [`Field`]: every method that may
/// change the pieces, markers or Fill takes a fresh stamp, never handed out
/// before (a process-wide counter), and a clone keeps its original's. So two
/// fields with the same stamps are the same position, and
/// [`Field::same_position`] answers without comparing them. The stamps
/// are not part of the position: they compare equal whatever they are, so
/// `==` still compares the contents.
#[derive(Debug, Clone, Copy)]
struct Version {
    /// Changes with anything.
    all: u64,
    /// Changes with the hex and hexside markers only (the terrain a step
    /// pays for: Alesia's Fill, fire and rubble).
    terrain: u64,
    /// Changes with the combat units of one side (their states and stacks),
    /// by [`side_slot`].
    units: [u64; 2],
    /// Changes with the leaders and the game's own pieces.
    others: u64,
}

/// What one side's pieces, the leaders, the game's own pieces and the
/// terrain were when [`Field::pieces_stamp`] was taken: two equal stamps say
/// none of them changed in between (the stamps are process-wide and never
/// handed out twice), so what a search derived from them still holds. An
/// opaque value, compared only.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PiecesStamp {
    setup: usize,
    terrain: u64,
    others: u64,
    units: u64,
}

/// A side's slot in [`Version::units`].
fn side_slot(side: Side) -> usize {
    match side {
        Side::Roman => 0,
        Side::Adversary => 1,
    }
}

impl Version {
    fn fresh() -> u64 {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        NEXT.fetch_add(1, Ordering::Relaxed)
    }

    fn new() -> Version {
        let v = Version::fresh();
        Version { all: v, terrain: v, units: [v; 2], others: v }
    }
}

impl PartialEq for Version {
    fn eq(&self, _: &Version) -> bool {
        true
    }
}

impl Eq for Version {}

impl<G: SimpleGame> Field<G> {
    /// An empty field over `setup`: every piece off the map.
    #[must_use]
    pub fn new(setup: Arc<G::Setup>) -> Field<G> {
        let n = setup.board().len();
        Field {
            units: vec![UnitState::OFF_MAP; setup.unit_count()],
            leaders: vec![LeaderState::OFF_MAP; setup.leader_count()],
            pieces: G::new_pieces(&setup),
            markers: vec![G::HexMarkers::default(); n],
            hexside_markers: G::HexsideMarkers::default(),
            stacks: vec![Stack::default(); n],
            setup,
            version: Version::new(),
        }
    }

    /// Takes a fresh [`Version`] before any change to the leaders or the
    /// game's own pieces.
    fn touch(&mut self) {
        let v = Version::fresh();
        self.version.all = v;
        self.version.others = v;
    }

    /// Takes a fresh [`Version`] before any change to unit `uid` or its
    /// stack.
    fn touch_unit(&mut self, uid: Uid) {
        let v = Version::fresh();
        self.version.all = v;
        match self.setup.unit_side(uid) {
            Some(side) => {
                if let Some(slot) = self.version.units.get_mut(side_slot(side)) {
                    *slot = v;
                }
            }
            None => self.version.units = [v; 2],
        }
    }

    /// Takes a fresh [`Version`] before any change to the hex or hexside
    /// markers.
    fn touch_terrain(&mut self) {
        self.version = Version::new();
    }

    /// The fixed data.
    #[must_use]
    pub fn setup(&self) -> &Arc<G::Setup> {
        &self.setup
    }

    /// Unit `uid`'s state.
    #[must_use]
    pub fn unit(&self, uid: Uid) -> Option<&UnitState> {
        self.units.get(uid.index())
    }

    /// Unit `uid`'s state, mutably. Moving a unit must go through
    /// [`Field::move_unit`] so that occupancy stays right.
    pub fn unit_mut(&mut self, uid: Uid) -> Option<&mut UnitState> {
        self.touch_unit(uid);
        self.units.get_mut(uid.index())
    }

    /// Every unit's state, indexed by [`Uid`].
    #[must_use]
    pub fn units(&self) -> &[UnitState] {
        &self.units
    }

    /// Leader `lid`'s state.
    #[must_use]
    pub fn leader(&self, lid: Lid) -> Option<&LeaderState> {
        self.leaders.get(lid.index())
    }

    /// Leader `lid`'s state, mutably.
    pub fn leader_mut(&mut self, lid: Lid) -> Option<&mut LeaderState> {
        self.touch();
        self.leaders.get_mut(lid.index())
    }

    /// Every leader's state, indexed by [`Lid`].
    #[must_use]
    pub fn leaders(&self) -> &[LeaderState] {
        &self.leaders
    }

    /// The game's own pieces.
    #[must_use]
    pub fn pieces(&self) -> &G::Pieces {
        &self.pieces
    }

    /// The game's own pieces, mutably.
    pub fn pieces_mut(&mut self) -> &mut G::Pieces {
        self.touch();
        &mut self.pieces
    }

    /// The combat units in `hex`, top first.
    #[must_use]
    pub fn stack(&self, hex: Hex) -> Stack {
        self.setup.board().index(hex).map(|i| self.stack_at(i)).unwrap_or_default()
    }

    /// The combat units in the hex with board index `index`, top first (the
    /// fast path for whole-board scans).
    #[inline]
    #[must_use]
    pub fn stack_at(&self, index: usize) -> Stack {
        self.stacks.get(index).copied().unwrap_or_default()
    }

    /// The side of the combat units in the hex with board index `index`.
    #[inline]
    #[must_use]
    pub fn side_at(&self, index: usize) -> Option<Side> {
        self.stack_at(index).top().and_then(|u| self.setup.unit_side(u))
    }

    /// The markers in `hex`.
    #[must_use]
    pub fn markers(&self, hex: Hex) -> G::HexMarkers {
        self.setup.board().index(hex).and_then(|i| self.markers.get(i)).copied().unwrap_or_default()
    }

    /// The markers in `hex`, mutably (`None` off the map).
    pub fn markers_mut(&mut self, hex: Hex) -> Option<&mut G::HexMarkers> {
        self.touch_terrain();
        let i = self.setup.board().index(hex)?;
        self.markers.get_mut(i)
    }

    /// The game's markers on hexsides.
    #[must_use]
    pub fn hexside_markers(&self) -> &G::HexsideMarkers {
        &self.hexside_markers
    }

    /// The game's markers on hexsides, mutably.
    pub fn hexside_markers_mut(&mut self) -> &mut G::HexsideMarkers {
        self.touch_terrain();
        &mut self.hexside_markers
    }

    /// Whether `other` is the same position: the same setup (the same
    /// shared allocation) and every piece and marker alike. Cheaper than
    /// `==`, which compares the setups' contents; searches use it to reuse
    /// what they derived from a position (Alesia's move generator).
    #[must_use]
    pub fn same_position(&self, other: &Field<G>) -> bool {
        if !Arc::ptr_eq(&self.setup, &other.setup) {
            return false;
        }
        if self.version.all == other.version.all {
            return true;
        }
        self.units == other.units
            && self.leaders == other.leaders
            && self.pieces == other.pieces
            && self.markers == other.markers
            && self.hexside_markers == other.hexside_markers
            && self.stacks == other.stacks
    }

    /// The stamp of `side`'s combat units, the leaders, the game's own
    /// pieces and the terrain now ([`PiecesStamp`]): a search that derived
    /// something from them (the enemy ZOC a move search builds) reuses it
    /// while the stamp is the same.
    #[must_use]
    pub fn pieces_stamp(&self, side: Side) -> PiecesStamp {
        PiecesStamp {
            setup: Arc::as_ptr(&self.setup) as *const () as usize,
            terrain: self.version.terrain,
            others: self.version.others,
            units: self.version.units.get(side_slot(side)).copied().unwrap_or(0),
        }
    }

    /// Whether no change was made to `other` or `self` since one was cloned
    /// from the other (then they are the same position). O(1); `false` says
    /// only that something may differ.
    #[must_use]
    pub fn same_version(&self, other: &Field<G>) -> bool {
        Arc::ptr_eq(&self.setup, &other.setup) && self.version.all == other.version.all
    }

    /// Whether `other` has the same terrain, leaders, own pieces and
    /// combat units of `side` (their states and stacks) as `self`: the same
    /// setup, and no change to those since one was cloned from the other.
    /// `false` says only that something may differ.
    #[must_use]
    pub fn same_pieces_of(&self, other: &Field<G>, side: Side) -> bool {
        let (a, b) = (&self.version, &other.version);
        let slot = side_slot(side);
        Arc::ptr_eq(&self.setup, &other.setup)
            && (a.all == b.all
                || (a.terrain == b.terrain
                    && a.others == b.others
                    && a.units.get(slot) == b.units.get(slot)))
    }

    /// Whether `other` has the same terrain as far as movement costs go: the
    /// same setup, hex markers and hexside markers. Pieces may differ.
    #[must_use]
    pub fn same_terrain(&self, other: &Field<G>) -> bool {
        Arc::ptr_eq(&self.setup, &other.setup)
            && (self.version.terrain == other.version.terrain
                || (self.markers == other.markers && self.hexside_markers == other.hexside_markers))
    }

    /// What changed from `old` to `self`, hex by hex, for a cache of results
    /// derived from `old` (Alesia's legal-move listing): `units(uid)` for
    /// each combat unit whose state changed, `hex(i, change)` for each board
    /// index whose stack or markers changed. `None` when something else
    /// changed (another setup, a leader, the game's own pieces, a hexside
    /// marker): then nothing derived from `old` may be trusted.
    #[must_use]
    pub fn changes_since(
        &self,
        old: &Field<G>,
        mut unit: impl FnMut(Uid, &UnitState, &UnitState),
        mut hex: impl FnMut(usize, HexChange),
    ) -> Option<()> {
        let alike = Arc::ptr_eq(&self.setup, &old.setup)
            && self.leaders == old.leaders
            && self.pieces == old.pieces
            && self.hexside_markers == old.hexside_markers
            && self.units.len() == old.units.len()
            && self.stacks.len() == old.stacks.len()
            && self.markers.len() == old.markers.len();
        if !alike {
            return None;
        }
        for (i, (new, was)) in self.units.iter().zip(&old.units).enumerate() {
            if new != was {
                unit(Uid(u16::try_from(i).ok()?), was, new);
            }
        }
        for (i, ((s, t), (m, n))) in self
            .stacks
            .iter()
            .zip(&old.stacks)
            .zip(self.markers.iter().zip(&old.markers))
            .enumerate()
        {
            let change = HexChange { stack: s != t, markers: m != n };
            if change.stack || change.markers {
                hex(i, change);
            }
        }
        Some(())
    }

    /// A hexside's canonical key: the lower-indexed hex's board index and
    /// its direction (so the two hexes that share a hexside name it alike).
    #[must_use]
    pub fn hexside_key(&self, hex: Hex, dir: Direction) -> Option<(u16, Direction)> {
        let board = self.setup.board();
        let a = board.index(hex)?;
        let (i, d) = match board.neighbor(hex, dir).and_then(|n| board.index(n)) {
            Some(b) if b < a => (b, dir.opposite()),
            _ => (a, dir),
        };
        Some((u16::try_from(i).ok()?, d))
    }

    /// Places (or moves) unit `uid` into `hex` with `facing`, at the bottom of
    /// any stack there (6.65). Stacking legality is the rules' business; this
    /// only refuses a hex off the map or already full.
    ///
    /// # Errors
    /// [`PlaceError`], changing nothing.
    pub fn move_unit(&mut self, uid: Uid, hex: Hex, facing: Facing) -> Result<(), PlaceError> {
        self.touch_unit(uid);
        let to = self.setup.board().index(hex).ok_or(PlaceError::OffMap)?;
        let from = self.units.get(uid.index()).ok_or(PlaceError::UnknownUnit(uid))?.at;
        if from == Some(hex) {
            if let Some(u) = self.units.get_mut(uid.index()) {
                u.facing = facing;
            }
            return Ok(());
        }
        if self.stacks.get(to).is_none_or(|s| s.len() >= MAX_STACK) {
            return Err(PlaceError::StackFull);
        }
        self.lift(uid);
        if let Some(s) = self.stacks.get_mut(to) {
            s.push_bottom(uid);
        }
        if let Some(u) = self.units.get_mut(uid.index()) {
            u.at = Some(hex);
            u.facing = facing;
        }
        Ok(())
    }

    /// Takes unit `uid` off the map (elimination, withdrawal, rout placement).
    pub fn remove_unit(&mut self, uid: Uid) {
        self.touch_unit(uid);
        self.lift(uid);
        if let Some(u) = self.units.get_mut(uid.index()) {
            u.at = None;
        }
    }

    /// Puts `uid` on top of its stack (6.65). Returns false if it is not on the map.
    pub fn raise_unit(&mut self, uid: Uid) -> bool {
        self.touch_unit(uid);
        let Some(i) = self
            .units
            .get(uid.index())
            .and_then(|u| u.at)
            .and_then(|h| self.setup.board().index(h))
        else {
            return false;
        };
        self.stacks.get_mut(i).is_some_and(|s| s.raise(uid))
    }

    fn lift(&mut self, uid: Uid) {
        self.touch_unit(uid);
        if let Some(i) =
            self.units.get(uid.index()).and_then(|u| u.at).and_then(|h| self.setup.board().index(h))
            && let Some(s) = self.stacks.get_mut(i)
        {
            s.remove(uid);
        }
    }

    /// Places or moves leader `lid` (`None`: off the map).
    ///
    /// # Errors
    /// [`PlaceError`], changing nothing.
    pub fn move_leader(&mut self, lid: Lid, hex: Option<Hex>) -> Result<(), PlaceError> {
        self.touch();
        if let Some(h) = hex
            && !self.setup.board().contains(h)
        {
            return Err(PlaceError::OffMap);
        }
        let l = self.leaders.get_mut(lid.index()).ok_or(PlaceError::UnknownLeader(lid))?;
        l.at = hex;
        Ok(())
    }

    /// The live leaders in `hex`, in [`Lid`] order.
    pub fn leaders_in(&self, hex: Hex) -> impl Iterator<Item = Lid> + '_ {
        self.leaders
            .iter()
            .enumerate()
            .filter(move |(_, l)| l.at == Some(hex) && !l.dead)
            .map(|(i, _)| Lid(u8::try_from(i).unwrap_or(u8::MAX)))
    }

    /// The side of the combat units in `hex`, if any.
    #[must_use]
    pub fn side_in(&self, hex: Hex) -> Option<Side> {
        self.setup.board().index(hex).and_then(|i| self.side_at(i))
    }

    fn rebuild_stacks(&mut self, order: &[(Uid, u8)]) -> Result<(), LoadError> {
        self.touch_terrain();
        self.stacks = vec![Stack::default(); self.setup.board().len()];
        let mut sorted: Vec<(Uid, u8)> = order.to_vec();
        sorted.sort_by_key(|&(u, pos)| (pos, u));
        for (uid, _) in sorted {
            let fail = |e| unit_error(&*self.setup, uid, e);
            let hex =
                self.units.get(uid.index()).ok_or_else(|| fail(PlaceError::UnknownUnit(uid)))?.at;
            if let Some(h) = hex {
                let i = self.setup.board().index(h).ok_or_else(|| fail(PlaceError::OffMap))?;
                let s = self.stacks.get_mut(i).ok_or_else(|| fail(PlaceError::OffMap))?;
                if !s.push_bottom(uid) {
                    return Err(unit_error(&*self.setup, uid, PlaceError::StackFull));
                }
            }
        }
        Ok(())
    }
}

/// The serialized form of a [`Field`]: pieces, sparse markers, and stack order.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, bound = "")]
pub struct FieldSave<G: SimpleGame> {
    units: Vec<UnitState>,
    leaders: Vec<LeaderState>,
    pieces: G::Pieces,
    /// Hexes with markers: (board index, markers).
    markers: Vec<(u16, G::HexMarkers)>,
    hexside_markers: G::HexsideMarkers,
    /// Each placed unit's position in its stack (0 = top).
    stack_order: Vec<(Uid, u8)>,
}

/// Names saved unit `uid` in a [`LoadError`].
fn unit_error(setup: &impl Roster, uid: Uid, error: PlaceError) -> LoadError {
    let unit = setup.unit_name(uid).map_or_else(|| format!("#{}", uid.index()), str::to_owned);
    LoadError::Unit { unit, error }
}

impl<G: SimpleGame> Field<G> {
    /// The serializable form.
    #[must_use]
    pub fn save(&self) -> FieldSave<G> {
        let mut stack_order = Vec::new();
        for s in &self.stacks {
            for (pos, uid) in s.iter().enumerate() {
                stack_order.push((uid, u8::try_from(pos).unwrap_or(0)));
            }
        }
        stack_order.sort();
        FieldSave {
            units: self.units.clone(),
            leaders: self.leaders.clone(),
            pieces: self.pieces.clone(),
            markers: self
                .markers
                .iter()
                .enumerate()
                .filter(|(_, m)| **m != G::HexMarkers::default())
                .filter_map(|(i, m)| u16::try_from(i).ok().map(|i| (i, *m)))
                .collect(),
            hexside_markers: self.hexside_markers.clone(),
            stack_order,
        }
    }

    /// Restores a saved board over `setup`, checking it fits.
    ///
    /// # Errors
    /// [`LoadError`] when the save does not fit the setup.
    pub fn load(setup: Arc<G::Setup>, save: FieldSave<G>) -> Result<Field<G>, LoadError> {
        let check = |what, saved: usize, setup: usize| {
            if saved == setup {
                Ok(())
            } else {
                Err(LoadError::CountMismatch { what, saved, setup })
            }
        };
        check("units", save.units.len(), setup.unit_count())?;
        check("leaders", save.leaders.len(), setup.leader_count())?;
        G::check_pieces(&setup, &save.pieces)?;
        let mut board: Field<G> = Field::new(setup);
        for (i, m) in save.markers {
            let slot = board.markers.get_mut(usize::from(i)).ok_or(PlaceError::OffMap)?;
            *slot = m;
        }
        for (i, u) in save.units.iter().enumerate() {
            if let Some(h) = u.at
                && !board.setup.board().contains(h)
            {
                let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
                return Err(unit_error(&*board.setup, uid, PlaceError::OffMap));
            }
        }
        board.units = save.units;
        board.leaders = save.leaders;
        board.pieces = save.pieces;
        board.hexside_markers = save.hexside_markers;
        let mut order = save.stack_order;
        // Units on the map missing from the order go to the bottom.
        for (i, u) in board.units.iter().enumerate() {
            let uid = Uid(u16::try_from(i).unwrap_or(u16::MAX));
            if u.at.is_some() && !order.iter().any(|&(o, _)| o == uid) {
                order.push((uid, u8::MAX));
            }
        }
        board.rebuild_stacks(&order)?;
        Ok(board)
    }
}
