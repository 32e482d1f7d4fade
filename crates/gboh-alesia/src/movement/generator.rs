//! The movement generator: every (hex, facing) a unit can end its move in
//! this activation, with the MP it costs and the path.
//!
//! A deterministic Dijkstra over (hex, facing, phase), index-based, with
//! buffers reused from search to search (a bot calls it thousands of times a
//! game; no allocation per step, no hash map):
//!
//! - a node is a hex index, a [`Facing`] and a phase: *arrived* (may pivot,
//!   7.12), *arrived along a walkway* (pivots free, 7.12), *pivoted* (no
//!   second pivot), *in gate transit* (must leave the Rampart/Gate at once
//!   for a non-rampart hex, 6.42); the hex the move starts in has two more,
//!   *start* and *start, pivoted*, which may climb a rampart from outside
//!   (6.42) and leave an enemy ZOC (7.23);
//! - edges are pivots (7.12; one vertex at most in an enemy ZOC, 7.13) and
//!   steps into a front hex (6.32, 7.11; any hex from a redoubt, 6.44) costed
//!   by [`step::options`];
//! - a step into an enemy ZOC ends the move there (7.23), except for a
//!   one-vertex pivot; from the start hex a unit may leave, but not into a hex
//!   in the ZOC of a unit whose ZOC it starts in (7.23 clarification);
//! - the key is (MP, hits): the cheapest path, and the fewest hits among
//!   equally cheap ones; ties go to the lower node index, so the result never
//!   depends on anything but the state. A path stops where its hits would
//!   rout or eliminate the unit.
//!
//! The enemy ZOC and the other per-hex facts are computed once per search
//! ([`SideFacts`]). The queue, the nodes' keys and parents, the ends and the
//! paths are the simple family's search kernel
//! ([`gboh_simple::rules::search`]); this module expands each node with
//! Alesia's steps.

use gboh_core::facing::{Direction, Facing};
use gboh_core::unit::Status;
pub(crate) use gboh_simple::rules::search::Toward;
use gboh_simple::rules::search::{
    ARRIVED, Bound, GAME_A as WALKWAY, GAME_B as TRANSIT, Search, Tag, key_hits, key_mp, make_key,
};
pub use gboh_simple::rules::search::{PathStep, Reachable};
use hexx::Hex;

use super::action::MoveAction;
use super::allowance::{self, Origin, Purpose};
use super::cost::{self, Mover};
use super::error::MoveError;
use super::facing as facing_rules;
use super::facts::SideFacts;
use super::listing::{self, Listed, ListingCache};
use super::rampart::{StepKind, WorksStep};
use super::rules::MoveRules;
use super::stacking;
use super::step::{self, Constraints};
use super::terrain_steps::TerrainSteps;
use crate::game::{Battlefield, Uid, UnitFlags};
use crate::protocol::Alesia;
use crate::zoc;

/// What the last search was about.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Last {
    unit: Uid,
    origin: Origin,
}

/// The movement generator, with its reusable buffers.
///
/// ```
/// use gboh_alesia::command::Command;
/// use gboh_alesia::game::{Battlefield, LegionIdx, Setup};
/// use gboh_alesia::movement::{MoveGenerator, MoveRules};
/// use gboh_alesia::protocol::{Action, Alesia};
/// use gboh_core::{Side, dice::Dice, facing::Facing, game::Game};
///
/// let setup = Setup::shared().unwrap();
/// let b = &setup.board;
/// let mut field = Battlefield::new(setup.clone());
/// let cohort = setup.uid("I-1").unwrap();
/// field.move_unit(cohort, b.hex_of("W6213").unwrap(), Facing::Six).unwrap();
/// let mut state = Alesia::new(field);
/// state.turn.play.to_act = Side::Roman;
/// let mut game = Game::new(state, Dice::seeded(1));
/// game.apply(Action::Activate(Command::Legion(LegionIdx(0)))).unwrap();
///
/// let mut generator = MoveGenerator::new();
/// let rules = MoveRules::for_game(game.state());
/// let reach = generator.reach(game.state(), &rules, cohort).unwrap();
/// // 6.31: 1 MP for the clear hex, 1 for the climb to the higher W6113.
/// let w6113 = b.hex_of("W6113").unwrap();
/// let step = reach.iter().find(|r| r.hex == w6113 && r.facing == Facing::Six);
/// assert_eq!(step.map(|r| r.mp), Some(2));
/// ```
#[derive(Debug, Clone, Default)]
pub struct MoveGenerator {
    facts: SideFacts,
    /// The search kernel: the queue, each node's key and parent, the ends.
    search: Search,
    /// Per hex, this search: whether [`step::entry`] was computed (`epoch`)
    /// and its result (`None`: may not enter).
    entry_mark: Vec<u32>,
    entry: Vec<Option<step::Entry>>,
    /// The hexes whose entry this search computed, in that order.
    examined: Vec<u32>,
    /// Per hex, this search: whether [`HexFacts`] were computed (`epoch`)
    /// and what they are.
    hex_mark: Vec<u32>,
    hex_facts: Vec<HexFacts>,
    exerters: Vec<Uid>,
    last: Option<Last>,
    /// Per (hex, direction), this search: whether the ordinary step out of
    /// the hex (not the first step, not from a gate in transit) was computed
    /// (`epoch`), and its two options. A hex is expanded once per facing and
    /// phase, up to a dozen times; the step does not depend on either.
    step_mark: Vec<u32>,
    steps: Vec<(Option<step::Step>, Option<step::Step>)>,
    /// The terrain part of each ordinary step, kept while the terrain stays.
    terrain: TerrainSteps,
    /// The position [`facts`](Self::facts) were built from: a search on
    /// the same position, for the same side, reuses them (a legal-move
    /// listing searches for every unit of one position).
    facts_of: Option<Battlefield>,
    /// Each unit's Moves from the last listing ([`super::legal_with`]).
    listing: ListingCache,
}

