//! The family's move ([`Rule::Movement`], Alesia 6.1-6.3, 7.1, 7.2): every
//! (hex, facing) a combat unit can end a move in now, with its cost and
//! path ([`MoveSearch`]), and the move itself ([`make_move`]). Generic over
//! the game's [`GroundRules`]; a game with works of its own (Alesia's
//! ramparts, gates, Fill) runs its own expansion over the same kernel
//! ([`crate::rules::search`]).
//!
//! What the search applies, node by node:
//!
//! | rule | what | |
//! |---|---|---|
//! | [`Rule::Facing`] (Alesia 6.32, 7.11) | a step only into a front hex, any hex with an all-round front | [`entry_directions`], [`GroundRules::all_round_front`] |
//! | [`Rule::TerrainCosts`] (6.3) | the step's MP: the hex, the hexside, the climb | [`step_cost`] |
//! | [`Rule::NoEnemyStacking`] (6.64), the game's closed hexes | refused entries | [`family_entry`] |
//! | [`Rule::StackLimit`] (6.61, 6.63) | a legal stack even in passing, the extra MP for friends, a must-stop entry ending the move | [`stacking::entering`] |
//! | 6.65 | a unit ending with friends takes their facing | |
//! | [`Rule::MovementAllowance`] (6.11, 6.34) | within the MP left | [`mp_left`] |
//! | [`Rule::Facing`] (7.12) | a pivot once in a hex, at the game's cost | [`pivot_cost`] |
//! | [`Rule::ZocFacing`] (7.13) | entering or in an enemy ZOC, one vertex at most | |
//! | [`Rule::ZocEntry`] (7.23) | entering an enemy ZOC ends the move; from the start hex a unit may leave one, but not straight into a hex in the ZOC of a unit whose ZOC it starts in | [`exerts_into`] |
//!
//! The per-hex facts of the moving side (enemy ZOC, enemy pieces, closed
//! hexes) are built once per search ([`SideFacts`]), each hex's entry and
//! each (hex, direction)'s step once per search, in buffers reused from
//! search to search: no allocation per step, no hash map.
//!
//! Who may move at all is partly the game's (its activation, its artillery
//! modes, its reserves); [`may_move`] holds the family's part.
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::doc_game::TinyBattle;
//! use gboh_simple::rules::movement::{MoveSearch, make_move, mp_left};
//! use gboh_simple::Uid;
//! let mut battle = TinyBattle::new();
//! let hex = |l: &str| battle.field.setup().board.hex_of(l).unwrap();
//! let (t0302, t0303) = (hex("T0302"), hex("T0303"));
//! let facing = gboh_simple::doc_game::Tiny::facing_toward(t0302, t0303);
//! battle.field.move_unit(Uid(0), t0302, facing).unwrap(); // a cohort, MA 6
//! let mut search = MoveSearch::new();
//! // Into the woods ahead: the chart's 2 MP for foot.
//! let end = search.reach_to(&battle.field, Uid(0), t0303, facing).unwrap().unwrap();
//! assert_eq!(end.mp, 2);
//! let path = search.path(&battle.field, &end);
//! let mut events = Vec::new();
//! let report = make_move(&mut battle, Uid(0), &end, &path, &mut events);
//! assert_eq!(report.entered, vec![t0303]);
//! assert_eq!(battle.field.unit(Uid(0)).unwrap().at, Some(t0303));
//! assert_eq!(mp_left(&battle.field, Uid(0)), 4);
//! ```
//!
//! [`Rule::Movement`]: crate::Rule::Movement
//! [`Rule::Facing`]: crate::Rule::Facing
//! [`Rule::TerrainCosts`]: crate::Rule::TerrainCosts
//! [`Rule::NoEnemyStacking`]: crate::Rule::NoEnemyStacking
//! [`Rule::StackLimit`]: crate::Rule::StackLimit
//! [`Rule::MovementAllowance`]: crate::Rule::MovementAllowance
//! [`Rule::ZocFacing`]: crate::Rule::ZocFacing
//! [`Rule::ZocEntry`]: crate::Rule::ZocEntry
//! [`entry_directions`]: crate::ground::facing::entry_directions
//! [`step_cost`]: crate::ground::step::step_cost
//! [`family_entry`]: crate::ground::entry::family_entry
//! [`stacking::entering`]: crate::ground::stacking::entering
//! [`pivot_cost`]: crate::ground::facing::pivot_cost
//! [`exerts_into`]: crate::ground::zoc::exerts_into
//! [`SideFacts`]: crate::ground::facts::SideFacts

