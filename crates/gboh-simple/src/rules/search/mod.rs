//! The move search's kernel (6.0-7.1): a deterministic Dijkstra over
//! (hex, facing, phase) nodes, index-based, with buffers reused from search
//! to search (a bot searches thousands of times a game; no allocation per
//! step, no hash map). The game expands each settled node with its own steps
//! (its chart, its works) and the family's pivots; the kernel keeps the
//! queue, each node's best key and parent, the ends and the paths.
//!
//! - A node is a hex index, a [`Facing`] and a [`Tag`]: the hex the move
//!   starts in has two phases of its own ([`Tag::Start`], [`Tag::StartPivoted`]);
//!   every hex has [`PHASES`] others: [`ARRIVED`] (may pivot, 7.12),
//!   [`PIVOTED`] (no second pivot) and two a game may give a meaning
//!   ([`GAME_A`], [`GAME_B`]: Alesia's walkway arrival and gate transit).
//! - The key is (MP, hits) packed in a `u16` ([`make_key`]): the cheapest
//!   path, and the fewest hits among equally cheap ones; ties go to the
//!   lower node index, so the result never depends on anything but the
//!   state.
//! - Each end (hex, facing) is recorded once, in its slot (hex index * 6 +
//!   facing); reading the slots in order sorts the ends without sorting.
//!
//! ```
//! use gboh_core::facing::Facing;
//! use gboh_simple::rules::search::{ARRIVED, Search, Tag, make_key};
//! // Two hexes (indices 0 and 1); the move starts in 0 facing Twelve.
//! let mut s = Search::new();
//! s.begin(2, 0);
//! let start = s.node(0, Facing::Twelve, Tag::Start);
//! s.relax(start, 0, None);
//! while let Some((key, node)) = s.settle_next() {
//!     let (hex, facing, _) = s.decode(node);
//!     if hex == 0 {
//!         // One step into hex 1 for 2 MP and 1 hit.
//!         let to = s.node(1, facing, Tag::Phase(ARRIVED));
//!         s.relax(to, make_key(key, 2, 1), Some(node));
//!     } else if s.claim(hex * 6 + facing.index()) {
//!         s.put_end(hex * 6 + facing.index(), hexx::Hex::ZERO, facing, key, node);
//!     }
//! }
//! s.finish();
//! assert_eq!(s.ends().len(), 1);
//! assert_eq!((s.ends()[0].mp, s.ends()[0].hits), (2, 1));
//! ```

mod queue;

use gboh_core::board::{Board, HexWorks};
use gboh_core::facing::Facing;
use hexx::Hex;

use crate::ground::facing::zoc_pivot_allowed;
use queue::Buckets;

const NONE: u32 = u32::MAX;
/// Phases of an ordinary node.
pub const PHASES: usize = 4;
/// Arrived in the hex: may pivot once (7.12).
pub const ARRIVED: usize = 0;
/// A phase the game gives a meaning (Alesia: arrived along a rampart
/// walkway, pivots free, 7.12).
pub const GAME_A: usize = 1;
/// Pivoted in the hex: no second pivot (7.12).
pub const PIVOTED: usize = 2;
/// A phase the game gives a meaning (Alesia: in a gate's transit, must
/// leave at once, 6.42).
pub const GAME_B: usize = 3;
/// Bits of the key that count hits.
const HIT_BITS: u16 = 5;
const HIT_MASK: u16 = (1 << HIT_BITS) - 1;

/// What a node is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tag {
    /// In the start hex, as the move begins.
    Start,
    /// In the start hex, after a pivot there.
    StartPivoted,
    /// In a hex, in one of the [`PHASES`].
    Phase(usize),
}

impl Tag {
    /// A node of the start hex ([`Tag::Start`] or [`Tag::StartPivoted`]).
    #[must_use]
    pub const fn is_start(self) -> bool {
        matches!(self, Tag::Start | Tag::StartPivoted)
    }
}

/// One (hex, facing) a unit can end its move in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Reachable {
    /// The hex.
    pub hex: Hex,
    /// The facing it ends with.
    pub facing: Facing,
    /// MP it costs.
    pub mp: u8,
    /// Hits it takes on the way.
    pub hits: u8,
    node: u32,
}

/// One step of a path: the hex, the unit's facing there, and the MP spent
/// when it gets there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PathStep {
    /// The hex.
    pub hex: Hex,
    /// The facing.
    pub facing: Facing,
    /// MP spent so far.
    pub mp: u8,
}