impl MoveGenerator {
    /// A generator with empty buffers (they grow on the first search).
    #[must_use]
    pub fn new() -> MoveGenerator {
        MoveGenerator::default()
    }

    fn begin(&mut self, hexes: usize, start: usize) {
        let wrapped = self.search.begin(hexes, start);
        if self.entry_mark.len() != hexes {
            self.entry_mark = vec![0; hexes];
            self.entry = vec![None; hexes];
        }
        if self.hex_mark.len() != hexes {
            self.hex_mark = vec![0; hexes];
            self.hex_facts = vec![HexFacts::default(); hexes];
        }
        if self.step_mark.len() != hexes * 6 {
            self.step_mark = vec![0; hexes * 6];
            self.steps = vec![(None, None); hexes * 6];
        }
        if wrapped {
            self.entry_mark.iter_mut().for_each(|m| *m = 0);
            self.step_mark.iter_mut().for_each(|m| *m = 0);
            self.hex_mark.iter_mut().for_each(|m| *m = 0);
        }
        self.examined.clear();
    }

    /// Builds the per-side facts (enemy ZOC, enemy hexes, counters) for
    /// `side` on `field`, unless they were built for the same side on a
    /// position with the same terrain, leaders, counters and enemy units
    /// (what they are made of: the side's own moves leave them be).
    fn facts_for(&mut self, field: &Battlefield, side: gboh_core::Side) {
        // The step table was filled on `facts_of`'s terrain.
        if !self.facts_of.as_ref().is_some_and(|f| f.same_terrain(field)) {
            self.terrain.clear(field.setup().board.len());
        }
        let same = self.facts.side == Some(side)
            && self.facts_of.as_ref().is_some_and(|f| {
                f.same_pieces_of(field, side.opponent()) || f.same_position(field)
            });
        if same {
            return;
        }
        self.facts.build(field, side);
        match &mut self.facts_of {
            Some(f) => f.clone_from(field),
            None => self.facts_of = Some(field.clone()),
        }
    }

    /// Every (hex, facing) unit `unit` can end a Move in now under `rules`,
    /// sorted by board index then facing. Its own hex with its own facing is
    /// not listed (that is no move).
    ///
    /// # Errors
    /// Why the unit may not move now (see [`allowance::origin`]).
    pub fn reach(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
    ) -> Result<&[Reachable], MoveError> {
        self.search(game, rules, unit, None, None)?;
        Ok(self.search.ends())
    }

    /// Whether unit `unit` can end a Move in `to` with `facing` now, and how:
    /// the search of [`MoveGenerator::reach`], stopped as soon as that end is
    /// settled, and not going on from a node with too few MP left to get
    /// back to `to`. Its cost, hits and [`MoveGenerator::path`] are those the
    /// whole search gives (every node on a path to `to` is expanded, a
    /// settled node's key and parents no longer change, and nodes settle in
    /// the same order); [`MoveGenerator::ends`] then holds only some ends, but
    /// every reachable end in `to` when (`to`, `facing`) is not reachable.
    ///
    /// # Errors
    /// Why the unit may not move now (see [`allowance::origin`]).
    pub fn reach_to(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
        to: Hex,
        facing: Facing,
    ) -> Result<Option<Reachable>, MoveError> {
        let Some(slot) = game.setup().board.index(to).map(|i| i * 6 + facing.index()) else {
            return Ok(None);
        };
        self.search(game, rules, unit, Some(slot), None)?;
        Ok(self.find(to, facing).copied())
    }

