//! Line of sight geometry (Alesia 8.15).
//!
//! 8.15: "An LOS is calculated by tracing a path of hexes between the center of
//! the hex the missile unit is in and the same for the target unit." The path
//! here is exact: every hex whose interior the straight segment between the two
//! centres crosses, however little ("if any part of a hex of higher elevation is
//! between", 8.15), in order from the firer. The arithmetic is on integers, so
//! the path from B to A is the path from A to B reversed, and line of sight is
//! symmetric.
//!
//! Where the segment runs exactly along a hexspine, the edge between two hexes,
//! it passes through neither hex's interior: that stretch is a
//! [`LosStep::Tie`] naming both hexes. hexx's `line_to` would pick one side
//! (STYLE.md); [`line_of_sight`] looks at both and is blocked there only if
//! **both** hexes block, the reading that a line along a hexspine is blocked
//! only when the terrain on both sides blocks it. A segment that merely touches
//! a hex at a corner does not pass through it.
//!
//! ```text
//!        .  '  .                 A to B, two hexes apart along a hexspine:
//!     |    P    |                the segment runs on the edge between P and Q,
//!  A  +---------+  B             so los_path(A, B) = [Tie(P, Q)].
//!     |    Q    |
//!        '  .  '
//! ```
//!
//! Which hexes block, and when (woods, ramparts, elevation, walls, units), is a
//! combat rule; [`Board::terrain_blocks_los`](super::Board::terrain_blocks_los)
//! is a helper for the terrain part.

use hexx::Hex;

/// One stretch of a line of sight between two hex centres.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LosStep {
    /// The line passes through this hex.
    Hex(Hex),
    /// The line runs along the hexspine between these two hexes (ordered by
    /// axial `(x, y)`), through neither.
    Tie(Hex, Hex),
}

impl LosStep {
    /// The hex or hexes of the step.
    pub fn hexes(self) -> impl Iterator<Item = Hex> {
        let (a, b) = match self {
            LosStep::Hex(h) => (h, None),
            LosStep::Tie(h, k) => (h, Some(k)),
        };
        core::iter::once(a).chain(b)
    }

    /// Whether the step blocks the line, given which hexes block: a hex step
    /// if its hex blocks, a tie if both of its hexes block.
    pub fn is_blocked(self, blocked: impl Fn(Hex) -> bool) -> bool {
        match self {
            LosStep::Hex(h) => blocked(h),
            LosStep::Tie(h, k) => blocked(h) && blocked(k),
        }
    }
}

/// Cube components of the six neighbour offsets.
const EDGES: [[i64; 3]; 6] =
    [[1, 0, -1], [0, 1, -1], [-1, 1, 0], [-1, 0, 1], [0, -1, 1], [1, -1, 0]];

fn cube(h: Hex) -> [i64; 3] {
    let (x, y) = (i64::from(h.x), i64::from(h.y));
    [x, y, -x - y]
}

fn dot(a: [i64; 3], b: [i64; 3]) -> i64 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// A fraction `num / den` with `den > 0`.
#[derive(Debug, Clone, Copy)]
struct Frac {
    num: i64,
    den: i64,
}

impl Frac {
    const ZERO: Frac = Frac { num: 0, den: 1 };
    const ONE: Frac = Frac { num: 1, den: 1 };

    fn new(num: i64, den: i64) -> Frac {
        if den < 0 { Frac { num: -num, den: -den } } else { Frac { num, den } }
    }

    fn cmp(self, other: Frac) -> core::cmp::Ordering {
        (self.num * other.den).cmp(&(other.num * self.den))
    }
}

/// How the segment meets one hex cell.
enum Contact {
    /// Through the interior, entering at this parameter.
    Interior(Frac),
    /// Along the edge toward this neighbour offset, from this parameter.
    Spine(Frac, usize),
}