mod apply;
mod leader;
mod refusal;

pub use apply::{MoveReport, make_move};
pub use leader::{leader_reach, move_leader};
pub use refusal::{MoveRefusal, may_move, mp_left};

use gboh_core::Side;
use gboh_core::facing::{Direction, Facing};
use hexx::Hex;

use crate::field::{Field, PiecesStamp};
use crate::game::Roster;
use crate::ground::GroundRules;
use crate::ground::entry::family_entry;
use crate::ground::facing::{entry_directions, pivot_cost};
use crate::ground::facts::SideFacts;
use crate::ground::stacking::{self, Mover};
use crate::ground::zoc;
use crate::id::Uid;
use crate::rule::Rule;
use crate::rules::search::{ARRIVED, Search, Tag, key_mp, make_key};
pub use crate::rules::search::{PathStep, Reachable};

/// What the search asks about a hex whatever the node in it, computed once
/// per search.
#[derive(Debug, Clone, Copy, Default)]
struct HexFacts {
    /// Entering it: the extra MP for the friends there, and whether the
    /// move ends there (6.63); `None`: the mover may not enter it.
    entry: Option<(u8, bool)>,
    /// 6.65: the facing of the friends there.
    joined: Option<Facing>,
    /// A unit there faces all round ([`GroundRules::all_round_front`]).
    all_round: bool,
}

/// What one search is about.
struct Ctx<'a, G: GroundRules> {
    field: &'a Field<G>,
    mover: Mover,
    start: usize,
    start_facing: Facing,
    budget: u8,
    /// 7.12: the pivot cost from one facing (by index) to another.
    pivot: [[u8; 6]; 6],
}

/// The family's move search, with its reusable buffers.
#[derive(Debug, Clone, Default)]
pub struct MoveSearch {
    /// The moving side's per-hex facts, built once per search.
    facts: SideFacts,
    /// The kernel: the queue, each node's key and parent, the ends.
    search: Search,
    /// Per hex, this search: whether [`HexFacts`] were computed (`epoch`)
    /// and what they are.
    hex_mark: Vec<u32>,
    hex_facts: Vec<HexFacts>,
    /// Per (hex, direction), this search: whether the step out of the hex
    /// was computed (`epoch`), and its MP (`None`: refused). A hex is
    /// expanded up to a dozen times; the step depends on neither facing
    /// nor phase.
    step_mark: Vec<u32>,
    steps: Vec<Option<u8>>,
    /// 7.23: the enemy units whose ZOC the unit starts in.
    exerters: Vec<Uid>,
    /// Whether a search has been run (the paths are its).
    searched: bool,
    /// The moving side and the stamp of its enemies' pieces that
    /// [`MoveSearch::facts`](Self) were built from: a search for the same
    /// side while the stamp holds (a listing searches every unit of one
    /// position) reuses them.
    facts_of: Option<(Side, PiecesStamp)>,
}

impl MoveSearch {
    /// A search with empty buffers (they grow on the first search).
    #[must_use]
    pub fn new() -> MoveSearch {
        MoveSearch::default()
    }

    /// Every (hex, facing) unit `unit` can end a move in now, with its cost
    /// in MP (of its [`mp_left`]), sorted by board index then facing. Its
    /// own hex with its own facing is not listed (that is no move).
    ///
    /// # Errors
    /// Why the unit may not move now ([`may_move`]).
    pub fn reach<G: GroundRules>(
        &mut self,
        field: &Field<G>,
        unit: Uid,
    ) -> Result<&[Reachable], MoveRefusal> {
        self.run(field, unit, None)?;
        Ok(self.search.ends())
    }