    /// The search behind [`MoveGenerator::reach`]; with a `target` slot, it
    /// stops once that end is recorded; `toward`, it does not go on from a
    /// node none of whose ends could be within `toward.within` ([`Toward`]).
    /// Both keep the key, path and parent of every end they record.
    fn search(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
        target: Option<usize>,
        toward: Option<Toward<'_>>,
    ) -> Result<(), MoveError> {
        let field = &game.field;
        let origin = allowance::origin(game, rules, unit, Purpose::Move)?;
        let mover = Mover::unit(field, unit).ok_or(MoveError::UnknownPiece)?;
        let state = *field.unit(unit).ok_or(MoveError::UnknownPiece)?;
        let out_of_range =
            game.turn.play.current.as_ref().is_some_and(|a| a.own.out_of_range.contains(&unit));
        let constraints = Constraints::of_unit(field, unit, out_of_range, rules);
        let budget = allowance::mp_left(field, unit);
        let lethal = lethal_hits(field, unit);
        self.facts_for(field, mover.side);
        let board = &field.setup().board;
        let hexes = board.len();
        let first = !state.flags.has(UnitFlags::MOVED);
        let start = origin.hex().and_then(|h| board.index(h)).unwrap_or(0);
        self.begin(hexes, start);
        self.last = Some(Last { unit, origin });
        self.exerters.clear();
        match origin {
            Origin::Hex(h) => {
                if self.facts.in_zoc(start) {
                    self.exerters.extend(zoc::enemy_zoc(field, h, mover.side).take(18));
                }
                let n = self.search.node(start, state.facing, Tag::Start);
                self.search.relax(n, 0, None);
            }
            Origin::Counter(_) => {
                // 6.21: placed atop the counter, with any facing.
                for f in Facing::ALL {
                    let n = self.search.node(start, f, Tag::Start);
                    self.search.relax(n, 0, None);
                }
            }
            Origin::Entry => {
                for &e in &rules.alesia_force_entry {
                    let Some(ei) = board.index(e) else { continue };
                    let Ok(s) = step::entry_from_edge(field, &self.facts, &mover, &constraints, e)
                    else {
                        continue;
                    };
                    if s.mp > budget {
                        continue;
                    }
                    let key = make_key(0, s.mp, s.hits);
                    for f in Facing::ALL {
                        let n = self.search.node(ei, f, Tag::Phase(ARRIVED));
                        self.search.relax(n, key, None);
                    }
                }
            }
        }
        let ctx = Ctx {
            field,
            mover,
            constraints,
            origin,
            start,
            start_facing: state.facing,
            first,
            budget,
            pivot: Facing::ALL
                .map(|f| Facing::ALL.map(|g| facing_rules::pivot_cost(&mover, f, g, false))),
            lethal,
            bound: (toward.is_some() || target.is_some())
                .then(|| field.setup().min_step_mp())
                .filter(|&s| s > 0)
                .map(|min_step| Bound {
                    min_step,
                    toward,
                    aim: target.and_then(|slot| board.hex_at(slot / 6)),
                }),
        };
        while let Some((key, node)) = self.search.settle_next() {
            self.expand(&ctx, key, node);
            if target.is_some_and(|t| self.search.recorded(t)) {
                break;
            }
        }
        self.search.finish();
        Ok(())
    }