/// A caller that only wants the ends within `within` of some targets:
/// `distance` holds each board index's distance from them in hex steps (so
/// two adjacent hexes differ by at most one), as a bot's maps do.
#[derive(Debug, Clone, Copy)]
pub struct Toward<'a> {
    /// Hex steps from the targets, by board index.
    pub distance: &'a [u16],
    /// The furthest distance of the ends wanted.
    pub within: u16,
}

/// How far a search cut short may still go: every step costs at least
/// `min_step` MP, and a distance in hex steps changes by at most one a step,
/// so from a node with `left` MP no node past it is nearer a target than
/// its distance less `left / min_step`. Every node on a path to a wanted
/// end is still expanded, so those ends keep their keys and parents.
#[derive(Debug, Clone, Copy)]
pub struct Bound<'a> {
    /// The least MP of a step (above 0).
    pub min_step: u8,
    /// The ends wanted, when not all of them.
    pub toward: Option<Toward<'a>>,
    /// The one end aimed at.
    pub aim: Option<Hex>,
}

impl Bound<'_> {
    /// Whether nothing wanted lies past the node in `hex` (board index `i`)
    /// reached with `mp` of `budget` MP.
    #[inline]
    #[must_use]
    pub fn prunes(&self, i: usize, hex: Hex, mp: u16, budget: u8) -> bool {
        let left = u16::from(budget).saturating_sub(mp) / u16::from(self.min_step.max(1));
        if let Some(toward) = self.toward {
            let least = toward.distance.get(i).map_or(u16::MAX, |d| d.saturating_sub(left));
            if least > toward.within {
                return true;
            }
        }
        self.aim.is_some_and(|aim| hex.unsigned_distance_to(aim) > u32::from(left))
    }
}

/// A node's search state.
#[derive(Debug, Clone, Copy)]
struct NodeState {
    /// Its best key so far.
    key: u16,
    /// `epoch`: seen this search; `epoch + 1`: settled.
    mark: u32,
    /// The node it was reached from.
    parent: u32,
}

/// The kernel's buffers and the search under way (or the last one).
#[derive(Debug, Clone, Default)]
pub struct Search {
    nodes: Vec<NodeState>,
    epoch: u32,
    queue: Buckets,
    end_mark: Vec<u32>,
    /// The ends of the search being run, by slot, with a bit per slot
    /// recorded.
    end_data: Vec<Reachable>,
    end_bits: Vec<u64>,
    ends: Vec<Reachable>,
    hexes: usize,
    start: usize,
}

/// `key` plus a step of `mp` MP and `hits` hits (the hits saturate at 31).
#[inline]
#[must_use]
pub fn make_key(key: u16, mp: u8, hits: u8) -> u16 {
    let old_mp = key >> HIT_BITS;
    let old_hits = key & HIT_MASK;
    let new_hits = (old_hits + u16::from(hits)).min(HIT_MASK);
    ((old_mp + u16::from(mp)) << HIT_BITS) | new_hits
}

/// The MP of a key.
#[inline]
#[must_use]
pub const fn key_mp(key: u16) -> u16 {
    key >> HIT_BITS
}

/// The hits of a key.
#[inline]
#[must_use]
pub const fn key_hits(key: u16) -> u16 {
    key & HIT_MASK
}

/// A key of `mp` MP more than `key` (a pivot: no hits).
#[inline]
#[must_use]
pub const fn add_mp(key: u16, mp: u8) -> u16 {
    key.saturating_add((mp as u16) << HIT_BITS)
}

impl Search {
    /// A kernel with empty buffers (they grow on the first search).
    #[must_use]
    pub fn new() -> Search {
        Search::default()
    }

    /// Starts a search on a board of `hexes` hexes from the hex with index
    /// `start`. Returns whether the epoch wrapped: a game keeping its own
    /// per-search marks against [`Search::epoch`] then clears them.
    pub fn begin(&mut self, hexes: usize, start: usize) -> bool {
        let nodes = hexes * 6 * PHASES + 12;
        if self.nodes.len() != nodes {
            self.nodes = vec![NodeState { key: 0, mark: 0, parent: NONE }; nodes];
            self.epoch = 0;
        }
        if self.end_mark.len() != hexes * 6 {
            self.end_mark = vec![0; hexes * 6];
            let none =
                Reachable { hex: Hex::ZERO, facing: Facing::Twelve, mp: 0, hits: 0, node: NONE };
            self.end_data = vec![none; hexes * 6];
            self.end_bits = vec![0; (hexes * 6).div_ceil(64)];
        }
        self.hexes = hexes;
        self.start = start;
        self.epoch = self.epoch.wrapping_add(2);
        let wrapped = self.epoch < 2;
        if wrapped {
            self.nodes.iter_mut().for_each(|n| n.mark = 0);
            self.end_mark.iter_mut().for_each(|m| *m = 0);
            self.epoch = 2;
        }
        self.queue.clear();
        self.ends.clear();
        wrapped
    }