    /// Whether unit `unit` can end a move in `to` with `facing` now, and
    /// how: the search of [`MoveSearch::reach`], stopped once that end is
    /// recorded. Its cost and [`MoveSearch::path`] are those the whole
    /// search gives (nodes settle in the same order, and a settled node's
    /// key and parent no longer change).
    ///
    /// # Errors
    /// Why the unit may not move now ([`may_move`]).
    pub fn reach_to<G: GroundRules>(
        &mut self,
        field: &Field<G>,
        unit: Uid,
        to: Hex,
        facing: Facing,
    ) -> Result<Option<Reachable>, MoveRefusal> {
        let slot = field.setup().board().index(to).map(|i| i * 6 + facing.index());
        self.run(field, unit, Some(slot.unwrap_or(usize::MAX)))?;
        Ok(self.search.ends().iter().find(|r| r.hex == to && r.facing == facing).copied())
    }

    /// The path of the last search to `end` on `field` (the position
    /// searched), from the start to the end: a pivot repeats the hex; the
    /// last step has the end facing. Empty before any search.
    #[must_use]
    pub fn path<G: GroundRules>(&self, field: &Field<G>, end: &Reachable) -> Vec<PathStep> {
        if !self.searched {
            return Vec::new();
        }
        self.search.path(field.setup().board(), end)
    }

    fn begin(&mut self, hexes: usize, start: usize) {
        let wrapped = self.search.begin(hexes, start);
        if self.hex_mark.len() != hexes {
            self.hex_mark = vec![0; hexes];
            self.hex_facts = vec![HexFacts::default(); hexes];
        }
        if self.step_mark.len() != hexes * 6 {
            self.step_mark = vec![0; hexes * 6];
            self.steps = vec![None; hexes * 6];
        }
        if wrapped {
            self.hex_mark.iter_mut().for_each(|m| *m = 0);
            self.step_mark.iter_mut().for_each(|m| *m = 0);
        }
        self.exerters.clear();
    }

    /// The search behind [`MoveSearch::reach`]; with a `target` slot (hex
    /// index * 6 + facing), it stops once that end is recorded.
    fn run<G: GroundRules>(
        &mut self,
        field: &Field<G>,
        unit: Uid,
        target: Option<usize>,
    ) -> Result<(), MoveRefusal> {
        let at = may_move(field, unit)?;
        let off_map = || MoveRefusal::OffMap { unit, section: G::section(Rule::Movement) };
        let mover = Mover::unit(field, unit).ok_or_else(off_map)?;
        let start_facing = field.unit(unit).ok_or_else(off_map)?.facing;
        let board = field.setup().board();
        let start = board.index(at).ok_or_else(off_map)?;
        let stamp = (mover.side, field.pieces_stamp(mover.side.opponent()));
        if self.facts_of != Some(stamp) {
            self.facts.build(field, mover.side);
            self.facts_of = Some(stamp);
        }
        self.begin(board.len(), start);
        self.searched = true;
        if self.facts.in_zoc(start) {
            // 7.23 clarification: the units whose ZOC it starts in.
            self.exerters.extend(zoc::enemy_zoc(field, at, mover.side));
        }
        let ctx = Ctx {
            field,
            mover,
            start,
            start_facing,
            budget: mp_left(field, unit),
            pivot: Facing::ALL.map(|f| Facing::ALL.map(|g| pivot_cost::<G>(&mover, f, g))),
        };
        let n = self.search.node(start, start_facing, Tag::Start);
        self.search.relax(n, 0, None);
        while let Some((key, node)) = self.search.settle_next() {
            self.expand(&ctx, key, node);
            if target.is_some_and(|t| self.search.recorded(t)) {
                break;
            }
        }
        self.search.finish();
        Ok(())
    }