    fn expand(&mut self, ctx: &Ctx<'_>, key: u16, node: u32) {
        let field = ctx.field;
        let board = &field.setup().board;
        let (i, f, tag) = self.search.decode(node);
        let Some(hex) = board.hex_at(i) else { return };
        let hits = key_hits(key);
        let mp = key_mp(key);
        let is_start = tag.is_start();
        let lethal = ctx.lethal.is_some_and(|l| hits >= u16::from(l));
        let here = self.hex_facts_at(ctx, i, hex);
        self.record_end(ctx, key, node, (hex, i, here), f, tag);
        // A search cut short does not go on where nothing wanted lies past.
        if ctx.bound.is_some_and(|b| b.prunes(i, hex, mp, ctx.budget)) {
            return;
        }
        let in_zoc = self.facts.in_zoc(i);
        // 7.12, 7.13: pivot once in the hex, for free after a walkway step.
        let may_pivot = matches!(tag, Tag::Start | Tag::Phase(ARRIVED) | Tag::Phase(WALKWAY));
        if may_pivot && !lethal {
            const FREE: [u8; 6] = [0; 6];
            let costs = if tag == Tag::Phase(WALKWAY) {
                &FREE
            } else {
                ctx.pivot.get(f.index()).unwrap_or(&FREE)
            };
            self.search.pivots(node, key, (i, f, is_start), in_zoc, costs, ctx.budget);
        }
        // 7.23: entering an enemy ZOC ends the move; 6.63: so does entering a
        // rampart hex past friendly infantry.
        let stopped = (in_zoc && !is_start) || lethal || (!is_start && here.past_infantry);
        if stopped {
            return;
        }
        let first = is_start && ctx.first;
        let in_transit = tag == Tag::Phase(TRANSIT);
        // 6.32, 7.11: into a front hex; 6.44: any from a redoubt.
        for &d in facing_rules::entry_directions(f, here.redoubt) {
            let Some(j) = board.neighbor_index(i, d) else {
                continue;
            };
            let Some(to) = board.hex_at(j) else { continue };
            // 7.23 clarification: not from a hex in a unit's ZOC into
            // another hex in the same unit's ZOC.
            if is_start
                && !self.exerters.is_empty()
                && self.exerters.iter().any(|&u| zoc::exerts_into(field, u, to))
            {
                continue;
            }
            let (ordinary, gate) = self.step_at(ctx, (i, hex), (j, to), d, first, in_transit);
            for (s, tag) in [(ordinary, None), (gate, Some(Tag::Phase(TRANSIT)))] {
                let Some(s) = s else { continue };
                if u16::from(s.mp) + mp > u16::from(ctx.budget) {
                    continue;
                }
                let to_tag = tag.unwrap_or(if s.kind == StepKind::Walkway {
                    Tag::Phase(WALKWAY)
                } else {
                    Tag::Phase(ARRIVED)
                });
                let n = self.search.node(j, f, to_tag);
                self.search.relax(n, make_key(key, s.mp, s.hits), Some(node));
            }
        }
    }

    /// The ordinary step and the gate passage from hex `i` toward `d` (into
    /// `j`), by [`step::options_with`]; computed once per search for the
    /// common case (neither the first step nor out of a gate in transit).
    fn step_at(
        &mut self,
        ctx: &Ctx<'_>,
        (i, hex): (usize, Hex),
        (j, to): (usize, Hex),
        d: Direction,
        first: bool,
        in_transit: bool,
    ) -> (Option<step::Step>, Option<step::Step>) {
        let slot = i * 6 + d.index();
        let cacheable = !first && !in_transit;
        if cacheable
            && self.step_mark.get(slot) == Some(&self.search.epoch())
            && let Some(&cached) = self.steps.get(slot)
        {
            return cached;
        }
        let entered = self.entry_at(ctx, j, to);
        let result = if cacheable {
            let Ok(e) = entered else { return (None, None) };
            let t = self.terrain.get(ctx.field, &ctx.mover, (i, hex), to, d);
            let finish = |w: WorksStep| {
                step::pieces_part(
                    ctx.field,
                    &self.facts,
                    &ctx.mover,
                    &ctx.constraints,
                    (hex, to),
                    w,
                    &e,
                )
                .ok()
            };
            (t.ordinary.and_then(finish), t.gate.and_then(finish))
        } else {
            let opts = step::options_with(
                ctx.field,
                &self.facts,
                &ctx.mover,
                &ctx.constraints,
                (hex, to, d),
                first,
                in_transit,
                &entered,
            );
            (opts.step.ok(), opts.gate)
        };
        if cacheable
            && let (Some(m), Some(cell)) = (self.step_mark.get_mut(slot), self.steps.get_mut(slot))
        {
            *m = self.search.epoch();
            *cell = result;
        }
        result
    }