    /// This search's epoch: a game's per-search cache entry marked with it
    /// is this search's.
    #[must_use]
    pub const fn epoch(&self) -> u32 {
        self.epoch
    }

    /// The hex index the search started from.
    #[must_use]
    pub const fn start(&self) -> usize {
        self.start
    }

    /// The node of (`hex` index, `facing`, `tag`).
    #[inline]
    #[must_use]
    pub fn node(&self, hex: usize, facing: Facing, tag: Tag) -> u32 {
        let hexes = self.hexes;
        let n = match tag {
            Tag::Start => hexes * 6 * PHASES + facing.index() * 2,
            Tag::StartPivoted => hexes * 6 * PHASES + facing.index() * 2 + 1,
            Tag::Phase(p) => (hex * 6 + facing.index()) * PHASES + p,
        };
        u32::try_from(n).unwrap_or(NONE)
    }

    /// The (hex index, facing, tag) of `node`.
    #[inline]
    #[must_use]
    pub fn decode(&self, node: u32) -> (usize, Facing, Tag) {
        let n = node as usize;
        let base = self.hexes * 6 * PHASES;
        if n >= base {
            let k = n - base;
            let tag = if k.is_multiple_of(2) { Tag::Start } else { Tag::StartPivoted };
            (self.start, Facing::from_index(k / 2), tag)
        } else {
            let p = n % PHASES;
            let hf = n / PHASES;
            (hf / 6, Facing::from_index(hf % 6), Tag::Phase(p))
        }
    }

    /// Offers `node` the key `key`, reached from `parent` (`None`: a start).
    #[inline]
    pub fn relax(&mut self, node: u32, key: u16, parent: Option<u32>) {
        let Some(n) = self.nodes.get_mut(node as usize) else {
            return;
        };
        if n.mark == self.epoch.wrapping_add(1) {
            return; // settled
        }
        if n.mark != self.epoch || key < n.key {
            *n = NodeState { key, mark: self.epoch, parent: parent.unwrap_or(NONE) };
            self.queue.push(key, node);
        }
    }

    /// The next node to expand, settled, with its key; `None` when the
    /// search is done.
    #[inline]
    pub fn settle_next(&mut self) -> Option<(u16, u32)> {
        while let Some((key, node)) = self.queue.pop() {
            let settled = self.epoch.wrapping_add(1);
            match self.nodes.get_mut(node as usize) {
                Some(n) if n.mark == self.epoch && n.key == key => {
                    n.mark = settled;
                    return Some((key, node));
                }
                _ => {}
            }
        }
        None
    }

    /// 7.12, 7.13: the pivots from `node` (hex index `i`, facing `f`, a
    /// start node or not), reached with `key`: once in the hex, to any other
    /// facing (one vertex at most `in_zoc`), each costing `costs[facing]`
    /// MP within `budget`; the pivoted node may not pivot again. Whether
    /// the node may pivot at all is the caller's (Alesia: not in a gate's
    /// transit).
    #[inline]
    pub fn pivots(
        &mut self,
        node: u32,
        key: u16,
        (i, f, start): (usize, Facing, bool),
        in_zoc: bool,
        costs: &[u8; 6],
        budget: u8,
    ) {
        let mp = key_mp(key);
        let to_tag = if start { Tag::StartPivoted } else { Tag::Phase(PIVOTED) };
        for g in Facing::ALL {
            if g == f || (in_zoc && !zoc_pivot_allowed(f, g)) {
                continue;
            }
            let c = costs.get(g.index()).copied().unwrap_or(0);
            if u16::from(c) + mp > u16::from(budget) {
                continue;
            }
            let n = self.node(i, g, to_tag);
            self.relax(n, add_mp(key, c), Some(node));
        }
    }