    fn expand<G: GroundRules>(&mut self, ctx: &Ctx<'_, G>, key: u16, node: u32) {
        let board = ctx.field.setup().board();
        let (i, f, tag) = self.search.decode(node);
        let Some(hex) = board.hex_at(i) else { return };
        let is_start = tag.is_start();
        let here = self.hex_facts_at(ctx, i, hex);
        self.record_end(ctx, key, node, (hex, i, here), f, is_start);
        let in_zoc = self.facts.in_zoc(i);
        // 7.12: one pivot in a hex; 7.13: one vertex in an enemy ZOC.
        if matches!(tag, Tag::Start | Tag::Phase(ARRIVED)) {
            let costs = ctx.pivot.get(f.index()).copied().unwrap_or([0; 6]);
            self.search.pivots(node, key, (i, f, is_start), in_zoc, &costs, ctx.budget);
        }
        // 7.23: entering an enemy ZOC ends the move; so does a must-stop
        // entry (6.63). The start hex is left whatever it is.
        let must_stop = here.entry.is_some_and(|(_, stop)| stop);
        if !is_start && (in_zoc || must_stop) {
            return;
        }
        let mp = key_mp(key);
        // 6.32, 7.11: into a front hex (any, facing all round).
        for &d in entry_directions(f, here.all_round) {
            let Some(j) = board.neighbor_index(i, d) else { continue };
            let Some(to) = board.hex_at(j) else { continue };
            // 7.23 clarification: not from a hex in a unit's ZOC straight
            // into another hex in the same unit's ZOC.
            if is_start && self.exerters.iter().any(|&u| zoc::exerts_into(ctx.field, u, to)) {
                continue;
            }
            let Some(cost) = self.step_at(ctx, (i, hex), (j, to), d) else { continue };
            if u16::from(cost) + mp > u16::from(ctx.budget) {
                continue; // 6.34
            }
            let n = self.search.node(j, f, Tag::Phase(ARRIVED));
            self.search.relax(n, make_key(key, cost, 0), Some(node));
        }
    }

    /// The MP of the step from hex `i` into `j` toward `d` (6.3, 6.63), or
    /// `None` where it is refused; computed once per search.
    fn step_at<G: GroundRules>(
        &mut self,
        ctx: &Ctx<'_, G>,
        (i, hex): (usize, Hex),
        (j, to): (usize, Hex),
        d: Direction,
    ) -> Option<u8> {
        let slot = i * 6 + d.index();
        let epoch = self.search.epoch();
        if self.step_mark.get(slot) == Some(&epoch) {
            return self.steps.get(slot).copied().flatten();
        }
        let entered = self.hex_facts_at(ctx, j, to).entry;
        let step = entered.and_then(|(extra, _)| {
            G::step_cost(ctx.field, &ctx.mover, hex, to, d).ok().map(|mp| mp.saturating_add(extra))
        });
        if let (Some(m), Some(cell)) = (self.step_mark.get_mut(slot), self.steps.get_mut(slot)) {
            *m = epoch;
            *cell = step;
        }
        step
    }

    /// [`HexFacts`] of the hex with index `i`, computed once per search.
    fn hex_facts_at<G: GroundRules>(&mut self, ctx: &Ctx<'_, G>, i: usize, hex: Hex) -> HexFacts {
        let epoch = self.search.epoch();
        if self.hex_mark.get(i) == Some(&epoch)
            && let Some(&h) = self.hex_facts.get(i)
        {
            return h;
        }
        let field = ctx.field;
        let entry = family_entry(field, &self.facts, &ctx.mover, hex)
            .ok()
            .and_then(|()| stacking::entering(field, hex, &ctx.mover).ok())
            .map(|friends| (friends.extra_mp, friends.must_stop));
        let h = HexFacts {
            entry,
            joined: stacking::friends_in(field, hex, &ctx.mover)
                .next()
                .and_then(|u| field.unit(u))
                .map(|u| u.facing),
            all_round: G::all_round_front(field, hex),
        };
        if let (Some(m), Some(cell)) = (self.hex_mark.get_mut(i), self.hex_facts.get_mut(i)) {
            *m = epoch;
            *cell = h;
        }
        h
    }

    fn record_end<G: GroundRules>(
        &mut self,
        ctx: &Ctx<'_, G>,
        key: u16,
        node: u32,
        (hex, i, here): (Hex, usize, HexFacts),
        f: Facing,
        is_start: bool,
    ) {
        if is_start && f == ctx.start_facing {
            return; // no move
        }
        // 6.65: stacked units share their facing; the newcomer turns.
        let end_facing = here.joined.unwrap_or(f);
        let slot = i * 6 + end_facing.index();
        if !self.search.claim(slot) {
            return;
        }
        if i == ctx.start && end_facing == ctx.start_facing {
            return; // back where it started: no move
        }
        self.search.put_end(slot, hex, end_facing, key, node);
    }
}