    /// [`step::entry`] of the hex with index `j`, computed once per search.
    fn entry_at(&mut self, ctx: &Ctx<'_>, j: usize, to: Hex) -> Result<step::Entry, MoveError> {
        if self.entry_mark.get(j) == Some(&self.search.epoch()) {
            return self.entry.get(j).copied().flatten().ok_or(MoveError::Impassable(to));
        }
        let terrain = &mut self.terrain;
        let e =
            step::entry_with_hits(ctx.field, &self.facts, &ctx.mover, &ctx.constraints, to, || {
                terrain.entry_hits(ctx.field, j, to)
            });
        if let (Some(m), Some(slot)) = (self.entry_mark.get_mut(j), self.entry.get_mut(j)) {
            *m = self.search.epoch();
            *slot = e.as_ref().ok().copied();
            self.examined.push(u32::try_from(j).unwrap_or(u32::MAX));
        }
        e
    }

    /// [`HexFacts`] of the hex with index `i`, computed once per search.
    fn hex_facts_at(&mut self, ctx: &Ctx<'_>, i: usize, hex: Hex) -> HexFacts {
        if self.hex_mark.get(i) == Some(&self.search.epoch())
            && let Some(&h) = self.hex_facts.get(i)
        {
            return h;
        }
        let field = ctx.field;
        let redoubt = cost::is_redoubt(field, hex);
        let h = HexFacts {
            redoubt,
            past_infantry: cost::is_rampart(field, hex)
                && friendly_infantry(field, hex, &ctx.mover),
            // 6.44: cavalry may not end movement in a redoubt; 8.43: nor
            // may anyone in a hex On Fire.
            no_end: (ctx.mover.is_cavalry() && redoubt) || field.markers(hex).on_fire,
            // 6.65: stacked units share their facing; the newcomer turns.
            joined: stacking::friends_in(field, hex, &ctx.mover)
                .next()
                .and_then(|u| field.unit(u))
                .map(|u| u.facing),
        };
        if let (Some(m), Some(slot)) = (self.hex_mark.get_mut(i), self.hex_facts.get_mut(i)) {
            *m = self.search.epoch();
            *slot = h;
        }
        h
    }

    fn record_end(
        &mut self,
        ctx: &Ctx<'_>,
        key: u16,
        node: u32,
        (hex, i, here): (Hex, usize, HexFacts),
        f: Facing,
        tag: Tag,
    ) {
        let is_start = tag.is_start();
        if tag == Tag::Phase(TRANSIT) {
            return; // 6.42: must leave the Rampart/Gate at once
        }
        match ctx.origin {
            Origin::Counter(_) if i == ctx.start => return, // 6.22: only leave it
            Origin::Hex(_) if is_start && f == ctx.start_facing => return, // no move
            _ => {}
        }
        if here.no_end {
            return; // 6.44, 8.43
        }
        // 6.65: stacked units share their facing; the newcomer turns.
        let end_facing = here.joined.unwrap_or(f);
        let slot = i * 6 + end_facing.index();
        if !self.search.claim(slot) {
            return;
        }
        if i == ctx.start && end_facing == ctx.start_facing && matches!(ctx.origin, Origin::Hex(_))
        {
            return; // back where it started: no move
        }
        self.search.put_end(slot, hex, end_facing, key, node);
    }

    /// Appends unit `unit`'s Moves for the legal-move listing: from the
    /// listing cache while it holds ([`listing`]), else by a search.
    pub(super) fn list_moves(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
        out: &mut Vec<MoveAction>,
    ) {
        self.list_moves_with(game, rules, unit, None, out);
    }

    /// [`MoveGenerator::list_moves`], of which it may leave out the Moves
    /// that end further than `toward.within` ([`Toward`]): the listing
    /// cache's entry when it holds, else a search that does not go on where
    /// no end could be within (and is not kept: it is not the whole listing).
    pub(super) fn list_moves_toward(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
        toward: Toward<'_>,
        out: &mut Vec<MoveAction>,
    ) {
        self.list_moves_with(game, rules, unit, Some(toward), out);
    }