    /// Claims the end `slot` (hex index * 6 + facing) for this search:
    /// `false` when it was claimed already (the first, cheapest, claim
    /// stands).
    #[inline]
    pub fn claim(&mut self, slot: usize) -> bool {
        let Some(m) = self.end_mark.get_mut(slot) else {
            return false;
        };
        if *m == self.epoch {
            return false;
        }
        *m = self.epoch;
        true
    }

    /// Records the end in `slot`, `hex` with `facing`, reached by `node`
    /// with `key`.
    pub fn put_end(&mut self, slot: usize, hex: Hex, facing: Facing, key: u16, node: u32) {
        if let (Some(cell), Some(word)) =
            (self.end_data.get_mut(slot), self.end_bits.get_mut(slot / 64))
        {
            *cell = Reachable {
                hex,
                facing,
                mp: u8::try_from(key_mp(key)).unwrap_or(u8::MAX),
                hits: u8::try_from(key_hits(key)).unwrap_or(u8::MAX),
                node,
            };
            *word |= 1 << (slot % 64);
        }
    }

    /// Whether the end in `slot` has been recorded by the search under way.
    #[must_use]
    pub fn recorded(&self, slot: usize) -> bool {
        self.end_bits.get(slot / 64).is_some_and(|w| w & (1 << (slot % 64)) != 0)
    }

    /// Ends the search: the ends recorded, in slot order (board index, then
    /// facing), become [`Search::ends`].
    pub fn finish(&mut self) {
        for (w, word) in self.end_bits.iter_mut().enumerate() {
            let mut bits = std::mem::take(word);
            while bits != 0 {
                let slot = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if let Some(&r) = self.end_data.get(slot) {
                    self.ends.push(r);
                }
            }
        }
    }

    /// The ends of the last search, by board index then facing.
    #[must_use]
    pub fn ends(&self) -> &[Reachable] {
        &self.ends
    }

