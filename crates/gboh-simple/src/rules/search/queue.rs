//! The search's priority queue: a bucket per key (Dial's algorithm; the keys
//! are small and never lower than the last popped, every step costing 0 or
//! more). The bucket being emptied is sorted when its turn comes, and what is
//! pushed at its key meanwhile (0-cost pivots) goes to a small min-heap
//! beside it; popping the lower of the two keeps equal keys popping lowest
//! node first, exactly as one heap of (key, node) would.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Dial's buckets with a min-heap for the key being popped.
#[derive(Debug, Clone, Default)]
pub(super) struct Buckets {
    /// The key being popped.
    key: u16,
    /// Its nodes, sorted, popped from `head` on.
    current: Vec<u32>,
    head: usize,
    /// Its nodes pushed while it is being popped.
    late: BinaryHeap<Reverse<u32>>,
    /// The nodes of each key above `key`, in any order.
    later: Vec<Vec<u32>>,
    /// How many nodes `later` holds.
    waiting: usize,
}

impl Buckets {
    pub(super) fn clear(&mut self) {
        self.key = 0;
        self.current.clear();
        self.head = 0;
        self.late.clear();
        if self.waiting > 0 {
            self.later.iter_mut().for_each(Vec::clear);
            self.waiting = 0;
        }
    }

    #[inline]
    pub(super) fn push(&mut self, key: u16, node: u32) {
        if key <= self.key {
            // Never lower than the key being popped (a step costs 0 or more).
            self.late.push(Reverse(node));
            return;
        }
        let k = usize::from(key);
        if self.later.len() <= k {
            self.later.resize_with(k + 1, Vec::new);
        }
        if let Some(b) = self.later.get_mut(k) {
            b.push(node);
            self.waiting += 1;
        }
    }

    #[inline]
    pub(super) fn pop(&mut self) -> Option<(u16, u32)> {
        loop {
            let node = match (self.current.get(self.head), self.late.peek()) {
                (Some(&a), Some(&Reverse(b))) if b < a => self.late.pop().map(|r| r.0),
                (Some(&a), _) => {
                    self.head += 1;
                    Some(a)
                }
                (None, Some(_)) => self.late.pop().map(|r| r.0),
                (None, None) => None,
            };
            if let Some(node) = node {
                return Some((self.key, node));
            }
            if self.waiting == 0 {
                return None;
            }
            // The next non-empty bucket becomes the current one.
            let next = (usize::from(self.key) + 1..self.later.len())
                .find(|&k| self.later.get(k).is_some_and(|b| !b.is_empty()))?;
            let bucket = self.later.get_mut(next)?;
            self.current.clear();
            self.head = 0;
            std::mem::swap(bucket, &mut self.current);
            self.waiting -= self.current.len();
            self.current.sort_unstable();
            self.key = u16::try_from(next).unwrap_or(u16::MAX);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The buckets pop as one heap of (key, node) would: by key, then node.
    #[test]
    fn pops_in_key_then_node_order() {
        let mut q = Buckets::default();
        for (k, n) in [(3, 9), (1, 5), (3, 2), (0, 7), (1, 1)] {
            q.push(k, n);
        }
        let mut out = Vec::new();
        while let Some((k, n)) = q.pop() {
            if (k, n) == (1, 1) {
                q.push(1, 0); // a 0-cost step at the key being popped
            }
            out.push((k, n));
        }
        assert_eq!(out, [(0, 7), (1, 1), (1, 0), (1, 5), (3, 2), (3, 9)]);
    }
}