    fn list_moves_with(
        &mut self,
        game: &Alesia,
        rules: &MoveRules,
        unit: Uid,
        toward: Option<Toward<'_>>,
        out: &mut Vec<MoveAction>,
    ) {
        let field = &game.field;
        let (Ok(origin), Some(state)) =
            (allowance::origin(game, rules, unit, Purpose::Move), field.unit(unit).copied())
        else {
            return;
        };
        let out_of_range =
            game.turn.play.current.as_ref().is_some_and(|a| a.own.out_of_range.contains(&unit));
        if let Some(l) = self.listing.get(unit, &state, origin, out_of_range) {
            out.extend(l.moves.iter().map(|&(to, facing)| MoveAction::Move { unit, to, facing }));
            return;
        }
        if self.search(game, rules, unit, None, toward).is_err() {
            return;
        }
        out.extend(self.search.ends().iter().map(|r| MoveAction::Move {
            unit,
            to: r.hex,
            facing: r.facing,
        }));
        if toward.is_some() {
            return; // cut short: not the whole listing, so not kept
        }
        let moves: Vec<(Hex, Facing)> =
            self.search.ends().iter().map(|r| (r.hex, r.facing)).collect();
        let board = &field.setup().board;
        let examined = self
            .examined
            .iter()
            .map(|&i| i as usize)
            .chain(self.last.map(|_| self.search.start()))
            .chain(rules.alesia_force_entry.iter().filter_map(|&h| board.index(h)));
        let (mut footprint, mut near) = (Vec::new(), Vec::new());
        listing::footprint(field, examined, &mut footprint, &mut near);
        let Some(side) = field.setup().unit(unit).map(|u| u.side) else { return };
        self.listing
            .put(unit, Listed { state, origin, out_of_range, side, footprint, near, moves });
    }

    /// Brings the listing cache to `game`'s position under `rules`.
    pub(super) fn sync_listing(&mut self, game: &Alesia, rules: &MoveRules) {
        self.listing.sync(&game.field, rules);
    }

    /// The reachable entry for (`to`, `facing`) of the last search.
    #[must_use]
    pub fn find(&self, to: Hex, facing: Facing) -> Option<&Reachable> {
        self.search.ends().iter().find(|r| r.hex == to && r.facing == facing)
    }

    /// The ends of the last search.
    #[must_use]
    pub fn ends(&self) -> &[Reachable] {
        self.search.ends()
    }

    /// The path of the last search to `to` on `field` (the state searched),
    /// from the start (the counter's hex for a unit atop it; the entry hex for
    /// one entering the map) to the end. A pivot repeats the hex; the last
    /// step has the end facing.
    #[must_use]
    pub fn path(&self, field: &Battlefield, to: &Reachable) -> Vec<PathStep> {
        if self.last.is_none() {
            return Vec::new();
        }
        self.search.path(&field.setup().board, to)
    }

    /// The unit of the last search.
    #[must_use]
    pub fn last_unit(&self) -> Option<Uid> {
        self.last.map(|l| l.unit)
    }
}

/// What the search asks about a hex whatever the node in it, computed once
/// per search.
#[derive(Debug, Clone, Copy, Default)]
struct HexFacts {
    /// 6.44: a standing redoubt (all-round front).
    redoubt: bool,
    /// 6.63: a rampart hex with friendly infantry, where a move ends.
    past_infantry: bool,
    /// 6.44, 8.43: the mover may not end its move here.
    no_end: bool,
    /// 6.65: the facing of the friends there.
    joined: Option<Facing>,
}

/// What one search is about.
struct Ctx<'a> {
    field: &'a Battlefield,
    mover: Mover,
    constraints: Constraints<'a>,
    origin: Origin,
    start: usize,
    start_facing: Facing,
    first: bool,
    budget: u8,
    /// 7.12: the mover's pivot cost from one facing (by index) to another.
    pivot: [[u8; 6]; 6],
    /// The hits that would rout or eliminate the unit (10.13, 10.14, 10.43).
    lethal: Option<u8>,
    /// How far a search cut short (`toward` or an end aimed at) may go: the
    /// least MP of a step ([`TerrainEffects::min_step_mp`]) when above 0.
    ///
    /// [`TerrainEffects::min_step_mp`]: gboh_core::table::terrain::TerrainEffects::min_step_mp
    bound: Option<Bound<'a>>,
}

/// How many more hits change unit `uid`'s status (10.13, 10.14, 10.43, 10.64).
fn lethal_hits(field: &Battlefield, uid: Uid) -> Option<u8> {
    let info = field.setup().unit(uid)?;
    let state = field.unit(uid)?;
    let c = state.cohesion;
    Some(match c.status {
        Status::Routed => 1,
        Status::Eliminated => 0,
        Status::Fresh | Status::Reduced => {
            c.current_tq(&info.profile).0.saturating_sub(c.hits).max(1)
        }
    })
}

fn friendly_infantry(field: &Battlefield, hex: Hex, mover: &Mover) -> bool {
    stacking::friends_in(field, hex, mover)
        .any(|u| field.setup().unit(u).is_some_and(|i| i.unit_type().is_infantry()))
}
