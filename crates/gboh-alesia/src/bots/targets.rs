//! Distance maps the bots steer by: hex steps from a set of target hexes.

use std::collections::VecDeque;

use gboh_core::facing::Direction;
use hexx::Hex;

use crate::game::Battlefield;

/// Hex steps from the nearest target, dense over the board (`u16::MAX`: none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DistanceMap {
    dist: Vec<u16>,
}

impl DistanceMap {
    /// Breadth-first distances from `targets` over the board's hexes.
    #[must_use]
    pub fn from_targets(field: &Battlefield, targets: impl IntoIterator<Item = Hex>) -> Self {
        let board = &field.setup().board;
        let mut dist = vec![u16::MAX; board.len()];
        let mut queue = VecDeque::new();
        for h in targets {
            if let Some(i) = board.index(h)
                && let Some(d) = dist.get_mut(i)
                && *d != 0
            {
                *d = 0;
                queue.push_back(i);
            }
        }
        while let Some(i) = queue.pop_front() {
            let next = dist.get(i).copied().unwrap_or(u16::MAX).saturating_add(1);
            for dir in Direction::ALL {
                if let Some(j) = board.neighbor_index(i, dir)
                    && let Some(d) = dist.get_mut(j)
                    && *d > next
                {
                    *d = next;
                    queue.push_back(j);
                }
            }
        }
        DistanceMap { dist }
    }

    /// The distance of `hex` (`u16::MAX` off the map or unreachable).
    #[must_use]
    pub fn get(&self, field: &Battlefield, hex: Hex) -> u16 {
        field.setup().board.index(hex).and_then(|i| self.dist.get(i)).copied().unwrap_or(u16::MAX)
    }
}