/// Clips the segment `a + t (b - a)`, `t` in `[0, 1]`, against the cell of
/// `c`: the points at least as close to `c` as to any neighbour,
/// `(p - c) . e <= 1` for the six cube offsets `e`.
fn contact(a: [i64; 3], d: [i64; 3], c: [i64; 3]) -> Option<Contact> {
    let ac = [a[0] - c[0], a[1] - c[1], a[2] - c[2]];
    let (mut lo, mut hi) = (Frac::ZERO, Frac::ONE);
    let mut spine = None;
    for (i, e) in EDGES.iter().enumerate() {
        let (ae, de) = (dot(ac, *e), dot(d, *e));
        match de.cmp(&0) {
            core::cmp::Ordering::Equal => match ae.cmp(&1) {
                core::cmp::Ordering::Greater => return None,
                core::cmp::Ordering::Equal => spine = Some(i),
                core::cmp::Ordering::Less => {}
            },
            core::cmp::Ordering::Greater => {
                let t = Frac::new(1 - ae, de);
                if t.cmp(hi).is_lt() {
                    hi = t;
                }
            }
            core::cmp::Ordering::Less => {
                let t = Frac::new(1 - ae, de);
                if t.cmp(lo).is_gt() {
                    lo = t;
                }
            }
        }
    }
    // A zero-length meeting is a touch at a corner: not a pass.
    if !lo.cmp(hi).is_lt() {
        return None;
    }
    Some(match spine {
        Some(i) => Contact::Spine(lo, i),
        None => Contact::Interior(lo),
    })
}

fn ordered(a: Hex, b: Hex) -> (Hex, Hex) {
    if (a.x, a.y) <= (b.x, b.y) { (a, b) } else { (b, a) }
}

/// The hexes strictly between `from` and `to` that the line between their
/// centres passes through, in order from `from`, with hexspine stretches as
/// [`LosStep::Tie`]s. Empty for the same or adjacent hexes.
///
/// ```
/// use gboh_core::board::{los_path, LosStep};
/// use hexx::Hex;
/// // Straight along a row of hexes: one hex between.
/// assert_eq!(los_path(Hex::ZERO, Hex::new(2, 0)), [LosStep::Hex(Hex::new(1, 0))]);
/// // Along a hexspine: both hexes beside the spine, as a tie.
/// assert_eq!(
///     los_path(Hex::ZERO, Hex::new(2, -1)),
///     [LosStep::Tie(Hex::new(1, -1), Hex::new(1, 0))]
/// );
/// ```
#[must_use]
pub fn los_path(from: Hex, to: Hex) -> Vec<LosStep> {
    if from.unsigned_distance_to(to) < 2 {
        return Vec::new();
    }
    let (a, b) = (cube(from), cube(to));
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    // Every hex the segment meets is on hexx's sampled line or next to it.
    let mut candidates: Vec<Hex> =
        from.line_to(to).flat_map(|h| core::iter::once(h).chain(h.all_neighbors())).collect();
    candidates.sort_unstable_by_key(|h| (h.x, h.y));
    candidates.dedup();
    let mut steps: Vec<(Frac, LosStep)> = Vec::new();
    for hex in candidates {
        if hex == from || hex == to {
            continue;
        }
        match contact(a, d, cube(hex)) {
            Some(Contact::Interior(t)) => steps.push((t, LosStep::Hex(hex))),
            Some(Contact::Spine(t, i)) => {
                let Some(&[ex, ey, _]) = EDGES.get(i) else { continue };
                let other = Hex::new(hex.x + ex as i32, hex.y + ey as i32);
                let (p, q) = ordered(hex, other);
                // Each spine is met from both of its hexes: keep one.
                if hex == p {
                    steps.push((t, LosStep::Tie(p, q)));
                }
            }
            None => {}
        }
    }
    steps.sort_by(|x, y| x.0.cmp(y.0));
    steps.into_iter().map(|(_, s)| s).collect()
}

/// The straight row of hexes from `from` to `to`, both included, one per step
/// of distance: the hexes whose centres are nearest to the points at `k / n`
/// of the way (a range such as Alesia 12.1's `W3733-W4034`). `None` when one
/// of those points lies on a hexspine, so the row would have to pick a side.
///
/// ```
/// use gboh_core::board::hex_line;
/// use hexx::Hex;
/// assert_eq!(hex_line(Hex::ZERO, Hex::new(0, 2)), Some(vec![Hex::ZERO, Hex::new(0, 1), Hex::new(0, 2)]));
/// assert_eq!(hex_line(Hex::ZERO, Hex::new(2, -1)), None);
/// ```
#[must_use]
pub fn hex_line(from: Hex, to: Hex) -> Option<Vec<Hex>> {
    let n = i64::from(from.unsigned_distance_to(to));
    if n == 0 {
        return Some(vec![from]);
    }
    let (a, b) = (cube(from), cube(to));
    let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    let mut line = Vec::new();
    for (k, guess) in (0..=n).zip(from.line_to(to)) {
        // The point, scaled by n: integer.
        let p = [a[0] * n + d[0] * k, a[1] * n + d[1] * k, a[2] * n + d[2] * k];
        let dist = |h: Hex| {
            let c = cube(h);
            let v = [p[0] - c[0] * n, p[1] - c[1] * n, p[2] - c[2] * n];
            dot(v, v)
        };
        let mut near: Vec<(i64, Hex)> =
            core::iter::once(guess).chain(guess.all_neighbors()).map(|h| (dist(h), h)).collect();
        near.sort_unstable_by_key(|(d, h)| (*d, h.x, h.y));
        match near.as_slice() {
            [(d0, h), (d1, _), ..] if d0 < d1 => line.push(*h),
            _ => return None,
        }
    }
    Some(line)
}