    /// The path of the last search to `to` on `board` (the one searched),
    /// from the start to the end. A pivot repeats the hex; the last step has
    /// the end facing.
    #[must_use]
    pub fn path<W: HexWorks>(&self, board: &Board<W>, to: &Reachable) -> Vec<PathStep> {
        let mut nodes = Vec::new();
        let mut n = to.node;
        while n != NONE && nodes.len() <= self.nodes.len() {
            nodes.push(n);
            n = self.nodes.get(n as usize).map_or(NONE, |s| s.parent);
        }
        nodes.reverse();
        let mut out: Vec<PathStep> = Vec::with_capacity(nodes.len() + 1);
        for n in nodes {
            let (i, facing, _) = self.decode(n);
            let key = self.nodes.get(n as usize).map_or(0, |s| s.key);
            if let Some(hex) = board.hex_at(i) {
                out.push(PathStep {
                    hex,
                    facing,
                    mp: u8::try_from(key_mp(key)).unwrap_or(u8::MAX),
                });
            }
        }
        if let Some(&last_step) = out.last()
            && last_step.facing != to.facing
        {
            out.push(PathStep { facing: to.facing, ..last_step });
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_decode_to_what_they_encode() {
        let mut s = Search::new();
        s.begin(10, 4);
        for hex in [0, 4, 9] {
            for f in Facing::ALL {
                for tag in [
                    Tag::Phase(ARRIVED),
                    Tag::Phase(GAME_A),
                    Tag::Phase(PIVOTED),
                    Tag::Phase(GAME_B),
                ] {
                    assert_eq!(s.decode(s.node(hex, f, tag)), (hex, f, tag));
                }
                for tag in [Tag::Start, Tag::StartPivoted] {
                    assert_eq!(
                        s.decode(s.node(hex, f, tag)),
                        (4, f, tag),
                        "start nodes are the start hex's"
                    );
                }
            }
        }
    }

    /// 7.12, 7.13: one pivot in a hex, within the budget, one vertex at
    /// most in an enemy ZOC; a pivoted node is tagged so.
    #[test]
    fn pivots_within_the_budget_and_one_vertex_in_a_zoc() {
        let mut s = Search::new();
        s.begin(1, 0);
        let start = s.node(0, Facing::Twelve, Tag::Start);
        s.relax(start, make_key(0, 3, 0), None);
        let (key, node) = s.settle_next().unwrap();
        // Cavalry: 1 MP a vertex; budget 5 leaves 2 MP.
        let costs = Facing::ALL.map(|g| Facing::Twelve.vertices_to(g));
        s.pivots(node, key, (0, Facing::Twelve, true), false, &costs, 5);
        let mut reached = Vec::new();
        while let Some((k, n)) = s.settle_next() {
            let (_, f, tag) = s.decode(n);
            assert_eq!(tag, Tag::StartPivoted);
            reached.push((f, key_mp(k)));
        }
        reached.sort_by_key(|&(f, _)| f.index());
        assert_eq!(
            reached,
            [(Facing::Two, 4), (Facing::Four, 5), (Facing::Eight, 5), (Facing::Ten, 4)],
            "Six (3 vertices) is past the budget"
        );
        s.begin(1, 0);
        let start = s.node(0, Facing::Twelve, Tag::Phase(ARRIVED));
        s.relax(start, 0, None);
        let (key, node) = s.settle_next().unwrap();
        s.pivots(node, key, (0, Facing::Twelve, false), true, &[1; 6], 9);
        let mut in_zoc = Vec::new();
        while let Some((_, n)) = s.settle_next() {
            let (_, f, tag) = s.decode(n);
            assert_eq!(tag, Tag::Phase(PIVOTED));
            in_zoc.push(f);
        }
        in_zoc.sort_by_key(|f| f.index());
        assert_eq!(in_zoc, [Facing::Two, Facing::Ten]);
    }

    /// A bound prunes a node none of whose ends could be wanted.
    #[test]
    fn a_bound_prunes_what_cannot_reach_the_ends_wanted() {
        let distance = [5u16, 4, 3];
        let toward = Bound {
            min_step: 2,
            toward: Some(Toward { distance: &distance, within: 1 }),
            aim: None,
        };
        // 4 MP left at 2 a step: two more hexes at most.
        assert!(toward.prunes(0, Hex::ZERO, 2, 6), "5 - 2 = 3 > 1");
        assert!(!toward.prunes(2, Hex::ZERO, 2, 6), "3 - 2 = 1");
        let aim = Bound { min_step: 1, toward: None, aim: Some(Hex::new(3, 0)) };
        assert!(!aim.prunes(0, Hex::ZERO, 0, 3));
        assert!(aim.prunes(0, Hex::ZERO, 1, 3), "3 hexes away with 2 MP left");
    }

    #[test]
    fn keys_order_mp_then_hits() {
        let a = make_key(0, 2, 3);
        let b = make_key(0, 3, 0);
        assert!(a < b, "fewer MP first whatever the hits");
        assert_eq!((key_mp(a), key_hits(a)), (2, 3));
        assert_eq!(key_hits(make_key(a, 0, 40)), 31, "hits saturate");
        assert_eq!(key_mp(add_mp(a, 1)), 3);
    }

    /// A settled node keeps its key; a cheaper offer before it settles wins;
    /// an end is claimed once.
    #[test]
    fn the_cheapest_offer_wins_and_an_end_is_claimed_once() {
        let mut s = Search::new();
        s.begin(3, 0);
        let start = s.node(0, Facing::Twelve, Tag::Start);
        s.relax(start, 0, None);
        let (k, n) = s.settle_next().unwrap();
        let mid = s.node(1, Facing::Twelve, Tag::Phase(ARRIVED));
        let end = s.node(2, Facing::Two, Tag::Phase(ARRIVED));
        s.relax(end, make_key(k, 5, 0), Some(n));
        s.relax(mid, make_key(k, 1, 0), Some(n));
        let (k1, n1) = s.settle_next().unwrap();
        assert_eq!(n1, mid);
        s.relax(end, make_key(k1, 1, 1), Some(n1));
        let (k2, n2) = s.settle_next().unwrap();
        assert_eq!((n2, key_mp(k2), key_hits(k2)), (end, 2, 1));
        assert!(s.settle_next().is_none(), "the dearer offer was superseded");
        assert!(s.claim(2 * 6 + Facing::Two.index()));
        assert!(!s.claim(2 * 6 + Facing::Two.index()), "one claim a slot");
        s.put_end(2 * 6 + Facing::Two.index(), Hex::new(2, 0), Facing::Two, k2, n2);
        assert!(s.recorded(2 * 6 + Facing::Two.index()));
        s.finish();
        assert!(!s.recorded(2 * 6 + Facing::Two.index()), "finish reads the slots out");
        assert_eq!(s.ends().len(), 1);
        assert_eq!((s.ends()[0].mp, s.ends()[0].hits, s.ends()[0].node), (2, 1, end));
    }
}