/// Whether the line of sight from `from` to `to` is clear, given which
/// intervening hexes block it: a hex the line passes through blocks if
/// `blocked` says so; a hexspine stretch blocks only if both of its hexes do.
/// The end hexes themselves are never tested.
///
/// ```
/// use gboh_core::board::line_of_sight;
/// use hexx::Hex;
/// let wood = Hex::new(1, -1);
/// // Along the spine between (1,-1) and (1,0): one side blocked is not enough.
/// assert!(line_of_sight(Hex::ZERO, Hex::new(2, -1), |h| h == wood));
/// assert!(!line_of_sight(Hex::ZERO, Hex::new(2, -1), |h| h.x == 1));
/// ```
pub fn line_of_sight(from: Hex, to: Hex, blocked: impl Fn(Hex) -> bool) -> bool {
    los_path(from, to).into_iter().all(|s| !s.is_blocked(&blocked))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brute force: every hex within range of `from`, no candidate shortcut.
    fn brute(from: Hex, to: Hex) -> Vec<LosStep> {
        let (a, b) = (cube(from), cube(to));
        let d = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
        let mut steps = Vec::new();
        for hex in from.range(from.unsigned_distance_to(to) + 1) {
            if hex == from || hex == to {
                continue;
            }
            match contact(a, d, cube(hex)) {
                Some(Contact::Interior(t)) => steps.push((t, LosStep::Hex(hex))),
                Some(Contact::Spine(t, i)) => {
                    let other = Hex::new(hex.x + EDGES[i][0] as i32, hex.y + EDGES[i][1] as i32);
                    let (p, q) = ordered(hex, other);
                    if hex == p {
                        steps.push((t, LosStep::Tie(p, q)));
                    }
                }
                None => {}
            }
        }
        steps.sort_by(|x, y| x.0.cmp(y.0));
        steps.into_iter().map(|(_, s)| s).collect()
    }

    #[test]
    fn candidates_miss_nothing_the_brute_force_finds() {
        for to in Hex::ZERO.range(12) {
            assert_eq!(los_path(Hex::ZERO, to), brute(Hex::ZERO, to), "to {to:?}");
        }
    }

    #[test]
    fn rule_8_15_a_line_may_clip_more_hexes_than_its_length() {
        // hexx's line_to gives 13 hexes between ends 14 apart; this segment
        // weaves across the zigzag between two rows of hexes and really
        // crosses three more (checked with exact fractions).
        let to = Hex::new(-14, 1);
        let path = los_path(Hex::ZERO, to);
        assert_eq!(path.len(), 13 + 3, "{path:?}");
        assert_eq!(
            &path[5..8],
            [Hex::new(-6, 1), Hex::new(-6, 0), Hex::new(-7, 1)].map(LosStep::Hex)
        );
        assert!(path.iter().all(|s| matches!(s, LosStep::Hex(_))));
    }

    #[test]
    fn rule_8_15_lines_along_a_hexspine_are_ties_all_the_way() {
        // The six vertex directions run along hexspines.
        for (dx, dy) in [(2, -1), (1, 1), (-1, 2), (-2, 1), (-1, -1), (1, -2)] {
            let to = Hex::new(3 * dx, 3 * dy);
            let path = los_path(Hex::ZERO, to);
            // Tie, hex, tie, hex, tie.
            assert_eq!(path.len(), 5, "{path:?}");
            assert!(matches!(path[0], LosStep::Tie(..)) && matches!(path[1], LosStep::Hex(_)));
            assert_eq!(path[1], LosStep::Hex(Hex::new(dx, dy)));
        }
    }

    #[test]
    fn consecutive_steps_touch() {
        for to in Hex::ZERO.range(9) {
            let path = los_path(Hex::ZERO, to);
            let mut prev: Vec<Hex> = vec![Hex::ZERO];
            for step in path.iter().copied().chain([LosStep::Hex(to)]) {
                let now: Vec<Hex> = step.hexes().collect();
                assert!(
                    now.iter().any(|h| prev.iter().any(|p| p.unsigned_distance_to(*h) <= 1)),
                    "{to:?}: {path:?}"
                );
                prev = now;
            }
        }
    }
}
